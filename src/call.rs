//! The vocabulary of the auction: seats, sides, strains, levels, bids and calls (Law 18).
//!
//! Accepted call syntax (SPEC §1), case-insensitive, surrounding spaces ignored:
//! - pass: `P`, `Pass`; double: `X`, `Dbl`, `D`; redouble: `XX`, `Rdbl`, `R`
//! - a bid: a level `1`–`7` followed by a strain `C D H S NT`, `N` for notrump, or a suit
//!   symbol `♣ ♦ ♥ ♠` (also written `S` for spades). Output is canonical: `P`, `X`, `XX`,
//!   `1NT`, `4S`.
//!
//! A level above seven is not representable: "8NT" is a parse error, never a call (L38).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seat at the table, clockwise N → E → S → W.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Seat {
    /// North.
    N,
    /// East.
    E,
    /// South.
    S,
    /// West.
    W,
}

impl Seat {
    /// All four seats, clockwise from North.
    pub const ALL: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

    /// Position 0–3 clockwise from North.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat at position `i` (mod 4) clockwise from North.
    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The next seat clockwise: the left-hand opponent (LHO).
    pub const fn lho(self) -> Seat {
        Seat::from_index(self.index() + 1)
    }

    /// The partner, across the table.
    pub const fn partner(self) -> Seat {
        Seat::from_index(self.index() + 2)
    }

    /// The previous seat clockwise: the right-hand opponent (RHO).
    pub const fn rho(self) -> Seat {
        Seat::from_index(self.index() + 3)
    }

    /// The side this seat plays for.
    pub const fn side(self) -> Side {
        // N and S are the even seats: a test of one bit, not a jump on the seat.
        if self.index() & 1 == 0 {
            Side::NS
        } else {
            Side::EW
        }
    }

    /// Whether `other` sits on the other side.
    pub const fn is_opponent_of(self, other: Seat) -> bool {
        (self.index() ^ other.index()) & 1 == 1
    }

    /// The letter of the seat.
    pub const fn letter(self) -> char {
        match self {
            Seat::N => 'N',
            Seat::E => 'E',
            Seat::S => 'S',
            Seat::W => 'W',
        }
    }

    /// Its letter as text: `N`, `E`, `S`, `W`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Seat::N => "N",
            Seat::E => "E",
            Seat::S => "S",
            Seat::W => "W",
        }
    }

    /// The seat of an upper-case letter `N`, `E`, `S`, `W` (records fold case first).
    pub(crate) const fn from_letter(b: u8) -> Option<Seat> {
        match b {
            b'N' => Some(Seat::N),
            b'E' => Some(Seat::E),
            b'S' => Some(Seat::S),
            b'W' => Some(Seat::W),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Exactly SPEC §1's spellings `N`, `E`, `S`, `W`: not `n`, `North` or ` N` (one strict
/// reader for actions, options, views and scenarios, as serde's for `Seat`).
impl FromStr for Seat {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Seat, ParseError> {
        match s.as_bytes() {
            [b] => Seat::from_letter(*b),
            _ => None,
        }
        .ok_or_else(|| ParseError::new("seat", s))
    }
}

/// A partnership.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Side {
    /// North and South.
    NS,
    /// East and West.
    EW,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::NS => Side::EW,
            Side::EW => Side::NS,
        }
    }
}

/// A denomination, ranking upwards C < D < H < S < NT (L18E). (Its TypeScript name is
/// `StrainName`, declared in `action`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strain {
    /// Clubs.
    Clubs,
    /// Diamonds.
    Diamonds,
    /// Hearts.
    Hearts,
    /// Spades.
    Spades,
    /// Notrump.
    NoTrump,
}

impl Strain {
    /// All strains from the lowest.
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// Canonical text: `C D H S NT`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        }
    }

    /// The strains' canonical texts joined by ", " (`C, D, S`), as messages list them.
    pub(crate) fn list(strains: &[Strain]) -> String {
        let mut s = String::new();
        for (k, strain) in strains.iter().enumerate() {
            s.push_str(if k > 0 { ", " } else { "" });
            s.push_str(strain.as_str());
        }
        s
    }

    /// The strain as shown to a player: a suit symbol `♣ ♦ ♥ ♠`, or `NT`.
    #[cfg_attr(not(feature = "wasm"), allow(dead_code))]
    pub(crate) const fn symbol(self) -> &'static str {
        match self.suit() {
            Some(suit) => suit.symbol(),
            None => "NT",
        }
    }

    /// The suit of a strain, `None` for notrump.
    pub const fn suit(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }
}

impl FromStr for Strain {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Strain, ParseError> {
        Strain::named(s.trim()).ok_or_else(|| ParseError::new("strain", s))
    }
}

impl Strain {
    /// The strain `t` names: a letter or `NT` in any case, or a suit symbol. Compared byte
    /// by byte, without a copy: parsing allocates nothing.
    fn named(t: &str) -> Option<Strain> {
        match t.as_bytes() {
            [b'N' | b'n'] => Some(Strain::NoTrump),
            [n, t] if n.eq_ignore_ascii_case(&b'N') && t.eq_ignore_ascii_case(&b'T') => Some(Strain::NoTrump),
            [letter] => Suit::from_letter(*letter).map(Strain::from),
            _ => Suit::from_symbol(t).map(Strain::from),
        }
    }
}

impl Strain {
    /// The strain of a suit (a `const` [`From`]).
    pub(crate) const fn of_suit(suit: Suit) -> Strain {
        match suit {
            Suit::Clubs => Strain::Clubs,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Hearts => Strain::Hearts,
            Suit::Spades => Strain::Spades,
        }
    }
}

impl From<Suit> for Strain {
    fn from(suit: Suit) -> Strain {
        Strain::of_suit(suit)
    }
}

/// A suit of cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Clubs.
    Clubs,
    /// Diamonds.
    Diamonds,
    /// Hearts.
    Hearts,
    /// Spades.
    Spades,
}

impl Suit {
    /// The suits from spades down, the order in which records write a hand.
    pub(crate) const HIGH_FIRST: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Canonical letter.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit symbol shown to a player: `♣ ♦ ♥ ♠`.
    pub(crate) const fn symbol(self) -> &'static str {
        match self {
            Suit::Clubs => "♣",
            Suit::Diamonds => "♦",
            Suit::Hearts => "♥",
            Suit::Spades => "♠",
        }
    }

    /// The suit of a letter `C D H S` in either case.
    pub(crate) const fn from_letter(b: u8) -> Option<Suit> {
        match b.to_ascii_uppercase() {
            b'C' => Some(Suit::Clubs),
            b'D' => Some(Suit::Diamonds),
            b'H' => Some(Suit::Hearts),
            b'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit of a symbol `♣ ♦ ♥ ♠`.
    pub(crate) fn from_symbol(t: &str) -> Option<Suit> {
        Suit::HIGH_FIRST.into_iter().find(|s| s.symbol() == t)
    }
}

/// The number of odd tricks of a bid, 1–7: "8NT" cannot be represented.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Level {
    /// One.
    One = 1,
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
}

impl Level {
    /// All levels from one.
    pub const ALL: [Level; 7] = [
        Level::One,
        Level::Two,
        Level::Three,
        Level::Four,
        Level::Five,
        Level::Six,
        Level::Seven,
    ];

    /// The level as a number 1–7.
    pub const fn get(self) -> u8 {
        self as u8
    }

    /// The level for a number, `None` outside 1–7.
    pub const fn new(n: u8) -> Option<Level> {
        match n {
            1..=7 => Some(Level::ALL[(n - 1) as usize]),
            _ => None,
        }
    }
}

/// A bid: a level and a strain (L18A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bid {
    /// Odd tricks contracted for.
    pub level: Level,
    /// The denomination.
    pub strain: Strain,
}

impl Bid {
    /// A bid from its parts.
    pub const fn new(level: Level, strain: Strain) -> Bid {
        Bid { level, strain }
    }

    /// All 35 bids from 1C to 7NT.
    pub fn all() -> impl Iterator<Item = Bid> {
        Level::ALL
            .into_iter()
            .flat_map(|level| Strain::ALL.into_iter().map(move |strain| Bid { level, strain }))
    }

    /// Whether this bid supersedes `other` (L18B): higher level, or same level and higher strain.
    pub fn supersedes(self, other: Bid) -> bool {
        self > other
    }

    /// The lowest bid in `strain` that supersedes `over` (L27B1a), `None` above 7.
    pub fn lowest_sufficient(strain: Strain, over: Bid) -> Option<Bid> {
        Level::ALL
            .into_iter()
            .map(|level| Bid { level, strain })
            .find(|b| b.supersedes(over))
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Call::Bid(*self).as_str())
    }
}

/// A call: pass, double, redouble or a bid.
/// (TypeScript: the literal union `Call` in src/wasm.rs.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// Pass.
    Pass,
    /// Double.
    Double,
    /// Redouble.
    Redouble,
    /// A bid.
    Bid(Bid),
}

impl Call {
    /// The bid inside, if any.
    pub const fn bid(self) -> Option<Bid> {
        match self {
            Call::Bid(b) => Some(b),
            _ => None,
        }
    }

    /// Whether this is a pass.
    pub const fn is_pass(self) -> bool {
        matches!(self, Call::Pass)
    }

    /// Canonical text: `P`, `X`, `XX`, `1C` … `7NT`.
    pub fn as_str(self) -> &'static str {
        CALL_NAMES
            .get(usize::from(self.order_key()))
            .copied()
            .unwrap_or_default()
    }

    /// The call as shown to a player: `Pass`, `Dbl`, `Rdbl`, `1♣` … `7NT` (the package's
    /// `formatCall`).
    #[cfg_attr(not(feature = "wasm"), allow(dead_code))]
    pub(crate) fn shown(self) -> String {
        match self {
            Call::Pass => "Pass".into(),
            Call::Double => "Dbl".into(),
            Call::Redouble => "Rdbl".into(),
            Call::Bid(b) => {
                let mut s = String::with_capacity(4);
                s.push(char::from(b'0' + b.level.get()));
                s.push_str(b.strain.symbol());
                s
            }
        }
    }

    /// Sort key of the canonical order: P, X, XX, then bids from the lowest.
    pub fn order_key(self) -> u8 {
        match self {
            Call::Pass => 0,
            Call::Double => 1,
            Call::Redouble => 2,
            Call::Bid(b) => 3 + (b.level.get() - 1) * 5 + b.strain as u8,
        }
    }
}

/// Every call's canonical text, in the order of `Call::order_key`.
const CALL_NAMES: [&str; 38] = [
    "P", "X", "XX", "1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2S", "2NT", "3C", "3D", "3H", "3S", "3NT", "4C",
    "4D", "4H", "4S", "4NT", "5C", "5D", "5H", "5S", "5NT", "6C", "6D", "6H", "6S", "6NT", "7C", "7D", "7H", "7S",
    "7NT",
];

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Call {
    /// The call an exact canonical name spells (`P`, `X`, `XX`, `1C` … `7NT`), the form
    /// every record and site sends: read in a few compares before the general parse.
    fn from_exact(b: &[u8]) -> Option<Call> {
        let strain = |rest: &[u8]| Strain::ALL.into_iter().find(|s| s.as_str().as_bytes() == rest);
        match b {
            b"P" => Some(Call::Pass),
            b"X" => Some(Call::Double),
            b"XX" => Some(Call::Redouble),
            [d, rest @ ..] => {
                let level = Level::new(d.checked_sub(b'0')?)?;
                Some(Call::Bid(Bid::new(level, strain(rest)?)))
            }
            [] => None,
        }
    }
}

impl FromStr for Call {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Call, ParseError> {
        if let Some(call) = Call::from_exact(s.as_bytes()) {
            return Ok(call);
        }
        let t = s.trim();
        // A bid: a level digit, then a strain (compared without case or copy: parsing
        // allocates nothing).
        let level = t
            .as_bytes()
            .first()
            .and_then(|d| d.checked_sub(b'0'))
            .and_then(Level::new);
        if let Some(level) = level {
            let strain = t.get(1..).and_then(|rest| Strain::named(rest.trim()));
            return strain
                .map(|strain| Call::Bid(Bid::new(level, strain)))
                .ok_or_else(|| ParseError::new("call", s));
        }
        let is = |words: &[&str]| words.iter().any(|w| t.eq_ignore_ascii_case(w));
        if is(&["P", "PASS"]) {
            Ok(Call::Pass)
        } else if is(&["X", "D", "DBL", "DOUBLE"]) {
            Ok(Call::Double)
        } else if is(&["XX", "R", "RDBL", "REDOUBLE"]) {
            Ok(Call::Redouble)
        } else {
            Err(ParseError::new("call", s))
        }
    }
}

impl Serialize for Strain {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        fixed_name(s, self.as_str())
    }
}

impl<'de> Deserialize<'de> for Strain {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strain, D::Error> {
        from_text(d)
    }
}

impl Serialize for Bid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        fixed_name(s, Call::Bid(*self).as_str())
    }
}

impl Serialize for Call {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        fixed_name(s, self.as_str())
    }
}

impl<'de> Deserialize<'de> for Call {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Call, D::Error> {
        from_text(d)
    }
}

/// Reads a value from its text with `FromStr`, borrowing the text where the reader lends it
/// (no `String` is made for a seat, a call or a card).
///
/// # Errors
/// A string is expected; the parse error otherwise.
pub fn from_text<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: fmt::Display,
{
    struct Text<T>(std::marker::PhantomData<T>);
    impl<T> serde::de::Visitor<'_> for Text<T>
    where
        T: std::str::FromStr,
        T::Err: fmt::Display,
    {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
            v.parse().map_err(E::custom)
        }
    }
    d.deserialize_str(Text(std::marker::PhantomData))
}

/// Writes one of the crate's fixed names (a seat, call, law, code…) as a string. It goes
/// as a unit variant, which every serializer the crate uses writes as its name: JSON text
/// the same as a string, and serde-wasm-bindgen from one JS string kept per name, where a
/// string is decoded into a new JS string each time (a fifth of `apply` in the browser).
///
/// # Errors
/// The serializer's.
pub fn fixed_name<S: Serializer>(s: S, name: &'static str) -> Result<S::Ok, S::Error> {
    s.serialize_unit_variant("", 0, name)
}

/// A value for each seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// The value for `seat`.
    pub fn get(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }

    /// The value for `seat`, mutably.
    pub fn get_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// Text that is not a seat, call, strain or card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What was expected ("call", "seat", …).
    pub expected: &'static str,
    /// The text received (cut to 40 characters).
    pub got: String,
}

impl ParseError {
    /// A parse error for `got`, which should have been a `expected`.
    pub fn new(expected: &'static str, got: &str) -> ParseError {
        ParseError {
            expected,
            got: got.chars().take(40).collect(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a {}", self.got, self.expected)
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_strains_names_each_once_in_order_separated_by_commas() {
        assert_eq!(Strain::list(&[]), "");
        assert_eq!(Strain::list(&[Strain::NoTrump]), "NT");
        assert_eq!(
            Strain::list(&[Strain::Clubs, Strain::Diamonds, Strain::Spades]),
            "C, D, S"
        );
    }

    #[test]
    fn every_calls_name_is_its_level_and_strain_and_reads_back_as_the_call() {
        let mut calls = vec![Call::Pass, Call::Double, Call::Redouble];
        calls.extend(Bid::all().map(Call::Bid));
        assert_eq!(calls.len(), CALL_NAMES.len());
        for c in calls {
            let expected = match c {
                Call::Pass => "P".to_string(),
                Call::Double => "X".to_string(),
                Call::Redouble => "XX".to_string(),
                Call::Bid(b) => format!("{}{}", b.level.get(), b.strain.as_str()),
            };
            assert_eq!(c.as_str(), expected);
            assert_eq!(c.as_str().parse::<Call>(), Ok(c));
            assert_eq!(Call::from_exact(c.as_str().as_bytes()), Some(c), "the quick read");
            assert_eq!(serde_json::to_string(&c).ok(), Some(format!("\"{expected}\"")));
        }
    }

    #[test]
    fn only_a_canonical_name_takes_the_quick_read_and_the_rest_the_full_parse() {
        for text in [
            "pass", "1nt", "1N", " 1C", "1C ", "8NT", "0C", "1", "", "NT", "1NTX", "XXX",
        ] {
            assert_eq!(Call::from_exact(text.as_bytes()), None, "{text:?}");
        }
        for bad in ["8NT", "0C", "1", "", "1NTX", "XXX", "1CC"] {
            assert!(bad.parse::<Call>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_call_fits_in_two_bytes() {
        assert!(std::mem::size_of::<Call>() <= 2);
    }

    #[test]
    fn calls_parse_in_every_accepted_spelling() {
        for (text, want) in [
            ("pass", "P"),
            ("Dbl", "X"),
            ("rdbl", "XX"),
            ("1n", "1NT"),
            ("3♥", "3H"),
            ("7nt", "7NT"),
            (" 2s ", "2S"),
        ] {
            assert_eq!(text.parse::<Call>().map(|c| c.to_string()), Ok(want.into()));
        }
    }

    #[test]
    fn a_call_is_shown_with_suit_symbols_and_short_words() {
        for (text, shown) in [
            ("P", "Pass"),
            ("X", "Dbl"),
            ("XX", "Rdbl"),
            ("1C", "1♣"),
            ("4h", "4♥"),
            ("7NT", "7NT"),
        ] {
            assert_eq!(text.parse::<Call>().map(Call::shown), Ok(shown.to_string()), "{text}");
        }
    }

    #[test]
    fn a_seat_is_read_only_from_its_capital_letter() {
        for seat in Seat::ALL {
            assert_eq!(seat.as_str().parse::<Seat>(), Ok(seat));
        }
        for bad in ["n", "North", " N", "", "NS", "X"] {
            assert!(bad.parse::<Seat>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_strain_is_read_from_a_letter_nt_or_a_suit_symbol() {
        for (text, want) in [
            ("c", Strain::Clubs),
            ("♦", Strain::Diamonds),
            ("H", Strain::Hearts),
            ("♠", Strain::Spades),
            ("n", Strain::NoTrump),
            ("nT", Strain::NoTrump),
        ] {
            assert_eq!(text.parse::<Strain>(), Ok(want), "{text}");
        }
        for bad in ["", "X", "NTT", "♠♠", "P"] {
            assert!(bad.parse::<Strain>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn eight_notrump_and_garbage_are_not_calls() {
        for bad in ["8NT", "0C", "1X", "", "1SHNT", "NT", "11C", "1 NT x"] {
            assert!(bad.parse::<Call>().is_err(), "{bad} parsed");
        }
    }

    #[test]
    fn every_call_round_trips_through_its_canonical_text() {
        let calls = [Call::Pass, Call::Double, Call::Redouble]
            .into_iter()
            .chain(Bid::all().map(Call::Bid));
        for c in calls {
            assert_eq!(c.to_string().parse::<Call>(), Ok(c));
        }
    }

    #[test]
    fn strains_rank_clubs_to_notrump() {
        let b = |s: &str| s.parse::<Call>().ok().and_then(Call::bid);
        assert!(b("1NT") > b("1S") && b("1S") > b("1H") && b("2C") > b("1NT"));
    }
}
