//! JavaScript bindings (wasm32 only). Each export converts its input, calls the core and
//! converts the output: nothing here decides anything about the Laws.
//!
//! Errors: malformed input (not an object, an unknown seat, `"8NT"`, wrong field types,
//! `null`, `NaN`) throws a real `Error` whose `name` is `"BridgeLawsError"` and whose
//! `code` is `"BAD_INPUT"`; a well-formed action the Laws refuse is returned as
//! `{ok: false, rejection: {code, law, message}}`.
//!
//! Values cross the boundary as JSON text (`JSON.stringify` → the core's JSON entry points
//! → serde_json → `JSON.parse`): the browser accepts and refuses exactly what the native
//! JSON API does, with the same messages, and the module carries one serde back end instead
//! of two (serde-wasm-bindgen measured +90 KB of wasm, +20 KB gzipped). Outputs are plain
//! objects: maps as objects, `None` as `null`.

use js_sys::{JsString, JSON};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::action::bad_input_message;
use crate::{Call, Code, Rejection, Seat, Viewer};

/// A bridge table: one board bid (and played) under one regulation.
#[wasm_bindgen(js_name = Table)]
pub struct JsTable {
    inner: crate::Table,
}

#[wasm_bindgen(js_class = Table)]
impl JsTable {
    /// A new table: `new Table({dealer: "N", vulnerability: "None", regulation: "online"})`.
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(unchecked_param_type = "TableOptions")] options: JsValue) -> Result<JsTable, JsValue> {
        crate::Table::from_options_json(&json_text(&options)?)
            .map(|inner| JsTable { inner })
            .map_err(thrown)
    }

    /// Applies one action (SPEC §3): `{ok: true, events, warnings}` or
    /// `{ok: false, rejection}`; a refused action leaves the table unchanged.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn apply(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue,
    ) -> Result<JsValue, JsValue> {
        let outcome = self.inner.apply_json(&json_text(&action)?);
        match outcome.rejection() {
            Some(r) if r.code == Code::BAD_INPUT => Err(thrown(r.clone())),
            _ => output(&outcome),
        }
    }

    /// The calls `seat` may make now, canonical (`"P"`, `"X"`, `"1NT"`); empty when it is
    /// not his turn.
    #[wasm_bindgen(js_name = legalCalls, unchecked_return_type = "Call[]")]
    pub fn legal_calls(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Seat")] seat: JsValue,
    ) -> Result<JsValue, JsValue> {
        let seat: Seat = parse(&seat, "seat")?;
        output(&self.inner.legal_calls(seat))
    }

    /// What `viewer` (`"N"`…`"W"`, `"director"`, `"spectator"`) may see.
    #[wasm_bindgen(unchecked_return_type = "View")]
    pub fn view(&self, #[wasm_bindgen(unchecked_param_type = "Viewer")] viewer: JsValue) -> Result<JsValue, JsValue> {
        let viewer: Viewer = parse(&viewer, "viewer")?;
        output(&self.inner.view(viewer))
    }

    /// The table as data (`{options, actions}`), so `JSON.stringify(table)` saves it.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "Snapshot")]
    pub fn to_json(&self) -> Result<JsValue, JsValue> {
        JSON::parse(&self.inner.to_json())
    }

    /// A table rebuilt from `toJSON()`'s object or its JSON text.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "Snapshot | string")] snapshot: JsValue,
    ) -> Result<JsTable, JsValue> {
        let text = match snapshot.as_string() {
            Some(text) => text,
            None => json_text(&snapshot)?,
        };
        crate::Table::from_json(&text)
            .map(|inner| JsTable { inner })
            .map_err(thrown)
    }

    /// A SHA-256 of the state, hex: equal wherever the same actions were applied.
    #[wasm_bindgen(js_name = stateHash)]
    pub fn state_hash(&self) -> String {
        self.inner.state_hash()
    }
}

/// The canonical spelling of a call: `parseCall("1n") === "1NT"`, `parseCall("dbl") === "X"`.
#[wasm_bindgen(js_name = parseCall, unchecked_return_type = "Call")]
pub fn parse_call(#[wasm_bindgen(unchecked_param_type = "string")] call: JsValue) -> Result<String, JsValue> {
    parse::<Call>(&call, "call").map(|c| c.to_string())
}

/// A call for display, with suit symbols: `formatCall("1h") === "1♥"`, `"P"` → `"Pass"`.
#[wasm_bindgen(js_name = formatCall)]
pub fn format_call(#[wasm_bindgen(unchecked_param_type = "string")] call: JsValue) -> Result<String, JsValue> {
    Ok(match parse::<Call>(&call, "call")? {
        Call::Pass => "Pass".into(),
        Call::Double => "Dbl".into(),
        Call::Redouble => "Rdbl".into(),
        Call::Bid(b) => {
            let strain = ["♣", "♦", "♥", "♠", "NT"][b.strain as usize];
            format!("{}{strain}", b.level.get())
        }
    })
}

/// The JSON text of a JS value, for the core's JSON entry points; a thrown `BAD_INPUT` for
/// what JSON cannot carry faithfully (`undefined`, `NaN`, infinities, `BigInt`, cycles).
fn json_text(value: &JsValue) -> Result<String, JsValue> {
    // JSON.stringify would silently turn NaN and the infinities into null.
    let mut finite = |_key: JsString, v: JsValue| match v.as_f64() {
        Some(n) if !n.is_finite() => Err(JsError::new("numbers must be finite")),
        _ => Ok(Some(v)),
    };
    let text = JSON::stringify_with_replacer_func(value, &mut finite, None).map_err(|e| {
        let why = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message()));
        bad_input(&why.unwrap_or_else(|| "not JSON-shaped".into()))
    })?;
    JsValue::from(text)
        .as_string()
        .ok_or_else(|| bad_input("expected an object"))
}

/// A JS string parsed with the core's `FromStr`, or a thrown `BAD_INPUT`.
fn parse<T: std::str::FromStr<Err = crate::ParseError>>(value: &JsValue, what: &str) -> Result<T, JsValue> {
    let text = value
        .as_string()
        .ok_or_else(|| bad_input(&format!("{what} must be a string")))?;
    text.parse().map_err(|e: crate::ParseError| bad_input(&e.to_string()))
}

/// A core value as a plain JS value.
fn output<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(value).map_err(|e| error("INTERNAL", "", &e.to_string()))?;
    JSON::parse(&text)
}

/// A rejection thrown as an error (malformed input, or a snapshot the Laws refuse).
fn thrown(r: impl Into<Rejection>) -> JsValue {
    let r: Rejection = r.into();
    error(r.code.as_str(), r.law.as_str(), &r.message)
}

/// A thrown `BAD_INPUT` with the core's wording ("malformed input: …", at most 200 characters).
fn bad_input(why: &str) -> JsValue {
    error(Code::BAD_INPUT.as_str(), "", &bad_input_message(&why))
}

/// `Error {name: "BridgeLawsError", code, law, message}`.
fn error(code: &str, law: &str, message: &str) -> JsValue {
    let e = js_sys::Error::new(message);
    e.set_name("BridgeLawsError");
    let obj: &JsValue = e.as_ref();
    for (key, value) in [("code", code), ("law", law)] {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(obj, &JsValue::from_str(key), &JsValue::from_str(value));
    }
    e.into()
}
