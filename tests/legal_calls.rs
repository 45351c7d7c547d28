//! `legal_calls` lists exactly the calls `apply` accepts without an irregularity, in
//! pending states.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::{Action, Call, Outcome, RulingOn, Seat, Table};
use common::act::{apply_all, bid, call, own_turn, rule};

fn table(options: &str, actions: &[Action]) -> Table {
    let mut t = Table::from_options_json(options).expect("options");
    apply_all(&mut t, actions.iter().cloned());
    t
}

fn regular(t: &Table, seat: Seat, text: &str) -> bool {
    let mut probe = t.clone();
    matches!(probe.apply(call(seat, text)),
        Outcome::Accepted { warnings, .. } if !warnings.iter().any(|w| w.code.as_str().starts_with("IRREG_")))
}

#[test]
fn a_forced_repeat_that_is_now_insufficient_is_not_offered_as_a_legal_call() {
    // L31A1: N bid 3D at E's turn; E declined and passed; N must repeat 3D, now
    // insufficient over S's 3S: the repeat is an L27 irregularity, so no call is regular.
    let t = table(
        r#"{"dealer":"W","vulnerability":"All","regulation":"screens"}"#,
        &[
            call(Seat::E, "P"),
            call(Seat::S, "3S"),
            call(Seat::N, "3D"),
            Action::decline(Seat::E),
            call(Seat::W, "P"),
        ],
    );
    let legal = t.legal_calls(Seat::N);
    assert!(!legal.contains("3D".parse::<Call>().expect("call")), "{legal:?}");
    assert!(!regular(&t, Seat::N, "3D"));
}

#[test]
fn calls_over_a_barred_players_pending_bid_are_legal_over_that_bid() {
    // L37A: LHO's call lets the barred call stand: he calls over it.
    let t = table(
        r#"{"dealer":"W","vulnerability":"EW","regulation":{"preset":"face_to_face","irregularities":"rectify","questions":"any_time","undo":"director"}}"#,
        &[own_turn(Seat::S, "X"), call(Seat::W, "3C"), call(Seat::N, "1H")],
    );
    for call in t.legal_calls(Seat::E) {
        assert!(regular(&t, Seat::E, &call.to_string()), "{call} listed but irregular");
    }
    assert!(!t.legal_calls(Seat::E).contains(Call::Double) || regular(&t, Seat::E, "X"));
}

/// Every call `legal_calls` lists, for every seat, is accepted without an irregularity.
fn every_listed_call_is_regular(t: &Table) {
    for s in Seat::ALL {
        for call in t.legal_calls(s) {
            assert!(regular(t, s, &call.to_string()), "{call} by {s} listed but not regular");
        }
    }
}

fn warned(out: &Outcome, code: &str) -> bool {
    matches!(out, Outcome::Accepted { warnings, .. } if warnings.iter().any(|w| w.code.as_str() == code))
}

#[test]
fn a_change_of_an_earlier_call_cancels_a_later_call_still_awaiting_rectification() {
    // L21B1: N may change 4S after E's correction; E's insufficient 1NT (over 4S) awaits
    // S's decision. The change cancels every later call, the pending 1NT with it: no
    // rectification is left pending and E calls again in rotation.
    let mut t = table(
        r#"{"dealer":"E","vulnerability":"NS","regulation":"screens"}"#,
        &[
            call(Seat::W, "P"),
            call(Seat::N, "4S"),
            Action::correct_explanation(Seat::E, 0, "natural"),
            call(Seat::E, "1NT"),
        ],
    );
    assert!(t.state().rectification().pending().is_some());
    assert!(t.apply(Action::change_call(Seat::N, bid("P"))).is_ok());
    assert!(
        t.state().rectification().pending().is_none(),
        "{:?}",
        t.state().rectification().pending()
    );
    assert_eq!(t.turn(), Some(Seat::E));
    assert!(t.legal_calls(Seat::E).contains("1NT".parse::<Call>().expect("call")));
    every_listed_call_is_regular(&t);
}

#[test]
fn lho_cannot_accept_by_calling_a_change_that_ends_the_auction() {
    // L25B1: N's change of 3NT to a pass would be the third pass after 1S: E accepting it
    // by calling would call after the final pass (L39), so no call is listed; `accept`
    // ends the auction.
    let mut t = table(
        r#"{"dealer":"E","vulnerability":"EW","regulation":{"preset":"screens","undo":"director"}}"#,
        &[
            call(Seat::E, "1S"),
            call(Seat::S, "P"),
            call(Seat::W, "P"),
            call(Seat::N, "P"),
            Action::replace_call(Seat::N, bid("3NT")),
            rule(RulingOn::Unintended, true),
            call(Seat::N, "P"),
        ],
    );
    assert!(t.legal_calls(Seat::E).is_empty(), "{:?}", t.legal_calls(Seat::E));
    assert!(!regular(&t, Seat::E, "P"));
    assert!(t.apply(Action::accept(Seat::E)).is_ok());
    assert_eq!(t.contract().map(|c| c.to_string()), Some("1S".to_string()));
}

#[test]
fn a_barred_lho_accepts_an_insufficient_bid_by_passing_without_an_extra_automatic_pass() {
    // W is barred throughout (L27B2); S's 1D is insufficient at W's turn. Under
    // auto_pass_barred W's own pass accepts it (L27A1): one pass, no attempted change.
    let mut t = table(
        r#"{"dealer":"N","vulnerability":"None","regulation":{"preset":"face_to_face","irregularities":"rectify","auto_pass_barred":true}}"#,
        &[
            call(Seat::N, "1H"),
            call(Seat::E, "1C"),
            Action::decline(Seat::S),
            call(Seat::E, "P"),
            call(Seat::S, "1D"),
        ],
    );
    assert_eq!(t.legal_calls(Seat::W).iter().collect::<Vec<_>>(), vec![Call::Pass]);
    let out = t.apply(call(Seat::W, "P"));
    assert!(out.is_ok() && !warned(&out, "IRREG_CHANGE_OF_CALL"), "{out:?}");
    assert_eq!(
        t.calls().iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["1H", "P", "1D", "P"]
    );
    assert_eq!(t.turn(), Some(Seat::N));
    every_listed_call_is_regular(&t);
}

#[test]
fn a_barred_offender_replacing_an_inadmissible_redouble_is_held_to_his_bar() {
    // W is barred throughout (L36B2, from E's inadmissible double); his own inadmissible
    // redouble is declined and he must replace it: only a pass is regular, and a double
    // is a barred player's call (L37), as legal_calls says.
    let t = table(
        r#"{"dealer":"E","vulnerability":"EW","regulation":{"preset":"face_to_face","disclosure":"self"}}"#,
        &[
            call(Seat::E, "X"),
            call(Seat::E, "P"),
            call(Seat::S, "2D"),
            own_turn(Seat::W, "XX"),
            Action::decline(Seat::N),
        ],
    );
    assert_eq!(t.legal_calls(Seat::W).iter().collect::<Vec<_>>(), vec![Call::Pass]);
    let out = t.clone().apply(call(Seat::W, "X"));
    assert!(warned(&out, "IRREG_BARRED_CALL"), "{out:?}");
    every_listed_call_is_regular(&t);
}

#[test]
fn replacing_an_insufficient_bid_before_lho_decides_is_itself_an_irregularity() {
    // L27C, L9B2: E's 2H before S said whether he accepts 1H is recorded as an irregularity
    // (it is not among E's legal calls: it is S's turn). S keeps his choice: he may still
    // accept 1H, or call over 2H, which then stands — so S's calls are those over 2H.
    let mut t = table(
        r#"{"dealer":"N","vulnerability":"None","regulation":"face_to_face"}"#,
        &[call(Seat::N, "1S"), call(Seat::E, "1H")],
    );
    assert!(t.legal_calls(Seat::E).is_empty());
    let out = t.apply(call(Seat::E, "2H"));
    assert!(warned(&out, "IRREG_PREMATURE_REPLACEMENT"), "{out:?}");
    assert_eq!(t.calls().iter().map(ToString::to_string).collect::<Vec<_>>(), ["1S"]);
    let south: Vec<String> = t.legal_calls(Seat::S).iter().map(|c| c.to_string()).collect();
    assert!(
        south.contains(&"2S".to_string()) && !south.contains(&"2D".to_string()),
        "{south:?}"
    );
    assert!(t.legal_calls(Seat::E).is_empty());
    every_listed_call_is_regular(&t);
}

#[test]
fn lho_replacing_the_irregular_call_that_accepted_a_skipping_pass_calls_over_the_auction_not_after_it() {
    // N's pass at W's turn is the third pass after 1H and skips W; E accepts it by calling
    // (L29A), but his redouble is inadmissible and S declines it (L36B). The three passes
    // have not ended the auction (L17D3 is judged after E's call): E substitutes any legal
    // call over 1H P P P, as legal_calls says, and a pass then reverts the auction to W.
    let mut t = table(
        r#"{"dealer":"N","vulnerability":"None","regulation":"face_to_face"}"#,
        &[
            call(Seat::N, "1H"),
            call(Seat::E, "P"),
            call(Seat::S, "P"),
            call(Seat::N, "P"),
            call(Seat::E, "XX"),
            Action::decline(Seat::S),
        ],
    );
    assert_eq!(t.turn(), Some(Seat::E));
    let legal = t.legal_calls(Seat::E);
    for call in ["P", "X", "2C", "7NT"] {
        assert!(
            legal.contains(call.parse::<Call>().expect("call")),
            "{call} not in {legal:?}"
        );
        assert!(t.is_legal(Seat::E, call.parse::<Call>().expect("call")));
    }
    assert!(!legal.contains(Call::Redouble) && !legal.contains("1D".parse::<Call>().expect("call")));
    every_listed_call_is_regular(&t);
    let out = t.apply(call(Seat::E, "P"));
    assert!(warned(&out, "SKIPPED_PLAYER"), "{out:?}");
    assert_eq!(t.turn(), Some(Seat::W));
    assert_eq!(
        t.calls().iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["1H", "P", "P"]
    );
}

#[test]
fn lho_replacing_the_insufficient_bid_that_accepted_a_skipping_pass_calls_over_the_auction() {
    // As above with an insufficient bid (L27B): E's 1C over 1H accepts N's skipping pass;
    // S declines it; E's replacement is any legal call over 1H P P P.
    let t = table(
        r#"{"dealer":"N","vulnerability":"None","regulation":"face_to_face"}"#,
        &[
            call(Seat::N, "1H"),
            call(Seat::E, "P"),
            call(Seat::S, "P"),
            call(Seat::N, "P"),
            call(Seat::E, "1C"),
            Action::decline(Seat::S),
        ],
    );
    assert_eq!(t.turn(), Some(Seat::E));
    assert!(
        t.legal_calls(Seat::E).contains(Call::Pass),
        "{:?}",
        t.legal_calls(Seat::E)
    );
    every_listed_call_is_regular(&t);
}
