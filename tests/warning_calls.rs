//! A warning about one call names it: its `call` is the call it is about —
//! the irregular call, the call alerted late, the call withdrawn — so a page can say "South's
//! 2♥ …" in the reader's language; a warning about no one call has none, and the audience of
//! every warning is what it was.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::audience::Audience;
use bridge_laws::report::Warning;
use bridge_laws::{Action, Call, Code, RulingOn, Seat, Table, Viewer};
use common::act::{call, rule};
use common::steps::{new_table, played};

fn table(regulation: &str, steps: &[Action]) -> Table {
    played(new_table("N", &format!("\"{regulation}\"")), steps)
}

fn c(text: &str) -> Option<Call> {
    Some(text.parse().expect("call"))
}

/// The Director's warnings of `code` (he is shown every warning).
fn warnings(t: &Table, code: Code) -> Vec<Warning> {
    t.view(Viewer::Director)
        .warnings
        .iter()
        .filter(|w| w.code == code)
        .map(|w| w.into_owned())
        .collect()
}

#[test]
fn an_insufficient_bid_and_a_call_out_of_rotation_are_flagged_with_the_call_itself() {
    let t = table("face_to_face", &[call(Seat::N, "1S"), call(Seat::E, "1H")]);
    let w = warnings(&t, Code::IrregInsufficientBid);
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].seat, w[0].call), (Some(Seat::E), c("1H")));
    assert_eq!(w[0].audience, Audience::EVERYONE);

    let t = table("face_to_face", &[call(Seat::S, "2H")]);
    let w = warnings(&t, Code::IrregCallOutOfRotation);
    assert_eq!((w[0].seat, w[0].call), (Some(Seat::S), c("2H")));
    assert_eq!(w[0].audience, Audience::EVERYONE);
}

#[test]
fn a_late_alert_names_the_call_alerted_late_and_is_shown_to_the_same_players() {
    let t = table(
        "online",
        &[
            call(Seat::N, "2C"),
            call(Seat::E, "P"),
            Action::alert(Seat::N, 0, Some("strong")),
        ],
    );
    let w = warnings(&t, Code::LateAlert);
    assert!(!w.is_empty());
    for w in &w {
        assert_eq!((w.seat, w.call), (Some(Seat::N), c("2C")));
    }
    let east = t.view(Viewer::Seat(Seat::E));
    assert!(east
        .warnings
        .iter()
        .any(|w| w.code == Code::LateAlert && w.call == c("2C")));
}

#[test]
fn the_information_from_a_withdrawn_call_names_that_call_for_each_player_told() {
    // East's insufficient 1S over 1NT, declined and replaced by a call not comparable: the
    // withdrawn 1S is UI for West and AI for North and South (L23C, L16C).
    let t = table(
        "face_to_face",
        &[
            call(Seat::N, "1NT"),
            call(Seat::E, "1S"),
            Action::decline(Seat::S),
            call(Seat::E, "2C"),
            rule(RulingOn::Comparable, false),
        ],
    );
    let ui = warnings(&t, Code::UiWithdrawnCall);
    let ai = warnings(&t, Code::AiWithdrawnCall);
    assert_eq!(ui.len(), 1);
    assert_eq!(ai.len(), 2);
    for w in ui.iter().chain(&ai) {
        assert_eq!(w.call, c("1S"), "{}", w.code);
        assert_eq!(w.audience, Audience::seat(w.seat.expect("addressed to one seat")));
    }
}

#[test]
fn a_warning_about_no_one_call_has_no_call_in_its_json() {
    let t = table("face_to_face", &[call(Seat::N, "1S"), call(Seat::E, "1H")]);
    let json = serde_json::to_value(t.view(Viewer::Director)).expect("json");
    let warnings = json["warnings"].as_array().expect("warnings");
    let flagged = warnings
        .iter()
        .find(|w| w["code"] == "IRREG_INSUFFICIENT_BID")
        .expect("flagged");
    assert_eq!(flagged["call"], "1H");
    // An answer is due (L20F): a reminder about the question (of the auction as a whole),
    // not about one call.
    let mut t = table("face_to_face", &[call(Seat::N, "1NT")]);
    let out = t.apply(Action::ask_auction(Seat::E));
    assert!(out.is_ok());
    let json = serde_json::to_value(t.view(Viewer::Director)).expect("json");
    let without: Vec<&serde_json::Value> = json["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter(|w| w["code"] != "LATE_ALERT")
        .collect();
    assert!(!without.is_empty(), "{json}");
    for w in without {
        assert!(w.get("call").is_none(), "{w}");
    }
}

#[test]
fn a_question_about_a_single_call_is_cautioned_naming_the_call_asked_about_to_the_asker_alone() {
    // L20F3: West asks about South's 2C, then North's 1NT (two calls of that side in force):
    // each caution names the call asked about, not the asker's own.
    let mut t = table(
        "face_to_face",
        &[call(Seat::N, "1NT"), call(Seat::E, "P"), call(Seat::S, "2C")],
    );
    let out = t.apply(Action::ask(Seat::W, 2));
    assert!(out.is_ok(), "{:?}", out.rejection());
    let out = t.apply(Action::ask(Seat::W, 0));
    assert!(out.is_ok(), "{:?}", out.rejection());
    let w = warnings(&t, Code::SingleCallQuestion);
    let named: Vec<_> = w.iter().map(|w| (w.seat, w.call)).collect();
    assert_eq!(named, [(Some(Seat::W), c("2C")), (Some(Seat::W), c("1NT"))]);
    for w in &w {
        assert_eq!(w.audience, Audience::seat(Seat::W));
    }
    // The asker's own view carries it with its call, in JSON as text.
    let json = serde_json::to_value(t.view(Viewer::Seat(Seat::W))).expect("json");
    let calls: Vec<&serde_json::Value> = json["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter(|w| w["code"] == "SINGLE_CALL_QUESTION")
        .map(|w| &w["call"])
        .collect();
    assert_eq!(calls, ["2C", "1NT"]);
    // A question about the auction as a whole is about no one call: no caution at all.
    let mut t = table("face_to_face", &[call(Seat::N, "1NT")]);
    assert!(t.apply(Action::ask_auction(Seat::E)).is_ok());
    assert!(warnings(&t, Code::SingleCallQuestion).is_empty());
}
