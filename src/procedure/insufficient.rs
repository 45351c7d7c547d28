//! Law 27: the insufficient bid — acceptance (A1), decline and replacement (B1a, B1b, B2,
//! B3, B4), premature replacement (C). The engine presumes a replacement not comparable
//! until the Director rules it comparable (`ruling {on: "comparable"}`).

use crate::auction;
use crate::audience::Audience;
use crate::call::{Bid, Call, Seat, Strain};
use crate::event::{BarKind, EventKind};
use crate::law::Law;
use crate::procedure::ctx::{Ctx, WithCall};
use crate::procedure::information;
use crate::procedure::record::{record, record_cancelled, record_pending, remember, withdraw};
use crate::procedure::settle::{finish_call, settle_after_call};
use crate::procedure::steps::{self as irr, rec};
use crate::report::{Code, Refusal};
use crate::state::{CallId, Comparison, Pending, State, Status};
use crate::withdrawal::Withdrawal;

/// An insufficient bid in rotation (L27), or an insufficient replacement of one (L27B4,
/// `first` = the episode's first insufficient bid).
pub fn insufficient_bid(cx: &mut Ctx<'_>, seat: Seat, call: Call, first: Option<CallId>, with: WithCall<'_>) {
    let id = record_pending(cx, seat, call, &with);
    await_lho(cx, seat, call, id, first);
}

/// Insufficient bid `id`, on record, awaits LHO's decision (L27A; L27B4 after `first`).
fn await_lho(cx: &mut Ctx<'_>, seat: Seat, call: Call, id: CallId, first: Option<CallId>) {
    let law = if first.is_some() { Law::L27B4 } else { Law::L27 };
    irr::flag(
        cx,
        Code::IrregInsufficientBid,
        law,
        seat,
        call,
        format!(
            "{seat}'s {call} is insufficient: {} may accept it or not (Law 27A)",
            seat.lho()
        ),
    );
    let first = first.unwrap_or(id);
    if first == id {
        irr::open_comparison(cx, seat, id, None, Law::L27B1b);
    }
    cx.st.rectification_mut().open(Pending::InsufficientBid {
        call: id,
        first,
        premature: None,
    });
}

/// L27C: the offender replaces insufficient bid `ib` before his LHO has decided on it. LHO
/// keeps his Law 27A1 option: the replacement is recorded and awaits his decision — if he
/// accepts the insufficient bid, the replacement is cancelled; if not, it stands and L27B
/// applies to it as to any replacement.
///
/// # Errors
/// A replacement that could not be made after a decline either (L27B: a legal call): an
/// inadmissible double or redouble (`DOUBLE_NOT_ALLOWED`, `REDOUBLE_NOT_ALLOWED`).
pub fn premature_replacement(
    cx: &mut Ctx<'_>,
    seat: Seat,
    call: Call,
    with: WithCall<'_>,
    ib: CallId,
    first: CallId,
) -> Result<(), Refusal> {
    match cx.st.auction().summary().check(seat, call) {
        Ok(()) | Err(auction::Illegal::Insufficient) => {}
        Err(illegal) => return Err(irr::refusal(illegal, call).citing(Law::L27B)),
    }
    let made = rec(cx, ib).map_or(call, |(_, c)| c);
    irr::flag(
        cx,
        Code::IrregPrematureReplacement,
        Law::L27C,
        seat,
        call,
        format!(
            "{seat} replaced {made} with {call} before {} had decided whether to accept {made}: {} may still accept it, which cancels {call}; if not, {call} stands as its replacement (Law 27C)",
            seat.lho(),
            seat.lho()
        ),
    );
    let x = record_pending(cx, seat, call, &with);
    cx.st.rectification_mut().open(Pending::InsufficientBid {
        call: ib,
        first,
        premature: Some(x),
    });
    Ok(())
}

/// Whether the offender's LHO, awaited on an insufficient bid, may settle it by calling —
/// the rule of `apply`, of his `legal_calls` and of the view's options. Over the bid itself
/// he accepts it by calling (L27A1). Over a premature replacement (L27C) his call does not
/// accept the insufficient bid: the replacement stands under L27B and he calls over it,
/// which he can only where it would stand in force — a pass or a sufficient bid; a double
/// or redouble is cancelled under L27B3 (the offender calls again) and another insufficient
/// bid awaits his decision afresh (L27B4), so there he accepts or declines first. So he
/// does too over a pass that would end the auction: his call would follow the final pass
/// (L39), as over a change of call that would (L25B1).
pub fn lho_may_call(st: &State) -> bool {
    let Some(Pending::InsufficientBid { premature, .. }) = st.rectification().pending() else {
        return false;
    };
    let Some(x) = premature else {
        return true;
    };
    st.auction().call(*x).is_some_and(|r| {
        let mut calls = st.auction().summary();
        let stands = !matches!(r.call, Call::Double | Call::Redouble) && calls.check(r.seat, r.call).is_ok();
        calls.push(auction::Entry {
            seat: r.seat,
            call: r.call,
        });
        stands && calls.status() == auction::Status::Open
    })
}

/// L27A1: LHO accepts: the bid is in force and is the last bid. A replacement made before
/// he decided (L27C) is cancelled: withdrawn-call information for the offender's side, and
/// for the other side authorized (L16C); nobody is barred.
pub fn accept(cx: &mut Ctx<'_>, lho: Seat, ib: CallId, first: CallId, premature: Option<CallId>) {
    let Some((offender, _)) = rec(cx, ib) else {
        return;
    };
    cx.st.put_in_force(ib);
    cx.st.rectification_mut().settle();
    irr::close_comparison(cx, first);
    cx.event(
        EventKind::Accepted {
            seat: lho,
            law: Law::L27A1,
        },
        Audience::EVERYONE,
    );
    if let Some(x) = premature {
        withdraw(cx, x, Law::L27C, Withdrawal::PrematureReplacementCancelled);
        information::withdrawn_call(cx, x, Some(offender.side()));
    }
    settle_after_call(cx, offender, ib);
}

/// LHO does not accept: the bid is withdrawn and the offender must replace it (L27B); an
/// insufficient replacement not accepted is ruled as B3 (L27B4). A replacement the offender
/// made before LHO decided (L27C) is then that replacement, and L27B applies to it.
///
/// # Errors
/// The premature replacement's own refusal, were it no longer a legal call (L27B).
pub fn decline(
    cx: &mut Ctx<'_>,
    lho: Seat,
    ib: CallId,
    first: CallId,
    premature: Option<CallId>,
) -> Result<(), Refusal> {
    let Some((offender, _)) = rec(cx, ib) else {
        return Ok(());
    };
    let law = if ib == first { Law::L27B } else { Law::L27B4 };
    cx.event(EventKind::Declined { seat: lho, law }, Audience::EVERYONE);
    withdraw(cx, ib, law, Withdrawal::InsufficientNotAccepted);
    let law = if ib == first {
        Law::L27B
    } else {
        // L27B4 → B3: partner barred throughout; L26B, L72C.
        information::withdrawn_call(cx, ib, Some(offender.side()));
        bar_partner(cx, offender, first, Law::L27B4);
        Law::L27B3
    };
    let suggested = suggestion(cx, first);
    cx.st.rectification_mut().open(Pending::Replacement {
        seat: offender,
        withdrawn: ib,
        law,
        suggested,
        insufficient: Some(first),
    });
    match premature.and_then(|x| rec(cx, x).map(|(_, call)| (x, call))) {
        // L27C: the replacement stands; L27B1–B4 apply to it.
        Some((x, call)) => replace(cx, offender, call, WithCall::default(), first, law, Some(x)),
        None => Ok(()),
    }
}

/// The strains the first insufficient bid specified: the Director's list, else its strain.
fn specified(cx: &Ctx<'_>, first: CallId) -> Vec<Strain> {
    if let Some(list) = cx.st.rulings().comparison(first).and_then(|c| c.specified.clone()) {
        return list;
    }
    rec(cx, first)
        .and_then(|(_, call)| call.bid())
        .map(|b| vec![b.strain])
        .unwrap_or_default()
}

/// L27B1a: the lowest sufficient bid in the specified strain, when the insufficient bid
/// specified exactly one. One that specified several (or none) has no natural
/// replacement the engine can propose: a bid naming one of its strains does not specify
/// the same denominations (WBF commentary on L27B1a).
fn suggestion(cx: &Ctx<'_>, first: CallId) -> Option<Bid> {
    let [strain] = specified(cx, first)[..] else {
        return None;
    };
    lowest_over(&cx.st.auction().in_force(), strain)
}

fn lowest_over(calls: &[auction::Entry], strain: Strain) -> Option<Bid> {
    match auction::last_bid(calls) {
        Some((_, _, over)) => Bid::lowest_sufficient(strain, over),
        None => crate::call::Level::new(1).map(|l| Bid::new(l, strain)),
    }
}

/// L27B1a: whether `b`, made over `calls`, is the lowest sufficient bid that specifies the
/// same denomination(s) as the insufficient bid. The engine knows what a bid specifies
/// only when it is natural: with one specified strain, the lowest sufficient bid in it
/// qualifies; when the insufficient bid specified several denominations (a two-suited
/// bid), a bid in only one of them does not, and the replacement is presumed not to
/// qualify until the Director rules it comparable (B1b; it covers a replacement that
/// specifies the same denominations too, since both leave no rectification).
fn qualifies_b1a(cx: &Ctx<'_>, first: CallId, calls: &[auction::Entry], b: Bid) -> bool {
    let [strain] = specified(cx, first)[..] else {
        return false;
    };
    lowest_over(calls, strain) == Some(b)
}

/// L27B1a after the replacement: whether replacement `x` of the insufficient bid `first`
/// qualifies with the strains now specified, judged over the calls before it. A
/// replacement the Director ruled artificial qualifies when it specifies exactly the
/// denominations the insufficient bid specified: his ruling is the statement that it is the
/// lowest sufficient bid that does (L27B1a; when a lower one would have, he rules on
/// comparability instead, L27B1b).
pub fn replacement_qualifies(cx: &Ctx<'_>, first: CallId, x: CallId) -> bool {
    if cx.st.rulings().is_artificial(x) {
        let set = |mut v: Vec<Strain>| {
            v.sort_unstable();
            v.dedup();
            v
        };
        let wanted = set(specified(cx, first));
        return !wanted.is_empty() && set(cx.st.specified_by(x)) == wanted;
    }
    let Some(b) = cx
        .st
        .auction()
        .call(x)
        .filter(|r| r.status == Status::InForce)
        .and_then(|r| r.call.bid())
    else {
        return false;
    };
    let before: Vec<auction::Entry> = cx
        .st
        .auction()
        .in_force_ids()
        .iter()
        .filter(|i| *i < x)
        .filter_map(|i| cx.st.auction().call(i))
        .map(|r| auction::Entry {
            seat: r.seat,
            call: r.call,
        })
        .collect();
    qualifies_b1a(cx, first, &before, b)
}

/// After a `specified` ruling: the suggested replacement follows the stated strain.
pub fn refresh_suggestion(cx: &mut Ctx<'_>, first: CallId) {
    let new = suggestion(cx, first);
    cx.st.rectification_mut().suggest_replacement(first, new);
}

fn bar_partner(cx: &mut Ctx<'_>, offender: Seat, first: CallId, law: Law) {
    irr::bar(cx, offender.partner(), BarKind::Throughout, law, Some(first));
    irr::lead_restriction(cx, offender, law, first);
    irr::adjustment_possible(cx, law, offender);
}

/// The offender's replacement of a withdrawn insufficient bid (L27B, L27C): `premature`
/// when it is already on record, made before LHO declined (L27C), else it is recorded now
/// with what came with it.
///
/// # Errors
/// An illegal double or redouble as replacement (`DOUBLE_NOT_ALLOWED`,
/// `REDOUBLE_NOT_ALLOWED`: the replacement must be a legal call).
pub fn replace(
    cx: &mut Ctx<'_>,
    seat: Seat,
    call: Call,
    with: WithCall<'_>,
    first: CallId,
    law: Law,
    premature: Option<CallId>,
) -> Result<(), Refusal> {
    let partner_barred = law == Law::L27B3;
    match cx.st.auction().summary().check(seat, call) {
        Err(auction::Illegal::Insufficient) => {
            // L27B4: another insufficient bid; LHO may accept it.
            cx.st.rectification_mut().settle();
            match premature {
                Some(x) => await_lho(cx, seat, call, x, Some(first)),
                None => insufficient_bid(cx, seat, call, Some(first), with),
            }
            return Ok(());
        }
        Err(illegal) => {
            return Err(irr::refusal(illegal, call).citing(Law::L27B));
        }
        Ok(()) => {}
    }
    if matches!(call, Call::Double | Call::Redouble) {
        // L27B3: presumed not comparable until the Director rules: cancelled, the offender
        // calls again, partner barred throughout.
        let (law, reason) = (Law::L27B3, Withdrawal::DoubleReplacingInsufficient);
        let x = match premature {
            Some(x) => {
                withdraw(cx, x, law, reason);
                x
            }
            None => record_cancelled(cx, seat, call, law, reason),
        };
        information::withdrawn_call(cx, first, Some(seat.side()));
        information::withdrawn_call(cx, x, Some(seat.side()));
        bar_partner(cx, seat, first, Law::L27B3);
        cx.st.rulings_mut().compare_replacement(first, x, Some(Law::L27B3));
        cx.st.rectification_mut().apply_to_replacement(Law::L27B3);
        return Ok(());
    }
    let calls_before = cx.st.auction().in_force();
    let lowest = call.bid().is_some_and(|b| qualifies_b1a(cx, first, &calls_before, b));
    cx.st.rectification_mut().settle();
    let id = match premature {
        Some(x) => {
            cx.st.put_in_force(x);
            x
        }
        None => record(cx, seat, call, Status::InForce),
    };
    if partner_barred {
        // L27B3: the bar stands whatever the legal replacement.
        cx.st.rulings_mut().compare_replacement(first, id, None);
    } else if lowest {
        // L27B1a: no further rectification; L16C and L26B do not apply.
        information::withdrawn_call(cx, first, None);
        irr::close_comparison(cx, first);
    } else {
        // L27B2: partner passes throughout; L26B; L72C. A comparable ruling lifts it (B1b).
        information::withdrawn_call(cx, first, Some(seat.side()));
        bar_partner(cx, seat, first, Law::L27B2);
        cx.st.rulings_mut().compare_replacement(first, id, Some(Law::L27B2));
    }
    finish_call(cx, seat, id, with);
    Ok(())
}

/// L27B1b: a double or redouble ruled comparable after it was cancelled under L27B3 is
/// reinstated, provided the offender has not called again.
pub fn reinstate_comparable_double(cx: &mut Ctx<'_>, cmp: &Comparison) {
    let Some(x) = cmp.replacement else { return };
    let waiting = matches!(cx.st.rectification().pending(), Some(Pending::Replacement { insufficient: Some(f), .. }) if *f == cmp.withdrawn);
    let cancelled = cx.st.auction().call(x).is_some_and(|r| r.status == Status::Withdrawn);
    if !(waiting && cancelled) {
        return;
    }
    let Some((seat, call)) = rec(cx, x) else {
        return;
    };
    if cx.st.auction().summary().check(seat, call).is_err() {
        return;
    }
    // L25A1: the offender's own call, made again: a replacement of it puts back the
    // rectification from before it (his replacement still awaited).
    remember(cx, seat);
    cx.calling = Some(seat);
    cx.st.rectification_mut().settle();
    // Re-made in force: the cancelled record stays withdrawn, a new one carries the call.
    let id = record(cx, seat, call, Status::InForce);
    settle_after_call(cx, seat, id);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, played, run};

    /// Dealer N: 1H by North, East's insufficient 1D (record 1), South declines it.
    fn declined() -> crate::table::Table {
        played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1H")),
                Action::call(Seat::E, call("1D")),
                Action::decline(Seat::S),
            ],
        )
    }

    #[test]
    fn l27_an_insufficient_bid_awaits_lhos_choice_and_is_flagged_under_law_27() {
        let t = played(Seat::N, &[Action::call(Seat::N, call("1H"))]);
        let r = run(&t, |cx| {
            insufficient_bid(cx, Seat::E, call("1D"), None, WithCall::default())
        });
        let id = CallId::new(1);
        assert_eq!(
            r.st.rectification().pending(),
            Some(&Pending::InsufficientBid {
                call: id,
                first: id,
                premature: None
            })
        );
        assert!(r.events.iter().any(|e| matches!(
            e,
            EventKind::Irregularity {
                code: Code::IrregInsufficientBid,
                law: Law::L27,
                seat: Seat::E,
                ..
            }
        )));
    }

    /// Dealer N: 1H by North, East's insufficient 1D (record 1) and, before South decided,
    /// East's `replacement` (record 2).
    fn premature(replacement: &str) -> crate::table::Table {
        played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1H")),
                Action::call(Seat::E, call("1D")),
                Action::call(Seat::E, call(replacement)),
            ],
        )
    }

    #[test]
    fn l27c_a_premature_replacement_awaits_lhos_decision_on_the_insufficient_bid() {
        let t = premature("3D");
        let (ib, x) = (CallId::new(1), CallId::new(2));
        assert_eq!(
            t.state().rectification().pending(),
            Some(&Pending::InsufficientBid {
                call: ib,
                first: ib,
                premature: Some(x)
            })
        );
        assert_eq!(t.state().auction().call(x).map(|r| r.status), Some(Status::Pending));
        assert!(lho_may_call(t.state()));
        // Accepted: 1D stands, 3D is cancelled and is UI for West; nobody is barred.
        let r = run(&t, |cx| accept(cx, Seat::S, ib, ib, Some(x)));
        assert_eq!(r.st.auction().call(ib).map(|c| c.status), Some(Status::InForce));
        assert_eq!(r.st.auction().call(x).map(|c| c.status), Some(Status::Withdrawn));
        assert!(Seat::ALL.iter().all(|s| !r.st.bars().is_barred(*s)));
        assert!(r
            .warnings
            .iter()
            .any(|w| w.code == Code::UiWithdrawnCall && w.audience == Audience::seat(Seat::W)));
        // Declined: 3D stands as the replacement, not comparable until ruled (L27B2).
        let r = run(&t, |cx| decline(cx, Seat::S, ib, ib, Some(x)));
        assert!(r.out.is_ok());
        assert_eq!(r.st.auction().call(x).map(|c| c.status), Some(Status::InForce));
        assert_eq!(r.st.bars().on(Seat::W).map(|b| b.law), Some(Law::L27B2));
    }

    #[test]
    fn l27c_lho_calls_over_a_premature_replacement_only_where_it_would_stand_as_it_is() {
        assert!(lho_may_call(premature("2D").state()));
        assert!(lho_may_call(premature("P").state()));
        // L27B3 cancels a double; L27B4 puts another insufficient bid to LHO afresh.
        assert!(!lho_may_call(premature("X").state()));
        assert!(!lho_may_call(premature("1C").state()));
    }

    #[test]
    fn l27b1a_the_lowest_sufficient_bid_in_the_same_strain_stands_without_a_bar() {
        let t = declined();
        let r = run(&t, |cx| {
            replace(cx, Seat::E, call("2D"), WithCall::default(), CallId::new(1), Law::L27B, None)
        });
        assert!(r.out.is_ok());
        assert!(!r.st.bars().is_barred(Seat::W));
        assert!(r.st.rulings().comparison(CallId::new(1)).is_none());
    }

    #[test]
    fn l27b2_a_higher_bid_in_the_same_strain_bars_partner_throughout() {
        let t = declined();
        let r = run(&t, |cx| {
            replace(cx, Seat::E, call("3D"), WithCall::default(), CallId::new(1), Law::L27B, None)
        });
        assert!(r.out.is_ok());
        let bar = r.st.bars().on(Seat::W).expect("W barred");
        assert_eq!((bar.kind, bar.law), (BarKind::Throughout, Law::L27B2));
    }

    #[test]
    fn l27b3_a_double_in_place_of_the_insufficient_bid_is_cancelled_and_partner_barred() {
        let t = declined();
        let r = run(&t, |cx| {
            replace(
                cx,
                Seat::E,
                Call::Double,
                WithCall::default(),
                CallId::new(1),
                Law::L27B,
                None,
            )
        });
        assert!(r.out.is_ok());
        let bar = r.st.bars().on(Seat::W).expect("W barred");
        assert_eq!(bar.law, Law::L27B3);
        assert_eq!(
            r.st.auction().call(CallId::new(2)).map(|c| c.status),
            Some(Status::Withdrawn)
        );
    }
}
