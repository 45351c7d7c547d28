//! The board's periods (L17, L22, L41) and the clock: what belongs to no one part of the
//! state, and the changes of period that reach into the parts (the contract and the play,
//! the lead restrictions, the L21B1 offers).

use crate::auction::Contract;

use super::{Phase, State};

/// Changing the state's periods, in the Laws' words. Each method keeps the invariants that
/// link what it touches.
impl State {
    // ------------------------------------------------------------ periods (L17, L22, L41)

    /// L22: the final pass: the contract is fixed and the clarification period begins; a
    /// lead choice made for an earlier end of the auction (before a reopening) lapses.
    pub fn end_auction(&mut self, contract: Contract) {
        self.phase = Phase::Clarification;
        self.play.fix_contract(contract);
        self.irregular.forget_lead_choice();
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
            self.play.reopen();
        }
    }

    /// L41C: the face-down opening lead is faced: the play period begins and the L21B1
    /// offers lapse with the auction period.
    pub fn face_opening_lead(&mut self) {
        self.phase = Phase::Play;
        self.irregular.offers_mut().clear();
        self.play.face_opening_lead();
    }

    /// The end of play (thirteen tricks, or a claim agreed).
    pub fn end_play(&mut self) {
        self.phase = Phase::Ended;
    }

    /// L17D2: a passed-out board's hands are returned: the auction period and its L21B1
    /// offers end.
    pub fn return_hands(&mut self) {
        self.phase = Phase::Ended;
        self.irregular.offers_mut().clear();
    }

    // ------------------------------------------------------------ L16B1

    /// L16B1: the client clock of a call; returns the clock of the previous one.
    pub fn clock_call(&mut self, now: f64) -> Option<f64> {
        self.last_clock.replace(now)
    }
}
