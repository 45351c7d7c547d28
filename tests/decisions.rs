//! Seat-scoped decisions: a pending decision lists, for each party awaited, only
//! the actions that party may take, and each viewer is offered only his own; warnings and
//! the Director's ledger name the seat they concern. Every offer is checked against what
//! `apply` accepts.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::view::Settle;
use bridge_laws::{Action, Code, RulingOn, Seat, Table, Viewer};
use common::act::{bid, call, rule};
use common::steps::{new_table, played};

fn table(regulation: &str, steps: &[Action]) -> Table {
    played(new_table("N", &format!("\"{regulation}\"")), steps)
}

fn options(t: &Table, viewer: Viewer) -> Vec<Settle> {
    t.view(viewer).pending.map(|p| p.options).unwrap_or_default()
}

/// Whether `seat` may take `settle` now, by asking `apply` on a copy of the table.
fn engine_allows(t: &Table, seat: Seat, settle: Settle) -> bool {
    let action = match settle {
        Settle::Accept => Action::accept(seat),
        Settle::Decline => Action::decline(seat),
        Settle::Call => call(seat, "P"),
        Settle::Respond => Action::respond(seat, true),
        Settle::Ruling => return false,
        other => panic!("an option this test cannot take: {other:?}"),
    };
    let mut copy = t.clone();
    copy.apply(action).is_ok()
}

/// Every seat is offered exactly what the engine lets it do.
fn assert_offers_match_the_engine(t: &Table) {
    for seat in Seat::ALL {
        for settle in [Settle::Accept, Settle::Decline, Settle::Respond] {
            assert_eq!(
                options(t, Viewer::Seat(seat)).contains(&settle),
                engine_allows(t, seat, settle),
                "{seat} {settle:?}"
            );
        }
    }
}

#[test]
fn over_a_call_out_of_rotation_lho_may_accept_and_the_player_whose_turn_it_was_may_only_call() {
    // North deals; East calls out of rotation: South (East's LHO) decides, North, East's
    // RHO, calls in turn (L28B).
    let t = table("face_to_face", &[call(Seat::E, "1C")]);
    let p = t.view(Viewer::Director).pending.expect("pending");
    let by: Vec<(String, Vec<Settle>)> = p.choices.iter().map(|c| (c.by.clone(), c.options.clone())).collect();
    assert_eq!(
        by,
        vec![
            ("S".to_string(), vec![Settle::Accept, Settle::Decline]),
            ("N".to_string(), vec![Settle::Call]),
        ]
    );
    assert_eq!(
        options(&t, Viewer::Seat(Seat::S)),
        vec![Settle::Accept, Settle::Decline]
    );
    assert_eq!(options(&t, Viewer::Seat(Seat::N)), vec![Settle::Call]);
    assert!(
        t.clone().apply(call(Seat::N, "P")).is_ok(),
        "North's call is in rotation"
    );
    assert!(options(&t, Viewer::Seat(Seat::W)).is_empty(), "West is offered nothing");
    assert!(options(&t, Viewer::Seat(Seat::E)).is_empty(), "nor the offender");
    assert!(options(&t, Viewer::Spectator).is_empty());
    assert_offers_match_the_engine(&t);
}

#[test]
fn over_a_call_out_of_rotation_at_partners_turn_only_lho_decides() {
    // North deals; South calls out of rotation at his partner's turn: L28B needs an
    // opponent's call, so North may not cancel it by calling and is offered nothing; West
    // (South's LHO) accepts or declines.
    let t = table("face_to_face", &[call(Seat::S, "1C")]);
    let p = t.view(Viewer::Director).pending.expect("pending");
    let by: Vec<(String, Vec<Settle>)> = p.choices.iter().map(|c| (c.by.clone(), c.options.clone())).collect();
    assert_eq!(by, vec![("W".to_string(), vec![Settle::Accept, Settle::Decline])]);
    assert_eq!(p.awaiting, vec!["W".to_string()]);
    assert!(
        options(&t, Viewer::Seat(Seat::N)).is_empty(),
        "North is offered nothing"
    );
    assert!(t.legal_calls(Seat::N).is_empty());
    let refused = t.clone().apply(call(Seat::N, "P"));
    assert_eq!(refused.rejection().map(|r| r.code()), Some(Code::RectificationPending));
    assert_offers_match_the_engine(&t);
}

#[test]
fn an_insufficient_bid_is_offered_to_lho_only() {
    let t = table("face_to_face", &[call(Seat::N, "1S"), call(Seat::E, "1H")]);
    assert_eq!(
        options(&t, Viewer::Seat(Seat::S)),
        vec![Settle::Accept, Settle::Decline, Settle::Call]
    );
    assert!(
        options(&t, Viewer::Seat(Seat::W)).is_empty(),
        "West may not accept for South"
    );
    assert_offers_match_the_engine(&t);
}

#[test]
fn an_inadmissible_double_cannot_be_accepted_and_is_not_offered_as_such() {
    let t = table(
        "face_to_face",
        &[call(Seat::N, "1S"), call(Seat::E, "P"), call(Seat::S, "X")],
    );
    assert_eq!(options(&t, Viewer::Seat(Seat::W)), vec![Settle::Decline, Settle::Call]);
    assert_offers_match_the_engine(&t);
}

#[test]
fn an_undo_by_consent_is_offered_to_either_opponent_and_by_the_director_to_him_alone() {
    let undo = Action::replace_call(Seat::N, bid("1S"));
    let t = table("online", &[call(Seat::N, "1H"), undo.clone()]);
    assert_eq!(options(&t, Viewer::Seat(Seat::E)), vec![Settle::Respond]);
    assert_eq!(options(&t, Viewer::Seat(Seat::W)), vec![Settle::Respond]);
    assert!(options(&t, Viewer::Seat(Seat::S)).is_empty(), "partner may not consent");
    assert_offers_match_the_engine(&t);

    let t = table("online_tournament", &[call(Seat::N, "1H"), undo]);
    assert_eq!(options(&t, Viewer::Director), vec![Settle::Ruling]);
    for seat in Seat::ALL {
        assert!(
            options(&t, Viewer::Seat(seat)).is_empty(),
            "{seat} waits for the Director"
        );
    }
}

#[test]
fn the_directors_ledger_names_the_seat_each_entry_concerns() {
    // East's insufficient 1S is replaced by a call ruled not comparable: the withdrawn
    // call is UI for West and AI for North and South (L23C, L16C).
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
    let ledger = t.view(Viewer::Director).ledger;
    let concerning = |code: Code| {
        let mut seats: Vec<Seat> = ledger
            .iter()
            .filter(|w| w.code == code)
            .filter_map(|w| w.seat)
            .collect();
        seats.sort();
        seats
    };
    assert_eq!(concerning(Code::UiWithdrawnCall), vec![Seat::W]);
    assert_eq!(concerning(Code::AiWithdrawnCall), vec![Seat::N, Seat::S]);
    assert!(
        ledger.iter().all(|w| w.seat.is_some()),
        "every ledger entry names its seat"
    );
}

#[test]
fn an_infraction_names_its_offender_though_everyone_is_told() {
    let t = table("face_to_face", &[call(Seat::N, "1S"), call(Seat::E, "1H")]);
    let w = t
        .warnings()
        .iter()
        .find(|w| w.code == Code::IrregInsufficientBid)
        .expect("the infraction is reported");
    assert_eq!(w.seat, Some(Seat::E));
    assert!(w.audience.has_seat(Seat::N) && w.audience.has_seat(Seat::W));
}

#[test]
fn lho_is_not_offered_a_call_over_a_change_that_ends_the_auction() {
    // West doubles 1S, then tries to change it to a pass at North's turn (L25B): a third
    // pass after 1S. North accepting by calling would call after the final pass (L39), so
    // `legal_calls` is empty and he is offered `accept` and `decline` only.
    let t = table(
        "face_to_face",
        &[
            call(Seat::N, "1S"),
            call(Seat::E, "P"),
            call(Seat::S, "P"),
            call(Seat::W, "X"),
            call(Seat::W, "P"),
        ],
    );
    assert!(t.legal_calls(Seat::N).is_empty());
    assert_eq!(
        options(&t, Viewer::Seat(Seat::N)),
        vec![Settle::Accept, Settle::Decline]
    );
    assert_offers_match_the_engine(&t);
}

#[test]
fn lho_is_offered_a_call_over_a_change_that_keeps_the_auction_open() {
    // East doubles 1S and tries to change it to a pass at South's turn (L25B): 1S P leaves
    // the auction open, so South may accept the change by calling over it as well.
    let t = table(
        "face_to_face",
        &[call(Seat::N, "1S"), call(Seat::E, "X"), call(Seat::E, "P")],
    );
    assert!(!t.legal_calls(Seat::S).is_empty());
    assert_eq!(
        options(&t, Viewer::Seat(Seat::S)),
        vec![Settle::Accept, Settle::Decline, Settle::Call]
    );
    assert_offers_match_the_engine(&t);
}

#[test]
fn lho_owing_a_forced_repeat_that_is_no_longer_regular_is_still_offered_a_call_over_a_change() {
    // South bids 1C out of rotation at East's turn, over 6NT; West does not accept it, so
    // South must repeat 1C if East passes (L31A1), which is now insufficient. East passes,
    // then tries to change his pass to 1C (L25B). `legal_calls(S)` is empty — his forced
    // repeat is irregular — but the auction goes on: South may accept the change by making
    // that call, and the engine lets him (found by random play).
    for regulation in ["face_to_face", "screens"] {
        let t = table(
            regulation,
            &[
                call(Seat::N, "6NT"),
                call(Seat::S, "1C"),
                Action::decline(Seat::W),
                call(Seat::E, "P"),
                call(Seat::E, "1C"),
            ],
        );
        assert_eq!(
            t.state().rectification().forced(),
            Some((Seat::S, "1C".parse().expect("a call"))),
            "{regulation}"
        );
        assert!(t.legal_calls(Seat::S).is_empty(), "{regulation}");
        assert_eq!(
            options(&t, Viewer::Seat(Seat::S)),
            vec![Settle::Accept, Settle::Decline, Settle::Call],
            "{regulation}"
        );
        assert!(t.clone().apply(call(Seat::S, "1C")).is_ok(), "{regulation}");
        assert_offers_match_the_engine(&t);
    }
}
