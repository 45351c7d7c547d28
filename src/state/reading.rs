//! Reading the state across its parts, and what belongs to no one part: never a handle to
//! change it.

use crate::auction::Contract;
use crate::call::Seat;
use crate::play::PlayState;

use super::{LeadChoice, Pending, Phase, State};

impl State {
    /// The seat due to call now, taking a pending rectification into account.
    pub fn turn_to_call(&self) -> Seat {
        let rotation = || self.auction.rotation();
        match self.irregular.pending() {
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
            None => self.irregular.turn_override().unwrap_or_else(rotation),
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

    /// Declarer's L26B choice for the opening lead, once made.
    pub fn lead_choice(&self) -> Option<LeadChoice> {
        self.lead_choice
    }

    /// The contract fixed when the auction ended.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
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

    /// The opening lead and the cards played.
    pub fn play(&self) -> Option<&PlayState> {
        self.play.as_deref()
    }

    /// The client clock of the last call.
    pub fn last_clock(&self) -> Option<f64> {
        self.last_clock.get()
    }
}
