//! Regression tests from random play (tests/fuzz-findings/*.json, and
//! ../shared/fuzz-findings when that directory exists; format in its README): each
//! minimized sequence is replayed and the property named in its `class` is checked.

#![cfg(not(target_arch = "wasm32"))]
mod common;

use bridge_laws::{Action, Call, Card, Code, Outcome, Seat, Table, TableOptions, Viewer};
use serde_json::Value;

fn finding_files() -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for dir in ["tests/fuzz-findings", "../shared/fuzz-findings"] {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        let mut files: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

fn start(f: &Value) -> Result<Table, String> {
    if f["kind"] == "from_json" {
        return Table::from_json(&f["snapshot"].to_string()).map_err(|r| format!("snapshot refused: {r}"));
    }
    let mut options = f["board"].clone();
    options["regulation"] = f["regulation"].clone();
    if let Some(n) = options.get("number").cloned() {
        options["board"] = n;
        options.as_object_mut().map(|o| o.remove("number"));
    }
    let options: TableOptions = serde_json::from_value(options).map_err(|e| format!("options: {e}"))?;
    Table::new(options).map_err(|r| format!("options refused: {r}"))
}

fn irregular(out: &Outcome) -> bool {
    matches!(out, Outcome::Accepted { warnings, .. } if warnings.iter().any(|w| w.code.as_str().starts_with("IRREG_")))
}

/// Replays the finding and checks its property after every step (and, for a `probe`,
/// the probed call at the end).
fn check(f: &Value) -> Result<(), String> {
    let class = f["class"].as_str().unwrap_or_default();
    let Ok(mut t) = start(f) else {
        // A snapshot the engine refuses with a code is a correct answer to bad data.
        return if f["kind"] == "from_json" {
            Ok(())
        } else {
            start(f).map(|_| ())
        };
    };
    let steps = f["steps"].as_array().cloned().unwrap_or_default();
    for step in &steps {
        let text = step["raw"]
            .as_str()
            .map_or_else(|| step.to_string(), ToString::to_string);
        let before = (t.state_hash(), t.log().len());
        let out = t.apply_json(&text);
        if !out.is_ok() && (t.state_hash(), t.log().len()) != before {
            return Err(format!("refused {text} changed the table"));
        }
        if class.starts_with("legal-call-irregular") {
            // Every call listed for the seat to act is accepted without an irregularity.
            for s in Seat::ALL {
                for call in t.legal_calls(s) {
                    let mut probe = t.clone();
                    let out = probe.apply(Action::call(s, call));
                    if !out.is_ok() || irregular(&out) {
                        return Err(format!(
                            "{call} by {s} is listed in legal_calls but is not regular: {out:?}"
                        ));
                    }
                }
            }
        }
        if let Some(e) = common::inadmissible_in_force(&t) {
            return Err(format!("an inadmissible call stands: {e}"));
        }
        // L17–L22, read independently of the engine: whatever the class, the calls in
        // force form an auction the Laws allow.
        common::auction_laws::auction_allowed(&t).map_err(|e| format!("after {text}: {e}"))?;
    }
    if class.starts_with("roundtrip") {
        let back = Table::from_json(&t.to_json()).map_err(|r| r.to_string())?;
        let snap = Table::from_snapshot(t.snapshot()).map_err(|r| r.to_string())?;
        if back.state_hash() != t.state_hash() || snap.state_hash() != t.state_hash() || back.to_json() != t.to_json() {
            return Err("a round trip changed the table".into());
        }
    }
    if let Some(probe) = f.get("probe").filter(|p| p["type"] == "lead" || p["type"] == "play") {
        return check_lead(&t, probe);
    }
    if let Some(probe) = f.get("probe") {
        let seat: Seat = probe["seat"]
            .as_str()
            .unwrap_or_default()
            .parse()
            .map_err(|_| "probe seat")?;
        let call: Call = probe["call"]
            .as_str()
            .unwrap_or_default()
            .parse()
            .map_err(|_| "probe call")?;
        let listed = t.legal_calls(seat).contains(call);
        let out = t.clone().apply_json(&probe.to_string());
        let accepts = matches!(&out, Outcome::Accepted { events, .. } if events.iter().any(|e| matches!(e.kind, bridge_laws::EventKind::Accepted { .. } | bridge_laws::EventKind::AutoPass { .. })));
        if !listed && out.is_ok() && !irregular(&out) && !accepts {
            return Err(format!(
                "{call} by {seat} is not in legal_calls but is accepted as a regular call"
            ));
        }
    }
    Ok(())
}

/// A lead probed after the steps: `legal_leads` agrees with `apply`. A lead of a
/// listed suit is accepted without an irregularity of its own — a card of the suit declarer
/// required after the leader led another (`IRREG_REQUIRED_SUIT_NOT_LED`) is the discovery of
/// that earlier lead's failure (L61A), not an irregularity of this one (docs/RULINGS.md, L26B),
/// and under a requirement every suit is listed (L26B: a void leader leads any card); a lead
/// of another suit is refused or an irregularity.
fn check_lead(t: &Table, probe: &Value) -> Result<(), String> {
    let seat: Seat = probe["seat"]
        .as_str()
        .unwrap_or_default()
        .parse()
        .map_err(|_| "probe seat")?;
    let card: Card = probe["card"]
        .as_str()
        .unwrap_or_default()
        .parse()
        .map_err(|_| "probe card")?;
    let listed = t.view(Viewer::Seat(seat)).legal_leads;
    let is_listed = listed.iter().any(|s| s.suit() == Some(card.suit));
    let out = t.clone().apply_json(&probe.to_string());
    let codes: Vec<&str> = out.warnings().iter().map(|w| w.code.as_str()).collect();
    let own_irregularity = codes
        .iter()
        .any(|c| c.starts_with("IRREG_") && *c != Code::IrregRequiredSuitNotLed.as_str());
    if is_listed && (!out.is_ok() || own_irregularity) {
        return Err(format!(
            "{card} by {seat}, of a suit in legal_leads = {listed:?}, is not a regular lead: {:?} {codes:?}",
            out.rejection().map(|r| r.code().as_str())
        ));
    }
    if !is_listed && out.is_ok() && !codes.iter().any(|c| c.starts_with("IRREG_")) {
        return Err(format!(
            "{card} by {seat}, not in legal_leads = {listed:?}, is accepted as a regular lead"
        ));
    }
    Ok(())
}

#[test]
fn every_fuzz_finding_keeps_the_property_it_once_broke() {
    let files = finding_files();
    assert!(!files.is_empty(), "tests/fuzz-findings holds the findings");
    let mut failures = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let f: Value = match serde_json::from_str(&text) {
            Ok(f) => f,
            Err(e) => {
                failures.push(format!("{}: not JSON: {e}", path.display()));
                continue;
            }
        };
        let outcome = std::panic::catch_unwind(|| check(&f)).unwrap_or_else(|_| Err("panicked".into()));
        if let Err(e) = outcome {
            failures.push(format!("{} ({}): {e}", path.display(), f["class"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
