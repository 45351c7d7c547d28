//! Timing questions SPEC leaves open, decided from the Laws: an inadmissible
//! double or redouble out of turn waits for the offender's LHO like one in turn (L36A/L36B4);
//! the offender's partner cannot cancel a call out of rotation by calling at his turn (L28B
//! needs an opponent); an L39C lead restriction lapses when the offender's LHO calls over
//! the call before it is applied (L39B); a bar shows until the auction period ends. Each
//! rule is checked from every dealer, at each position it can arise.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::event::BarKind;
use bridge_laws::{Action, Code, Phase, Seat, Suit, Table, Viewer};
use common::act;
use common::steps::{call, calls, codes, f2f, ok, refused, Accepted};

fn bars(t: &Table) -> Vec<(Seat, BarKind)> {
    Seat::ALL
        .into_iter()
        .filter_map(|s| t.state().bars().on(s).map(|b| (s, b.kind)))
        .collect()
}

/// Calls made before the one under test: (seat, call).
type Before = Vec<(Seat, &'static str)>;

/// Where an inadmissible double or redouble out of turn can be made, relative to the
/// dealer `d`: the calls before it, the offender, his call, and the player whose turn it was.
fn inadmissible_out_of_turn(d: Seat) -> Vec<(Before, Seat, &'static str, Seat)> {
    vec![
        // At his partner's turn: dealer opens, his LHO would call; the opener's partner
        // doubles his own side's bid.
        (vec![(d, "1C"), (d.lho(), "P")], d, "X", d.partner()),
        // At his RHO's turn: a redouble with nothing doubled, by the dealer's LHO.
        (vec![(d, "1C")], d.partner(), "XX", d.lho()),
        // At his RHO's turn: a redouble of his own partner's double.
        (vec![(d, "1C"), (d.lho(), "X")], d.rho(), "XX", d.partner()),
        // At his LHO's turn as the first call of the board (LHO is dealer).
        (vec![], d.rho(), "X", d),
    ]
}

/// Dealer `d`'s face-to-face table after `before` and `offender`'s inadmissible `x` out of
/// turn: the table, the calls in force before `x`, and what `x` raised.
fn doubled_out_of_turn(d: Seat, before: &Before, offender: Seat, x: &str) -> (Table, Vec<String>, Accepted) {
    let mut t = f2f(d);
    for (s, c) in before {
        ok(&mut t, call(*s, c));
    }
    let in_force = calls(&t);
    let o = ok(&mut t, call(offender, x));
    (t, in_force, o)
}

#[test]
fn an_inadmissible_double_out_of_turn_waits_for_the_offenders_lho_and_cannot_be_accepted() {
    for d in Seat::ALL {
        for (before, offender, x, due) in inadmissible_out_of_turn(d) {
            let (mut t, _, o) = doubled_out_of_turn(d, &before, offender, x);
            let ctx = format!("dealer {d}: {offender}'s {x} at {due}'s turn");
            assert!(codes(&o).contains(&Code::IrregInadmissibleDouble), "{ctx}");
            assert!(bars(&t).is_empty(), "{ctx}: nothing is rectified yet");
            assert_eq!(t.turn(), Some(offender.lho()), "{ctx}: LHO may call over it (L36A)");
            assert_eq!(
                refused(&mut t, Action::accept(offender.lho())),
                Code::NotEntitled,
                "{ctx}"
            );
            for other in [offender, offender.partner(), offender.rho()] {
                if other != offender.lho() {
                    let any = t.legal_calls(other).first().map_or("P".into(), |c| c.to_string());
                    assert_eq!(
                        refused(&mut t, call(other, &any)),
                        Code::RectificationPending,
                        "{ctx}: {other} waits"
                    );
                }
            }
        }
    }
}

#[test]
fn the_offenders_lho_calling_over_an_inadmissible_double_out_of_turn_cancels_both_without_rectification() {
    for d in Seat::ALL {
        for (before, offender, x, due) in inadmissible_out_of_turn(d) {
            let (mut t, in_force, _) = doubled_out_of_turn(d, &before, offender, x);
            let ctx = format!("dealer {d}: {offender}'s {x} at {due}'s turn");
            // L36A: whatever LHO calls, it is cancelled with the inadmissible call.
            let o = ok(&mut t, call(offender.lho(), "2NT"));
            assert!(!codes(&o).contains(&Code::LeadRestriction), "{ctx}");
            assert_eq!(calls(&t), in_force, "{ctx}: both calls cancelled");
            assert!(bars(&t).is_empty(), "{ctx}: no rectification (L36A)");
            assert!(t.state().lead().restrictions().is_empty(), "{ctx}: no L26B");
            assert_eq!(t.turn(), Some(due), "{ctx}: the player whose turn it was calls");
            assert!(t.state().rectification().pending().is_none(), "{ctx}");
        }
    }
}

#[test]
fn an_inadmissible_double_out_of_turn_declined_is_cancelled_and_bars_partner_throughout() {
    for d in Seat::ALL {
        for (before, offender, x, due) in inadmissible_out_of_turn(d) {
            let (mut t, in_force, _) = doubled_out_of_turn(d, &before, offender, x);
            let ctx = format!("dealer {d}: {offender}'s {x} at {due}'s turn");
            ok(&mut t, Action::decline(offender.lho()));
            assert_eq!(calls(&t), in_force, "{ctx}: cancelled (L36B4)");
            assert_eq!(bars(&t), [(offender.partner(), BarKind::Throughout)], "{ctx}");
            assert_eq!(t.turn(), Some(due), "{ctx}: the auction returns to {due}");
            assert_eq!(t.state().lead().restrictions().len(), 1, "{ctx}: L26B may apply");
        }
    }
}

/// Calls out of rotation at the offender's partner's turn, relative to the dealer `d`:
/// the calls before, the offender and his call.
fn at_partners_turn(d: Seat) -> Vec<(Before, Seat, &'static str)> {
    vec![
        // A bid by the dealer's partner before the dealer has called (L31B).
        (vec![], d.partner(), "1H"),
        // A pass at partner's turn (L30B1).
        (vec![(d, "1D")], d.rho(), "P"),
        // A double at partner's turn (L32B).
        (vec![(d, "1C")], d.rho(), "X"),
    ]
}

#[test]
fn the_offenders_partner_cannot_cancel_a_call_out_of_rotation_by_calling_at_his_turn() {
    for d in Seat::ALL {
        for (before, offender, c) in at_partners_turn(d) {
            let mut t = f2f(d);
            for (s, b) in &before {
                ok(&mut t, call(*s, b));
            }
            ok(&mut t, call(offender, c));
            let partner = offender.partner();
            let ctx = format!("dealer {d}: {offender}'s {c} at {partner}'s turn");
            // L28B: only an opponent whose turn it was makes his call in rotation.
            assert!(t.legal_calls(partner).is_empty(), "{ctx}");
            assert_eq!(
                refused(&mut t, call(partner, "3NT")),
                Code::RectificationPending,
                "{ctx}"
            );
            // LHO keeps his option: declined, partner calls freely (L30B1a, L31B1, L32B1).
            ok(&mut t, Action::decline(offender.lho()));
            assert_eq!(t.turn(), Some(partner), "{ctx}");
            assert!(!t.legal_calls(partner).is_empty(), "{ctx}");
            let o = ok(&mut t, call(partner, "3NT"));
            assert!(codes(&o).iter().all(|c| !c.as_str().starts_with("IRREG_")), "{ctx}");
        }
    }
}

#[test]
fn the_offenders_lho_may_still_accept_a_call_out_of_rotation_at_partners_turn_by_calling() {
    for d in Seat::ALL {
        for (before, offender, c) in at_partners_turn(d) {
            let mut t = f2f(d);
            for (s, b) in &before {
                ok(&mut t, call(*s, b));
            }
            ok(&mut t, call(offender, c));
            let _ = t.apply(call(offender.partner(), "3NT"));
            ok(&mut t, call(offender.lho(), "4NT"));
            let ctx = format!("dealer {d}: {offender}'s {c}, accepted by calling");
            let mut want: Vec<String> = before.iter().map(|(_, b)| (*b).to_string()).collect();
            want.extend([c.to_string(), "4NT".to_string()]);
            assert_eq!(calls(&t), want, "{ctx} (L29A)");
        }
    }
}

#[test]
fn an_opponent_whose_turn_it_was_still_cancels_a_call_out_of_rotation_by_calling() {
    for d in Seat::ALL {
        // The dealer's LHO bids at the dealer's turn; the dealer (his RHO) opens: L28B.
        let mut t = f2f(d);
        ok(&mut t, call(d.lho(), "1S"));
        let o = ok(&mut t, call(d, "1C"));
        assert!(
            !codes(&o).iter().any(|c| c.as_str().starts_with("IRREG_")),
            "dealer {d}"
        );
        assert_eq!(calls(&t), ["1C"], "dealer {d}");
        assert_eq!(t.turn(), Some(d.lho()), "dealer {d}");
        assert!(bars(&t).is_empty(), "dealer {d}");
    }
}

/// An auction of `dealer` ending in 1S by the dealer: 1S P P P.
fn ended(dealer: Seat) -> Table {
    let mut t = f2f(dealer);
    for (i, c) in ["1S", "P", "P", "P"].iter().enumerate() {
        let s = Seat::from_index((dealer.index() + i) % 4);
        ok(&mut t, call(s, c));
    }
    assert_eq!(t.phase(), Phase::Clarification);
    t
}

#[test]
fn l39_a_defenders_bid_after_the_final_pass_gives_no_restriction_when_his_lho_calls_over_it() {
    for d in Seat::ALL {
        // Declarer d; defenders d.lho() (opening leader) and d.rho(). Either defender bids.
        for offender in [d.lho(), d.rho()] {
            let mut t = ended(d);
            ok(&mut t, call(offender, "2H"));
            assert_eq!(t.state().lead().restrictions().len(), 1, "dealer {d}: L39C");
            let lho = offender.lho();
            let o = ok(&mut t, call(lho, "P"));
            let ctx = format!("declarer {d}: {offender} bids, {lho} calls over it");
            assert!(codes(&o).contains(&Code::IrregCallAfterFinalPass), "{ctx}");
            assert!(t.state().lead().restrictions().is_empty(), "{ctx}: L39B");
            assert!(t.view(Viewer::Seat(d)).lead_restriction.is_none(), "{ctx}");
            assert_eq!(t.view(Viewer::Seat(d.lho())).legal_leads.len(), 4, "{ctx}");
        }
    }
}

#[test]
fn l39_the_restriction_is_fixed_once_anyone_else_calls_or_declarer_has_chosen() {
    for d in Seat::ALL {
        let offender = d.rho();
        // Someone other than his LHO calls next: the restriction stands, and LHO's later
        // call does not remove it.
        let mut t = ended(d);
        ok(&mut t, call(offender, "2H"));
        ok(&mut t, call(d.partner(), "P"));
        ok(&mut t, call(offender.lho(), "P"));
        assert_eq!(t.state().lead().restrictions().len(), 1, "declarer {d}");
        assert!(t.view(Viewer::Seat(d.lho())).lead_restriction.is_some(), "declarer {d}");
        // Declarer has made his choice: the rectification is applied; LHO's call is too late.
        let mut t = ended(d);
        ok(&mut t, call(offender, "2H"));
        ok(&mut t, Action::restrict_lead(d, Some(Suit::Clubs), false));
        ok(&mut t, call(offender.lho(), "P"));
        let v = t.view(Viewer::Seat(d.lho()));
        assert_eq!(
            v.lead_restriction.and_then(|r| r.prohibited),
            Some(bridge_laws::Strain::Clubs)
        );
    }
}

#[test]
fn l39_a_pass_by_a_defender_or_any_call_by_the_declaring_side_gives_no_restriction() {
    for d in Seat::ALL {
        for (seat, c) in [(d.lho(), "P"), (d.rho(), "P"), (d, "2S"), (d.partner(), "X")] {
            let mut t = ended(d);
            ok(&mut t, call(seat, c));
            assert!(
                t.state().lead().restrictions().is_empty(),
                "declarer {d}: {seat} {c} (L39B)"
            );
        }
    }
}

#[test]
fn a_bar_shows_in_state_views_and_snapshots_until_the_opening_lead_is_faced() {
    for d in Seat::ALL {
        // The dealer's LHO makes an insufficient bid, declined, replaced by 3C: his partner
        // is barred throughout (L27B2); the auction ends 3C by the dealer's LHO.
        let (e, w) = (d.lho(), d.rho());
        let mut t = f2f(d);
        for step in [
            call(d, "1NT"),
            call(e, "1S"),
            Action::decline(d.partner()),
            call(e, "3C"),
        ] {
            ok(&mut t, &step);
        }
        for c in ["P", "P", "P"] {
            let s = t.turn().expect("turn");
            ok(&mut t, call(s, c));
        }
        assert_eq!(t.phase(), Phase::Clarification, "dealer {d}");
        assert_eq!(bars(&t), [(w, BarKind::Throughout)], "dealer {d}");
        for s in Seat::ALL {
            assert!(t.legal_calls(s).is_empty(), "dealer {d}: no calls after the final pass");
            let shown = t.view(Viewer::Seat(s)).barred.get(&w).copied();
            let sees = s.side() == w.side();
            assert_eq!(shown, sees.then_some(BarKind::Throughout), "dealer {d}: {s}'s view");
        }
        assert_eq!(t.view(Viewer::Director).barred.get(&w), Some(&BarKind::Throughout));
        let copy = Table::from_snapshot(t.snapshot()).expect("snapshot");
        assert_eq!(bars(&copy), bars(&t), "dealer {d}: the snapshot keeps the bar");
        let leader = t.contract().expect("contract").leader();
        ok(&mut t, act::lead(leader, "CA"));
        assert_eq!(
            bars(&t),
            [(w, BarKind::Throughout)],
            "dealer {d}: still the auction period"
        );
        ok(&mut t, Action::face_lead(leader));
        assert!(bars(&t).is_empty(), "dealer {d}: lapsed with the auction period (L41C)");
        assert!(t.view(Viewer::Seat(w)).barred.is_empty(), "dealer {d}");
    }
}
