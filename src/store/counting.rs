//! A list of numbers that mostly counts up by one, kept as a count while it does: the ids of
//! the calls in force (0, 1, 2, … until a call leaves force) and where each action's events
//! end (1, 2, 3, … while each action gives one event).

/// A length or an index kept in 32 bits (saturating: no board holds 2^32 calls, actions or
/// events).
pub(crate) fn narrow(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A list of 32-bit numbers whose first `run` entries count up by one from `start`, kept as
/// that count; the entries after the run are kept as a list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountingList {
    /// The first entry of the run.
    start: u32,
    /// How many entries count up from `start`.
    run: u32,
    /// The entries after the run.
    rest: Vec<u32>,
}

impl CountingList {
    /// An empty list whose run, when it comes, starts at `start`.
    pub const fn counting_from(start: u32) -> CountingList {
        CountingList {
            start,
            run: 0,
            rest: Vec::new(),
        }
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.run as usize + self.rest.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The end of the run: the entry that would extend it.
    fn next_in_run(&self) -> Option<u32> {
        self.start.checked_add(self.run)
    }

    /// Entry `i`.
    pub fn get(&self, i: usize) -> Option<u32> {
        match u32::try_from(i) {
            Ok(i) if i < self.run => Some(self.start + i),
            _ => self.rest.get(i - self.run as usize).copied(),
        }
    }

    /// The entries, in order.
    pub fn iter(&self) -> Entries<'_> {
        self.iter_from(0)
    }

    /// The entries from entry `i` on, in order.
    pub fn iter_from(&self, i: usize) -> Entries<'_> {
        let len = self.len();
        Entries {
            list: self,
            front: i.min(len),
            back: len,
        }
    }

    /// Room for `additional` entries after the run (a replay that knows its run will end).
    pub fn reserve(&mut self, additional: usize) {
        self.rest.reserve(additional);
    }

    /// Appends `value`: it extends the run while the run is all there is and it is the
    /// run's next number.
    #[inline]
    pub fn push(&mut self, value: u32) {
        if self.rest.is_empty() && self.next_in_run() == Some(value) {
            self.run += 1;
        } else {
            self.push_after_run(value);
        }
    }

    /// Appends `value` after the run (out of line: the run's step above stays a few
    /// instructions where it is inlined, without saving registers for a call to the
    /// allocator).
    #[cold]
    #[inline(never)]
    fn push_after_run(&mut self, value: u32) {
        if self.rest.capacity() == 0 {
            // Often the only one: the end of a usual auction's events (a call's and the
            // auction's in one action) ends their run.
            self.rest.reserve_exact(1);
        }
        self.rest.push(value);
    }

    /// Keeps the first `len` entries.
    pub fn truncate(&mut self, len: usize) {
        match u32::try_from(len) {
            Ok(len) if len <= self.run => {
                self.run = len;
                self.rest.clear();
            }
            _ => self.rest.truncate(len - self.run as usize),
        }
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// For an ascending list: the index of `value`, if it is there.
    pub fn index_of_ascending(&self, value: u32) -> Option<usize> {
        if value >= self.start && value - self.start < self.run {
            return Some((value - self.start) as usize);
        }
        // Most often asked of the entry just pushed: the last one.
        match self.rest.last() {
            Some(&last) if last == value => Some(self.len() - 1),
            Some(&last) if last < value => None,
            _ => self.rest.binary_search(&value).ok().map(|k| self.run as usize + k),
        }
    }

    /// For an ascending list: how many entries are at most `value`.
    pub fn count_at_most_ascending(&self, value: u64) -> usize {
        let start = u64::from(self.start);
        let in_run = if value < start {
            0
        } else {
            (value - start + 1).min(u64::from(self.run)) as usize
        };
        in_run + self.rest.partition_point(|&x| u64::from(x) <= value)
    }
}

/// The entries of a `CountingList`, in order, read by their index (one iterator for the run
/// and the list after it: a chain of the two would be instantiated for every reader).
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    list: &'a CountingList,
    /// The next entry from the front.
    front: usize,
    /// One past the next entry from the back.
    back: usize,
}

impl Iterator for Entries<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        self.list.get(self.front - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Entries<'_> {
    fn next_back(&mut self) -> Option<u32> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.list.get(self.back)
    }
}

impl ExactSizeIterator for Entries<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(start: u32, values: &[u32]) -> CountingList {
        let mut l = CountingList::counting_from(start);
        for v in values {
            l.push(*v);
        }
        l
    }

    #[test]
    fn a_list_that_counts_up_keeps_no_list() {
        let l = list(0, &[0, 1, 2, 3]);
        assert!(l.rest.is_empty());
        assert_eq!(l.len(), 4);
        assert_eq!(l.iter().collect::<Vec<_>>(), [0, 1, 2, 3]);
        assert_eq!(l.get(2), Some(2));
        assert_eq!(l.get(4), None);
    }

    #[test]
    fn entries_after_a_gap_are_kept_and_read_back_in_order() {
        let l = list(1, &[1, 2, 4, 5, 9]);
        assert_eq!(l.rest, [4, 5, 9]);
        assert_eq!(l.iter().collect::<Vec<_>>(), [1, 2, 4, 5, 9]);
        assert_eq!(l.iter().rev().collect::<Vec<_>>(), [9, 5, 4, 2, 1]);
        assert_eq!(l.iter_from(1).collect::<Vec<_>>(), [2, 4, 5, 9]);
        assert_eq!(l.iter_from(3).collect::<Vec<_>>(), [5, 9]);
        assert_eq!(l.iter_from(7).count(), 0);
        assert_eq!(
            (0..6).map(|i| l.get(i)).collect::<Vec<_>>(),
            [Some(1), Some(2), Some(4), Some(5), Some(9), None]
        );
        assert_eq!(l.index_of_ascending(4), Some(2));
        assert_eq!(l.index_of_ascending(2), Some(1));
        assert_eq!(l.index_of_ascending(9), Some(4));
        assert_eq!(l.index_of_ascending(3), None);
        assert_eq!(l.index_of_ascending(0), None);
        assert_eq!(l.index_of_ascending(10), None);
        assert_eq!(l.count_at_most_ascending(0), 0);
        assert_eq!(l.count_at_most_ascending(3), 2);
        assert_eq!(l.count_at_most_ascending(5), 4);
        assert_eq!(l.count_at_most_ascending(100), 5);
    }

    #[test]
    fn a_first_entry_off_the_run_starts_the_list() {
        let l = list(0, &[2, 3]);
        assert_eq!(l.iter().collect::<Vec<_>>(), [2, 3]);
        assert_eq!(l.index_of_ascending(0), None);
        assert_eq!(l.index_of_ascending(3), Some(1));
    }

    #[test]
    fn truncating_keeps_the_first_entries_and_the_run_resumes() {
        let mut l = list(0, &[0, 1, 2, 5, 6]);
        l.truncate(4);
        assert_eq!(l.iter().collect::<Vec<_>>(), [0, 1, 2, 5]);
        l.truncate(2);
        assert_eq!(l.iter().collect::<Vec<_>>(), [0, 1]);
        assert!(l.rest.is_empty());
        l.push(2);
        assert!(l.rest.is_empty());
        l.clear();
        assert!(l.is_empty());
        l.truncate(3);
        assert!(l.is_empty());
    }

    #[test]
    fn a_run_at_the_top_of_the_numbers_stops_without_overflow() {
        let l = list(u32::MAX - 1, &[u32::MAX - 1, u32::MAX, 0]);
        assert_eq!(l.iter().collect::<Vec<_>>(), [u32::MAX - 1, u32::MAX, 0]);
    }
}
