//! The record ids of the calls in force, kept in 32 bits each (no board holds 2^32 calls), as
//! a count while they count up from 0, and read as `usize` record ids.

use crate::counting::CountingList;

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

    /// The record id of call `index` among the calls in force.
    pub fn get(self, index: usize) -> Option<usize> {
        self.0.get(index).map(|id| id as usize)
    }

    /// The record ids, in order.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = usize> + ExactSizeIterator + Clone + 'a {
        self.0.iter().map(|id| id as usize)
    }

    /// The record ids from call `index` among the calls in force on.
    pub fn iter_from(self, index: usize) -> impl DoubleEndedIterator<Item = usize> + ExactSizeIterator + Clone + 'a {
        self.0.iter_from(index).map(|id| id as usize)
    }

    /// The index among the calls in force of record `id`.
    pub fn index_of(self, id: usize) -> Option<usize> {
        self.0.index_of_ascending(u32::try_from(id).ok()?)
    }

    /// How many calls in force come at or before record `id`.
    pub fn count_through(self, id: usize) -> usize {
        self.0.count_at_most_ascending(id as u64)
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
        assert_eq!(ids.len(), 4);
        assert_eq!(ids.get(2), Some(5));
        assert_eq!(ids.get(4), None);
        assert_eq!(ids.iter().rev().collect::<Vec<_>>(), [6, 5, 2, 0]);
        assert_eq!(ids.index_of(6), Some(3));
        assert_eq!(ids.index_of(2), Some(1));
        assert_eq!(ids.index_of(3), None);
        assert_eq!(ids.index_of(7), None);
        assert_eq!(ids.count_through(4), 2);
        assert_eq!(ids.count_through(6), 4);
        assert_eq!(ids.iter_from(2).collect::<Vec<_>>(), [5, 6]);
        assert_eq!(ids.iter_from(5).count(), 0);
        assert!(CallIds(&CountingList::default()).is_empty());
    }
}
