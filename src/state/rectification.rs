//! The rectification in progress (Laws 27–39): the irregularity whose rectification is
//! pending, what the offender's next call decides after a cancelled call out of rotation
//! (L30–L32), the call a player must repeat (L31A1, L32A1) and the seat the auction reverted
//! to (L17D3). A part of the irregularities' box: read through `State::rectification`,
//! changed through `State::rectification_mut`; a Law 25A replacement puts it back whole as
//! it was before the replaced call (`restore`).

use serde::Serialize;

use crate::action::Intent;
use crate::call::{Bid, Call, Seat};
use crate::law::Law;

use super::irregular::PartMut;
use super::CallId;

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
        /// Record id of the offender's replacement made before LHO decided (L27C),
        /// awaiting that decision: cancelled if LHO accepts the insufficient bid, else
        /// ruled as the replacement (L27B).
        #[serde(skip_serializing_if = "Option::is_none")]
        premature: Option<CallId>,
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
    /// The law branch: L30B1b, L31A, L31B, L32A or L32B.
    pub law: Law,
    /// L31A1/L32A1: must repeat the call if RHO passes.
    pub repeat_if_rho_passes: bool,
    /// Intent of the player whose turn it was, if he called over it (L28B/L29A).
    pub intent: Option<Intent>,
}

/// The rectification in progress: none on a regular board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rectification {
    /// The irregularity whose rectification is pending.
    pub(super) pending: Option<Pending>,
    /// What the offender's next call decides after a cancelled call out of rotation.
    pub(super) aftermath: Option<Aftermath>,
    /// A call the player must make (L31A1, L32A1).
    pub(super) forced: Option<(Seat, Call)>,
    /// The seat due to call when it is not the next in rotation (L17D3 revert).
    pub(super) turn_override: Option<Seat>,
}

/// The rectification in progress, to change (the box is made only by what records one).
pub type RectificationMut<'a> = PartMut<'a, Rectification>;

impl Rectification {
    /// Nothing in progress.
    pub(super) const NONE: Rectification = Rectification {
        pending: None,
        aftermath: None,
        forced: None,
        turn_override: None,
    };

    /// Whether nothing is in progress.
    pub(super) fn is_none(&self) -> bool {
        let Rectification {
            pending,
            aftermath,
            forced,
            turn_override,
        } = self;
        pending.is_none() && aftermath.is_none() && forced.is_none() && turn_override.is_none()
    }

    /// The rectification pending, if any.
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// The record id of the call a pending rectification is about (the irregular call, or
    /// the withdrawn call awaiting its replacement).
    pub fn pending_call(&self) -> Option<CallId> {
        match self.pending.as_ref()? {
            Pending::InsufficientBid { call, .. }
            | Pending::OutOfRotation { call, .. }
            | Pending::Inadmissible { call }
            | Pending::BarredCall { call }
            | Pending::ChangeOfCall { call, .. } => Some(*call),
            Pending::Replacement { withdrawn, .. } => Some(*withdrawn),
        }
    }

    /// What the offender's next call decides after a cancelled call out of rotation.
    pub fn aftermath(&self) -> Option<&Aftermath> {
        self.aftermath.as_ref()
    }

    /// The call a player must make (L31A1, L32A1).
    pub fn forced(&self) -> Option<(Seat, Call)> {
        self.forced
    }

    /// The seat due to call when it is not the next in rotation (L17D3).
    pub fn turn_override(&self) -> Option<Seat> {
        self.turn_override
    }
}

impl RectificationMut<'_> {
    /// An irregularity awaits its rectification.
    pub fn open(&mut self, p: Pending) {
        self.make().pending = Some(p);
    }

    /// The pending rectification is settled (or lapses); returns it.
    pub fn settle(&mut self) -> Option<Pending> {
        self.if_any()?.pending.take()
    }

    /// L27B1a: the suggested replacement of the episode of insufficient bid `first`.
    pub fn suggest_replacement(&mut self, first: CallId, bid: Option<Bid>) {
        if let Some(Pending::Replacement {
            suggested,
            insufficient: Some(f),
            ..
        }) = self.if_any().and_then(|r| r.pending.as_mut())
        {
            if *f == first {
                *suggested = bid;
            }
        }
    }

    /// The law under which the awaited replacement is made changes (L27B3).
    pub fn apply_to_replacement(&mut self, new: Law) {
        if let Some(Pending::Replacement { law, .. }) = self.if_any().and_then(|r| r.pending.as_mut()) {
            *law = new;
        }
    }

    /// After a cancelled call out of rotation: what the offender's next call decides
    /// (L30–L32); `None` when nothing remains to decide.
    pub fn expect_aftermath(&mut self, a: Option<Aftermath>) {
        match a {
            Some(a) => self.make().aftermath = Some(a),
            None => {
                if let Some(r) = self.if_any() {
                    r.aftermath = None;
                }
            }
        }
    }

    /// L31A1, L32A1: `seat` must repeat `call`.
    pub fn force_call(&mut self, seat: Seat, call: Call) {
        self.make().forced = Some((seat, call));
    }

    /// L30C: `seat` no longer has to repeat his call (the rectification changed).
    pub fn unforce(&mut self, seat: Seat) {
        if let Some(r) = self.if_any() {
            if r.forced.is_some_and(|(s, _)| s == seat) {
                r.forced = None;
            }
        }
    }

    /// L31A1, L32A1: `seat` repeats `call` as he must: the forced call and the aftermath
    /// that required it are settled. Returns whether it was his forced call.
    pub fn repeat_forced_call(&mut self, seat: Seat, call: Call) -> bool {
        let Some(r) = self.if_any() else { return false };
        if r.forced != Some((seat, call)) {
            return false;
        }
        r.forced = None;
        if r.aftermath
            .as_ref()
            .is_some_and(|a| a.seat == seat && a.law.is_forced_repeat())
        {
            r.aftermath = None;
        }
        true
    }

    /// A call in force by `seat`: his forced call (L31A1) and the turn the auction reverted
    /// to him (L17D3) are used up.
    pub fn turn_used(&mut self, seat: Seat) {
        let Some(r) = self.if_any() else { return };
        if r.forced.is_some_and(|(s, _)| s == seat) {
            r.forced = None;
        }
        if r.turn_override == Some(seat) {
            r.turn_override = None;
        }
    }

    /// L17D3: the auction reverts to `due`, recorded only when rotation, which gives
    /// `rotation`, would not give it.
    pub(super) fn revert_turn_to(&mut self, due: Seat, rotation: Seat) {
        if rotation != due {
            self.make().turn_override = Some(due);
        } else if let Some(r) = self.if_any() {
            r.turn_override = None;
        }
    }

    /// When record `id` is withdrawn and every call after it cancelled (L21B1, L25A): the
    /// turn the auction had reverted to (L17D3) no longer applies, and a rectification
    /// pending on a later call lapses with the calls it was made over.
    pub fn forget_after(&mut self, id: CallId) {
        let lapses = self.get().pending_call().is_some_and(|p| p > id);
        let Some(r) = self.if_any() else { return };
        r.turn_override = None;
        if lapses {
            r.pending = None;
        }
        // L27C: a premature replacement withdrawn with them no longer awaits LHO.
        if let Some(Pending::InsufficientBid { premature, .. }) = r.pending.as_mut() {
            if premature.is_some_and(|x| x >= id) {
                *premature = None;
            }
        }
    }

    /// L25A1, L21B: the rectification put back whole as it was before a call (`then`).
    pub(super) fn restore(&mut self, then: Rectification) {
        if then.is_none() {
            if let Some(r) = self.if_any() {
                *r = then;
            }
        } else {
            *self.make() = then;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Irregular;

    fn out_of_rotation() -> Pending {
        Pending::OutOfRotation {
            call: CallId::new(2),
            due: Seat::E,
            intent: None,
        }
    }

    #[test]
    fn l31a1_the_forced_repeat_settles_the_aftermath_that_required_it() {
        let mut irr = Irregular::default();
        let p = Call::Pass;
        irr.rectification_mut().expect_aftermath(Some(Aftermath {
            seat: Seat::W,
            cancelled: CallId::new(1),
            law: Law::L31A1,
            repeat_if_rho_passes: true,
            intent: None,
        }));
        irr.rectification_mut().force_call(Seat::W, p);
        // Another seat's call, or another call, is not his forced call.
        assert!(!irr.rectification_mut().repeat_forced_call(Seat::N, p));
        assert!(irr.rectification_mut().repeat_forced_call(Seat::W, p));
        assert_eq!(irr.rectification().forced(), None);
        assert!(irr.rectification().aftermath().is_none());
    }

    #[test]
    fn l25a_cancelling_the_calls_after_one_lapses_what_was_pending_on_them_and_the_reverted_turn() {
        let mut irr = Irregular::default();
        irr.rectification_mut().open(out_of_rotation());
        irr.rectification_mut().revert_turn_to(Seat::S, Seat::E);
        irr.rectification_mut().forget_after(CallId::new(2));
        // Pending on call 2 itself: it stays; the turn goes.
        assert_eq!(irr.rectification().pending_call(), Some(CallId::new(2)));
        assert_eq!(irr.rectification().turn_override(), None);
        irr.rectification_mut().forget_after(CallId::new(1));
        assert_eq!(irr.rectification().pending(), None);
    }

    #[test]
    fn l25a1_a_replacement_puts_the_rectification_back_whole_and_nothing_makes_no_box() {
        let mut irr = Irregular::default();
        let then = irr.rectification().clone();
        irr.rectification_mut().restore(then.clone());
        assert!(irr.is_none());
        irr.rectification_mut().open(out_of_rotation());
        irr.rectification_mut().force_call(Seat::W, Call::Pass);
        irr.rectification_mut().restore(then);
        assert!(irr.rectification().is_none());
        let mut with = Rectification::NONE;
        with.pending = Some(out_of_rotation());
        irr.rectification_mut().restore(with.clone());
        assert_eq!(irr.rectification(), &with);
    }
}
