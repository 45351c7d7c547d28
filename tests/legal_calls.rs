//! `legal_calls` lists exactly the calls `apply` accepts without an irregularity, in
//! pending states (issue 9).
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::{Call, Outcome, Seat, Table};

fn table(options: &str, actions: &[&str]) -> Table {
    let mut t = Table::from_options_json(options).expect("options");
    for a in actions {
        assert!(t.apply_json(a).is_ok(), "{a} refused");
    }
    t
}

fn regular(t: &Table, seat: Seat, call: &str) -> bool {
    let mut probe = t.clone();
    matches!(probe.apply_json(&format!(r#"{{"seat":"{seat}","type":"call","call":"{call}"}}"#)),
        Outcome::Accepted { warnings, .. } if !warnings.iter().any(|w| w.code.as_str().starts_with("IRREG_")))
}

#[test]
fn a_forced_repeat_that_is_now_insufficient_is_not_offered_as_a_legal_call() {
    // L31A1: N bid 3D at E's turn; E declined and passed; N must repeat 3D, now
    // insufficient over S's 3S: the repeat is an L27 irregularity, so no call is regular.
    let t = table(
        r#"{"dealer":"W","vulnerability":"All","regulation":"screens"}"#,
        &[
            r#"{"seat":"E","type":"call","call":"P"}"#,
            r#"{"seat":"S","type":"call","call":"3S"}"#,
            r#"{"seat":"N","type":"call","call":"3D"}"#,
            r#"{"seat":"E","type":"decline"}"#,
            r#"{"seat":"W","type":"call","call":"P"}"#,
        ],
    );
    let legal = t.legal_calls(Seat::N);
    assert!(!legal.contains(&"3D".parse::<Call>().expect("call")), "{legal:?}");
    assert!(!regular(&t, Seat::N, "3D"));
}

#[test]
fn calls_over_a_barred_players_pending_bid_are_legal_over_that_bid() {
    // L37A: LHO's call lets the barred call stand: he calls over it.
    let t = table(
        r#"{"dealer":"W","vulnerability":"EW","regulation":{"preset":"face_to_face","irregularities":"rectify","questions":"any_time","undo":"director"}}"#,
        &[
            r#"{"seat":"S","type":"call","call":"X","intent":"own_turn"}"#,
            r#"{"seat":"W","type":"call","call":"3C"}"#,
            r#"{"seat":"N","type":"call","call":"1H"}"#,
        ],
    );
    for call in t.legal_calls(Seat::E) {
        assert!(regular(&t, Seat::E, &call.to_string()), "{call} listed but irregular");
    }
    assert!(!t.legal_calls(Seat::E).contains(&Call::Double) || regular(&t, Seat::E, "X"));
}
