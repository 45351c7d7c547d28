//! The contract and the play (L22, L41, SPEC 5.7): the contract fixed when the auction
//! ended, and from the opening lead the cards played. A part of the state of its own, read
//! through `State::play` and changed through `State::play_mut` (what also changes the
//! period is done by `State`). Its invariant: no card without a contract (a reopened
//! auction returns both), and the opening leader is the contract's.

use serde::Serialize;

use crate::auction::Contract;
use crate::call::Seat;
use crate::card::Card;
use crate::play::{PlayState, Trick};

/// The contract and the cards played.
#[derive(Debug, Default, PartialEq, Serialize)]
pub struct Play {
    /// The contract fixed when the auction ended.
    contract: Option<Contract>,
    /// Opening lead and card play (boxed: none until the opening lead).
    #[serde(rename = "play")]
    cards: Option<Box<PlayState>>,
}

/// Copied by every action's checkpoint: inline before the opening lead (every call), the
/// cards' copy out of line.
impl Clone for Play {
    #[inline]
    fn clone(&self) -> Self {
        Play {
            contract: self.contract,
            cards: self.cards.as_deref().map(copy_cards),
        }
    }
}

/// A copy of the cards played (see `Clone for Play`).
#[inline(never)]
fn copy_cards(cards: &PlayState) -> Box<PlayState> {
    Box::new(cards.clone())
}

impl Play {
    /// No contract, no card.
    pub const NONE: Play = Play {
        contract: None,
        cards: None,
    };

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

    /// The opening lead and the cards played: none before the opening lead.
    pub fn cards(&self) -> Option<&PlayState> {
        self.cards.as_deref()
    }

    /// The opening lead, once made (face down until faced).
    pub fn opening_lead(&self) -> Option<Card> {
        self.cards.as_deref().and_then(|p| p.lead)
    }

    /// L41A: the opening lead, face down, by the contract's opening leader (nothing without
    /// a contract).
    pub fn lay_opening_lead(&mut self, card: Card) {
        let Some(contract) = self.contract else { return };
        let play = self
            .cards
            .get_or_insert_with(|| Box::new(PlayState::new(contract.leader())));
        play.lead = Some(card);
    }

    /// A card played by (or for) `seat`; returns the trick it completed, as its number and
    /// winner (L44).
    pub fn play_card(&mut self, seat: Seat, card: Card) -> Option<(usize, Seat)> {
        let contract = self.contract?;
        let p = self.cards.as_deref_mut()?;
        p.current.push((seat, card));
        if p.current.len() < 4 {
            return None;
        }
        let cards = std::mem::take(&mut p.current);
        let w = crate::play::winner(&cards, contract);
        p.tricks.push(Trick { cards, winner: w });
        Some((p.tricks.len(), w))
    }

    /// L22: the final pass fixes `contract`.
    pub(super) fn fix_contract(&mut self, contract: Contract) {
        self.contract = Some(contract);
    }

    /// L41C: the face-down opening lead, faced, begins the first trick.
    pub(super) fn face_opening_lead(&mut self) {
        if let Some(p) = self.cards.as_deref_mut() {
            if let Some(card) = p.lead {
                p.current.push((p.leader, card));
            }
        }
    }

    /// L21B1, L25A5: the auction reopens: no contract, and a face-down opening lead
    /// returns to the hand.
    pub(super) fn reopen(&mut self) {
        self.contract = None;
        self.cards = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auction::Doubling;
    use crate::call::Call;

    /// 4H by South: West leads, North is dummy.
    fn four_hearts_by_south() -> Play {
        let Some(bid) = "4H".parse::<Call>().ok().and_then(Call::bid) else {
            panic!("4H is a bid")
        };
        let mut play = Play::NONE;
        play.fix_contract(Contract {
            bid,
            doubling: Doubling::Undoubled,
            declarer: Seat::S,
        });
        play
    }

    fn card(s: &str) -> Card {
        s.parse().expect("test card")
    }

    #[test]
    fn l22_the_contract_names_declarer_dummy_and_the_defenders() {
        let play = four_hearts_by_south();
        assert_eq!(play.declarer(), Some(Seat::S));
        assert!(play.is_dummy(Seat::N) && !play.is_dummy(Seat::S));
        assert!(play.is_defender(Seat::W) && play.is_defender(Seat::E) && !play.is_defender(Seat::N));
        assert!(!Play::NONE.is_defender(Seat::W) && Play::NONE.declarer().is_none());
    }

    #[test]
    fn l41a_without_a_contract_no_opening_lead_is_laid() {
        let mut play = Play::NONE;
        play.lay_opening_lead(card("SA"));
        assert_eq!(play.cards(), None);
    }

    #[test]
    fn l41_the_opening_lead_is_the_contracts_leaders_and_facing_it_begins_the_first_trick() {
        let mut play = four_hearts_by_south();
        play.lay_opening_lead(card("SA"));
        assert_eq!(play.opening_lead(), Some(card("SA")));
        assert_eq!(play.cards().map(|p| (p.leader, p.current.len())), Some((Seat::W, 0)));
        play.face_opening_lead();
        assert_eq!(
            play.cards().map(|p| p.current.clone()),
            Some(vec![(Seat::W, card("SA"))])
        );
    }

    #[test]
    fn l44_the_fourth_card_completes_the_trick_and_names_its_winner() {
        let mut play = four_hearts_by_south();
        play.lay_opening_lead(card("SA"));
        play.face_opening_lead();
        assert_eq!(play.play_card(Seat::N, card("S2")), None);
        assert_eq!(play.play_card(Seat::E, card("H2")), None);
        assert_eq!(play.play_card(Seat::S, card("SK")), Some((1, Seat::E)));
        assert_eq!(play.cards().map(|p| p.to_play()), Some(Some(Seat::E)));
    }

    #[test]
    fn l21b1_a_reopened_auction_returns_the_contract_and_the_lead() {
        let mut play = four_hearts_by_south();
        play.lay_opening_lead(card("SA"));
        play.reopen();
        assert_eq!(play, Play::NONE);
    }
}
