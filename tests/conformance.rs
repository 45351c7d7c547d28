//! Runs the project's scenarios always, and the shared scenarios when ../shared exists.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

use bridge_laws::conformance::run_paths;

fn run(dir: &Path) -> usize {
    let results = run_paths(&[dir.to_path_buf()]);
    let failed: Vec<String> = results
        .iter()
        .filter_map(|r| r.failure.as_ref().map(|f| format!("{}: {f}", r.id)))
        .collect();
    assert!(
        failed.is_empty(),
        "{} scenario(s) failed in {}:\n{}",
        failed.len(),
        dir.display(),
        failed.join("\n")
    );
    results.len()
}

#[test]
fn the_projects_own_scenarios_all_pass() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let n = run(&dir);
    assert!(n > 0, "no scenarios found in {}", dir.display());
    println!("ran {n} project scenarios from {}", dir.display());
}

#[test]
fn the_shared_scenarios_all_pass_when_present() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/scenarios");
    if !dir.is_dir() {
        println!("../shared/scenarios absent: shared scenarios not run");
        return;
    }
    let n = run(&dir);
    println!("ran {n} shared scenarios from {}", dir.display());
}
