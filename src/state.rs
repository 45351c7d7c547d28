//! The table's state: a fold of its action log. Records carry their audience; derived
//! facts (calls in force, turn, contract, roles) are computed here, never stored twice.

use serde::Serialize;
use std::num::NonZeroU32;
use std::sync::Arc;

use crate::action::{Intent, RulingOn};
use crate::auction::Contract;
use crate::audience::Audience;
use crate::call::{Bid, BySeat, Call, Seat, Side, Strain};
use crate::event::{BarKind, DisclosureKind};
use crate::law::Law;
use crate::play::PlayState;
use crate::store::clock::Clock;
use crate::store::seat_list::SeatList;
use crate::withdrawal::Withdrawal;

mod auction;
mod extra;
mod ids;
mod irregular;
mod periods;
mod reading;
mod rectification;

pub use auction::Auction;
use auction::AuctionMark;
pub use extra::Extra;
pub use ids::{CallId, CallIds, CallPos};
pub use irregular::Irregular;

/// The period of the board (Law 17, SPEC §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
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
    pub withdrawn: Option<(Law, Withdrawal)>,
    /// The first seat skipped when this call was accepted out of rotation (L29A, L17D3):
    /// the player whose turn it was (`skipped` lists them all).
    pub skipped_from: Option<Seat>,
    /// Made by the engine for a barred player.
    pub auto: bool,
    /// Who saw the call: everyone at the table.
    pub audience: Audience,
}

/// The record read by record id (a missing id is a bug: use `State::call` where it may be).
impl std::ops::Index<CallId> for [CallRecord] {
    type Output = CallRecord;

    fn index(&self, id: CallId) -> &CallRecord {
        &self[id.get()]
    }
}

impl CallRecord {
    /// The seats skipped when this call was accepted out of rotation, in rotation from the
    /// player whose turn it was (L29A, L17D3).
    pub fn skipped(&self) -> impl Iterator<Item = Seat> + '_ {
        let mut next = self.skipped_from;
        std::iter::from_fn(move || {
            let s = next?;
            next = Some(s.lho()).filter(|n| *n != self.seat);
            Some(s)
        })
    }
}

/// An alert, announcement, explanation or correction of one call.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DisclosureRecord {
    /// Record id of the call.
    pub call: CallId,
    /// Who disclosed.
    pub by: Seat,
    /// Alert, announcement, explanation or correction.
    pub kind: DisclosureKind,
    /// Whether it alerts the call.
    pub alert: bool,
    /// The text, if any (shared with the event that told it and every view that shows it).
    pub text: Option<Arc<str>>,
    /// Who may see it.
    pub audience: Audience,
    /// Replaced by a correction: kept for the Director only.
    pub superseded: bool,
    /// Number of calls in the record when it was given (for Law 21B).
    pub at_record_len: usize,
}

/// Writes a question's answerers as whether any has answered.
fn answered_by_any<S: serde::Serializer>(by: &Audience, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bool(by.seats_any())
}

/// A question about the opponents' calls (L20F).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuestionRecord {
    /// Who asked.
    pub asker: Seat,
    /// Who must answer.
    pub answerers: SeatList,
    /// Record id of the call asked about; `None` for the whole auction.
    pub call: Option<CallId>,
    /// The answerers who have answered it (written `answered`: whether any has).
    #[serde(rename = "answered", serialize_with = "answered_by_any")]
    pub answered_by: Audience,
    /// Who heard an answer to it: the audiences of its answers (L20F). A player who heard
    /// none does not learn that it was answered (under self-alerting, partner's answer
    /// goes to the opponents only).
    #[serde(skip)]
    pub heard_by: Audience,
    /// Who may see it.
    pub audience: Audience,
    /// Number of calls in the record when it was asked.
    pub at_record_len: usize,
}

impl QuestionRecord {
    /// Answered yet (by any of the answerers).
    pub fn answered(&self) -> bool {
        self.answered_by.seats_any()
    }
}

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

/// A Law 26B entitlement for declarer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeadRestrictionRecord {
    /// The offender.
    pub offender: Seat,
    /// The law under which it arose.
    pub law: Law,
    /// Strains the offender specified in the legal auction (not restrictable).
    pub specified: Vec<Strain>,
    /// Record id of the withdrawn call that gave rise to it (a comparable ruling on its
    /// replacement removes it, L26A).
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

/// Declarer's Law 26B choice for the opening lead (the `restrict_lead` action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LeadChoice {
    /// Declarer, who chose.
    pub declarer: Seat,
    /// The defender whose leads it binds: the opening leader, or the opening leader's
    /// partner at his first turn to lead in play (L26B).
    pub leader: Seat,
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
    pub withdrawn: CallId,
    /// Record id of the replacement, once made.
    pub replacement: Option<CallId>,
    /// The law branch applied while the replacement is presumed not comparable.
    pub law: Law,
    /// Strains the withdrawn call specified, when the Director stated them (L27B1a, L29C).
    pub specified: Option<Vec<Strain>>,
}

/// The rectification state just before a seat's latest call action: what a Law 25A
/// replacement (or an L21B change) of that call restores, so that the intended call is
/// itself subject to the appropriate law as if the replaced call had never been made
/// (L25A1, Kooijman on L25A6).
///
/// The state keeps its two marks (`CallStart`, 8 bytes a seat, copied with an action's
/// checkpoint) and, only while a rectification was in progress then, the rectification in the
/// irregularities' box (`Irregular::before_call`); `State::before_call` puts them together.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BeforeCall {
    /// Where the call action began.
    start: CallStart,
    /// The rectification then in progress; none when nothing was, as before nearly every
    /// call.
    pub rectification: Option<Box<Rectification>>,
}

/// Where a seat's latest call action began: the record's and the status log's lengths then.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
struct CallStart {
    /// One more than the length of the record when the call action began (`from`: the calls
    /// it made have ids from there): never zero, so that a seat without one costs nothing
    /// more (`Option<CallStart>` is 8 bytes). 32 bits, as the table's stream marks: no board
    /// holds 2^32 calls.
    from_plus_one: NonZeroU32,
    /// Length of the status log then: the changes since, to earlier calls, are undone (the
    /// action may settle one: an insufficient bid accepted by LHO's call or withdrawn by the
    /// offender's, a call out of rotation cancelled by the call in turn).
    status_mark: u32,
}

impl BeforeCall {
    /// The record id of the first call the call action made.
    pub fn from(&self) -> CallId {
        CallId::new(self.start.from_plus_one.get() as usize - 1)
    }

    /// The bar on `seat` then.
    pub fn bar(&self, seat: Seat) -> Option<&Bar> {
        self.rectification.as_ref().and_then(|r| r.bars.get(seat).as_ref())
    }
}

/// The rectification state a Law 25A replacement (or an L21B change) puts back (see
/// `BeforeCall`); the default is "nothing in progress".
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Rectification {
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
        call: CallId,
        /// Record id of the first insufficient bid of this episode (differs from `call`
        /// for an insufficient replacement, L27B4).
        first: CallId,
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

/// The whole state of the table: its parts, and what belongs to no one part (the period,
/// the contract, the play, the clock, where each seat's latest call action began).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Period.
    phase: Phase,
    /// Every call made, the calls in force and their summary.
    #[serde(flatten)]
    auction: Auction,
    /// The status changes, disclosures and questions: absent until the board's first (a
    /// plain auction has none).
    #[serde(flatten)]
    extra: Option<Box<Extra>>,
    /// Bars, rectifications, offers and questions for the Director: absent until the
    /// board's first irregularity or ruling, and again once none is left.
    irregular: Irregular,
    /// Declarer's L26B choice for the opening lead, once made (reset when the auction
    /// ends again after a reopening).
    lead_choice: Option<LeadChoice>,
    /// The contract fixed when the auction ended.
    contract: Option<Contract>,
    /// Opening lead and card play (boxed: none until the opening lead).
    play: Option<Box<PlayState>>,
    /// Client clock of the last call, for tempo.
    last_clock: Clock,
    /// By seat: where his latest call action began (L25A, L21B); the rectification in
    /// progress then, if there was one, is in the irregularities' box (`before_call` puts
    /// the two together).
    before_call: BySeat<Option<CallStart>>,
}

impl State {
    /// A fresh table with `dealer` to call first.
    pub fn new(dealer: Seat) -> State {
        State {
            phase: Phase::Auction,
            auction: Auction::new(dealer),
            extra: None,
            irregular: Irregular::default(),
            lead_choice: None,
            contract: None,
            play: None,
            last_clock: Clock::NONE,
            before_call: BySeat::default(),
        }
    }

    /// Starts applying an action: what it changes can be undone by `rollback`. The lists
    /// that grow with the board are journaled; the rest (bounded by the Laws, not by the
    /// length of the auction) is copied, field by field: the destructuring names every
    /// field, so a new one must be placed on one side or the other.
    pub fn begin(&mut self) -> Checkpoint {
        let State {
            phase,
            auction,
            extra,
            irregular,
            lead_choice,
            contract,
            play,
            last_clock,
            before_call,
        } = self;
        let auction = auction.begin();
        if let Some(extra) = extra {
            extra.begin();
        }
        Checkpoint {
            auction,
            phase: *phase,
            irregular: irregular.clone(),
            lead_choice: *lead_choice,
            contract: *contract,
            play: play.clone(),
            last_clock: *last_clock,
            // 32 bytes (the rectifications they go with are in the irregularities' box).
            before_call: *before_call,
        }
    }

    /// Keeps what the action changed.
    pub fn commit(&mut self) {
        self.irregular.tidy();
        self.auction.commit();
        if let Some(extra) = &mut self.extra {
            extra.begin();
        }
    }

    /// Undoes everything the action changed.
    pub fn rollback(&mut self, cp: Checkpoint) {
        if let Some(extra) = &mut self.extra {
            extra.rollback();
        }
        // Made by the refused action: it goes with it.
        self.tidy();
        let Checkpoint {
            auction,
            phase,
            irregular,
            lead_choice,
            contract,
            play,
            last_clock,
            before_call,
        } = cp;
        self.auction.rollback(auction);
        self.phase = phase;
        self.irregular = irregular;
        self.lead_choice = lead_choice;
        self.contract = contract;
        self.play = play;
        self.last_clock = last_clock;
        self.before_call = before_call;
    }

    /// Makes room for `calls` more calls without reallocating.
    pub fn reserve(&mut self, calls: usize) {
        self.auction.reserve(calls);
    }

    /// Drops the box for disclosures and questions while it holds none (room made ahead that
    /// nothing used, or made by a refused action).
    pub fn tidy(&mut self) {
        if self.extra.as_deref().is_some_and(Extra::is_empty) {
            self.extra = None;
        }
    }

    /// The auction: every call made, the calls in force and their summary.
    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The auction, to record a call (a status changes only through the state, which logs
    /// it: `put_in_force`, `withdraw`).
    pub fn auction_mut(&mut self) -> &mut Auction {
        &mut self.auction
    }

    /// The disclosures, questions and status changes (none, read from one shared empty
    /// value, on a plain auction).
    pub fn extra(&self) -> &Extra {
        self.extra.as_deref().unwrap_or(&extra::NONE)
    }

    /// The disclosures, questions and status changes, to add one (the box is made at the
    /// first).
    pub fn extra_mut(&mut self) -> &mut Extra {
        self.extra.get_or_insert_default()
    }

    /// The disclosures, questions and status changes, to change one: none when there is
    /// none (changing nothing must not make the box).
    pub fn extra_if_any(&mut self) -> Option<&mut Extra> {
        self.extra.as_deref_mut()
    }

    /// The board's irregularities and rulings.
    pub fn irregular(&self) -> &Irregular {
        &self.irregular
    }

    /// The board's irregularities and rulings, to record, change or clear one.
    pub fn irregular_mut(&mut self) -> &mut Irregular {
        &mut self.irregular
    }
}

/// The state at the start of an action, but for the lists that grow with the board
/// (journaled, or rebuilt from them).
#[derive(Debug)]
pub struct Checkpoint {
    auction: AuctionMark,
    phase: Phase,
    irregular: Irregular,
    lead_choice: Option<LeadChoice>,
    contract: Option<Contract>,
    play: Option<Box<PlayState>>,
    last_clock: Clock,
    before_call: BySeat<Option<CallStart>>,
}

/// A change of a recorded call's status, with the status it replaced.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatusChange {
    /// Record id of the call.
    pub id: CallId,
    /// Its status before.
    pub status: Status,
    /// Its withdrawal before.
    pub withdrawn: Option<(Law, Withdrawal)>,
}
