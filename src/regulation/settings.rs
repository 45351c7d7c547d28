//! The machinery of the regulation's table (`settings!` in the parent module): the two
//! macros that generate the setting enums and the settings themselves, and what a setting's
//! value type tells — the values it allows (for the message that refuses a bad one) and its
//! canonical bytes (for the state hash).
//!
//! Adding a setting is one row of `settings!` (and an enum from `choices!` if its values
//! are names), then its use: the reader, the resolver, the JSON names, the TypeScript types
//! and the hash follow from the row.

use std::fmt::Write;

use serde::de::{Error, MapAccess};
use serde::Deserialize;

/// A setting's value type: what a bad value is told it must be, and its bytes in the state
/// hash.
pub(crate) trait SettingValue {
    /// What the setting allows, as the refusal says it (`one of "off", "consent"`).
    fn allowed() -> String;

    /// Appends the value's canonical bytes (little-endian, fixed width).
    fn encode(&self, out: &mut Vec<u8>);
}

impl SettingValue for bool {
    fn allowed() -> String {
        "true or false".into()
    }
    fn encode(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
}

impl SettingValue for u32 {
    fn allowed() -> String {
        "a whole number from 0 to 4294967295".into()
    }
    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

/// A number or `null` (off).
impl SettingValue for Option<u32> {
    fn allowed() -> String {
        format!("{}, or null (off)", u32::allowed())
    }
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            None => out.push(0),
            Some(n) => {
                out.push(1);
                n.encode(out);
            }
        }
    }
}

/// `one of "a", "b", "c"`: the names a setting of named values allows.
pub(crate) fn one_of(names: &[&str]) -> String {
    let mut s = String::from("one of ");
    for (k, name) in names.iter().enumerate() {
        let _ = write!(s, "{}\"{name}\"", if k > 0 { ", " } else { "" });
    }
    s
}

/// Reads the value of setting `name`: a bad value says which setting and what it allows
/// (`regulation setting `undo` must be one of "off", "consent", "director"`).
pub(crate) fn read<'de, M: MapAccess<'de>, T: Deserialize<'de> + SettingValue>(
    map: &mut M,
    name: &str,
) -> Result<T, M::Error> {
    map.next_value()
        .map_err(|_| M::Error::custom(format_args!("regulation setting `{name}` must be {}", T::allowed())))
}

/// A setting whose values are names: the enum, its JSON and TypeScript names, every value,
/// and its [`SettingValue`] (the refusal lists the names; the hash writes the position).
macro_rules! choices {
    ($(
        $(#[$doc:meta])*
        enum $name:ident {
            $( $(#[$vdoc:meta])* $variant:ident = $text:literal, )+
        }
    )+) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
        #[non_exhaustive]
        pub enum $name {
            $( $(#[$vdoc])* #[serde(rename = $text)] $variant, )+
        }

        impl $name {
            /// Every value's name, in declaration order.
            pub(crate) const NAMES: &'static [&'static str] = &[$($text),+];

            /// The value a name spells, as JSON writes it.
            #[allow(dead_code)]
            pub(crate) fn named(name: &str) -> Option<$name> {
                match name {
                    $( $text => Some($name::$variant), )+
                    _ => None,
                }
            }
        }

        impl $crate::regulation::settings::SettingValue for $name {
            fn allowed() -> String {
                $crate::regulation::settings::one_of($name::NAMES)
            }
            fn encode(&self, out: &mut Vec<u8>) {
                out.push(*self as u8);
            }
        }
    )+};
}

/// The regulation's settings, one row each (`name: Type = the online preset's value`):
/// generates [`Regulation`](super::Regulation) and [`Overrides`](super::Overrides) (the
/// preset first, then the rows in order: their JSON and TypeScript shapes), the names of
/// the settings, the reader of one setting, the resolver of overrides, the overrides of
/// every setting and the hash's bytes.
macro_rules! settings {
    ($( $(#[$doc:meta])* $field:ident: $ty:ty = $default:expr, )+) => {
        /// Every choice the engine needs from the regulations.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        #[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
        #[non_exhaustive]
        pub struct Regulation {
            /// The preset these settings started from.
            pub preset: Preset,
            $( $(#[$doc])* pub $field: $ty, )+
        }

        /// A preset and the settings that differ from it. An absent setting is the preset's;
        /// an override is written back exactly as given (`tempo_threshold_ms: null` is "off",
        /// absent is the preset's threshold), so options round-trip through JSON.
        #[derive(Clone, Debug, Default, PartialEq, Serialize)]
        #[serde(default, deny_unknown_fields)]
        #[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
        pub struct Overrides {
            /// The preset the other settings override.
            #[serde(skip_serializing_if = "Option::is_none")]
            pub preset: Option<Preset>,
            $(
                $(#[$doc])*
                #[serde(skip_serializing_if = "Option::is_none")]
                pub $field: Option<$ty>,
            )+
        }

        /// Every setting of `{preset, …overrides}`, in the order of `Overrides`.
        const SETTINGS: &[&str] = &["preset", $(stringify!($field)),+];

        impl Regulation {
            /// The online preset's settings under the name of `preset` (each preset changes
            /// some of them).
            const fn base(preset: Preset) -> Regulation {
                Regulation { preset, $( $field: $default, )+ }
            }

            /// Each setting's canonical bytes, in the order of the table (the state hash).
            pub(crate) fn encode(&self, out: &mut Vec<u8>) {
                use $crate::regulation::settings::SettingValue;
                self.preset.encode(out);
                $(
                    if !Regulation::HASHED_WHEN_CHANGED.contains(&stringify!($field)) {
                        self.$field.encode(out);
                    }
                )+
                self.encode_changed(out);
            }
        }

        impl Overrides {
            /// Reads the value of setting `name` (one of [`SETTINGS`]) from `map`.
            fn read<'de, M: serde::de::MapAccess<'de>>(&mut self, name: &str, map: &mut M) -> Result<(), M::Error> {
                use $crate::regulation::settings::read;
                match name {
                    "preset" => self.preset = Some(read(map, name)?),
                    $( stringify!($field) => self.$field = Some(read(map, name)?), )+
                    _ => {}
                }
                Ok(())
            }

            /// The settings of `r`: these overrides, else the preset's.
            fn over(&self, r: Regulation) -> Regulation {
                Regulation { preset: r.preset, $( $field: self.$field.unwrap_or(r.$field), )+ }
            }

            /// Every setting of `r`, written out.
            fn every(r: Regulation) -> Overrides {
                Overrides { preset: Some(r.preset), $( $field: Some(r.$field), )+ }
            }
        }
    };
}
