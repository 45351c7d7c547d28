//! Who may see a recorded item: a set of viewers fixed when the item is recorded (SPEC §6).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::call::{ParseError, Seat};

/// Someone looking at the table: a seat, the Director or a spectator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "wasm",
    derive(tsify::Tsify),
    tsify(type = "Seat | \"director\" | \"spectator\"")
)]
pub enum Viewer {
    /// A player.
    Seat(Seat),
    /// The Director, who sees everything.
    Director,
    /// A spectator (kibitzer).
    Spectator,
}

impl fmt::Display for Viewer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Exactly a seat (`N`, `E`, `S`, `W`), `director`, or `spectator` (also SPEC §6's
/// audience name `spectators`); no other case or spelling.
impl FromStr for Viewer {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Viewer, ParseError> {
        match s {
            "director" => Ok(Viewer::Director),
            "spectator" | "spectators" => Ok(Viewer::Spectator),
            _ => s
                .parse::<Seat>()
                .map(Viewer::Seat)
                .map_err(|_| ParseError::new("viewer", s)),
        }
    }
}

impl Viewer {
    /// Every viewer of a table: the four seats, the Director, spectators.
    pub const ALL: [Viewer; 6] = [
        Viewer::Seat(Seat::N),
        Viewer::Seat(Seat::E),
        Viewer::Seat(Seat::S),
        Viewer::Seat(Seat::W),
        Viewer::Director,
        Viewer::Spectator,
    ];

    /// Its name: a seat's letter, `director` or `spectator`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Viewer::Seat(s) => s.as_str(),
            Viewer::Director => "director",
            Viewer::Spectator => "spectator",
        }
    }
}

impl Serialize for Viewer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::call::fixed_name(s, self.as_str())
    }
}

impl<'de> Deserialize<'de> for Viewer {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Viewer, D::Error> {
        crate::call::from_text(d)
    }
}

/// A set of viewers. The Director is in every audience.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(type = "Viewer[]"))]
pub struct Audience(u8);

const DIRECTOR: u8 = 1 << 4;
const SPECTATORS: u8 = 1 << 5;

impl Audience {
    /// No one but the Director, who is in every audience.
    pub const NONE: Audience = Audience(0);
    /// Only the Director.
    pub const DIRECTOR: Audience = Audience(DIRECTOR);
    /// The four players, the Director and spectators.
    pub const EVERYONE: Audience = Audience(0b11_1111);
    /// The four players and the Director (not spectators).
    pub const TABLE: Audience = Audience(0b01_1111);

    /// One seat (and the Director).
    pub const fn seat(seat: Seat) -> Audience {
        Audience(DIRECTOR | 1 << seat.index())
    }

    /// Several seats (and the Director).
    pub fn seats(seats: impl IntoIterator<Item = Seat>) -> Audience {
        seats.into_iter().fold(Audience::DIRECTOR, |a, s| a.with(s))
    }

    /// This audience and `seat`.
    pub const fn with(self, seat: Seat) -> Audience {
        Audience(self.0 | 1 << seat.index())
    }

    /// Whether any seat is in it.
    pub const fn seats_any(self) -> bool {
        self.0 & 0b1111 != 0
    }

    /// Everyone in this audience or in `other`.
    pub const fn union(self, other: Audience) -> Audience {
        Audience(self.0 | other.0)
    }

    /// Those of this audience who are also in `bound` (the Director always).
    pub const fn within(self, bound: Audience) -> Audience {
        Audience(self.0 & (bound.0 | DIRECTOR))
    }

    /// This audience and spectators, if `yes`.
    pub const fn with_spectators_if(self, yes: bool) -> Audience {
        if yes {
            Audience(self.0 | SPECTATORS)
        } else {
            self
        }
    }

    /// Whether `viewer` belongs to this audience.
    pub const fn contains(self, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Director => true,
            Viewer::Spectator => self.0 & SPECTATORS != 0,
            Viewer::Seat(s) => self.0 & (1 << s.index()) != 0,
        }
    }

    /// Its viewers as bits in the order N, E, S, W, the Director (always), spectators.
    pub(crate) const fn viewer_bits(self) -> u8 {
        self.0 | DIRECTOR
    }

    /// The one seat in this audience, if exactly one seat is.
    pub fn only_seat(self) -> Option<Seat> {
        let mut seats = Seat::ALL.into_iter().filter(|s| self.has_seat(*s));
        match (seats.next(), seats.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// Whether `seat` belongs to this audience.
    pub const fn has_seat(self, seat: Seat) -> bool {
        self.contains(Viewer::Seat(seat))
    }

    /// The viewers in this audience, seats first.
    pub fn viewers(self) -> Vec<Viewer> {
        let mut v: Vec<Viewer> = Seat::ALL
            .into_iter()
            .filter(|s| self.has_seat(*s))
            .map(Viewer::Seat)
            .collect();
        v.push(Viewer::Director);
        if self.contains(Viewer::Spectator) {
            v.push(Viewer::Spectator);
        }
        v
    }
}

impl Serialize for Audience {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.viewers().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Audience {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Audience, D::Error> {
        let viewers = Vec::<Viewer>::deserialize(d)?;
        Ok(viewers.into_iter().fold(Audience::DIRECTOR, |a, v| match v {
            Viewer::Seat(s) => a.with(s),
            Viewer::Spectator => a.with_spectators_if(true),
            Viewer::Director => a,
        }))
    }
}
