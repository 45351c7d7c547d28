//! Calls out of rotation (Laws 28–32) and attempted changes of call at LHO's turn (L25B,
//! L30B2, L31C, L32C). What the offender's next call decides after a cancelled call out of
//! rotation (L30–L32: presumed not comparable until the Director rules it comparable) is
//! `settle`'s, since it follows any call in force.

use crate::action::{Intent, RulingOn};
use crate::audience::Audience;
use crate::call::{Call, Seat};
use crate::event::{BarKind, EventKind};
use crate::law::Law;
use crate::procedure::ctx::{Ctx, Next, WithCall};
use crate::procedure::record::{record, record_pending, withdraw};
use crate::procedure::settle::{end_or_continue, pass_for_barred, settle_after_call, settle_before_next_call};
use crate::procedure::steps::{self as irr, rec};
use crate::procedure::{inadmissible, information};
use crate::report::{refuse, refuse_citing, Code, Refusal};
use crate::state::{Aftermath, CallId, Pending, Status};
use crate::withdrawal::Withdrawal;

/// A call by `seat` when it is `due`'s turn.
pub fn out_of_rotation(cx: &mut Ctx<'_>, seat: Seat, call: Call, due: Seat, with: WithCall<'_>) {
    if due == seat.lho() {
        if let Some(original) = cx.st.auction().last_call_of(seat) {
            change_of_call(cx, seat, call, original, with);
            return;
        }
    }
    if matches!(call, Call::Double | Call::Redouble) && cx.st.auction().summary().check(seat, call).is_err() {
        // L32 preamble: never acceptable; L36A or L36B4.
        return inadmissible::out_of_turn(cx, seat, call, due, with);
    }
    let id = record_pending(cx, seat, call, &with);
    irr::flag(
        cx,
        Code::IrregCallOutOfRotation,
        Law::L28,
        seat,
        call,
        format!(
            "{seat}'s {call} was out of rotation (it was {due}'s turn): {} may accept it or not (Law 29)",
            seat.lho()
        ),
    );
    cx.st.rectification_mut().open(Pending::OutOfRotation {
        call: id,
        due,
        intent: None,
    });
    if due == seat.lho() {
        // L28B vs L29A: when LHO calls, his intent decides.
        cx.st.rulings_mut().ask(RulingOn::Intent, id);
    }
    if may_be_artificial(cx, seat, call, id) {
        // L29C, L30C: the Director says whether it was artificial, and what it specified.
        cx.st.rulings_mut().ask(RulingOn::Artificial, id);
    }
}

/// L29C, L30C: a call out of rotation that was alerted, or a pass of partner's alerted
/// call (the last bid, double or redouble in force is partner's, and alerted), may be
/// artificial: the question is put to the Director. Presumed natural until he rules.
fn may_be_artificial(cx: &Ctx<'_>, seat: Seat, call: Call, id: CallId) -> bool {
    if cx.st.extra().is_alerted(id) {
        return true;
    }
    let ids = cx.st.auction().in_force_ids();
    let last_action = ids
        .iter()
        .rev()
        .filter_map(|i| cx.st.auction().call(i).map(|r| (i, r)))
        .find(|(_, r)| !r.call.is_pass());
    call.is_pass() && last_action.is_some_and(|(i, r)| r.seat == seat.partner() && cx.st.extra().is_alerted(i))
}

/// L28A: a call made at RHO's turn is in rotation when RHO is required by law to pass:
/// the barred RHO's pass is recorded for him (`auto_pass`) and the call is then made in
/// turn. Returns whether that pass was made.
pub fn pass_for_barred_rho(cx: &mut Ctx<'_>, seat: Seat, due: Seat) -> bool {
    let must_pass = cx.st.bars().is_barred(due) && cx.st.rectification().forced().is_none_or(|(s, _)| s != due);
    if due != seat.rho()
        || !must_pass
        || cx.st.rectification().pending().is_some()
        || cx.st.undo().request().is_some()
    {
        return false;
    }
    pass_for_barred(cx, due);
    true
}

/// L25B: a call at LHO's turn by a player who has already called is an attempted change.
fn change_of_call(cx: &mut Ctx<'_>, seat: Seat, call: Call, original: CallId, with: WithCall<'_>) {
    if inadmissible::inadmissible_change(cx, seat, call, original) {
        // L35A/L36: an inadmissible double or redouble is never acceptable, not even as a
        // change; made at LHO's turn, it is an inadmissible call out of turn: LHO's call
        // cancels it (L36A), his decline applies L36B4; the original stands either way.
        inadmissible::out_of_turn(cx, seat, call, seat.lho(), with);
        return;
    }
    let id = record(cx, seat, call, Status::Pending);
    let Some((_, was)) = rec(cx, original) else {
        return;
    };
    let lho = seat.lho();
    // L35B: a bid, double or redouble by a player required to pass is Law 37's, even when
    // it comes as a change of his pass.
    let (code, law, message) = if barred_change(cx, seat, call) {
        let m = format!(
            "{seat} must pass and tried to change {was} to {call}: if {lho} calls it stands, otherwise Law 37B applies"
        );
        (Code::IrregBarredCall, Law::L37, m)
    } else {
        let m =
            format!("{seat} tried to change {was} to {call}: {lho} may accept the change by calling, or not (Law 25B)");
        (Code::IrregChangeOfCall, Law::L25B, m)
    };
    irr::flag(cx, code, law, seat, call, message);
    cx.st
        .rectification_mut()
        .open(Pending::ChangeOfCall { call: id, original });
}

/// Whether an attempted change is a barred player's bid, double or redouble (L35B, L37).
fn barred_change(cx: &Ctx<'_>, seat: Seat, call: Call) -> bool {
    cx.st.bars().is_barred(seat) && !call.is_pass()
}

/// L25B1: LHO accepts the change: the original is withdrawn, the change is in force.
pub fn change_accepted(cx: &mut Ctx<'_>, lho: Seat, id: CallId, original: CallId) {
    let Some((offender, call)) = rec(cx, id) else {
        return;
    };
    // L37A: a barred player's call stands when LHO calls over it; no lead restriction.
    let barred = barred_change(cx, offender, call);
    let law = if barred { Law::L37A } else { Law::L25B1 };
    cx.st.rectification_mut().settle();
    cx.event(EventKind::Accepted { seat: lho, law }, Audience::EVERYONE);
    withdraw(cx, original, law, Withdrawal::ChangeAccepted);
    information::withdrawn_call(cx, original, Some(offender.side()));
    // The original was the last call in force, so the change takes its place — with the
    // players it skipped, if it had been accepted out of rotation (L29A, L17D3).
    if let Some(due) = cx.st.auction().call(original).and_then(|r| r.skipped_from) {
        cx.st.auction_mut().set_skipped(id, due);
    }
    cx.st.put_in_force(id);
    if !barred {
        irr::lead_restriction(cx, offender, Law::L25B1, original);
        // L26A: a change the Director rules comparable leaves no lead restriction.
        irr::open_comparison(cx, offender, original, Some(id), Law::L25B1);
    }
    settle_after_call(cx, offender, id);
}

/// L25B2: LHO does not accept: the attempted change is void, the original stands.
pub fn change_declined(cx: &mut Ctx<'_>, lho: Seat, id: CallId) {
    let Some((offender, call)) = rec(cx, id) else {
        return;
    };
    let barred = barred_change(cx, offender, call);
    let law = if barred { Law::L37B } else { Law::L25B2 };
    cx.st.rectification_mut().settle();
    cx.event(EventKind::Declined { seat: lho, law }, Audience::EVERYONE);
    withdraw(cx, id, law, Withdrawal::ChangeVoid);
    information::withdrawn_call(cx, id, Some(offender.side()));
    if barred {
        // L37B: his pass stands (it is the substituted pass); both offenders pass throughout.
        for s in [offender, offender.partner()] {
            irr::bar(cx, s, BarKind::Throughout, Law::L37B2, None);
        }
        irr::lead_restriction(cx, offender, Law::L37B2, id);
        irr::adjustment_possible(cx, Law::L37B2, offender);
    }
}

/// A call while a call out of rotation awaits LHO's decision: `Next::Call` once the call
/// out of rotation is accepted or cancelled by it.
///
/// # Errors
/// `INTENT_REQUIRED` (LHO calls at his own turn without saying whether he accepts),
/// `RECTIFICATION_PENDING` (anyone else but the player whose turn it was, and the
/// offender's partner even at his own turn).
pub fn call_while_pending<'w>(
    cx: &mut Ctx<'_>,
    seat: Seat,
    call: Call,
    with: WithCall<'w>,
    coor: CallId,
    due: Seat,
    ruled: Option<Intent>,
) -> Result<Next<'w>, Refusal> {
    let Some((offender, _)) = rec(cx, coor) else {
        return refuse(Code::RectificationPending, "a rectification is pending: wait for it");
    };
    if seat != due && seat == offender.lho() {
        // L29A: the offender's LHO may elect to call, thereby accepting the call out of
        // rotation; rotation then continues from it, so his call is in turn (the end of
        // the auction, L17D3 included, is judged after his call).
        accept_by_calling(cx, seat, coor, due);
        return Ok(Next::Call(seat, call, with));
    }
    if seat != due || seat == offender.partner() {
        // L28B makes a call in rotation only when the player whose turn it was is an
        // opponent of the offender: the offender's partner cannot forfeit the other side's
        // option (L29A) or rectification (L30B, L31B, L32B); he waits for LHO's decision.
        let who = if seat == offender.partner() {
            format!(
                "{} decides first whether to accept {offender}'s call out of rotation (Law 29)",
                offender.lho()
            )
        } else {
            format!("{due}, whose turn it is, or {} decides first (Law 29)", offender.lho())
        };
        return refuse_citing(Law::L29, Code::RectificationPending, who);
    }
    if due == offender.lho() {
        let Some(intent) = with.intent.or(ruled) else {
            return refuse(
                Code::IntentRequired,
                format!("say whether your call accepts {offender}'s call out of rotation (`intent: accept`) or ignores it (`intent: own_turn`)"),
            );
        };
        if with.intent.is_some() {
            cx.event(EventKind::IntentRecorded { seat, intent }, Audience::EVERYONE);
        }
        if intent == Intent::Accept {
            accept_by_calling(cx, seat, coor, due);
            return Ok(Next::Call(seat, call, with));
        }
    }
    // L28B: the player whose turn it was calls: his call is in rotation and the call out
    // of rotation is cancelled; no further rectification, UI for the offender's partner.
    cx.st.rectification_mut().settle();
    cx.st.rulings_mut().close(RulingOn::Intent, coor);
    withdraw(cx, coor, Law::L28B, Withdrawal::TurnPlayerCalled);
    information::withdrawn_call(cx, coor, Some(offender.side()));
    Ok(Next::Call(seat, call, with))
}

/// L29A: LHO accepts the call out of rotation; rotation continues from it and the players
/// it skipped keep their right to call (L17D3).
pub fn accept(cx: &mut Ctx<'_>, lho: Seat, coor: CallId, due: Seat) {
    let Some(offender) = accepted(cx, lho, coor, due) else {
        return;
    };
    settle_after_call(cx, offender, coor);
}

/// L29A by calling: the call out of rotation stands and LHO's call follows it at once, so
/// whether the auction has ended (L22, L17D3) is judged after LHO's call, not before.
fn accept_by_calling(cx: &mut Ctx<'_>, lho: Seat, coor: CallId, due: Seat) {
    let Some(offender) = accepted(cx, lho, coor, due) else {
        return;
    };
    settle_before_next_call(cx, offender, coor);
}

/// The call out of rotation is in force, with the players it skipped; returns its maker
/// (`None`, nothing changed, if there is no record `coor`).
fn accepted(cx: &mut Ctx<'_>, lho: Seat, coor: CallId, due: Seat) -> Option<Seat> {
    let (offender, _) = rec(cx, coor)?;
    cx.st.put_in_force(coor);
    cx.st.auction_mut().set_skipped(coor, due);
    cx.st.rectification_mut().settle();
    cx.st.rulings_mut().close(RulingOn::Intent, coor);
    cx.event(
        EventKind::Accepted {
            seat: lho,
            law: Law::L29A,
        },
        Audience::EVERYONE,
    );
    Some(offender)
}

/// L29B: LHO does not accept: the call is cancelled, the auction reverts to the player
/// whose turn it was, and L30–L32 apply.
pub fn decline(cx: &mut Ctx<'_>, lho: Seat, coor: CallId, due: Seat) {
    let Some((offender, call)) = rec(cx, coor) else {
        return;
    };
    cx.st.rectification_mut().settle();
    cx.st.rulings_mut().close(RulingOn::Intent, coor);
    cx.event(
        EventKind::Declined {
            seat: lho,
            law: Law::L29B,
        },
        Audience::EVERYONE,
    );
    withdraw(cx, coor, Law::L29B, Withdrawal::OutOfRotationCancelled);
    route_cancelled(cx, offender, coor, call, due == offender.rho());
    end_or_continue(cx);
}

/// L29B: what a cancelled call out of rotation by `offender` brings: L30 for a pass, L31
/// for a bid and (L30C) for a pass the Director has ruled artificial, L32 for a double or
/// redouble.
pub fn route_cancelled(cx: &mut Ctx<'_>, offender: Seat, coor: CallId, call: Call, at_rho: bool) {
    // L30C: an artificial pass (or a pass of partner's artificial call) is rectified as a bid.
    let as_bid = matches!(call, Call::Bid(_)) || (call.is_pass() && cx.st.rulings().is_artificial(coor));
    if at_rho && call.is_pass() && !as_bid {
        // L30A: the offender passes at his next turn; nothing more.
        information::withdrawn_call(cx, coor, Some(offender.side()));
        irr::bar(cx, offender, BarKind::NextTurn, Law::L30A, None);
        cx.st.rectification_mut().expect_aftermath(None);
    } else if at_rho {
        // L31A, L32A: what RHO does decides (UI deferred: a repeated call conveys nothing new).
        cx.st.rectification_mut().expect_aftermath(Some(Aftermath {
            seat: offender,
            cancelled: coor,
            law: if as_bid { Law::L31A } else { Law::L32A },
            repeat_if_rho_passes: true,
            intent: None,
        }));
    } else {
        // L30B1, L31B, L32B: partner free (UI); the offender's next call is judged.
        information::withdrawn_call(cx, coor, Some(offender.side()));
        let law = if as_bid {
            Law::L31B
        } else if call.is_pass() {
            Law::L30B1b
        } else {
            Law::L32B
        };
        cx.st.rectification_mut().expect_aftermath(Some(Aftermath {
            seat: offender,
            cancelled: coor,
            law,
            repeat_if_rho_passes: false,
            intent: None,
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, played, run};

    #[test]
    fn l28_a_call_out_of_rotation_awaits_lhos_choice_with_the_turn_still_due() {
        let t = played(Seat::N, &[]);
        let r = run(&t, |cx| {
            out_of_rotation(cx, Seat::S, call("1H"), Seat::N, WithCall::default())
        });
        assert_eq!(
            r.st.rectification().pending(),
            Some(&Pending::OutOfRotation {
                call: CallId::new(0),
                due: Seat::N,
                intent: None
            })
        );
        assert!(r.events.iter().any(|e| matches!(
            e,
            EventKind::Irregularity {
                code: Code::IrregCallOutOfRotation,
                law: Law::L28,
                seat: Seat::S,
                ..
            }
        )));
    }

    #[test]
    fn l25b_a_second_call_at_lhos_turn_is_an_attempted_change_of_the_first() {
        let t = played(Seat::N, &[Action::call(Seat::N, call("1H"))]);
        let r = run(&t, |cx| {
            out_of_rotation(cx, Seat::N, call("2H"), Seat::E, WithCall::default())
        });
        assert_eq!(
            r.st.rectification().pending(),
            Some(&Pending::ChangeOfCall {
                call: CallId::new(1),
                original: CallId::new(0)
            })
        );
        assert!(r.events.iter().any(|e| matches!(
            e,
            EventKind::Irregularity {
                code: Code::IrregChangeOfCall,
                law: Law::L25B,
                ..
            }
        )));
    }

    #[test]
    fn l29c_an_alerted_call_out_of_rotation_asks_the_director_whether_it_was_artificial() {
        let t = played(Seat::N, &[]);
        let alerted = WithCall {
            alert: true,
            ..WithCall::default()
        };
        let r = run(&t, |cx| out_of_rotation(cx, Seat::S, call("2C"), Seat::N, alerted));
        let asked = |st: &crate::state::State| {
            st.rulings()
                .open()
                .iter()
                .any(|o| o.on == RulingOn::Artificial && o.call == CallId::new(0))
        };
        assert!(asked(&r.st));
        let plain = run(&t, |cx| {
            out_of_rotation(cx, Seat::S, call("2C"), Seat::N, WithCall::default())
        });
        assert!(!asked(&plain.st));
    }

    #[test]
    fn l28a_a_call_at_a_barred_rhos_turn_first_passes_for_him() {
        let t = played(Seat::N, &[]);
        let r = run(&t, |cx| {
            irr::bar(cx, Seat::N, BarKind::Throughout, Law::L27B2, None);
            (
                pass_for_barred_rho(cx, Seat::E, Seat::N),
                pass_for_barred_rho(cx, Seat::W, Seat::E),
            )
        });
        // East's RHO is North, barred: his pass is made; West's RHO (South) is not due.
        assert_eq!(r.out, (true, false));
        assert_eq!(
            r.st.auction().call(CallId::new(0)).map(|c| (c.seat, c.call)),
            Some((Seat::N, Call::Pass))
        );
    }
}
