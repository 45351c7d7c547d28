//! Clauses of the laws digest that no other suite names (L17B–D2, L18B–E, L19A1–D, L20C2,
//! L22, L29B, L30B2, L31B1, L31C, L32B, L32C, L36B1, L37B1): behaviour tests named for
//! their clause, dealer N.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::{Action, BarKind, Call, Code, EventKind, Law, Phase, Seat, Table, Warning};
use common::act::{comparable, lead, play_hand};
use common::steps::{bar, call, calls, new_table, ok, refused};

/// What a face-to-face table went through: the table after `steps`, every event and warning.
struct Played {
    table: Table,
    events: Vec<EventKind>,
    warnings: Vec<Warning>,
}

/// Plays `steps` (each accepted) on a face-to-face table dealt by N.
fn play(steps: &[Action]) -> Played {
    let mut table = new_table("N", r#""face_to_face""#);
    let (mut events, mut warnings) = (Vec::new(), Vec::new());
    for s in steps {
        let o = ok(&mut table, s);
        events.extend(o.events().iter().map(|e| e.kind.clone()));
        warnings.extend_from_slice(o.warnings());
    }
    Played {
        table,
        events,
        warnings,
    }
}

fn parsed(c: &str) -> Call {
    c.parse().expect("call")
}

/// The laws the withdrawals of `seat`'s `c` cited.
fn withdrawn_under(p: &Played, seat: Seat, c: &str) -> Vec<Law> {
    p.events
        .iter()
        .filter_map(|e| match e {
            EventKind::CallWithdrawn { seat: s, call, law, .. } if *s == seat && *call == parsed(c) => Some(*law),
            _ => None,
        })
        .collect()
}

/// The codes of the irregularities recorded against `seat`.
fn irregularities(p: &Played, seat: Seat) -> Vec<Code> {
    p.events
        .iter()
        .filter_map(|e| match e {
            EventKind::Irregularity { code, seat: s, .. } if *s == seat => Some(*code),
            _ => None,
        })
        .collect()
}

/// Whether a warning with `code` concerns `seat`.
fn warned(p: &Played, code: Code, seat: Seat) -> bool {
    p.warnings.iter().any(|w| w.code == code && w.seat == Some(seat))
}

#[test]
fn l29b_a_declined_call_out_of_rotation_is_cancelled_and_the_auction_returns_to_the_player_whose_turn_it_was() {
    // S bids at his partner's (the dealer's) turn; W, his LHO, does not accept.
    let p = play(&[call("S", "1H"), Action::decline(Seat::W)]);
    assert_eq!(withdrawn_under(&p, Seat::S, "1H"), [Law::L29B]);
    assert!(calls(&p.table).is_empty());
    assert_eq!(p.table.turn(), Some(Seat::N));
}

#[test]
fn l31b1_the_partner_of_a_cancelled_bid_calls_freely_but_it_is_unauthorized_for_him() {
    let p = play(&[call("S", "1H"), Action::decline(Seat::W)]);
    assert_eq!(bar(&p.table, Seat::N), None);
    assert!(p.table.is_legal(Seat::N, parsed("1H")));
    assert!(p.table.is_legal(Seat::N, parsed("P")));
    // L16C2 for the offending side, L16C1 for the other.
    assert!(warned(&p, Code::UiWithdrawnCall, Seat::N));
    assert!(!warned(&p, Code::UiWithdrawnCall, Seat::E));
    assert!(!warned(&p, Code::UiWithdrawnCall, Seat::W));
}

/// N opens 1C and W doubles at E's (his partner's) turn; N does not accept.
fn double_at_partners_turn() -> Vec<Action> {
    vec![call("N", "1C"), call("W", "X"), Action::decline(Seat::N)]
}

#[test]
fn l32b1_the_partner_of_a_cancelled_double_calls_freely_but_it_is_unauthorized_for_him() {
    let p = play(&double_at_partners_turn());
    assert_eq!(withdrawn_under(&p, Seat::W, "X"), [Law::L29B]);
    assert_eq!(calls(&p.table), ["1C"]);
    assert_eq!(p.table.turn(), Some(Seat::E));
    assert_eq!(bar(&p.table, Seat::E), None);
    assert!(p.table.is_legal(Seat::E, parsed("X")));
    assert!(p.table.is_legal(Seat::E, parsed("7NT")));
    assert!(warned(&p, Code::UiWithdrawnCall, Seat::E));
}

#[test]
fn l32b2_the_doubler_calls_freely_and_a_call_not_comparable_bars_his_partner_once() {
    let mut s = double_at_partners_turn();
    s.extend([call("E", "P"), call("S", "P")]);
    let before = play(&s);
    assert!(
        before.table.is_legal(Seat::W, parsed("2NT")),
        "the offender calls freely"
    );
    s.push(call("W", "2NT"));
    let p = play(&s);
    assert_eq!(calls(&p.table), ["1C", "P", "P", "2NT"]);
    assert_eq!(bar(&p.table, Seat::E), Some(BarKind::NextTurn));
}

#[test]
fn l32b2_a_call_ruled_comparable_leaves_the_doublers_partner_free() {
    let mut s = double_at_partners_turn();
    s.extend([call("E", "P"), call("S", "P"), call("W", "X"), comparable(true)]);
    let p = play(&s);
    assert_eq!(calls(&p.table), ["1C", "P", "P", "X"]);
    assert_eq!(bar(&p.table, Seat::E), None);
}

#[test]
fn l30b2_l31c_l32c_a_later_call_at_lho_turn_is_a_change_of_call_not_a_call_out_of_rotation() {
    // E has called; he calls again when it is S's (his LHO's) turn: Law 25, not Laws 29–32.
    for (law, first, second) in [("L30B2", "1H", "P"), ("L31C", "P", "1H"), ("L32C", "P", "X")] {
        let p = play(&[call("N", "1C"), call("E", first), call("E", second)]);
        assert_eq!(irregularities(&p, Seat::E), [Code::IrregChangeOfCall], "{law}");
        let declined = {
            let mut s = vec![call("N", "1C"), call("E", first), call("E", second)];
            s.push(Action::decline(Seat::S));
            play(&s)
        };
        // L25B: not accepted, the change is void and the original call stands.
        assert_eq!(calls(&declined.table), ["1C", first], "{law}");
        assert_eq!(declined.table.turn(), Some(Seat::S), "{law}");
        assert_eq!(bar(&declined.table, Seat::W), None, "{law}");
    }
}

#[test]
fn l36b1_a_declined_inadmissible_redouble_is_cancelled_and_the_offender_calls_again() {
    let p = play(&[call("N", "1C"), call("E", "XX"), Action::decline(Seat::S)]);
    assert_eq!(irregularities(&p, Seat::E), [Code::IrregInadmissibleDouble]);
    assert_eq!(withdrawn_under(&p, Seat::E, "XX"), [Law::L36B1]);
    assert_eq!(calls(&p.table), ["1C"]);
    // L36B2: the offender substitutes a legal call; a redouble still is not one.
    assert_eq!(p.table.turn(), Some(Seat::E));
    assert!(!p.table.is_legal(Seat::E, parsed("XX")));
    assert!(p.table.is_legal(Seat::E, parsed("X")));
}

#[test]
fn l37b1_a_barred_players_bid_not_called_over_is_cancelled_under_l37b1() {
    // E passes at N's turn, S declines: E must pass at his next turn (L30A); he bids instead.
    let p = play(&[
        call("E", "P"),
        Action::decline(Seat::S),
        call("N", "1C"),
        call("E", "1H"),
        Action::decline(Seat::S),
    ]);
    assert_eq!(irregularities(&p, Seat::E).last(), Some(&Code::IrregBarredCall));
    assert_eq!(withdrawn_under(&p, Seat::E, "1H"), [Law::L37B1]);
    // L37B2: a pass is substituted and the auction goes on with S.
    assert_eq!(calls(&p.table), ["1C", "P"]);
    assert_eq!(p.table.turn(), Some(Seat::S));
}

/// Every bid, written out from L18A and L18E alone: levels 1–7, then C < D < H < S < NT.
fn every_bid_in_rank_order() -> Vec<String> {
    (1..=7)
        .flat_map(|level| ["C", "D", "H", "S", "NT"].map(|strain| format!("{level}{strain}")))
        .collect()
}

/// The bids `seat` may make now, as the JSON writes them.
fn legal_bids(t: &Table, seat: Seat) -> Vec<String> {
    t.legal_calls(seat)
        .iter()
        .filter(|c| c.bid().is_some())
        .map(|c| c.to_string())
        .collect()
}

#[test]
fn l18b_l18e_a_bid_is_sufficient_exactly_when_it_ranks_above_the_last_bid() {
    let all = every_bid_in_rank_order();
    for (i, last) in all.iter().enumerate() {
        let p = play(&[call("N", last)]);
        assert_eq!(legal_bids(&p.table, Seat::E), all[i + 1..], "over {last}");
    }
}

#[test]
fn l18d_an_insufficient_bid_is_refused_where_irregularities_are_prevented() {
    let mut t = new_table("N", r#""online""#);
    ok(&mut t, call("N", "1S"));
    for insufficient in ["1C", "1D", "1H", "1S"] {
        assert_eq!(refused(&mut t, call("E", insufficient)), Code::InsufficientBid);
    }
    ok(&mut t, call("E", "1NT"));
}

/// The contract the auction ended in, as the events wrote it.
fn contract(p: &Played) -> Option<&str> {
    p.events.iter().find_map(|e| match e {
        EventKind::AuctionEnded { contract, .. } => Some(contract.as_str()),
        _ => None,
    })
}

#[test]
fn l19a1_l19b1_passes_may_intervene_before_a_double_or_redouble_by_an_opponent() {
    let p = play(&[call("N", "1C"), call("E", "P"), call("S", "P")]);
    assert!(
        p.table.is_legal(Seat::W, parsed("X")),
        "W doubles N's bid across two passes"
    );
    let p = play(&[call("N", "1C"), call("E", "X"), call("S", "P"), call("W", "P")]);
    assert!(
        p.table.is_legal(Seat::N, parsed("XX")),
        "N redoubles E's double across two passes"
    );
    assert!(
        !p.table.is_legal(Seat::N, parsed("X")),
        "a doubled bid is not doubled again"
    );
}

#[test]
fn l19a1_l19b1_a_side_never_doubles_its_own_bid_nor_redoubles_its_own_double() {
    let mut t = new_table("N", r#""online""#);
    ok(&mut t, call("N", "1C"));
    ok(&mut t, call("E", "P"));
    assert_eq!(refused(&mut t, call("S", "X")), Code::DoubleNotAllowed);
    ok(&mut t, call("S", "P"));
    ok(&mut t, call("W", "X"));
    ok(&mut t, call("N", "P"));
    assert_eq!(refused(&mut t, call("E", "XX")), Code::RedoubleNotAllowed);
}

#[test]
fn l19c_a_later_bid_supersedes_a_double_and_l19d_an_undisturbed_double_stands() {
    let superseded = play(&[
        call("N", "1C"),
        call("E", "X"),
        call("S", "1H"),
        call("W", "P"),
        call("N", "P"),
        call("E", "P"),
    ]);
    assert_eq!(contract(&superseded), Some("1H"));
    let stands = play(&[
        call("N", "1C"),
        call("E", "X"),
        call("S", "P"),
        call("W", "P"),
        call("N", "P"),
    ]);
    assert_eq!(contract(&stands), Some("1CX"));
    let redoubled = play(&[
        call("N", "1C"),
        call("E", "X"),
        call("S", "XX"),
        call("W", "P"),
        call("N", "P"),
        call("E", "P"),
    ]);
    assert_eq!(contract(&redoubled), Some("1CXX"));
}

/// Whether `seat` may have the auction restated now: `Ok`, or the code and law of the refusal
/// (a review changes nothing but who has heard the auction, so it is probed on a copy).
fn review(t: &Table, seat: Seat) -> Result<(), (Code, Law)> {
    let mut copy = t.clone();
    match copy.apply(Action::review(seat)).rejection() {
        None => Ok(()),
        Some(r) => Err((r.code(), r.law())),
    }
}

/// Plays `card` for `hand`; declarer N plays dummy S's cards.
fn play_card(t: &mut Table, hand: Seat, card: &str) {
    ok(t, play_hand(hand, Seat::S, card));
}

#[test]
fn l20c2_a_player_has_the_auction_restated_at_his_first_turn_to_play_and_not_after() {
    // 1S by N: E leads, S is dummy.
    let mut t = play(&[call("N", "1S"), call("E", "P"), call("S", "P"), call("W", "P")]).table;
    for seat in [Seat::N, Seat::E, Seat::W] {
        assert_eq!(review(&t, seat), Ok(()), "{seat} after the final pass");
    }
    play_card(&mut t, Seat::E, "D2");
    assert_eq!(
        review(&t, Seat::E).map_err(|e| e.0),
        Err(Code::ReviewExpired),
        "E has played"
    );
    assert_eq!(
        review(&t, Seat::N),
        Ok(()),
        "declarer's first turn to play is from dummy"
    );
    assert_eq!(
        review(&t, Seat::W),
        Err((Code::ReviewNotYourTurn, Law::L20C2)),
        "not W's turn yet"
    );
    play_card(&mut t, Seat::S, "D3");
    assert_eq!(review(&t, Seat::W), Ok(()), "W's first turn to play");
    play_card(&mut t, Seat::W, "DA");
    assert_eq!(
        review(&t, Seat::W).map_err(|e| e.0),
        Err(Code::ReviewExpired),
        "W has played"
    );
}

#[test]
fn l17b_l17c_the_dealer_calls_first_and_the_others_follow_clockwise() {
    for dealer in Seat::ALL {
        let mut t = new_table(dealer, r#""online""#);
        let mut due = dealer;
        for _ in 0..3 {
            assert_eq!(t.turn(), Some(due), "dealer {dealer}");
            assert_eq!(
                refused(&mut t, call(due.rho(), "P")),
                Code::NotYourTurn,
                "dealer {dealer}"
            );
            ok(&mut t, call(due, "P"));
            due = due.lho();
        }
        assert_eq!(due, dealer.rho(), "dealer {dealer}: N, E, S, W is clockwise");
    }
}

#[test]
fn l22a_three_passes_in_rotation_after_a_bid_end_the_auction_and_two_do_not() {
    let open = play(&[call("N", "1C"), call("E", "P"), call("S", "P")]);
    assert_eq!(open.table.phase(), Phase::Auction);
    assert_eq!(open.table.turn(), Some(Seat::W));
    let ended = play(&[call("N", "1C"), call("E", "P"), call("S", "P"), call("W", "P")]);
    assert_eq!(ended.table.phase(), Phase::Clarification);
    assert_eq!(contract(&ended), Some("1C"));
    assert_eq!(ended.table.turn(), Some(Seat::E), "declarer's LHO leads");
    assert!(ended.table.legal_calls(Seat::E).is_empty(), "nobody calls any more");
}

#[test]
fn l22b_l17d2_four_passes_pass_the_board_out_and_its_period_ends_when_the_hands_go_back() {
    let three = play(&[call("N", "P"), call("E", "P"), call("S", "P")]);
    assert_eq!(
        three.table.phase(),
        Phase::Auction,
        "three passes do not pass a board out"
    );
    let four = play(&[call("N", "P"), call("E", "P"), call("S", "P"), call("W", "P")]);
    assert_eq!(contract(&four), None);
    let mut t = four.table;
    assert_eq!(t.phase(), Phase::PassedOut);
    ok(&mut t, Action::return_hands(Seat::N));
    assert_ne!(t.phase(), Phase::PassedOut);
    assert_eq!(refused(&mut t, Action::return_hands(Seat::N)), Code::WrongPeriod);
}

#[test]
fn l17d1_the_clarification_period_lasts_until_a_defender_faces_the_opening_lead() {
    let mut t = play(&[call("N", "1S"), call("E", "P"), call("S", "P"), call("W", "P")]).table;
    assert_eq!(
        refused(&mut t, Action::face_lead(Seat::E)),
        Code::NotYourLead,
        "no lead made yet"
    );
    ok(&mut t, lead(Seat::E, "D2"));
    assert_eq!(t.phase(), Phase::Clarification, "a face-down lead does not end it");
    assert_eq!(
        refused(&mut t, Action::face_lead(Seat::N)),
        Code::NotYourLead,
        "declarer faces no lead"
    );
    ok(&mut t, Action::face_lead(Seat::E));
    assert_eq!(t.phase(), Phase::Play);
}
