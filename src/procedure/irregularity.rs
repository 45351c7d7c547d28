//! Irregular calls in the `rectify` regulation (Laws 27–39): routing, the shared steps of
//! every rectification (bars, lead restrictions, the comparable-call question), L39, L17D3,
//! and the Director's rulings (L23A comparability, L25A intent, L21B misinformation,
//! L28B/L29A). The laws themselves live in `insufficient` (L27), `rotation` (L25B, L28–L32)
//! and `inadmissible` (L36, L37).

use crate::auction::Illegal;
use crate::audience::Audience;
use crate::call::{Call, Seat, Strain};
use crate::event::{BarKind, EventKind};
use crate::law::Law;
use crate::procedure::Ctx;
use crate::procedure::{calls, inadmissible, information, insufficient, rotation};
use crate::regulation::LeadRestriction;
use crate::report::{refuse, Code, Refusal, Severity, Warning};
use crate::state::{Bar, LeadRestrictionRecord, Pending, Phase, Status};

// ---------------------------------------------------------------- shared steps

/// The seat and call of record `id`.
pub fn rec(cx: &Ctx<'_>, id: usize) -> (Seat, Call) {
    cx.st
        .record()
        .get(id)
        .map_or((Seat::N, Call::Pass), |r| (r.seat, r.call))
}

/// Records an irregularity: warning (infraction, everyone) and event `irregularity`.
pub fn flag(cx: &mut Ctx<'_>, code: Code, law: Law, seat: Seat, call: Call, message: String) {
    cx.warn(
        Warning::new(code, Severity::Infraction, Audience::EVERYONE, message)
            .citing(law)
            .concerning(seat),
    );
    cx.event(
        EventKind::Irregularity {
            code,
            law,
            seat,
            call: Some(call),
        },
        Audience::EVERYONE,
    );
}

/// Bars `seat` (a `throughout` bar is never shortened), announced to everyone.
pub fn bar(cx: &mut Ctx<'_>, seat: Seat, kind: BarKind, law: Law, lifted_if_comparable: Option<usize>) {
    let imposed = cx.st.bar(
        seat,
        Bar {
            kind,
            law,
            lifted_if_comparable,
        },
    );
    if !imposed {
        return;
    }
    cx.event(EventKind::Barred { seat, bar: kind, law }, Audience::EVERYONE);
}

/// Lifts the bar on `seat`, if any (event `bar_lifted`, shown to everyone like the
/// `barred` event that announced it).
pub fn lift_bar(cx: &mut Ctx<'_>, seat: Seat) {
    if cx.st.lift_bar(seat) {
        cx.event(EventKind::BarLifted { seat }, Audience::EVERYONE);
    }
}

/// L26B: records declarer's entitlement, announced when the auction ends if the offender
/// is then a defender.
pub fn lead_restriction(cx: &mut Ctx<'_>, offender: Seat, law: Law, call: usize) {
    cx.st.entitle_lead_restriction(offender, law, call);
}

/// L72C: a note for the Director that he may adjust after play.
pub fn adjustment_possible(cx: &mut Ctx<'_>, law: Law, offender: Seat) {
    cx.warn(
        Warning::new(
            Code::ADJUSTMENT_POSSIBLE,
            Severity::Info,
            Audience::DIRECTOR,
            format!("Law {law}: if {offender} could have known that the irregularity could well damage the opponents, adjust after play (Law 72C)"),
        )
        .citing(Law::L72C)
        .concerning(offender),
    );
}

/// Opens the question "is the replacement of `withdrawn` comparable?" (L23A).
pub fn open_comparison(cx: &mut Ctx<'_>, offender: Seat, withdrawn: usize, replacement: Option<usize>, law: Law) {
    cx.st.open_comparison(offender, withdrawn, replacement, law);
}

/// Closes the comparable-call question about `withdrawn`.
pub fn close_comparison(cx: &mut Ctx<'_>, withdrawn: usize) {
    cx.st.close_comparison(withdrawn);
}

/// Records a call and cancels it at once (L27B3, L36A, L39A, …).
pub fn record_cancelled(cx: &mut Ctx<'_>, seat: Seat, call: Call, law: Law, reason: &str) -> usize {
    let id = calls::record(cx, seat, call, Status::InForce);
    calls::withdraw(cx, id, law, reason);
    id
}

// ---------------------------------------------------------------- routing

/// A call while a rectification is pending: only the calls it allows.
///
/// # Errors
/// `RECTIFICATION_PENDING` for anyone the rectification does not wait for; the refusals
/// of the call itself.
pub fn call_while_pending(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: calls::WithCall) -> Result<(), Refusal> {
    let Some(pending) = cx.st.pending().cloned() else {
        return calls::call(cx, seat, call, with);
    };
    let waiting = || refuse(Code::RECTIFICATION_PENDING, "a rectification is pending: wait for it");
    match pending {
        Pending::InsufficientBid { call: ib, first } => {
            let (offender, _) = rec(cx, ib);
            if seat == offender.lho() {
                // L27A1: LHO accepts by calling.
                insufficient::accept(cx, seat, ib, first);
                calls::call(cx, seat, call, with)
            } else if seat == offender {
                // L27C: a replacement before LHO decided: LHO has not accepted.
                premature_replacement(cx, seat, call, ib);
                insufficient::decline(cx, offender.lho(), ib, first);
                call_while_pending(cx, seat, call, with)
            } else {
                waiting()
            }
        }
        Pending::Replacement {
            seat: offender,
            withdrawn,
            law,
            insufficient: ib,
            ..
        } => {
            if seat != offender {
                return waiting();
            }
            match ib {
                Some(first) => insufficient::replace(cx, seat, call, with, first, law),
                None => inadmissible::replace(cx, seat, call, with, withdrawn, law),
            }
        }
        Pending::OutOfRotation {
            call: coor,
            due,
            intent,
        } => rotation::call_while_pending(cx, seat, call, with, coor, due, intent),
        Pending::Inadmissible { call: x } => {
            let (offender, _) = rec(cx, x);
            if seat == offender.lho() {
                inadmissible::lho_called(cx, seat, call, x);
                Ok(())
            } else if seat == offender {
                // As L27C: a replacement before LHO's call or the Director's ruling.
                premature_replacement(cx, seat, call, x);
                inadmissible::decline(cx, offender.lho(), x);
                call_while_pending(cx, seat, call, with)
            } else {
                waiting()
            }
        }
        Pending::BarredCall { call: id } => {
            let (offender, _) = rec(cx, id);
            if seat == offender.lho() {
                inadmissible::barred_call_stands(cx, id);
                calls::call(cx, seat, call, with)
            } else {
                waiting()
            }
        }
        Pending::ChangeOfCall { call: id, original } => {
            let (offender, _) = rec(cx, id);
            if seat == offender.lho() {
                rotation::change_accepted(cx, seat, id, original);
                calls::call(cx, seat, call, with)
            } else {
                waiting()
            }
        }
    }
}

/// L27C, L9B2: the offender calls again before his LHO has decided on his irregular call:
/// an irregularity of its own (he did not wait for the rectification), after which the
/// call is not accepted and his new call is ruled as its replacement.
fn premature_replacement(cx: &mut Ctx<'_>, seat: Seat, call: Call, irregular: usize) {
    let (_, made) = rec(cx, irregular);
    flag(
        cx,
        Code::IRREG_PREMATURE_REPLACEMENT,
        Law::L27C,
        seat,
        call,
        format!(
            "{seat} replaced {made} with {call} before {} had decided whether to accept it: it is not accepted, and {call} is ruled as its replacement (Law 27C)",
            seat.lho()
        ),
    );
}

/// L37: a barred player's bid, double or redouble (an inadmissible one is L36).
pub fn barred_call(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: calls::WithCall) {
    match cx.st.summary().check(seat, call) {
        Err(illegal @ (Illegal::Double | Illegal::Redouble)) => illegal_call(cx, seat, call, illegal, with),
        _ => inadmissible::barred_call(cx, seat, call, with),
    }
}

/// L27, L36: an insufficient bid or inadmissible double or redouble in turn.
pub fn illegal_call(cx: &mut Ctx<'_>, seat: Seat, call: Call, illegal: Illegal, with: calls::WithCall) {
    match illegal {
        Illegal::Insufficient => insufficient::insufficient_bid(cx, seat, call, None, with),
        Illegal::Double | Illegal::Redouble => inadmissible::inadmissible(cx, seat, call, with),
    }
}

/// What a call in turn settles of an earlier rectification (L30B1b, L31, L32, L23).
pub fn after_call_in_turn(cx: &mut Ctx<'_>, seat: Seat, id: usize) {
    rotation::aftermath(cx, seat, id);
}

/// The offender's LHO accepts the irregular call (L27A1, L29A, L25B1).
///
/// # Errors
/// `NOT_ENTITLED` when nothing is pending for this player, or the call cannot be accepted
/// (L32 preamble, L36, L37).
pub fn accept(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
    let not_entitled = |why: &str| refuse(Code::NOT_ENTITLED, why.to_string());
    match cx.st.pending().cloned() {
        Some(Pending::InsufficientBid { call, first }) if seat == rec(cx, call).0.lho() => {
            insufficient::accept(cx, seat, call, first);
            Ok(())
        }
        Some(Pending::OutOfRotation { call, due, .. }) if seat == rec(cx, call).0.lho() => {
            rotation::accept(cx, seat, call, due);
            Ok(())
        }
        Some(Pending::ChangeOfCall { call, original }) if seat == rec(cx, call).0.lho() => {
            rotation::change_accepted(cx, seat, call, original);
            Ok(())
        }
        Some(Pending::Inadmissible { .. }) => {
            not_entitled("an inadmissible double or redouble cannot be accepted (Law 36)")
                .map_err(|r: Refusal| r.citing(Law::L36))
        }
        Some(Pending::BarredCall { .. }) => {
            not_entitled("a barred player's call cannot be accepted; call over it or decline (Law 37)")
                .map_err(|r: Refusal| r.citing(Law::L37))
        }
        Some(_) => not_entitled("only the offender's left-hand opponent may accept"),
        None => not_entitled("there is no irregularity for you to accept"),
    }
}

/// The offender's LHO declines the irregular call: the rectification applies.
///
/// # Errors
/// `NOT_ENTITLED` when nothing is pending for this player.
pub fn decline(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
    let not_entitled = |why: &str| refuse(Code::NOT_ENTITLED, why.to_string());
    match cx.st.pending().cloned() {
        Some(Pending::InsufficientBid { call, first }) if seat == rec(cx, call).0.lho() => {
            insufficient::decline(cx, seat, call, first);
            Ok(())
        }
        Some(Pending::OutOfRotation { call, due, .. }) if seat == rec(cx, call).0.lho() => {
            rotation::decline(cx, seat, call, due);
            Ok(())
        }
        Some(Pending::ChangeOfCall { call, .. }) if seat == rec(cx, call).0.lho() => {
            rotation::change_declined(cx, seat, call);
            Ok(())
        }
        Some(Pending::Inadmissible { call }) if seat == rec(cx, call).0.lho() => {
            inadmissible::decline(cx, seat, call);
            Ok(())
        }
        Some(Pending::BarredCall { call }) if seat == rec(cx, call).0.lho() => {
            inadmissible::barred_call_cancelled(cx, seat, call);
            Ok(())
        }
        Some(_) => not_entitled("only the offender's left-hand opponent may decline"),
        None => not_entitled("there is no irregularity for you to decline"),
    }
}

// ---------------------------------------------------------------- L39, L17D3, L26B

/// L39: a call after the final pass is cancelled; a defender's bid, double or redouble
/// gives declarer a lead restriction (L39C).
pub fn after_final_pass(cx: &mut Ctx<'_>, seat: Seat, call: Call) {
    let id = record_cancelled(cx, seat, call, Law::L39A, "call after the final pass cancelled");
    flag(
        cx,
        Code::IRREG_CALL_AFTER_FINAL_PASS,
        Law::L39,
        seat,
        call,
        format!("{seat}'s {call} after the final pass is cancelled (Law 39A)"),
    );
    information::withdrawn_call(cx, id, Some(seat.side()));
    if cx.st.phase() == Phase::Clarification && cx.st.is_defender(seat) && !call.is_pass() {
        lead_restriction(cx, seat, Law::L39C, id);
        if let Some(r) = cx.st.lead_restrictions().last().cloned() {
            announce_lead_restriction(cx, r);
        }
    }
}

/// L17D3, L34: three passes after a call (or four passes), one of which was an accepted
/// pass out of rotation that cost a player his turn, do not end the auction. The pass out
/// of rotation and every pass after it are cancelled and the auction reverts to the player
/// whose turn it was when that pass was made; it then continues normally. Only the
/// out-of-rotation passer is an offender (Kooijman): his cancelled pass is UI for his
/// partner (L16C), the cancelled passes of the players who merely called after it carry no
/// rectification. Whatever the position of that pass among the closing passes. Returns
/// whether the auction was reverted.
pub fn revert_skipped_player(cx: &mut Ctx<'_>) -> bool {
    if cx.st.summary().status() == crate::auction::Status::Open {
        return false;
    }
    let ids = cx.st.in_force_ids();
    let mut passes: Vec<usize> = ids
        .iter()
        .rev()
        .take_while(|i| cx.st.record().get(**i).is_some_and(|r| r.call.is_pass()))
        .copied()
        .collect();
    passes.reverse();
    // The oldest closing pass that skipped a player who has not called since.
    let found = passes.into_iter().find_map(|pid| {
        let r = cx.st.record().get(pid)?;
        let deprived = r.skipped.iter().any(|s| !cx.st.called_since(*s, pid));
        let due = r.skipped.first().copied()?;
        deprived.then_some((pid, r.seat, due))
    });
    let Some((pid, offender, due)) = found else {
        return false;
    };
    let cancelled: Vec<usize> = ids.iter().copied().filter(|i| *i >= pid).collect();
    for i in cancelled.iter().rev() {
        let reason = if *i == pid {
            "cancelled: pass out of rotation that cost a player his turn"
        } else {
            "cancelled: a player skipped by a pass out of rotation had not called"
        };
        calls::withdraw(cx, *i, Law::L17D3, reason);
    }
    // L16C: only the pass out of rotation is an offence (UI for the passer's partner).
    information::withdrawn_call(cx, pid, Some(offender.side()));
    // The auction reverts to the player whose turn it was; the record normally says so.
    cx.st.revert_turn_to(due);
    cx.warn(
        Warning::new(
            Code::SKIPPED_PLAYER,
            Severity::Info,
            Audience::EVERYONE,
            format!(
                "the auction is not over: {due} lost his turn to {offender}'s pass out of rotation; that pass and the passes after it are cancelled and {due} calls now (Law 17D3)"
            ),
        )
        .citing(Law::L17D3)
        .concerning(offender),
    );
    true
}

/// L26B: lead restrictions of offenders who became defenders, at the end of the auction.
pub fn lead_restrictions_at_end(cx: &mut Ctx<'_>) {
    // A choice made for an earlier end of the auction (before a reopening) lapsed with
    // `State::end_auction`.
    let records: Vec<LeadRestrictionRecord> = cx
        .st
        .lead_restrictions()
        .iter()
        .filter(|r| cx.st.is_defender(r.offender))
        .cloned()
        .collect();
    for r in records {
        announce_lead_restriction(cx, r);
    }
}

fn announce_lead_restriction(cx: &mut Ctx<'_>, mut r: LeadRestrictionRecord) {
    let Some(declarer) = cx.st.declarer() else { return };
    let mut specified: Vec<Strain> = cx
        .st
        .in_force()
        .iter()
        .filter(|e| e.seat == r.offender)
        .filter_map(|e| e.call.bid())
        .map(|b| b.strain)
        .filter(|s| s.suit().is_some())
        .collect();
    specified.dedup();
    r.specified.clone_from(&specified);
    cx.st.record_specified(r.call, r.law, &specified);
    let what = match cx.reg.lead_restriction {
        LeadRestriction::Prohibit => "prohibit",
        LeadRestriction::RequireOrProhibit => "require or prohibit",
    };
    let named: Vec<&str> = specified.iter().map(|s| s.as_str()).collect();
    let except = if named.is_empty() {
        String::new()
    } else {
        format!(
            " other than {} (specified by {} in the legal auction)",
            named.join(", "),
            r.offender
        )
    };
    cx.event(
        EventKind::LeadRestriction {
            offender: r.offender,
            law: r.law,
        },
        Audience::EVERYONE,
    );
    cx.warn(
        Warning::new(
            Code::LEAD_RESTRICTION,
            Severity::Info,
            Audience::seat(declarer),
            format!(
                "Law {}: at {}'s first turn to lead, declarer may {what} the lead of any one suit{except}; it lasts while he keeps the lead (Law 26B)",
                r.law,
                r.offender.partner()
            ),
        )
        .citing(Law::L26B),
    );
}

pub use crate::procedure::rulings::ruling;
