//! The board's periods (L17, L22, L41) and its play: what belongs to no one part of the
//! state (the period, the contract, the lead choice, the play, the clock).

use serde::Serialize;

use crate::auction::Contract;
use crate::call::{Seat, Strain};
use crate::play::PlayState;

use super::{Phase, State};

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

/// Changing the state's periods, in the Laws' words. Each method keeps the invariants that
/// link what it touches.
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
        self.irregular.clear_offers();
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
        self.irregular.clear_offers();
    }

    // ------------------------------------------------------------ L26B, L16B1

    /// L26B: declarer's choice for the opening lead, or for the opening leader's partner's
    /// first lead in play (only one restriction binds at a time: the partner's first turn to
    /// lead comes after the opening leader has lost the lead).
    pub fn choose_lead(&mut self, choice: LeadChoice) {
        self.lead_choice = Some(choice);
    }

    /// L16B1: the client clock of a call; returns the clock of the previous one.
    pub fn clock_call(&mut self, now: f64) -> Option<f64> {
        self.last_clock.replace(now)
    }
}
