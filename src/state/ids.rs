//! Record ids and positions among the calls in force, as two types that cannot be mixed up,
//! and the record ids of the calls in force, kept in 32 bits each (no board holds 2^32
//! calls), as a count while they count up from 0. The conversions to and from `usize` live
//! here.

use crate::store::counting::CountingList;
use serde::Serialize;

/// A call's record id: its place in the record of every call made, in force or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct CallId(usize);

impl CallId {
    /// The record id at place `index` in the record.
    pub const fn new(index: usize) -> CallId {
        CallId(index)
    }

    /// Its place in the record.
    pub const fn get(self) -> usize {
        self.0
    }

    /// The id of the call recorded after it.
    pub const fn next(self) -> CallId {
        CallId(self.0 + 1)
    }
}

/// A call's position among the calls in force (0 for the first call in force).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct CallPos(usize);

impl CallPos {
    /// Position `index` among the calls in force.
    pub const fn new(index: usize) -> CallPos {
        CallPos(index)
    }

    /// Its index among the calls in force.
    pub const fn get(self) -> usize {
        self.0
    }
}

/// The record ids of the calls in force, ascending, lent by the state (kept as a count while
/// they are 0, 1, 2, …: until a call leaves force, as on most boards).
#[derive(Clone, Copy, Debug)]
pub struct CallIds<'a>(pub(super) &'a CountingList);

impl<'a> CallIds<'a> {
    /// How many calls are in force.
    pub fn len(self) -> usize {
        self.0.len()
    }

    /// Whether no call is in force.
    pub fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// The record id of the call at position `pos` among the calls in force.
    pub fn get(self, pos: CallPos) -> Option<CallId> {
        self.0.get(pos.0).map(|id| CallId(id as usize))
    }

    /// The record ids, in order.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = CallId> + ExactSizeIterator + Clone + 'a {
        self.0.iter().map(|id| CallId(id as usize))
    }

    /// The record ids from position `pos` among the calls in force on.
    pub fn iter_from(self, pos: CallPos) -> impl DoubleEndedIterator<Item = CallId> + ExactSizeIterator + Clone + 'a {
        self.0.iter_from(pos.0).map(|id| CallId(id as usize))
    }

    /// The position among the calls in force of record `id`.
    pub fn index_of(self, id: CallId) -> Option<CallPos> {
        self.0.index_of_ascending(u32::try_from(id.0).ok()?).map(CallPos)
    }

    /// How many calls in force come at or before record `id` (the position just after it).
    pub fn count_through(self, id: CallId) -> CallPos {
        CallPos(self.0.count_at_most_ascending(id.0 as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_as_record_ids_and_find_their_index() {
        let mut list = CountingList::counting_from(0);
        for id in [0, 2, 5, 6] {
            list.push(id);
        }
        let ids = CallIds(&list);
        let (id, pos) = (CallId::new, CallPos::new);
        assert_eq!(ids.len(), 4);
        assert_eq!(ids.get(pos(2)), Some(id(5)));
        assert_eq!(ids.get(pos(4)), None);
        assert_eq!(ids.iter().rev().map(CallId::get).collect::<Vec<_>>(), [6, 5, 2, 0]);
        assert_eq!(ids.index_of(id(6)), Some(pos(3)));
        assert_eq!(ids.index_of(id(2)), Some(pos(1)));
        assert_eq!(ids.index_of(id(3)), None);
        assert_eq!(ids.index_of(id(7)), None);
        assert_eq!(ids.count_through(id(4)), pos(2));
        assert_eq!(ids.count_through(id(6)), pos(4));
        assert_eq!(ids.iter_from(pos(2)).map(CallId::get).collect::<Vec<_>>(), [5, 6]);
        assert_eq!(ids.iter_from(pos(5)).count(), 0);
        assert!(CallIds(&CountingList::default()).is_empty());
    }
}
