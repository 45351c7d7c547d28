//! The server stays a house a newcomer can change: no function in server/src runs over
//! `MOST_LINES` lines, counted from its `fn` line to its closing brace. A longer one is split
//! into named steps, each in the file of its concern.

use std::path::{Path, PathBuf};

/// The most lines a function may take, its signature and closing brace included.
const MOST_LINES: usize = 60;

#[test]
fn no_function_in_the_server_runs_over_sixty_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut long = Vec::new();
    for file in rust_files(&src) {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        for (name, line, lines) in functions(&text) {
            if lines > MOST_LINES {
                let at = file.strip_prefix(&src).unwrap_or(&file).display();
                long.push(format!("src/{at}:{line} fn {name}: {lines} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MOST_LINES} lines (split them into named steps):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_count_runs_from_the_fn_line_to_its_closing_brace_past_braces_in_strings_and_comments() {
    let text = "pub(crate) async fn outer(x: u8) -> u8 {\n    let s = \"}\"; // }\n    let c = '{';\n    let r = r#\"}\"#;\n    fn inner<'a>(_: &'a str) {}\n    x\n}\nfn bodiless();\nfn two() {\n}\n";
    let found = functions(text);
    assert_eq!(
        found,
        vec![
            ("outer".to_string(), 1, 7),
            ("inner".to_string(), 5, 1),
            ("two".to_string(), 9, 2)
        ]
    );
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Each function of `text` with a body: its name, the line of its `fn` (from 1) and how many
/// lines it takes.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = blank_strings_and_comments(text);
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line) else { continue };
        if let Some(end) = closing_line(&lines, i) {
            found.push((name, i + 1, end - i + 1));
        }
    }
    found
}

/// The name of the function a line declares, if it declares one.
fn fn_name(line: &str) -> Option<String> {
    let mut words = line.trim_start();
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
        "extern ",
    ] {
        words = words.strip_prefix(prefix).unwrap_or(words).trim_start();
    }
    let rest = words.strip_prefix("fn ")?;
    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!name.is_empty()).then_some(name)
}

/// The line where the body opened from line `from` closes; none for a declaration without a
/// body (a `;` before any `{`).
fn closing_line(lines: &[&str], from: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut opened = false;
    for (j, line) in lines.iter().enumerate().skip(from) {
        for c in line.chars() {
            match c {
                ';' if !opened => return None,
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' if opened => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(j);
                    }
                }
                _ => {}
            }
        }
    }
    None
}

/// `text` with the insides of its string and character literals and its comments blanked
/// (line breaks kept), so that only the code's own braces count.
fn blank_strings_and_comments(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let skip_to = if c == '/' && next == Some('/') {
            chars[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |n| i + n)
        } else if c == '/' && next == Some('*') {
            find(&chars, i + 2, &['*', '/']).map_or(chars.len(), |n| n + 2)
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && !ident_before(&chars, i) {
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            if chars.get(i + 1 + hashes) == Some(&'"') {
                let end: Vec<char> = format!("\"{}", "#".repeat(hashes)).chars().collect();
                find(&chars, i + 2 + hashes, &end).map_or(chars.len(), |n| n + end.len())
            } else {
                i + 1
            }
        } else if c == '"' {
            string_end(&chars, i + 1)
        } else if c == '\'' {
            char_end(&chars, i).unwrap_or(i + 1)
        } else {
            i + 1
        };
        if skip_to == i + 1 {
            out.push(c);
        } else {
            out.extend(chars[i..skip_to].iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
        }
        i = skip_to;
    }
    out
}

/// Whether the character before `i` continues an identifier (`bar"` is not a raw string).
fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The index of the first `pattern` at or after `from`.
fn find(chars: &[char], from: usize, pattern: &[char]) -> Option<usize> {
    (from..chars.len()).find(|&n| chars[n..].starts_with(pattern))
}

/// The index just past the `"` closing a string whose text starts at `from`.
fn string_end(chars: &[char], from: usize) -> usize {
    let mut n = from;
    while n < chars.len() {
        match chars[n] {
            '\\' => n += 2,
            '"' => return n + 1,
            _ => n += 1,
        }
    }
    chars.len()
}

/// The index just past a character literal at `at` (`'{'`, `'\n'`, `'\u{7b}'`); none for a
/// lifetime (`'a`).
fn char_end(chars: &[char], at: usize) -> Option<usize> {
    match chars.get(at + 1)? {
        '\\' => find(chars, at + 3, &['\'']).map(|n| n + 1),
        _ => (chars.get(at + 2) == Some(&'\'')).then_some(at + 3),
    }
}
