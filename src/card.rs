//! Playing cards, written `S2` … `SA` (T for ten; `10` also accepted on input).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::call::{ParseError, Suit};

/// A card: suit and rank 2–14 (ace high).
/// (TypeScript: the literal union `Card` in src/wasm.rs.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    /// The suit.
    pub suit: Suit,
    /// Rank 2–14; 11 jack, 12 queen, 13 king, 14 ace.
    pub rank: u8,
}

const RANKS: &[u8; 13] = b"23456789TJQKA";

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = RANKS[usize::from(self.rank.saturating_sub(2)).min(12)] as char;
        write!(f, "{}{}", self.suit.letter(), r)
    }
}

impl FromStr for Card {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Card, ParseError> {
        let t = s.trim();
        let mut chars = t.chars();
        let suit = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('S' | '♠') => Suit::Spades,
            Some('H' | '♥') => Suit::Hearts,
            Some('D' | '♦') => Suit::Diamonds,
            Some('C' | '♣') => Suit::Clubs,
            _ => return Err(ParseError::new("card", s)),
        };
        let rank = match chars.as_str() {
            "10" => b'T',
            r if r.len() == 1 => r.as_bytes()[0].to_ascii_uppercase(),
            _ => return Err(ParseError::new("card", s)),
        };
        let pos = RANKS
            .iter()
            .position(|c| *c == rank)
            .ok_or_else(|| ParseError::new("card", s))?;
        Ok(Card {
            suit,
            rank: pos as u8 + 2,
        })
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        crate::call::from_text(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_round_trip_and_ten_has_two_spellings() {
        assert_eq!("s10".parse::<Card>(), "ST".parse::<Card>());
        for t in ["S2", "HT", "DQ", "CA", "SK"] {
            assert_eq!(t.parse::<Card>().map(|c| c.to_string()), Ok(t.to_string()));
        }
        assert!("S1".parse::<Card>().is_err() && "X2".parse::<Card>().is_err());
    }
}
