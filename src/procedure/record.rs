//! The record of calls and what comes with each: recording a call with its self-disclosure
//! and tempo, withdrawing and cancelling, disclosures (L20F, L40B), the offers of change
//! after misinformation (L21B1), rewinding the auction to a changed call and restoring the
//! rectification state it had (L25A, L21B). Uses only `steps`, `information`, `audience`.

use crate::audience::Audience;
use crate::call::{Call, Seat, Side};
use crate::event::{BarKind, DisclosureKind, EventKind};
use crate::law::Law;
use crate::procedure::ctx::{Ctx, WithCall};
use crate::procedure::steps::lift_bar;
use crate::procedure::{audience, information};
use crate::report::{refuse, Code, Refusal};
use crate::state::{BeforeCall, CallId, CallPos, DisclosureRecord, Pending, State, Status};
use crate::withdrawal::Withdrawal;
use std::sync::Arc;

/// Appends a call to the record and announces it.
pub fn record(cx: &mut Ctx<'_>, seat: Seat, call: Call, status: Status) -> CallId {
    if cx.calling != Some(seat) {
        // A call recorded for `seat` by another action than his own call (the engine's pass
        // for a barred player, a double reinstated by a ruling, an L25A or L21B
        // replacement): what a replacement of it would restore is the state just before
        // it, never that before an earlier call action of his (L25A1), which other actions
        // have changed since (another player's withdrawn call among them).
        remember(cx, seat);
    }
    let id = cx.st.auction_mut().push(seat, call, status);
    let index = cx
        .st
        .auction()
        .index_of(id)
        .map_or(cx.st.auction().in_force_ids().len(), CallPos::get);
    cx.call_event(seat, call, index);
    id
}

/// Records an irregular call pending rectification with what came with it: its
/// self-disclosure (shown once the call is in force) and its tempo.
pub fn record_pending(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: &WithCall<'_>) -> CallId {
    let id = record(cx, seat, call, Status::Pending);
    disclose_with_call(cx, seat, id, with);
    information::tempo(cx, seat, with.at);
    id
}

/// Records a call and cancels it at once (L27B3, L36A, L39A, …).
pub fn record_cancelled(cx: &mut Ctx<'_>, seat: Seat, call: Call, law: Law, reason: Withdrawal) -> CallId {
    let id = record(cx, seat, call, Status::InForce);
    withdraw(cx, id, law, reason);
    id
}

/// Withdraws (or cancels) record `id`, announcing it to everyone.
pub fn withdraw(cx: &mut Ctx<'_>, id: CallId, law: Law, reason: Withdrawal) {
    let Some(r) = cx.st.auction().call(id) else { return };
    let (seat, call) = (r.seat, r.call);
    cx.st.withdraw(id, law, reason);
    cx.event(
        EventKind::CallWithdrawn {
            seat,
            call,
            law,
            reason: std::borrow::Cow::Borrowed(reason.text()),
        },
        Audience::EVERYONE,
    );
}

/// The record id of call `index`, or `NO_SUCH_CALL`.
///
/// # Errors
/// `NO_SUCH_CALL` when there is no such call in force.
pub fn call_id(cx: &Ctx<'_>, index: usize) -> Result<CallId, Refusal> {
    cx.st
        .auction()
        .record_id(CallPos::new(index))
        .ok_or_else(|| Refusal::new(Code::NoSuchCall, format!("there is no call {index} in force")))
}

/// A call may carry an alert or explanation only where the caller discloses (SPEC 5.5).
///
/// # Errors
/// `NOT_YOURS_TO_EXPLAIN` when the regulation gives disclosure to partner.
pub fn check_self_disclosure(cx: &Ctx<'_>, seat: Seat, with: &WithCall<'_>) -> Result<(), Refusal> {
    if (with.alert || with.explanation.is_some()) && !audience::may_disclose(cx.reg, seat, seat) {
        return refuse(
            Code::NotYoursToExplain,
            "under this regulation the caller's partner alerts and explains",
        );
    }
    Ok(())
}

/// Records the alert or announcement made with a call (self-alerting, screens); whether
/// the caller may disclose was checked before the call was recorded.
pub fn disclose_with_call(cx: &mut Ctx<'_>, seat: Seat, id: CallId, with: &WithCall<'_>) {
    if !with.alert && with.explanation.is_none() {
        return;
    }
    let kind = if with.alert {
        DisclosureKind::Alert
    } else {
        DisclosureKind::Announcement
    };
    disclose(cx, seat, id, kind, with.alert, with.explanation.cloned());
}

/// Records a disclosure and announces it to its audience.
pub fn disclose(
    cx: &mut Ctx<'_>,
    by: Seat,
    id: CallId,
    kind: DisclosureKind,
    alert: bool,
    text: Option<Arc<str>>,
) -> Audience {
    let caller = cx.st.auction().record()[id].seat;
    let aud = audience::disclosure(cx.reg, caller, by);
    let at_record_len = cx.st.auction().record().len();
    cx.st.extra_mut().disclose(DisclosureRecord {
        call: id,
        by,
        kind,
        alert,
        text: text.clone(),
        audience: aud,
        superseded: false,
        at_record_len,
    });
    cx.heard_by(aud);
    // A call pending rectification would take the next position.
    let index = cx
        .st
        .auction()
        .index_of(id)
        .map_or(cx.st.auction().in_force_ids().len(), CallPos::get);
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
            Code::UiFromPartner,
            caller,
            format!(
                "{by}'s disclosure of {caller}'s call {} is unauthorized information for {caller}",
                cx.st.auction().record()[id].call
            ),
            Law::L75A,
        );
    }
    aud
}

/// L21B1: after misinformation from `side` given when the record had `mi_pos` calls to
/// the seats in `heard`, each of those opponents who has called since, whose partner has
/// not called after him, may change his last call while the auction period lasts.
pub fn offer_changes(cx: &mut Ctx<'_>, side: Side, mi_pos: CallId, heard: Audience) {
    if !cx.st.in_auction_period() {
        return;
    }
    for seat in Seat::ALL.into_iter().filter(|s| s.side() != side && heard.has_seat(*s)) {
        let Some(last) = cx.st.auction().last_call_of(seat) else {
            continue;
        };
        if last < mi_pos || cx.st.auction().called_since(seat.partner(), last) || cx.st.auction().record()[last].auto {
            continue;
        }
        if !cx.st.offers_mut().offer(seat, last) {
            continue;
        }
        let index = cx.st.auction().index_of(last).map_or(0, CallPos::get);
        cx.event(EventKind::ChangeOffered { seat, index }, Audience::seat(seat));
    }
}

/// Withdraws record `id` and cancels every call after it that is in force or awaiting
/// rectification; reopens the auction. Returns the ids of the cancelled later calls.
pub fn rewind_to(cx: &mut Ctx<'_>, id: CallId, law: Law, reason: Withdrawal) -> Vec<CallId> {
    let later: Vec<CallId> = cx
        .st
        .auction()
        .calls_with_ids()
        .filter(|(i, r)| *i > id && r.status != Status::Withdrawn)
        .map(|(i, _)| i)
        .collect();
    // Later calls are withdrawn below; nothing may still wait on them or on an L17D3 turn.
    cx.st.rectification_mut().forget_after(id);
    for i in later.iter().rev() {
        withdraw(cx, *i, law, Withdrawal::EarlierCallChanged);
    }
    withdraw(cx, id, law, reason);
    // A face-down opening lead returns to the hand.
    cx.st.reopen_auction();
    later
}

/// Remembers the rectification state before `seat`'s call action (see `BeforeCall`).
#[inline]
pub fn remember(cx: &mut Ctx<'_>, seat: Seat) {
    cx.st.remember_before_call_of(seat);
}

/// Withdraws `seat`'s call `id` and every call after it (in force or awaiting
/// rectification), and puts the rectification state back as it was before that call was
/// made: the replacement is then subject to the appropriate law afresh (L25A1: an
/// insufficient or inadmissible intended call goes to L27/L36; a replacement of an
/// insufficient bid is tested against L27B1 again, and a bar its predecessor created goes
/// if it now qualifies). Returns the ids of the later calls cancelled, and whether the
/// state was restored (it is not when the call was not made by the seat's latest call
/// action; then only a rectification pending on a withdrawn call is dropped).
pub fn reopen_at(cx: &mut Ctx<'_>, seat: Seat, id: CallId, law: Law, reason: Withdrawal) -> (Vec<CallId>, bool) {
    let later = rewind_to(cx, id, law, reason);
    let Some(b) = state_before(cx.st, seat, id) else {
        drop_stale_pending(cx);
        return (later, false);
    };
    restore_bars(cx, &b);
    cx.st.restore_before_call(b);
    (later, true)
}

/// The state before `seat`'s call `id` that a replacement of it restores (L25A1, L21B1):
/// none when `id` was not his latest call action.
pub fn state_before(st: &State, seat: Seat, id: CallId) -> Option<BeforeCall> {
    st.before_call(seat).filter(|b| b.from() <= id)
}

/// L29A, L17D3: a call made in place of `replaced` without the state before it restored
/// (L25A1, L21B1) stands where `replaced` stood: if that call was accepted out of rotation,
/// the new one (the seat's first call recorded from `from` on) skipped the same players.
pub fn stand_in_place_of(cx: &mut Ctx<'_>, replaced: CallId, from: CallId) {
    let Some((seat, Some(due))) = cx.st.auction().call(replaced).map(|r| (r.seat, r.skipped_from)) else {
        return;
    };
    let new = cx
        .st
        .auction()
        .calls_with_ids()
        .find(|(i, r)| *i >= from && r.seat == seat && r.status != Status::Withdrawn)
        .map(|(i, _)| i);
    if let Some(id) = new {
        cx.st.auction_mut().set_skipped(id, due);
    }
}

/// Bars as they were before the call: those it (or a call after it) imposed are lifted.
fn restore_bars(cx: &mut Ctx<'_>, b: &BeforeCall) {
    for s in Seat::ALL {
        let was = b.bar(s).cloned();
        if cx.st.bars().by_seat().get(s) == &was {
            continue;
        }
        match was {
            None => lift_bar(cx, s),
            Some(bar) => {
                let (kind, law): (BarKind, Law) = (bar.kind, bar.law);
                cx.st.bars_mut().put_back(s, bar);
                cx.event(
                    EventKind::Barred {
                        seat: s,
                        bar: kind,
                        law,
                    },
                    Audience::EVERYONE,
                );
            }
        }
    }
}

/// A rectification pending on a call that is no longer awaiting it is void. (A pending
/// replacement is about a withdrawn call by design.)
fn drop_stale_pending(cx: &mut Ctx<'_>) {
    if matches!(cx.st.rectification().pending(), Some(Pending::Replacement { .. })) {
        return;
    }
    let Some(call) = cx.st.rectification().pending_call() else {
        return;
    };
    if cx.st.auction().call(call).is_none_or(|r| r.status != Status::Pending) {
        cx.st.rectification_mut().settle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, calls_from, played, played_under, run};
    use crate::table::Table;

    /// Dealer N, face to face, after `calls` from North round the table.
    fn after(calls: &[&str]) -> Table {
        played(Seat::N, &calls_from(Seat::N, calls))
    }

    /// The statuses of every call on record, in order.
    fn statuses(st: &crate::state::State) -> Vec<Status> {
        st.auction().record().iter().map(|r| r.status).collect()
    }

    #[test]
    fn a_recorded_call_is_announced_at_its_position_among_the_calls_in_force() {
        let r = run(&after(&["1C", "P"]), |cx| {
            record(cx, Seat::S, call("1D"), Status::InForce)
        });
        assert_eq!(
            r.st.auction().call(r.out).map(|c| (c.seat, c.call)),
            Some((Seat::S, call("1D")))
        );
        assert_eq!(
            r.events,
            [EventKind::Call {
                seat: Seat::S,
                call: call("1D"),
                index: 2
            }]
        );
    }

    #[test]
    fn a_call_index_names_a_call_in_force_or_is_refused_as_no_such_call() {
        let t = after(&["1C", "P"]);
        let r = run(&t, |cx| call_id(cx, 1));
        let id = r.out.expect("call 1 is in force");
        assert_eq!(r.st.auction().call(id).map(|c| c.seat), Some(Seat::E));
        let refused = run(&t, |cx| call_id(cx, 2)).out.expect_err("no call 2");
        assert_eq!(refused.code, Code::NoSuchCall);
    }

    #[test]
    fn l39a_a_cancelled_call_is_recorded_then_withdrawn_before_everyone() {
        let t = after(&["1C", "P", "P", "P"]);
        let r = run(&t, |cx| {
            record_cancelled(cx, Seat::N, call("1D"), Law::L39A, Withdrawal::AfterFinalPass)
        });
        assert_eq!(r.st.auction().call(r.out).map(|c| c.status), Some(Status::Withdrawn));
        assert!(matches!(
            r.events.as_slice(),
            [
                EventKind::Call { seat: Seat::N, .. },
                EventKind::CallWithdrawn {
                    seat: Seat::N,
                    law: Law::L39A,
                    ..
                }
            ]
        ));
    }

    #[test]
    fn l25a_rewinding_to_a_call_withdraws_it_and_cancels_every_later_call() {
        let t = after(&["1C", "P", "1D"]);
        let r = run(&t, |cx| {
            let id = call_id(cx, 1).expect("East's pass");
            rewind_to(cx, id, Law::L25A1, Withdrawal::UnintendedReplaced)
        });
        assert_eq!(r.out.len(), 1, "South's 1D is the one later call");
        assert_eq!(statuses(&r.st), [Status::InForce, Status::Withdrawn, Status::Withdrawn]);
        let reasons: Vec<(Seat, &str)> = r
            .events
            .iter()
            .filter_map(|e| match e {
                EventKind::CallWithdrawn { seat, reason, .. } => Some((*seat, reason.as_ref())),
                _ => None,
            })
            .collect();
        // The latest goes first; the changed call goes for its own reason.
        assert_eq!(
            reasons,
            [
                (Seat::S, Withdrawal::EarlierCallChanged.text()),
                (Seat::E, Withdrawal::UnintendedReplaced.text())
            ]
        );
    }

    #[test]
    fn l25a1_a_call_recorded_for_a_seat_by_another_action_keeps_the_state_just_before_it() {
        // West opens 1C; East's insufficient 1H over North's 1S is declined and replaced by
        // 3H (L27B2: West barred); South passes and the engine passes for West. What a
        // replacement of that pass would restore is the state just before it, not the state
        // before West's own 1C.
        let t = played_under(
            r#"{"preset":"face_to_face","auto_pass_barred":true}"#,
            Seat::W,
            &[
                Action::call(Seat::W, call("1C")),
                Action::call(Seat::N, call("1S")),
                Action::call(Seat::E, call("1H")),
                Action::decline(Seat::S),
                Action::call(Seat::E, call("3H")),
                Action::call(Seat::S, call("P")),
            ],
        );
        let pass = t.state().auction().last_call_of(Seat::W).expect("West's pass");
        let before = t.state().before_call(Seat::W).expect("remembered");
        assert_eq!(before.from(), pass);
        assert!(before.bar(Seat::W).is_some(), "West was barred just before it");
    }

    #[test]
    fn l20f_face_to_face_the_caller_may_not_alert_his_own_call() {
        let t = after(&[]);
        let alerted = WithCall {
            alert: true,
            ..WithCall::default()
        };
        let refused = run(&t, |cx| check_self_disclosure(cx, Seat::N, &alerted)).out;
        assert_eq!(refused.map_err(|e| e.code), Err(Code::NotYoursToExplain));
        assert!(run(&t, |cx| check_self_disclosure(cx, Seat::N, &WithCall::default()))
            .out
            .is_ok());
    }

    #[test]
    fn l20f_behind_screens_the_caller_alerts_his_own_call_to_his_screenmate() {
        let t = played_under(r#""screens""#, Seat::N, &[]);
        let alerted = WithCall {
            alert: true,
            ..WithCall::default()
        };
        assert!(run(&t, |cx| check_self_disclosure(cx, Seat::N, &alerted)).out.is_ok());
        let r = run(&t, |cx| {
            let id = record(cx, Seat::N, call("1C"), Status::InForce);
            disclose_with_call(cx, Seat::N, id, &alerted);
        });
        let d = &r.st.extra().disclosures()[0];
        assert_eq!((d.by, d.kind, d.alert), (Seat::N, DisclosureKind::Alert, true));
        // Heard by the caller and his screenmate, not by his partner nor the other opponent.
        let screenmate = t.regulation().screenmates.of(Seat::N);
        let heard: Vec<Seat> = Seat::ALL.into_iter().filter(|s| d.audience.has_seat(*s)).collect();
        assert_eq!(heard, [Seat::N, screenmate]);
    }
}
