//! Alerts, announcements and explanations (L20F, L40B): who discloses, to whom, and late
//! alerts (L21B1a).

use crate::audience::Audience;
use crate::call::Seat;
use crate::event::DisclosureKind;
use crate::procedure::{audience, questions};
use crate::procedure::ctx::Ctx;
use crate::procedure::steps::{awaits_undo, wait_for_undo};
use crate::procedure::record::{call_id, disclose, offer_changes};
use crate::regulation::Regulation;
use crate::report::{refuse, Code, Refusal, Severity, Warning};
use crate::state::{CallId, State};
use std::sync::Arc;

/// Whether a call in force follows record `id`.
fn later_call_exists(cx: &Ctx<'_>, id: CallId) -> bool {
    cx.st.auction().in_force_ids().iter().any(|i| i > id)
}

/// The calls in force `seat` may alert or explain now, late or not (indices; L20F, L21B1a)
/// — the rule `alert` and `explain` apply (`audience::may_disclose`, per the regulation's
/// disclosure: his own calls, partner's, or his side's behind screens; not a call a
/// pending Law 25A request may take away), and the view's `disclosable`.
pub fn disclosable(st: &State, reg: &Regulation, seat: Seat) -> Vec<usize> {
    let ids = st.auction().in_force_ids().iter().enumerate();
    ids.filter(|(_, id)| {
        let caller = st.auction().call(*id).map(|r| r.seat);
        caller.is_some_and(|c| audience::may_disclose(reg, c, seat)) && !awaits_undo(st, *id)
    })
    .map(|(index, _)| index)
    .collect()
}

/// The `alert` action: alert (and perhaps explain or announce) call `index`.
///
/// # Errors
/// `NO_SUCH_CALL`; `NOT_YOURS_TO_EXPLAIN` when the regulation gives the disclosure to
/// another player; `UNDO_PENDING` while a Law 25A request may take the call away.
pub fn alert(cx: &mut Ctx<'_>, seat: Seat, index: usize, text: Option<Arc<str>>) -> Result<(), Refusal> {
    let id = call_id(cx, index)?;
    let caller = cx.st.auction().record()[id].seat;
    if !audience::may_disclose(cx.reg, caller, seat) {
        return refuse(
            Code::NotYoursToExplain,
            format!("{seat} may not alert {caller}'s call here"),
        );
    }
    wait_for_undo(cx.st, id)?;
    // An alert repeated (say, to add its explanation) after the call was alerted in time
    // by the same player is not late: the opponents were alerted before they called.
    let alerted_before = cx
        .st
        .extra()
        .disclosures()
        .iter()
        .any(|d| d.call == id && d.by == seat && (d.alert || d.kind == DisclosureKind::Announcement));
    let late = !alerted_before && later_call_exists(cx, id);
    let aud = disclose(cx, seat, id, DisclosureKind::Alert, true, text);
    if late {
        late_alert(cx, id, aud);
    }
    Ok(())
}

/// L21B1a: failure to alert promptly is misinformation — to the opponents who hear the
/// late alert (under screens, only the giver's screenmate was deprived of it).
fn late_alert(cx: &mut Ctx<'_>, id: CallId, aud: Audience) {
    let call = cx.st.auction().record()[id].call;
    cx.warn(
        Warning::new(
            Code::LateAlert,
            Severity::Caution,
            aud,
            format!("late alert of {call}: the opponents may change a call made since (Law 21B1a)"),
        )
        .concerning(cx.st.auction().record()[id].seat)
        .about(call),
    );
    offer_changes(cx, cx.st.auction().record()[id].seat.side(), id.next(), aud);
}

/// The `explain` action: an answer to a question or a volunteered explanation.
///
/// # Errors
/// `NO_SUCH_CALL`; `NOT_YOURS_TO_EXPLAIN`; `UNDO_PENDING` (as `alert`).
pub fn explain(cx: &mut Ctx<'_>, seat: Seat, index: usize, text: Arc<str>) -> Result<(), Refusal> {
    let id = call_id(cx, index)?;
    let caller = cx.st.auction().record()[id].seat;
    if !audience::may_disclose(cx.reg, caller, seat) {
        return refuse(
            Code::NotYoursToExplain,
            format!("{seat} may not explain {caller}'s call here"),
        );
    }
    wait_for_undo(cx.st, id)?;
    // L20F1: the answer goes to the explanation's audience; each call of a question is
    // explained by its own explainer, so it answers his part only.
    let heard = audience::disclosure(cx.reg, caller, seat);
    let answering = questions::answered_by_explaining(cx.st, cx.reg, seat, id);
    let disclosed_before = cx.st.extra().disclosures().iter().any(|d| d.call == id && d.by == seat);
    let late = answering.is_empty() && !disclosed_before && later_call_exists(cx, id);
    let aud = disclose(cx, seat, id, DisclosureKind::Explanation, false, Some(text));
    for qid in answering {
        let whole = cx
            .st
            .extra()
            .questions()
            .get(qid)
            .is_some_and(|q| !questions::owes(cx.st, cx.reg, q, seat));
        cx.st.extra_mut().record_answer(qid, seat, heard, whole);
    }
    if late {
        late_alert(cx, id, aud);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, played, run};

    /// Dealer N, face to face: North's 1C and East's pass.
    fn one_club_pass() -> crate::table::Table {
        played(
            Seat::N,
            &[Action::call(Seat::N, call("1C")), Action::call(Seat::E, call("P"))],
        )
    }

    #[test]
    fn l20f_face_to_face_a_player_discloses_his_partners_calls_only() {
        let t = one_club_pass();
        let (st, reg) = (t.state(), t.regulation());
        assert_eq!(disclosable(st, reg, Seat::S), [0]);
        assert_eq!(disclosable(st, reg, Seat::W), [1]);
        assert!(disclosable(st, reg, Seat::N).is_empty());
        let r = run(&t, |cx| alert(cx, Seat::N, 0, None));
        assert_eq!(r.out.map_err(|e| e.code), Err(Code::NotYoursToExplain));
    }

    #[test]
    fn l21b1a_an_alert_after_an_opponent_has_called_is_late_and_offers_him_a_change() {
        let late = run(&one_club_pass(), |cx| alert(cx, Seat::S, 0, None));
        assert!(late.out.is_ok());
        assert!(late.warnings.iter().any(|w| w.code == Code::LateAlert));
        assert!(late.st.offers().standing().iter().any(|o| o.seat == Seat::E));
        let t = played(Seat::N, &[Action::call(Seat::N, call("1C"))]);
        let in_time = run(&t, |cx| alert(cx, Seat::S, 0, None));
        assert!(in_time.out.is_ok());
        assert!(!in_time.warnings.iter().any(|w| w.code == Code::LateAlert));
    }

    #[test]
    fn l21b1a_an_explanation_after_ones_own_alert_in_time_is_not_late() {
        let t = played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1C")),
                Action::alert(Seat::S, 0, None),
                Action::call(Seat::E, call("P")),
            ],
        );
        let r = run(&t, |cx| explain(cx, Seat::S, 0, "could be short".into()));
        assert!(r.out.is_ok());
        assert!(!r.warnings.iter().any(|w| w.code == Code::LateAlert));
    }
}
