//! A short list of seats kept inline: who answers a question (one or two seats), written
//! as an array of seats like a `Vec<Seat>`, without an allocation.

use serde::de::{Error, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;

use crate::call::Seat;

/// Up to four seats, in the order given.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(type = "Seat[]"))]
pub struct SeatList {
    len: u8,
    seats: [Seat; 4],
}

impl SeatList {
    /// No seat.
    pub const EMPTY: SeatList = SeatList {
        len: 0,
        seats: [Seat::N; 4],
    };

    /// The list with `seat` after the others; unchanged when it already holds four.
    #[must_use]
    pub fn with(mut self, seat: Seat) -> SeatList {
        if let Some(slot) = self.seats.get_mut(usize::from(self.len)) {
            *slot = seat;
            self.len += 1;
        }
        self
    }
}

impl Deref for SeatList {
    type Target = [Seat];

    fn deref(&self) -> &[Seat] {
        self.seats.get(..usize::from(self.len)).unwrap_or_default()
    }
}

impl fmt::Debug for SeatList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Seat> for SeatList {
    /// The first four seats of `seats`.
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> SeatList {
        seats.into_iter().take(4).fold(SeatList::EMPTY, SeatList::with)
    }
}

impl Serialize for SeatList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeatList, D::Error> {
        struct Seats;
        impl<'de> Visitor<'de> for Seats {
            type Value = SeatList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("at most four seats")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<SeatList, A::Error> {
                let mut list = SeatList::EMPTY;
                while let Some(seat) = seq.next_element::<Seat>()? {
                    if list.len == 4 {
                        return Err(A::Error::invalid_length(5, &self));
                    }
                    list = list.with(seat);
                }
                Ok(list)
            }
        }
        d.deserialize_seq(Seats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_keeps_its_seats_in_the_order_given_and_at_most_four() {
        let two: SeatList = [Seat::S, Seat::N].into_iter().collect();
        assert_eq!(&*two, &[Seat::S, Seat::N]);
        assert!(two.contains(&Seat::N) && !two.contains(&Seat::E));
        let five: SeatList = [Seat::W, Seat::N, Seat::E, Seat::S, Seat::W].into_iter().collect();
        assert_eq!(
            &*five,
            &Seat::ALL[..]
                .iter()
                .cycle()
                .skip(3)
                .take(4)
                .copied()
                .collect::<Vec<_>>()[..]
        );
        assert!(SeatList::EMPTY.is_empty());
    }

    #[test]
    fn a_list_is_written_and_read_as_an_array_of_seats() {
        let two: SeatList = [Seat::E, Seat::W].into_iter().collect();
        let json = serde_json::to_string(&two).expect("written");
        assert_eq!(json, r#"["E","W"]"#);
        assert_eq!(serde_json::from_str::<SeatList>(&json).expect("read"), two);
        assert!(serde_json::from_str::<SeatList>(r#"["N","E","S","W","N"]"#).is_err());
    }
}
