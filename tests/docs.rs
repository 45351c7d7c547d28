//! The documentation lists every public code with its law, and the README's commands exist.
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
