//! Typed actions for tests, short enough to read as sentences: `call(Seat::N, "1H")`.
//!
//! Tests build their actions here (or with `Action`'s own constructors). JSON action lines
//! stay only where the wire format is what is tested:
//! - `action_constructors.rs`: each constructor against the JSON line it stands for;
//! - `errors.rs`: malformed input as an input error, a well-formed line refused under a law;
//! - `untrusted.rs`, `robustness.rs`: hostile and arbitrary text (and fields) refused;
//! - `table.rs`: its malformed-input and snapshot-text cases;
//! - `roundtrip.rs`: a snapshot's text, escapes and clocks, read back;
//! - `memory.rs`: what reading an action's JSON allocates;
//! - `properties.rs`: its malformed share of the random steps (the rest are typed);
//! - `artificial_calls.rs`: the rulings the JSON reader refuses as ill-formed;
//! - `vectors/state_hash.rs`: the hash vector the wasm suites share;
//! - `js_api/`: the JavaScript face, which takes actions as JSON values;
//! - `conformance.rs`: scenario files.
//!
//! Counted with `grep -rn '"type":' tests --include='*.rs' | wc -l`.

use bridge_laws::{Action, ActionKind, Actor, Call, Card, Intent, RulingOn, RulingValue, Seat, Strain, Suit, Table};

/// The call written `text` (`"1NT"`, `"P"`, `"X"`).
pub fn bid(text: &str) -> Call {
    text.parse().unwrap_or_else(|e| panic!("call {text}: {e:?}"))
}

/// The card written `text` (`"SA"`).
pub fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("card {text}: {e:?}"))
}

/// The suit written `text` (`"S"`).
pub fn suit(text: &str) -> Suit {
    let strain: Strain = text.parse().unwrap_or_else(|e| panic!("suit {text}: {e:?}"));
    strain.suit().unwrap_or_else(|| panic!("{text} is no suit"))
}

/// `seat` calls `text`.
pub fn call(seat: Seat, text: &str) -> Action {
    Action::call(seat, bid(text))
}

/// `seat` calls `text` at his own turn, ignoring a call out of rotation (L28B).
pub fn own_turn(seat: Seat, text: &str) -> Action {
    Action::call_meaning(seat, bid(text), Intent::OwnTurn)
}

/// `seat` calls `text`, alerting it himself.
pub fn alerted(seat: Seat, text: &str) -> Action {
    Action::alerted(seat, bid(text))
}

/// `seat` calls `text`, alerting and explaining it with `why`.
pub fn explained(seat: Seat, text: &str, why: &str) -> Action {
    Action::explained(seat, bid(text), why)
}

/// `seat` calls `text` and announces it as `why`, without an alert.
pub fn announced(seat: Seat, text: &str, why: &str) -> Action {
    let kind = ActionKind::Call {
        call: bid(text),
        alert: false,
        explanation: Some(why.into()),
        intent: None,
    };
    Action::new(Actor::Seat(seat), kind)
}

/// `seat` leads `text` face down.
pub fn lead(seat: Seat, text: &str) -> Action {
    Action::lead(seat, card(text))
}

/// `seat` plays `text` from his own hand.
pub fn play(seat: Seat, text: &str) -> Action {
    Action::play(seat, card(text))
}

/// Declarer `seat` plays `text` from dummy.
pub fn play_dummy(seat: Seat, text: &str) -> Action {
    Action::play_from_dummy(seat, card(text))
}

/// `hand` plays `text`: declarer (his partner) for him when `hand` is `dummy`.
pub fn play_hand(hand: Seat, dummy: Seat, text: &str) -> Action {
    if hand == dummy {
        play_dummy(dummy.partner(), text)
    } else {
        play(hand, text)
    }
}

/// The Director rules yes or no `on` a question.
pub fn rule(on: RulingOn, yes: bool) -> Action {
    Action::ruling(on, Some(RulingValue::Yes(yes)))
}

/// The Director rules whether the call whose rectification is open was comparable (L23A).
pub fn comparable(yes: bool) -> Action {
    rule(RulingOn::Comparable, yes)
}

/// The Director rules whether the call whose rectification is open was artificial (L29C).
pub fn artificial(yes: bool) -> Action {
    rule(RulingOn::Artificial, yes)
}

/// The Director rules whether a call was unintended (L25A).
pub fn unintended(yes: bool) -> Action {
    rule(RulingOn::Unintended, yes)
}

/// `seat` and the seats after him in rotation call `texts`.
pub fn calls(first: Seat, texts: &[&str]) -> Vec<Action> {
    let mut seat = first;
    let mut out = Vec::new();
    for text in texts {
        out.push(call(seat, text));
        seat = seat.lho();
    }
    out
}

/// Applies each of `actions`, each of which must be accepted.
pub fn apply_all(t: &mut Table, actions: impl IntoIterator<Item = Action>) {
    for a in actions {
        let shown = format!("{a:?}");
        assert!(t.apply(a).is_ok(), "{shown} refused");
    }
}
