//! What links the parts of the state: a call's status (the auction, its log in `Extra`,
//! the change of call it made in `Offers`), the rectification state before a call (L25A,
//! L21B: each part's share, `InProgress`) and the questions whose answer reads both the
//! record and the rulings (L29C, L30A, L26B).

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::num::NonZeroU32;

use crate::action::RulingOn;
use crate::call::{BySeat, Seat, Strain};
use crate::law::Law;
use crate::store::counting::narrow;
use crate::withdrawal::Withdrawal;

use super::{
    Bar, CallId, ChangeOffer, Comparable, LeadRestrictionRecord, Pending, Rectification, State, Status,
    StatusChange,
};

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
    pub rectification: Option<Box<InProgress>>,
}

/// Where a seat's latest call action began: the record's and the status log's lengths then.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(super) struct CallStart {
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
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InProgress {
    /// The rectification then in progress (pending, aftermath, forced call, L17D3 turn).
    pub(super) rectification: Rectification,
    /// Bars then.
    pub(super) bars: BySeat<Option<Bar>>,
    /// The comparable-call questions and rulings then (L23A).
    pub(super) comparable: Comparable,
    /// Law 26B entitlements then.
    pub(super) lead_restrictions: Vec<LeadRestrictionRecord>,
}

/// The fields in the order they had when the rectification was one struct (the serialized
/// state stays as it was).
impl Serialize for InProgress {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Rectification", 8)?;
        st.serialize_field("pending", &self.rectification.pending)?;
        st.serialize_field("bars", &self.bars)?;
        st.serialize_field("comparisons", &self.comparable.comparisons)?;
        st.serialize_field("comparable_rulings", &self.comparable.rulings)?;
        st.serialize_field("lead_restrictions", &self.lead_restrictions)?;
        st.serialize_field("aftermath", &self.rectification.aftermath)?;
        st.serialize_field("forced", &self.rectification.forced)?;
        st.serialize_field("turn_override", &self.rectification.turn_override)?;
        st.end()
    }
}

impl State {
    // ------------------------------------------------------------ a call's status

    /// Puts call `id` in force (an irregular call accepted, or a rectification settled).
    pub fn put_in_force(&mut self, id: CallId) {
        self.set_status(id, Status::InForce, None);
    }

    /// Withdraws (or cancels) call `id`, and forgets the change of call it made, if any.
    pub fn withdraw(&mut self, id: CallId, law: Law, reason: Withdrawal) {
        self.set_status(id, Status::Withdrawn, Some((law, reason)));
        self.irregular.offers_mut().forget_change(id);
    }

    /// Changes the status of call `id`, logging what it was.
    fn set_status(&mut self, id: CallId, status: Status, withdrawn: Option<(Law, Withdrawal)>) {
        if let Some(old) = self.auction.set_status(id, status, withdrawn) {
            self.extra_mut().log_status(old);
        }
    }

    /// Undoes the status changes logged since `mark` to calls before `from`, newest first:
    /// those calls are back as they were when the log had `mark` entries.
    fn restore_statuses(&mut self, mark: usize, from: CallId) {
        let back: Vec<StatusChange> = self
            .extra()
            .status_log()
            .get(mark..)
            .unwrap_or_default()
            .iter()
            .rev()
            .filter(|c| c.id < from)
            .cloned()
            .collect();
        for c in back {
            if self.auction.call(c.id).is_some_and(|r| r.status != c.status) {
                self.set_status(c.id, c.status, c.withdrawn);
            }
        }
    }

    // ------------------------------------------------------------ the turn (L17D3)

    /// L17D3: the auction reverts to `due`, recorded only when rotation would not give it.
    pub fn revert_turn_to(&mut self, due: Seat) {
        let rotation = self.auction.rotation();
        self.irregular.rectification_mut().revert_turn_to(due, rotation);
    }

    // ------------------------------------------------------------ L21B1 offers

    /// `seat` takes up his L21B1 offer (the oldest, if several). An offer of a call no
    /// longer in force (withdrawn since, by another rectification) has lapsed: there is no
    /// call left to change, and the view offers none.
    pub fn take_offer(&mut self, seat: Seat) -> Option<ChangeOffer> {
        let pos = self
            .irregular
            .offers()
            .standing()
            .iter()
            .position(|o| o.seat == seat && self.auction.index_of(o.call).is_some())?;
        self.irregular.offers_mut().take_at(pos)
    }

    // ------------------------------------------------------------ L29C, L30A, L26B

    /// Whether the rectification of call `call` is still open, so that a ruling on what it
    /// specified can still change it (L29C, L30C): a call out of rotation or insufficient
    /// bid awaiting LHO's decision, a cancelled call out of rotation whose offender has not
    /// called since (its aftermath, or the L30A pass still due), a withdrawn call whose
    /// replacement may still be ruled comparable.
    pub fn rectification_open_for(&self, call: CallId) -> bool {
        let irr = &self.irregular;
        let pending = match irr.rectification().pending() {
            Some(Pending::OutOfRotation { call: c, .. } | Pending::InsufficientBid { call: c, .. }) => *c == call,
            _ => false,
        };
        pending
            || irr.rectification().aftermath().is_some_and(|a| a.cancelled == call)
            || irr.rulings().comparisons().iter().any(|c| c.withdrawn == call)
            || self.l30a_pass_due_for(call)
    }

    /// L30A: call `call` is a pass out of rotation at RHO's turn, cancelled under L29B, and
    /// its offender has still to make the pass Law 30A requires of him.
    pub fn l30a_pass_due_for(&self, call: CallId) -> bool {
        self.auction.call(call).is_some_and(|r| {
            r.call.is_pass()
                && r.status == Status::Withdrawn
                && matches!(r.withdrawn, Some((Law::L29B, _)))
                && self.irregular.bars().on(r.seat).is_some_and(|b| b.law == Law::L30A)
                && !self
                    .auction
                    .record()
                    .get(call.next().get()..)
                    .unwrap_or_default()
                    .iter()
                    .any(|later| later.seat == r.seat && later.status != Status::Pending)
        })
    }

    /// Closes the `artificial` questions whose call's rectification is over (L29C, L30C).
    pub fn close_settled_artificial_questions(&mut self) {
        if self.irregular.rulings().open().is_empty() {
            return;
        }
        let live: Vec<bool> = self
            .irregular
            .rulings()
            .open()
            .iter()
            .map(|r| r.on != RulingOn::Artificial || self.rectification_open_for(r.call))
            .collect();
        let mut keep = live.into_iter();
        self.irregular.rulings_mut().retain(|_| keep.next().unwrap_or(true));
    }

    /// L29C, L26B: the denominations call `call` specified: the Director's list for a call
    /// ruled artificial, else the strain a bid names (a pass, double or redouble names none).
    pub fn specified_by(&self, call: CallId) -> Vec<Strain> {
        if let Some(a) = self.irregular.rulings().artificial_ruling(call).filter(|a| a.artificial) {
            return a.specified.clone();
        }
        self.auction
            .call(call)
            .and_then(|r| r.call.bid())
            .map(|b| vec![b.strain])
            .unwrap_or_default()
    }

    // ------------------------------------------------------------ before a call (L25A, L21B)

    /// The rectification state before `seat`'s latest call action.
    pub fn before_call(&self, seat: Seat) -> Option<BeforeCall> {
        let start = (*self.before_call.get(seat))?;
        Some(BeforeCall {
            start,
            rectification: self.irregular.before_call(seat),
        })
    }

    /// The rectification state now: what a replacement of `seat`'s coming call restores
    /// (before every call: inline).
    #[inline]
    pub fn remember_before_call_of(&mut self, seat: Seat) {
        let start = CallStart {
            from_plus_one: NonZeroU32::MIN.saturating_add(narrow(self.auction.record().len())),
            status_mark: narrow(self.extra().status_log().len()),
        };
        self.irregular.remember_before_call_of(seat);
        *self.before_call.get_mut(seat) = Some(start);
    }

    /// L25A1, L21B: the rectification state, but for the bars, put back as it was before
    /// the call (see `BeforeCall`).
    pub fn restore_before_call(&mut self, before: BeforeCall) {
        self.restore_statuses(before.start.status_mark as usize, before.from());
        self.irregular.restore(before.rectification);
    }
}
