#![cfg(not(target_arch = "wasm32"))]
//! The procedure's modules form layers (docs/DESIGN-LAYERS.md): no module uses, directly or
//! through others, a module that uses it. Read from the source: every
//! `crate::procedure::NAME` and `super::NAME` a module names outside its unit tests.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;

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
