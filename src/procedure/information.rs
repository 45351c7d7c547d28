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
    cx.st.undo_mut().await_recall(Recall {
        seat,
        cancelled: id,
        offending,
    });
}

/// LHO calls again after a cancelled call: the L16C entries, unless he repeated it.
pub fn settle_recall(cx: &mut Ctx<'_>, seat: Seat, new_call: CallId) {
    let Some(recall) = cx.st.undo_mut().take_recall_of(seat) else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, played, played_under, run};

    /// The codes and laws of the warnings addressed to `seat`.
    fn told(warnings: &[Warning], seat: Seat) -> Vec<(Code, Law)> {
        warnings
            .iter()
            .filter(|w| w.audience.has_seat(seat))
            .map(|w| (w.code, w.law))
            .collect()
    }

    #[test]
    fn l16c_a_withdrawn_call_is_unauthorized_for_the_offenders_partner_and_authorized_for_the_opponents() {
        let t = played(Seat::N, &[Action::call(Seat::N, call("1C"))]);
        let r = run(&t, |cx| withdrawn_call(cx, CallId::new(0), Some(Seat::N.side())));
        assert_eq!(told(&r.warnings, Seat::S), [(Code::UiWithdrawnCall, Law::L16C2)]);
        for seat in [Seat::E, Seat::W] {
            assert_eq!(told(&r.warnings, seat), [(Code::AiWithdrawnCall, Law::L16C1)]);
        }
        assert!(told(&r.warnings, Seat::N).is_empty());
        // L27B1a and the like: no offending side, nothing recorded.
        assert!(run(&t, |cx| withdrawn_call(cx, CallId::new(0), None))
            .warnings
            .is_empty());
    }

    #[test]
    fn l25a6_a_cancelled_call_repeated_when_its_player_calls_again_gives_no_information() {
        // East's 1D (record 1) was cancelled; North's side replaced a call (L25A6).
        let t = played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1C")),
                Action::call(Seat::E, call("1D")),
                Action::call(Seat::S, call("P")),
                Action::call(Seat::W, call("1H")),
            ],
        );
        let again = |new: usize| {
            run(&t, |cx| {
                defer_until_recall(cx, CallId::new(1), Seat::N.side());
                settle_recall(cx, Seat::E, CallId::new(new));
            })
        };
        // The same call (1D) again: nothing; another (1H): the L16C entries.
        assert!(again(1).warnings.is_empty());
        assert_eq!(told(&again(3).warnings, Seat::S), [(Code::UiWithdrawnCall, Law::L16C2)]);
    }

    #[test]
    fn l16b1_a_slow_call_is_unauthorized_for_partner_except_behind_screens() {
        let slow = |regulation: &str| {
            let t = played_under(regulation, Seat::N, &[]);
            run(&t, |cx| {
                tempo(cx, Seat::N, Some(0.0));
                tempo(cx, Seat::E, Some(7_000.0));
            })
            .warnings
        };
        let f2f = slow(r#"{"preset":"face_to_face","tempo_threshold_ms":5000}"#);
        assert_eq!(told(&f2f, Seat::W), [(Code::UiTempo, Law::L16B1)]);
        assert!(told(&f2f, Seat::S).is_empty());
        assert!(slow(r#"{"preset":"screens","tempo_threshold_ms":5000}"#).is_empty());
        assert!(slow(r#"{"preset":"face_to_face","tempo_threshold_ms":8000}"#).is_empty());
    }
}
