//! Runs the project's scenarios always, and the shared scenarios when ../shared exists.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

/// The conformance runner, beside the CLI (src/bin/bridge-laws/): not part of the library.
#[allow(dead_code)]
#[path = "../src/bin/bridge-laws/conformance.rs"]
mod conformance;

use conformance::run_paths;

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
fn the_rulings_taken_from_published_director_material_all_pass() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios-director");
    let n = run(&dir);
    assert!(n >= 20, "at least 20 Director rulings, found {n} in {}", dir.display());
    println!("ran {n} Director rulings from {}", dir.display());
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

/// A scenario of one self-alerted 1NT online, with `expect` spliced into its step.
fn one_alerted_call(expect: &str) -> String {
    format!(
        r#"{{"id":"x","regulation":"online","board":{{"dealer":"N","vulnerability":"None"}},
        "steps":[{{"seat":"N","type":"call","call":"1NT","alert":true,"explanation":"15-17","expect":{expect}}}]}}"#
    )
}

#[test]
fn a_scenario_fails_when_a_seat_is_expected_to_receive_what_its_audience_excludes() {
    let r = conformance::run_text(
        &one_alerted_call(r#"{"seen":{"S":{"events":[{"kind":"disclosure","text":"15-17"}]}}}"#),
        "x",
    );
    let why = r.failure.expect("partner does not receive the explanation");
    assert!(why.contains("S did not receive events"), "{why}");
    let r = conformance::run_text(&one_alerted_call(r#"{"seen":{"E":{"no_events":["disclosure"]}}}"#), "x");
    assert!(r.failure.expect("East receives it").contains("no_events excludes"));
}

#[test]
fn a_scenario_checks_a_viewers_own_view_by_path_and_a_payload_field_by_field() {
    let pass = one_alerted_call(
        r#"{"seen":{"W":{"events":[{"kind":"disclosure","by":"N"}]}},
            "state":{"views":{"W":{"calls.0.disclosures.0.text":"15-17"},"S":{"calls.0.disclosures":[]}}}}"#,
    );
    assert_eq!(conformance::run_text(&pass, "x").failure, None);
    let wrong_text = one_alerted_call(r#"{"state":{"views":{"W":{"calls.0.disclosures.0.text":"12-14"}}}}"#);
    let why = conformance::run_text(&wrong_text, "x")
        .failure
        .expect("the text differs");
    assert!(why.contains("views.W.calls.0.disclosures.0.text"), "{why}");
    let wrong_payload = one_alerted_call(r#"{"seen":{"W":{"events":[{"kind":"disclosure","by":"S"}]}}}"#);
    assert!(conformance::run_text(&wrong_payload, "x").failure.is_some());
}
