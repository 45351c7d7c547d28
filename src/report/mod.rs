//! What the engine tells the table, each with its law: public [`Code`]s and three kinds of
//! report.
//!
//! - [`InputError`] — *malformed input* (`BAD_INPUT`) or a limit of this software
//!   (`LIMIT_REACHED`): returned by parsing (`Action::from_json`, `Table::from_json`,
//!   options), by `Action::validate` and by the board's limits, before any law is asked.
//!   It cites no clause ([`Law::NoClause`](crate::law::Law::NoClause)).
//! - [`Refusal`] — *a well-formed action refused under a law*: the only error the
//!   procedures (`src/procedure/*`, `src/play.rs`) return, built with [`refuse`] or
//!   [`Refusal::new`] and citing the clause that refuses (`.citing(Law::L25A5)`).
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
pub use refusal::{refuse, Refusal};
pub use warning::{Severity, Warning};

use crate::law::Law;

/// Why an action was refused, as the actor is shown it: an [`InputError`] or a
/// [`Refusal`]. The table is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
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
            message: r.message,
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
