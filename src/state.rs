//! The table's state: a fold of its action log. Records carry their audience; derived
//! facts (calls in force, turn, contract, roles) are computed here, never stored twice.

use serde::Serialize;
use std::num::NonZeroU32;
use std::sync::Arc;

use crate::action::{Intent, RulingOn};
use crate::auction::{Contract, Entry, Summary};
use crate::audience::Audience;
use crate::call::{Bid, BySeat, Call, Seat, Side, Strain};
use crate::event::{BarKind, DisclosureKind};
use crate::law::Law;
use crate::play::PlayState;
use crate::store::clock::Clock;
use crate::store::counting::{narrow, CountingList};
use crate::store::journal::Journaled;
use crate::store::seat_list::SeatList;
use crate::withdrawal::Withdrawal;

mod changes;
mod ids;
mod irregular;
mod reading;
mod rectification;

pub use ids::{CallId, CallIds, CallPos};
use irregular::Irregular;

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

/// What a plain auction never has: changes of a recorded call's status, disclosures and
/// questions (the state keeps it boxed and absent until the first of them).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
struct Extra {
    /// Every change of a recorded call's status, with what it was before: what a Law 25A
    /// replacement puts back (see `BeforeCall`).
    status_log: Journaled<StatusChange>,
    /// Every disclosure.
    disclosures: Journaled<DisclosureRecord>,
    /// Every question.
    questions: Journaled<QuestionRecord>,
}

impl Extra {
    /// Starts a new journal in each list (see `Journaled::begin`).
    fn begin(&mut self) {
        self.status_log.begin();
        self.disclosures.begin();
        self.questions.begin();
    }

    /// Puts each list back as it was at `begin`.
    fn rollback(&mut self) {
        self.status_log.rollback();
        self.disclosures.rollback();
        self.questions.rollback();
    }

    /// Whether every list is empty.
    fn is_empty(&self) -> bool {
        self.status_log.is_empty() && self.disclosures.is_empty() && self.questions.is_empty()
    }
}

/// The whole state of the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Period.
    phase: Phase,
    /// Every call ever made (read with `record`, changed through the methods below so the
    /// calls in force stay known).
    record: Journaled<CallRecord>,
    /// Record ids of the calls in force, ascending (kept with `record`; 32 bits each).
    #[serde(skip)]
    in_force_ids: CountingList,
    /// The calls in force, summarized for legality, rotation and the end of the auction
    /// (kept with `record`).
    #[serde(skip)]
    summary: Summary,
    /// The status changes, disclosures and questions: absent until the board's first (a
    /// plain auction has none).
    #[serde(flatten)]
    extra: Option<Box<Extra>>,
    /// The caches were rebuilt during the current action (a rollback rebuilds them again).
    #[serde(skip)]
    rebuilt: bool,
    /// Bars, rectifications, offers and questions for the Director: absent until the
    /// board's first irregularity or ruling, and again once none is left (see `irregular`).
    irregular: Option<Box<Irregular>>,
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
            record: Journaled::default(),
            in_force_ids: CountingList::counting_from(0),
            summary: Summary::new(dealer),
            extra: None,
            rebuilt: false,
            irregular: None,
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
            record,
            in_force_ids,
            summary,
            extra,
            rebuilt,
            irregular,
            lead_choice,
            contract,
            play,
            last_clock,
            before_call,
        } = self;
        record.begin();
        if let Some(extra) = extra {
            extra.begin();
        }
        *rebuilt = false;
        Checkpoint {
            in_force_len: in_force_ids.len(),
            summary: *summary,
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
        if self.irregular.as_deref().is_some_and(Irregular::is_none) {
            self.irregular = None;
        }
        self.record.commit();
        if let Some(extra) = &mut self.extra {
            extra.begin();
        }
        self.rebuilt = false;
    }

    /// Undoes everything the action changed.
    pub fn rollback(&mut self, cp: Checkpoint) {
        self.record.rollback();
        if let Some(extra) = &mut self.extra {
            extra.rollback();
        }
        // Made by the refused action: it goes with it.
        self.tidy();
        let Checkpoint {
            in_force_len,
            summary,
            phase,
            irregular,
            lead_choice,
            contract,
            play,
            last_clock,
            before_call,
        } = cp;
        self.phase = phase;
        self.irregular = irregular;
        self.lead_choice = lead_choice;
        self.contract = contract;
        self.play = play;
        self.last_clock = last_clock;
        self.before_call = before_call;
        if self.rebuilt {
            self.rebuild_in_force();
        } else {
            // Only calls pushed in force by the action: they go.
            self.in_force_ids.truncate(in_force_len);
            self.summary = summary;
        }
        self.rebuilt = false;
    }

    /// Makes room for `calls` more calls without reallocating.
    pub fn reserve(&mut self, calls: usize) {
        // (The ids of the calls in force are a count until a call leaves force.)
        self.record.reserve(calls);
    }

    /// Makes room for `n` more disclosures (a replay that knows its calls disclose).
    pub fn reserve_disclosures(&mut self, n: usize) {
        if n > 0 {
            self.extra_mut().disclosures.reserve(n);
        }
    }

    /// Drops the box for disclosures and questions while it holds none (room made ahead that
    /// nothing used, or made by a refused action).
    pub fn tidy(&mut self) {
        if self.extra.as_deref().is_some_and(Extra::is_empty) {
            self.extra = None;
        }
    }

    /// The board's irregularities and rulings (none, read from one shared empty value, on
    /// a regular board).
    fn irr(&self) -> &Irregular {
        self.irregular.as_deref().unwrap_or(&irregular::NONE)
    }

    /// The board's irregularities and rulings, to record one: the box is made at the
    /// first (a checkpoint then copies it; `commit` drops it again once it is empty).
    fn irr_mut(&mut self) -> &mut Irregular {
        self.irregular.get_or_insert_with(Irregular::boxed)
    }

    /// The board's irregularities and rulings, to change or clear one: none when there is
    /// none (clearing nothing must not make the box).
    fn irr_if_any(&mut self) -> Option<&mut Irregular> {
        self.irregular.as_deref_mut()
    }

    /// The rectification state before `seat`'s latest call action.
    pub fn before_call(&self, seat: Seat) -> Option<BeforeCall> {
        let start = (*self.before_call.get(seat))?;
        Some(BeforeCall {
            start,
            rectification: self.irr().before_call.get(seat).clone(),
        })
    }

    /// Every call ever made, in order (ids are positions).
    pub fn record(&self) -> &[CallRecord] {
        &self.record
    }

    /// The record of call `id`, if made.
    pub fn call(&self, id: CallId) -> Option<&CallRecord> {
        self.record.get(id.get())
    }

    /// Every call ever made, with its record id.
    pub fn calls_with_ids(&self) -> impl DoubleEndedIterator<Item = (CallId, &CallRecord)> + '_ {
        self.record.iter().enumerate().map(|(i, r)| (CallId::new(i), r))
    }

    /// The record id the next call will have.
    pub fn next_id(&self) -> CallId {
        CallId::new(self.record.len())
    }

    /// The status changes so far (see `CallStart::status_mark`).
    pub fn status_log(&self) -> &[StatusChange] {
        self.extra.as_deref().map_or(&[], |e| &e.status_log)
    }

    /// The status changes, disclosures and questions, to add one (the box is made at the
    /// first).
    fn extra_mut(&mut self) -> &mut Extra {
        self.extra.get_or_insert_default()
    }

    /// Appends a call to the record; returns its id.
    pub fn push_call(&mut self, seat: Seat, call: Call, status: Status) -> CallId {
        let id = CallId::new(self.record.len());
        self.record.push(CallRecord {
            seat,
            call,
            status,
            withdrawn: None,
            skipped_from: None,
            auto: false,
            audience: Audience::EVERYONE,
        });
        if status == Status::InForce {
            self.in_force_ids.push(narrow(id.get()));
            self.summary.push(Entry { seat, call });
        }
        id
    }

    /// Marks call `id` as made by the engine for a barred player.
    pub fn mark_auto(&mut self, id: CallId) {
        if let Some(r) = self.record.get_mut(id.get()) {
            r.auto = true;
        }
    }

    /// Records that call `id`, accepted out of rotation, skipped the seats from `due` to its
    /// caller (none when `due` is its caller).
    pub fn set_skipped(&mut self, id: CallId, due: Seat) {
        if let Some(r) = self.record.get_mut(id.get()) {
            r.skipped_from = (due != r.seat).then_some(due);
        }
    }

    /// Puts call `id` in force (an irregular call accepted, or a rectification settled).
    pub fn put_in_force(&mut self, id: CallId) {
        self.set_status(id, Status::InForce, None);
    }

    /// Withdraws (or cancels) call `id` under `law`, for `reason`.
    fn withdraw_call(&mut self, id: CallId, law: Law, reason: Withdrawal) {
        self.set_status(id, Status::Withdrawn, Some((law, reason)));
    }

    /// Changes the status of call `id`, logging what it was.
    fn set_status(&mut self, id: CallId, status: Status, withdrawn: Option<(Law, Withdrawal)>) {
        let Some(r) = self.record.get_mut(id.get()) else { return };
        let old = StatusChange {
            id,
            status: r.status,
            withdrawn: std::mem::replace(&mut r.withdrawn, withdrawn),
        };
        r.status = status;
        let was_in_force = old.status == Status::InForce;
        self.extra_mut().status_log.push(old);
        if was_in_force != (status == Status::InForce) {
            self.rebuild_in_force();
        }
    }

    /// Undoes the status changes logged since `mark` to calls before `from`, newest first:
    /// those calls are back as they were when the log had `mark` entries.
    fn restore_statuses(&mut self, mark: usize, from: CallId) {
        let back: Vec<StatusChange> = self
            .status_log()
            .get(mark..)
            .unwrap_or_default()
            .iter()
            .rev()
            .filter(|c| c.id < from)
            .cloned()
            .collect();
        for c in back {
            if self.call(c.id).is_some_and(|r| r.status != c.status) {
                self.set_status(c.id, c.status, c.withdrawn);
            }
        }
    }

    /// Rebuilds the calls in force from the record (after a status change).
    fn rebuild_in_force(&mut self) {
        self.rebuilt = true;
        self.in_force_ids.clear();
        for (i, r) in self.record.iter().enumerate() {
            if r.status == Status::InForce {
                self.in_force_ids.push(narrow(i));
            }
        }
        self.summary = Summary::of(self.summary.dealer(), &self.in_force());
    }

    /// Record ids of the calls in force, in order.
    pub fn in_force_ids(&self) -> CallIds<'_> {
        CallIds(&self.in_force_ids)
    }

    /// The calls in force, read from the record (a list built when asked: only rarer paths
    /// ask; the summary answers the common questions).
    pub fn in_force(&self) -> Vec<Entry> {
        self.in_force_ids()
            .iter()
            .filter_map(|id| self.call(id))
            .map(|r| Entry {
                seat: r.seat,
                call: r.call,
            })
            .collect()
    }

    /// The calls in force, summarized (legality, rotation, end of the auction in O(1)).
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// The record id of the call at `pos` among the calls in force.
    pub fn record_id(&self, pos: CallPos) -> Option<CallId> {
        self.in_force_ids().get(pos)
    }

    /// The position among the calls in force of record `id`.
    pub fn index_of(&self, id: CallId) -> Option<CallPos> {
        self.in_force_ids().index_of(id)
    }

    /// The seat due to call in rotation (the auction period only).
    pub fn rotation(&self) -> Seat {
        self.summary.next_in_rotation()
    }

    /// The last call in force by `seat`, as a record id.
    pub fn last_call_of(&self, seat: Seat) -> Option<CallId> {
        self.in_force_ids()
            .iter()
            .rev()
            .find(|&id| self.call(id).is_some_and(|r| r.seat == seat))
    }

    /// Whether `seat` has made a call in force after record `id`.
    pub fn called_since(&self, seat: Seat, id: CallId) -> bool {
        let ids = self.in_force_ids();
        ids.iter_from(ids.count_through(id))
            .any(|i| self.call(i).is_some_and(|r| r.seat == seat))
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
    pub fn pending_call(&self) -> Option<CallId> {
        match self.irr().pending.as_ref()? {
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
    pub fn forget_turn_and_rectification_after(&mut self, id: CallId) {
        let lapses = self.pending_call().is_some_and(|p| p > id);
        if let Some(irr) = self.irr_if_any() {
            irr.turn_override = None;
            if lapses {
                irr.pending = None;
            }
        }
    }

    /// Whether the auction period (auction and clarification) lasts (L17D).
    pub fn in_auction_period(&self) -> bool {
        matches!(self.phase, Phase::Auction | Phase::Clarification | Phase::PassedOut)
    }
}

/// The state at the start of an action, but for the lists that grow with the board
/// (journaled, or rebuilt from them).
#[derive(Debug)]
pub struct Checkpoint {
    in_force_len: usize,
    summary: Summary,
    phase: Phase,
    irregular: Option<Box<Irregular>>,
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
