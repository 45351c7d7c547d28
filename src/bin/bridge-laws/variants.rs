//! The names serde gives an enum's variants, read from the type's own `Deserialize`: a probe
//! deserializer offers a name no variant has, and its error keeps the list of expected names
//! serde's derive passes to `unknown_variant` (its `VARIANTS`). The CLI's `codes` list is
//! checked against it, so a kind added to the library cannot be left out.

use std::fmt;

use serde::de::value::StrDeserializer;
use serde::de::{self, DeserializeOwned, IntoDeserializer};

/// A name no variant has (serde names cannot start with a NUL).
const NO_VARIANT: &str = "\0";

/// The probe's error: the expected names when the probe was refused as an unknown variant.
#[derive(Debug)]
struct Expected(Option<&'static [&'static str]>);

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected one of {:?}", self.0.unwrap_or_default())
    }
}

impl std::error::Error for Expected {}

impl de::Error for Expected {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Expected(None)
    }

    fn unknown_variant(_: &str, expected: &'static [&'static str]) -> Self {
        Expected(Some(expected))
    }
}

// What the probe's refusal names (nothing if the type accepted the probe or refused it
// otherwise: then it is no enum of this shape).
fn expected<T>(probe: Result<T, Expected>) -> &'static [&'static str] {
    probe.err().and_then(|e| e.0).unwrap_or_default()
}

/// The variant names of an enum written as a string or externally tagged (serde's default).
pub fn of_enum<T: DeserializeOwned>() -> &'static [&'static str] {
    let probe: StrDeserializer<'static, Expected> = NO_VARIANT.into_deserializer();
    expected(T::deserialize(probe))
}

/// The variant names of an internally tagged enum (`#[serde(tag = "…")]`): the tag's values
/// (for the tests: an event kind's sample is written by hand, so checked, not derived).
#[cfg(test)]
pub fn of_tagged<T: DeserializeOwned>(tag: &'static str) -> &'static [&'static str] {
    use serde::de::value::MapDeserializer;
    let probe = MapDeserializer::<_, Expected>::new(std::iter::once((tag, NO_VARIANT)));
    expected(T::deserialize(probe))
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    #[allow(dead_code)]
    enum Tagged {
        First {
            x: u8,
        },
        SecondOne,
        #[serde(rename = "third")]
        Another(Box<Plain>),
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Plain {
        One,
        TwoWords,
    }

    #[test]
    fn an_internally_tagged_enum_gives_every_tag_value_as_serde_writes_it() {
        assert_eq!(of_tagged::<Tagged>("kind"), ["first", "second_one", "third"]);
    }

    #[test]
    fn a_plain_enum_gives_every_variant_name_as_serde_writes_it() {
        assert_eq!(of_enum::<Plain>(), ["one", "two_words"]);
    }

    #[test]
    fn a_type_that_is_no_enum_of_that_shape_gives_no_names() {
        assert!(of_enum::<u8>().is_empty());
        assert!(of_tagged::<Tagged>("type").is_empty());
    }
}
