//! Law 25A: replacing an unintended call, under the regulation's undo policy.

use crate::action::RulingOn;
use crate::audience::Audience;
use crate::call::{Call, Seat};
use crate::event::EventKind;
use crate::procedure::{calls, change, explanation, information};
use crate::regulation::Undo;
use crate::report::{refuse, Code, Rejection};
use crate::state::{OpenRuling, UndoRequest};
use crate::table::Ctx;

/// The `replace_call` action.
///
/// # Errors
/// `UNDO_DISABLED`, `UNDO_PENDING`, `CHANGE_WINDOW_CLOSED` (L25A4, L25A5).
pub fn replace_call(cx: &mut Ctx<'_>, seat: Seat, call: Call) -> Result<(), Rejection> {
    if cx.reg.undo == Undo::Off {
        return refuse(Code::UNDO_DISABLED, "replacing a call is switched off at this table");
    }
    if cx.st.undo.is_some() {
        return refuse(Code::UNDO_PENDING, "a request to replace a call is already pending");
    }
    let id = open_window(cx, seat)?;
    cx.st.undo = Some(UndoRequest {
        seat,
        call: id,
        replacement: call,
    });
    cx.event(EventKind::UndoRequested { seat, call }, Audience::EVERYONE);
    if cx.reg.undo == Undo::Director {
        cx.st.open_rulings.push(OpenRuling {
            on: RulingOn::Unintended,
            call: id,
        });
        explanation::summon(cx, &seat.to_string(), Some("unintended call"), "25A");
    }
    Ok(())
}

/// L25A1/A4/A5: the player's last call, while his partner has not called since and the
/// auction period lasts.
fn open_window(cx: &Ctx<'_>, seat: Seat) -> Result<usize, Rejection> {
    let closed = |why: &str| refuse(Code::CHANGE_WINDOW_CLOSED, why.to_string());
    if !cx.st.in_auction_period() {
        return closed("the auction period is over (Law 25A5)").map_err(|r: Rejection| r.citing("25A5"));
    }
    let Some(id) = cx.st.last_call_of(seat) else {
        return closed("you have no call to replace");
    };
    if cx.st.called_since(seat.partner(), id) {
        return closed("your partner has called since (Law 25A4)");
    }
    Ok(id)
}

/// The `respond` action: an opponent answers a pending request (`undo: consent`).
///
/// # Errors
/// `NOT_ENTITLED` for anyone but an opponent of the requester, or with no request open.
pub fn respond(cx: &mut Ctx<'_>, seat: Seat, accept: bool) -> Result<(), Rejection> {
    let Some(req) = cx.st.undo.clone() else {
        return refuse(Code::NOT_ENTITLED, "there is no request to answer").map_err(|r: Rejection| r.citing("25A"));
    };
    if cx.reg.undo != Undo::Consent || !seat.is_opponent_of(req.seat) {
        return refuse(
            Code::NOT_ENTITLED,
            "only an opponent of the player answers this request",
        )
        .map_err(|r: Rejection| r.citing("25A"));
    }
    decide(cx, accept)
}

/// Applies or refuses the pending request (consent, or the Director's `unintended` ruling).
///
/// # Errors
/// The refusal of the replacement call itself in `prevent` (it is checked like any call).
pub fn decide(cx: &mut Ctx<'_>, unintended: bool) -> Result<(), Rejection> {
    let Some(req) = cx.st.undo.take() else {
        return refuse(Code::NO_PENDING_RULING, "no replacement is pending");
    };
    cx.st
        .open_rulings
        .retain(|r| !(r.on == RulingOn::Unintended && r.call == req.call));
    if !unintended {
        // L25A2: the call stands.
        cx.event(EventKind::UndoRefused { seat: req.seat }, Audience::EVERYONE);
        return Ok(());
    }
    let lho_call = cx
        .st
        .in_force_ids()
        .into_iter()
        .find(|i| *i > req.call && cx.st.record[*i].seat == req.seat.lho());
    change::rewind_to(cx, req.call, "25A1", "unintended call replaced");
    if let Some(id) = lho_call {
        // L25A6: LHO's cancelled call is AI for his side, UI for the replacing side.
        information::defer_until_recall(cx, id, req.seat.side());
    }
    calls::call_in_turn(cx, req.seat, req.replacement, calls::WithCall::default())
}
