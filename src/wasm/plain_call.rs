//! `apply`'s usual path, read and written directly. A plain call (`{type: "call", seat,
//! call}`, nothing else) is read without the strict reader; anything else — a fourth key, a
//! key or value of another spelling or type, a getter or Proxy trap that throws — goes the
//! strict way, which reads it again and refuses it as before (so a getter of an action that
//! is not a plain call may run twice). The outcome is the object serde writes, keys in the
//! same order, with each call's event set field by field (`object[key] = value`, from JS
//! strings made once per module) and any other event, the warnings and a rejection written
//! by serde. Nothing here allocates in the module but the copy of the call's text.

use js_sys::{Array, JsString, Object, Reflect};
use wasm_bindgen::prelude::*;

use super::strict::own_keys;
use crate::{Action, Audience, Seat, Submitted, Viewer};

#[wasm_bindgen]
extern "C" {
    /// A plain object made here, its fields set by `object[key] = value` (faster in V8 than
    /// `Reflect.set`; on a fresh plain object it cannot throw).
    #[wasm_bindgen(extends = Object)]
    type Fresh;
    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &Fresh, key: &JsValue, value: &JsValue);
}

/// A new plain object (`{}`).
fn fresh() -> Fresh {
    Object::new().unchecked_into()
}

/// `"type"`, the action's key for its kind (`NAMES`).
const TYPE: usize = 14;

/// The longest call text read here ("pass", "dbl", "1NT"); a longer one goes the general way.
const CALL_UNITS: u32 = 8;

/// The names a plain call and its outcome are made of, in `Name` order, then the seats in
/// `Seat::ALL` order, the other viewers in `Audience`'s serde order and `"type"`.
pub(super) const NAMES: [&str; 16] = [
    "call",
    "kind",
    "seat",
    "ok",
    "events",
    "warnings",
    "index",
    "audience",
    "N",
    "E",
    "S",
    "W",
    "director",
    "spectator",
    "type",
    "rejection",
];

#[derive(Clone, Copy)]
enum Name {
    /// `"call"`: a key, the action's type and the event's kind.
    Call,
    Kind,
    Seat,
    Ok,
    Events,
    Warnings,
    Index,
    Audience,
    /// `"N"`, then the other seats and viewers.
    North,
    /// After `"type"`.
    Rejection = 15,
}

/// The JS strings of `NAMES` (kept after the calls' texts, in `super::CALL_STRINGS`).
fn names(all: &[JsValue]) -> &[JsValue] {
    all.get(super::CALLS..).unwrap_or_default()
}

/// `action` as a call, if it is a plain object whose own keys are exactly `type` (`"call"`),
/// `seat` (`"N"`…`"W"`) and `call` (a string the call parser accepts, at most
/// [`CALL_UNITS`] long); `None` for anything else.
pub fn read(action: &JsValue) -> Option<Action> {
    // (An array's or a string's keys are indices, never these three: only a value that is
    // not an object is turned away before its keys are listed.)
    if !action.is_object() {
        return None;
    }
    let keys = own_keys(action).ok()?;
    if keys.length() != 3 {
        return None;
    }
    super::CALL_STRINGS.with(|all| {
        let js = names(all);
        let (mut kind, mut seat, mut call) = (false, None, None);
        for i in 0..3 {
            let key = keys.get(i);
            let value = Reflect::get(action, &key).ok()?;
            if key == js[TYPE] {
                kind = value == js[Name::Call as usize];
            } else if key == js[Name::Seat as usize] {
                let north = Name::North as usize;
                seat = Seat::ALL.into_iter().find(|s| value == js[north + s.index()]);
            } else if key == js[Name::Call as usize] {
                let text = value.dyn_ref::<JsString>().filter(|t| t.length() <= CALL_UNITS)?;
                call = String::from(text).parse().ok();
            } else {
                return None;
            }
        }
        Some(Action::call(seat?, call?)).filter(|_| kind)
    })
}

/// `{ok: true, events, warnings}` for an accepted action, as serde writes it: calls' events
/// written directly, any other event and the warnings by serde.
pub fn write(done: &Submitted<'_>) -> Result<JsValue, JsValue> {
    super::CALL_STRINGS.with(|all| {
        let js = names(all);
        let name = |n: Name| &js[n as usize];
        let events = Array::new();
        for (i, e) in done.events.calls().enumerate() {
            let event = match e {
                Some((seat, call, index, audience)) => {
                    let o = fresh();
                    o.set(name(Name::Kind), name(Name::Call));
                    o.set(name(Name::Seat), &js[Name::North as usize + seat.index()]);
                    // A call's text, in call-set order (38 of them: `order_key` is below).
                    o.set(name(Name::Call), &all[usize::from(call.order_key())]);
                    o.set(name(Name::Index), &JsValue::from(index));
                    o.set(name(Name::Audience), &viewers(js, audience));
                    o.into()
                }
                _ => match done.events.get(i) {
                    Some(event) => super::output(&*event)?,
                    None => continue,
                },
            };
            events.push(&event);
        }
        let outcome = fresh();
        outcome.set(name(Name::Ok), &JsValue::TRUE);
        outcome.set(name(Name::Events), &events);
        outcome.set(name(Name::Warnings), &super::output(done.warnings)?);
        Ok(outcome.into())
    })
}

/// `{ok: false, rejection}` for a refused action, as serde writes it.
pub fn refused(rejection: &crate::Rejection) -> Result<JsValue, JsValue> {
    let outcome = fresh();
    super::CALL_STRINGS.with(|all| {
        let js = names(all);
        outcome.set(&js[Name::Ok as usize], &JsValue::FALSE);
        super::output(rejection).map(|r| outcome.set(&js[Name::Rejection as usize], &r))
    })?;
    Ok(outcome.into())
}

/// `audience`'s viewers as serde writes them: its seats, the Director, then spectators if
/// they are in it.
fn viewers(js: &[JsValue], audience: Audience) -> Array {
    let viewers = Array::new();
    for seat in Seat::ALL.into_iter().filter(|s| audience.has_seat(*s)) {
        viewers.push(&js[Name::North as usize + seat.index()]);
    }
    viewers.push(&js[Name::North as usize + 4]);
    if audience.contains(Viewer::Spectator) {
        viewers.push(&js[Name::North as usize + 5]);
    }
    viewers
}
