//! What the engine tells the table, each with its law: public [`Code`]s and three kinds of
//! report.
//!
//! - [`InputError`] — *malformed input* (`BAD_INPUT`) or a limit of this software
//!   (`LIMIT_REACHED`): returned by parsing (`Action::from_json`, `Table::from_json`,
//!   options), by `Action::validate` and by the board's limits, before any law is asked.
//!   It cites no clause ([`Law::NoClause`]).
//! - [`Refusal`] — *a well-formed action refused under a law*: the only error the
//!   procedures (`src/procedure/*`) return, built with [`refuse`], [`refuse_citing`] or [`Refusal::new`] and
//!   citing the clause that refuses (`.citing(Law::L25A5)`).
//! - [`Warning`] — *an accepted action reported under a law*: an irregularity, a caution,
//!   a reminder, with its severity and audience.
//!
//! Which kind a code belongs to follows from the code: [`Code::is_input`] codes are input
//! errors; refusals and warnings never carry them (checked by debug assertions).
//!
//! Outward, both errors are a [`Rejection`] — the record `{code, law, message}` that
//! `Table::apply` returns in `Outcome::Rejected` and that JSON and JavaScript show as
//! `{ok: false, rejection: {code, law, message}}` (`law` is `""` for an input error).

mod code;
mod input_error;
mod refusal;
mod warning;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use code::Code;
pub use input_error::InputError;
pub use refusal::{refuse, refuse_citing, Refusal};
pub use warning::{Severity, Warning};

use crate::law::Law;

/// Why an action was refused, as the actor is shown it: an [`InputError`] or a
/// [`Refusal`]. The table is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub struct Rejection {
    /// Public code.
    pub code: Code,
    /// Law clause (`""`, [`Law::NoClause`], for an input error).
    pub law: Law,
    /// Human-readable English text.
    pub message: String,
}

impl Rejection {
    /// Whether the action was malformed input or over a limit ([`InputError`]) rather than
    /// refused under a law ([`Refusal`]).
    pub const fn is_input_error(&self) -> bool {
        self.code.is_input()
    }
}

impl From<InputError> for Rejection {
    fn from(e: InputError) -> Rejection {
        Rejection {
            code: e.code,
            law: e.law(),
            message: e.message,
        }
    }
}

impl From<Refusal> for Rejection {
    fn from(r: Refusal) -> Rejection {
        Rejection {
            code: r.code,
            law: r.law,
            message: r.message.into_owned(),
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.law == Law::NoClause {
            write!(f, "{}: {}", self.code, self.message)
        } else {
            write!(f, "{} (Law {}): {}", self.code, self.law, self.message)
        }
    }
}

impl std::error::Error for Rejection {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_bad_input_and_limit_reached_are_input_codes() {
        let input: Vec<Code> = Code::ALL.iter().copied().filter(|c| c.is_input()).collect();
        assert_eq!(input, [Code::BadInput, Code::LimitReached]);
        assert!(input.iter().all(|c| c.law() == Law::NoClause));
    }

    #[test]
    fn a_refusal_keeps_its_law_and_an_input_error_cites_none_once_rejected() {
        let r = Rejection::from(Refusal::new(Code::AuctionOver, "over").citing(Law::L39));
        assert_eq!(
            (r.code, r.law, r.is_input_error()),
            (Code::AuctionOver, Law::L39, false)
        );
        let r = Rejection::from(InputError::limit_reached("full"));
        assert_eq!(
            (r.code, r.law, r.is_input_error()),
            (Code::LimitReached, Law::NoClause, true)
        );
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "not a refusal")]
    fn a_refusal_never_carries_an_input_code() {
        let _ = Refusal::new(Code::BadInput, "malformed");
    }
}
