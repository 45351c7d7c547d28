//! The table's state: a fold of its action log. Records carry their audience; derived
//! facts (calls in force, turn, contract, roles) are computed here, never stored twice.

use serde::Serialize;
use std::num::NonZeroU32;
use std::sync::Arc;

use crate::action::{Intent, RulingOn};
use crate::auction::{Contract, Entry, Summary};
use crate::audience::Audience;
use crate::call::{Bid, BySeat, Call, Seat, Side, Strain};
use crate::clock::Clock;
use crate::counting::{narrow, CountingList};
use crate::event::{BarKind, DisclosureKind};
use crate::journal::Journaled;
use crate::law::Law;
use crate::play::PlayState;
use crate::seat_list::SeatList;
use crate::withdrawal::Withdrawal;

mod ids;
mod irregular;

pub use ids::CallIds;
use irregular::Irregular;

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
    pub withdrawn: Option<(Law, Withdrawal)>,
    /// The first seat skipped when this call was accepted out of rotation (L29A, L17D3):
    /// the player whose turn it was (`skipped` lists them all).
    pub skipped_from: Option<Seat>,
    /// Made by the engine for a barred player.
    pub auto: bool,
    /// Who saw the call: everyone at the table.
    pub audience: Audience,
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
    pub call: usize,
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
    pub call: Option<usize>,
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
    pub law: Law,
    /// Strains the offender specified in the legal auction (not restrictable).
    pub specified: Vec<Strain>,
    /// Record id of the withdrawn call that gave rise to it (a comparable ruling on its
    /// replacement removes it, L26A).
    pub call: usize,
}

/// The Director's ruling that a call was artificial, or natural (L29C, L30C, L26B).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArtificialCall {
    /// Record id of the call.
    pub call: usize,
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
    pub withdrawn: usize,
    /// Record id of the replacement, once made.
    pub replacement: Option<usize>,
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
    pub fn from(&self) -> usize {
        self.start.from_plus_one.get() as usize - 1
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
        law: Law,
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
    pub fn push_call(&mut self, seat: Seat, call: Call, status: Status) -> usize {
        let id = self.record.len();
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
            self.in_force_ids.push(narrow(id));
            self.summary.push(Entry { seat, call });
        }
        id
    }

    /// Marks call `id` as made by the engine for a barred player.
    pub fn mark_auto(&mut self, id: usize) {
        if let Some(r) = self.record.get_mut(id) {
            r.auto = true;
        }
    }

    /// Records that call `id`, accepted out of rotation, skipped the seats from `due` to its
    /// caller (none when `due` is its caller).
    pub fn set_skipped(&mut self, id: usize, due: Seat) {
        if let Some(r) = self.record.get_mut(id) {
            r.skipped_from = (due != r.seat).then_some(due);
        }
    }

    /// Puts call `id` in force (an irregular call accepted, or a rectification settled).
    pub fn put_in_force(&mut self, id: usize) {
        self.set_status(id, Status::InForce, None);
    }

    /// Withdraws (or cancels) call `id` under `law`, for `reason`.
    fn withdraw_call(&mut self, id: usize, law: Law, reason: Withdrawal) {
        self.set_status(id, Status::Withdrawn, Some((law, reason)));
    }

    /// Changes the status of call `id`, logging what it was.
    fn set_status(&mut self, id: usize, status: Status, withdrawn: Option<(Law, Withdrawal)>) {
        let Some(r) = self.record.get_mut(id) else { return };
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
    fn restore_statuses(&mut self, mark: usize, from: usize) {
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
            if self.record.get(c.id).is_some_and(|r| r.status != c.status) {
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
            .filter_map(|id| self.record.get(id))
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

    /// The record id of call `index` among the calls in force.
    pub fn record_id(&self, index: usize) -> Option<usize> {
        self.in_force_ids().get(index)
    }

    /// The index among the calls in force of record `id`.
    pub fn index_of(&self, id: usize) -> Option<usize> {
        self.in_force_ids().index_of(id)
    }

    /// The seat due to call in rotation (the auction period only).
    pub fn rotation(&self) -> Seat {
        self.summary.next_in_rotation()
    }

    /// The last call in force by `seat`, as a record id.
    pub fn last_call_of(&self, seat: Seat) -> Option<usize> {
        self.in_force_ids()
            .iter()
            .rev()
            .find(|&id| self.record.get(id).is_some_and(|r| r.seat == seat))
    }

    /// Whether `seat` has made a call in force after record `id`.
    pub fn called_since(&self, seat: Seat, id: usize) -> bool {
        let ids = self.in_force_ids();
        ids.iter_from(ids.count_through(id))
            .any(|i| self.record.get(i).is_some_and(|r| r.seat == seat))
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
    pub fn forget_turn_and_rectification_after(&mut self, id: usize) {
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

/// Reading the state: what each record says, never a handle to change it.
impl State {
    /// The seat due to call now, taking a pending rectification into account.
    pub fn turn_to_call(&self) -> Seat {
        match self.pending() {
            // L27A1: LHO may accept the insufficient bid by calling over it.
            // L36A, L37A: LHO calls before rectification; L25B1: LHO may accept by calling.
            Some(
                Pending::InsufficientBid { call, .. }
                | Pending::Inadmissible { call }
                | Pending::BarredCall { call }
                | Pending::ChangeOfCall { call, .. },
            ) => self
                .record()
                .get(*call)
                .map_or_else(|| self.rotation(), |r| r.seat.lho()),
            // L29: the call out of rotation is not in force; the player whose turn it was.
            Some(Pending::OutOfRotation { due, .. }) => *due,
            Some(Pending::Replacement { seat, .. }) => *seat,
            // L17D3: the auction reverted to a skipped player.
            None => self.turn_override().unwrap_or_else(|| self.rotation()),
        }
    }

    /// The period of the board.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether call `id` was alerted (by its caller or his partner).
    pub fn is_alerted(&self, id: usize) -> bool {
        self.disclosures().iter().any(|d| d.call == id && d.alert)
    }

    /// Every alert, announcement, explanation and correction, in order.
    pub fn disclosures(&self) -> &[DisclosureRecord] {
        self.extra.as_deref().map_or(&[], |e| &e.disclosures)
    }

    /// Every question asked, in order (ids are positions).
    pub fn questions(&self) -> &[QuestionRecord] {
        self.extra.as_deref().map_or(&[], |e| &e.questions)
    }

    /// The bars, by seat.
    pub fn bars(&self) -> &BySeat<Option<Bar>> {
        &self.irr().bars
    }

    /// The bar on `seat`, if any.
    pub fn bar_on(&self, seat: Seat) -> Option<&Bar> {
        self.irr().bars.get(seat).as_ref()
    }

    /// Whether `seat` is barred (must pass, L37).
    pub fn is_barred(&self, seat: Seat) -> bool {
        self.irr().bars.get(seat).is_some()
    }

    /// The rectification in progress, if any.
    pub fn pending(&self) -> Option<&Pending> {
        self.irr().pending.as_ref()
    }

    /// What the offender's next call decides after a cancelled call out of rotation.
    pub fn aftermath(&self) -> Option<&Aftermath> {
        self.irr().aftermath.as_ref()
    }

    /// The call a player must make (L31A1, L32A1).
    pub fn forced(&self) -> Option<(Seat, Call)> {
        self.irr().forced
    }

    /// The pending Law 25A request, if any.
    pub fn undo_request(&self) -> Option<&UndoRequest> {
        self.irr().undo.as_ref()
    }

    /// The Law 21B1 offers standing.
    pub fn offers(&self) -> &[ChangeOffer] {
        &self.irr().offers
    }

    /// The Law 21B changes made, with the Director's review.
    pub fn changes(&self) -> &[ChangeForReview] {
        &self.irr().changes
    }

    /// The private notes of partner's mistaken explanations (L20F5).
    pub fn notes(&self) -> &[PartnerNote] {
        &self.irr().notes
    }

    /// The questions for the Director, oldest first.
    pub fn open_rulings(&self) -> &[OpenRuling] {
        &self.irr().open_rulings
    }

    /// The Law 26B entitlements.
    pub fn lead_restrictions(&self) -> &[LeadRestrictionRecord] {
        &self.irr().lead_restrictions
    }

    /// Declarer's L26B choice for the opening lead, once made.
    pub fn lead_choice(&self) -> Option<LeadChoice> {
        self.lead_choice
    }

    /// The replacements the Director may still rule comparable (L23A).
    pub fn comparisons(&self) -> &[Comparison] {
        &self.irr().comparisons
    }

    /// The comparable-call question about withdrawn call `withdrawn`, if open (L23A).
    pub fn comparison(&self, withdrawn: usize) -> Option<&Comparison> {
        self.irr().comparisons.iter().find(|c| c.withdrawn == withdrawn)
    }

    /// The seat due to call when it is not the next in rotation (L17D3).
    pub fn turn_override(&self) -> Option<Seat> {
        self.irr().turn_override
    }

    /// A cancelled call whose L16C entries wait for its caller to call again.
    pub fn recall(&self) -> Option<&Recall> {
        self.irr().recall.as_ref()
    }

    /// The contract fixed when the auction ended.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The opening lead and the cards played.
    pub fn play(&self) -> Option<&PlayState> {
        self.play.as_deref()
    }

    /// The client clock of the last call.
    pub fn last_clock(&self) -> Option<f64> {
        self.last_clock.get()
    }
}

/// Changing the state, in the Laws' words. Each method keeps the invariants that link
/// the records it touches.
impl State {
    // ------------------------------------------------------------ periods (L17, L22, L41)

    /// L22: the final pass: the contract is fixed and the clarification period begins; a
    /// lead choice made for an earlier end of the auction (before a reopening) lapses.
    pub fn end_auction(&mut self, contract: Contract) {
        self.phase = Phase::Clarification;
        self.contract = Some(contract);
        self.lead_choice = None;
    }

    /// L22B: four passes; the auction period lasts until the hands are returned (L17D2).
    pub fn pass_out(&mut self) {
        self.phase = Phase::PassedOut;
    }

    /// L21B1, L25A5: the auction reopens: no contract, and a face-down opening lead
    /// returns to the hand.
    pub fn reopen_auction(&mut self) {
        if self.phase != Phase::Auction {
            self.phase = Phase::Auction;
            self.contract = None;
            self.play = None;
        }
    }

    /// L41A: the opening lead, face down.
    pub fn lay_opening_lead(&mut self, leader: Seat, card: crate::card::Card) {
        let play = self.play.get_or_insert_with(|| Box::new(PlayState::new(leader)));
        play.lead = Some(card);
    }

    /// L41C: the opening lead faced by `leader`: the play period begins and the L21B1
    /// offers lapse with the auction period.
    pub fn face_opening_lead(&mut self, leader: Seat, card: crate::card::Card) {
        self.phase = Phase::Play;
        if let Some(irr) = self.irr_if_any() {
            irr.offers.clear();
        }
        if let Some(p) = self.play.as_deref_mut() {
            p.current.push((leader, card));
        }
    }

    /// A card played by (or for) `seat`; returns the trick it completed, as its number and
    /// winner.
    pub fn play_card(&mut self, seat: Seat, card: crate::card::Card, contract: Contract) -> Option<(usize, Seat)> {
        let p = self.play.as_deref_mut()?;
        p.current.push((seat, card));
        if p.current.len() < 4 {
            return None;
        }
        let cards = std::mem::take(&mut p.current);
        let w = crate::play::winner(&cards, contract);
        p.tricks.push(crate::play::Trick { cards, winner: w });
        Some((p.tricks.len(), w))
    }

    /// The end of play (thirteen tricks, or a claim agreed).
    pub fn end_play(&mut self) {
        self.phase = Phase::Ended;
    }

    /// L17D2: a passed-out board's hands are returned: the auction period and its L21B1
    /// offers end.
    pub fn return_hands(&mut self) {
        self.phase = Phase::Ended;
        if let Some(irr) = self.irr_if_any() {
            irr.offers.clear();
        }
    }

    // ------------------------------------------------------------ disclosures, questions

    /// Records an alert, announcement, explanation or correction.
    #[inline]
    pub fn disclose(&mut self, d: DisclosureRecord) {
        self.extra_mut().disclosures.push(d);
    }

    /// L20F4, L20F5: the explanations of call `call` given by `by` are superseded by a
    /// correction; `each` sees each of them before.
    pub fn supersede_explanations(&mut self, call: usize, by: Seat, mut each: impl FnMut(&DisclosureRecord)) {
        let Some(extra) = &mut self.extra else { return };
        extra.disclosures.update_where(
            |d| d.call == call && d.by == by && !d.superseded,
            |d| {
                each(d);
                d.superseded = true;
            },
        );
    }

    /// Records a question (L20F); returns its id.
    pub fn ask(&mut self, q: QuestionRecord) -> usize {
        let questions = &mut self.extra_mut().questions;
        questions.push(q);
        questions.len() - 1
    }

    /// `seat` explains call `call` to `heard_by`: the questions about it (or about the whole
    /// auction) that he was to answer and has not answered are answered. Returns whether
    /// there was one.
    pub fn answer_questions(&mut self, seat: Seat, call: usize, heard_by: Audience) -> bool {
        let mut answered = false;
        let Some(extra) = &mut self.extra else { return false };
        extra.questions.update_where(
            |q| q.answerers.contains(&seat) && !q.answered_by.has_seat(seat) && q.call.is_none_or(|c| c == call),
            |q| {
                q.answered_by = q.answered_by.with(seat);
                q.heard_by = q.heard_by.union(heard_by);
                answered = true;
            },
        );
        answered
    }

    /// L20F5a: `seat` notes privately that partner's explanation of `call` was mistaken
    /// (once per call).
    pub fn note_partner_mistake(&mut self, seat: Seat, call: usize) {
        if !self.irr().notes.iter().any(|n| n.seat == seat && n.call == call) {
            self.irr_mut().notes.push(PartnerNote {
                seat,
                call,
                corrected: false,
            });
        }
    }

    /// `seat` has corrected partner's explanation of `call`: his note is settled.
    pub fn mark_corrected(&mut self, seat: Seat, call: usize) {
        let Some(irr) = self.irr_if_any() else { return };
        for n in irr.notes.iter_mut().filter(|n| n.seat == seat && n.call == call) {
            n.corrected = true;
        }
    }

    // ------------------------------------------------------------ bars (L23, L27–L37)

    /// Bars `seat`; a `throughout` bar is never shortened. Returns whether the bar was
    /// imposed.
    pub fn bar(&mut self, seat: Seat, bar: Bar) -> bool {
        if matches!(self.bar_on(seat), Some(b) if b.kind == BarKind::Throughout) {
            return false;
        }
        *self.irr_mut().bars.get_mut(seat) = Some(bar);
        true
    }

    /// Puts back a bar as it was before a replaced call (L25A, L21B), whatever is there.
    pub fn restore_bar(&mut self, seat: Seat, bar: Bar) {
        *self.irr_mut().bars.get_mut(seat) = Some(bar);
    }

    /// Lifts the bar on `seat`; returns whether there was one.
    pub fn lift_bar(&mut self, seat: Seat) -> bool {
        self.irr_if_any()
            .is_some_and(|irr| irr.bars.get_mut(seat).take().is_some())
    }

    // ------------------------------------------------------------ rectification

    /// An irregularity awaits its rectification.
    pub fn await_rectification(&mut self, p: Pending) {
        self.irr_mut().pending = Some(p);
    }

    /// The pending rectification is settled (or lapses); returns it.
    pub fn settle_pending(&mut self) -> Option<Pending> {
        self.irr_if_any()?.pending.take()
    }

    /// L27B1a: the suggested replacement of the episode of insufficient bid `first`.
    pub fn suggest_replacement(&mut self, first: usize, bid: Option<Bid>) {
        if let Some(Pending::Replacement {
            suggested,
            insufficient: Some(f),
            ..
        }) = self.irr_if_any().and_then(|irr| irr.pending.as_mut())
        {
            if *f == first {
                *suggested = bid;
            }
        }
    }

    /// The law under which the awaited replacement is made changes (L27B3).
    pub fn apply_to_replacement(&mut self, new: Law) {
        if let Some(Pending::Replacement { law, .. }) = self.irr_if_any().and_then(|irr| irr.pending.as_mut()) {
            *law = new;
        }
    }

    /// After a cancelled call out of rotation: what the offender's next call decides
    /// (L30–L32); `None` when nothing remains to decide.
    pub fn expect_aftermath(&mut self, a: Option<Aftermath>) {
        match a {
            Some(a) => self.irr_mut().aftermath = Some(a),
            None => {
                if let Some(irr) = self.irr_if_any() {
                    irr.aftermath = None;
                }
            }
        }
    }

    /// L31A1, L32A1: `seat` must repeat `call`.
    pub fn force_call(&mut self, seat: Seat, call: Call) {
        self.irr_mut().forced = Some((seat, call));
    }

    /// L30C: `seat` no longer has to repeat his call (the rectification changed).
    pub fn unforce(&mut self, seat: Seat) {
        if let Some(irr) = self.irr_if_any() {
            if irr.forced.is_some_and(|(s, _)| s == seat) {
                irr.forced = None;
            }
        }
    }

    /// L31A1, L32A1: `seat` repeats `call` as he must: the forced call and the aftermath
    /// that required it are settled. Returns whether it was his forced call.
    pub fn repeat_forced_call(&mut self, seat: Seat, call: Call) -> bool {
        let Some(irr) = self.irr_if_any() else { return false };
        if irr.forced != Some((seat, call)) {
            return false;
        }
        irr.forced = None;
        if irr
            .aftermath
            .as_ref()
            .is_some_and(|a| a.seat == seat && a.law.is_forced_repeat())
        {
            irr.aftermath = None;
        }
        true
    }

    /// A call in force by `seat`: his forced call (L31A1) and the turn the auction reverted
    /// to him (L17D3) are used up.
    pub fn turn_used(&mut self, seat: Seat) {
        let Some(irr) = self.irr_if_any() else { return };
        if irr.forced.is_some_and(|(s, _)| s == seat) {
            irr.forced = None;
        }
        if irr.turn_override == Some(seat) {
            irr.turn_override = None;
        }
    }

    /// L17D3: the auction reverts to `due`, recorded only when rotation would not give it.
    pub fn revert_turn_to(&mut self, due: Seat) {
        if self.rotation() != due {
            self.irr_mut().turn_override = Some(due);
        } else if let Some(irr) = self.irr_if_any() {
            irr.turn_override = None;
        }
    }

    // ------------------------------------------------------------ L23A, L26B

    /// Opens the question "is the replacement of `withdrawn` comparable?" (L23A), with its
    /// ruling for the Director.
    pub fn open_comparison(&mut self, offender: Seat, withdrawn: usize, replacement: Option<usize>, law: Law) {
        // L29C: what the Director already ruled an artificial call specified.
        let specified = self
            .artificial_ruling(withdrawn)
            .filter(|a| a.artificial)
            .map(|a| a.specified.clone());
        self.irr_mut().comparisons.push(Comparison {
            offender,
            withdrawn,
            replacement,
            law,
            specified,
        });
        self.open_ruling(RulingOn::Comparable, withdrawn);
    }

    /// Closes the comparable-call question about `withdrawn`, and its ruling.
    pub fn close_comparison(&mut self, withdrawn: usize) {
        if let Some(irr) = self.irr_if_any() {
            irr.comparisons.retain(|c| c.withdrawn != withdrawn);
        }
        self.close_ruling(RulingOn::Comparable, withdrawn);
    }

    /// The replacement of `withdrawn` is made (record `replacement`), presumed not
    /// comparable under `law` when given.
    pub fn compare_replacement(&mut self, withdrawn: usize, replacement: usize, law: Option<Law>) {
        if let Some(c) = self.comparison_mut(withdrawn) {
            c.replacement = Some(replacement);
            if let Some(law) = law {
                c.law = law;
            }
        }
    }

    /// L27B1a: the strains the Director states the withdrawn call specified.
    pub fn state_specified(&mut self, withdrawn: usize, strains: Vec<Strain>) {
        if let Some(c) = self.comparison_mut(withdrawn) {
            c.specified = Some(strains);
        }
    }

    /// The open comparable-call question about `withdrawn`, to change it.
    fn comparison_mut(&mut self, withdrawn: usize) -> Option<&mut Comparison> {
        self.irr_if_any()?
            .comparisons
            .iter_mut()
            .find(|c| c.withdrawn == withdrawn)
    }

    /// L29C, L30C, L26B: the Director rules call `call` artificial (with the denominations
    /// it specified) or natural; a later ruling on the same call replaces it.
    pub fn rule_artificial(&mut self, call: usize, artificial: bool, specified: Vec<Strain>) {
        let irr = self.irr_mut();
        irr.artificial.retain(|a| a.call != call);
        irr.artificial.push(ArtificialCall {
            call,
            artificial,
            specified,
        });
    }

    /// The Director's ruling on whether call `call` was artificial, if he gave one.
    pub fn artificial_ruling(&self, call: usize) -> Option<&ArtificialCall> {
        self.irr().artificial.iter().find(|a| a.call == call)
    }

    /// Whether the rectification of call `call` is still open, so that a ruling on what it
    /// specified can still change it (L29C, L30C): a call out of rotation or insufficient
    /// bid awaiting LHO's decision, a cancelled call out of rotation whose offender has not
    /// called since (its aftermath, or the L30A pass still due), a withdrawn call whose
    /// replacement may still be ruled comparable.
    pub fn rectification_open_for(&self, call: usize) -> bool {
        let irr = self.irr();
        let pending = match irr.pending {
            Some(Pending::OutOfRotation { call: c, .. } | Pending::InsufficientBid { call: c, .. }) => c == call,
            _ => false,
        };
        pending
            || irr.aftermath.as_ref().is_some_and(|a| a.cancelled == call)
            || irr.comparisons.iter().any(|c| c.withdrawn == call)
            || self.l30a_pass_due_for(call)
    }

    /// L30A: call `call` is a pass out of rotation at RHO's turn, cancelled under L29B, and
    /// its offender has still to make the pass Law 30A requires of him.
    pub fn l30a_pass_due_for(&self, call: usize) -> bool {
        self.record.get(call).is_some_and(|r| {
            r.call.is_pass()
                && r.status == Status::Withdrawn
                && matches!(r.withdrawn, Some((Law::L29B, _)))
                && self.bar_on(r.seat).is_some_and(|b| b.law == Law::L30A)
                && !self
                    .record
                    .get(call + 1..)
                    .unwrap_or_default()
                    .iter()
                    .any(|later| later.seat == r.seat && later.status != Status::Pending)
        })
    }

    /// Closes the `artificial` questions whose call's rectification is over (L29C, L30C).
    pub fn close_settled_artificial_questions(&mut self) {
        if self.irr().open_rulings.is_empty() {
            return;
        }
        let live: Vec<bool> = self
            .irr()
            .open_rulings
            .iter()
            .map(|r| r.on != RulingOn::Artificial || self.rectification_open_for(r.call))
            .collect();
        let mut keep = live.into_iter();
        self.irr_mut().open_rulings.retain(|_| keep.next().unwrap_or(true));
    }

    /// The Director's rulings on artificial calls, in the order given.
    pub fn artificial_rulings(&self) -> &[ArtificialCall] {
        &self.irr().artificial
    }

    /// Whether call `call` was ruled artificial (a call is presumed natural until then).
    pub fn is_artificial(&self, call: usize) -> bool {
        self.artificial_ruling(call).is_some_and(|a| a.artificial)
    }

    /// L29C, L26B: the denominations call `call` specified: the Director's list for a call
    /// ruled artificial, else the strain a bid names (a pass, double or redouble names none).
    pub fn specified_by(&self, call: usize) -> Vec<Strain> {
        if let Some(a) = self.artificial_ruling(call).filter(|a| a.artificial) {
            return a.specified.clone();
        }
        self.record
            .get(call)
            .and_then(|r| r.call.bid())
            .map(|b| vec![b.strain])
            .unwrap_or_default()
    }

    /// L26B: declarer's entitlement against `offender`, from withdrawn call `call`.
    pub fn entitle_lead_restriction(&mut self, offender: Seat, law: Law, call: usize) {
        self.irr_mut().lead_restrictions.push(LeadRestrictionRecord {
            offender,
            law,
            specified: Vec::new(),
            call,
        });
    }

    /// L26B: the strains the offender specified in the legal auction, recorded on the
    /// entitlements from call `call` under `law`.
    pub fn record_specified(&mut self, call: usize, law: Law, specified: &[Strain]) {
        let Some(irr) = self.irr_if_any() else { return };
        for r in irr
            .lead_restrictions
            .iter_mut()
            .filter(|r| r.call == call && r.law == law)
        {
            r.specified = specified.to_vec();
        }
    }

    /// L26A: a comparable replacement of `call` removes the entitlements it gave.
    pub fn drop_lead_restrictions_from(&mut self, call: usize) {
        if let Some(irr) = self.irr_if_any() {
            irr.lead_restrictions.retain(|r| r.call != call);
        }
    }

    /// L26B: declarer's choice for the opening lead, or for the opening leader's partner's
    /// first lead in play (only one restriction binds at a time: the partner's first turn to
    /// lead comes after the opening leader has lost the lead).
    pub fn choose_lead(&mut self, choice: LeadChoice) {
        self.lead_choice = Some(choice);
    }

    // ------------------------------------------------------------ Director's rulings

    /// A question for the Director about record `call`.
    pub fn open_ruling(&mut self, on: RulingOn, call: usize) {
        self.irr_mut().open_rulings.push(OpenRuling { on, call });
    }

    /// Closes the question of kind `on` about record `call`.
    pub fn close_ruling(&mut self, on: RulingOn, call: usize) {
        if let Some(irr) = self.irr_if_any() {
            irr.open_rulings.retain(|r| !(r.on == on && r.call == call));
        }
    }

    /// Closes every question of kind `on`.
    pub fn close_rulings(&mut self, on: RulingOn) {
        if let Some(irr) = self.irr_if_any() {
            irr.open_rulings.retain(|r| r.on != on);
        }
    }

    /// The oldest question of kind `on`, closed as it is answered.
    pub fn answer_ruling(&mut self, on: RulingOn) -> Option<OpenRuling> {
        let rulings = &mut self.irr_if_any()?.open_rulings;
        let pos = rulings.iter().position(|r| r.on == on)?;
        Some(rulings.remove(pos))
    }

    // ------------------------------------------------------------ L25A, L21B

    /// L25A: a request to replace an unintended call.
    pub fn request_undo(&mut self, req: UndoRequest) {
        self.irr_mut().undo = Some(req);
    }

    /// The pending L25A request, taken to be decided.
    pub fn take_undo_request(&mut self) -> Option<UndoRequest> {
        self.irr_if_any()?.undo.take()
    }

    /// L21B1: `seat` may change call `call`. Returns false when that offer stands already.
    pub fn offer_change(&mut self, seat: Seat, call: usize) -> bool {
        if self.offers().iter().any(|o| o.seat == seat && o.call == call) {
            return false;
        }
        self.irr_mut().offers.push(ChangeOffer { seat, call });
        true
    }

    /// `seat` takes up his L21B1 offer (the oldest, if several). An offer of a call no
    /// longer in force (withdrawn since, by another rectification) has lapsed: there is no
    /// call left to change, and the view offers none.
    pub fn take_offer(&mut self, seat: Seat) -> Option<ChangeOffer> {
        let pos = self
            .offers()
            .iter()
            .position(|o| o.seat == seat && self.index_of(o.call).is_some())?;
        Some(self.irr_if_any()?.offers.remove(pos))
    }

    /// L21B1: a change offer lapses when the offered player's partner calls: `caller`
    /// called, so his partner's offers lapse.
    pub fn lapse_offers_of_partner(&mut self, caller: Seat) {
        if let Some(irr) = self.irr_if_any() {
            irr.offers.retain(|o| o.seat != caller.partner());
        }
    }

    /// L21B: a change of call made, for the Director's review.
    pub fn record_change(&mut self, change: ChangeForReview) {
        self.irr_mut().changes.push(change);
    }

    /// L21B3: the Director allows the change that made record `replacement`, or not.
    /// Returns the contract of the original auction, if it had ended.
    pub fn rule_on_change(&mut self, replacement: usize, allowed: bool) -> Option<Contract> {
        let mut before = None;
        let irr = self.irr_if_any()?;
        for c in irr.changes.iter_mut().filter(|c| c.replacement == replacement) {
            c.allowed = Some(allowed);
            before = c.contract_before;
        }
        before
    }

    /// L25A6, L21B2: `recall.seat`'s cancelled call waits for his next call.
    pub fn await_recall(&mut self, recall: Recall) {
        self.irr_mut().recall = Some(recall);
    }

    /// `seat` calls again: his recall, if one waits.
    pub fn take_recall_of(&mut self, seat: Seat) -> Option<Recall> {
        self.irr_if_any()?.recall.take_if(|r| r.seat == seat)
    }

    /// L16B1: the client clock of a call; returns the clock of the previous one.
    pub fn clock_call(&mut self, now: f64) -> Option<f64> {
        self.last_clock.replace(now)
    }

    /// Withdraws (or cancels) call `id`, and forgets the change of call it made, if any.
    pub fn withdraw(&mut self, id: usize, law: Law, reason: Withdrawal) {
        self.withdraw_call(id, law, reason);
        if let Some(irr) = self.irr_if_any() {
            irr.changes.retain(|c| c.replacement != id);
        }
    }

    /// The rectification state now: what a replacement of `seat`'s coming call restores.
    pub fn remember_before_call_of(&mut self, seat: Seat) {
        let start = CallStart {
            from_plus_one: NonZeroU32::MIN.saturating_add(narrow(self.record.len())),
            status_mark: narrow(self.status_log().len()),
        };
        if self.rectification_in_progress() {
            let now = Box::new(self.rectification());
            *self.irr_mut().before_call.get_mut(seat) = Some(now);
        } else if let Some(irr) = self.irr_if_any() {
            *irr.before_call.get_mut(seat) = None;
        }
        *self.before_call.get_mut(seat) = Some(start);
    }

    /// The rectification state now (see `Rectification`).
    fn rectification(&self) -> Rectification {
        let irr = self.irr();
        Rectification {
            pending: irr.pending.clone(),
            bars: irr.bars.clone(),
            comparisons: irr.comparisons.clone(),
            comparable_rulings: irr
                .open_rulings
                .iter()
                .filter(|r| r.on == RulingOn::Comparable)
                .cloned()
                .collect(),
            lead_restrictions: irr.lead_restrictions.clone(),
            aftermath: irr.aftermath.clone(),
            forced: irr.forced,
            turn_override: irr.turn_override,
        }
    }

    /// Whether `rectification` is not the default, asked without building it (before
    /// nearly every call, nothing is in progress).
    fn rectification_in_progress(&self) -> bool {
        let Some(irr) = self.irregular.as_deref() else {
            return false;
        };
        let busy = irr.pending.is_some()
            || irr.bars.0.iter().any(Option::is_some)
            || !irr.comparisons.is_empty()
            || irr.open_rulings.iter().any(|r| r.on == RulingOn::Comparable)
            || !irr.lead_restrictions.is_empty()
            || irr.aftermath.is_some()
            || irr.forced.is_some()
            || irr.turn_override.is_some();
        debug_assert_eq!(busy, self.rectification() != Rectification::default());
        busy
    }

    /// L25A1, L21B: the rectification state, but for the bars, put back as it was before
    /// the call (see `BeforeCall`).
    pub fn restore_before_call(&mut self, before: BeforeCall) {
        self.restore_statuses(before.start.status_mark as usize, before.from());
        // Nothing in progress then, and no box now: nothing to put back.
        let irr = match before.rectification {
            Some(_) => self.irr_mut(),
            None => match self.irr_if_any() {
                Some(irr) => irr,
                None => return,
            },
        };
        let b = before.rectification.map(|r| *r).unwrap_or_default();
        irr.pending = b.pending;
        irr.aftermath = b.aftermath;
        irr.forced = b.forced;
        irr.turn_override = b.turn_override;
        irr.comparisons = b.comparisons;
        irr.lead_restrictions = b.lead_restrictions;
        irr.open_rulings.retain(|r| r.on != RulingOn::Comparable);
        irr.open_rulings.extend(b.comparable_rulings);
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
    pub id: usize,
    /// Its status before.
    pub status: Status,
    /// Its withdrawal before.
    pub withdrawn: Option<(Law, Withdrawal)>,
}
