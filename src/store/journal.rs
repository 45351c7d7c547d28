//! A vector with an undo journal: while an action is being applied, the old value of every
//! element changed in place is kept, so a refused action is undone in time proportional to
//! what it changed — never by copying the whole table.

use std::ops::Deref;

use serde::{Serialize, Serializer};

use crate::store::counting::narrow;
use crate::store::rare_list::RareList;

/// A growable list whose changes since the last `begin` can be rolled back. Reads go
/// through `Deref<Target = [T]>`; writes through `push` and `get_mut`, which journal.
#[derive(Clone, Debug, PartialEq)]
pub struct Journaled<T> {
    items: Vec<T>,
    /// Old values of elements changed since `begin`, oldest first: made when an action
    /// first changes an element in place (few do), so that an idle journal costs one word.
    undo: RareList<(usize, T)>,
    /// Length at `begin` (saturating: no board holds 2^32 items).
    mark: u32,
}

impl<T> Default for Journaled<T> {
    fn default() -> Journaled<T> {
        Journaled::new()
    }
}

impl<T> Journaled<T> {
    /// An empty list.
    pub const fn new() -> Journaled<T> {
        Journaled {
            items: Vec::new(),
            undo: RareList::new(),
            mark: 0,
        }
    }
}

impl<T: Clone> Journaled<T> {
    /// Starts a new journal: what changes from here can be rolled back.
    pub fn begin(&mut self) {
        self.undo.clear();
        self.mark = narrow(self.items.len());
    }

    /// Forgets the journal: the changes since `begin` stay (a new journal starts).
    pub fn commit(&mut self) {
        self.begin();
    }

    /// Puts the list back as it was at `begin`.
    pub fn rollback(&mut self) {
        while let Some((i, old)) = self.undo.pop() {
            if let Some(slot) = self.items.get_mut(i) {
                *slot = old;
            }
        }
        self.items.truncate(self.mark as usize);
    }

    /// Makes room for `additional` more elements.
    pub fn reserve(&mut self, additional: usize) {
        self.items.reserve(additional);
    }

    /// Appends an element.
    pub fn push(&mut self, item: T) {
        self.items.push(item);
    }

    /// The element at `i`, to change (its old value is journaled).
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        if i < self.mark as usize && i < self.items.len() {
            let old = self.items[i].clone();
            self.undo.push((i, old));
        }
        self.items.get_mut(i)
    }

    /// Changes every element that `pick` selects.
    pub fn update_where(&mut self, mut pick: impl FnMut(&T) -> bool, mut change: impl FnMut(&mut T)) {
        for i in 0..self.items.len() {
            if pick(&self.items[i]) {
                if let Some(item) = self.get_mut(i) {
                    change(item);
                }
            }
        }
    }
}

impl<T> Deref for Journaled<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<T: Serialize> Serialize for Journaled<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.items.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[u8]) -> Journaled<u8> {
        let mut j = Journaled::default();
        for i in items {
            j.push(*i);
        }
        j.commit();
        j
    }

    #[test]
    fn a_rollback_undoes_pushes_and_changes() {
        let mut j = list(&[1, 2, 3]);
        j.begin();
        j.push(4);
        if let Some(x) = j.get_mut(0) {
            *x = 9;
        }
        if let Some(x) = j.get_mut(0) {
            *x = 8;
        }
        j.rollback();
        assert_eq!(&*j, &[1, 2, 3]);
    }

    #[test]
    fn a_commit_keeps_the_changes() {
        let mut j = list(&[1, 2]);
        j.begin();
        j.update_where(|x| *x == 2, |x| *x = 5);
        j.push(7);
        j.commit();
        j.rollback();
        assert_eq!(&*j, &[1, 5, 7]);
    }

    #[test]
    fn an_idle_journal_costs_its_list_and_two_words() {
        assert_eq!(std::mem::size_of::<Journaled<u64>>(), 40);
    }

    #[test]
    fn elements_pushed_in_the_action_are_not_journaled() {
        let mut j = list(&[]);
        j.begin();
        j.push(1);
        if let Some(x) = j.get_mut(0) {
            *x = 2;
        }
        assert!(!j.undo.is_made());
        j.rollback();
        assert!(j.is_empty());
    }
}
