//! Reading the state across its parts, and what belongs to no one part: never a handle to
//! change it.

use crate::call::Seat;

use super::{Pending, Phase, State};

impl State {
    /// The seat due to call now, taking a pending rectification into account.
    pub fn turn_to_call(&self) -> Seat {
        let rotation = || self.auction.rotation();
        match self.irregular.rectification().pending() {
            // L27A1: LHO may accept the insufficient bid by calling over it.
            // L36A, L37A: LHO calls before rectification; L25B1: LHO may accept by calling.
            Some(
                Pending::InsufficientBid { call, .. }
                | Pending::Inadmissible { call }
                | Pending::BarredCall { call }
                | Pending::ChangeOfCall { call, .. },
            ) => self.auction.call(*call).map_or_else(rotation, |r| r.seat.lho()),
            // L29: the call out of rotation is not in force; the player whose turn it was.
            Some(Pending::OutOfRotation { due, .. }) => *due,
            Some(Pending::Replacement { seat, .. }) => *seat,
            // L17D3: the auction reverted to a skipped player.
            None => self.irregular.rectification().turn_override().unwrap_or_else(rotation),
        }
    }

    /// The period of the board.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the auction period (auction and clarification) lasts (L17D).
    pub fn in_auction_period(&self) -> bool {
        matches!(self.phase, Phase::Auction | Phase::Clarification | Phase::PassedOut)
    }

    /// The client clock of the last call.
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub fn last_clock(&self) -> Option<f64> {
        self.last_clock.get()
    }
}
