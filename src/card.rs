//! Playing cards, written `S2` … `SA` (T for ten; `10` also accepted on input), and hands
//! as sets of cards written suit by suit (PBN `AKQ.JT9..432`, LIN `SAKQHJT9C432`).
//!
//! The one reader and writer of ranks, cards and hands: the records and the boundary use
//! these (a suit's letter and symbol live with [`Suit`]).

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

/// The rank letters from the two up: a rank `r` is `RANKS[r - 2]`.
const RANKS: &[u8; 13] = b"23456789TJQKA";

/// The letter of rank 2–14: `2` … `9`, `T`, `J`, `Q`, `K`, `A`.
pub(crate) fn rank_letter(rank: u8) -> char {
    char::from(RANKS[usize::from(rank.saturating_sub(2)).min(12)])
}

/// The rank 2–14 of a letter in either case (`10` is read as `T` by the caller).
pub(crate) fn rank_named(b: u8) -> Option<u8> {
    let b = b.to_ascii_uppercase();
    RANKS.iter().position(|c| *c == b).map(|pos| pos as u8 + 2)
}

/// Every card's text, clubs first and each suit from the two up: card `suit × 13 + rank − 2`
/// (as `card_bit` numbers them) is the two letters at twice that.
const CARD_TEXTS: &str =
    "C2C3C4C5C6C7C8C9CTCJCQCKCAD2D3D4D5D6D7D8D9DTDJDQDKDAH2H3H4H5H6H7H8H9HTHJHQHKHAS2S3S4S5S6S7S8S9STSJSQSKSA";

impl Card {
    /// Its two letters (`SA`, `HT`), sliced from one text rather than written by the
    /// formatting machinery or checked as UTF-8: the one text that `Display` and `Serialize`
    /// write.
    fn text(self) -> &'static str {
        let at = 2 * (self.suit as usize * 13 + usize::from(self.rank.saturating_sub(2)).min(12));
        CARD_TEXTS.get(at..at + 2).unwrap_or("??")
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl FromStr for Card {
    type Err = ParseError;
    /// A suit letter in either case or a suit symbol, then a rank (`T` or `10` for ten).
    fn from_str(s: &str) -> Result<Card, ParseError> {
        let t = s.trim();
        let mut chars = t.chars();
        let suit = chars.next().and_then(|c| {
            let mut buf = [0u8; 4];
            let c = c.encode_utf8(&mut buf);
            match c.as_bytes() {
                [b] => Suit::from_letter(*b),
                _ => Suit::from_symbol(c),
            }
        });
        let rank = match chars.as_str().as_bytes() {
            b"10" => Some(10),
            [r] => rank_named(*r),
            _ => None,
        };
        match (suit, rank) {
            (Some(suit), Some(rank)) => Ok(Card { suit, rank }),
            _ => Err(ParseError::new("card", s)),
        }
    }
}

/// The bit of a card in a hand's set: `suit × 13 + rank − 2`, clubs first.
pub(crate) fn card_bit(suit: Suit, rank: u8) -> u64 {
    1u64 << (suit as u32 * 13 + u32::from(rank.saturating_sub(2)))
}

/// How a record writes a hand: spades first, then hearts, diamonds, clubs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HandStyle {
    /// PBN: the suits separated by dots, unnamed (`AKQ.JT9..432`).
    Dots,
    /// LIN: each suit named by its letter (`SAKQHJT9DC432`).
    Letters,
}

/// Reads a hand (a set of [`card_bit`]s) in `style`, ranks in either case, `10` for ten.
/// `None` when a character is not a card (or a LIN rank comes before any suit).
pub(crate) fn parse_hand(text: &str, style: HandStyle) -> Option<u64> {
    let mut h = 0u64;
    let mut suit = match style {
        HandStyle::Dots => Some(Suit::Spades),
        HandStyle::Letters => None,
    };
    let mut k = 0usize;
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        match style {
            HandStyle::Dots if c == b'.' => {
                k += 1;
                suit = Suit::HIGH_FIRST.get(k).copied();
                continue;
            }
            HandStyle::Letters if Suit::from_letter(c).is_some() => {
                suit = Suit::from_letter(c);
                continue;
            }
            _ => {}
        }
        let rank = if c == b'1' && b.get(i) == Some(&b'0') {
            i += 1;
            10
        } else {
            rank_named(c)?
        };
        h |= card_bit(suit?, rank);
    }
    Some(h)
}

/// Writes a hand (a set of [`card_bit`]s) in `style`, ranks from the ace down.
pub(crate) fn write_hand(h: u64, style: HandStyle) -> String {
    let mut out = String::with_capacity(20);
    for (k, suit) in Suit::HIGH_FIRST.into_iter().enumerate() {
        match style {
            HandStyle::Dots if k > 0 => out.push('.'),
            HandStyle::Dots => {}
            HandStyle::Letters => out.push(suit.letter()),
        }
        for r in (2..=14).rev() {
            if h & card_bit(suit, r) != 0 {
                out.push(rank_letter(r));
            }
        }
    }
    out
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.text())
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
    fn every_card_writes_its_suit_letter_then_its_rank_letter() {
        for suit in Suit::HIGH_FIRST {
            for rank in 2..=14 {
                let text = Card { suit, rank }.to_string();
                assert_eq!(text, format!("{}{}", suit.letter(), rank_letter(rank)));
            }
        }
    }

    #[test]
    fn cards_round_trip_and_ten_has_two_spellings() {
        assert_eq!("s10".parse::<Card>(), "ST".parse::<Card>());
        for t in ["S2", "HT", "DQ", "CA", "SK"] {
            assert_eq!(t.parse::<Card>().map(|c| c.to_string()), Ok(t.to_string()));
        }
        assert!("S1".parse::<Card>().is_err() && "X2".parse::<Card>().is_err());
    }

    #[test]
    fn a_card_reads_with_a_suit_symbol_in_either_case_and_with_ten_written_10() {
        for (text, want) in [("♠a", "SA"), ("h10", "HT"), (" dq ", "DQ"), ("♣2", "C2")] {
            assert_eq!(
                text.parse::<Card>().map(|c| c.to_string()),
                Ok(want.to_string()),
                "{text}"
            );
        }
        for bad in ["", "S", "SAK", "S11", "♠", "1S", "ST0"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_hand_reads_back_as_written_in_both_styles() {
        let pbn = "AKQ.JT9..5432";
        let h = parse_hand(pbn, HandStyle::Dots).expect("a PBN hand");
        assert_eq!(h.count_ones(), 10);
        assert_eq!(write_hand(h, HandStyle::Dots), pbn);
        assert_eq!(write_hand(h, HandStyle::Letters), "SAKQHJT9DC5432");
        assert_eq!(parse_hand("sakqhj109dc5432", HandStyle::Letters), Some(h));
        assert_eq!(parse_hand("AKQ.J109..5432", HandStyle::Dots), Some(h));
    }

    #[test]
    fn a_hand_with_a_stray_character_is_not_read() {
        assert_eq!(parse_hand("AKX.J..", HandStyle::Dots), None);
        assert_eq!(parse_hand("AK", HandStyle::Letters), None, "a rank before any suit");
        assert_eq!(parse_hand("A.K.Q.J.T", HandStyle::Dots), None, "a fifth suit");
    }
}
