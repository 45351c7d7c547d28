//! Artificial calls (Laws 29C, 30C, 26B with 23A and 27B1a): the Director's ruling
//! `{on: "artificial", value, specified?, index?}` says whether a call was artificial and
//! which denominations it specified; an artificial pass out of rotation is rectified under
//! Law 31, not Law 30, and the suits declarer may name under Law 26B follow what the
//! offender's calls specified, not the strains they name.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::action::{RulingOn, RulingValue};
use bridge_laws::event::BarKind;
use bridge_laws::{Action, Actor, Call, Code, Law, Seat, Strain, Table, Viewer};
use common::act::{artificial, comparable};
use common::steps::{alerted, call, new_table, played, refused};

/// A face-to-face table (dealer N) where each player alerts his own calls (as behind
/// screens), after `steps`; panics on a refusal.
fn run(steps: &[Action]) -> Table {
    played(
        new_table("N", r#"{"preset":"face_to_face","disclosure":"self"}"#),
        steps,
    )
}

/// The Director rules the call in force at `index` artificial, specifying `specified`.
fn artificial_at(index: usize, specified: &[Strain]) -> Action {
    Action::artificial_at(index, Some(specified))
}

/// The Director rules the call whose rectification is open artificial, specifying
/// `specified`.
fn artificial_specifying(specified: &[Strain]) -> Action {
    Action::ruling_specifying(RulingOn::Artificial, Some(RulingValue::Yes(true)), specified)
}

fn bar(t: &Table, seat: Seat) -> Option<(BarKind, Law)> {
    t.state().bars().on(seat).map(|b| (b.kind, b.law))
}

fn legal(t: &Table, seat: Seat) -> Vec<Call> {
    t.legal_calls(seat).iter().collect()
}

fn artificial_questions(t: &Table) -> usize {
    t.state()
        .rulings()
        .open()
        .iter()
        .filter(|r| r.on == RulingOn::Artificial)
        .count()
}

/// E passes at N's turn (RHO's turn), alerting it; S (his LHO) does not accept it.
/// The first comparison (L23A) the Director has open.
fn first_comparison(t: &Table) -> bridge_laws::state::Comparison {
    t.state()
        .rulings()
        .comparisons()
        .first()
        .cloned()
        .expect("comparison open")
}

fn alerted_pass_at_rho_turn() -> Vec<Action> {
    vec![alerted("E", "P"), Action::decline(Seat::S)]
}

// ------------------------------------------------------------------ when the question opens

#[test]
fn an_alerted_pass_out_of_rotation_puts_the_artificial_question_to_the_director() {
    let t = run(&[alerted("E", "P")]);
    assert_eq!(artificial_questions(&t), 1);
}

#[test]
fn a_pass_out_of_rotation_of_partners_alerted_call_puts_the_question_too() {
    // N opens an alerted 1C; S passes at E's turn: a pass of partner's (alerted) call.
    let t = run(&[alerted("N", "1C"), call("S", "P")]);
    assert_eq!(artificial_questions(&t), 1);
}

#[test]
fn an_unalerted_pass_of_an_unalerted_call_puts_no_question() {
    let t = run(&[call("N", "1C"), call("S", "P")]);
    assert_eq!(artificial_questions(&t), 0);
}

#[test]
fn an_alerted_bid_out_of_rotation_puts_the_question_for_what_it_specified() {
    let t = run(&[alerted("E", "2C")]);
    assert_eq!(artificial_questions(&t), 1);
}

#[test]
fn the_question_lapses_when_lho_accepts_the_call_out_of_rotation() {
    let t = run(&[alerted("E", "P"), Action::accept(Seat::S)]);
    assert_eq!(artificial_questions(&t), 0);
    let mut t = t;
    assert_eq!(refused(&mut t, artificial(true)), Code::NoPendingRuling);
}

#[test]
fn the_question_lapses_once_the_offender_has_made_his_next_call() {
    let mut s = alerted_pass_at_rho_turn();
    s.extend([call("N", "1C"), call("E", "P")]);
    let mut t = run(&s);
    assert_eq!(artificial_questions(&t), 0);
    assert_eq!(refused(&mut t, artificial(true)), Code::NoPendingRuling);
}

// ------------------------------------------------------------------ L30C: Law 31, not Law 30

#[test]
fn an_artificial_pass_at_rho_turn_does_not_bar_the_offender() {
    let t = run(&[alerted("E", "P"), artificial(true), Action::decline(Seat::S)]);
    assert_eq!(bar(&t, Seat::E), None);
    assert_eq!(artificial_questions(&t), 0);
}

#[test]
fn a_natural_pass_at_rho_turn_still_bars_the_offender_once() {
    let t = run(&[alerted("E", "P"), artificial(false), Action::decline(Seat::S)]);
    assert_eq!(bar(&t, Seat::E), Some((BarKind::NextTurn, Law::L30A)));
}

#[test]
fn an_artificial_pass_at_rho_turn_must_be_repeated_when_rho_passes() {
    let mut t = run(&[
        alerted("E", "P"),
        artificial(true),
        Action::decline(Seat::S),
        call("N", "P"),
    ]);
    assert_eq!(legal(&t, Seat::E), [Call::Pass]);
    assert_eq!(refused(&mut t, call("E", "1H")), Code::ForcedCall);
    let t = {
        let mut t = t;
        assert!(t.apply(call("E", "P")).is_ok());
        t
    };
    // L31A1: repeated, legal: no rectification.
    assert_eq!(bar(&t, Seat::W), None);
    assert!(t.state().lead().restrictions().is_empty());
}

#[test]
fn after_an_artificial_pass_the_offender_calls_freely_when_rho_bids_and_partner_passes_once() {
    let t = run(&[
        alerted("E", "P"),
        artificial(true),
        Action::decline(Seat::S),
        call("N", "1C"),
        call("E", "1H"),
    ]);
    // L31A2: E was free to bid; L31A2b: not comparable, so W passes once, L26B.
    assert_eq!(bar(&t, Seat::E), None);
    assert_eq!(bar(&t, Seat::W), Some((BarKind::NextTurn, Law::L31A2b)));
    assert_eq!(t.state().lead().restrictions().len(), 1);
}

#[test]
fn a_comparable_call_after_an_artificial_pass_leaves_no_rectification() {
    let t = run(&[
        alerted("E", "P"),
        artificial(true),
        Action::decline(Seat::S),
        call("N", "1C"),
        call("E", "1H"),
        comparable(true),
    ]);
    assert_eq!(bar(&t, Seat::W), None);
    assert!(t.state().lead().restrictions().is_empty());
}

#[test]
fn an_artificial_pass_at_partner_turn_is_not_comparable_to_a_pass_by_itself() {
    // S passes at N's turn (partner's turn); W does not accept; N opens, E passes, S passes.
    let steps = |ruling: bool| {
        run(&[
            alerted("S", "P"),
            artificial(ruling),
            Action::decline(Seat::W),
            call("N", "1C"),
            call("E", "P"),
            call("S", "P"),
        ])
    };
    // L30B1b(i): a natural pass is comparable to a pass; L31B2: an artificial one is not.
    assert_eq!(bar(&steps(false), Seat::N), None);
    assert_eq!(bar(&steps(true), Seat::N), Some((BarKind::NextTurn, Law::L31B2)));
}

#[test]
fn a_pass_of_partners_artificial_call_is_rectified_as_a_bid() {
    // N's alerted 1C; S passes at E's turn (RHO's turn); W declines; ruled artificial.
    let t = run(&[
        alerted("N", "1C"),
        call("S", "P"),
        Action::decline(Seat::W),
        artificial(true),
        call("E", "1H"),
    ]);
    // L31A2: E called, so S calls freely.
    assert_eq!(bar(&t, Seat::S), None);
    assert!(legal(&t, Seat::S).len() > 1);
}

// ------------------------------------------------------------------ the ruling after the decline

#[test]
fn ruled_artificial_after_the_decline_the_law_30a_bar_gives_way_to_law_31() {
    let mut s = alerted_pass_at_rho_turn();
    assert_eq!(bar(&run(&s), Seat::E), Some((BarKind::NextTurn, Law::L30A)));
    s.push(artificial(true));
    let t = run(&s);
    assert_eq!(bar(&t, Seat::E), None);
    // RHO has not called yet: if he passes, E must repeat his pass.
    let t = run(&[s, vec![call("N", "P")]].concat());
    assert_eq!(legal(&t, Seat::E), [Call::Pass]);
}

#[test]
fn ruled_artificial_after_rho_has_bid_the_offender_calls_freely_at_once() {
    // An unalerted pass: no question opened, but the Director may rule while the
    // rectification is open.
    let ruled = vec![
        call("E", "P"),
        Action::decline(Seat::S),
        call("N", "1C"),
        artificial(true),
    ];
    let t = run(&ruled);
    assert_eq!(bar(&t, Seat::E), None);
    assert!(legal(&t, Seat::E).len() > 1);
    let t = run(&[ruled, vec![call("E", "1S")]].concat());
    assert_eq!(bar(&t, Seat::W), Some((BarKind::NextTurn, Law::L31A2b)));
}

#[test]
fn ruled_natural_after_all_the_offender_passes_at_his_next_turn() {
    let t = run(&[
        alerted("E", "P"),
        artificial(true),
        Action::decline(Seat::S),
        call("N", "1C"),
        artificial(false),
    ]);
    assert_eq!(bar(&t, Seat::E), Some((BarKind::NextTurn, Law::L30A)));
    assert_eq!(legal(&t, Seat::E), [Call::Pass]);
}

#[test]
fn ruled_artificial_after_a_decline_at_partner_turn_a_pass_is_no_longer_comparable_by_itself() {
    let t = run(&[
        call("S", "P"),
        Action::decline(Seat::W),
        artificial(true),
        call("N", "1C"),
        call("E", "P"),
        call("S", "P"),
    ]);
    assert_eq!(bar(&t, Seat::N), Some((BarKind::NextTurn, Law::L31B2)));
}

#[test]
fn the_ruling_is_refused_when_no_rectification_is_open() {
    let mut t = run(&[call("N", "1C")]);
    assert_eq!(refused(&mut t, artificial(true)), Code::NoPendingRuling);
    let mut t = run(&[
        call("E", "P"),
        Action::decline(Seat::S),
        call("N", "1C"),
        call("E", "P"),
    ]);
    assert_eq!(refused(&mut t, artificial(true)), Code::NoPendingRuling);
}

#[test]
fn a_refused_ruling_leaves_the_table_as_it_was() {
    let mut t = run(&[call("N", "1C")]);
    let before = t.state_hash();
    assert_eq!(refused(&mut t, artificial(true)), Code::NoPendingRuling);
    assert_eq!(refused(&mut t, artificial_at(7, &[Strain::Hearts])), Code::NoSuchCall);
    assert_eq!(t.state_hash(), before);
}

#[test]
fn a_ruling_of_artificial_needs_a_value_and_takes_a_list_only_when_artificial() {
    let mut t = run(&[alerted("E", "P")]);
    for bad in [
        r#"{"seat":"director","type":"ruling","on":"artificial"}"#,
        r#"{"seat":"director","type":"ruling","on":"artificial","value":false,"specified":["H"]}"#,
        r#"{"seat":"director","type":"ruling","on":"artificial","value":"accept"}"#,
        r#"{"seat":"director","type":"ruling","on":"comparable","value":true,"index":0}"#,
    ] {
        assert_eq!(refused(&mut t, bad), Code::BadInput, "{bad}");
    }
    assert_eq!(
        refused(
            &mut t,
            Action {
                seat: Actor::Seat(Seat::S),
                ..artificial(true)
            }
        ),
        Code::NotEntitled
    );
}

// ------------------------------------------------------------------ L29C, L27B1a: what it specified

#[test]
fn the_denominations_of_an_artificial_call_out_of_rotation_go_with_its_comparable_question() {
    let t = run(&[
        alerted("E", "2C"),
        artificial_specifying(&[Strain::Hearts, Strain::Spades]),
        Action::decline(Seat::S),
        call("N", "1D"),
        call("E", "2H"),
    ]);
    let cmp = first_comparison(&t);
    assert_eq!(cmp.specified, Some(vec![Strain::Hearts, Strain::Spades]));
}

#[test]
fn an_artificial_insufficient_bid_is_replaced_without_rectification_in_the_suit_it_specified() {
    // E's 1H over 1S is insufficient and (ruled) showed diamonds: 2D is the lowest
    // sufficient bid specifying the same denomination (L27B1a); 2H is not.
    let base = [
        call("N", "1S"),
        alerted("E", "1H"),
        artificial_specifying(&[Strain::Diamonds]),
        Action::decline(Seat::S),
    ];
    let t = run(&[base.to_vec(), vec![call("E", "2D")]].concat());
    assert_eq!(bar(&t, Seat::W), None);
    let t = run(&[base.to_vec(), vec![call("E", "2H")]].concat());
    assert_eq!(bar(&t, Seat::W), Some((BarKind::Throughout, Law::L27B2)));
}

// ------------------------------------------------------------------ L26B: suits specified

/// E bids 1H at N's turn, not accepted; N opens 1C; E's alerted 2C (not comparable: W
/// passes once, L26B); S becomes declarer in spades, W leads (E's partner).
fn restriction_after(ruling: Option<Action>) -> Table {
    let mut s = vec![
        call("E", "1H"),
        Action::decline(Seat::S),
        call("N", "1C"),
        alerted("E", "2C"),
    ];
    s.extend(ruling);
    s.extend([
        call("S", "2S"),
        call("W", "P"),
        call("N", "4S"),
        call("E", "P"),
        call("S", "P"),
        call("W", "P"),
    ]);
    run(&s)
}

fn restrictable(t: &Table) -> Vec<Strain> {
    t.view(Viewer::Seat(Seat::S))
        .lead_restriction
        .map(|r| r.restrictable)
        .unwrap_or_default()
}

#[test]
fn declarer_may_not_name_the_strain_of_a_bid_presumed_natural() {
    let t = restriction_after(None);
    assert_eq!(restrictable(&t), [Strain::Diamonds, Strain::Hearts, Strain::Spades]);
}

#[test]
fn declarer_may_name_the_strain_an_artificial_bid_named_but_not_the_suits_it_specified() {
    // E's 2C (index 1) showed hearts and diamonds.
    let t = restriction_after(Some(artificial_at(1, &[Strain::Hearts, Strain::Diamonds])));
    assert_eq!(restrictable(&t), [Strain::Clubs, Strain::Spades]);
}

#[test]
fn a_ruling_in_the_clarification_period_updates_the_suits_declarer_may_name() {
    let mut t = restriction_after(None);
    assert!(t.apply(artificial_at(1, &[Strain::Diamonds])).is_ok());
    assert_eq!(restrictable(&t), [Strain::Clubs, Strain::Hearts, Strain::Spades]);
}

#[test]
fn an_artificial_call_that_specified_no_suit_leaves_every_suit_to_declarer() {
    let t = restriction_after(Some(artificial_at(1, &[])));
    assert_eq!(
        restrictable(&t),
        [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades]
    );
}

/// L25B1: E's 1S changed to an alerted 2D at S's turn; S accepts the change; S becomes
/// declarer in spades and W, E's partner, leads.
fn changed_call_then(ruling: Option<Action>) -> Table {
    let mut s = vec![
        call("N", "1C"),
        call("E", "1S"),
        alerted("E", "2D"),
        Action::accept(Seat::S),
    ];
    s.extend(ruling);
    s.extend([
        call("S", "2S"),
        call("W", "P"),
        call("N", "4S"),
        call("E", "P"),
        call("S", "P"),
        call("W", "P"),
    ]);
    run(&s)
}

#[test]
fn the_suits_a_changed_call_specified_are_those_the_director_states() {
    assert_eq!(
        restrictable(&changed_call_then(None)),
        [Strain::Clubs, Strain::Hearts, Strain::Spades]
    );
    // E's 2D (index 1) was a transfer-like call showing hearts and spades.
    assert_eq!(
        restrictable(&changed_call_then(Some(artificial_at(
            1,
            &[Strain::Hearts, Strain::Spades]
        )))),
        [Strain::Clubs, Strain::Diamonds]
    );
}

#[test]
fn a_change_of_call_ruled_comparable_leaves_no_lead_restriction() {
    // L25B1 "L26 may apply": L26A, a comparable replacement, removes it.
    let base = [
        call("N", "1C"),
        call("E", "1S"),
        alerted("E", "2D"),
        Action::accept(Seat::S),
    ];
    let t = run(&base);
    assert_eq!(t.state().lead().restrictions().len(), 1);
    let t = run(&[base.to_vec(), vec![comparable(true)]].concat());
    assert!(t.state().lead().restrictions().is_empty());
}

#[test]
fn the_withdrawn_call_of_a_change_keeps_the_denominations_the_director_states() {
    let t = run(&[
        call("N", "1C"),
        alerted("E", "1S"),
        call("E", "2D"),
        Action::accept(Seat::S),
        artificial_specifying(&[Strain::Hearts]),
    ]);
    let cmp = first_comparison(&t);
    assert_eq!(cmp.law, Law::L25B1);
    assert_eq!(cmp.specified, Some(vec![Strain::Hearts]));
}

/// An online table with irregularities rectified: the engine passes for barred players.
fn online(steps: &[Action]) -> Table {
    played(
        new_table("N", r#"{"preset":"online","irregularities":"rectify"}"#),
        steps,
    )
}

#[test]
fn the_engine_does_not_pass_for_an_offender_while_the_director_is_asked_if_his_pass_was_artificial() {
    let t = online(&[alerted("E", "P"), Action::decline(Seat::S), call("N", "1C")]);
    assert_eq!(t.turn(), Some(Seat::E));
    assert_eq!(t.calls().len(), 1, "no pass was made for E");
    // Ruled natural: the Law 30A pass is made for him at once.
    let t = online(&[
        alerted("E", "P"),
        Action::decline(Seat::S),
        call("N", "1C"),
        artificial(false),
    ]);
    assert_eq!(t.turn(), Some(Seat::S));
    assert_eq!(t.calls().len(), 2);
    // Ruled artificial: he calls freely (L31A2).
    let t = online(&[
        alerted("E", "P"),
        Action::decline(Seat::S),
        call("N", "1C"),
        artificial(true),
    ]);
    assert_eq!(t.turn(), Some(Seat::E));
    assert!(legal(&t, Seat::E).len() > 1);
}

#[test]
fn the_engine_still_passes_for_an_offender_whose_pass_nobody_questioned() {
    let t = online(&[call("E", "P"), Action::decline(Seat::S), call("N", "1C")]);
    assert_eq!(t.turn(), Some(Seat::S));
}
