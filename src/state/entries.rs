//! What the irregularities' box records: bars, offers, notes, requests, changes, recalls,
//! questions for the Director, rulings on artificial calls, comparable-call
//! questions, the rectification pending and the aftermath of a cancelled call.

use serde::Serialize;

use crate::action::RulingOn;
use crate::auction::Contract;
use crate::call::{Call, Seat, Side, Strain};
use crate::law::Law;

use super::CallId;

/// A Law 21B1 right to change one's last call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangeOffer {
    /// Who may change.
    pub seat: Seat,
    /// Record id of the call that may be changed.
    pub call: CallId,
}

/// A player's private note that partner's explanation was mistaken (L20F5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartnerNote {
    /// Who noted it.
    pub seat: Seat,
    /// Record id of the call whose explanation was wrong.
    pub call: CallId,
    /// Corrected since.
    pub corrected: bool,
}

/// A pending request to replace an unintended call (L25A).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UndoRequest {
    /// Who asked.
    pub seat: Seat,
    /// Record id of the call to replace.
    pub call: CallId,
    /// The intended call.
    pub replacement: Call,
}

/// An accepted Law 21B change that awaits the Director's review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangeForReview {
    /// Who changed.
    pub seat: Seat,
    /// Record id of the withdrawn call.
    pub original: CallId,
    /// Record id of the new call.
    pub replacement: CallId,
    /// The Director's ruling, once given.
    pub allowed: Option<bool>,
    /// The contract of the original auction, if it had ended before the change.
    pub contract_before: Option<Contract>,
}

/// LHO's call cancelled when a call before it was replaced or changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Recall {
    /// LHO, who calls again.
    pub seat: Seat,
    /// Record id of his cancelled call.
    pub cancelled: CallId,
    /// The side for which the cancelled call is unauthorized.
    pub offending: Side,
}

/// A question the Director must answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpenRuling {
    /// What is asked.
    pub on: RulingOn,
    /// Record id of the call concerned.
    pub call: CallId,
}

/// The Director's ruling that a call was artificial, or natural (L29C, L30C, L26B).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArtificialCall {
    /// Record id of the call.
    pub call: CallId,
    /// Artificial, or natural.
    pub artificial: bool,
    /// The denominations it specified: the Director's list for an artificial call, the
    /// named strain for a natural bid.
    pub specified: Vec<Strain>,
}

/// A withdrawn call whose replacement the Director may rule comparable (L23A): what such
/// a ruling undoes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The offender.
    pub offender: Seat,
    /// Record id of the withdrawn (cancelled) call.
    pub withdrawn: CallId,
    /// Record id of the replacement, once made.
    pub replacement: Option<CallId>,
    /// The law branch applied while the replacement is presumed not comparable.
    pub law: Law,
    /// Strains the withdrawn call specified, when the Director stated them (L27B1a, L29C).
    pub specified: Option<Vec<Strain>>,
}
