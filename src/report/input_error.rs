//! Input errors: text or values that are not an action, options or snapshot the engine
//! reads, and the limits of this software. No clause of the Laws is involved.

use std::fmt;

use super::Code;
use crate::law::Law;

/// Malformed input (`BAD_INPUT`) or a limit of this software (`LIMIT_REACHED`): what
/// parsing, validation and the board's limits return. It cites no clause
/// ([`Law::NoClause`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// `BAD_INPUT` or `LIMIT_REACHED` (an input code, [`Code::is_input`]).
    pub code: Code,
    /// Human-readable English text.
    pub message: String,
}

impl InputError {
    /// `BAD_INPUT`: not an action, options or snapshot of SPEC §3, or a value out of range.
    pub fn bad_input(message: impl Into<String>) -> InputError {
        InputError {
            code: Code::BadInput,
            message: message.into(),
        }
    }

    /// `LIMIT_REACHED`: the board has accepted as many actions, or as much text, as its
    /// regulation allows.
    pub fn limit_reached(message: impl Into<String>) -> InputError {
        InputError {
            code: Code::LimitReached,
            message: message.into(),
        }
    }

    /// The clause cited: none ([`Law::NoClause`]).
    pub const fn law(&self) -> Law {
        Law::NoClause
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for InputError {}
