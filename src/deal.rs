//! The deal a table may be given (`TableOptions.deal`): each seat's known cards, whole or
//! partial, never a card twice and never more than 13 in a hand. Read from a PBN deal
//! string (PBN 2.1 §3.4.11: `N:KQT2.AT.J6542.85 …`, the first seat given then clockwise,
//! `-` for an unknown hand) or from `{N: ["SK", …], E: …}`; written back as the PBN string
//! from North. [`CardSet`] is a set of cards, one bit each.

use std::fmt;

use serde::de::{Error as _, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::call::{Seat, Suit};
use crate::card::{card_bit, parse_hand, write_hand, Card, HandStyle};

/// A set of cards: bit `suit × 13 + rank − 2`, clubs first (`card::card_bit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

/// The thirteen cards of one suit, from the two up, as a hand's bits (clubs).
const SUIT_BITS: u64 = (1 << 13) - 1;

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);

    /// The hand of these bits (`card::card_bit`), those of the 52 cards only.
    pub(crate) const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ((1 << 52) - 1))
    }

    /// The bits of the hand.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// How many cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether it holds no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether it holds `card`.
    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.0 & card_bit(card.suit, card.rank) != 0
    }

    /// The hand with `card` added.
    pub fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | card_bit(card.suit, card.rank))
    }

    /// The hand without `card`.
    #[inline]
    pub fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !card_bit(card.suit, card.rank))
    }

    /// Its cards of `suit`.
    #[inline]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (SUIT_BITS << (suit as u32 * 13)))
    }

    /// The cards in both hands.
    pub const fn and(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of either hand.
    pub const fn or(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Its cards, spades first and each suit from the ace down, as a record writes them.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        Cards(self.0 & ((1 << 52) - 1))
    }

    /// The hand as PBN writes it (`AKQ.JT9..432`).
    pub fn to_pbn(self) -> String {
        write_hand(self.0, HandStyle::Dots)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        iter.into_iter().fold(CardSet::EMPTY, CardSet::with)
    }
}

/// A hand's cards from the highest bit down: spades first, each suit from the ace down
/// (bit `suit × 13 + rank − 2`, spades the highest suit). One small loop over the bits
/// rather than a chain of iterator adapters, which the module would hold once per use.
struct Cards(u64);

impl Iterator for Cards {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = 63 - self.0.leading_zeros();
        self.0 &= !(1 << bit);
        // Bits 0–12 clubs … 39–51 spades: `HIGH_FIRST` is spades first.
        let suit = Suit::HIGH_FIRST[3 - (bit / 13) as usize];
        Some(Card {
            suit,
            rank: (bit % 13) as u8 + 2,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cards {}

/// Written as its list of cards, spades first (`["SA", "SK", …]`).
impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cards())
    }
}

/// Why cards given as a deal are not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// The text is not a PBN deal: `N:` (a seat and a colon), then four hands or `-`.
    NotPbn(String),
    /// A hand holds more than 13 cards.
    TooManyCards(Seat, u32),
    /// A card is given in two hands, or twice in one.
    Twice(Card),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::NotPbn(t) => write!(
                f,
                "deal `{}` is not a PBN deal (`N:` then four hands such as `AKQ.JT9.8765.432`, `-` for an unknown one)",
                t
            ),
            DealError::TooManyCards(seat, n) => write!(f, "deal: {seat} is given {n} cards; a hand holds 13"),
            DealError::Twice(card) => write!(f, "deal: card {card} is given twice"),
        }
    }
}

/// The cards each seat is known to hold when the board starts: at most 13 a hand, no card
/// in two hands. A seat may be given all his cards, some, or none (a partial deal: a site
/// that shows one hand gives that hand only).
///
/// Boxed: a table without a deal (the usual case) keeps one word for it, not four.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    /// By seat index (N, E, S, W).
    hands: Box<[CardSet; 4]>,
}

impl Deal {
    /// The deal of these hands.
    ///
    /// # Errors
    /// A hand of more than 13 cards, or a card in two hands.
    pub fn new(hands: [CardSet; 4]) -> Result<Deal, DealError> {
        let mut seen = CardSet::EMPTY;
        for (i, h) in hands.iter().enumerate() {
            if h.len() > 13 {
                return Err(DealError::TooManyCards(Seat::from_index(i), h.len()));
            }
            if let Some(card) = seen.and(*h).cards().next() {
                return Err(DealError::Twice(card));
            }
            seen = seen.or(*h);
        }
        Ok(Deal { hands: Box::new(hands) })
    }

    /// A PBN deal string: `S:` (the first seat given), then the hands clockwise from him,
    /// each `spades.hearts.diamonds.clubs` or `-` (unknown), separated by spaces.
    ///
    /// # Errors
    /// [`DealError::NotPbn`] for text that is not one, then as [`Deal::new`].
    pub fn from_pbn(text: &str) -> Result<Deal, DealError> {
        let bad = || DealError::NotPbn(text.to_owned());
        let t = text.trim();
        let (first, rest) = t.split_once(':').ok_or_else(bad)?;
        let first: Seat = first.trim().parse().map_err(|_| bad())?;
        let mut hands = [CardSet::EMPTY; 4];
        let mut seat = first;
        let mut given = 0;
        for part in rest.split_whitespace() {
            if given == 4 {
                return Err(bad());
            }
            if part != "-" {
                // Four suits: three dots (`..` an empty suit).
                if part.bytes().filter(|b| *b == b'.').count() != 3 {
                    return Err(bad());
                }
                let bits = parse_hand(part, HandStyle::Dots).ok_or_else(bad)?;
                let h = CardSet::from_bits(bits);
                // A card written twice in one hand.
                let written = part.bytes().filter(|b| *b != b'.' && *b != b'0').count();
                if written as u32 != h.len() {
                    return Err(duplicate_in(part).map_or_else(bad, DealError::Twice));
                }
                hands[seat.index()] = h;
            }
            seat = seat.lho();
            given += 1;
        }
        if given != 4 {
            return Err(bad());
        }
        Deal::new(hands)
    }

    /// The cards `seat` is known to hold when the board starts.
    #[inline]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// Whether all 13 cards of `seat` are known.
    #[inline]
    pub fn is_whole(&self, seat: Seat) -> bool {
        self.hand(seat).len() == 13
    }

    /// The deal as a PBN deal string from North (`N:AKQ.JT9.8765.432 - …`; `-` a hand of which
    /// no card is known).
    pub fn to_pbn(&self) -> String {
        let mut s = String::with_capacity(72);
        s.push_str("N:");
        for (i, h) in self.hands.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            if h.is_empty() {
                s.push('-');
            } else {
                s.push_str(&h.to_pbn());
            }
        }
        s
    }
}

/// The first card written twice in a PBN hand.
fn duplicate_in(hand: &str) -> Option<Card> {
    let mut seen = CardSet::EMPTY;
    for (k, suit_text) in hand.split('.').enumerate() {
        let suit = *Suit::HIGH_FIRST.get(k)?;
        let b = suit_text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let rank = if b[i] == b'1' && b.get(i + 1) == Some(&b'0') {
                i += 1;
                10
            } else {
                crate::card::rank_named(b[i])?
            };
            i += 1;
            let card = Card { suit, rank };
            if seen.contains(card) {
                return Some(card);
            }
            seen = seen.with(card);
        }
    }
    None
}

/// Written as the PBN deal string from North.
impl Serialize for Deal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_pbn())
    }
}

/// Read from a PBN deal string or from `{N: [cards], E: …}` (a seat left out: none of his
/// cards known).
impl<'de> Deserialize<'de> for Deal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Deal, D::Error> {
        d.deserialize_any(DealVisitor)
    }
}

struct DealVisitor;

impl<'de> Visitor<'de> for DealVisitor {
    type Value = Deal;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a PBN deal string or {N: [cards], E: …}")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Deal, E> {
        Deal::from_pbn(v).map_err(E::custom)
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Deal, M::Error> {
        let mut hands = [CardSet::EMPTY; 4];
        let mut given = [false; 4];
        while let Some(key) = map.next_key::<String>()? {
            let seat: Seat = key
                .parse()
                .map_err(|_| M::Error::custom(format_args!("deal: `{}` is not a seat (N, E, S, W)", key)))?;
            if std::mem::replace(&mut given[seat.index()], true) {
                return Err(M::Error::custom(format_args!("deal: {seat} is given twice")));
            }
            hands[seat.index()] = map.next_value::<CardSet>()?;
        }
        Deal::new(hands).map_err(M::Error::custom)
    }
}

/// Read as a hand's list of cards: at most 13, none twice.
impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        struct Cards;
        impl<'de> Visitor<'de> for Cards {
            type Value = CardSet;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of at most 13 cards")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CardSet, A::Error> {
                let mut h = CardSet::EMPTY;
                let mut n = 0u32;
                while let Some(card) = seq.next_element::<Card>()? {
                    n += 1;
                    if n > 13 {
                        return Err(A::Error::custom("deal: a hand holds 13 cards"));
                    }
                    if h.contains(card) {
                        return Err(A::Error::custom(DealError::Twice(card)));
                    }
                    h = h.with(card);
                }
                Ok(h)
            }
        }
        d.deserialize_seq(Cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHOLE: &str = "N:KQT2.AT.J6542.85 A8654.KQ5.T.QJT6 J973.J98742.3.K4 .63.AKQ987.A9732";

    fn card(s: &str) -> Card {
        s.parse().expect("test card")
    }

    #[test]
    fn a_whole_pbn_deal_reads_back_as_written_from_north() {
        let d = Deal::from_pbn(WHOLE).expect("a deal");
        assert!(Seat::ALL.iter().all(|s| d.is_whole(*s)));
        assert_eq!(d.to_pbn(), WHOLE);
        assert!(d.hand(Seat::N).contains(card("SK")) && d.hand(Seat::W).contains(card("CA")));
    }

    #[test]
    fn a_deal_given_from_another_seat_names_the_same_hands() {
        let from_east = "E:A8654.KQ5.T.QJT6 J973.J98742.3.K4 .63.AKQ987.A9732 KQT2.AT.J6542.85";
        assert_eq!(Deal::from_pbn(from_east), Deal::from_pbn(WHOLE));
    }

    #[test]
    fn a_partial_deal_keeps_the_known_cards_and_writes_a_dash_for_an_unknown_hand() {
        let d = Deal::from_pbn("S:- - KQT2.AT.J6542.85 -").expect("a partial deal");
        assert_eq!(d.to_pbn(), "N:KQT2.AT.J6542.85 - - -");
        assert!(d.is_whole(Seat::N) && !d.is_whole(Seat::E) && d.hand(Seat::E).is_empty());
    }

    #[test]
    fn a_card_in_two_hands_is_named() {
        let e = Deal::from_pbn("N:A... A... - -");
        assert_eq!(e, Err(DealError::Twice(card("SA"))));
        assert_eq!(Deal::from_pbn("N:AA... - - -"), Err(DealError::Twice(card("SA"))));
        assert!(DealError::Twice(card("SA")).to_string().contains("SA"));
    }

    #[test]
    fn a_hand_of_fourteen_cards_is_refused() {
        let e = Deal::from_pbn("N:AKQJT98765432.A.. - - -");
        assert_eq!(e, Err(DealError::TooManyCards(Seat::N, 14)));
    }

    #[test]
    fn text_that_is_not_a_pbn_deal_is_refused() {
        for bad in [
            "",
            "KQT2.AT.J6542.85",
            "X:- - - -",
            "N:- - -",
            "N:- - - - -",
            "N:AK.Q - - -",
            "N:AX... - - -",
        ] {
            assert!(matches!(Deal::from_pbn(bad), Err(DealError::NotPbn(_))), "{bad:?}");
        }
    }

    #[test]
    fn a_deal_reads_from_json_as_a_string_or_as_lists_of_cards() {
        let from_text: Deal = serde_json::from_str(&format!("\"{WHOLE}\"")).expect("a string");
        let from_lists: Deal = serde_json::from_str(r#"{"N": ["SK", "SQ", "S10"], "W": ["CA"]}"#).expect("lists");
        assert_eq!(from_text.hand(Seat::N).len(), 13);
        assert_eq!(from_lists.to_pbn(), "N:KQT... - - ...A");
        let twice = serde_json::from_str::<Deal>(r#"{"N": ["SK"], "E": ["SK"]}"#);
        assert!(twice.is_err_and(|e| e.to_string().contains("SK")));
        let not_seat = serde_json::from_str::<Deal>(r#"{"X": []}"#);
        assert!(not_seat.is_err_and(|e| e.to_string().contains("not a seat")));
    }

    #[test]
    fn a_hand_lists_its_cards_spades_first_from_the_ace_down() {
        let h: CardSet = ["C2", "SA", "HT", "S3"].into_iter().map(card).collect();
        let order: Vec<String> = h.cards().map(|c| c.to_string()).collect();
        assert_eq!(order, ["SA", "S3", "HT", "C2"]);
        assert_eq!(h.of_suit(Suit::Spades).len(), 2);
        assert!(!h.without(card("SA")).contains(card("SA")));
    }
}
