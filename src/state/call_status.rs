//! A call's status across the parts: the auction holds it, the status log in `Extra` what
//! it was, and a withdrawn call's change of call in `Offers` is forgotten with it.

use crate::law::Law;
use crate::withdrawal::Withdrawal;

use super::{CallId, State, Status, StatusChange};

impl State {
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
    pub(super) fn restore_statuses(&mut self, mark: usize, from: CallId) {
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
}
