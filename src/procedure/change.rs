//! Changes of call after misinformation (L21B): the offers, the change and the rewind.

use crate::action::RulingOn;
use crate::audience::Audience;
use crate::call::{Call, Seat, Side};
use crate::event::EventKind;
use crate::law::Law;
use crate::procedure::Ctx;
use crate::procedure::{calls, information, undo};
use crate::report::{refuse, Code, Refusal};
use crate::state::{ChangeForReview, Status};

/// L21B1: after misinformation from `side` given when the record had `mi_pos` calls to
/// the seats in `heard`, each of those opponents who has called since, whose partner has
/// not called after him, may change his last call while the auction period lasts.
pub fn offer_changes(cx: &mut Ctx<'_>, side: Side, mi_pos: usize, heard: Audience) {
    if !cx.st.in_auction_period() {
        return;
    }
    for seat in Seat::ALL.into_iter().filter(|s| s.side() != side && heard.has_seat(*s)) {
        let Some(last) = cx.st.last_call_of(seat) else { continue };
        if last < mi_pos || cx.st.called_since(seat.partner(), last) || cx.st.record()[last].auto {
            continue;
        }
        if !cx.st.offer_change(seat, last) {
            continue;
        }
        let index = cx.st.index_of(last).unwrap_or(0);
        cx.event(EventKind::ChangeOffered { seat, index }, Audience::seat(seat));
    }
}

/// The `change_call` action (L21B1, L21B2).
///
/// # Errors
/// `CHANGE_NOT_OFFERED` without an offer; the refusal of the new call if it is illegal.
pub fn change_call(cx: &mut Ctx<'_>, seat: Seat, call: Call) -> Result<(), Refusal> {
    let Some(offer) = cx.st.take_offer(seat) else {
        return refuse(
            Code::CHANGE_NOT_OFFERED,
            "no change of call was offered to you (Law 21B1)",
        );
    };
    let offered = offer.call;
    let contract_before = cx.st.contract();
    let (cancelled, restored) = undo::reopen_at(cx, seat, offered, Law::L21B1, "changed after misinformation");
    for id in &cancelled {
        // L21B2: the misinforming side's later call: AI to the changer's side, UI to its own
        // (recorded when LHO calls again, unless he repeats it).
        information::defer_until_recall(cx, *id, seat.side().other());
    }
    information::withdrawn_call(cx, offered, Some(seat.side().other()));
    if restored {
        // The new call is made as if the changed one never had been: an inadmissible
        // double goes to L36, an insufficient bid to L27, a replacement to L27B afresh.
        calls::call(cx, seat, call, calls::WithCall::default())?;
    } else {
        calls::call_in_turn(cx, seat, call, calls::WithCall::default())?;
    }
    let replacement = cx.st.record().len() - 1;
    cx.st.record_change(ChangeForReview {
        seat,
        original: offered,
        replacement,
        allowed: None,
        contract_before,
    });
    cx.st.open_ruling(RulingOn::Misinformation, replacement);
    Ok(())
}

/// Withdraws record `id` and cancels every call after it that is in force or awaiting
/// rectification; reopens the auction. Returns the ids of the cancelled later calls.
pub fn rewind_to(cx: &mut Ctx<'_>, id: usize, law: Law, reason: &str) -> Vec<usize> {
    let later: Vec<usize> = cx
        .st
        .record()
        .iter()
        .enumerate()
        .filter(|(i, r)| *i > id && r.status != Status::Withdrawn)
        .map(|(i, _)| i)
        .collect();
    // Later calls are withdrawn below; nothing may still wait on them or on an L17D3 turn.
    cx.st.forget_turn_and_rectification_after(id);
    for i in later.iter().rev() {
        calls::withdraw(cx, *i, law, "cancelled: a call before it was changed");
    }
    calls::withdraw(cx, id, law, reason);
    // A face-down opening lead returns to the hand.
    cx.st.reopen_auction();
    later
}
