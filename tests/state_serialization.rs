//! The serialized state is pinned: a table is taken through a board that touches every part
//! of the state (the auction, the disclosures and questions, the bars, the rectification in
//! progress, the L25A request, the offers and changes after misinformation, the Director's
//! rulings, the lead restrictions and the play), and after each action its serialized state
//! (`serde_json` of `Table::state`, which the `internals` feature opens), its hash and, at the
//! end, its snapshot are compared with `tests/golden/state_serialization.txt`. Moving a
//! field between the state's parts (src/state/) or reordering one changes the text and fails
//! here; a change made on purpose is written with `BRIDGE_BLESS=1 cargo test --test
//! state_serialization` and reviewed in the diff.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::action::{RulingOn, RulingValue};
use bridge_laws::{Action, Seat, Strain, Table};
use common::act::{alerted, bid, call, explained, lead, play, play_dummy, rule};
use serde_json::Value;

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/state_serialization.txt");

/// Face to face, each player alerting his own calls, Law 25A requests to the Director; each
/// hand holds one suit, so that any card may be played.
const OPTIONS: &str = r#"{"dealer":"N","vulnerability":"None","regulation":{"preset":"face_to_face","disclosure":"self","undo":"director"},"deal":"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"}"#;

/// The board: each action must be accepted.
fn board() -> Vec<Action> {
    vec![
        // E's alerted 2C out of rotation: the Director is asked whether it was artificial.
        alerted(Seat::E, "2C"),
        Action::ruling_specifying(
            RulingOn::Artificial,
            Some(RulingValue::Yes(true)),
            &[Strain::Hearts, Strain::Spades],
        ),
        Action::decline(Seat::S),
        call(Seat::N, "1D"),
        // E's 2H: is it comparable to the 2C cancelled (L23A)? No: W is barred.
        call(Seat::E, "2H"),
        rule(RulingOn::Comparable, false),
        // S's insufficient 1S, and his request to replace it (L25A), granted.
        call(Seat::S, "1S"),
        Action::replace_call(Seat::S, bid("2S")),
        rule(RulingOn::Unintended, true),
        explained(Seat::W, "P", "forcing"),
        Action::ask(Seat::N, 3),
        call(Seat::N, "4S").at(5000.0),
        // W corrects his explanation: N may change his call (L21B1).
        Action::correct_explanation(Seat::W, 3, "natural"),
        Action::change_call(Seat::N, bid("3S")),
        call(Seat::E, "P"),
        call(Seat::S, "P"),
        call(Seat::W, "P"),
        Action::restrict_lead(Seat::S, None, false),
        lead(Seat::W, "CA"),
        Action::face_lead(Seat::W),
        play_dummy(Seat::S, "S2"),
        play(Seat::E, "H2"),
        play(Seat::S, "D2"),
    ]
}

/// The text the golden file holds: each action with the hash and serialized state after it,
/// then the snapshot.
fn written() -> (String, Vec<Value>) {
    let mut t = Table::from_options_json(OPTIONS).expect("options");
    let mut text = String::new();
    let mut states = Vec::new();
    for (i, a) in board().into_iter().enumerate() {
        let shown = serde_json::to_string(&a).expect("an action as JSON");
        let out = t.apply(a);
        assert!(out.is_ok(), "step {i}, {shown}: {:?}", out.rejection());
        let state = serde_json::to_string(t.state()).expect("the state as JSON");
        text.push_str(&format!("action {shown}\nhash {}\nstate {state}\n", t.state_hash()));
        states.push(serde_json::from_str(&state).expect("the state read back"));
    }
    text.push_str(&format!("snapshot {}\n", t.to_json()));
    (text, states)
}

/// Whether `v` holds something (not null, false, an empty list or map, or a list of nulls).
fn holds(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => false,
        Value::Array(items) => items.iter().any(holds),
        Value::Object(fields) => !fields.is_empty(),
        _ => true,
    }
}

#[test]
fn the_board_touches_every_part_of_the_state() {
    let (_, states) = written();
    let top = [
        "record",
        "disclosures",
        "questions",
        "status_log",
        "contract",
        "play",
        "last_clock",
        "before_call",
    ];
    let irregular = [
        "bars",
        "used_bars",
        "pending",
        "aftermath",
        "undo",
        "offers",
        "changes",
        "open_rulings",
        "comparisons",
        "artificial",
        "leads",
        "before_call",
    ];
    for field in top {
        assert!(states.iter().any(|s| holds(&s[field])), "no step holds a {field}");
    }
    for field in irregular {
        let held = states.iter().any(|s| holds(&s["irregular"][field]));
        assert!(held, "no step holds an irregular {field}");
    }
}

#[test]
fn the_serialized_state_and_hash_are_those_of_the_golden_file() {
    let (text, _) = written();
    if std::env::var_os("BRIDGE_BLESS").is_some() {
        std::fs::write(GOLDEN, &text).expect("the golden file written");
        return;
    }
    let golden = std::fs::read_to_string(GOLDEN).expect("the golden file (BRIDGE_BLESS=1 writes it)");
    for (n, (now, was)) in text.lines().zip(golden.lines()).enumerate() {
        if now != was {
            let at = now.bytes().zip(was.bytes()).take_while(|(a, b)| a == b).count();
            let from = at.saturating_sub(60);
            panic!(
                "line {} of {GOLDEN} differs at byte {at}:\n now: …{}\n was: …{}\n\
                 (BRIDGE_BLESS=1 rewrites it, for a change made on purpose)",
                n + 1,
                now.get(from..(at + 60).min(now.len())).unwrap_or(now),
                was.get(from..(at + 60).min(was.len())).unwrap_or(was),
            );
        }
    }
    assert_eq!(text.lines().count(), golden.lines().count(), "{GOLDEN}'s length");
}
