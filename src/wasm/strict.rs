//! Strict reading over serde-wasm-bindgen. serde-wasm-bindgen reads a struct by looking up
//! the fields it declares, so an unknown key is never seen; `Strict` walks the value as
//! serde-wasm-bindgen does, but reads an object meant for a struct by its own keys
//! (`Object.keys`), so a type that refuses unknown fields natively (`deny_unknown_fields`)
//! refuses them here too, at any depth. A struct or map is a plain object, a sequence an
//! array and an enum a string (its variant's name); any other value is refused in serde's
//! words (`wrong_shape`); an untyped read (`deserialize_any`) walks objects and arrays the
//! same way. Every typed scalar read is serde-wasm-bindgen's own.

use js_sys::{Array, Object};
use serde::de::{DeserializeSeed, Deserializer, Expected, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use serde_wasm_bindgen::Error;
use wasm_bindgen::{JsCast, JsValue};

/// A JS value read strictly.
pub struct Strict(pub JsValue);

fn swb(v: JsValue) -> serde_wasm_bindgen::Deserializer {
    serde_wasm_bindgen::Deserializer::from(v)
}

/// What a JS value is, as serde sees it: one reading for the untyped walk
/// (`deserialize_any`) and for the error of a value of the wrong shape.
enum Shape<'a> {
    /// `null` or `undefined`.
    Nothing,
    Bool(bool),
    Number(f64),
    Text(String),
    Array,
    Object(&'a Object),
    /// A symbol, a bigint, a function.
    Other,
}

impl Shape<'_> {
    fn of(v: &JsValue) -> Shape<'_> {
        if v.is_null() || v.is_undefined() {
            Shape::Nothing
        } else if let Some(b) = v.as_bool() {
            Shape::Bool(b)
        } else if let Some(f) = v.as_f64() {
            Shape::Number(f)
        } else if let Some(s) = v.as_string() {
            Shape::Text(s)
        } else if Array::is_array(v) {
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
    (v.is_object() && !Array::is_array(v)).then(|| v.unchecked_ref::<Object>())
}

/// The error for a value of the wrong shape, in serde's words ("invalid type: null,
/// expected struct …"). Written once for every type: handing the value back to
/// serde-wasm-bindgen's struct, map or sequence reader would instantiate that reader
/// again for each type that is read (and accept what strict reading refuses: an array or
/// a JS `Map` as an object, any iterable as an array).
fn wrong_shape(v: &JsValue, expected: &dyn Expected) -> Error {
    let shape = Shape::of(v);
    let unexpected = match &shape {
        Shape::Nothing => Unexpected::Unit,
        Shape::Bool(b) => Unexpected::Bool(*b),
        Shape::Number(f) => Unexpected::Float(*f),
        Shape::Text(s) => Unexpected::Str(s),
        Shape::Array => Unexpected::Seq,
        Shape::Object(_) => Unexpected::Map,
        Shape::Other => Unexpected::Other("a JS value of another kind"),
    };
    serde::de::Error::invalid_type(unexpected, expected)
}

macro_rules! delegate {
    ($($method:ident),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            swb(self.0).$method(visitor)
        }
    )*};
}

impl<'de> Deserializer<'de> for Strict {
    type Error = Error;

    delegate!(
        deserialize_bool,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_f32,
        deserialize_f64,
        deserialize_char,
        deserialize_str,
        deserialize_string,
        deserialize_bytes,
        deserialize_byte_buf,
        deserialize_unit,
        deserialize_identifier,
        deserialize_ignored_any,
    );

    /// An untyped read (a regulation: a preset's name or an object of settings; a
    /// ruling's value: `true`, `false` or an intent's name), walked as serde-wasm-bindgen
    /// walks it, but with an object's values and an array's items read strictly too.
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match Shape::of(&self.0) {
            Shape::Nothing => visitor.visit_unit(),
            Shape::Bool(b) => visitor.visit_bool(b),
            Shape::Number(f) if js_sys::Number::is_safe_integer(&self.0) => visitor.visit_i64(f as i64),
            Shape::Number(f) => visitor.visit_f64(f),
            Shape::Text(s) => visitor.visit_string(s),
            Shape::Array => self.deserialize_seq(visitor),
            Shape::Object(o) => visitor.visit_map(Entries::of(o)),
            Shape::Other => Err(wrong_shape(&self.0, &visitor)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.0.is_null() || self.0.is_undefined() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        swb(self.0).deserialize_unit_struct(name, visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0.dyn_into::<Array>() {
            Ok(a) => visitor.visit_seq(Items { items: a, next: 0 }),
            Err(v) => Err(wrong_shape(&v, &visitor)),
        }
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
        match plain_object(&self.0) {
            Some(o) => visitor.visit_map(Entries::of(o)),
            None => Err(wrong_shape(&self.0, &visitor)),
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
        match self.0.as_string() {
            Some(s) => visitor.visit_enum(s.into_deserializer()),
            None => Err(wrong_shape(&self.0, &visitor)),
        }
    }
}

/// An array's elements, each read strictly.
struct Items {
    items: Array,
    next: u32,
}

impl<'de> SeqAccess<'de> for Items {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        if self.next >= self.items.length() {
            return Ok(None);
        }
        let item = self.items.get(self.next);
        self.next += 1;
        seed.deserialize(Strict(item)).map(Some)
    }
}

/// An object's own keys and their values, each value read strictly.
struct Entries {
    keys: Vec<String>,
    object: JsValue,
    next: usize,
}

impl Entries {
    fn of(o: &Object) -> Entries {
        let keys = Object::keys(o).iter().filter_map(|k| k.as_string()).collect();
        Entries {
            keys,
            object: o.into(),
            next: 0,
        }
    }
}

impl<'de> MapAccess<'de> for Entries {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        match self.keys.get(self.next) {
            Some(k) => seed.deserialize(k.clone().into_deserializer()).map(Some),
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let key = self.keys.get(self.next).map(String::as_str).unwrap_or_default();
        self.next += 1;
        let value = js_sys::Reflect::get(&self.object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
        seed.deserialize(Strict(value))
    }
}
