//! What the irregularities' box records: bars, offers, notes, requests, changes, recalls,
//! questions for the Director, rulings on artificial calls, comparable-call
//! questions, the rectification pending and the aftermath of a cancelled call.

use serde::Serialize;

use crate::action::{Intent, RulingOn};
use crate::auction::Contract;
use crate::call::{Bid, Call, Seat, Side, Strain};
use crate::event::BarKind;
use crate::law::Law;

use super::CallId;

/// A bar on one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bar {
    /// Once or throughout.
    pub kind: BarKind,
    /// The law that imposed it.
    pub law: Law,
    /// Record id of the call whose comparability may still lift it (L23A ruling).
    pub lifted_if_comparable: Option<CallId>,
}

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

/// An irregularity whose rectification is pending (Laws 27–39).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// LHO may accept or decline an insufficient bid (L27A).
    InsufficientBid {
        /// Record id of the insufficient bid.
        call: CallId,
        /// Record id of the first insufficient bid of this episode (differs from `call`
        /// for an insufficient replacement, L27B4).
        first: CallId,
        /// Record id of the offender's replacement made before LHO decided (L27C),
        /// awaiting that decision: cancelled if LHO accepts the insufficient bid, else
        /// ruled as the replacement (L27B).
        #[serde(skip_serializing_if = "Option::is_none")]
        premature: Option<CallId>,
    },
    /// LHO may accept or decline a call out of rotation (L29).
    OutOfRotation {
        /// Record id of the call.
        call: CallId,
        /// Whose turn it was.
        due: Seat,
        /// The intent the Director ruled for the next call of `due` (L28B vs L29A).
        intent: Option<Intent>,
    },
    /// An inadmissible double or redouble awaits rectification (L36).
    Inadmissible {
        /// Record id of the double or redouble.
        call: CallId,
    },
    /// A barred player's bid, double or redouble awaits rectification (L37).
    BarredCall {
        /// Record id of the call.
        call: CallId,
    },
    /// An attempted change of an intended call, made at LHO's turn (L25B).
    ChangeOfCall {
        /// Record id of the attempted replacement.
        call: CallId,
        /// Record id of the call it would replace.
        original: CallId,
    },
    /// The offender must replace a withdrawn call (L27B, L36B, …).
    Replacement {
        /// The offender.
        seat: Seat,
        /// Record id of the withdrawn call.
        withdrawn: CallId,
        /// The law being applied.
        law: Law,
        /// The lowest sufficient bid in the same strain (L27B1a).
        suggested: Option<Bid>,
        /// Record id of the first insufficient bid of the episode (L27), if any.
        insufficient: Option<CallId>,
    },
}

/// After a cancelled call out of rotation: what the offender's next call decides (L30–L32).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Aftermath {
    /// The offender.
    pub seat: Seat,
    /// Record id of the cancelled call.
    pub cancelled: CallId,
    /// Law branch: "30B1b", "31A", "31B", "32A", "32B".
    pub law: Law,
    /// L31A1/L32A1: must repeat the call if RHO passes.
    pub repeat_if_rho_passes: bool,
    /// Intent of the player whose turn it was, if he called over it (L28B/L29A).
    pub intent: Option<Intent>,
}
