//! The machinery of the actions' table (`fields!` and `actions!` in `kinds`): the flat
//! reader every action is read through (JSON, and the strict wasm reader, which walks the
//! same struct), the `Field` bits that say which fields a type takes, and how a field read
//! flat becomes the field of its kind.
//!
//! Adding an action kind is one row of `actions!` (and a row of `fields!` if it brings a
//! new field), then its procedure: the enum, its JSON name, its reading (required and
//! optional fields, the fields it refuses), its TypeScript and its constructors follow
//! from the row.

use std::borrow::Cow;
use std::sync::Arc;

use serde::Deserialize;

/// A text field of an action, borrowed from the JSON where the reader lends it: serde's
/// `borrow` does not reach a `Cow` inside an `Option` (that read a `String` for every
/// explanation, freed once copied into its `Arc<str>`), but does reach one in a newtype.
#[derive(Deserialize)]
#[serde(transparent)]
pub(super) struct Text<'a>(#[serde(borrow)] Cow<'a, str>);

/// A field as read flat (`W`) made the field of its kind (`Self`).
pub(super) trait FromWire<W> {
    fn from_wire(w: W) -> Self;
}

impl<T> FromWire<T> for T {
    #[inline]
    fn from_wire(w: T) -> T {
        w
    }
}

/// A call index: read as `u32` so that native and wasm32 builds accept the same numbers.
impl FromWire<u32> for usize {
    #[inline]
    fn from_wire(w: u32) -> usize {
        w as usize
    }
}

/// A text, kept once as the `Arc<str>` that the log, the disclosure and its event share.
impl FromWire<Text<'_>> for Arc<str> {
    #[inline]
    fn from_wire(w: Text<'_>) -> Arc<str> {
        Arc::from(&*w.0)
    }
}

impl<T> FromWire<Vec<T>> for Box<[T]> {
    #[inline]
    fn from_wire(w: Vec<T>) -> Box<[T]> {
        w.into_boxed_slice()
    }
}

/// The value of a field the type requires, or the refusal that names it.
pub(super) fn required<T>(v: Option<T>, name: &str, kind: &str) -> Result<T, String> {
    v.ok_or_else(|| format!("missing field `{name}` for type `{kind}`"))
}

/// Reads one field of a row from the flat action: `required` (refused when absent),
/// `optional` (`None` when absent) or `or_false` (a flag, `false` when absent).
macro_rules! read_field {
    (required, $flat:expr, $name:ident, $t:expr) => {
        $crate::action::table::FromWire::from_wire($crate::action::table::required($flat, stringify!($name), $t)?)
    };
    (optional, $flat:expr, $name:ident, $t:expr) => {
        $flat.map($crate::action::table::FromWire::from_wire)
    };
    (or_false, $flat:expr, $name:ident, $t:expr) => {
        $flat.unwrap_or(false)
    };
}

/// The fields an action may carry besides `seat`, `type` and `at`, one row each (`name:
/// type as read`): generates the flat reader (`FlatAction`, read by serde from JSON and by
/// the strict wasm reader from a JS object), the `Field` bits, their names and the bits of
/// the fields given.
macro_rules! fields {
    (struct $flat:ident<$lt:lifetime> { $( $(#[$attr:meta])* $name:ident: $ty:ty, )+ }) => {
        /// Every field an action may carry, read flat: a plain struct keeps the JSON reader
        /// small (an internally tagged enum behind `flatten` buffers the whole object first
        /// — the largest single part of the wasm module). `into_action` checks which fields
        /// belong to the type.
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $flat<$lt> {
            seat: Actor,
            /// Borrowed from the text where the reader lends it (no `String` per action).
            #[serde(rename = "type", borrow)]
            kind: Cow<$lt, str>,
            $( $(#[$attr])* $name: Option<$ty>, )+
            at: Option<f64>,
        }

        /// The optional fields of an action, one bit each, in row order.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy)]
        enum Field {
            $( $name, )+
        }

        impl Field {
            /// The names, in bit order.
            const NAMES: &'static [&'static str] = &[$(stringify!($name)),+];

            /// This field's bit.
            const fn bit(self) -> u16 {
                1 << self as u16
            }

            /// The name of the lowest field in `set`, if any.
            fn first_in(set: u16) -> Option<&'static str> {
                Field::NAMES.get(set.trailing_zeros() as usize).copied()
            }
        }

        impl $flat<'_> {
            /// The optional fields given, as `Field` bits.
            fn present(&self) -> u16 {
                let mut set = 0;
                $( if self.$name.is_some() { set |= Field::$name.bit(); } )+
                set
            }
        }
    };
}

/// The kinds of action, one row each: the variant and its JSON name, its fields (each
/// with its doc, its serde attributes for writing, its type and how it is read:
/// `required`, `optional` or `or_false`), an optional check of the kind read
/// (`check function`), and its typed constructors (`new { … }`, functions of `Action`).
/// Generates [`ActionKind`](super::ActionKind) (its JSON and TypeScript shapes), the
/// reading of each type from the flat action with the fields it takes, the JSON name of
/// each kind and the constructors.
macro_rules! actions {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $name:literal $({
            $( $(#[$fattr:meta])* $field:ident: $fty:ty = $how:ident, )*
        })?
        $(check $check:ident)?
        new { $($new:tt)* }
    )+) => {
        /// The kinds of action of SPEC §3. (Read from JSON through `Action`'s flat reader.)
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(tag = "type")]
        #[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
        #[non_exhaustive]
        pub enum ActionKind {
            $(
                $(#[$doc])*
                #[serde(rename = $name)]
                $variant $({ $( $(#[$fattr])* $field: $fty, )* })?,
            )+
        }

        impl ActionKind {
            /// The kind's type as written in JSON (`"call"`, `"ask_lead"`, …).
            pub const fn type_name(&self) -> &'static str {
                match self {
                    $( ActionKind::$variant { .. } => $name, )+
                }
            }
        }

        impl FlatAction<'_> {
            /// The action, or why the fields do not make one.
            fn into_action(self) -> Result<Action, String> {
                let present = self.present();
                let t: &str = &self.kind;
                let (kind, allowed): (ActionKind, u16) = match t {
                    $(
                        $name => {
                            let kind = ActionKind::$variant $({
                                $( $field: read_field!($how, self.$field, $field, t), )*
                            })?;
                            $( $check(&kind)?; )?
                            (kind, 0 $($( | Field::$field.bit() )*)?)
                        }
                    )+
                    other => {
                        let shown: String = other.chars().take(40).collect();
                        return Err(format!("unknown action type `{shown}`"));
                    }
                };
                if let Some(name) = Field::first_in(present & !allowed) {
                    return Err(format!("field `{name}` does not belong to type `{t}`"));
                }
                Ok(Action {
                    seat: self.seat,
                    kind,
                    at: self.at,
                })
            }
        }

        impl Action {
            $( $($new)* )+
        }
    };
}
