//! Irregular calls in the `rectify` regulation (Laws 27–39), their rectification, and the
//! Director's rulings (L23A comparability, L25A intent, L21B misinformation, L28B/L29A).

use crate::action::{RulingOn, RulingValue, StrainName};
use crate::auction::Illegal;
use crate::call::{Call, Seat};
use crate::event::EventKind;
use crate::procedure::{calls, undo};
use crate::report::{refuse, Code, Rejection};
use crate::table::Ctx;

fn not_yet<T>(what: &str) -> Result<T, Rejection> {
    refuse(Code::NOT_SUPPORTED, format!("{what} is not rectified by this engine version yet"))
}

/// L39: a call after the final pass.
///
/// # Errors
/// Not supported yet.
pub fn after_final_pass(_cx: &mut Ctx<'_>, _seat: Seat, _call: Call) -> Result<(), Rejection> {
    not_yet("a call after the final pass")
}

/// A call while a rectification is pending.
///
/// # Errors
/// `RECTIFICATION_PENDING`.
pub fn call_while_pending(_cx: &mut Ctx<'_>, _seat: Seat, _call: Call, _with: calls::WithCall) -> Result<(), Rejection> {
    refuse(Code::RECTIFICATION_PENDING, "a rectification is pending")
}

/// L28–L32: a call out of rotation.
///
/// # Errors
/// Not supported yet.
pub fn out_of_rotation(_cx: &mut Ctx<'_>, _seat: Seat, _call: Call, _due: Seat, _with: calls::WithCall) -> Result<(), Rejection> {
    not_yet("a call out of rotation")
}

/// L37: a barred player's bid, double or redouble.
///
/// # Errors
/// Not supported yet.
pub fn barred_call(_cx: &mut Ctx<'_>, _seat: Seat, _call: Call, _with: calls::WithCall) -> Result<(), Rejection> {
    not_yet("a call by a barred player")
}

/// L27, L36: an insufficient bid or inadmissible double or redouble in turn.
///
/// # Errors
/// Not supported yet.
pub fn illegal_call(_cx: &mut Ctx<'_>, _seat: Seat, _call: Call, _illegal: Illegal, _with: calls::WithCall) -> Result<(), Rejection> {
    not_yet("an insufficient bid or inadmissible double")
}

/// What a call in turn settles of an earlier rectification (L30B1b, L31, L32, L23).
pub fn after_call_in_turn(_cx: &mut Ctx<'_>, _seat: Seat, _id: usize) {}

/// L17D3: three passes after a call, one of which skipped a player, do not end the
/// auction. Returns whether the auction was reverted.
pub fn revert_skipped_player(_cx: &mut Ctx<'_>) -> bool {
    false
}

/// L26B: lead restrictions of offenders who became defenders, at the end of the auction.
pub fn lead_restrictions_at_end(_cx: &mut Ctx<'_>) {}

/// The offender's LHO accepts the irregular call (L27A1, L29A).
///
/// # Errors
/// `NOT_ENTITLED` when nothing is pending for this player.
pub fn accept(_cx: &mut Ctx<'_>, _seat: Seat) -> Result<(), Rejection> {
    refuse(Code::NOT_ENTITLED, "there is no irregularity for you to accept")
}

/// The offender's LHO declines the irregular call.
///
/// # Errors
/// `NOT_ENTITLED` when nothing is pending for this player.
pub fn decline(_cx: &mut Ctx<'_>, _seat: Seat) -> Result<(), Rejection> {
    refuse(Code::NOT_ENTITLED, "there is no irregularity for you to decline")
}

/// A Director's ruling: applies to the oldest open question of its kind.
///
/// # Errors
/// `NO_PENDING_RULING` when no question of that kind is open; `BAD_INPUT` for a value of
/// the wrong type.
pub fn ruling(cx: &mut Ctx<'_>, on: RulingOn, value: Option<RulingValue>, _specified: Option<&[StrainName]>) -> Result<(), Rejection> {
    let yes = match value {
        Some(RulingValue::Yes(b)) => Some(b),
        _ => None,
    };
    match on {
        RulingOn::Unintended => {
            let Some(yes) = yes else {
                return refuse(Code::BAD_INPUT, "an `unintended` ruling needs value true or false");
            };
            if cx.st.undo.is_none() {
                return refuse(Code::NO_PENDING_RULING, "no replacement of a call awaits a ruling");
            }
            cx.event(EventKind::Ruling { on, value }, crate::audience::Audience::EVERYONE);
            undo::decide(cx, yes)
        }
        RulingOn::Misinformation => {
            let Some(yes) = yes else {
                return refuse(Code::BAD_INPUT, "a `misinformation` ruling needs value true or false");
            };
            let Some(pos) = cx.st.open_rulings.iter().position(|r| r.on == on) else {
                return refuse(Code::NO_PENDING_RULING, "no change of call awaits a ruling");
            };
            let r = cx.st.open_rulings.remove(pos);
            for c in cx.st.changes.iter_mut().filter(|c| c.replacement == r.call) {
                c.allowed = Some(yes);
            }
            cx.event(EventKind::Ruling { on, value }, crate::audience::Audience::EVERYONE);
            Ok(())
        }
        RulingOn::Comparable | RulingOn::Intent => {
            refuse(Code::NO_PENDING_RULING, "no question of that kind awaits a ruling")
        }
    }
}
