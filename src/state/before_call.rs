//! The rectification state before a call (L25A, L21B): what a replacement of that call
//! puts back — each part's share (`InProgress`) and where the call action began.

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::num::NonZeroU32;

use crate::call::{BySeat, Seat};
use crate::store::counting::narrow;

use super::{Bar, CallId, Comparable, LeadRestrictionRecord, Rectification, State};

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
