//! Irregular calls in the `rectify` regulation (SPEC §5.2, Laws 17D3, 25B, 27–39): one test
//! per rectification path, named after the clauses it covers, and one table-driven walk.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::event::BarKind;
use bridge_laws::{Action, Code, Intent, Phase, Seat, Table};
use common::act::{bid, comparable};
use common::steps::{bar, call, calls, new_table, played, refused};

/// A face-to-face table (dealer N) after `steps`; panics on a refusal.
fn table(steps: &[Action]) -> Table {
    table_with("face_to_face", steps)
}

fn table_with(regulation: &str, steps: &[Action]) -> Table {
    played(new_table("N", &format!("\"{regulation}\"")), steps)
}

fn ib() -> Vec<Action> {
    vec![call("N", "1S"), call("E", "1H")]
}

#[test]
fn l27a1_lho_accepts_and_the_insufficient_bid_becomes_the_last_bid() {
    let mut s = ib();
    s.push(Action::accept(Seat::S));
    let t = table(&s);
    assert_eq!(calls(&t), ["1S", "1H"]);
    assert!(t.is_legal(Seat::S, "1S".parse().expect("call")));
}

#[test]
fn l27a1_only_lho_may_accept_and_others_wait() {
    let mut t = table(&ib());
    assert_eq!(refused(&mut t, Action::accept(Seat::W)), Code::NotEntitled);
    assert_eq!(refused(&mut t, call("W", "P")), Code::RectificationPending);
}

#[test]
fn l27b1a_lowest_sufficient_same_strain_has_no_rectification_and_no_l16c() {
    let mut s = ib();
    s.extend([Action::decline(Seat::S), call("E", "2H")]);
    let t = table(&s);
    assert_eq!(calls(&t), ["1S", "2H"]);
    assert_eq!(bar(&t, Seat::W), None);
    assert!(!t.warnings().iter().any(|w| w.code == Code::UiWithdrawnCall));
}

#[test]
fn l27b2_other_replacement_bars_partner_throughout_with_lead_restriction() {
    let mut s = ib();
    s.extend([Action::decline(Seat::S), call("E", "3H")]);
    let t = table(&s);
    assert_eq!(bar(&t, Seat::W), Some(BarKind::Throughout));
    assert_eq!(t.state().lead().restrictions().len(), 1);
    assert!(t.warnings().iter().any(|w| w.code == Code::AdjustmentPossible));
}

#[test]
fn l27b1b_comparable_ruling_lifts_the_l27b2_bar_and_l26a_lead_restriction() {
    let mut s = ib();
    s.extend([Action::decline(Seat::S), call("E", "3H"), comparable(true)]);
    let t = table(&s);
    assert_eq!(bar(&t, Seat::W), None);
    assert!(t.state().lead().restrictions().is_empty());
}

#[test]
fn l27b3_double_replacement_is_cancelled_and_the_offender_calls_again() {
    let mut s = ib();
    s.extend([Action::decline(Seat::S), call("E", "X")]);
    let t = table(&s);
    assert_eq!(calls(&t), ["1S"]);
    assert_eq!(t.turn(), Some(Seat::E));
    assert_eq!(bar(&t, Seat::W), Some(BarKind::Throughout));
}

#[test]
fn l27b4_insufficient_replacement_not_accepted_is_ruled_as_l27b3() {
    let mut s = ib();
    s.extend([
        Action::decline(Seat::S),
        call("E", "1D"),
        Action::decline(Seat::S),
        call("E", "2D"),
    ]);
    let t = table(&s);
    assert_eq!(calls(&t), ["1S", "2D"]);
    assert_eq!(bar(&t, Seat::W), Some(BarKind::Throughout));
}

#[test]
fn l27c_a_premature_replacement_leaves_lho_his_choice_between_the_insufficient_bid_and_it() {
    // E's 2H before S decided on 1H: nothing is in force yet; S is still to choose.
    let mut s = ib();
    s.push(call("E", "2H"));
    let t = table(&s);
    assert_eq!(calls(&t), ["1S"]);
    assert_eq!(t.turn(), Some(Seat::S));
    // L27A1 kept: S accepts 1H, which stands; 2H is cancelled and nobody is barred.
    let mut accepted = s.clone();
    accepted.push(Action::accept(Seat::S));
    let t = table(&accepted);
    assert_eq!(calls(&t), ["1S", "1H"]);
    assert!(Seat::ALL.iter().all(|seat| bar(&t, *seat).is_none()));
    // Not accepted: 2H stands as the replacement, tested under L27B (B1a: no bar).
    let mut declined = s;
    declined.push(Action::decline(Seat::S));
    let t = table(&declined);
    assert_eq!(calls(&t), ["1S", "2H"]);
    assert_eq!(bar(&t, Seat::W), None);
}

#[test]
fn l27c_a_premature_replacement_not_accepted_is_judged_under_l27b_as_any_replacement() {
    // Not comparable: L27B2, partner passes throughout.
    let t = table(&[
        call("N", "1S"),
        call("E", "1H"),
        call("E", "3H"),
        Action::decline(Seat::S),
    ]);
    assert_eq!(calls(&t), ["1S", "3H"]);
    assert_eq!(bar(&t, Seat::W), Some(BarKind::Throughout));
    // L27B1b: the Director's comparable ruling still lifts the bar.
    let t = table(&[
        call("N", "1S"),
        call("E", "1H"),
        call("E", "3H"),
        Action::decline(Seat::S),
        comparable(true),
    ]);
    assert_eq!(bar(&t, Seat::W), None);
    // L27B3: a double is cancelled; L27B4: another insufficient bid awaits S afresh.
    let t = table(&[
        call("N", "1S"),
        call("E", "1H"),
        call("E", "X"),
        Action::decline(Seat::S),
    ]);
    assert_eq!((calls(&t), t.turn()), (vec!["1S".to_string()], Some(Seat::E)));
    assert_eq!(bar(&t, Seat::W), Some(BarKind::Throughout));
    let mut t = table(&[
        call("N", "1S"),
        call("E", "1H"),
        call("E", "1D"),
        Action::decline(Seat::S),
    ]);
    assert_eq!(t.turn(), Some(Seat::S));
    assert!(t.apply(Action::accept(Seat::S)).is_ok());
    assert_eq!(calls(&t), ["1S", "1D"]);
}

#[test]
fn l27c_lho_decides_before_calling_over_a_premature_replacement_that_cannot_stand_as_it_is() {
    let mut t = table(&[call("N", "1S"), call("E", "1H"), call("E", "X")]);
    assert!(t.legal_calls(Seat::S).is_empty());
    assert_eq!(refused(&mut t, call("S", "2S")), Code::RectificationPending);
    // The offender may not replace his replacement meanwhile; nor may anyone else call.
    assert_eq!(refused(&mut t, call("E", "2H")), Code::RectificationPending);
    assert_eq!(refused(&mut t, call("W", "P")), Code::RectificationPending);
}

#[test]
fn l28b_the_player_whose_turn_it_was_calls_and_the_call_out_of_rotation_is_cancelled() {
    let t = table(&[call("E", "1H"), call("N", "1S")]);
    assert_eq!(calls(&t), ["1S"]);
    assert_eq!(t.turn(), Some(Seat::E));
}

#[test]
fn l28b_l29a_lho_must_state_his_intent() {
    let mut t = table(&[call("W", "1H")]);
    assert_eq!(refused(&mut t, call("N", "1S")), Code::IntentRequired);
    let o = t.apply(Action::call_meaning(Seat::N, bid("1S"), Intent::Accept));
    assert!(o.is_ok());
    assert_eq!(calls(&t), ["1H", "1S"]);
}

#[test]
fn l29a_l17d3_accepted_pass_that_skipped_a_player_does_not_end_the_auction() {
    let t = table(&[
        call("N", "1C"),
        call("S", "P"),
        Action::accept(Seat::W),
        call("W", "P"),
        call("N", "P"),
    ]);
    assert_eq!(t.phase(), Phase::Auction);
    assert_eq!(t.turn(), Some(Seat::E));
    assert_eq!(calls(&t), ["1C"]);
}

#[test]
fn l30a_pass_at_rho_turn_bars_the_offender_once() {
    let t = table(&[call("E", "P"), Action::decline(Seat::S)]);
    assert_eq!(bar(&t, Seat::E), Some(BarKind::NextTurn));
    assert_eq!(t.turn(), Some(Seat::N));
}

#[test]
fn a_bar_is_lifted_before_everyone_who_saw_it_imposed() {
    use bridge_laws::{Audience, EventKind, Outcome};
    let mut t = table(&[call("E", "P"), Action::decline(Seat::S), call("N", "1C")]);
    let Outcome::Accepted { events, .. } = t.apply(call("E", "P")) else {
        panic!("E's pass is refused");
    };
    let lifted = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::BarLifted { seat: Seat::E }));
    assert_eq!(lifted.map(|e| e.audience), Some(Audience::EVERYONE));
    assert_eq!(bar(&t, Seat::E), None);
}

#[test]
fn l30b1b_a_pass_is_comparable_to_a_cancelled_pass() {
    let t = table(&[
        call("S", "P"),
        Action::decline(Seat::W),
        call("N", "1C"),
        call("E", "P"),
        call("S", "P"),
    ]);
    assert_eq!(bar(&t, Seat::N), None);
}

#[test]
fn l31a1_rho_passes_and_the_offender_must_repeat_his_bid() {
    let mut t = table(&[call("E", "1H"), Action::decline(Seat::S), call("N", "P")]);
    assert_eq!(
        t.legal_calls(Seat::E).iter().collect::<Vec<_>>(),
        ["1H".parse().expect("call")]
    );
    assert_eq!(refused(&mut t, call("E", "2H")), Code::ForcedCall);
}

#[test]
fn l31a2b_rho_bids_and_a_non_comparable_call_bars_partner_once() {
    let t = table(&[
        call("E", "1H"),
        Action::decline(Seat::S),
        call("N", "1S"),
        call("E", "2H"),
    ]);
    assert_eq!(bar(&t, Seat::W), Some(BarKind::NextTurn));
}

#[test]
fn l31b_bid_at_partner_turn_then_comparable_ruling_lifts_the_bar() {
    let t = table(&[
        call("S", "1H"),
        Action::decline(Seat::W),
        call("N", "P"),
        call("E", "P"),
        call("S", "1H"),
        comparable(true),
    ]);
    assert_eq!(bar(&t, Seat::N), None);
}

#[test]
fn l32a1_double_at_rho_turn_must_be_repeated_when_rho_passes() {
    let t = table(&[
        call("N", "1C"),
        call("E", "P"),
        call("W", "X"),
        Action::decline(Seat::N),
        call("S", "P"),
        call("W", "X"),
    ]);
    assert_eq!(calls(&t), ["1C", "P", "P", "X"]);
}

#[test]
fn l25b_change_of_call_at_lho_turn_is_void_unless_accepted() {
    let t = table(&[call("N", "1C"), call("N", "1D"), Action::decline(Seat::E)]);
    assert_eq!(calls(&t), ["1C"]);
    let t = table(&[call("N", "1C"), call("N", "1D"), call("E", "P")]);
    assert_eq!(calls(&t), ["1D", "P"]);
}

#[test]
fn l36a_lho_calls_over_an_inadmissible_redouble_and_both_are_cancelled() {
    let t = table(&[call("N", "1C"), call("E", "XX"), call("S", "1H")]);
    assert_eq!(calls(&t), ["1C"]);
    assert_eq!(t.turn(), Some(Seat::E));
}

#[test]
fn l36b_rectified_inadmissible_double_bars_partner_throughout() {
    let t = table(&[
        call("N", "1C"),
        call("E", "XX"),
        Action::decline(Seat::S),
        call("E", "P"),
    ]);
    assert_eq!(bar(&t, Seat::W), Some(BarKind::Throughout));
}

#[test]
fn l37a_l37b_barred_call_stands_if_lho_calls_else_a_pass_is_substituted() {
    let base = [
        call("E", "P"),
        Action::decline(Seat::S),
        call("N", "1C"),
        call("E", "1H"),
    ];
    let mut a = base.to_vec();
    a.push(call("S", "1S"));
    assert_eq!(calls(&table(&a)), ["1C", "1H", "1S"]);
    let mut b = base.to_vec();
    b.push(Action::decline(Seat::S));
    let t = table(&b);
    assert_eq!(calls(&t), ["1C", "P"]);
    assert_eq!(bar(&t, Seat::E), Some(BarKind::Throughout));
    assert_eq!(bar(&t, Seat::W), Some(BarKind::Throughout));
}

#[test]
fn l39c_defender_bid_after_the_final_pass_gives_a_lead_restriction_l39b_declarer_none() {
    let end = [call("N", "1S"), call("E", "P"), call("S", "P"), call("W", "P")];
    let mut a = end.to_vec();
    a.push(call("E", "2H"));
    let t = table(&a);
    assert_eq!(t.phase(), Phase::Clarification);
    assert_eq!(t.state().lead().restrictions().len(), 1);
    let mut b = end.to_vec();
    b.push(call("N", "2S"));
    assert!(table(&b).state().lead().restrictions().is_empty());
}

#[test]
fn l26b_lead_restriction_is_announced_to_declarer_when_the_offender_defends() {
    let mut s = ib();
    s.extend([Action::decline(Seat::S), call("E", "P"), call("S", "P"), call("W", "P")]);
    let t = table(&s);
    let w = t
        .warnings()
        .iter()
        .find(|w| w.code == Code::LeadRestriction)
        .expect("lead restriction");
    assert!(w.message.contains("prohibit"));
}

#[test]
fn prevent_mode_still_refuses_l17c_and_l27() {
    let mut t = table_with("online", &[]);
    assert_eq!(refused(&mut t, call("E", "1H")), Code::NotYourTurn);
}

/// Every rectification path: steps, then the calls in force and the bars expected.
#[test]
fn every_rectification_path_ends_as_the_laws_say() {
    type Case = (&'static str, Vec<Action>, Vec<&'static str>, Vec<(Seat, BarKind)>);
    let ibs = |extra: &[Action]| {
        let mut v = ib();
        v.extend_from_slice(extra);
        v
    };
    let cases: Vec<Case> = vec![
        ("L27A1", ibs(&[Action::accept(Seat::S)]), vec!["1S", "1H"], vec![]),
        (
            "L27B1a",
            ibs(&[Action::decline(Seat::S), call("E", "2H")]),
            vec!["1S", "2H"],
            vec![],
        ),
        (
            "L27B1b",
            ibs(&[Action::decline(Seat::S), call("E", "3H"), comparable(true)]),
            vec!["1S", "3H"],
            vec![],
        ),
        (
            "L27B2",
            ibs(&[Action::decline(Seat::S), call("E", "P")]),
            vec!["1S", "P"],
            vec![(Seat::W, BarKind::Throughout)],
        ),
        (
            "L27B3",
            ibs(&[Action::decline(Seat::S), call("E", "X"), call("E", "2H")]),
            vec!["1S", "2H"],
            vec![(Seat::W, BarKind::Throughout)],
        ),
        (
            "L27B4",
            ibs(&[Action::decline(Seat::S), call("E", "1D"), Action::accept(Seat::S)]),
            vec!["1S", "1D"],
            vec![],
        ),
        (
            "L27C",
            ibs(&[call("E", "2H"), Action::decline(Seat::S)]),
            vec!["1S", "2H"],
            vec![],
        ),
        (
            "L27C",
            ibs(&[call("E", "3H"), Action::accept(Seat::S)]),
            vec!["1S", "1H"],
            vec![],
        ),
        ("L28B", vec![call("E", "1H"), call("N", "1S")], vec!["1S"], vec![]),
        (
            "L29A",
            vec![call("S", "1H"), Action::accept(Seat::W)],
            vec!["1H"],
            vec![],
        ),
        (
            "L30A",
            vec![call("E", "P"), Action::decline(Seat::S)],
            vec![],
            vec![(Seat::E, BarKind::NextTurn)],
        ),
        (
            "L30B1b",
            vec![
                call("S", "P"),
                Action::decline(Seat::W),
                call("N", "P"),
                call("E", "P"),
                call("S", "1C"),
            ],
            vec!["P", "P", "1C"],
            vec![(Seat::N, BarKind::NextTurn)],
        ),
        (
            "L31A1",
            vec![
                call("E", "1H"),
                Action::decline(Seat::S),
                call("N", "P"),
                call("E", "1H"),
            ],
            vec!["P", "1H"],
            vec![],
        ),
        (
            "L31A2",
            vec![
                call("E", "1H"),
                Action::decline(Seat::S),
                call("N", "1S"),
                call("E", "2H"),
            ],
            vec!["1S", "2H"],
            vec![(Seat::W, BarKind::NextTurn)],
        ),
        (
            "L31B",
            vec![
                call("S", "1H"),
                Action::decline(Seat::W),
                call("N", "P"),
                call("E", "P"),
                call("S", "1H"),
            ],
            vec!["P", "P", "1H"],
            vec![(Seat::N, BarKind::NextTurn)],
        ),
        (
            "L32A1",
            vec![
                call("N", "1C"),
                call("E", "P"),
                call("W", "X"),
                Action::decline(Seat::N),
                call("S", "P"),
                call("W", "X"),
            ],
            vec!["1C", "P", "P", "X"],
            vec![],
        ),
        (
            "L25B2",
            vec![call("N", "1C"), call("N", "1D"), Action::decline(Seat::E)],
            vec!["1C"],
            vec![],
        ),
        (
            "L36A",
            vec![call("N", "1C"), call("E", "XX"), call("S", "1H")],
            vec!["1C"],
            vec![],
        ),
        (
            "L36B",
            vec![
                call("N", "1C"),
                call("E", "XX"),
                Action::decline(Seat::S),
                call("E", "P"),
            ],
            vec!["1C", "P"],
            vec![(Seat::W, BarKind::Throughout)],
        ),
        (
            "L36B4",
            vec![call("N", "1C"), call("S", "X"), Action::decline(Seat::W)],
            vec!["1C"],
            vec![(Seat::N, BarKind::Throughout)],
        ),
        (
            "L37B",
            vec![
                call("E", "P"),
                Action::decline(Seat::S),
                call("N", "1C"),
                call("E", "1H"),
                Action::decline(Seat::S),
            ],
            vec!["1C", "P"],
            vec![(Seat::E, BarKind::Throughout), (Seat::W, BarKind::Throughout)],
        ),
        (
            "L39A",
            vec![
                call("N", "1S"),
                call("E", "P"),
                call("S", "P"),
                call("W", "P"),
                call("E", "2H"),
            ],
            vec!["1S", "P", "P", "P"],
            vec![],
        ),
    ];
    for (law, steps, want_calls, want_bars) in cases {
        let t = table(&steps);
        assert_eq!(calls(&t), want_calls, "{law}: calls");
        let bars: Vec<(Seat, BarKind)> = Seat::ALL
            .into_iter()
            .filter_map(|s| bar(&t, s).map(|b| (s, b)))
            .collect();
        assert_eq!(bars, want_bars, "{law}: bars");
    }
}
