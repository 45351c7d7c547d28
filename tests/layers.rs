#![cfg(not(target_arch = "wasm32"))]
//! The crate's modules form layers (docs/DESIGN-LAYERS.md): every module of `src/` uses only
//! the modules the document puts below it, read from the source — every `crate::NAME`
//! anywhere in a file (a `use` line, a path written inline, a group `crate::{a, b}`), outside
//! comments and unit tests. Inside `src/procedure/`, no module uses, directly or through
//! others, a module that uses it: every `crate::procedure::NAME` and `super::NAME` a module
//! names outside its unit tests.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The rows of the crate's table in docs/DESIGN-LAYERS.md, top first: the modules each row
/// names (`table.rs` and `table/` are the module `table`; `lib.rs` is the crate root).
fn crate_rows() -> Vec<Vec<String>> {
    let doc = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/DESIGN-LAYERS.md"))
        .expect("docs/DESIGN-LAYERS.md is readable");
    let section = doc
        .split("## The crate")
        .nth(1)
        .and_then(|s| s.split("```text").nth(1))
        .and_then(|s| s.split("```").next())
        .expect("DESIGN-LAYERS.md has the crate's table");
    let mut rows = Vec::new();
    for line in section.lines() {
        // A row starts at the margin; its description's further lines are indented.
        if line.is_empty() || line.starts_with(' ') {
            continue;
        }
        let names: Vec<String> = line
            .split_whitespace()
            .take_while(|t| t.ends_with(".rs") || t.ends_with('/'))
            .map(|t| t.trim_end_matches('/').trim_end_matches(".rs").to_string())
            .collect();
        assert!(
            !names.is_empty(),
            "a row of the crate's table names its modules: {line:?}"
        );
        rows.push(names);
    }
    rows
}

/// Every `.rs` file under `dir`, with the files of test-only modules (`#[cfg(test)] mod x;`)
/// left out.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("a readable directory")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    let test_only: BTreeSet<String> = entries
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .flat_map(|p| {
            let text = fs::read_to_string(p).expect("a source file");
            text.split("#[cfg(test)]")
                .skip(1)
                .filter_map(|rest| {
                    let rest = rest.trim_start().strip_prefix("mod ")?;
                    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    rest[name.len()..].trim_start().starts_with(';').then_some(name)
                })
                .collect::<Vec<_>>()
        })
        .collect();
    for path in entries {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") && !test_only.contains(&stem) {
            out.push(path);
        }
    }
}

/// The code of a file as the compiler reads it for the library: comments (and doc comments)
/// dropped, and every item under `#[cfg(test)]` (a unit test module, a test helper).
fn code(text: &str) -> String {
    let lines: String = text
        .lines()
        .map(|l| match l.find("//") {
            Some(at) => &l[..at],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::new();
    let mut rest = lines.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        rest = &rest[at + "#[cfg(test)]".len()..];
        // The item ends at its first `;` outside braces, or at the brace closing its body.
        let mut depth = 0usize;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The top-level modules a file names by a `crate::` path, anywhere in its code.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut used = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        // `self::crate` does not exist; `$crate::` (a macro's own crate) counts.
        if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        match rest.strip_prefix('{') {
            // `crate::{a, b::{c, d}, e}`: the names at the group's top level.
            Some(group) => {
                let mut depth = 0usize;
                let mut start = 0;
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => {
                            used.insert(ident(&group[start..i]));
                            break;
                        }
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            used.insert(ident(&group[start..i]));
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
            }
            None => {
                used.insert(ident(rest));
            }
        }
    }
    used.remove("");
    used
}

/// The items lib.rs re-exports at the root (`pub use call::{Seat, …}`), each with the
/// module it comes from: a `crate::Seat` uses `call`.
fn root_items(src: &Path) -> BTreeMap<String, String> {
    let lib = code(&fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs"));
    let mut items = BTreeMap::new();
    for stmt in lib.split(';') {
        let Some(at) = stmt.find("pub use ") else { continue };
        let path = &stmt[at + "pub use ".len()..];
        let module: String = path
            .trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let names = path.rsplit(['{', ':']).next().unwrap_or_default();
        for name in names.split([',', '}']) {
            // `Iter as SeenIter`: the name the root gives it.
            let name = name.split(" as ").last().unwrap_or_default().trim();
            if !name.is_empty() {
                items.insert(name.to_string(), module.clone());
            }
        }
    }
    items
}

/// Each file of `src/` (the CLI, a crate of its own, apart) with its module and the
/// modules it names, a root item counted as its module's: (file, module, used).
fn crate_uses() -> Vec<(String, String, BTreeSet<String>)> {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let root = root_items(src);
    let mut files = Vec::new();
    sources(src, &mut files);
    files
        .into_iter()
        .filter(|p| !p.starts_with(src.join("bin")))
        .map(|p| {
            let rel = p
                .strip_prefix(src)
                .expect("under src")
                .to_string_lossy()
                .replace('\\', "/");
            let module = rel
                .split('/')
                .next()
                .unwrap_or_default()
                .trim_end_matches(".rs")
                .to_string();
            let text = fs::read_to_string(&p).expect("a source file");
            let used = crate_paths(&code(&text))
                .into_iter()
                .map(|u| root.get(&u).cloned().unwrap_or(u))
                .collect();
            (rel, module, used)
        })
        .collect()
}

#[test]
fn every_module_uses_only_the_rows_below_it() {
    let rows = crate_rows();
    let row_of: BTreeMap<String, usize> = rows
        .iter()
        .enumerate()
        .flat_map(|(i, names)| names.iter().map(move |n| (n.clone(), i)))
        .collect();
    let files = crate_uses();
    assert!(files.len() > 80, "the crate's files were read: {}", files.len());
    let mut wrong = Vec::new();
    for (file, module, used) in &files {
        let Some(&row) = row_of.get(module) else {
            wrong.push(format!("{file}: module `{module}` is in no row of DESIGN-LAYERS.md"));
            continue;
        };
        for u in used {
            match row_of.get(u) {
                Some(&r) if r > row || u == module => {}
                Some(_) => wrong.push(format!("{file} (`{module}`) uses `{u}`, not below it")),
                None => wrong.push(format!("{file} uses `crate::{u}`, in no row of DESIGN-LAYERS.md")),
            }
        }
    }
    assert!(wrong.is_empty(), "the crate's layers are broken:\n{}", wrong.join("\n"));
}

#[test]
fn every_row_names_a_module_that_exists() {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    for name in crate_rows().into_iter().flatten() {
        let exists = src.join(format!("{name}.rs")).is_file() || src.join(&name).is_dir();
        assert!(exists, "DESIGN-LAYERS.md names `{name}`, which is not in src/");
    }
}

#[test]
fn an_inline_path_counts_as_a_use() {
    let code = code("use crate::a::X;\nfn f() { crate::b::g(); }\n// crate::c\nuse crate::{d, e::{F, G}, h::I};\n#[cfg(test)]\nmod tests { use crate::z; }\nfn k() { $crate::m::n(); }");
    let used: Vec<String> = crate_paths(&code).into_iter().collect();
    assert_eq!(used, ["a", "b", "d", "e", "h", "m"]);
}

/// Module name → the sibling modules it names.
fn uses() -> BTreeMap<String, BTreeSet<String>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/procedure");
    let mut modules = BTreeMap::new();
    for entry in fs::read_dir(dir).expect("src/procedure is readable") {
        let path = entry.expect("a directory entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        if path.extension().and_then(|e| e.to_str()) == Some("rs") && name != "mod" {
            let text = fs::read_to_string(&path).expect("a source file");
            // A module's unit tests (`#[cfg(test)] mod tests`, last in the file) may drive
            // it through the modules above it.
            let code = text.split("#[cfg(test)]").next().unwrap_or_default().to_string();
            modules.insert(name, code);
        }
    }
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .iter()
        .map(|(name, text)| {
            let mut used = BTreeSet::new();
            for prefix in ["crate::procedure::", "super::"] {
                for (at, _) in text.match_indices(prefix) {
                    let rest = &text[at + prefix.len()..];
                    // `crate::procedure::{a, b::c, D}` or `crate::procedure::a`.
                    let list = match rest.strip_prefix('{') {
                        Some(group) => group.split('}').next().unwrap_or_default(),
                        None => rest,
                    };
                    for item in list.split(',') {
                        let head: String = item
                            .trim()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        if names.contains(&head) && head != *name {
                            used.insert(head);
                        }
                        if !rest.starts_with('{') {
                            break;
                        }
                    }
                }
            }
            (name.clone(), used)
        })
        .collect()
}

#[test]
fn procedure_modules_use_each_other_without_a_circle() {
    let mut left = uses();
    assert!(left.len() > 15, "the procedure modules were read: {:?}", left.keys());
    // Peel off, layer by layer, the modules that use no module still left.
    while !left.is_empty() {
        let bottom: Vec<String> = left
            .iter()
            .filter(|(_, used)| used.iter().all(|u| !left.contains_key(u)))
            .map(|(m, _)| m.clone())
            .collect();
        assert!(
            !bottom.is_empty(),
            "these procedure modules use each other in a circle: {left:?}"
        );
        for m in bottom {
            left.remove(&m);
        }
    }
}

#[test]
fn no_law_module_calls_the_call_dispatcher_back() {
    let uses = uses();
    let callers: Vec<&String> = uses
        .iter()
        .filter(|(_, u)| u.contains("calls"))
        .map(|(m, _)| m)
        .collect();
    // Only the actions that make a call afresh (L25A, L21B) use `calls`; the law modules
    // return `Next::Call` instead.
    assert_eq!(callers, ["change", "undo"], "{uses:?}");
}

#[test]
fn what_follows_a_call_uses_no_module_that_makes_one() {
    let uses = uses();
    for low in ["settle", "record", "steps", "ctx"] {
        let used = uses.get(low).unwrap_or_else(|| panic!("{low}.rs exists"));
        for high in [
            "calls",
            "irregularity",
            "rotation",
            "insufficient",
            "inadmissible",
            "undo",
            "change",
            "rulings",
        ] {
            assert!(!used.contains(high), "{low} uses {high}: {used:?}");
        }
    }
}
