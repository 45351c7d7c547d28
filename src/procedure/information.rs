//! The information ledger (L16, L75A): what is unauthorized or authorized for whom. Each
//! entry is a warning addressed to the affected player; the Director sees them all.

use crate::audience::Audience;
use crate::call::{Seat, Side};
use crate::law::Law;
use crate::procedure::ctx::Ctx;
use crate::regulation::Disclosure;
use crate::report::{Code, Severity, Warning};
use crate::state::{CallId, Recall};
use std::borrow::Cow;

/// A caution for one player, citing `law`.
pub fn caution(cx: &mut Ctx<'_>, code: Code, seat: Seat, message: impl Into<Cow<'static, str>>, law: Law) {
    cx.warn(Warning::new(code, Severity::Caution, Audience::seat(seat), message).citing(law));
}

/// L16C: a withdrawn or cancelled call is unauthorized for the offending side and
/// authorized for the other. `offending: None` records nothing (L23B, L26A, L27B1, an
/// unintended call replaced under L25A).
pub fn withdrawn_call(cx: &mut Ctx<'_>, id: CallId, offending: Option<Side>) {
    let Some(os) = offending else { return };
    let (caller, call) = (cx.st.auction().record()[id].seat, cx.st.auction().record()[id].call);
    for seat in Seat::ALL.into_iter().filter(|s| *s != caller) {
        if seat.side() == os {
            cx.warn(
                Warning::new(
                    Code::UiWithdrawnCall,
                    Severity::Caution,
                    Audience::seat(seat),
                    format!("{caller}'s withdrawn {call} is unauthorized information for {seat}"),
                )
                .citing(Law::L16C2)
                .about(call),
            );
        } else {
            cx.warn(
                Warning::new(
                    Code::AiWithdrawnCall,
                    Severity::Info,
                    Audience::seat(seat),
                    format!("{caller}'s withdrawn {call} is authorized information for {seat}"),
                )
                .citing(Law::L16C1)
                .about(call),
            );
        }
    }
}

/// L25A6, L21B2: LHO's cancelled call is unauthorized for `offending` unless LHO repeats
/// it when he calls again; the entries wait for that call.
pub fn defer_until_recall(cx: &mut Ctx<'_>, id: CallId, offending: Side) {
    let Some(seat) = cx.st.auction().call(id).map(|r| r.seat) else {
        return;
    };
    cx.st.irregular_mut().await_recall(Recall {
        seat,
        cancelled: id,
        offending,
    });
}

/// LHO calls again after a cancelled call: the L16C entries, unless he repeated it.
pub fn settle_recall(cx: &mut Ctx<'_>, seat: Seat, new_call: CallId) {
    let Some(recall) = cx.st.irregular_mut().take_recall_of(seat) else {
        return;
    };
    let same = cx.st.auction().call(recall.cancelled).map(|r| r.call) == cx.st.auction().call(new_call).map(|r| r.call);
    if !same {
        withdrawn_call(cx, recall.cancelled, Some(recall.offending));
    }
}

/// L16B1: a call slower than the threshold is unauthorized information for partner, when
/// partner can perceive the tempo (not behind screens).
pub fn tempo(cx: &mut Ctx<'_>, seat: Seat, at: Option<f64>) {
    let Some(now) = at else { return };
    let previous = cx.st.clock_call(now);
    let (Some(limit), Some(before)) = (cx.reg.tempo_threshold_ms, previous) else {
        return;
    };
    if now - before > f64::from(limit) && !matches!(cx.reg.disclosure, Disclosure::Screens) {
        // Whole seconds, formatted as an integer (float formatting is heavy in wasm).
        let secs = ((now - before) / 1000.0).round() as u64;
        let partner = seat.partner();
        caution(
            cx,
            Code::UiTempo,
            partner,
            format!("{seat} took {secs} s over the call: that is unauthorized information for his partner {partner}"),
            Law::L16B1,
        );
    }
}
