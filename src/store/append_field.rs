//! A serializer adapter that appends one field to the struct a value writes: how an `Event`
//! writes its kind's fields and its audience as one object through the serializer's struct
//! path. (`#[serde(flatten)]` writes it through the map path, where every field name is a
//! string value: serde-wasm-bindgen then decodes a new JS string for each name of each
//! event, where the struct path takes each name from its cache of static strings.)

use serde::ser::{Error, Impossible, Serialize, SerializeStruct, Serializer};

/// Writes a value that serializes as a struct (`serialize_struct`, as an internally tagged
/// enum does for its struct and unit variants), with `key: value` after its own fields.
/// Anything else is an error.
pub(crate) struct AppendField<'a, S, V: ?Sized> {
    pub(crate) inner: S,
    pub(crate) key: &'static str,
    pub(crate) value: &'a V,
}

/// The struct being written, then the appended field.
pub(crate) struct Appending<'a, T, V: ?Sized> {
    inner: T,
    key: &'static str,
    value: &'a V,
}

impl<T: SerializeStruct, V: Serialize + ?Sized> SerializeStruct for Appending<'_, T, V> {
    type Ok = T::Ok;
    type Error = T::Error;

    fn serialize_field<F: Serialize + ?Sized>(&mut self, key: &'static str, value: &F) -> Result<(), T::Error> {
        self.inner.serialize_field(key, value)
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), T::Error> {
        self.inner.skip_field(key)
    }

    fn end(mut self) -> Result<T::Ok, T::Error> {
        self.inner.serialize_field(self.key, self.value)?;
        self.inner.end()
    }
}

/// The error for any shape but a struct.
fn not_a_struct<E: Error>() -> E {
    E::custom("a field can be appended only to a struct")
}

/// Every method but `serialize_struct` is refused with `not_a_struct`.
macro_rules! refuse {
    ($($name:ident($($arg:ty),*) -> $ret:ty;)*) => {
        $(fn $name(self, $(_: $arg),*) -> Result<$ret, S::Error> {
            Err(not_a_struct())
        })*
    };
}

impl<'a, S: Serializer, V: Serialize + ?Sized> Serializer for AppendField<'a, S, V> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Impossible<S::Ok, S::Error>;
    type SerializeTuple = Impossible<S::Ok, S::Error>;
    type SerializeTupleStruct = Impossible<S::Ok, S::Error>;
    type SerializeTupleVariant = Impossible<S::Ok, S::Error>;
    type SerializeMap = Impossible<S::Ok, S::Error>;
    type SerializeStruct = Appending<'a, S::SerializeStruct, V>;
    type SerializeStructVariant = Impossible<S::Ok, S::Error>;

    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Self::SerializeStruct, S::Error> {
        Ok(Appending {
            inner: self.inner.serialize_struct(name, len + 1)?,
            key: self.key,
            value: self.value,
        })
    }

    refuse! {
        serialize_bool(bool) -> S::Ok;
        serialize_i8(i8) -> S::Ok;
        serialize_i16(i16) -> S::Ok;
        serialize_i32(i32) -> S::Ok;
        serialize_i64(i64) -> S::Ok;
        serialize_u8(u8) -> S::Ok;
        serialize_u16(u16) -> S::Ok;
        serialize_u32(u32) -> S::Ok;
        serialize_u64(u64) -> S::Ok;
        serialize_f32(f32) -> S::Ok;
        serialize_f64(f64) -> S::Ok;
        serialize_char(char) -> S::Ok;
        serialize_str(&str) -> S::Ok;
        serialize_bytes(&[u8]) -> S::Ok;
        serialize_none() -> S::Ok;
        serialize_unit() -> S::Ok;
        serialize_unit_struct(&'static str) -> S::Ok;
        serialize_unit_variant(&'static str, u32, &'static str) -> S::Ok;
        serialize_seq(Option<usize>) -> Self::SerializeSeq;
        serialize_tuple(usize) -> Self::SerializeTuple;
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Self::SerializeTupleVariant;
        serialize_map(Option<usize>) -> Self::SerializeMap;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Self::SerializeStructVariant;
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<S::Ok, S::Error> {
        Err(not_a_struct())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, _: &T) -> Result<S::Ok, S::Error> {
        Err(not_a_struct())
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<S::Ok, S::Error> {
        Err(not_a_struct())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    enum Kind {
        Named { a: u8, b: &'static str },
        Empty,
    }

    fn written<T: Serialize>(value: &T) -> Result<String, serde_json::Error> {
        let mut out = Vec::new();
        value.serialize(AppendField {
            inner: &mut serde_json::Serializer::new(&mut out),
            key: "extra",
            value: &[1, 2],
        })?;
        Ok(String::from_utf8(out).unwrap_or_default())
    }

    #[test]
    fn the_field_comes_after_a_structs_own_fields_and_its_tag() {
        assert_eq!(
            written(&Kind::Named { a: 7, b: "x" }).ok().as_deref(),
            Some(r#"{"kind":"named","a":7,"b":"x","extra":[1,2]}"#)
        );
        assert_eq!(
            written(&Kind::Empty).ok().as_deref(),
            Some(r#"{"kind":"empty","extra":[1,2]}"#)
        );
    }

    #[test]
    fn a_value_that_is_not_a_struct_is_an_error() {
        assert!(written(&3).is_err());
        assert!(written(&"text").is_err());
        assert!(written(&vec![1]).is_err());
    }
}
