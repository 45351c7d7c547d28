//! The pending decision as each viewer sees it (SPEC §6): what is pending, who is awaited,
//! and the actions each awaited party, and this viewer, may take.

use serde::{Deserialize, Serialize};

use crate::audience::Viewer;
use crate::board::Board;
use crate::call::{Call, Seat};
use crate::law::Law;
use crate::procedure;
use crate::regulation::{Regulation, Undo};
use crate::state::{CallId, Pending, State};

/// What a pending decision is about (shown in snake_case, e.g. `"insufficient_bid"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[non_exhaustive]
pub enum DecisionKind {
    /// L27A: LHO may accept an insufficient bid.
    InsufficientBid,
    /// L29: LHO (or the player whose turn it was) decides on a call out of rotation.
    OutOfRotation,
    /// L36: LHO decides on an inadmissible double or redouble.
    Inadmissible,
    /// L37: LHO decides on a barred player's call.
    BarredCall,
    /// L25B: LHO may accept an attempted change of call.
    ChangeOfCall,
    /// L27B, L36B, L25A1: the offender must replace a call.
    Replacement,
    /// L25A: a request to replace an unintended call.
    Undo,
}

/// An action that settles a pending decision (shown as its action type, e.g. `"accept"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[non_exhaustive]
pub enum Settle {
    /// `accept`: the entitled player accepts the irregular call.
    Accept,
    /// `decline`: the entitled player does not accept it.
    Decline,
    /// `call`: a call (accepting by calling over it, or the required replacement).
    Call,
    /// `ruling`: the Director rules.
    Ruling,
    /// `respond`: an opponent answers a request to replace a call.
    Respond,
}

/// A decision the table is waiting for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Decision {
    /// What is pending.
    pub kind: DecisionKind,
    /// The player whose call it concerns.
    pub seat: Seat,
    /// The call concerned.
    pub call: Call,
    /// Who must decide (`director` for a ruling).
    pub awaiting: Vec<String>,
    /// For each party awaited, only the actions that party may take (e.g. over a call out
    /// of rotation, LHO may accept or decline while the player whose turn it was may call).
    pub choices: Vec<Choice>,
    /// The actions open to this viewer (none when he is not awaited).
    pub options: Vec<Settle>,
    /// The engine's proposed replacement (L27B1a).
    pub suggested: Option<Call>,
    /// The law.
    pub law: Law,
}

/// What one awaited party may do about a pending decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Choice {
    /// A seat, or `director`.
    pub by: String,
    /// The actions that settle the decision which this party may take.
    pub options: Vec<Settle>,
}

impl Choice {
    fn new(by: impl ToString, options: &[Settle]) -> Choice {
        Choice {
            by: by.to_string(),
            options: options.to_vec(),
        }
    }
}

/// The pending decision as `viewer` sees it: who is awaited, what each may do, and what
/// the viewer himself may do.
pub(super) fn decision(board: &Board, st: &State, reg: &Regulation, viewer: Viewer) -> Option<Decision> {
    let (kind, seat, call, choices, suggested, law) = pending_choices(board, st, reg)?;
    let me = match viewer {
        Viewer::Seat(s) => Some(s.to_string()),
        Viewer::Director => Some("director".to_string()),
        Viewer::Spectator => None,
    };
    let options = choices
        .iter()
        .find(|c| me.as_deref() == Some(c.by.as_str()))
        .map(|c| c.options.clone())
        .unwrap_or_default();
    Some(Decision {
        kind,
        seat,
        call,
        awaiting: choices.iter().map(|c| c.by.clone()).collect(),
        choices,
        options,
        suggested,
        law,
    })
}

type PendingChoices = (DecisionKind, Seat, Call, Vec<Choice>, Option<Call>, Law);

/// What is pending and, for each party awaited, only what that party may do.
fn pending_choices(board: &Board, st: &State, reg: &Regulation) -> Option<PendingChoices> {
    use Settle::{Accept, Call as CallOver, Decline, Respond, Ruling};
    if let Some(u) = st.undo().request() {
        let r = st.auction().call(u.call)?;
        // Who decides depends on the undo policy: an opponent's consent (either one, L25A
        // as applied online), or the Director.
        let choices = match reg.undo {
            Undo::Director => vec![Choice::new("director", &[Ruling])],
            _ => vec![
                Choice::new(u.seat.lho(), &[Respond]),
                Choice::new(u.seat.rho(), &[Respond]),
            ],
        };
        return Some((
            DecisionKind::Undo,
            u.seat,
            r.call,
            choices,
            Some(u.replacement),
            Law::L25A,
        ));
    }
    let p = st.rectification().pending()?;
    let offender = |id: CallId| st.auction().call(id).map(|r| (r.seat, r.call));
    Some(match p {
        Pending::InsufficientBid { call, .. } => {
            let (seat, c) = offender(*call)?;
            // L27A1: LHO accepts, declines, or accepts by calling over it. After a premature
            // replacement (L27C) he still accepts or declines; he calls over the replacement
            // only where it would stand as it is (the rule `apply` uses).
            let choices = if procedure::insufficient::lho_may_call(st) {
                vec![Choice::new(seat.lho(), &[Accept, Decline, CallOver])]
            } else {
                vec![Choice::new(seat.lho(), &[Accept, Decline])]
            };
            (DecisionKind::InsufficientBid, seat, c, choices, None, Law::L27A)
        }
        Pending::OutOfRotation { call, due, .. } => {
            let (seat, c) = offender(*call)?;
            // L29A: LHO may accept or not; the player whose turn it was, an opponent, calls
            // in turn (L28B) — when that is LHO himself, his call's intent decides.
            let choices = if *due == seat.lho() {
                vec![Choice::new(seat.lho(), &[Accept, Decline, CallOver])]
            } else if *due == seat.partner() {
                // L28B needs an opponent's call out of rotation: the offender's partner
                // waits for LHO's decision (his call is `RECTIFICATION_PENDING`).
                vec![Choice::new(seat.lho(), &[Accept, Decline])]
            } else {
                vec![
                    Choice::new(seat.lho(), &[Accept, Decline]),
                    Choice::new(*due, &[CallOver]),
                ]
            };
            (DecisionKind::OutOfRotation, seat, c, choices, None, Law::L29)
        }
        Pending::Inadmissible { call } | Pending::BarredCall { call } => {
            let (seat, c) = offender(*call)?;
            let inadmissible = matches!(p, Pending::Inadmissible { .. });
            // L36, L37: never acceptable; LHO calls over it or has it cancelled.
            let choices = vec![Choice::new(seat.lho(), &[Decline, CallOver])];
            let (kind, law) = if inadmissible {
                (DecisionKind::Inadmissible, Law::L36)
            } else {
                (DecisionKind::BarredCall, Law::L37)
            };
            (kind, seat, c, choices, None, law)
        }
        Pending::ChangeOfCall { call, .. } => {
            let (seat, c) = offender(*call)?;
            // L25B1: LHO may accept the changed call, by calling over it too unless the
            // change ends the auction (his call would follow the final pass; he accepts with
            // `accept`). Not judged by `legal_calls`, which is empty too when the call he
            // owes is a forced repeat that is no longer regular (L31A1): he still makes it.
            let lho = seat.lho();
            let choices = if procedure::calls::change_would_end_auction(board, st) {
                vec![Choice::new(lho, &[Accept, Decline])]
            } else {
                vec![Choice::new(lho, &[Accept, Decline, CallOver])]
            };
            (DecisionKind::ChangeOfCall, seat, c, choices, None, Law::L25B)
        }
        Pending::Replacement {
            seat,
            withdrawn,
            law,
            suggested,
            ..
        } => {
            let (_, c) = offender(*withdrawn)?;
            let choices = vec![Choice::new(*seat, &[CallOver])];
            (
                DecisionKind::Replacement,
                *seat,
                c,
                choices,
                suggested.map(Call::Bid),
                *law,
            )
        }
    })
}
