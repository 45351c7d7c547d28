//! Strict reading over serde-wasm-bindgen. serde-wasm-bindgen reads a struct by looking up
//! the fields it declares, so an unknown key is never seen; `Strict` walks the value as
//! serde-wasm-bindgen does, but reads an object meant for a struct by its own keys
//! (`Object.keys`), so a type that refuses unknown fields natively (`deny_unknown_fields`)
//! refuses them here too, at any depth. A struct or map is a plain object, a sequence an
//! array and an enum a string (its variant's name); any other value is refused in serde's
//! words (`wrong_shape`); an untyped read (`deserialize_any`) walks objects and arrays the
//! same way. A scalar of the right type is read here, numbers as serde-wasm-bindgen reads
//! them (an integer a safe one, a bigint for 64 bits) and strings measured first; one of the
//! wrong type is refused by shape.
//!
//! Hostile values are refused as malformed input, never passed through: a string (a value or
//! a key) longer than the reader's limit is refused by its JS length before it is copied
//! into the module; a getter, a Proxy trap (`ownKeys`, `get`) or a revoked Proxy that throws
//! is an error of the read (its message kept, cut short), not `undefined` nor the raw
//! exception; a value of the wrong type is described by its shape alone, never by
//! serde-wasm-bindgen's description of it (which copies a string whole and runs an object's
//! own code). The checks cost no boundary call on the usual path but the string's length.

use js_sys::{Array, JsString, Object, Reflect};
use serde::de::{DeserializeSeed, Deserializer, Expected, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use serde_wasm_bindgen::Error as JsError;
use std::fmt;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

#[wasm_bindgen]
extern "C" {
    /// `Object.keys`, its exception caught (a Proxy's `ownKeys` trap may throw).
    #[wasm_bindgen(js_namespace = Object, js_name = keys, catch)]
    pub(super) fn own_keys(o: &JsValue) -> Result<Array, JsValue>;
    /// `Array.isArray`, its exception caught (it throws on a revoked Proxy).
    #[wasm_bindgen(js_namespace = Array, js_name = isArray, catch)]
    fn is_array_or_throw(v: &JsValue) -> Result<bool, JsValue>;
}

/// The most UTF-16 code units a string holding `chars` characters can take (two per
/// character), with 64 spare for the longest string that is not a text (a key, a seat, a
/// call): the JS measure of `input::string_bytes_for`.
pub const fn units_for(chars: u32) -> u32 {
    chars.saturating_mul(2).saturating_add(64)
}

/// A JS value read strictly, every string in it at most `limit` UTF-16 code units long.
pub struct Strict {
    value: JsValue,
    limit: u32,
}

impl Strict {
    /// `value` to be read, its strings at most `limit` code units long.
    pub fn new(value: JsValue, limit: u32) -> Strict {
        Strict { value, limit }
    }

    /// The value if it is a string (`None` if it is not), measured in JS before it is
    /// copied: longer than the limit, it is refused uncopied.
    #[inline(never)] // One copy for every type that reads a string.
    fn text(&self) -> Result<Option<String>, Error> {
        match self.value.dyn_ref::<JsString>() {
            Some(s) if s.length() > self.limit => Err(too_long(self.limit)),
            Some(s) => Ok(Some(String::from(s))),
            None => Ok(None),
        }
    }

    /// The error for this value where `expected` belongs.
    fn wrong(&self, expected: &dyn Expected) -> Error {
        wrong_shape(&self.value, self.limit, expected)
    }
}

/// The error for a string past the reader's limit (in characters, as the limits are written).
fn too_long(limit: u32) -> Error {
    let chars = limit.saturating_sub(64) / 2;
    serde::de::Error::custom(format_args!("a string longer than {chars} characters"))
}

/// The error for a read that threw in JS (a getter, a Proxy trap), with its message.
fn threw(what: &str, e: &JsValue) -> Error {
    serde::de::Error::custom(format_args!("{what} threw: {}", super::js_message(e)))
}

/// Whether `v` is an array; a value on which the question throws (a revoked Proxy) is not.
fn is_array(v: &JsValue) -> bool {
    is_array_or_throw(v).unwrap_or(false)
}

/// An integer read as serde-wasm-bindgen reads it (a safe integer, from 0 unless `signed`;
/// a bigint for 64 bits), here rather than by its reader so that a number of the wrong kind
/// is refused by shape like any other value (one error writer, not one per type read).
fn integer<'de, V: Visitor<'de>>(s: Strict, v: V, signed: bool, wide: bool) -> Result<V::Value, Error> {
    if wide && s.value.is_bigint() {
        return big(s.value, signed, v);
    }
    match js_sys::Number::is_safe_integer(&s.value).then(|| s.value.as_f64().unwrap_or(0.0) as i64) {
        Some(i) if signed => v.visit_i64(i),
        Some(i) if i >= 0 => v.visit_u64(i as u64),
        _ => Err(s.wrong(&v)),
    }
}

/// A bigint within 64 bits, in serde-wasm-bindgen's words when it is not.
fn big<'de, V: Visitor<'de>>(value: JsValue, signed: bool, v: V) -> Result<V::Value, Error> {
    let outside = |why: &str| <Error as serde::de::Error>::custom(why);
    match signed {
        true => i64::try_from(value)
            .map_err(|_| outside("Couldn't deserialize i64 from a BigInt outside i64::MIN..i64::MAX bounds"))
            .and_then(|i| v.visit_i64(i)),
        false => u64::try_from(value)
            .map_err(|_| outside("Couldn't deserialize u64 from a BigInt outside u64::MIN..u64::MAX bounds"))
            .and_then(|u| v.visit_u64(u)),
    }
}

/// A floating-point number (any JS number); any other value refused by shape.
fn float<'de, V: Visitor<'de>>(s: Strict, v: V) -> Result<V::Value, Error> {
    match s.value.as_f64() {
        Some(f) => v.visit_f64(f),
        None => Err(s.wrong(&v)),
    }
}

/// A string read as one, measured before it is copied; any other value refused by shape.
fn text<'de, V: Visitor<'de>>(s: Strict, v: V) -> Result<V::Value, Error> {
    match s.text()? {
        Some(t) => v.visit_string(t),
        None => Err(s.wrong(&v)),
    }
}

/// What a JS value is, as serde sees it: one reading for the untyped walk
/// (`deserialize_any`) and for the error of a value of the wrong shape.
enum Shape<'a> {
    /// `null` or `undefined`.
    Nothing,
    Bool(bool),
    Number(f64),
    Text(String),
    /// A string longer than the reader's limit, not copied.
    LongText,
    Array,
    Object(&'a Object),
    /// A symbol, a bigint, a function.
    Other,
}

impl Shape<'_> {
    fn of(v: &JsValue, limit: u32) -> Shape<'_> {
        if v.is_null() || v.is_undefined() {
            Shape::Nothing
        } else if let Some(b) = v.as_bool() {
            Shape::Bool(b)
        } else if let Some(f) = v.as_f64() {
            Shape::Number(f)
        } else if let Some(s) = v.dyn_ref::<JsString>() {
            match s.length() > limit {
                true => Shape::LongText,
                false => Shape::Text(s.into()),
            }
        } else if is_array(v) {
            Shape::Array
        } else if v.is_object() {
            Shape::Object(v.unchecked_ref::<Object>())
        } else {
            Shape::Other
        }
    }
}

/// A plain object (not an array, not `null`): the two tests `Shape::of` ends with, asked
/// directly on the path of every struct read.
fn plain_object(v: &JsValue) -> Option<&Object> {
    (v.is_object() && !is_array(v)).then(|| v.unchecked_ref::<Object>())
}

/// The error for a value of the wrong shape, in serde's words ("invalid type: null,
/// expected struct …"). Written once for every type: handing the value back to
/// serde-wasm-bindgen's struct, map or sequence reader would instantiate that reader
/// again for each type that is read (and accept what strict reading refuses: an array or
/// a JS `Map` as an object, any iterable as an array).
fn wrong_shape(v: &JsValue, limit: u32, expected: &dyn Expected) -> Error {
    let shape = Shape::of(v, limit);
    let unexpected = match &shape {
        Shape::Nothing => Unexpected::Unit,
        Shape::Bool(b) => Unexpected::Bool(*b),
        Shape::Number(f) => Unexpected::Float(*f),
        Shape::Text(s) => Unexpected::Str(s),
        Shape::LongText => Unexpected::Other("a string longer than the limit"),
        Shape::Array => Unexpected::Seq,
        Shape::Object(_) => Unexpected::Map,
        Shape::Other => Unexpected::Other("a JS value of another kind"),
    };
    serde::de::Error::invalid_type(unexpected, expected)
}

/// The error of a strict read: serde-wasm-bindgen's (a JS `Error`), but with serde's
/// "invalid type" and "invalid value" messages written here (`Described`), word for word
/// as serde writes them: serde's own writer of a number (`Unexpected::Float`) would bring
/// Rust's float formatting into the module (−5.1 KiB gzipped).
#[derive(Debug)]
pub struct Error(JsError);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl serde::de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error(JsError::custom(msg))
    }

    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn Expected) -> Error {
        Error::custom(format_args!("invalid type: {}, expected {}", Described(unexp), exp))
    }

    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn Expected) -> Error {
        Error::custom(format_args!("invalid value: {}, expected {}", Described(unexp), exp))
    }
}

impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        e.0.into()
    }
}

/// What serde's `Display` of an [`Unexpected`] writes, a number's text taken from JS
/// (`float_text`).
struct Described<'a>(Unexpected<'a>);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Bool(b) => write!(f, "boolean `{b}`"),
            Unexpected::Unsigned(i) => write!(f, "integer `{i}`"),
            Unexpected::Signed(i) => write!(f, "integer `{i}`"),
            Unexpected::Float(x) => write!(f, "floating point `{}`", float_text(x)),
            Unexpected::Char(c) => write!(f, "character `{c}`"),
            Unexpected::Str(s) => write!(f, "string {s:?}"),
            Unexpected::Bytes(_) => f.write_str("byte array"),
            Unexpected::Unit => f.write_str("unit value"),
            Unexpected::Option => f.write_str("Option value"),
            Unexpected::NewtypeStruct => f.write_str("newtype struct"),
            Unexpected::Seq => f.write_str("sequence"),
            Unexpected::Map => f.write_str("map"),
            Unexpected::Enum => f.write_str("enum"),
            Unexpected::UnitVariant => f.write_str("unit variant"),
            Unexpected::NewtypeVariant => f.write_str("newtype variant"),
            Unexpected::TupleVariant => f.write_str("tuple variant"),
            Unexpected::StructVariant => f.write_str("struct variant"),
            Unexpected::Other(other) => f.write_str(other),
        }
    }
}

/// A number as serde writes it in an error (`1.5`, `2.0`, `-0.0`, `NaN`, `-inf`): Rust's
/// `Display` of it (never in exponent form), `.0` added to a finite one without a point. The
/// digits are JS's shortest (`Number.prototype.toString`), which are Rust's shortest too.
fn float_text(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.into();
    }
    let mut out = String::new();
    if x.is_sign_negative() {
        out.push('-');
    }
    let js = String::from(
        js_sys::Number::from(x.abs())
            .to_string_with_radix(10)
            .unwrap_or_else(|_| "0".into()),
    );
    // JS writes `1e+21` and `1.5e-7` in exponent form: the digits, then where the point goes.
    match js.split_once('e') {
        None => out.push_str(&js),
        Some((mantissa, exp)) => {
            let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
            let exp: i32 = exp.trim_start_matches('+').parse().unwrap_or(0);
            let places = exp.unsigned_abs() as usize;
            if exp < 0 {
                out.push_str("0.");
                out.extend(std::iter::repeat_n('0', places.saturating_sub(1)));
                out.push_str(&digits);
            } else {
                out.push_str(&digits);
                out.extend(std::iter::repeat_n('0', (places + 1).saturating_sub(digits.len())));
            }
        }
    }
    if !out.contains('.') {
        out.push_str(".0");
    }
    out
}

/// Scalar reads: each takes the value if it is of its JS type, else refuses it by shape.
macro_rules! scalars {
    ($($method:ident($s:ident, $v:ident) => $body:expr;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let ($s, $v) = (self, visitor);
            $body
        }
    )*};
}

impl<'de> Deserializer<'de> for Strict {
    type Error = Error;

    scalars! {
        deserialize_bool(s, v) => match s.value.as_bool() {
            Some(b) => v.visit_bool(b),
            None => Err(s.wrong(&v)),
        };
        deserialize_i8(s, v) => integer(s, v, true, false);
        deserialize_i16(s, v) => integer(s, v, true, false);
        deserialize_i32(s, v) => integer(s, v, true, false);
        deserialize_i64(s, v) => integer(s, v, true, true);
        deserialize_u8(s, v) => integer(s, v, false, false);
        deserialize_u16(s, v) => integer(s, v, false, false);
        deserialize_u32(s, v) => integer(s, v, false, false);
        deserialize_u64(s, v) => integer(s, v, false, true);
        deserialize_f32(s, v) => float(s, v);
        deserialize_f64(s, v) => float(s, v);
        deserialize_char(s, v) => text(s, v);
        deserialize_str(s, v) => text(s, v);
        deserialize_string(s, v) => text(s, v);
        deserialize_identifier(s, v) => text(s, v);
        deserialize_bytes(s, v) => Err(s.wrong(&v));
        deserialize_byte_buf(s, v) => Err(s.wrong(&v));
        deserialize_unit(s, v) => match s.value.is_null() || s.value.is_undefined() {
            true => v.visit_unit(),
            false => Err(s.wrong(&v)),
        };
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    /// An untyped read (a regulation: a preset's name or an object of settings; a
    /// ruling's value: `true`, `false` or an intent's name), walked as serde-wasm-bindgen
    /// walks it, but with an object's values and an array's items read strictly too.
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match Shape::of(&self.value, self.limit) {
            Shape::Nothing => visitor.visit_unit(),
            Shape::Bool(b) => visitor.visit_bool(b),
            Shape::Number(f) if js_sys::Number::is_safe_integer(&self.value) => visitor.visit_i64(f as i64),
            Shape::Number(f) => visitor.visit_f64(f),
            Shape::Text(s) => visitor.visit_string(s),
            Shape::LongText => Err(too_long(self.limit)),
            Shape::Array => self.deserialize_seq(visitor),
            Shape::Object(o) => visitor.visit_map(Entries::of(o, self.limit)?),
            Shape::Other => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.value.is_null() || self.value.is_undefined() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if !is_array(&self.value) {
            return Err(self.wrong(&visitor));
        }
        visitor.visit_seq(Items::of(self.value, self.limit)?)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match plain_object(&self.value) {
            Some(o) => visitor.visit_map(Entries::of(o, self.limit)?),
            None => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        // Read as a map of its own keys: every key goes to the type, which refuses an
        // unknown one exactly when it does natively (`deny_unknown_fields`).
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        // Every enum read from JS is named by a string (unit variants).
        match self.text()? {
            Some(s) => visitor.visit_enum(s.as_str().into_deserializer()),
            None => Err(self.wrong(&visitor)),
        }
    }
}

/// An array's elements, each read strictly (through `Reflect.get`, so a Proxy's trap that
/// throws is an error of the read).
struct Items {
    items: JsValue,
    len: u32,
    next: u32,
    limit: u32,
}

impl Items {
    #[inline(never)]
    fn of(items: JsValue, limit: u32) -> Result<Items, Error> {
        let len =
            Reflect::get(&items, &JsValue::from_str("length")).map_err(|e| threw("reading the array's length", &e))?;
        let len = len
            .as_f64()
            .filter(|n| n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(n));
        let len = len.ok_or_else(|| <Error as serde::de::Error>::custom("an array's length is not a length"))? as u32;
        Ok(Items {
            items,
            len,
            next: 0,
            limit,
        })
    }
}

impl Items {
    /// The next item, if any (not generic: one copy for every type of item).
    #[inline(never)]
    fn next_item(&mut self) -> Result<Option<Strict>, Error> {
        if self.next >= self.len {
            return Ok(None);
        }
        let item =
            Reflect::get_f64(&self.items, f64::from(self.next)).map_err(|e| threw("reading an array item", &e))?;
        self.next += 1;
        Ok(Some(Strict::new(item, self.limit)))
    }
}

impl<'de> SeqAccess<'de> for Items {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        match self.next_item()? {
            Some(item) => seed.deserialize(item).map(Some),
            None => Ok(None),
        }
    }
}

/// An object's own enumerable keys (`Object.keys`) and their values, each key checked for
/// length before it is copied and each value read strictly; the keys stay a JS array, read
/// one at a time (the type refuses the first unknown one).
struct Entries {
    keys: Array,
    object: JsValue,
    /// The key being read, for its value.
    key: JsValue,
    next: u32,
    limit: u32,
}

impl Entries {
    #[inline(never)]
    fn of(o: &Object, limit: u32) -> Result<Entries, Error> {
        let keys = own_keys(o).map_err(|e| threw("listing the object's keys", &e))?;
        Ok(Entries {
            keys,
            object: o.into(),
            key: JsValue::UNDEFINED,
            next: 0,
            limit,
        })
    }
}

impl Entries {
    /// The next key, if any, measured before it is copied (not generic, as `next_value`).
    #[inline(never)]
    fn next_key(&mut self) -> Result<Option<String>, Error> {
        if self.next >= self.keys.length() {
            return Ok(None);
        }
        self.key = self.keys.get(self.next);
        self.next += 1;
        // `Object.keys` lists strings only.
        let key = self.key.unchecked_ref::<JsString>();
        if key.length() > self.limit {
            return Err(too_long(self.limit));
        }
        Ok(Some(key.into()))
    }

    /// The value of the key just read.
    #[inline(never)]
    fn next_value(&mut self) -> Result<Strict, Error> {
        let value = Reflect::get(&self.object, &self.key).map_err(|e| {
            // The key was measured when it was read: quoting it copies a short string.
            let key = self.key.as_string().unwrap_or_default();
            threw(&format!("reading `{key}`"), &e)
        })?;
        Ok(Strict::new(value, self.limit))
    }
}

impl<'de> MapAccess<'de> for Entries {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        match self.next_key()? {
            Some(key) => seed.deserialize(key.into_deserializer()).map(Some),
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(self.next_value()?)
    }
}
