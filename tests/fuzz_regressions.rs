//! Replays the committed fuzz seeds (tests/fuzz-seeds/), every fuzz finding
//! (tests/fuzz-regressions/) and, when a local fuzz run left one, the minimized corpus
//! (tests/fuzz-corpus/, gitignored) through the same property checks the fuzz targets run.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

#[path = "../fuzz/src/lib.rs"]
mod checks;

/// Runs `check` on every file under `dir/target`; returns how many ran.
fn replay(dir: &str, target: &str, check: fn(&[u8])) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir).join(target);
    let Ok(entries) = fs::read_dir(&path) else { return 0 };
    let mut n = 0;
    for e in entries.flatten() {
        let data = fs::read(e.path()).expect("a readable input");
        let name = e.file_name();
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(
            result.is_ok(),
            "{}/{target}/{} breaks a property",
            dir,
            name.to_string_lossy()
        );
        n += 1;
    }
    n
}

/// Replays the seeds, the findings and the local corpus (absent on a fresh checkout) of
/// `target`; returns how many committed inputs ran (the local corpus is not counted).
fn replay_all(target: &str, check: fn(&[u8])) -> usize {
    let committed = replay("tests/fuzz-seeds", target, check) + replay("tests/fuzz-regressions", target, check);
    replay("tests/fuzz-corpus", target, check);
    committed
}

#[test]
fn every_kept_session_input_keeps_the_properties() {
    assert!(
        replay_all("action", checks::session) > 0,
        "tests/fuzz-seeds/action is empty"
    );
}

#[test]
fn every_kept_snapshot_input_loads_or_is_refused_with_a_code() {
    assert!(
        replay_all("snapshot", checks::snapshot) > 0,
        "tests/fuzz-seeds/snapshot is empty"
    );
}

#[test]
fn every_kept_options_input_loads_or_is_refused_with_a_code() {
    assert!(
        replay_all("options", checks::options) > 0,
        "tests/fuzz-seeds/options is empty"
    );
}

#[test]
fn every_kept_lin_input_reads_replays_and_exports_stably() {
    assert!(replay_all("lin", checks::lin) > 0, "tests/fuzz-seeds/lin is empty");
}

#[test]
fn every_kept_pbn_input_reads_replays_and_exports_stably() {
    assert!(replay_all("pbn", checks::pbn) > 0, "tests/fuzz-seeds/pbn is empty");
}
