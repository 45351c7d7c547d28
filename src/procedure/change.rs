//! Changes of call after misinformation (L21B): the change itself. The offers and the
//! rewind are `record`'s (`offer_changes`, `rewind_to`).

use crate::action::RulingOn;
use crate::call::{Call, Seat};
use crate::law::Law;
use crate::procedure::ctx::{Ctx, WithCall};
use crate::procedure::record::{reopen_at, stand_in_place_of};
use crate::procedure::{calls, information};
use crate::report::{refuse, Code, Refusal};
use crate::state::{CallId, ChangeForReview, State};
use crate::withdrawal::Withdrawal;

/// The `change_call` action (L21B1, L21B2).
///
/// # Errors
/// `CHANGE_NOT_OFFERED` without an offer; `UNDO_PENDING` while a Law 25A request is
/// pending; the refusal of the new call if it is illegal.
pub fn change_call(cx: &mut Ctx<'_>, seat: Seat, call: Call) -> Result<(), Refusal> {
    let Some(offer) = cx.st.take_offer(seat) else {
        return refuse(
            Code::ChangeNotOffered,
            "no change of call was offered to you (Law 21B1)",
        );
    };
    // The working copy, offer and all, is dropped if it waits.
    may_change_now(cx.st)?;
    let offered = offer.call;
    let contract_before = cx.st.play().contract();
    let (cancelled, restored) = reopen_at(cx, seat, offered, Law::L21B1, Withdrawal::ChangedAfterMisinformation);
    for id in &cancelled {
        // L21B2: the misinforming side's later call: AI to the changer's side, UI to its own
        // (recorded when LHO calls again, unless he repeats it).
        information::defer_until_recall(cx, *id, seat.side().other());
    }
    information::withdrawn_call(cx, offered, Some(seat.side().other()));
    if restored {
        // The new call is made as if the changed one never had been: an inadmissible
        // double goes to L36, an insufficient bid to L27, a replacement to L27B afresh.
        calls::call(cx, seat, call, WithCall::default())?;
    } else {
        let from = CallId::new(cx.st.auction().record().len());
        calls::call_in_turn(cx, seat, call, WithCall::default())?;
        stand_in_place_of(cx, offered, from);
    }
    let replacement = CallId::new(cx.st.auction().record().len() - 1);
    cx.st.offers_mut().record_change(ChangeForReview {
        seat,
        original: offered,
        replacement,
        allowed: None,
        contract_before,
    });
    cx.st.rulings_mut().ask(RulingOn::Misinformation, replacement);
    Ok(())
}

/// Whether an offered change of call may be made now — what `change_call` adds to the
/// offer, and the view's `change_offers` (an offer is listed while it may be taken up).
/// L25A: a change withdraws a call and cancels the later ones, which a pending request to
/// replace a call may also do (or make the offered call vanish): it waits for the decision.
///
/// # Errors
/// `UNDO_PENDING`.
pub fn may_change_now(st: &State) -> Result<(), Refusal> {
    if st.undo().request().is_some() {
        return refuse(Code::UndoPending, "a request to replace a call is pending (Law 25A)");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::procedure::test_support::{call, change_offered_behind_screens, run};
    use crate::state::Status;

    #[test]
    fn l21b1_a_change_of_call_without_an_offer_is_refused() {
        let r = run(&change_offered_behind_screens(), |cx| {
            change_call(cx, Seat::S, call("P"))
        });
        assert_eq!(r.out.map_err(|e| e.code), Err(Code::ChangeNotOffered));
    }

    #[test]
    fn l21b1_the_offered_change_withdraws_the_call_and_puts_the_misinformation_to_the_director() {
        let t = change_offered_behind_screens();
        let original = t.state().auction().last_call_of(Seat::N).expect("4S");
        let r = run(&t, |cx| change_call(cx, Seat::N, call("P")));
        assert!(r.out.is_ok(), "{:?}", r.out);
        assert_eq!(r.st.auction().call(original).map(|c| c.status), Some(Status::Withdrawn));
        let change = r.st.offers().changes().last().expect("change for review");
        assert_eq!((change.seat, change.original), (Seat::N, original));
        assert_eq!(
            r.st.auction().call(change.replacement).map(|c| c.call),
            Some(Call::Pass)
        );
        assert!(r
            .st
            .rulings()
            .open()
            .iter()
            .any(|o| o.on == RulingOn::Misinformation && o.call == change.replacement));
    }

    #[test]
    fn l21b1_an_offer_is_used_once() {
        let r = run(&change_offered_behind_screens(), |cx| {
            change_call(cx, Seat::N, call("P")).expect("first change");
            change_call(cx, Seat::N, call("4H")).map_err(|e| e.code)
        });
        assert_eq!(r.out, Err(Code::ChangeNotOffered));
    }
}
