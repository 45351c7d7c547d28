//! The view answers who may ask to replace his last call (`may_replace_call`, L25A)
//! and which calls he may alert or explain (`disclosable`, L20F, L21B1a), as `apply` does —
//! the answers the demo used to derive itself. The property suite probes both against
//! `apply` in random states under every preset (tests/common/answers.rs).
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::{Action, Seat, Table, Viewer};
use common::act::{bid, call};
use common::steps::{new_table, played};

mod common;

/// A table dealt by North under `regulation` after `actions`, each accepted.
fn table(regulation: &str, actions: &[Action]) -> Table {
    played(new_table("N", regulation), actions)
}

fn may_replace(t: &Table, seat: Seat) -> bool {
    t.view(Viewer::Seat(seat)).may_replace_call
}

fn n_1c() -> Action {
    call(Seat::N, "1C")
}

fn e_p() -> Action {
    call(Seat::E, "P")
}

fn s_1h() -> Action {
    call(Seat::S, "1H")
}

#[test]
fn a_player_may_ask_to_replace_his_last_call_until_partner_calls_after_it() {
    let t = table(r#""online""#, &[n_1c(), e_p()]);
    assert!(may_replace(&t, Seat::N) && may_replace(&t, Seat::E));
    assert!(
        !may_replace(&t, Seat::S) && !may_replace(&t, Seat::W),
        "no call to replace"
    );
    let t = table(r#""online""#, &[n_1c(), e_p(), s_1h()]);
    assert!(!may_replace(&t, Seat::N), "L25A4: partner has called since");
    assert!(may_replace(&t, Seat::E) && may_replace(&t, Seat::S));
    assert!(!t.view(Viewer::Director).may_replace_call && !t.view(Viewer::Spectator).may_replace_call);
}

#[test]
fn nobody_may_ask_to_replace_a_call_while_a_request_is_pending_or_when_undo_is_off() {
    let pending = table(
        r#""online""#,
        &[n_1c(), e_p(), Action::replace_call(Seat::E, bid("1D"))],
    );
    assert!(!may_replace(&pending, Seat::N) && !may_replace(&pending, Seat::E));
    let off = table(r#"{"preset":"online","undo":"off"}"#, &[n_1c(), e_p()]);
    assert!(!may_replace(&off, Seat::N) && !may_replace(&off, Seat::E));
}

#[test]
fn the_calls_a_seat_may_disclose_follow_the_regulations_disclosure() {
    let actions = [n_1c(), e_p(), s_1h()];
    let disclosable = |regulation: &str, seat: Seat| table(regulation, &actions).view(Viewer::Seat(seat)).disclosable;
    // Self-alerting: his own calls; face to face: partner's; screens: his side's.
    assert_eq!(disclosable(r#""online""#, Seat::N), [0]);
    assert_eq!(disclosable(r#""online_tournament""#, Seat::S), [2]);
    assert_eq!(disclosable(r#""face_to_face""#, Seat::N), [2]);
    assert_eq!(disclosable(r#""face_to_face""#, Seat::W), [1]);
    assert_eq!(disclosable(r#""screens""#, Seat::S), [0, 2]);
    assert_eq!(disclosable(r#""screens""#, Seat::E), [1]);
    assert!(table(r#""screens""#, &actions)
        .view(Viewer::Director)
        .disclosable
        .is_empty());
}
