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
