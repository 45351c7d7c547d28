//! The auction by record: every call ever made, the record ids of the calls in force and
//! their summary, kept together (a call's status changes only here, so the calls in force
//! always match the record).

use serde::Serialize;

use crate::auction::{Entry, Summary};
use crate::audience::Audience;
use crate::call::{Call, Seat};
use crate::law::Law;
use crate::store::counting::{narrow, CountingList};
use crate::store::journal::Journaled;
use crate::withdrawal::Withdrawal;

use super::{CallId, CallIds, CallPos};

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

/// The record read by record id (a missing id is a bug: use `Auction::call` where it may be).
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

/// Every call made, and the calls in force (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Auction {
    /// Every call ever made (ids are positions).
    record: Journaled<CallRecord>,
    /// Record ids of the calls in force, ascending (kept with `record`; 32 bits each).
    #[serde(skip)]
    in_force_ids: CountingList,
    /// The calls in force, summarized for legality, rotation and the end of the auction
    /// (kept with `record`).
    #[serde(skip)]
    summary: Summary,
    /// The calls in force were rebuilt during the current action (a rollback rebuilds them
    /// again).
    #[serde(skip)]
    rebuilt: bool,
}

/// The auction at the start of an action, but for the record (journaled): how many calls
/// were in force, and their summary.
#[derive(Clone, Copy, Debug)]
pub(super) struct AuctionMark {
    in_force_len: usize,
    summary: Summary,
}

impl Auction {
    /// No call yet, `dealer` to call first.
    pub(super) fn new(dealer: Seat) -> Auction {
        Auction {
            record: Journaled::default(),
            in_force_ids: CountingList::counting_from(0),
            summary: Summary::new(dealer),
            rebuilt: false,
        }
    }

    /// Starts an action: the record's journal begins; returns what `rollback` puts back.
    pub(super) fn begin(&mut self) -> AuctionMark {
        self.record.begin();
        self.rebuilt = false;
        AuctionMark {
            in_force_len: self.in_force_ids.len(),
            summary: self.summary,
        }
    }

    /// Keeps what the action changed.
    pub(super) fn commit(&mut self) {
        self.record.commit();
        self.rebuilt = false;
    }

    /// Undoes what the action changed.
    pub(super) fn rollback(&mut self, mark: AuctionMark) {
        self.record.rollback();
        if self.rebuilt {
            self.rebuild_in_force();
        } else {
            // Only calls pushed in force by the action: they go.
            self.in_force_ids.truncate(mark.in_force_len);
            self.summary = mark.summary;
        }
        self.rebuilt = false;
    }

    /// Makes room for `calls` more calls without reallocating.
    pub(super) fn reserve(&mut self, calls: usize) {
        // (The ids of the calls in force are a count until a call leaves force.)
        self.record.reserve(calls);
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

    /// Appends a call to the record; returns its id.
    pub fn push(&mut self, seat: Seat, call: Call, status: Status) -> CallId {
        let id = self.next_id();
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

    /// Changes the status of call `id`; returns what it was, for the state's status log
    /// (none when there is no such call). The calls in force follow.
    pub(super) fn set_status(
        &mut self,
        id: CallId,
        status: Status,
        withdrawn: Option<(Law, Withdrawal)>,
    ) -> Option<StatusChange> {
        let r = self.record.get_mut(id.get())?;
        let old = StatusChange {
            id,
            status: r.status,
            withdrawn: std::mem::replace(&mut r.withdrawn, withdrawn),
        };
        r.status = status;
        if (old.status == Status::InForce) != (status == Status::InForce) {
            self.rebuild_in_force();
        }
        Some(old)
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
}
