//! The disclosures of a table grouped by the call they disclose: what a view, which asks
//! about every call in force at once, reads instead of scanning them all for each call.

use crate::state::DisclosureRecord;

/// The disclosures grouped by call, each call's in the order they were made.
pub struct ByCall<'a> {
    all: &'a [DisclosureRecord],
    /// Positions in `all`, ordered by call (a stable sort: within a call, as made).
    order: Vec<usize>,
}

impl<'a> ByCall<'a> {
    /// Groups `all` by the call each discloses (no allocation when there are none).
    pub fn new(all: &'a [DisclosureRecord]) -> ByCall<'a> {
        let mut order: Vec<usize> = (0..all.len()).collect();
        order.sort_by_key(|&i| all.get(i).map(|d| d.call));
        ByCall { all, order }
    }

    /// The disclosures of record `id`, in the order they were made.
    pub fn of(&self, id: usize) -> impl Iterator<Item = &'a DisclosureRecord> + '_ {
        let all = self.all;
        let start = self.order.partition_point(|&i| all.get(i).is_some_and(|d| d.call < id));
        self.order[start..]
            .iter()
            .map_while(move |&i| all.get(i))
            .take_while(move |d| d.call == id)
    }
}
