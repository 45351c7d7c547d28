//! A table's deal: the thirteen cards each seat was dealt, dealt by the server (shuffled by a
//! generator seeded from the system) or given by the admin when the table is created, stored
//! with the table. Each viewer is given only the hands he may see: a seat his own, dummy's
//! once the opening lead is faced (L41D: dummy's hand is spread after the opening lead is
//! faced), the Director every hand. Cards played leave the hand on the client, which
//! subtracts the cards its view shows played (`<bl-hand>`). A card led or played that is not
//! in the hand it comes from, or was played already, is refused before the engine sees it
//! (`Deal::card_not_held`).

use std::collections::{BTreeMap, HashSet};

use bridge_laws::Phase;
use bridge_laws::{Action, ActionKind, Actor, Card, Seat, Table, Viewer};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

/// Four hands of thirteen cards, 52 different cards in all (the invariant every constructor
/// checks), with each seat's cards as a set of bits (`held`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "BTreeMap<Seat, Vec<Card>>", into = "BTreeMap<Seat, Vec<Card>>")]
pub struct Deal {
    /// Each seat's thirteen cards, as dealt.
    hands: BTreeMap<Seat, Vec<Card>>,
    /// Each seat's cards as bits (`card_bit`), by `Seat::index`.
    held: [u64; 4],
}

/// The bit of `card` in a set of cards: `suit × 13 + rank − 2`.
fn card_bit(card: Card) -> u64 {
    1u64 << ((card.suit as u32) * 13 + u32::from(card.rank.saturating_sub(2)).min(12))
}

/// The set of `cards` as bits.
fn card_bits<'a>(cards: impl IntoIterator<Item = &'a Card>) -> u64 {
    cards.into_iter().fold(0, |set, c| set | card_bit(*c))
}

impl TryFrom<BTreeMap<Seat, Vec<Card>>> for Deal {
    type Error = String;

    /// The hands as given, if they are a deal: four seats, thirteen cards each, no card twice.
    fn try_from(hands: BTreeMap<Seat, Vec<Card>>) -> Result<Deal, String> {
        let mut seen = HashSet::new();
        for seat in Seat::ALL {
            let Some(hand) = hands.get(&seat) else {
                return Err(format!("deal: no hand for {seat:?}"));
            };
            if hand.len() != 13 {
                return Err(format!("deal: {seat:?} holds {} cards, not 13", hand.len()));
            }
            if let Some(twice) = hand.iter().find(|c| !seen.insert(**c)) {
                return Err(format!("deal: {twice} is dealt twice"));
            }
        }
        Ok(Deal::of(hands))
    }
}

impl From<Deal> for BTreeMap<Seat, Vec<Card>> {
    fn from(deal: Deal) -> Self {
        deal.hands
    }
}

impl Deal {
    /// The deal of `hands`, already checked to be one.
    fn of(hands: BTreeMap<Seat, Vec<Card>>) -> Deal {
        let mut held = [0; 4];
        for (seat, hand) in &hands {
            held[seat.index()] = card_bits(hand);
        }
        Deal { hands, held }
    }

    /// A shuffled deck dealt thirteen to each seat.
    pub fn random() -> Deal {
        let mut deck: Vec<Card> = "SHDC"
            .chars()
            .flat_map(|s| "23456789TJQKA".chars().map(move |r| format!("{s}{r}")))
            .filter_map(|c| c.parse().ok())
            .collect();
        deck.shuffle(&mut rand::rng());
        Deal::of(
            Seat::ALL
                .iter()
                .zip(deck.chunks(13))
                .map(|(s, h)| (*s, h.to_vec()))
                .collect(),
        )
    }

    /// The deal in `json` (`{"N": ["SA", …], "E": …}`), if it is one.
    ///
    /// # Errors
    /// Not four hands of thirteen different cards.
    pub fn parse(json: &str) -> Result<Deal, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    /// As stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Seat `seat`'s hand as dealt.
    pub fn hand(&self, seat: Seat) -> &[Card] {
        self.hands.get(&seat).map_or(&[], Vec::as_slice)
    }

    /// Why `action` may not be made with the cards dealt at `table`: its card — an opening
    /// lead, or a card played (from dummy by declarer, `from: dummy`) — is not in the hand it
    /// comes from, or was led or played already (L45A: a card is played from the hand it is in;
    /// the engine, without hands, checks only turn and repetition). `None`: no card, or one
    /// held; the Director's actions are left to the engine.
    pub fn card_not_held(&self, table: &Table, action: &Action) -> Option<String> {
        let (card, from_dummy) = match &action.kind {
            ActionKind::Lead { card } => (*card, false),
            ActionKind::Play { card, from } => (*card, from.is_some()),
            _ => return None,
        };
        let Actor::Seat(seat) = action.seat else {
            return None;
        };
        let hand = if from_dummy { seat.partner() } else { seat };
        // The lead (face down too) and every card played, as the Director sees them.
        let gone = table.view(Viewer::Director).play.map_or(0, |p| {
            let played = p.tricks.iter().flat_map(|t| t.cards.iter()).chain(p.current.iter());
            card_bits(p.lead.iter().chain(played.map(|(_, c)| c)))
        });
        if self.held[hand.index()] & !gone & card_bit(card) != 0 {
            return None;
        }
        let whose = if from_dummy {
            format!("dummy's hand ({hand})")
        } else {
            format!("{hand}'s hand")
        };
        Some(if self.held[hand.index()] & card_bit(card) == 0 {
            format!("{card} is not in {whose}")
        } else {
            format!("{card} has been played from {whose} already")
        })
    }

    /// The hands `viewer` may see at `table` now, as dealt.
    pub fn visible(&self, viewer: Viewer, table: &Table) -> BTreeMap<Seat, &[Card]> {
        Seat::ALL
            .into_iter()
            .filter(|s| match viewer {
                Viewer::Director => true,
                Viewer::Seat(own) => own == *s || dummy_faced(table) == Some(*s),
                Viewer::Spectator => dummy_faced(table) == Some(*s),
            })
            .map(|s| (s, self.hand(s)))
            .collect()
    }
}

/// The deal stored with `table`, if any (one that does not read as a deal is reported and
/// left out: the table is served without hands).
pub(crate) fn stored(table: &crate::store::StoredTable) -> Option<Deal> {
    let text = table.deal.as_deref()?;
    Deal::parse(text)
        .inspect_err(|e| eprintln!("table {}: stored deal not read: {e}", table.id))
        .ok()
}

/// Dummy, once the opening lead is faced (L41D); `None` before, and on a passed-out board.
pub fn dummy_faced(table: &Table) -> Option<Seat> {
    match table.phase() {
        Phase::Play | Phase::Ended => table.contract().map(|c| c.dummy()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_deal_gives_thirteen_different_cards_to_each_seat_and_deals_differ() {
        let a = Deal::random();
        let back = Deal::parse(&a.to_json()).expect("a random deal is a deal");
        assert_eq!(back, a);
        assert_ne!(Deal::random(), a, "two shuffles gave one deal");
    }

    #[test]
    fn hands_that_are_not_a_deal_are_refused() {
        let mut hands: BTreeMap<Seat, Vec<Card>> = Deal::random().into();
        let first = hands[&Seat::N][0];
        hands.get_mut(&Seat::E).unwrap()[0] = first;
        let text = serde_json::to_string(&hands).unwrap();
        assert!(Deal::parse(&text).unwrap_err().contains("twice"));
        hands.get_mut(&Seat::E).unwrap().pop();
        let text = serde_json::to_string(&hands).unwrap();
        assert!(Deal::parse(&text).unwrap_err().contains("12 cards"));
        assert!(Deal::parse(r#"{"N": ["SA"]}"#).is_err());
        assert!(Deal::parse(r#"{"N": "SA"}"#).is_err());
    }
}
