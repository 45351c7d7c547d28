//! Irregular calls in the `rectify` regulation (Laws 27–39): routing a call made while a
//! rectification is pending, an irregular call in turn, LHO's `accept` and `decline`, and
//! L39. The laws themselves live in `insufficient` (L27), `rotation` (L25B, L28–L32) and
//! `inadmissible` (L36, L37); the steps they share in `steps`; what follows a call in
//! force (L17D3, L22, L26B, L30–L32) in `settle`; the Director's rulings in `rulings`.

use crate::auction::Illegal;
use crate::call::{Call, Seat};
use crate::law::Law;
use crate::procedure::ctx::{Ctx, Next, WithCall};
use crate::procedure::record::record_cancelled;
use crate::procedure::settle::announce_lead_restriction;
use crate::procedure::steps::{flag, lead_restriction, rec};
use crate::procedure::{inadmissible, information, insufficient, rotation};
use crate::report::{refuse, refuse_citing, Code, Refusal};
use crate::state::{CallId, Pending, Phase};
use crate::withdrawal::Withdrawal;

/// A call while a rectification is pending: only the calls it allows. When the call
/// settles the rectification by being made (LHO's call accepting an insufficient bid, a
/// call out of rotation or a change, or letting a barred player's call stand), the answer
/// is `Next::Call`: the call is then made as any call.
///
/// # Errors
/// `RECTIFICATION_PENDING` for anyone the rectification does not wait for; the refusals
/// of the call itself.
pub fn call_while_pending<'w>(
    cx: &mut Ctx<'_>,
    seat: Seat,
    call: Call,
    with: WithCall<'w>,
) -> Result<Next<'w>, Refusal> {
    let Some(pending) = cx.st.rectification().pending().cloned() else {
        return Ok(Next::Call(seat, call, with));
    };
    let waiting = || refuse(Code::RectificationPending, "a rectification is pending: wait for it");
    match pending {
        Pending::InsufficientBid {
            call: ib,
            first,
            premature,
        } => {
            let Some((offender, _)) = rec(cx, ib) else {
                return waiting();
            };
            if seat == offender.lho() {
                if !insufficient::lho_may_call(cx.st) {
                    return refuse_citing(
                        Law::L27C,
                        Code::RectificationPending,
                        "first accept or decline the insufficient bid: its replacement cannot stand as it is (Law 27C)",
                    );
                }
                if premature.is_some() {
                    // L27C: a call over the premature replacement does not accept the
                    // insufficient bid: the replacement stands and L27B applies to it.
                    insufficient::decline(cx, seat, ib, first, premature)?;
                } else {
                    // L27A1: LHO accepts by calling.
                    insufficient::accept(cx, seat, ib, first, None);
                }
                Ok(Next::Call(seat, call, with))
            } else if seat == offender && premature.is_none() {
                // L27C: a replacement before LHO decided awaits his decision.
                insufficient::premature_replacement(cx, seat, call, with, ib, first).map(|()| Next::Done)
            } else {
                waiting()
            }
        }
        Pending::Replacement {
            seat: offender,
            law,
            insufficient: ib,
            ..
        } => {
            if seat != offender {
                return waiting();
            }
            match ib {
                Some(first) => insufficient::replace(cx, seat, call, with, first, law, None),
                None => inadmissible::replace(cx, seat, call, with, law),
            }
            .map(|()| Next::Done)
        }
        Pending::OutOfRotation {
            call: coor,
            due,
            intent,
        } => rotation::call_while_pending(cx, seat, call, with, coor, due, intent),
        Pending::Inadmissible { call: x } => {
            let Some((offender, _)) = rec(cx, x) else {
                return waiting();
            };
            if seat == offender.lho() {
                inadmissible::lho_called(cx, seat, call, x);
                Ok(Next::Done)
            } else if seat == offender && !inadmissible::was_out_of_turn(cx, x) {
                // As L27C: a replacement before LHO's call or the Director's ruling.
                premature_replacement(cx, seat, call, x);
                inadmissible::decline(cx, offender.lho(), x);
                call_while_pending(cx, seat, call, with)
            } else {
                waiting()
            }
        }
        Pending::BarredCall { call: id } => {
            let Some((offender, _)) = rec(cx, id) else {
                return waiting();
            };
            if seat == offender.lho() {
                inadmissible::barred_call_stands(cx, id);
                Ok(Next::Call(seat, call, with))
            } else {
                waiting()
            }
        }
        Pending::ChangeOfCall { call: id, original } => {
            let Some((offender, _)) = rec(cx, id) else {
                return waiting();
            };
            if seat == offender.lho() {
                rotation::change_accepted(cx, seat, id, original);
                Ok(Next::Call(seat, call, with))
            } else {
                waiting()
            }
        }
    }
}

/// As L27C, L9B2, for an inadmissible double or redouble (which cannot be accepted, L36):
/// the offender calls again before his LHO has called over it or the Director has ruled:
/// an irregularity of its own, after which his new call is ruled as its replacement.
fn premature_replacement(cx: &mut Ctx<'_>, seat: Seat, call: Call, irregular: CallId) {
    let Some((_, made)) = rec(cx, irregular) else {
        return;
    };
    flag(
        cx,
        Code::IrregPrematureReplacement,
        Law::L27C,
        seat,
        call,
        format!(
            "{seat} replaced {made} with {call} before {} had called over it: {call} is ruled as its replacement (Law 27C, Law 36)",
            seat.lho()
        ),
    );
}

/// L37: a barred player's bid, double or redouble (an inadmissible one is L36).
pub fn barred_call(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: WithCall<'_>) {
    inadmissible::by_barred_player(cx, seat, call, with);
}

/// L27, L36: an insufficient bid or inadmissible double or redouble in turn.
pub fn illegal_call(cx: &mut Ctx<'_>, seat: Seat, call: Call, illegal: Illegal, with: WithCall<'_>) {
    match illegal {
        Illegal::Insufficient => insufficient::insufficient_bid(cx, seat, call, None, with),
        Illegal::Double | Illegal::Redouble => inadmissible::inadmissible(cx, seat, call, with),
    }
}

/// The offender's LHO accepts the irregular call (L27A1, L29A, L25B1).
///
/// # Errors
/// `NOT_ENTITLED` when nothing is pending for this player, or the call cannot be accepted
/// (L32 preamble, L36, L37).
pub fn accept(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
    let not_entitled = |why: &str| refuse(Code::NotEntitled, why.to_string());
    match cx.st.rectification().pending().cloned() {
        Some(Pending::InsufficientBid { call, first, premature }) if rec(cx, call).is_some_and(|(s, _)| seat == s.lho()) => {
            insufficient::accept(cx, seat, call, first, premature);
            Ok(())
        }
        Some(Pending::OutOfRotation { call, due, .. }) if rec(cx, call).is_some_and(|(s, _)| seat == s.lho()) => {
            rotation::accept(cx, seat, call, due);
            Ok(())
        }
        Some(Pending::ChangeOfCall { call, original }) if rec(cx, call).is_some_and(|(s, _)| seat == s.lho()) => {
            rotation::change_accepted(cx, seat, call, original);
            Ok(())
        }
        Some(Pending::Inadmissible { .. }) => refuse_citing(
            Law::L36,
            Code::NotEntitled,
            "an inadmissible double or redouble cannot be accepted (Law 36)",
        ),
        Some(Pending::BarredCall { .. }) => refuse_citing(
            Law::L37,
            Code::NotEntitled,
            "a barred player's call cannot be accepted; call over it or decline (Law 37)",
        ),
        Some(_) => not_entitled("only the offender's left-hand opponent may accept"),
        None => not_entitled("there is no irregularity for you to accept"),
    }
}

/// The offender's LHO declines the irregular call: the rectification applies.
///
/// # Errors
/// `NOT_ENTITLED` when nothing is pending for this player.
pub fn decline(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
    let not_entitled = |why: &str| refuse(Code::NotEntitled, why.to_string());
    match cx.st.rectification().pending().cloned() {
        Some(Pending::InsufficientBid { call, first, premature }) if rec(cx, call).is_some_and(|(s, _)| seat == s.lho()) => {
            insufficient::decline(cx, seat, call, first, premature)
        }
        Some(Pending::OutOfRotation { call, due, .. }) if rec(cx, call).is_some_and(|(s, _)| seat == s.lho()) => {
            rotation::decline(cx, seat, call, due);
            Ok(())
        }
        Some(Pending::ChangeOfCall { call, .. }) if rec(cx, call).is_some_and(|(s, _)| seat == s.lho()) => {
            rotation::change_declined(cx, seat, call);
            Ok(())
        }
        Some(Pending::Inadmissible { call }) if rec(cx, call).is_some_and(|(s, _)| seat == s.lho()) => {
            inadmissible::decline(cx, seat, call);
            Ok(())
        }
        Some(Pending::BarredCall { call }) if rec(cx, call).is_some_and(|(s, _)| seat == s.lho()) => {
            inadmissible::barred_call_cancelled(cx, seat, call);
            Ok(())
        }
        Some(_) => not_entitled("only the offender's left-hand opponent may decline"),
        None => not_entitled("there is no irregularity for you to decline"),
    }
}

// ---------------------------------------------------------------- L39, L17D3, L26B

/// L39: a call after the final pass is cancelled; a defender's bid, double or redouble
/// gives declarer a lead restriction (L39C) unless his LHO calls before it is applied
/// (L39B).
pub fn after_final_pass(cx: &mut Ctx<'_>, seat: Seat, call: Call) {
    let lapsed = lho_called_before_restriction(cx, seat);
    let id = record_cancelled(cx, seat, call, Law::L39A, Withdrawal::AfterFinalPass);
    let mut message = format!("{seat}'s {call} after the final pass is cancelled (Law 39A)");
    if let Some(offender) = lapsed {
        message.push_str(&format!(
            "; {seat} called over {offender}'s call after the final pass before it was rectified: no lead restriction for it (Law 39B)"
        ));
    }
    flag(cx, Code::IrregCallAfterFinalPass, Law::L39, seat, call, message);
    information::withdrawn_call(cx, id, Some(seat.side()));
    if cx.st.phase() == Phase::Clarification && cx.st.play().is_defender(seat) && !call.is_pass() {
        lead_restriction(cx, seat, Law::L39C, id);
        if let Some(r) = cx.st.lead().restrictions().last().cloned() {
            announce_lead_restriction(cx, r);
        }
    }
}

/// L39B: "no further rectification if the offender's LHO called before rectification".
/// The rectification of a defender's bid, double or redouble after the final pass is
/// declarer's L26B choice on the lead; when `seat`, the offender's LHO, calls next (no
/// call since the offender's, declarer has not chosen and the opening lead is not made),
/// the L39C entitlement lapses. Returns the offender whose entitlement lapsed.
fn lho_called_before_restriction(cx: &mut Ctx<'_>, seat: Seat) -> Option<Seat> {
    let last = CallId::new(cx.st.auction().record().len().checked_sub(1)?);
    let offender = cx.st.auction().call(last)?.seat;
    let open = offender == seat.rho()
        && cx.st.lead().choice().is_none()
        && cx.st.play().cards().is_none_or(|p| p.lead.is_none())
        && cx
            .st
            .lead()
            .restrictions()
            .iter()
            .any(|r| r.call == last && r.law == Law::L39C);
    if !open {
        return None;
    }
    cx.st.lead_mut().drop_from(last);
    Some(offender)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::procedure::test_support::{call, calls_from, played, run};
    use crate::state::Status;

    #[test]
    fn l27a_only_the_offenders_lho_accepts_an_insufficient_bid() {
        let t = played(Seat::N, &calls_from(Seat::N, &["1H", "1D"]));
        let by_west = run(&t, |cx| accept(cx, Seat::W));
        assert_eq!(by_west.out.map_err(|e| e.code), Err(Code::NotEntitled));
        let by_south = run(&t, |cx| accept(cx, Seat::S));
        assert!(by_south.out.is_ok());
        assert_eq!(
            by_south.st.auction().call(CallId::new(1)).map(|c| c.status),
            Some(Status::InForce)
        );
    }

    #[test]
    fn l36_an_inadmissible_double_cannot_be_accepted() {
        let t = played(Seat::N, &calls_from(Seat::N, &["1H", "P", "X"]));
        let refused = run(&t, |cx| accept(cx, Seat::W)).out.expect_err("refused");
        assert_eq!((refused.code, refused.law), (Code::NotEntitled, Law::L36));
    }

    #[test]
    fn l39c_a_defenders_bid_after_the_final_pass_gives_declarer_a_lead_restriction_and_dummys_does_not() {
        // 1C P P P: North declares, South is dummy.
        let t = played(Seat::N, &calls_from(Seat::N, &["1C", "P", "P", "P"]));
        let laws = |seat: Seat| {
            run(&t, |cx| after_final_pass(cx, seat, call("1H")))
                .st
                .lead()
                .restrictions()
                .iter()
                .map(|r| (r.offender, r.law))
                .collect::<Vec<_>>()
        };
        assert_eq!(laws(Seat::E), [(Seat::E, Law::L39C)]);
        assert!(laws(Seat::S).is_empty());
    }

    #[test]
    fn l39b_the_restriction_lapses_when_the_offenders_lho_calls_before_it_is_applied() {
        let t = played(Seat::N, &calls_from(Seat::N, &["1C", "P", "P", "P"]));
        let r = run(&t, |cx| {
            after_final_pass(cx, Seat::E, call("1H"));
            after_final_pass(cx, Seat::S, call("2H"));
        });
        assert!(r.st.lead().restrictions().is_empty());
    }
}
