//! Rulings on the flow of the board: L17D3/L34 (a pass out of rotation among the
//! closing passes), bars that last the auction period (L27B2 … L37 with L21B1/L25A5),
//! questions at any time online (SPEC 5.5) and L26B lead restrictions on the opening lead.
//! Each class is generated over seats, positions and regulations.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::event::Outcome;
use bridge_laws::{Action, Actor, Call, Code, Phase, RulingOn, Seat, Table};
use common::act::{self, rule};
use common::steps::{call, codes, new_table, ok};

/// The regulations in which an irregular call is recorded and rectified.
const RECTIFYING: [&str; 3] = [
    r#""face_to_face""#,
    r#""screens""#,
    r#"{"preset":"online","irregularities":"rectify"}"#,
];

/// How the offender's LHO accepts the pass out of rotation (L29A).
#[derive(Clone, Copy, Debug)]
enum Acceptance {
    Explicit,
    ByCalling,
}

/// One L17D3 case: dealer, whether a bid opens, how many passes in rotation precede the
/// pass out of rotation among the closing passes, who makes it (at RHO's or at partner's
/// turn) and how it is accepted. Returns the table right after the auction reverted.
fn l17d3_case(reg: &str, dealer: Seat, bid: bool, before: usize, at_partner_turn: bool, how: Acceptance) -> Table {
    let mut t = new_table(dealer, reg);
    let mut seat = dealer;
    if bid {
        ok(&mut t, call(seat, "1C"));
        seat = seat.lho();
    }
    for _ in 0..before {
        ok(&mut t, call(seat, "P"));
        seat = seat.lho();
    }
    let due = t.turn().expect("auction");
    assert_eq!(due, seat);
    let calls_before = t.calls();
    let offender = if at_partner_turn { due.partner() } else { due.lho() };
    let o = ok(&mut t, call(offender, "P"));
    assert!(codes(&o).contains(&Code::IrregCallOutOfRotation));
    let case = format!("{reg} dealer {dealer} bid {bid} before {before} partner-turn {at_partner_turn} {how:?}");
    let mut last = match how {
        Acceptance::Explicit => ok(&mut t, Action::accept(offender.lho())),
        Acceptance::ByCalling => ok(&mut t, call(offender.lho(), "P")),
    };
    // Rotation continues from the accepted pass until the auction would end.
    let mut guard = 0;
    if !bid && before == 0 {
        // The pass out of rotation is the first call: three passes in rotation follow it
        // and every player has called once: passed out (L22B), nobody lost his turn.
        while t.phase() == Phase::Auction {
            let next = t.turn().expect("auction");
            ok(&mut t, call(next, "P"));
            guard += 1;
            assert!(guard < 4, "{case}");
        }
        assert_eq!(t.phase(), Phase::PassedOut, "{case}");
        assert_eq!(t.calls().len(), 4, "{case}");
        return t;
    }
    while !codes(&last).contains(&Code::SkippedPlayer) {
        assert_eq!(
            t.phase(),
            Phase::Auction,
            "{case}: the auction ended with a player skipped"
        );
        let next = t.turn().expect("auction");
        last = ok(&mut t, call(next, "P"));
        guard += 1;
        assert!(guard < 4, "{case}: no L17D3 ruling");
    }
    // L17D3: the pass out of rotation and every pass after it are cancelled; the auction
    // reverts to the player whose turn it was.
    assert_eq!(t.phase(), Phase::Auction, "{case}");
    assert_eq!(t.calls(), calls_before, "{case}");
    assert_eq!(t.turn(), Some(due), "{case}");
    assert!(t.legal_calls(due).contains(Call::Pass), "{case}");
    // L16C: only the pass out of rotation is unauthorized information (for its maker's partner).
    let ui: Vec<Seat> = match &*last {
        Outcome::Accepted { warnings, .. } => warnings
            .iter()
            .filter(|w| w.code == Code::UiWithdrawnCall)
            .flat_map(|w| Seat::ALL.into_iter().filter(|s| w.audience.has_seat(*s)))
            .collect(),
        Outcome::Rejected(_) => Vec::new(),
    };
    assert_eq!(ui, [offender.partner()], "{case}");
    t
}

#[test]
fn l17d3_a_pass_out_of_rotation_among_the_closing_passes_never_ends_the_auction() {
    let mut cases = 0;
    for reg in RECTIFYING {
        for dealer in Seat::ALL {
            for bid in [true, false] {
                let positions = if bid { 0..3 } else { 0..4 };
                for before in positions {
                    for at_partner_turn in [false, true] {
                        for how in [Acceptance::Explicit, Acceptance::ByCalling] {
                            l17d3_case(reg, dealer, bid, before, at_partner_turn, how);
                            cases += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(cases, 3 * 4 * (3 + 4) * 2 * 2);
}

#[test]
fn l17d3_after_the_revert_the_auction_continues_normally_and_ends_in_rotation() {
    for reg in RECTIFYING {
        for dealer in Seat::ALL {
            for before in 0..3 {
                let mut t = l17d3_case(reg, dealer, true, before, false, Acceptance::Explicit);
                let reverted = t.calls().len();
                let mut n = 0;
                while t.phase() == Phase::Auction {
                    let s = t.turn().expect("turn");
                    ok(&mut t, call(s, "P"));
                    n += 1;
                }
                assert_eq!(t.phase(), Phase::Clarification);
                // Three passes in rotation after the bid: each player had his turn.
                assert_eq!(reverted + n, 4, "{reg} {dealer} {before}");
                assert_eq!(t.contract().map(|c| c.declarer), Some(dealer));
            }
        }
    }
}

#[test]
fn l17d3_four_passes_with_one_out_of_rotation_do_not_pass_the_board_out() {
    for dealer in Seat::ALL {
        let mut t = l17d3_case(RECTIFYING[0], dealer, false, 2, true, Acceptance::ByCalling);
        assert_ne!(t.phase(), Phase::PassedOut);
        let s = t.turn().expect("turn");
        ok(&mut t, call(s, "1NT"));
        assert_eq!(t.phase(), Phase::Auction);
    }
}

#[test]
fn l17d3_in_prevent_a_pass_out_of_rotation_is_refused_and_nothing_ends() {
    for dealer in Seat::ALL {
        let mut t = new_table(dealer, r#""online""#);
        ok(&mut t, call(dealer, "1C"));
        ok(&mut t, call(dealer.lho(), "P"));
        let o = t.apply(call(dealer, "P"));
        assert_eq!(o.rejection().map(|r| r.code()), Some(Code::NotYourTurn));
        assert_eq!(t.phase(), Phase::Auction);
        assert_eq!(t.turn(), Some(dealer.partner()));
    }
}

// ------------------------------------------------------------ bars for the auction period

/// The seat `i` places after the dealer.
fn nth(dealer: Seat, i: usize) -> Seat {
    Seat::from_index((dealer.index() + i) % 4)
}

fn barred(t: &Table) -> Vec<(Seat, bridge_laws::event::BarKind)> {
    Seat::ALL
        .into_iter()
        .filter_map(|s| t.state().bars().on(s).map(|b| (s, b.kind)))
        .collect()
}

/// A step relative to the dealer: seat offset, action type, call.
type Step = (usize, &'static str, &'static str);

/// Ways to bar players for the rest of the auction, as calls relative to the dealer
/// (seat offset, JSON action kind, call).
fn bar_producers() -> Vec<(&'static str, Vec<Step>)> {
    vec![
        // L27B2: a pass replaces an insufficient bid: the offender's partner passes throughout.
        (
            "27B2",
            vec![
                (0, "call", "1S"),
                (1, "call", "1H"),
                (2, "decline", ""),
                (1, "call", "P"),
            ],
        ),
        // L27B2: a non-comparable sufficient bid replaces it.
        (
            "27B2-bid",
            vec![
                (0, "call", "1S"),
                (1, "call", "1H"),
                (2, "decline", ""),
                (1, "call", "2C"),
            ],
        ),
        // L37B: a barred player's bid, declined: both offenders pass throughout.
        (
            "37B",
            vec![
                (0, "call", "1S"),
                (1, "call", "1H"),
                (2, "decline", ""),
                (1, "call", "P"),
                (2, "call", "2S"),
                (3, "call", "3H"),
                (0, "decline", ""),
            ],
        ),
        // L36B: an inadmissible double of partner's bid, declined: partner passes throughout.
        (
            "36B",
            vec![
                (0, "call", "1S"),
                (1, "call", "P"),
                (2, "call", "X"),
                (3, "decline", ""),
                (2, "call", "2S"),
            ],
        ),
    ]
}

fn step(dealer: Seat, (i, kind, c): (usize, &str, &str)) -> Action {
    let seat = nth(dealer, i);
    match kind {
        "call" => call(seat, c),
        "decline" => Action::decline(seat),
        _ => panic!("no step {kind}"),
    }
}

/// Passes in rotation until the auction ends.
fn pass_out_the_auction(t: &mut Table) {
    let mut guard = 0;
    while t.phase() == Phase::Auction {
        let s = t.turn().expect("turn");
        ok(t, call(s, "P"));
        guard += 1;
        assert!(guard < 8, "the auction does not end");
    }
}

#[test]
fn l27b2_l36b_l37b_bars_throughout_survive_an_auction_reopened_under_l25a5() {
    let mut cases = 0;
    for reg in [r#""face_to_face""#, r#""screens""#] {
        for dealer in Seat::ALL {
            for (law, steps) in bar_producers() {
                let mut t = new_table(dealer, reg);
                for s in &steps {
                    ok(&mut t, step(dealer, *s));
                }
                let bars = barred(&t);
                assert!(!bars.is_empty(), "{law}: nobody barred");
                pass_out_the_auction(&mut t);
                assert_eq!(t.phase(), Phase::Clarification, "{law}");
                // The bars last the whole auction period.
                assert_eq!(barred(&t), bars, "{law} {dealer}: bars lifted at the final pass");
                // L25A5: the latest passer who is not barred replaces his pass by a bid.
                let record = &t.state().auction().record();
                let replacer = record
                    .iter()
                    .rev()
                    .map(|r| r.seat)
                    .find(|s| !bars.iter().any(|(b, _)| b == s))
                    .expect("an unbarred passer");
                ok(&mut t, Action::replace_call(replacer, act::bid("7NT")));
                ok(&mut t, rule(RulingOn::Unintended, true));
                assert_eq!(t.phase(), Phase::Auction, "{law}");
                assert_eq!(barred(&t), bars, "{law} {dealer}: bars lost when the auction reopened");
                // Every barred player's turn in the reopened auction: pass only.
                let mut guard = 0;
                while t.phase() == Phase::Auction {
                    let s = t.turn().expect("turn");
                    if bars.iter().any(|(b, _)| *b == s) {
                        assert_eq!(
                            t.legal_calls(s).iter().collect::<Vec<_>>(),
                            [Call::Pass],
                            "{law} {dealer} {s}"
                        );
                        let mut probe = t.clone();
                        let o = probe.apply(call(s, "X"));
                        assert!(codes(&o).contains(&Code::IrregBarredCall), "{law} {dealer} {s}");
                    }
                    ok(&mut t, call(s, "P"));
                    guard += 1;
                    assert!(guard < 8);
                }
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 2 * 4 * bar_producers().len());
}

#[test]
fn l27b2_bars_lapse_when_the_opening_lead_is_faced() {
    for dealer in Seat::ALL {
        let mut t = new_table(dealer, r#""face_to_face""#);
        for s in &bar_producers()[0].1 {
            ok(&mut t, step(dealer, *s));
        }
        pass_out_the_auction(&mut t);
        assert!(!barred(&t).is_empty());
        let leader = t.contract().expect("contract").leader();
        ok(&mut t, act::lead(leader, "CA"));
        assert!(
            !barred(&t).is_empty(),
            "the auction period lasts until the lead is faced"
        );
        let o = ok(&mut t, Action::face_lead(leader));
        assert!(barred(&t).is_empty());
        let lifted = match &*o {
            Outcome::Accepted { events, .. } => events
                .iter()
                .filter(|e| matches!(e.kind, bridge_laws::EventKind::BarLifted { .. }))
                .count(),
            Outcome::Rejected(_) => 0,
        };
        assert_eq!(lifted, 1);
    }
}

// ------------------------------------------------------ SPEC 2 / 5.5: questions at any time

/// An auction in which every seat calls, declarer = dealer: 1C (1H) 1S P 1NT P P P.
fn auction_with_every_seat(dealer: Seat, reg: &str) -> Table {
    let mut t = new_table(dealer, reg);
    for (i, c) in ["1C", "1H", "1S", "P", "1NT", "P", "P", "P"].iter().enumerate() {
        ok(&mut t, call(nth(dealer, i), c));
    }
    assert_eq!(t.contract().map(|c| c.declarer), Some(dealer));
    t
}

/// What `ask` answers for each seat and each call: `expected(seat, caller)`.
fn check_questions(t: &Table, what: &str, expected: &dyn Fn(Seat, Seat) -> Option<Code>) {
    let callers: Vec<Seat> = t
        .state()
        .auction()
        .record()
        .iter()
        .filter(|r| r.status == bridge_laws::state::Status::InForce)
        .map(|r| r.seat)
        .collect();
    for seat in Seat::ALL {
        for (index, caller) in callers.iter().enumerate() {
            let mut probe = t.clone();
            let o = probe.apply(Action::ask(seat, index));
            let got = o.rejection().map(|r| r.code());
            assert_eq!(
                got,
                expected(seat, *caller),
                "{what}: {seat} asks about {caller}'s call {index}"
            );
        }
    }
}

#[test]
fn spec_5_5_l20f2_online_any_time_a_player_asks_about_an_opponents_call_during_play_out_of_turn() {
    for dealer in Seat::ALL {
        let mut t = auction_with_every_seat(dealer, r#""online""#);
        let dummy = dealer.partner();
        let rule = |seat: Seat, caller: Seat| {
            if seat == dummy {
                Some(Code::DummyMayNotAsk)
            } else if !caller.is_opponent_of(seat) {
                Some(Code::AskOwnSide)
            } else {
                None
            }
        };
        check_questions(&t, "clarification", &rule);
        let leader = dealer.lho();
        ok(&mut t, act::lead(leader, "SA"));
        check_questions(&t, "clarification, lead face down", &rule);
        ok(&mut t, Action::face_lead(leader));
        assert_eq!(t.phase(), Phase::Play);
        check_questions(&t, "play, dummy's card due", &rule);
        ok(&mut t, act::play_dummy(dealer, "S2"));
        check_questions(&t, "play, third hand due", &rule);
    }
}

#[test]
fn spec_5_5_l20f2_own_turn_regulation_still_limits_questions_in_play_to_ones_turn() {
    for dealer in Seat::ALL {
        let mut t = auction_with_every_seat(dealer, r#""online_tournament""#);
        let leader = dealer.lho();
        ok(&mut t, act::play(leader, "SA"));
        let due = t.turn().expect("declarer plays from dummy");
        let rule = |seat: Seat, caller: Seat| {
            if seat == dealer.partner() {
                Some(Code::DummyMayNotAsk)
            } else if !caller.is_opponent_of(seat) {
                Some(Code::AskOwnSide)
            } else if seat != due {
                Some(Code::AskNotYourTurn)
            } else {
                None
            }
        };
        check_questions(&t, "own_turn play", &rule);
    }
}

#[test]
fn spec_2_questions_any_time_whole_auction_question_in_play_by_anyone_but_dummy() {
    for dealer in Seat::ALL {
        let mut t = auction_with_every_seat(dealer, r#""online""#);
        ok(&mut t, act::play(dealer.lho(), "SA"));
        for seat in Seat::ALL {
            let mut probe = t.clone();
            let o = probe.apply(Action::ask_auction(seat));
            let want = (seat == dealer.partner()).then_some(Code::DummyMayNotAsk);
            assert_eq!(o.rejection().map(|r| r.code()), want, "{seat}");
        }
    }
}

// ------------------------------------------------------------- L26B on the opening lead

/// Dealer d: 1C P 1D 1H 1S P 2S, the fourth seat's insufficient 2H replaced by a pass
/// (L27B2), then passes: 2S by the dealer; the opening leader's partner is the offender.
fn restricted_lead_in(reg: &str, dealer: Seat) -> Table {
    let mut t = new_table(dealer, reg);
    let steps: [Step; 9] = [
        (0, "call", "1C"),
        (1, "call", "P"),
        (2, "call", "1D"),
        (3, "call", "1H"),
        (0, "call", "1S"),
        (1, "call", "P"),
        (2, "call", "2S"),
        (3, "call", "2H"),
        (0, "decline", ""),
    ];
    for s in steps {
        ok(&mut t, step(dealer, s));
    }
    ok(&mut t, call(nth(dealer, 3), "P"));
    pass_out_the_auction(&mut t);
    assert_eq!(t.contract().map(|c| c.declarer), Some(dealer));
    t
}

fn restricted_lead(dealer: Seat) -> Table {
    restricted_lead_in(r#""face_to_face""#, dealer)
}

const REQUIRE_OR_PROHIBIT: &str = r#"{"preset":"face_to_face","lead_restriction":"require_or_prohibit"}"#;

/// Declarer `seat` prohibits (or requires) the lead of `suit`, or names none.
fn restrict(seat: Seat, suit: Option<&str>, require: bool) -> Action {
    Action::restrict_lead(seat, suit.map(act::suit), require)
}

fn kinds(o: &Outcome) -> Vec<String> {
    o.events()
        .iter()
        .filter_map(|e| serde_json::to_value(&e.kind).ok())
        .filter_map(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
        .collect()
}

/// Refused with `code`, leaving the table as it was.
fn refused(t: &mut Table, step: Action, code: Code) {
    let hash = t.state_hash();
    let log = t.log().len();
    let shown = format!("{step:?}");
    let o = t.apply(step);
    assert_eq!(
        o.rejection().map(|r| (r.code(), r.law().as_str())),
        Some((code, "26B")),
        "{shown}"
    );
    assert_eq!(
        (t.state_hash(), t.log().len()),
        (hash, log),
        "{shown} left something behind"
    );
}

#[test]
fn l26b_everyone_sees_the_restriction_and_the_lead_waits_for_declarers_choice() {
    use bridge_laws::{Strain, Viewer};
    for reg in RECTIFYING.into_iter().chain([REQUIRE_OR_PROHIBIT]) {
        for dealer in Seat::ALL {
            let t = restricted_lead_in(reg, dealer);
            let leader = dealer.lho();
            let offender = leader.partner();
            for viewer in Seat::ALL.map(Viewer::Seat).into_iter().chain([Viewer::Director]) {
                let v = t.view(viewer);
                let r = v.lead_restriction.expect("the restriction is announced to everyone");
                assert_eq!((r.offender, r.leader, r.declarer), (offender, leader, dealer));
                // Hearts were specified by the offender in the legal auction (1H).
                assert_eq!(r.restrictable, [Strain::Clubs, Strain::Diamonds, Strain::Spades]);
                assert_eq!(r.may_require, reg == REQUIRE_OR_PROHIBIT);
                assert!(!r.chosen);
                assert_eq!((r.prohibited, r.required), (None, None));
                // Nobody may lead without an irregularity until declarer has chosen.
                assert!(v.legal_leads.is_empty(), "{reg} {viewer:?}");
            }
        }
    }
}

#[test]
fn l26b_only_declarer_chooses_once_among_the_suits_the_offender_did_not_specify() {
    use bridge_laws::{Strain, Viewer};
    for reg in RECTIFYING {
        for dealer in Seat::ALL {
            let mut t = restricted_lead_in(reg, dealer);
            for other in [dealer.lho(), dealer.partner(), dealer.rho()] {
                refused(&mut t, restrict(other, Some("S"), false), Code::NotEntitled);
            }
            refused(&mut t, restrict(dealer, Some("H"), false), Code::SuitNotRestrictable);
            refused(&mut t, restrict(dealer, Some("S"), true), Code::RequireNotAllowed);
            let o = ok(&mut t, restrict(dealer, Some("S"), false));
            assert_eq!(kinds(&o), ["lead_restricted"]);
            refused(&mut t, restrict(dealer, Some("C"), false), Code::LeadAlreadyRestricted);
            refused(&mut t, restrict(dealer, None, false), Code::LeadAlreadyRestricted);
            for seat in Seat::ALL {
                let v = t.view(Viewer::Seat(seat));
                let r = v.lead_restriction.expect("restriction");
                assert!(r.chosen);
                assert_eq!((r.prohibited, r.required), (Some(Strain::Spades), None));
                let want: &[Strain] = if seat == dealer.lho() {
                    &[Strain::Clubs, Strain::Diamonds, Strain::Hearts]
                } else {
                    &[]
                };
                assert_eq!(v.legal_leads, want, "{reg} {seat}");
            }
            let o = ok(&mut t, act::lead(dealer.lho(), "SA"));
            assert!(codes(&o).contains(&Code::IrregProhibitedLead));
            assert!(kinds(&o).contains(&"director_summoned".to_string()));
            // Once faced, the choice is over.
            ok(&mut t, Action::face_lead(dealer.rho()));
            refused(&mut t, restrict(dealer, Some("C"), false), Code::WrongPeriod);
            let back = Table::from_json(&t.to_json()).expect("round trip");
            assert_eq!(back.state_hash(), t.state_hash());
        }
    }
}

#[test]
fn l26b_a_lead_that_respects_the_prohibition_or_a_waived_restriction_is_clean() {
    for dealer in Seat::ALL {
        let mut t = restricted_lead(dealer);
        ok(&mut t, restrict(dealer, Some("C"), false));
        let o = ok(&mut t, act::lead(dealer.lho(), "HA"));
        assert!(codes(&o).is_empty(), "{:?}", codes(&o));
        let mut t = restricted_lead(dealer);
        ok(&mut t, restrict(dealer, None, false));
        assert_eq!(t.view(bridge_laws::Viewer::Seat(dealer.lho())).legal_leads.len(), 4);
        let o = ok(&mut t, act::lead(dealer.lho(), "SA"));
        assert!(codes(&o).is_empty(), "{:?}", codes(&o));
    }
}

#[test]
fn l26b_under_rectify_a_lead_before_declarers_choice_is_recorded_and_checked_when_he_chooses() {
    for reg in RECTIFYING {
        for dealer in Seat::ALL {
            let mut t = restricted_lead_in(reg, dealer);
            let o = ok(&mut t, act::lead(dealer.lho(), "SA"));
            assert!(codes(&o).contains(&Code::IrregLeadBeforeRestriction));
            assert!(kinds(&o).contains(&"director_summoned".to_string()));
            // Declarer may still choose while the lead is face down; the hidden card is then
            // checked (recorded, never refused, which would reveal it).
            let o = ok(&mut t, restrict(dealer, Some("S"), false));
            assert!(codes(&o).contains(&Code::IrregProhibitedLead));
        }
    }
}

#[test]
fn l26b_require_under_require_or_prohibit_binds_the_lead_unless_the_leader_is_void() {
    use bridge_laws::{Strain, Viewer};
    for dealer in Seat::ALL {
        let leader = dealer.lho();
        let mut t = restricted_lead_in(REQUIRE_OR_PROHIBIT, dealer);
        refused(&mut t, restrict(dealer, Some("H"), true), Code::SuitNotRestrictable);
        let o = ok(&mut t, restrict(dealer, Some("D"), true));
        assert_eq!(kinds(&o), ["lead_restricted"]);
        let v = t.view(Viewer::Seat(leader));
        let r = v.lead_restriction.expect("restriction");
        assert_eq!((r.prohibited, r.required), (None, Some(Strain::Diamonds)));
        // Every suit is a legal lead: the requirement binds a leader who holds a diamond,
        // which the engine cannot see (SPEC §5.7); the view states it above.
        assert_eq!(
            v.legal_leads,
            Strain::ALL
                .into_iter()
                .filter(|s| s.suit().is_some())
                .collect::<Vec<_>>()
        );
        let o = ok(&mut t, act::lead(leader, "D7"));
        assert!(codes(&o).is_empty(), "{:?}", codes(&o));

        // A void leader leads another suit; if he later shows a diamond, he was not void.
        let mut t = restricted_lead_in(REQUIRE_OR_PROHIBIT, dealer);
        ok(&mut t, restrict(dealer, Some("D"), true));
        let o = ok(&mut t, act::lead(leader, "HK"));
        assert!(codes(&o).contains(&Code::RequiredSuitVoid));
        assert!(!codes(&o).contains(&Code::IrregProhibitedLead));
        ok(&mut t, Action::face_lead(leader.partner()));
        let dummy = dealer.partner();
        let cards = [
            act::play_dummy(dealer, "HA"),
            act::play(leader.partner(), "H2"),
            act::play(dealer, "H3"),
        ];
        for c in &cards {
            ok(&mut t, c);
        }
        // Dummy won; declarer leads a club from dummy and the leader follows with a diamond.
        assert_eq!(t.turn(), Some(dealer), "dummy {dummy} on lead, played by declarer");
        ok(&mut t, act::play_dummy(dealer, "C2"));
        let o = ok(&mut t, act::play(leader.partner(), "D2"));
        assert!(
            !codes(&o).contains(&Code::IrregRequiredSuitNotLed),
            "partner is not bound"
        );
        ok(&mut t, act::play(dealer, "C3"));
        let o = ok(&mut t, act::play(leader, "D3"));
        assert!(codes(&o).contains(&Code::IrregRequiredSuitNotLed));
        assert!(kinds(&o).contains(&"director_summoned".to_string()));
    }
}

#[test]
fn l26b_declarer_has_nothing_to_choose_without_a_restriction_or_outside_the_clarification_period() {
    for dealer in Seat::ALL {
        let mut t = new_table(dealer, r#""face_to_face""#);
        refused(&mut t, restrict(dealer, Some("S"), false), Code::WrongPeriod);
        ok(&mut t, call(dealer, "1S"));
        pass_out_the_auction(&mut t);
        refused(&mut t, restrict(dealer, Some("S"), false), Code::NoLeadRestriction);
        let o = t.apply(Action {
            seat: Actor::Director,
            ..restrict(dealer, Some("S"), false)
        });
        assert_eq!(o.rejection().map(|r| r.code()), Some(Code::NotEntitled));
    }
}

#[test]
fn l26b_a_restriction_on_the_opening_leaders_own_offence_does_not_touch_the_opening_lead() {
    use bridge_laws::Viewer;
    // It binds his partner's first lead in play: shown, with the player it binds.
    for dealer in Seat::ALL {
        // The second seat's insufficient 1H over 1S, replaced by a pass: he leads himself.
        let mut t = new_table(dealer, r#""face_to_face""#);
        ok(&mut t, call(dealer, "1S"));
        ok(&mut t, call(dealer.lho(), "1H"));
        ok(&mut t, Action::decline(dealer.partner()));
        ok(&mut t, call(dealer.lho(), "P"));
        pass_out_the_auction(&mut t);
        assert_eq!(t.contract().map(|c| c.leader()), Some(dealer.lho()));
        let shown = t.view(Viewer::Seat(dealer.lho())).lead_restriction.expect("shown");
        assert_eq!((shown.offender, shown.leader), (dealer.lho(), dealer.rho()));
        assert_eq!(t.view(Viewer::Seat(dealer.lho())).legal_leads.len(), 4);
        refused(&mut t, restrict(dealer, Some("S"), false), Code::NoLeadRestriction);
    }
}
