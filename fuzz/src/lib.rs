//! The properties every input keeps, checked by the fuzz targets and, on the saved
//! regressions, by `tests/fuzz_regressions.rs` (which includes this file by path).
//!
//! Each check panics (the fuzzer's finding) when a property is broken; the engine itself
//! must never panic on any input.

use bridge_laws::{Outcome, Seat, Table, Viewer};

/// Every viewer of a table.
const VIEWERS: [Viewer; 6] = Viewer::ALL;

/// Options used when the input's first line is not valid options.
const DEFAULT_OPTIONS: &str = r#"{"dealer":"N","vulnerability":"None"}"#;

/// What a refused action must leave unchanged: hash, log, every view, the bidding boxes.
fn fingerprint(t: &Table) -> (String, usize, Vec<String>, Vec<String>) {
    let views = VIEWERS.iter().map(|v| format!("{:?}", t.view(*v))).collect();
    let boxes = [Seat::N, Seat::E, Seat::S, Seat::W]
        .iter()
        .map(|s| format!("{:?}", t.legal_calls(*s)))
        .collect();
    (t.state_hash(), t.log().len(), views, boxes)
}

/// Checks the three round trips: JSON text, snapshot value and log replay.
pub fn assert_round_trips(t: &Table) {
    let hash = t.state_hash();
    let json = t.to_json();
    let from_json = Table::from_json(&json).unwrap_or_else(|r| panic!("from_json(to_json) refused: {r:?}\n{json}"));
    assert_eq!(
        from_json.state_hash(),
        hash,
        "from_json(to_json) changed the hash\n{json}"
    );
    assert_eq!(from_json.to_json(), json, "to_json differs after a round trip");
    let from_snapshot = Table::from_snapshot(t.snapshot()).unwrap_or_else(|r| panic!("from_snapshot refused: {r:?}"));
    assert_eq!(
        from_snapshot.state_hash(),
        hash,
        "from_snapshot(snapshot) changed the hash\n{json}"
    );
    let replayed = Table::replay(t.snapshot().options, t.log().iter())
        .unwrap_or_else(|r| panic!("replay of the log refused: {r:?}"));
    assert_eq!(replayed.state_hash(), hash, "log replay changed the hash\n{json}");
}

/// A session: the first line is table options (JSON), every further line an action (JSON).
/// A refused action must change nothing; the table must round-trip at the end.
pub fn session(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let mut t = match Table::from_options_json(first) {
        Ok(t) => t,
        Err(_) => match Table::from_options_json(DEFAULT_OPTIONS) {
            Ok(t) => t,
            Err(r) => panic!("default options refused: {r:?}"),
        },
    };
    for line in lines {
        let before = t.clone();
        if let Outcome::Rejected(_) = t.apply_json(line) {
            assert!(
                fingerprint(&t) == fingerprint(&before),
                "a refused action changed the table: {line}"
            );
        }
    }
    assert_round_trips(&t);
}

/// A snapshot from untrusted text: refused with a code, or a table that round-trips.
pub fn snapshot(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Table::from_json(text) {
        Ok(t) => assert_round_trips(&t),
        Err(r) => assert!(!r.code().as_str().is_empty(), "a refusal without a code"),
    }
}

/// Table options from untrusted text: refused with a code, or a table whose options
/// round-trip.
pub fn options(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Table::from_options_json(text) {
        Ok(t) => assert_round_trips(&t),
        Err(r) => assert!(!r.code.as_str().is_empty(), "a refusal without a code"),
    }
}

/// A record file from untrusted bytes, read as `read` reads it: no panic; every fault
/// points inside the text; every record replays at a table whose log `Table::replay`
/// accepts; canonical export is stable (exporting what export wrote reads back the same).
fn records(
    data: &[u8],
    read: fn(&str) -> bridge_laws::records::Read<'_>,
    write: fn(&bridge_laws::records::Record<'_>) -> String,
) {
    let text = String::from_utf8_lossy(data);
    let r = read(&text);
    for p in &r.problems {
        assert!(p.offset <= text.len(), "a fault outside the text");
    }
    for (i, rec) in r.records.iter().enumerate() {
        let rp = rec.replay();
        if let Some(t) = &rp.table {
            let again = Table::replay(rec.options(), t.log().iter()).expect("the import's log replays");
            assert_eq!(again.state_hash(), t.state_hash());
        }
        let _ = bridge_laws::records::audit::audit(&bridge_laws::records::audit::Lines::new(&text), &r, i, false);
        let once = write(rec);
        let back = read(&once);
        let twice: String = back.records.iter().map(write).collect();
        assert_eq!(once.trim(), twice.trim(), "export is not stable");
    }
}

/// A LIN file from untrusted bytes (see `records`).
pub fn lin(data: &[u8]) {
    records(data, bridge_laws::records::lin::read, bridge_laws::records::lin::write);
}

/// A PBN file from untrusted bytes (see `records`).
pub fn pbn(data: &[u8]) {
    records(data, bridge_laws::records::pbn::read, bridge_laws::records::pbn::write);
}
