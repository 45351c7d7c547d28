//! What links the parts of the state beyond a call's status (`call_status.rs`) and the state
//! before a call (`before_call.rs`): the turn reverted (L17D3), an L21B1 offer taken up, and
//! the questions whose answer reads both the record and the rulings (L29C, L30A, L26B).

use crate::action::RulingOn;
use crate::call::{Seat, Strain};
use crate::law::Law;

use super::{CallId, ChangeOffer, Pending, State, Status};

impl State {
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
}
