//! Law 25A on calls awaiting rectification, L27B applied afresh to a corrected
//! replacement, L27B1a with an insufficient bid that specified several denominations, and
//! an L25B change to an inadmissible double or redouble. Each rule is checked over many
//! generated instances (every dealer, levels and strains), not one example.

#![cfg(not(target_arch = "wasm32"))]

mod common;
use bridge_laws::event::{BarKind, EventKind};
use bridge_laws::state::Pending;
use bridge_laws::{Action, Bid, Call, Code, Outcome, RulingOn, Seat, Strain, Table};
use common::act::{self, comparable, unintended};
use common::steps::{bar, call, calls, f2f, new_table as table, ok, refused};

fn replace(seat: Seat, call: impl std::fmt::Display) -> Action {
    Action::replace_call(seat, act::bid(&call.to_string()))
}

/// The Director states the strains the insufficient bid specified (L27B1a).
fn specified(strains: &[Strain]) -> Action {
    Action::ruling_specifying(RulingOn::Comparable, None, strains)
}

fn irregular(o: &Outcome) -> Vec<Code> {
    o.warnings()
        .iter()
        .map(|w| w.code)
        .filter(|c| c.as_str().starts_with("IRREG_"))
        .collect()
}

fn lowest(strain: Strain, over: Bid) -> Option<Bid> {
    Bid::lowest_sufficient(strain, over)
}

/// Openings from 2C to 6NT (an insufficient bid and a sufficient one both exist), with
/// every dealer: (dealer, opening, an insufficient bid below it, index for variety).
fn openings() -> Vec<(Seat, Bid, Bid, usize)> {
    let mut out = Vec::new();
    let bids: Vec<Bid> = Bid::all().collect();
    for (k, dealer) in Seat::ALL.into_iter().enumerate() {
        for (i, opening) in bids
            .iter()
            .enumerate()
            .filter(|(_, b)| (2..=6).contains(&b.level.get()))
        {
            // A bid below the opening: same strain a level lower, or 1C, or the one just below.
            let below = [bids[i - 5], bids[0], bids[i - 1]];
            out.push((dealer, *opening, below[(i + k) % 3], i + k));
        }
    }
    out
}

// ------------------------------------------------------------ L25A on an irregular call

#[test]
fn l25a_an_unintended_insufficient_bid_is_replaced_with_no_rectification() {
    for (dealer, opening, ib, n) in openings() {
        let offender = dealer.lho();
        let strain = Strain::ALL[n % 5];
        let Some(intended) = lowest(strain, opening) else {
            continue;
        };
        let mut t = f2f(dealer);
        ok(&mut t, call(dealer, opening));
        ok(&mut t, call(offender, ib));
        assert!(matches!(
            t.state().rectification().pending(),
            Some(Pending::InsufficientBid { .. })
        ));
        ok(&mut t, replace(offender, intended));
        let o = ok(&mut t, unintended(true));
        let ctx = format!("{dealer} {opening}, {offender} {ib} meant {intended}");
        assert_eq!(calls(&t), [opening.to_string(), intended.to_string()], "{ctx}");
        assert!(irregular(&o).is_empty(), "{ctx}: {:?}", irregular(&o));
        assert_eq!(t.state().rectification().pending(), None, "{ctx}");
        assert!(Seat::ALL.into_iter().all(|s| bar(&t, s).is_none()), "{ctx}");
        assert!(t.state().lead().restrictions().is_empty(), "{ctx}");
        assert!(
            t.state().rulings().open().is_empty(),
            "{ctx}: {:?}",
            t.state().rulings().open()
        );
        assert_eq!(t.turn(), Some(offender.lho()), "{ctx}");
        assert!(!t.legal_calls(offender.lho()).is_empty(), "{ctx}");
        let withdrawn = t
            .state()
            .auction()
            .record()
            .iter()
            .find(|r| r.call == Call::Bid(ib))
            .expect("record");
        assert_eq!(
            withdrawn.withdrawn.as_ref().map(|w| w.0.as_str()),
            Some("25A1"),
            "{ctx}"
        );
    }
}

#[test]
fn l25a_an_intended_call_that_is_itself_insufficient_goes_to_law_27() {
    for (dealer, opening, ib, n) in openings() {
        let offender = dealer.lho();
        // Another insufficient bid than the slip.
        let Some(intended) = Bid::all().filter(|b| *b < opening && *b != ib).nth(n % 3) else {
            continue;
        };
        let mut t = f2f(dealer);
        ok(&mut t, call(dealer, opening));
        ok(&mut t, call(offender, ib));
        ok(&mut t, replace(offender, intended));
        let o = ok(&mut t, unintended(true));
        let ctx = format!("{dealer} {opening}, {offender} {ib} meant {intended}");
        assert_eq!(irregular(&o), [Code::IrregInsufficientBid], "{ctx}");
        let Some(Pending::InsufficientBid { call: id, first, .. }) = t.state().rectification().pending().cloned()
        else {
            panic!("{ctx}: {:?}", t.state().rectification().pending())
        };
        assert_eq!(id, first, "{ctx}: a fresh Law 27 episode, not L27B4");
        assert_eq!(t.state().auction().record()[id].call, Call::Bid(intended), "{ctx}");
        // L27 runs on the intended call: LHO declines, the lowest bid in its strain is B1a.
        ok(&mut t, Action::decline(offender.lho()));
        let b1a = lowest(intended.strain, opening).expect("sufficient");
        ok(&mut t, call(offender, b1a));
        assert_eq!(calls(&t), [opening.to_string(), b1a.to_string()], "{ctx}");
        assert_eq!(bar(&t, offender.partner()), None, "{ctx}");
    }
}

#[test]
fn l25a_an_unintended_inadmissible_double_or_redouble_is_replaced_with_no_rectification() {
    for (dealer, opening, _, n) in openings() {
        let offender = dealer.lho();
        let mut t = f2f(dealer);
        ok(&mut t, call(dealer, opening));
        // A redouble with nothing doubled, or (after a pass) a double of partner's bid.
        let (who, slip, intended) = if n % 2 == 0 {
            (
                offender,
                Call::Redouble,
                if n % 4 == 0 { Call::Double } else { Call::Pass },
            )
        } else {
            ok(&mut t, call(offender, "P"));
            let b = lowest(Strain::ALL[n % 5], opening).map_or(Call::Pass, Call::Bid);
            (dealer.partner(), Call::Double, b)
        };
        ok(&mut t, call(who, slip));
        assert!(matches!(
            t.state().rectification().pending(),
            Some(Pending::Inadmissible { .. })
        ));
        ok(&mut t, replace(who, intended));
        let o = ok(&mut t, unintended(true));
        let ctx = format!("{dealer} {opening}: {who} {slip} meant {intended}");
        assert!(irregular(&o).is_empty(), "{ctx}: {:?}", irregular(&o));
        assert_eq!(calls(&t).last(), Some(&intended.to_string()), "{ctx}");
        assert_eq!(t.state().rectification().pending(), None, "{ctx}");
        assert_eq!(bar(&t, who.partner()), None, "{ctx}");
        assert!(t.state().lead().restrictions().is_empty(), "{ctx}");
        assert_eq!(t.turn(), Some(who.lho()), "{ctx}");
    }
}

#[test]
fn l25a_an_intended_call_that_is_itself_inadmissible_goes_to_law_36() {
    for dealer in Seat::ALL {
        for opening in Bid::all().filter(|b| b.level.get() <= 6) {
            let offender = dealer.lho();
            let mut t = f2f(dealer);
            ok(&mut t, call(dealer, opening));
            ok(&mut t, call(offender, Bid::all().next().expect("1C")));
            ok(&mut t, replace(offender, "XX"));
            let o = ok(&mut t, unintended(true));
            assert_eq!(irregular(&o), [Code::IrregInadmissibleDouble], "{dealer} {opening}");
            assert!(matches!(
                t.state().rectification().pending(),
                Some(Pending::Inadmissible { .. })
            ));
            // L36B: declined, the offender substitutes a legal call, partner barred.
            ok(&mut t, Action::decline(offender.lho()));
            ok(&mut t, call(offender, "P"));
            assert_eq!(bar(&t, offender.partner()), Some(BarKind::Throughout));
        }
    }
}

#[test]
fn l25a_while_the_request_is_pending_lho_can_neither_accept_nor_decline() {
    for (dealer, opening, ib, _) in openings().into_iter().step_by(7) {
        let offender = dealer.lho();
        let mut t = f2f(dealer);
        ok(&mut t, call(dealer, opening));
        ok(&mut t, call(offender, ib));
        ok(
            &mut t,
            replace(offender, lowest(ib.strain, opening).expect("sufficient")),
        );
        for settle in [Action::accept(offender.lho()), Action::decline(offender.lho())] {
            assert_eq!(refused(&mut t, &settle), Code::UndoPending);
        }
        assert_eq!(refused(&mut t, call(offender.lho(), "P")), Code::UndoPending);
        // L25A2: ruled intended, the insufficient bid stands and Law 27 goes on.
        ok(&mut t, unintended(false));
        assert!(matches!(
            t.state().rectification().pending(),
            Some(Pending::InsufficientBid { .. })
        ));
        ok(&mut t, Action::accept(offender.lho()));
        assert_eq!(calls(&t), [opening.to_string(), ib.to_string()]);
    }
}

#[test]
fn l25a_with_consent_an_opponent_agrees_to_replace_an_insufficient_bid() {
    for (dealer, opening, ib, n) in openings().into_iter().step_by(5) {
        let offender = dealer.lho();
        let intended = lowest(Strain::ALL[n % 5], opening).expect("sufficient");
        let mut t = table(dealer, r#"{"preset":"face_to_face","undo":"consent"}"#);
        ok(&mut t, call(dealer, opening));
        ok(&mut t, call(offender, ib));
        ok(&mut t, replace(offender, intended));
        ok(&mut t, Action::respond(offender.rho(), true));
        assert_eq!(calls(&t), [opening.to_string(), intended.to_string()]);
        assert_eq!(t.state().rectification().pending(), None);
    }
}

#[test]
fn l25a_an_unintended_barred_call_is_replaced_by_the_intended_pass() {
    // S's insufficient bid is replaced by a non-lowest bid: N is barred (L27B2); N's
    // slip of a bid is replaced by the pass he meant: no Law 37, N stays barred.
    for dealer in Seat::ALL {
        let (o, p) = (dealer.lho(), dealer.lho().partner());
        let mut t = f2f(dealer);
        ok(&mut t, call(dealer, "1S"));
        ok(&mut t, call(o, "1H"));
        ok(&mut t, Action::decline(dealer.partner()));
        ok(&mut t, call(o, "3H"));
        ok(&mut t, call(dealer.partner(), "P"));
        assert_eq!(bar(&t, p), Some(BarKind::Throughout));
        ok(&mut t, call(p, "4H"));
        assert!(matches!(
            t.state().rectification().pending(),
            Some(Pending::BarredCall { .. })
        ));
        ok(&mut t, replace(p, "P"));
        let o2 = ok(&mut t, unintended(true));
        assert!(irregular(&o2).is_empty());
        assert_eq!(calls(&t), ["1S", "3H", "P", "P"]);
        assert_eq!(bar(&t, p), Some(BarKind::Throughout));
    }
}

// ------------------------------------------------- L27B afresh for a corrected replacement

/// Dealer opens, LHO bids insufficiently, dealer's partner declines, LHO replaces with
/// `first_try`; LHO then says it was a slip for `intended`.
fn corrected_replacement(dealer: Seat, opening: Bid, ib: Bid, first_try: Bid, intended: Bid) -> (Table, Outcome) {
    let offender = dealer.lho();
    let mut t = f2f(dealer);
    ok(&mut t, call(dealer, opening));
    ok(&mut t, call(offender, ib));
    ok(&mut t, Action::decline(dealer.partner()));
    ok(&mut t, call(offender, first_try));
    ok(&mut t, replace(offender, intended));
    let o = ok(&mut t, unintended(true));
    (t, o.0)
}

#[test]
fn l27b_a_replacement_corrected_under_l25a_to_the_lowest_bid_lifts_the_bar() {
    for (dealer, opening, ib, _) in openings() {
        let Some(b1a) = lowest(ib.strain, opening) else {
            continue;
        };
        let Some(higher) = Bid::all().find(|b| b.level.get() == b1a.level.get() + 1 && b.strain == b1a.strain) else {
            continue;
        };
        let partner = dealer.lho().partner();
        let (t, o) = corrected_replacement(dealer, opening, ib, higher, b1a);
        let ctx = format!("{dealer} {opening}, IB {ib}, {higher} corrected to {b1a}");
        assert_eq!(calls(&t), [opening.to_string(), b1a.to_string()], "{ctx}");
        assert_eq!(bar(&t, partner), None, "{ctx}: L27B1a leaves no bar");
        assert!(
            o.events()
                .iter()
                .any(|e| matches!(e.kind, EventKind::BarLifted { seat } if seat == partner)),
            "{ctx}"
        );
        assert!(t.state().lead().restrictions().is_empty(), "{ctx}");
        assert!(t.state().rulings().comparisons().is_empty(), "{ctx}");
    }
}

#[test]
fn l27b_a_lowest_replacement_corrected_to_another_bid_bars_partner() {
    for (dealer, opening, ib, n) in openings() {
        let Some(b1a) = lowest(ib.strain, opening) else {
            continue;
        };
        let other = Strain::ALL[(n % 4 + 1 + ib.strain as usize) % 5];
        let Some(intended) = lowest(other, opening).filter(|b| b.strain != ib.strain) else {
            continue;
        };
        let partner = dealer.lho().partner();
        let (t, _) = corrected_replacement(dealer, opening, ib, b1a, intended);
        let ctx = format!("{dealer} {opening}, IB {ib}, {b1a} corrected to {intended}");
        assert_eq!(calls(&t), [opening.to_string(), intended.to_string()], "{ctx}");
        assert_eq!(bar(&t, partner), Some(BarKind::Throughout), "{ctx}: L27B2");
        assert_eq!(t.state().lead().restrictions().len(), 1, "{ctx}: L26B");
    }
}

#[test]
fn l27b_a_non_qualifying_replacement_corrected_to_another_keeps_the_bar() {
    for (dealer, opening, ib, _) in openings() {
        let Some(b1a) = lowest(ib.strain, opening) else {
            continue;
        };
        let above: Vec<Bid> = Bid::all()
            .filter(|b| *b > b1a && b.strain != ib.strain)
            .take(2)
            .collect();
        let [first_try, intended] = above[..] else { continue };
        let partner = dealer.lho().partner();
        let (t, _) = corrected_replacement(dealer, opening, ib, first_try, intended);
        assert_eq!(calls(&t), [opening.to_string(), intended.to_string()]);
        assert_eq!(bar(&t, partner), Some(BarKind::Throughout));
        assert_eq!(
            t.state().lead().restrictions().len(),
            1,
            "one L26B entitlement, not two"
        );
    }
}

// ------------------------------------------------- L27B1a with several denominations

#[test]
fn l27b1a_a_bid_in_one_of_two_specified_suits_does_not_qualify() {
    for (dealer, opening, ib, n) in openings() {
        let s1 = ib.strain;
        let s2 = Strain::ALL[(s1 as usize + 1 + n % 3) % 4];
        if s1 == s2 || s1 == Strain::NoTrump {
            continue;
        }
        let offender = dealer.lho();
        let partner = offender.partner();
        let named = [s1, s2][n % 2];
        let Some(one_suit) = lowest(named, opening) else {
            continue;
        };
        let mut t = f2f(dealer);
        ok(&mut t, call(dealer, opening));
        ok(&mut t, call(offender, ib));
        ok(&mut t, specified(&[s1, s2]));
        ok(&mut t, Action::decline(dealer.partner()));
        let ctx = format!("{dealer} {opening}, IB {ib} showing {s1:?}+{s2:?}, replaced by {one_suit}");
        assert!(
            matches!(
                t.state().rectification().pending(),
                Some(Pending::Replacement { suggested: None, .. })
            ),
            "{ctx}: no single natural bid to suggest"
        );
        ok(&mut t, call(offender, one_suit));
        assert_eq!(bar(&t, partner), Some(BarKind::Throughout), "{ctx}: L27B2");
        assert_eq!(t.state().lead().restrictions().len(), 1, "{ctx}");
        // B1b: the Director rules the replacement comparable (or that it specifies the
        // same denominations): no further rectification.
        ok(&mut t, comparable(true));
        assert_eq!(bar(&t, partner), None, "{ctx}");
        assert!(t.state().lead().restrictions().is_empty(), "{ctx}");
    }
}

#[test]
fn l27b1a_one_specified_suit_still_qualifies_and_may_be_stated_after_the_replacement() {
    for (dealer, opening, ib, n) in openings() {
        let shown = Strain::ALL[(ib.strain as usize + 1 + n % 4) % 5];
        let Some(b1a) = lowest(shown, opening) else { continue };
        let offender = dealer.lho();
        let partner = offender.partner();
        // Stated before the replacement.
        let mut t = f2f(dealer);
        ok(&mut t, call(dealer, opening));
        ok(&mut t, call(offender, ib));
        ok(&mut t, specified(&[shown]));
        ok(&mut t, Action::decline(dealer.partner()));
        ok(&mut t, call(offender, b1a));
        assert_eq!(bar(&t, partner), None, "{dealer} {opening} {ib} → {b1a}");
        // L27C: stated after a replacement made before the Director came.
        let mut t = f2f(dealer);
        ok(&mut t, call(dealer, opening));
        ok(&mut t, call(offender, ib));
        ok(&mut t, Action::decline(dealer.partner()));
        ok(&mut t, call(offender, b1a));
        if shown != ib.strain {
            assert_eq!(bar(&t, partner), Some(BarKind::Throughout));
        }
        ok(&mut t, specified(&[shown]));
        assert_eq!(bar(&t, partner), None, "{dealer} {opening} {ib} → {b1a}, stated after");
        assert!(t.state().lead().restrictions().is_empty());
        // Two strains stated after: still presumed B2.
        let mut t = f2f(dealer);
        ok(&mut t, call(dealer, opening));
        ok(&mut t, call(offender, ib));
        ok(&mut t, Action::decline(dealer.partner()));
        ok(&mut t, call(offender, b1a));
        let other = Strain::ALL[(shown as usize + 1) % 4];
        if other != shown && shown != ib.strain {
            ok(&mut t, specified(&[shown, other]));
            assert_eq!(bar(&t, partner), Some(BarKind::Throughout));
        }
    }
}

// ------------------------------------------------- L25B change to an inadmissible call

/// Legal auctions generated from a seed: (dealer, calls), none ended.
fn auctions() -> Vec<(Seat, Vec<Call>)> {
    let mut out = Vec::new();
    let mut seed: u64 = 0x9e37_79b9;
    for n in 0..400 {
        let dealer = Seat::ALL[n % 4];
        let mut t = f2f(dealer);
        let mut made = Vec::new();
        let len = 1 + n % 6;
        while made.len() < len {
            let Some(seat) = t.turn() else { break };
            let legal = t.legal_calls(seat);
            if legal.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            // Favour passes, doubles and low bids so that doubles have something to act on.
            let pick = (seed >> 33) as usize % legal.len().min(6);
            let Some(c) = legal.iter().nth(pick) else { break };
            if t.apply(call(seat, c)).is_ok() && t.phase() == bridge_laws::Phase::Auction {
                made.push(c);
            } else {
                break;
            }
        }
        if !made.is_empty() && t.phase() == bridge_laws::Phase::Auction {
            out.push((dealer, made));
        }
    }
    out
}

fn replay(dealer: Seat, made: &[Call]) -> Table {
    let mut t = f2f(dealer);
    for c in made {
        let seat = t.turn().expect("turn");
        ok(&mut t, call(seat, c));
    }
    t
}

#[test]
fn l25b_a_change_to_an_inadmissible_double_or_redouble_is_law_36_and_never_stands() {
    let mut inadmissible = 0;
    for (dealer, made) in auctions() {
        let last_seat = replay(dealer, &made).turn().expect("turn").rho();
        for change in [Call::Double, Call::Redouble] {
            // Would the call be admissible in place of the last one?
            let admissible = replay(dealer, &made[..made.len() - 1]).is_legal(last_seat, change);
            let mut t = replay(dealer, &made);
            let before: Vec<String> = calls(&t);
            let o = ok(&mut t, call(last_seat, change));
            let ctx = format!("{dealer} {made:?}: {last_seat} changes to {change}");
            if admissible {
                assert_eq!(irregular(&o), [Code::IrregChangeOfCall], "{ctx}");
                continue;
            }
            inadmissible += 1;
            assert_eq!(irregular(&o), [Code::IrregInadmissibleDouble], "{ctx}");
            assert_eq!(calls(&t), before, "{ctx}: the original call stands");
            assert_eq!(t.turn(), Some(last_seat.lho()), "{ctx}");
            assert_eq!(
                refused(&mut t, Action::accept(last_seat.lho())),
                Code::NotEntitled,
                "{ctx}"
            );
            // L36A: LHO calls before rectification: both calls cancelled, no bar, LHO calls again.
            let mut over = t.clone();
            let lho_call = over.legal_calls(last_seat.lho()).first().expect("LHO may call");
            ok(&mut over, call(last_seat.lho(), lho_call));
            assert_eq!(calls(&over), before, "{ctx}: L36A");
            assert_eq!(bar(&over, last_seat.partner()), None, "{ctx}: L36A");
            assert_eq!(over.turn(), Some(last_seat.lho()), "{ctx}: L36A");
            // L36B4: LHO declines: cancelled, the original stands, partner passes throughout.
            ok(&mut t, Action::decline(last_seat.lho()));
            assert_eq!(calls(&t), before, "{ctx}: the original call stands");
            assert_eq!(t.state().rectification().pending(), None, "{ctx}");
            assert_eq!(bar(&t, last_seat.partner()), Some(BarKind::Throughout), "{ctx}: L36B4");
            assert_eq!(t.turn(), Some(last_seat.lho()), "{ctx}");
            // Whatever LHO does next, no inadmissible call is ever in force.
            let lho_call = t.legal_calls(last_seat.lho()).first().expect("LHO may call");
            ok(&mut t, call(last_seat.lho(), lho_call));
            assert!(admissible_in_force(&t), "{ctx}");
            assert!(admissible_in_force(&over), "{ctx}");
        }
    }
    assert!(inadmissible > 100, "only {inadmissible} inadmissible changes generated");
}

/// Every double and redouble in force was admissible where it stands.
fn admissible_in_force(t: &Table) -> bool {
    let calls = t.state().auction().in_force();
    calls.iter().enumerate().all(|(i, e)| {
        !matches!(e.call, Call::Double | Call::Redouble)
            || bridge_laws::auction::check(&calls[..i], e.seat, e.call).is_ok()
    })
}

#[test]
fn l21b_a_change_call_to_an_inadmissible_double_is_law_36_in_rectify_and_refused_in_prevent() {
    for (dealer, regulation) in Seat::ALL.into_iter().flat_map(|d| [(d, "face_to_face"), (d, "online")]) {
        // Partner of the opener explains wrongly; the opener corrects after RHO-of-opener
        // called; the opponent who called gets an L21B1 offer.
        let (n, e, s, w) = (dealer, dealer.lho(), dealer.partner(), dealer.rho());
        let mut t = table(dealer, &format!(r#""{regulation}""#));
        ok(&mut t, call(n, "1NT"));
        ok(&mut t, call(e, "P"));
        let who = if regulation == "online" { s } else { n };
        if regulation == "online" {
            ok(&mut t, act::explained(s, "2D", "natural"));
        } else {
            ok(&mut t, call(s, "2D"));
            ok(&mut t, Action::ask(w, 2));
            ok(&mut t, Action::explain(n, 2, "natural"));
        }
        ok(&mut t, call(w, "P"));
        ok(&mut t, call(n, "2H"));
        ok(&mut t, Action::correct_explanation(who, 2, "transfer"));
        assert!(
            t.state().offers().standing().iter().any(|o| o.seat == w),
            "{dealer} {regulation}: no offer"
        );
        // W's pass changed to a redouble: nothing doubled.
        let change = Action::change_call(w, act::bid("XX"));
        if regulation == "online" {
            assert_eq!(refused(&mut t, &change), Code::RedoubleNotAllowed, "{dealer}");
        } else {
            let o = ok(&mut t, &change);
            assert_eq!(irregular(&o), [Code::IrregInadmissibleDouble], "{dealer}");
            assert!(matches!(
                t.state().rectification().pending(),
                Some(Pending::Inadmissible { .. })
            ));
            assert!(!t.calls().contains(&Call::Redouble));
        }
    }
}

// ------------------------------------------------- what the replaced call had settled

/// No pending rectification refers to a call that is no longer awaiting it.
fn consistent(t: &Table) -> bool {
    use bridge_laws::state::Status;
    let awaiting = |id: &bridge_laws::state::CallId| {
        t.state()
            .auction()
            .call(*id)
            .is_some_and(|r| r.status == Status::Pending)
    };
    match t.state().rectification().pending() {
        Some(
            Pending::InsufficientBid { call, .. }
            | Pending::Inadmissible { call }
            | Pending::BarredCall { call }
            | Pending::OutOfRotation { call, .. }
            | Pending::ChangeOfCall { call, .. },
        ) => awaiting(call),
        _ => true,
    }
}

#[test]
fn l25a_a_call_that_settled_a_rectification_settles_it_again_when_replaced() {
    for dealer in Seat::ALL {
        let (n, e, s) = (dealer, dealer.lho(), dealer.partner());
        // L27C: the premature replacement of an insufficient bid, corrected to the lowest
        // after LHO had declined: LHO decides afresh on the intended replacement.
        let mut t = f2f(dealer);
        for step in [
            call(n, "1S"),
            call(e, "1H"),
            call(e, "3H"),
            Action::decline(s),
            replace(e, "2H"),
            unintended(true),
            Action::decline(s),
        ] {
            ok(&mut t, &step);
        }
        assert_eq!(calls(&t), ["1S", "2H"], "{dealer}");
        assert_eq!(bar(&t, e.partner()), None, "{dealer}");
        assert!(
            consistent(&t) && t.state().rectification().pending().is_none(),
            "{dealer}"
        );
        // L27A1: LHO's call accepted the insufficient bid; his slip is replaced: still accepted.
        let mut t = f2f(dealer);
        for step in [
            call(n, "1S"),
            call(e, "1H"),
            call(s, "2C"),
            replace(s, "2D"),
            unintended(true),
        ] {
            ok(&mut t, &step);
        }
        assert_eq!(calls(&t), ["1S", "1H", "2D"], "{dealer}");
        assert!(
            consistent(&t) && t.state().rectification().pending().is_none(),
            "{dealer}"
        );
        // L28B: the call in turn cancelled RHO's call out of rotation; replaced, it cancels
        // it again.
        let mut t = f2f(dealer);
        for step in [call(e, "1C"), call(n, "1D"), replace(n, "1H"), unintended(true)] {
            ok(&mut t, &step);
        }
        assert_eq!(calls(&t), ["1H"], "{dealer}");
        assert!(
            consistent(&t) && t.state().rectification().pending().is_none(),
            "{dealer}: {:?}",
            t.state().rectification().pending()
        );
        assert_eq!(t.turn(), Some(e), "{dealer}");
    }
}

#[test]
fn in_prevent_a_replacement_is_refused_when_asked_exactly_as_the_call_itself_would_be() {
    // SPEC 5.1, L25A1: the replacement is made where the replaced call was. In `prevent` one
    // that would be irregular there is refused at once, with the call's own code, instead of
    // waiting for a consent that could only be refused.
    let every_call: Vec<Call> = Bid::all()
        .map(Call::Bid)
        .chain([Call::Pass, Call::Double, Call::Redouble])
        .collect();
    for dealer in Seat::ALL {
        for opening in ["1C", "1NT", "2S", "4H", "7NT"] {
            let second = dealer.lho();
            for replacement in &every_call {
                let mut direct = table(dealer, r#""online""#);
                ok(&mut direct, call(dealer, opening));
                let expected = direct.apply(call(second, replacement)).rejection().map(|r| r.code());

                let mut t = table(dealer, r#""online""#);
                ok(&mut t, call(dealer, opening));
                ok(&mut t, call(second, "P"));
                let step = replace(second, replacement);
                match expected {
                    Some(code) => assert_eq!(refused(&mut t, &step), code, "{dealer} {opening}: {step:?}"),
                    None => {
                        ok(&mut t, &step);
                        // The opponent consents: the replacement is in force in its place.
                        ok(&mut t, Action::respond(second.lho(), true));
                        let v = t.view(bridge_laws::Viewer::Director);
                        assert_eq!(v.calls[1].call, *replacement, "{dealer} {opening}: {step:?}");
                    }
                }
            }
        }
    }
}
