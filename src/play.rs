//! Card play as data (SPEC 5.7): the opening lead, tricks, whose turn it is (dummy's cards
//! are declarer's). The state's part that holds it with the contract is `state::Play`; the
//! rules that change it are in `procedure::play`.

use serde::{Deserialize, Serialize};

use crate::auction::Contract;
use crate::call::Seat;
use crate::card::Card;

/// A completed trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Trick {
    /// Cards in the order played.
    pub cards: Vec<(Seat, Card)>,
    /// Who won it.
    pub winner: Seat,
}

/// The opening lead and the cards played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayState {
    /// The opening leader.
    pub leader: Seat,
    /// The opening lead, once made (face down until faced).
    pub lead: Option<Card>,
    /// Completed tricks.
    pub tricks: Vec<Trick>,
    /// The trick in progress.
    pub current: Vec<(Seat, Card)>,
}

impl PlayState {
    /// Play state before the opening lead.
    pub fn new(leader: Seat) -> PlayState {
        PlayState {
            leader,
            lead: None,
            tricks: Vec::new(),
            current: Vec::new(),
        }
    }

    /// The hand due to play next (dummy's own seat when dummy's card is due).
    pub fn to_play(&self) -> Option<Seat> {
        if self.tricks.len() >= 13 {
            return None;
        }
        Some(match self.current.last() {
            Some((s, _)) => s.lho(),
            None => self.tricks.last().map_or(self.leader, |t| t.winner),
        })
    }

    /// The player who must act: declarer when dummy's card is due.
    pub fn turn_to_act(&self, contract: Option<Contract>) -> Option<Seat> {
        let s = self.to_play()?;
        Some(match contract {
            Some(c) if c.dummy() == s => c.declarer,
            _ => s,
        })
    }

    /// Every card played so far.
    pub fn played(&self) -> impl Iterator<Item = &(Seat, Card)> {
        self.tricks
            .iter()
            .flat_map(|t| t.cards.iter())
            .chain(self.current.iter())
    }

    /// Whether `seat` has played a card (declarer: from either hand; the leader: his lead,
    /// even face down).
    pub fn has_played(&self, seat: Seat, contract: Contract) -> bool {
        if seat == self.leader && self.lead.is_some() {
            return true;
        }
        self.played()
            .any(|(s, _)| *s == seat || (seat == contract.declarer && *s == contract.dummy()))
    }
}

/// The winner of a complete trick: the highest trump, else the highest card of the suit led.
pub fn winner(cards: &[(Seat, Card)], contract: Contract) -> Seat {
    let trump = contract.bid.strain.suit();
    let Some((&first, rest)) = cards.split_first() else {
        return contract.declarer;
    };
    let led = first.1.suit;
    let mut best = first;
    for &(s, c) in rest {
        let b = best.1;
        let beats = if Some(c.suit) == trump && Some(b.suit) != trump {
            true
        } else {
            c.suit == b.suit && c.rank > b.rank && (c.suit == led || Some(c.suit) == trump)
        };
        if beats {
            best = (s, c);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auction::Doubling;
    use crate::call::Call;

    #[test]
    fn a_trump_beats_the_suit_led_and_otherwise_the_highest_card_wins() {
        let Some(bid) = "4H".parse::<Call>().ok().and_then(Call::bid) else {
            panic!("4H is a bid")
        };
        let c = Contract {
            bid,
            doubling: Doubling::Undoubled,
            declarer: Seat::S,
        };
        let card = |s: &str| s.parse::<Card>().expect("test card");
        let t = [
            (Seat::W, card("SA")),
            (Seat::N, card("S2")),
            (Seat::E, card("H2")),
            (Seat::S, card("SK")),
        ];
        assert_eq!(winner(&t, c), Seat::E);
        let u = [
            (Seat::W, card("SQ")),
            (Seat::N, card("DA")),
            (Seat::E, card("S3")),
            (Seat::S, card("SK")),
        ];
        assert_eq!(winner(&u, c), Seat::S);
    }
}
