//! The shared steps of every rectification (Laws 23–39), over the state alone: flagging an
//! irregularity, bars, Law 26B entitlements, the comparable-call question (L23A), L72C
//! notes, reminders and summoning the Director. The bottom layer of the procedure: it
//! uses no other law module.

use crate::action::Actor;
use crate::auction::Illegal;
use crate::audience::Audience;
use crate::call::{Call, Seat};
use crate::event::{BarKind, EventKind};
use crate::law::Law;
use crate::procedure::ctx::Ctx;
use crate::report::{Code, Refusal, Severity, Warning};
use crate::state::{Bar, CallId, State};
use std::borrow::Cow;

/// The seat and call of record `id`, if there is such a record.
pub fn rec(cx: &Ctx<'_>, id: CallId) -> Option<(Seat, Call)> {
    cx.st.auction().call(id).map(|r| (r.seat, r.call))
}

/// L25A: whether a pending request to replace a call may take record `id` away — the call
/// it concerns, withdrawn if granted, or a later one, cancelled with it (L25A6). What a
/// player says about such a call (an alert, an explanation, a question, a correction)
/// waits for the decision (docs/RULINGS.md).
pub fn awaits_undo(st: &State, id: CallId) -> bool {
    st.undo().request().is_some_and(|u| id >= u.call)
}

/// `awaits_undo` as a refusal.
///
/// # Errors
/// `UNDO_PENDING` when a pending Law 25A request may take record `id` away.
pub fn wait_for_undo(st: &State, id: CallId) -> Result<(), Refusal> {
    if awaits_undo(st, id) {
        return Err(Refusal::new(
            Code::UndoPending,
            "a request to replace a call is pending (Law 25A): that call may be withdrawn",
        )
        .citing(Law::L25A));
    }
    Ok(())
}

/// Records an irregularity: warning (infraction, everyone) and event `irregularity`.
pub fn flag(cx: &mut Ctx<'_>, code: Code, law: Law, seat: Seat, call: Call, message: impl Into<Cow<'static, str>>) {
    cx.warn(
        Warning::new(code, Severity::Infraction, Audience::EVERYONE, message)
            .citing(law)
            .concerning(seat)
            .about(call),
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
pub fn bar(cx: &mut Ctx<'_>, seat: Seat, kind: BarKind, law: Law, lifted_if_comparable: Option<CallId>) {
    let imposed = cx.st.bars_mut().impose(
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
    if cx.st.bars_mut().lift(seat) {
        cx.event(EventKind::BarLifted { seat }, Audience::EVERYONE);
    }
}

/// L26B: records declarer's entitlement, announced when the auction ends if the offender
/// is then a defender.
pub fn lead_restriction(cx: &mut Ctx<'_>, offender: Seat, law: Law, call: CallId) {
    cx.st.lead_mut().entitle(offender, law, call);
}

/// L72C: a note for the Director that he may adjust after play.
pub fn adjustment_possible(cx: &mut Ctx<'_>, law: Law, offender: Seat) {
    cx.warn(
        Warning::new(
            Code::AdjustmentPossible,
            Severity::Info,
            Audience::DIRECTOR,
            format!("Law {law}: if {offender} could have known that the irregularity could well damage the opponents, adjust after play (Law 72C)"),
        )
        .citing(Law::L72C)
        .concerning(offender),
    );
}

/// Opens the question "is the replacement of `withdrawn` comparable?" (L23A).
pub fn open_comparison(cx: &mut Ctx<'_>, offender: Seat, withdrawn: CallId, replacement: Option<CallId>, law: Law) {
    cx.st
        .rulings_mut()
        .open_comparison(offender, withdrawn, replacement, law);
}

/// Closes the comparable-call question about `withdrawn`.
pub fn close_comparison(cx: &mut Ctx<'_>, withdrawn: CallId) {
    cx.st.rulings_mut().close_comparison(withdrawn);
}

/// The refusal of an illegal call in `prevent`.
pub fn refusal(illegal: Illegal, call: Call) -> Refusal {
    let msg = match illegal {
        Illegal::Insufficient => format!("{call} does not supersede the last bid"),
        Illegal::Double => "a double is allowed only of an opponent's last bid, with only passes since".into(),
        Illegal::Redouble => "a redouble is allowed only of an opponent's double, with only passes since".into(),
    };
    Refusal::new(illegal.code(), msg)
}

/// A reminder for one player.
pub fn remind(cx: &mut Ctx<'_>, code: Code, seat: Seat, message: impl Into<Cow<'static, str>>) {
    cx.warn(Warning::new(code, Severity::Reminder, Audience::seat(seat), message));
}

/// Summons the Director.
pub fn summon(cx: &mut Ctx<'_>, by: Actor, reason: Option<&str>, law: Law) {
    cx.event(
        EventKind::DirectorSummoned {
            by,
            law,
            reason: reason.unwrap_or("").into(),
        },
        Audience::EVERYONE,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;

    #[test]
    fn rec_reads_a_record_and_finds_none_past_the_last() {
        let mut t = Table::from_options_json(r#"{"dealer":"E","vulnerability":"None"}"#).expect("options");
        assert!(t.apply_json(r#"{"seat":"E","type":"call","call":"1H"}"#).is_ok());
        let mut st = t.state().clone();
        let (mut events, mut warnings) = (crate::feed::Feed::default(), Default::default());
        let cx = Ctx::new(t.board(), t.regulation(), &mut st, &mut events, &mut warnings);
        assert_eq!(rec(&cx, CallId::new(0)), Some((Seat::E, "1H".parse().expect("call"))));
        // A missing record is no one's call, not North's pass.
        assert_eq!(rec(&cx, CallId::new(1)), None);
    }
}
