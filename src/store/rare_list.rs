//! A list most tables never fill, kept in one word until its first item: the warnings, the
//! feed's events other than calls', the warnings' stream marks, a journal's undo list, the
//! log's explanations.

use std::ops::Deref;

/// A list made at its first item and dropped when emptied: one word while empty (a `Vec`
/// keeps three). Read as a slice. (`thin-vec`, the crate for a one-word list, was measured:
/// its allocation failures format a `Layout`, which pulled 2 KiB of `core::fmt` into the
/// wasm module.)
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RareList<T>(
    // The extra allocation clippy warns of is the point: made once, on the tables that need it.
    #[allow(clippy::box_collection)] Option<Box<Vec<T>>>,
);

impl<T> Default for RareList<T> {
    fn default() -> RareList<T> {
        RareList(None)
    }
}

impl<T> RareList<T> {
    /// An empty list (nothing made).
    pub(crate) const fn new() -> RareList<T> {
        RareList(None)
    }

    /// Whether the list is made (it is not while empty).
    #[cfg(test)]
    pub(crate) fn is_made(&self) -> bool {
        self.0.is_some()
    }

    /// Appends an item, making the list at the first.
    pub(crate) fn push(&mut self, item: T) {
        self.0.get_or_insert_default().push(item);
    }

    /// Room for `additional` more items, making the list for them (a replay that knows
    /// what comes; the list is then made and empty until its first item).
    pub(crate) fn reserve(&mut self, additional: usize) {
        if additional > 0 {
            self.0.get_or_insert_default().reserve(additional);
        }
    }

    /// Removes the last item.
    pub(crate) fn pop(&mut self) -> Option<T> {
        let item = self.0.as_mut()?.pop();
        self.drop_if_empty();
        item
    }

    /// Keeps the first `len` items.
    pub(crate) fn truncate(&mut self, len: usize) {
        if let Some(list) = &mut self.0 {
            list.truncate(len);
        }
        self.drop_if_empty();
    }

    /// Removes every item.
    pub(crate) fn clear(&mut self) {
        self.0 = None;
    }

    /// Drops the list if it is made and empty (room made ahead that no item came to use).
    pub(crate) fn drop_if_empty(&mut self) {
        if self.0.as_ref().is_some_and(|list| list.is_empty()) {
            self.0 = None;
        }
    }
}

impl<T> Deref for RareList<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_made_at_its_first_item_and_dropped_when_emptied() {
        let mut l = RareList::default();
        assert!(!l.is_made());
        assert_eq!(std::mem::size_of::<RareList<u64>>(), 8);
        l.push(1);
        l.push(2);
        l.push(3);
        assert!(l.is_made());
        assert_eq!(&*l, &[1, 2, 3]);
        l.truncate(1);
        assert_eq!(&*l, &[1]);
        assert_eq!(l.pop(), Some(1));
        assert!(!l.is_made());
        assert_eq!(l.pop(), None);
        l.push(4);
        l.truncate(0);
        assert!(!l.is_made());
        l.push(5);
        l.clear();
        assert!(l.is_empty());
        assert!(!l.is_made());
    }

    #[test]
    fn room_made_ahead_is_used_by_the_items_that_come() {
        let mut l = RareList::default();
        l.reserve(0);
        assert!(!l.is_made());
        l.reserve(20);
        assert!(l.is_made() && l.is_empty());
        let room = l.0.as_ref().map(|v| v.as_ptr());
        for i in 0..20 {
            l.push(i);
        }
        assert_eq!(l.0.as_ref().map(|v| v.as_ptr()), room, "no reallocation");
        assert_eq!(l.len(), 20);
    }
}
