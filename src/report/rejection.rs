//! Rejections: why the table did not take an action — malformed input or a refusal under
//! a law, told apart by type.

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};

use super::{Code, InputError, Refusal};
use crate::law::Law;

/// Why an action was not taken, as the actor is shown it: malformed input or a limit
/// ([`Rejection::Input`]), or a well-formed action refused under a law
/// ([`Rejection::Refused`]). The table is unchanged.
///
/// Outward (JSON, JavaScript) it is the record `{code, law, message}`, `law` being `""`
/// for an input error; [`code`](Rejection::code), [`law`](Rejection::law) and
/// [`message`](Rejection::message) read it whichever it is.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(from = "Record")]
#[non_exhaustive]
pub enum Rejection {
    /// Malformed input (`BAD_INPUT`) or a limit of this software (`LIMIT_REACHED`).
    Input(InputError),
    /// A well-formed action refused under a law.
    Refused(Refusal),
}

impl Rejection {
    /// The public code.
    pub const fn code(&self) -> Code {
        match self {
            Rejection::Input(e) => e.code,
            Rejection::Refused(r) => r.code,
        }
    }

    /// The clause cited ([`Law::NoClause`] for an input error).
    pub const fn law(&self) -> Law {
        match self {
            Rejection::Input(e) => e.law(),
            Rejection::Refused(r) => r.law,
        }
    }

    /// The human-readable English text.
    pub fn message(&self) -> &str {
        match self {
            Rejection::Input(e) => &e.message,
            Rejection::Refused(r) => &r.message,
        }
    }

    /// Whether the action was malformed input or over a limit ([`Rejection::Input`]) rather
    /// than refused under a law ([`Rejection::Refused`]).
    pub const fn is_input_error(&self) -> bool {
        matches!(self, Rejection::Input(_))
    }

    /// The same rejection with `action {i}: ` before its message (a replayed action's
    /// position).
    pub(crate) fn at_action(mut self, i: usize) -> Rejection {
        // One text built for either kind (the module's size: docs/ENGINEERING.md).
        let message = format!("action {i}: {}", self.message());
        match &mut self {
            Rejection::Input(e) => e.message = message,
            Rejection::Refused(r) => r.message = message.into(),
        }
        self
    }
}

impl From<InputError> for Rejection {
    fn from(e: InputError) -> Rejection {
        Rejection::Input(e)
    }
}

impl From<Refusal> for Rejection {
    fn from(r: Refusal) -> Rejection {
        Rejection::Refused(r)
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Input(e) => e.fmt(f),
            Rejection::Refused(r) => r.fmt(f),
        }
    }
}

impl std::error::Error for Rejection {}

/// Written as the record `{code, law, message}`, as before the kinds were types.
impl Serialize for Rejection {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut record = s.serialize_struct("Rejection", 3)?;
        record.serialize_field("code", &self.code())?;
        record.serialize_field("law", &self.law())?;
        record.serialize_field("message", self.message())?;
        record.end()
    }
}

// The outward record `{code, law, message}`, read (its code says which kind it is), and
// declared to TypeScript as `Rejection`, with the documentation it has always had.
/// Why an action was refused, as the actor is shown it: an [`InputError`] or a
/// [`Refusal`]. The table is unchanged.
#[derive(Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null, rename = "Rejection"))]
struct Record {
    /// Public code.
    code: Code,
    /// Law clause (`""`, [`Law::NoClause`], for an input error).
    law: Law,
    /// Human-readable English text.
    message: String,
}

impl From<Record> for Rejection {
    fn from(r: Record) -> Rejection {
        if r.code.is_input() {
            Rejection::Input(InputError {
                code: r.code,
                message: r.message,
            })
        } else {
            Rejection::Refused(Refusal {
                code: r.code,
                law: r.law,
                message: r.message.into(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_keeps_its_law_and_an_input_error_cites_none_once_rejected() {
        let r = Rejection::from(Refusal::new(Code::AuctionOver, "over").citing(Law::L39));
        assert!(matches!(r, Rejection::Refused(_)));
        assert_eq!(
            (r.code(), r.law(), r.is_input_error()),
            (Code::AuctionOver, Law::L39, false)
        );
        let r = Rejection::from(InputError::limit_reached("full"));
        assert!(matches!(r, Rejection::Input(_)));
        assert_eq!(
            (r.code(), r.law(), r.is_input_error()),
            (Code::LimitReached, Law::NoClause, true)
        );
    }

    #[cfg(feature = "json")]
    #[test]
    fn a_rejection_is_written_and_read_as_the_record_code_law_message() {
        let refused = Rejection::from(Refusal::new(Code::AuctionOver, "over").citing(Law::L39));
        let input = Rejection::from(InputError::bad_input("not JSON"));
        for (r, json) in [
            (&refused, r#"{"code":"AUCTION_OVER","law":"39","message":"over"}"#),
            (&input, r#"{"code":"BAD_INPUT","law":"","message":"not JSON"}"#),
        ] {
            assert_eq!(serde_json::to_string(r).expect("written"), json);
            assert_eq!(&serde_json::from_str::<Rejection>(json).expect("read"), r);
        }
    }

    #[test]
    fn a_prefix_goes_before_the_message_and_keeps_the_kind() {
        let r = Rejection::from(Refusal::new(Code::AuctionOver, "over")).at_action(3);
        assert_eq!((r.message(), r.is_input_error()), ("action 3: over", false));
        let r = Rejection::from(InputError::bad_input("odd")).at_action(0);
        assert_eq!((r.message(), r.is_input_error()), ("action 0: odd", true));
    }
}
