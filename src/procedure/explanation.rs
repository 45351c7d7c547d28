//! Alerts, announcements and explanations (L20F, L40B): who discloses, to whom, and late
//! alerts (L21B1a).

use crate::audience::Audience;
use crate::call::Seat;
use crate::event::{DisclosureKind, EventKind};
use crate::law::Law;
use crate::procedure::Ctx;
use crate::procedure::{audience, calls, change, information};
use crate::report::{refuse, Code, Refusal, Severity, Warning};
use crate::state::DisclosureRecord;

/// The record id of call `index`, or `NO_SUCH_CALL`.
///
/// # Errors
/// `NO_SUCH_CALL` when there is no such call in force.
pub fn call_id(cx: &Ctx<'_>, index: usize) -> Result<usize, Refusal> {
    cx.st
        .record_id(index)
        .ok_or_else(|| Refusal::new(Code::NO_SUCH_CALL, format!("there is no call {index} in force")))
}

/// A call may carry an alert or explanation only where the caller discloses (SPEC 5.5).
///
/// # Errors
/// `NOT_YOURS_TO_EXPLAIN` when the regulation gives disclosure to partner.
pub fn check_self_disclosure(cx: &Ctx<'_>, seat: Seat, with: &calls::WithCall) -> Result<(), Refusal> {
    if (with.alert || with.explanation.is_some()) && !audience::may_disclose(cx.reg, seat, seat) {
        return refuse(
            Code::NOT_YOURS_TO_EXPLAIN,
            "under this regulation the caller's partner alerts and explains",
        );
    }
    Ok(())
}

/// Records the alert or announcement made with a call (self-alerting, screens); whether
/// the caller may disclose was checked before the call was recorded.
pub fn disclose_with_call(cx: &mut Ctx<'_>, seat: Seat, id: usize, with: &calls::WithCall) {
    if !with.alert && with.explanation.is_none() {
        return;
    }
    let kind = if with.alert {
        DisclosureKind::Alert
    } else {
        DisclosureKind::Announcement
    };
    disclose(cx, seat, id, kind, with.alert, with.explanation.clone());
}

/// Records a disclosure and announces it to its audience.
fn disclose(
    cx: &mut Ctx<'_>,
    by: Seat,
    id: usize,
    kind: DisclosureKind,
    alert: bool,
    text: Option<String>,
) -> Audience {
    let caller = cx.st.record()[id].seat;
    let aud = audience::disclosure(cx.reg, caller, by);
    cx.st.disclose(DisclosureRecord {
        call: id,
        by,
        kind,
        alert,
        text: text.clone(),
        audience: aud,
        superseded: false,
        at_record_len: cx.st.record().len(),
    });
    // A call pending rectification would take the next position.
    let index = cx.st.index_of(id).unwrap_or(cx.st.in_force_ids().len());
    cx.event(
        EventKind::Disclosure {
            index,
            by,
            disclosure: kind,
            alert,
            text,
        },
        aud,
    );
    if by != caller && audience::partner_hears(cx.reg) {
        // L16B1, L75A: partner's alert or explanation is UI for the caller.
        information::caution(
            cx,
            Code::UI_FROM_PARTNER,
            caller,
            format!(
                "{by}'s disclosure of your call {} is unauthorized information for you",
                cx.st.record()[id].call
            ),
            Law::L75A,
        );
    }
    aud
}

/// Whether a call in force follows record `id`.
fn later_call_exists(cx: &Ctx<'_>, id: usize) -> bool {
    cx.st.in_force_ids().iter().any(|i| *i > id)
}

/// The `alert` action: alert (and perhaps explain or announce) call `index`.
///
/// # Errors
/// `NO_SUCH_CALL`; `NOT_YOURS_TO_EXPLAIN` when the regulation gives the disclosure to
/// another player.
pub fn alert(cx: &mut Ctx<'_>, seat: Seat, index: usize, text: Option<String>) -> Result<(), Refusal> {
    let id = call_id(cx, index)?;
    let caller = cx.st.record()[id].seat;
    if !audience::may_disclose(cx.reg, caller, seat) {
        return refuse(
            Code::NOT_YOURS_TO_EXPLAIN,
            format!("{seat} may not alert {caller}'s call here"),
        );
    }
    // An alert repeated (say, to add its explanation) after the call was alerted in time
    // by the same player is not late: the opponents were alerted before they called.
    let alerted_before = cx
        .st
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
fn late_alert(cx: &mut Ctx<'_>, id: usize, aud: Audience) {
    let call = cx.st.record()[id].call;
    cx.warn(
        Warning::new(
            Code::LATE_ALERT,
            Severity::Caution,
            aud,
            format!("late alert of {call}: the opponents may change a call made since (Law 21B1a)"),
        )
        .concerning(cx.st.record()[id].seat),
    );
    change::offer_changes(cx, cx.st.record()[id].seat.side(), id + 1, aud);
}

/// The `explain` action: an answer to a question or a volunteered explanation.
///
/// # Errors
/// `NO_SUCH_CALL`; `NOT_YOURS_TO_EXPLAIN`.
pub fn explain(cx: &mut Ctx<'_>, seat: Seat, index: usize, text: String) -> Result<(), Refusal> {
    let id = call_id(cx, index)?;
    let caller = cx.st.record()[id].seat;
    if !audience::may_disclose(cx.reg, caller, seat) {
        return refuse(
            Code::NOT_YOURS_TO_EXPLAIN,
            format!("{seat} may not explain {caller}'s call here"),
        );
    }
    let answered = cx.st.answer_questions(seat, id);
    let disclosed_before = cx.st.disclosures().iter().any(|d| d.call == id && d.by == seat);
    let late = !answered && !disclosed_before && later_call_exists(cx, id);
    let aud = disclose(cx, seat, id, DisclosureKind::Explanation, false, Some(text));
    if late {
        late_alert(cx, id, aud);
    }
    Ok(())
}

/// Summons the Director.
pub fn summon(cx: &mut Ctx<'_>, by: &str, reason: Option<&str>, law: Law) {
    cx.event(
        EventKind::DirectorSummoned {
            by: by.to_string(),
            law,
            reason: reason.unwrap_or("").to_string(),
        },
        Audience::EVERYONE,
    );
}
