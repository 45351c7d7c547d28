//! The table's state: a fold of its action log. Records carry their audience; derived
//! facts (calls in force, turn, contract, roles) are computed here, never stored twice.

use serde::Serialize;

use crate::action::{Intent, RulingOn};
use crate::auction::{Contract, Entry};
use crate::audience::Audience;
use crate::board::Board;
use crate::call::{Bid, BySeat, Call, Seat, Side, Strain};
use crate::event::{BarKind, DisclosureKind, Event};
use crate::play::PlayState;
use crate::report::Warning;

/// The period of the board (Law 17, SPEC §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum Phase {
    /// First call to final pass.
    Auction,
    /// Final pass to the opening lead faced.
    Clarification,
    /// Opening lead faced to end of play.
    Play,
    /// Four passes; a Law 25 correction is possible until the hands are returned.
    PassedOut,
    /// Play over, or a passed-out board's hands returned.
    Ended,
}

/// How a call came to be in the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// In force.
    InForce,
    /// Made irregularly; the rectification is pending (not yet in force).
    Pending,
    /// Withdrawn or cancelled.
    Withdrawn,
}

/// Every call ever made on the board, in order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CallRecord {
    /// The caller.
    pub seat: Seat,
    /// The call.
    pub call: Call,
    /// In force, pending or withdrawn.
    pub status: Status,
    /// Law and reason of the withdrawal.
    pub withdrawn: Option<(String, String)>,
    /// Seats skipped when this call was accepted out of rotation (L29A, L17D3).
    pub skipped: Vec<Seat>,
    /// Made by the engine for a barred player.
    pub auto: bool,
    /// Who saw the call: everyone at the table.
    pub audience: Audience,
}

/// An alert, announcement, explanation or correction of one call.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DisclosureRecord {
    /// Record id of the call.
    pub call: usize,
    /// Who disclosed.
    pub by: Seat,
    /// Alert, announcement, explanation or correction.
    pub kind: DisclosureKind,
    /// Whether it alerts the call.
    pub alert: bool,
    /// The text, if any.
    pub text: Option<String>,
    /// Who may see it.
    pub audience: Audience,
    /// Replaced by a correction: kept for the Director only.
    pub superseded: bool,
    /// Number of calls in the record when it was given (for Law 21B).
    pub at_record_len: usize,
}

/// A question about the opponents' calls (L20F).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuestionRecord {
    /// Who asked.
    pub asker: Seat,
    /// Who must answer.
    pub answerers: Vec<Seat>,
    /// Record id of the call asked about; `None` for the whole auction.
    pub call: Option<usize>,
    /// Answered yet.
    pub answered: bool,
    /// Who may see it.
    pub audience: Audience,
    /// Number of calls in the record when it was asked.
    pub at_record_len: usize,
}

/// A bar on one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bar {
    /// Once or throughout.
    pub kind: BarKind,
    /// The law that imposed it.
    pub law: String,
    /// Record id of the call whose comparability may still lift it (L23A ruling).
    pub lifted_if_comparable: Option<usize>,
}

/// A Law 21B1 right to change one's last call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangeOffer {
    /// Who may change.
    pub seat: Seat,
    /// Record id of the call that may be changed.
    pub call: usize,
}

/// A player's private note that partner's explanation was mistaken (L20F5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartnerNote {
    /// Who noted it.
    pub seat: Seat,
    /// Record id of the call whose explanation was wrong.
    pub call: usize,
    /// Corrected since.
    pub corrected: bool,
}

/// A pending request to replace an unintended call (L25A).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UndoRequest {
    /// Who asked.
    pub seat: Seat,
    /// Record id of the call to replace.
    pub call: usize,
    /// The intended call.
    pub replacement: Call,
}

/// An accepted Law 21B change that awaits the Director's review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangeForReview {
    /// Who changed.
    pub seat: Seat,
    /// Record id of the withdrawn call.
    pub original: usize,
    /// Record id of the new call.
    pub replacement: usize,
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
    pub cancelled: usize,
    /// The side for which the cancelled call is unauthorized.
    pub offending: Side,
}

/// A question the Director must answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpenRuling {
    /// What is asked.
    pub on: RulingOn,
    /// Record id of the call concerned.
    pub call: usize,
}

/// A Law 26B entitlement for declarer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeadRestrictionRecord {
    /// The offender.
    pub offender: Seat,
    /// The law under which it arose.
    pub law: String,
    /// Strains the offender specified in the legal auction (not restrictable).
    pub specified: Vec<Strain>,
    /// Record id of the withdrawn call that gave rise to it (a comparable ruling on its
    /// replacement removes it, L26A).
    pub call: usize,
}

/// Declarer's Law 26B choice for the opening lead (the `restrict_lead` action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LeadChoice {
    /// Declarer, who chose.
    pub declarer: Seat,
    /// The suit named; none when declarer chose not to restrict the lead.
    pub suit: Option<Strain>,
    /// The suit is required (`require_or_prohibit`), not prohibited.
    pub require: bool,
}

/// A withdrawn call whose replacement the Director may rule comparable (L23A): what such
/// a ruling undoes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The offender.
    pub offender: Seat,
    /// Record id of the withdrawn (cancelled) call.
    pub withdrawn: usize,
    /// Record id of the replacement, once made.
    pub replacement: Option<usize>,
    /// The law branch applied while the replacement is presumed not comparable.
    pub law: String,
    /// Strains the withdrawn call specified, when the Director stated them (L27B1a, L29C).
    pub specified: Option<Vec<Strain>>,
}

/// The rectification state just before a seat's latest call action: what a Law 25A
/// replacement (or an L21B change) of that call restores, so that the intended call is
/// itself subject to the appropriate law as if the replaced call had never been made
/// (L25A1, Kooijman on L25A6).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BeforeCall {
    /// Length of the record when the call action began: the calls it made have ids from here.
    pub from: usize,
    /// The status then of each earlier call not withdrawn (the action may settle one: an
    /// insufficient bid accepted by LHO's call or withdrawn by the offender's, a call out
    /// of rotation cancelled by the call in turn).
    pub statuses: Vec<(usize, Status)>,
    /// The rectification then pending.
    pub pending: Option<Pending>,
    /// Bars then.
    pub bars: BySeat<Option<Bar>>,
    /// Comparable-call questions then (L23A).
    pub comparisons: Vec<Comparison>,
    /// The comparable-call rulings then awaited, oldest first.
    pub comparable_rulings: Vec<OpenRuling>,
    /// Law 26B entitlements then.
    pub lead_restrictions: Vec<LeadRestrictionRecord>,
    /// The aftermath of a cancelled call out of rotation then.
    pub aftermath: Option<Aftermath>,
    /// A call then forced (L31A1, L32A1).
    pub forced: Option<(Seat, Call)>,
    /// The L17D3 turn override then.
    pub turn_override: Option<Seat>,
}

/// An irregularity whose rectification is pending (Laws 27–39).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// LHO may accept or decline an insufficient bid (L27A).
    InsufficientBid {
        /// Record id of the insufficient bid.
        call: usize,
        /// Record id of the first insufficient bid of this episode (differs from `call`
        /// for an insufficient replacement, L27B4).
        first: usize,
    },
    /// LHO may accept or decline a call out of rotation (L29).
    OutOfRotation {
        /// Record id of the call.
        call: usize,
        /// Whose turn it was.
        due: Seat,
        /// The intent the Director ruled for the next call of `due` (L28B vs L29A).
        intent: Option<Intent>,
    },
    /// An inadmissible double or redouble awaits rectification (L36).
    Inadmissible {
        /// Record id of the double or redouble.
        call: usize,
    },
    /// A barred player's bid, double or redouble awaits rectification (L37).
    BarredCall {
        /// Record id of the call.
        call: usize,
    },
    /// An attempted change of an intended call, made at LHO's turn (L25B).
    ChangeOfCall {
        /// Record id of the attempted replacement.
        call: usize,
        /// Record id of the call it would replace.
        original: usize,
    },
    /// The offender must replace a withdrawn call (L27B, L36B, …).
    Replacement {
        /// The offender.
        seat: Seat,
        /// Record id of the withdrawn call.
        withdrawn: usize,
        /// The law being applied.
        law: String,
        /// The lowest sufficient bid in the same strain (L27B1a).
        suggested: Option<Bid>,
        /// Record id of the first insufficient bid of the episode (L27), if any.
        insufficient: Option<usize>,
    },
}

/// After a cancelled call out of rotation: what the offender's next call decides (L30–L32).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Aftermath {
    /// The offender.
    pub seat: Seat,
    /// Record id of the cancelled call.
    pub cancelled: usize,
    /// Law branch: "30B1b", "31A", "31B", "32A", "32B".
    pub law: String,
    /// L31A1/L32A1: must repeat the call if RHO passes.
    pub repeat_if_rho_passes: bool,
    /// Intent of the player whose turn it was, if he called over it (L28B/L29A).
    pub intent: Option<Intent>,
}

/// The whole state of the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Period.
    pub phase: Phase,
    /// Every call ever made.
    pub record: Vec<CallRecord>,
    /// Every disclosure.
    pub disclosures: Vec<DisclosureRecord>,
    /// Every question.
    pub questions: Vec<QuestionRecord>,
    /// Bars by seat.
    pub bars: BySeat<Option<Bar>>,
    /// Rectification in progress.
    pub pending: Option<Pending>,
    /// What the offender's next call decides after a cancelled call out of rotation.
    pub aftermath: Option<Aftermath>,
    /// A call the player must make (L31A1, L32A1).
    pub forced: Option<(Seat, Call)>,
    /// A pending Law 25A request.
    pub undo: Option<UndoRequest>,
    /// Law 21B1 offers.
    pub offers: Vec<ChangeOffer>,
    /// Law 21B changes awaiting the Director's review.
    pub changes: Vec<ChangeForReview>,
    /// Private notes of partner's mistaken explanations.
    pub notes: Vec<PartnerNote>,
    /// Questions for the Director.
    pub open_rulings: Vec<OpenRuling>,
    /// Law 26B entitlements.
    pub lead_restrictions: Vec<LeadRestrictionRecord>,
    /// Declarer's L26B choice for the opening lead, once made (reset when the auction
    /// ends again after a reopening).
    pub lead_choice: Option<LeadChoice>,
    /// Replacements the Director may still rule comparable (L23A).
    pub comparisons: Vec<Comparison>,
    /// The seat due to call when it is not the next in rotation (L17D3 revert).
    pub turn_override: Option<Seat>,
    /// A call cancelled by an earlier change (L25A6, L21B2) whose L16C entries wait for its
    /// caller to call again: none if he repeats it.
    pub recall: Option<Recall>,
    /// The contract fixed when the auction ended.
    pub contract: Option<Contract>,
    /// Opening lead and card play.
    pub play: Option<PlayState>,
    /// Every event, with its audience.
    pub feed: Vec<Event>,
    /// Every warning, with its audience.
    pub warnings: Vec<Warning>,
    /// Client clock of the last call, for tempo.
    pub last_clock: Option<f64>,
    /// By seat: the rectification state before his latest call action (L25A, L21B).
    pub before_call: BySeat<Option<BeforeCall>>,
}

impl State {
    /// A fresh table.
    pub fn new() -> State {
        State {
            phase: Phase::Auction,
            record: Vec::new(),
            disclosures: Vec::new(),
            questions: Vec::new(),
            bars: BySeat::default(),
            pending: None,
            aftermath: None,
            forced: None,
            undo: None,
            offers: Vec::new(),
            changes: Vec::new(),
            notes: Vec::new(),
            open_rulings: Vec::new(),
            lead_restrictions: Vec::new(),
            lead_choice: None,
            comparisons: Vec::new(),
            turn_override: None,
            recall: None,
            contract: None,
            play: None,
            feed: Vec::new(),
            warnings: Vec::new(),
            last_clock: None,
            before_call: BySeat::default(),
        }
    }

    /// Record ids of the calls in force, in order.
    pub fn in_force_ids(&self) -> Vec<usize> {
        self.record
            .iter()
            .enumerate()
            .filter(|(_, r)| r.status == Status::InForce)
            .map(|(i, _)| i)
            .collect()
    }

    /// The calls in force.
    pub fn in_force(&self) -> Vec<Entry> {
        self.record
            .iter()
            .filter(|r| r.status == Status::InForce)
            .map(|r| Entry {
                seat: r.seat,
                call: r.call,
            })
            .collect()
    }

    /// The record id of call `index` among the calls in force.
    pub fn record_id(&self, index: usize) -> Option<usize> {
        self.in_force_ids().get(index).copied()
    }

    /// The index among the calls in force of record `id`.
    pub fn index_of(&self, id: usize) -> Option<usize> {
        self.in_force_ids().iter().position(|i| *i == id)
    }

    /// The seat due to call in rotation (the auction period only).
    pub fn rotation(&self, board: &Board) -> Seat {
        // L17B–C: LHO of the last call in force, dealer first (without collecting them).
        let last = self.record.iter().rev().find(|r| r.status == Status::InForce);
        last.map_or(board.dealer, |r| r.seat.lho())
    }

    /// The last call in force by `seat`, as a record id.
    pub fn last_call_of(&self, seat: Seat) -> Option<usize> {
        self.in_force_ids()
            .into_iter()
            .rev()
            .find(|i| self.record[*i].seat == seat)
    }

    /// Whether `seat` has made a call in force after record `id`.
    pub fn called_since(&self, seat: Seat, id: usize) -> bool {
        self.in_force_ids()
            .into_iter()
            .any(|i| i > id && self.record[i].seat == seat)
    }

    /// The presumed declarer, once the auction has ended.
    pub fn declarer(&self) -> Option<Seat> {
        self.contract.map(|c| c.declarer)
    }

    /// Whether `seat` is a presumed defender.
    pub fn is_defender(&self, seat: Seat) -> bool {
        self.contract.is_some_and(|c| c.side() != seat.side())
    }

    /// Whether `seat` is the presumed dummy.
    pub fn is_dummy(&self, seat: Seat) -> bool {
        self.contract.is_some_and(|c| c.dummy() == seat)
    }

    /// The record id of the call a pending rectification is about (the irregular call, or
    /// the withdrawn call awaiting its replacement).
    pub fn pending_call(&self) -> Option<usize> {
        match self.pending.as_ref()? {
            Pending::InsufficientBid { call, .. }
            | Pending::OutOfRotation { call, .. }
            | Pending::Inadmissible { call }
            | Pending::BarredCall { call }
            | Pending::ChangeOfCall { call, .. } => Some(*call),
            Pending::Replacement { withdrawn, .. } => Some(*withdrawn),
        }
    }

    /// When record `id` is withdrawn and every call after it cancelled (L21B1, L25A): the
    /// turn the auction had reverted to (L17D3) no longer applies, and a rectification
    /// pending on a later call lapses with the calls it was made over.
    pub fn forget_turn_and_rectification_after(&mut self, id: usize) {
        self.turn_override = None;
        if self.pending_call().is_some_and(|p| p > id) {
            self.pending = None;
        }
    }

    /// Whether the auction period (auction and clarification) lasts (L17D).
    pub fn in_auction_period(&self) -> bool {
        matches!(self.phase, Phase::Auction | Phase::Clarification | Phase::PassedOut)
    }
}

impl Default for State {
    fn default() -> State {
        State::new()
    }
}
