//! Law 25A: replacing an unintended call, under the regulation's undo policy.

use crate::action::{Actor, RulingOn};
use crate::auction::Summary;
use crate::audience::Audience;
use crate::call::{Call, Seat};
use crate::event::EventKind;
use crate::law::Law;
use crate::procedure::ctx::{Ctx, WithCall};
use crate::procedure::record::{reopen_at, stand_in_place_of, state_before};
use crate::procedure::steps::{refusal, summon};
use crate::procedure::{calls, information};
use crate::regulation::{Regulation, Undo};
use crate::report::{refuse, refuse_citing, Code, Refusal};
use crate::state::{CallId, Pending, State, Status, UndoRequest};
use crate::withdrawal::Withdrawal;

/// The `replace_call` action.
///
/// # Errors
/// `UNDO_DISABLED`, `UNDO_PENDING`, `CHANGE_WINDOW_CLOSED` (L25A4, L25A5), `NOT_ENTITLED`
/// (a pass the engine made for a barred player, L25A1); in `prevent`, the
/// refusal the replacement itself would meet (`INSUFFICIENT_BID`, `INADMISSIBLE_DOUBLE`, …).
pub fn replace_call(cx: &mut Ctx<'_>, seat: Seat, call: Call) -> Result<(), Refusal> {
    let id = may_replace(cx.st, cx.reg, seat)?;
    // Under `rectify` too when the state before the call cannot be restored: the
    // replacement is then made in turn where the replaced call was, and an illegal one
    // could not be granted (docs/RULINGS.md).
    let request = UndoRequest {
        seat,
        call: id,
        replacement: call,
    };
    if !cx.reg.rectifies() || state_before(cx.st, seat, id).is_none() {
        replacement_is_legal(cx, seat, id, call)?;
    } else {
        grantable(cx, request.clone())?;
    }
    cx.st.undo_mut().ask(request);
    cx.event(EventKind::UndoRequested { seat, call }, Audience::EVERYONE);
    if cx.reg.undo == Undo::Director {
        cx.st.rulings_mut().ask(RulingOn::Unintended, id);
        summon(cx, Actor::Seat(seat), Some("unintended call"), Law::L25A);
    }
    Ok(())
}

/// L25A: whether `seat` may now ask to replace his last call, and which (its record id) —
/// the `replace_call` action's rule but for the replacement itself, and the view's
/// `may_replace_call`: not when the regulation switches undo off, nor while a request is
/// pending, nor once the window has closed (`open_window`), nor for a pass the engine made.
///
/// # Errors
/// `UNDO_DISABLED`, `UNDO_PENDING`, `CHANGE_WINDOW_CLOSED`, `NOT_ENTITLED` (an engine-made
/// pass).
pub fn may_replace(st: &State, reg: &Regulation, seat: Seat) -> Result<CallId, Refusal> {
    if reg.undo == Undo::Off {
        return refuse(Code::UndoDisabled, "replacing a call is switched off at this table");
    }
    if st.undo().request().is_some() {
        return refuse(Code::UndoPending, "a request to replace a call is already pending");
    }
    open_window(st, seat)
}

/// L25A1/A4/A5: the player's last call, while his partner has not called since and the
/// auction period lasts, unless the engine made it for him (a barred player's pass). His last call may be one still awaiting rectification (an
/// insufficient bid, an inadmissible double or redouble, a barred player's call): a
/// mechanical slip is replaced before Laws 27, 36 or 37 are applied to it.
fn open_window(st: &State, seat: Seat) -> Result<CallId, Refusal> {
    let closed = |why: &str| refuse(Code::ChangeWindowClosed, why.to_string());
    if !st.in_auction_period() {
        return refuse_citing(
            Law::L25A5,
            Code::ChangeWindowClosed,
            "the auction period is over (Law 25A5)",
        );
    }
    if let Some(id) = awaiting_rectification(st, seat) {
        return Ok(id);
    }
    let Some(id) = st.auction().last_call_of(seat) else {
        return closed("you have no call to replace");
    };
    if st.auction().call(id).is_some_and(|r| r.auto) {
        // L25A concerns a player's own unintended call: the pass the engine made for him
        // while he was barred is none (nor is it his to change: he had to pass).
        return refuse_citing(
            Law::L25A1,
            Code::NotEntitled,
            "your last call is the pass made for you while you were barred: it is not a call of yours to replace (Law 25A)",
        );
    }
    if st.auction().called_since(seat.partner(), id) {
        return closed("your partner has called since (Law 25A4)");
    }
    Ok(id)
}

/// SPEC 5.1: in `prevent` an irregular call is refused, so a replacement that would be one
/// is refused when it is asked for (L25A1: it is made where the replaced call was), rather
/// than left pending for the opponents or the Director to accept, which they could not.
fn replacement_is_legal(cx: &Ctx<'_>, seat: Seat, id: CallId, call: Call) -> Result<(), Refusal> {
    let calls = cx.st.auction().in_force();
    let Some(before) = cx.st.auction().index_of(id).and_then(|index| calls.get(..index.get())) else {
        return Ok(());
    };
    Summary::of(cx.board.dealer, before)
        .check(seat, call)
        .map_err(|illegal| refusal(illegal, call))
}

/// L25A1 under `rectify`, the state before the call restored: the replacement is subject to
/// the appropriate law there (L27, L36, …), which may still refuse it outright (a double of
/// partner's bid as the replacement of an insufficient bid). The request is refused as the
/// grant would be — tried on a copy by the rule `decide` applies — so no request is asked
/// of the Director or an opponent that could not be granted.
fn grantable(cx: &Ctx<'_>, request: UndoRequest) -> Result<(), Refusal> {
    let mut st = cx.st.clone();
    let (mut events, mut warnings) = (crate::feed::Feed::default(), Default::default());
    let mut trial = Ctx::new(cx.board, cx.reg, &mut st, &mut events, &mut warnings);
    trial.st.undo_mut().ask(request);
    decide(&mut trial, true)
}

/// The record id of `seat`'s call that awaits its rectification (L27, L36, L37), if any:
/// after a premature replacement of an insufficient bid, the replacement, his last call
/// (L27C).
fn awaiting_rectification(st: &State, seat: Seat) -> Option<CallId> {
    let id = match st.rectification().pending()? {
        Pending::InsufficientBid {
            premature: Some(call), ..
        }
        | Pending::InsufficientBid { call, .. }
        | Pending::Inadmissible { call }
        | Pending::BarredCall { call } => *call,
        _ => return None,
    };
    st.auction()
        .call(id)
        .is_some_and(|r| r.seat == seat && r.status == Status::Pending)
        .then_some(id)
}

/// Refuses an action that would settle a rectification while a request to replace a call
/// is pending: the call it concerns may vanish (SPEC 5.3).
///
/// # Errors
/// `UNDO_PENDING`.
pub fn not_pending(cx: &Ctx<'_>) -> Result<(), Refusal> {
    if cx.st.undo().request().is_some() {
        return refuse(Code::UndoPending, "a request to replace a call is pending (Law 25A)");
    }
    Ok(())
}

/// The `respond` action: an opponent answers a pending request (`undo: consent`).
///
/// # Errors
/// `NOT_ENTITLED` for anyone but an opponent of the requester, or with no request open.
pub fn respond(cx: &mut Ctx<'_>, seat: Seat, accept: bool) -> Result<(), Refusal> {
    let Some(req) = cx.st.undo().request().cloned() else {
        return refuse_citing(Law::L25A, Code::NotEntitled, "there is no request to answer");
    };
    if cx.reg.undo != Undo::Consent || !seat.is_opponent_of(req.seat) {
        return refuse_citing(
            Law::L25A,
            Code::NotEntitled,
            "only an opponent of the player answers this request",
        );
    }
    decide(cx, accept)
}

/// Applies or refuses the pending request (consent, or the Director's `unintended` ruling).
///
/// # Errors
/// The refusal of the replacement call itself in `prevent` (it is checked like any call).
pub fn decide(cx: &mut Ctx<'_>, unintended: bool) -> Result<(), Refusal> {
    let Some(req) = cx.st.undo_mut().take_request() else {
        return refuse(Code::NoPendingRuling, "no replacement is pending");
    };
    cx.st.rulings_mut().close(RulingOn::Unintended, req.call);
    if !unintended {
        // L25A2: the call stands.
        cx.event(EventKind::UndoRefused { seat: req.seat }, Audience::EVERYONE);
        return Ok(());
    }
    let (later, restored) = reopen_at(cx, req.seat, req.call, Law::L25A1, Withdrawal::UnintendedReplaced);
    let lho = req.seat.lho();
    if let Some(id) = later
        .into_iter()
        .find(|i| cx.st.auction().call(*i).is_some_and(|r| r.seat == lho))
    {
        // L25A6: LHO's cancelled call is AI for his side, UI for the replacing side.
        information::defer_until_recall(cx, id, req.seat.side());
    }
    if restored {
        // L25A1: the intended call is made as if the unintended one never had been, and
        // is subject to the appropriate law (L27, L36, L37, …).
        calls::call(cx, req.seat, req.replacement, WithCall::default())
    } else {
        let from = CallId::new(cx.st.auction().record().len());
        calls::call_in_turn(cx, req.seat, req.replacement, WithCall::default())?;
        stand_in_place_of(cx, req.call, from);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, played, played_under, run};

    fn code_of(r: Result<CallId, Refusal>) -> Result<CallId, Code> {
        r.map_err(|e| e.code)
    }

    #[test]
    fn l25a4_a_call_may_be_replaced_until_partner_calls() {
        let t = played(
            Seat::N,
            &[Action::call(Seat::N, call("1C")), Action::call(Seat::E, call("P"))],
        );
        assert_eq!(
            code_of(may_replace(t.state(), t.regulation(), Seat::N)),
            Ok(CallId::new(0))
        );
        let t = played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1C")),
                Action::call(Seat::E, call("P")),
                Action::call(Seat::S, call("1H")),
            ],
        );
        assert_eq!(
            code_of(may_replace(t.state(), t.regulation(), Seat::N)),
            Err(Code::ChangeWindowClosed)
        );
    }

    #[test]
    fn l25a1_the_pass_the_engine_made_for_a_barred_player_is_not_his_to_replace() {
        // 1S, East's insufficient 1H declined and replaced by 3H (L27B2: West barred
        // throughout); South passes and the engine passes for West.
        let t = played_under(
            r#"{"preset":"face_to_face","auto_pass_barred":true}"#,
            Seat::N,
            &[
                Action::call(Seat::N, call("1S")),
                Action::call(Seat::E, call("1H")),
                Action::decline(Seat::S),
                Action::call(Seat::E, call("3H")),
                Action::call(Seat::S, call("P")),
            ],
        );
        let west = t.state().auction().last_call_of(Seat::W).expect("West's pass");
        assert!(t.state().auction().call(west).is_some_and(|r| r.auto));
        let refused = may_replace(t.state(), t.regulation(), Seat::W).expect_err("not his call");
        assert_eq!((refused.code, refused.law), (Code::NotEntitled, Law::L25A1));
        // South's own pass, made in the same action, is his to replace.
        assert!(may_replace(t.state(), t.regulation(), Seat::S).is_ok());
    }

    #[test]
    fn l25a1_a_request_the_director_could_not_grant_is_refused_as_the_grant_would_be() {
        // 7C by North, South's insufficient 1C replaced at once by a pass (L27C, West not yet
        // asked): South asks to replace that pass with a double of partner's bid, which no
        // replacement of the insufficient bid may be (L27B).
        let mut t = played_under(
            r#"{"preset":"screens","undo":"director"}"#,
            Seat::N,
            &[
                Action::call(Seat::N, call("7C")),
                Action::call(Seat::E, call("P")),
                Action::call(Seat::S, call("1C")),
                Action::call(Seat::S, call("P")),
            ],
        );
        let before = (t.state_hash(), t.log().len());
        let refused = t.apply(Action::replace_call(Seat::S, call("X")));
        assert_eq!(refused.rejection().map(|r| r.code()), Some(Code::DoubleNotAllowed));
        assert_eq!((t.state_hash(), t.log().len()), before, "nothing changed");
        // A replacement he could make is asked of the Director, and granted.
        assert!(t.apply(Action::replace_call(Seat::S, call("7D"))).is_ok());
        assert!(t.apply_json(r#"{"seat":"director","type":"ruling","on":"unintended","value":true}"#).is_ok());
    }

    #[test]
    fn l25a1_a_call_awaiting_rectification_is_the_one_replaced() {
        let t = played(
            Seat::N,
            &[Action::call(Seat::N, call("1H")), Action::call(Seat::E, call("1D"))],
        );
        assert_eq!(
            code_of(may_replace(t.state(), t.regulation(), Seat::E)),
            Ok(CallId::new(1))
        );
    }

    #[test]
    fn l25a5_a_call_may_be_replaced_until_the_opening_lead_is_faced_and_not_after() {
        let t = played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1C")),
                Action::call(Seat::E, call("P")),
                Action::call(Seat::S, call("P")),
                Action::call(Seat::W, call("P")),
                Action::lead(Seat::E, "C2".parse().expect("card")),
            ],
        );
        // L17D1: the lead is face down: the auction period lasts.
        assert_eq!(
            code_of(may_replace(t.state(), t.regulation(), Seat::W)),
            Ok(CallId::new(3))
        );
        let mut t = t;
        assert!(t.apply(Action::face_lead(Seat::E)).is_ok());
        let refused = may_replace(t.state(), t.regulation(), Seat::W).expect_err("closed");
        assert_eq!((refused.code, refused.law.as_str()), (Code::ChangeWindowClosed, "25A5"));
    }

    #[test]
    fn l25a2_a_call_ruled_intended_stands_and_one_ruled_unintended_is_replaced() {
        let t = played(Seat::N, &[Action::call(Seat::N, call("1C"))]);
        let stands = run(&t, |cx| {
            replace_call(cx, Seat::N, call("1D")).expect("request");
            decide(cx, false)
        });
        assert!(stands.out.is_ok());
        assert!(stands.events.contains(&EventKind::UndoRefused { seat: Seat::N }));
        assert_eq!(stands.st.auction().in_force().first().map(|e| e.call), Some(call("1C")));
        let replaced = run(&t, |cx| {
            replace_call(cx, Seat::N, call("1D")).expect("request");
            decide(cx, true)
        });
        assert!(replaced.out.is_ok());
        assert_eq!(
            replaced.st.auction().in_force().first().map(|e| e.call),
            Some(call("1D"))
        );
        assert!(replaced.st.undo().request().is_none());
    }
}
