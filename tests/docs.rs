//! The documentation lists every public code with its law, its links lead to files and headings that exist,
//! it cites no issue by number, and ENGINEERING.md stays a list of decisions.
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::Code;

#[test]
fn every_public_code_is_listed_in_docs_codes_md_with_its_law() {
    let doc = include_str!("../docs/CODES.md");
    for code in Code::ALL {
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", code.as_str())))
            .unwrap_or_else(|| panic!("{} is missing from docs/CODES.md", code.as_str()));
        assert!(
            row.contains(&format!("| {} |", code.law())),
            "{} cites the wrong law in docs/CODES.md: {row}",
            code.as_str()
        );
    }
}

#[test]
fn every_native_test_file_is_gated_off_wasm32_so_wasm_pack_test_builds() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    for entry in std::fs::read_dir(dir).expect("tests/ is readable").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".rs") || name == "web.rs" || name == "node.rs" {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("a readable test file");
        assert!(
            text.contains("#![cfg(not(target_arch = \"wasm32\"))]"),
            "tests/{name} is compiled for wasm32 by `wasm-pack test`: add #![cfg(not(target_arch = \"wasm32\"))]"
        );
    }
}

/// The documents a reader is sent to: the READMEs, the changelog and every file of docs/.
fn docs() -> Vec<String> {
    let mut docs: Vec<String> = ["README.md", "CHANGELOG.md", "www/README.md"]
        .map(String::from)
        .to_vec();
    for entry in std::fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            docs.push(format!("docs/{name}"));
        }
    }
    docs
}

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{} is unreadable: {e}", path.display()))
}

/// A document's text outside its fenced code blocks.
fn prose(text: &str) -> String {
    let mut fenced = false;
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn headings(text: &str) -> Vec<String> {
    prose(text)
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_link_between_the_documents_leads_to_a_file_and_an_anchor_it_has() {
    let mut broken = Vec::new();
    for doc in &docs() {
        let path = root().join(doc);
        let text = prose(&read(&path));
        for (at, _) in text.match_indices("](") {
            let target = &text[at + 2..];
            let target = &target[..target.find(')').unwrap_or(target.len())];
            if target.contains("://") || target.starts_with("mailto:") || target.contains(' ') {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
            let to = if file.is_empty() {
                path.clone()
            } else {
                path.parent().unwrap().join(file)
            };
            let in_markdown = file.is_empty() || file.ends_with(".md");
            if !to.exists() {
                broken.push(format!("{doc}: {target} (no such file)"));
            } else if !fragment.is_empty() && in_markdown && !headings(&read(&to)).iter().any(|h| h == fragment) {
                broken.push(format!("{doc}: {target} (no such heading)"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The lines of `text` that cite an issue by its number (the word, a space, a digit).
fn issue_citations(name: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let lower = line.to_lowercase();
        for (at, _) in lower.match_indices("issue") {
            let rest = lower[at..].trim_start_matches("issues").trim_start_matches("issue");
            if rest.starts_with(' ') && rest[1..].starts_with(|c: char| c.is_ascii_digit()) {
                found.push(format!("{name}:{}: {line}", n + 1));
            }
        }
    }
    found
}

/// Every source file of the project (Rust, TypeScript, JavaScript, CSS, shell, TOML), outside
/// build output and installed packages.
fn source_files() -> Vec<std::path::PathBuf> {
    const SKIP: [&str; 6] = ["target", "node_modules", "pkg", "dist", ".git", "test-results"];
    const CODE: [&str; 9] = ["rs", "ts", "mjs", "js", "css", "sh", "toml", "html", "run"];
    let mut files = Vec::new();
    let mut dirs = vec![root()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !SKIP.contains(&name.as_str()) && !name.starts_with("pkg-") {
                    dirs.push(path);
                }
            } else if path
                .extension()
                .is_some_and(|e| CODE.contains(&e.to_string_lossy().as_ref()))
            {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn no_code_comment_cites_an_issue_by_its_number_either() {
    let files = source_files();
    assert!(files.len() > 100, "the walk found the sources ({} files)", files.len());
    let found: Vec<String> = files
        .iter()
        .flat_map(|f| {
            let name = f.strip_prefix(root()).unwrap_or(f).display().to_string();
            issue_citations(&name, &std::fs::read_to_string(f).unwrap_or_default())
        })
        .collect();
    assert!(
        found.is_empty(),
        "say what the issue was about instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_document_cites_an_issue_by_its_number_which_a_reader_cannot_resolve() {
    let mut found = Vec::new();
    for doc in &docs() {
        found.extend(issue_citations(doc, &read(&root().join(doc))));
    }
    assert!(
        found.is_empty(),
        "say what the issue was about instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn engineering_md_holds_decisions_within_400_lines_and_its_contents_line_lists_every_section() {
    let text = read(&root().join("docs/ENGINEERING.md"));
    let lines = text.lines().count();
    assert!(
        lines <= 400,
        "docs/ENGINEERING.md has {lines} lines: decisions only, history is in git"
    );
    let contents = &text[text.find("Contents:").expect("a contents line")..];
    let contents = &contents[..contents.find("\n\n").unwrap_or(contents.len())];
    for line in prose(&text).lines().filter(|l| l.starts_with("## ")) {
        let link = format!("](#{})", anchor(&line[3..]));
        assert!(
            contents.contains(&link),
            "the contents line of docs/ENGINEERING.md lacks {line:?}"
        );
    }
}
