//! Warnings: what the table is told about an accepted action, citing its law.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use super::Code;
use crate::audience::Audience;
use crate::call::{Call, Seat};
use crate::law::Law;

/// How serious a warning is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum Severity {
    /// An irregularity was committed.
    Infraction,
    /// Something a player must be careful about (e.g. unauthorized information).
    Caution,
    /// A duty or right that arises now.
    Reminder,
    /// For information.
    Info,
}

/// A warning given to the table, citing its law.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub struct Warning {
    /// Public code.
    pub code: Code,
    /// Law clause, e.g. "27B2".
    pub law: Law,
    /// How serious it is.
    pub severity: Severity,
    /// Who is shown it.
    pub audience: Audience,
    /// The player it concerns: the one it is addressed to, or the offender (so that the
    /// Director's ledger says whose it is).
    pub seat: Option<Seat>,
    /// Human-readable English text (a fixed message is not copied).
    #[cfg_attr(feature = "wasm", tsify(type = "string"))]
    pub message: Cow<'static, str>,
    /// The call it is about, for a warning about one call (an irregular call, a late alert,
    /// a withdrawn call); absent otherwise. With `seat`, what a message names ("South's 2♥").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub call: Option<Call>,
}

impl Warning {
    /// A warning with the code's own law, concerning the player it is addressed to when it
    /// is addressed to one.
    pub fn new(code: Code, severity: Severity, audience: Audience, message: impl Into<Cow<'static, str>>) -> Warning {
        debug_assert!(!code.is_input(), "{code} reports malformed input, not a warning");
        Warning {
            code,
            law: code.law(),
            severity,
            audience,
            seat: audience.only_seat(),
            message: message.into(),
            call: None,
        }
    }

    /// The same warning concerning `seat` (e.g. the offender of an infraction).
    pub fn concerning(mut self, seat: Seat) -> Warning {
        self.seat = Some(seat);
        self
    }

    /// The same warning about `call` (one call: irregular, alerted late, withdrawn).
    pub fn about(mut self, call: Call) -> Warning {
        self.call = Some(call);
        self
    }

    /// The same warning citing a more precise clause.
    pub fn citing(mut self, law: Law) -> Warning {
        self.law = law;
        self
    }
}
