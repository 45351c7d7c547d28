//! A value for some of the four seats, kept inline (a `BySeat` of options): the bars a view
//! shows, written as an object keyed by seat like a `BTreeMap<Seat, T>` (seats in the order
//! N, E, S, W), without a tree or an allocation.

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

use crate::call::{BySeat, Seat};

/// At most one value per seat (a `BySeat` of options, read and written as a map).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeatMap<T>(BySeat<Option<T>>);

impl<T> Default for SeatMap<T> {
    fn default() -> SeatMap<T> {
        SeatMap(BySeat([None, None, None, None]))
    }
}

impl<T> SeatMap<T> {
    /// The value for `seat`, if there is one.
    pub fn get(&self, seat: &Seat) -> Option<&T> {
        self.0.get(*seat).as_ref()
    }

    /// Sets the value for `seat`, returning the one it replaces.
    pub fn insert(&mut self, seat: Seat, value: T) -> Option<T> {
        self.0.get_mut(seat).replace(value)
    }

    /// Whether no seat has a value.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }

    /// How many seats have a value.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// The seats with a value, in the order N, E, S, W.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> + '_ {
        Seat::ALL
            .into_iter()
            .filter_map(|seat| self.get(&seat).map(|v| (seat, v)))
    }
}

impl<T: fmt::Debug> fmt::Debug for SeatMap<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<T> FromIterator<(Seat, T)> for SeatMap<T> {
    /// Each seat's last value.
    fn from_iter<I: IntoIterator<Item = (Seat, T)>>(entries: I) -> SeatMap<T> {
        let mut map = SeatMap::default();
        for (seat, value) in entries {
            map.insert(seat, value);
        }
        map
    }
}

impl<T: Serialize> Serialize for SeatMap<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for SeatMap<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeatMap<T>, D::Error> {
        struct Entries<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Entries<T> {
            type Value = SeatMap<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map from seats")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut entries: A) -> Result<SeatMap<T>, A::Error> {
                let mut map = SeatMap::default();
                while let Some((seat, value)) = entries.next_entry::<Seat, T>()? {
                    map.insert(seat, value);
                }
                Ok(map)
            }
        }
        d.deserialize_map(Entries(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_map_holds_one_value_per_seat_read_in_seat_order() {
        let map: SeatMap<u8> = [(Seat::W, 4), (Seat::E, 2), (Seat::W, 5)].into_iter().collect();
        assert_eq!(map.get(&Seat::W), Some(&5), "a seat's last value");
        assert_eq!(map.get(&Seat::N), None);
        assert_eq!(map.len(), 2);
        assert!(!map.is_empty());
        assert!(SeatMap::<u8>::default().is_empty());
        assert_eq!(map.iter().collect::<Vec<_>>(), [(Seat::E, &2), (Seat::W, &5)]);
        assert_eq!(format!("{map:?}"), "{E: 2, W: 5}");
    }

    #[test]
    fn a_seat_map_is_written_and_read_as_an_object_keyed_by_seat() {
        let map: SeatMap<bool> = [(Seat::S, true), (Seat::N, false)].into_iter().collect();
        let text = serde_json::to_string(&map).expect("written");
        assert_eq!(text, r#"{"N":false,"S":true}"#, "as a BTreeMap<Seat, _> writes it");
        assert_eq!(serde_json::from_str::<SeatMap<bool>>(&text).ok(), Some(map));
        assert_eq!(
            serde_json::from_str::<SeatMap<bool>>("{}").ok(),
            Some(SeatMap::default())
        );
        assert!(
            serde_json::from_str::<SeatMap<bool>>(r#"{"Q":true}"#).is_err(),
            "not a seat"
        );
        assert!(serde_json::from_str::<SeatMap<bool>>("[]").is_err(), "not a map");
    }
}
