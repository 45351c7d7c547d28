//! Refusals: a well-formed action that a law does not allow now.

use std::borrow::Cow;
use std::fmt;

use super::Code;
use crate::law::Law;

/// A well-formed action refused under a law: what every procedure (`src/procedure/*`)
/// returns when it does not accept an action. The table is unchanged.
///
/// Its code is never an input code ([`Code::is_input`]): malformed input is refused before
/// any procedure runs, as an [`InputError`](super::InputError).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Public code.
    pub code: Code,
    /// The clause that refuses the action.
    pub law: Law,
    /// Human-readable English text (a fixed text is not copied: refusals are also asked
    /// for by the view's predicates, many per view).
    pub message: Cow<'static, str>,
}

impl Refusal {
    /// A refusal with the code's own law.
    pub fn new(code: Code, message: impl Into<Cow<'static, str>>) -> Refusal {
        debug_assert!(!code.is_input(), "{code} reports malformed input, not a refusal");
        Refusal {
            code,
            law: code.law(),
            message: message.into(),
        }
    }

    /// The same refusal citing a more precise clause.
    pub fn citing(mut self, law: Law) -> Refusal {
        self.law = law;
        self
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.law == Law::NoClause {
            write!(f, "{}: {}", self.code, self.message)
        } else {
            write!(f, "{} (Law {}): {}", self.code, self.law, self.message)
        }
    }
}

impl std::error::Error for Refusal {}

/// Shorthand for refusing an action under the code's law (`.citing` a more precise one).
pub fn refuse<T>(code: Code, message: impl Into<Cow<'static, str>>) -> Result<T, Refusal> {
    Err(Refusal::new(code, message))
}

/// Refusing an action under `law`, a more precise clause than the code's own.
pub fn refuse_citing<T>(law: Law, code: Code, message: impl Into<Cow<'static, str>>) -> Result<T, Refusal> {
    Err(Refusal::new(code, message).citing(law))
}
