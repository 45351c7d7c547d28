//! The disclosures of a table grouped by the call they disclose: what a view, which asks
//! about every call in force at once, reads instead of scanning them all for each call.

use crate::state::DisclosureRecord;

/// The disclosures grouped by call, each call's in the order they were made.
pub struct ByCall<'a> {
    all: &'a [DisclosureRecord],
    /// Positions in `all`, grouped by call, each group in the order made.
    order: Vec<usize>,
    /// Where each call's group starts in `order`: call `id`'s is `starts[id]..starts[id + 1]`.
    starts: Vec<usize>,
}

impl<'a> ByCall<'a> {
    /// Groups `all`, about calls with ids below `calls`, by call: a counting sort, linear
    /// in both (no allocation when there are no disclosures).
    pub fn new(all: &'a [DisclosureRecord], calls: usize) -> ByCall<'a> {
        if all.is_empty() {
            return ByCall {
                all,
                order: Vec::new(),
                starts: Vec::new(),
            };
        }
        // After counting and summing, `ends[id]` is where call `id`'s group ends.
        let mut ends = vec![0; calls];
        for d in all {
            if let Some(n) = ends.get_mut(d.call) {
                *n += 1;
            }
        }
        let mut total = 0;
        for n in &mut ends {
            total += *n;
            *n = total;
        }
        // Filled from the back, each group's end moves down to its start.
        let mut order = vec![0; total];
        for (i, d) in all.iter().enumerate().rev() {
            if let Some(end) = ends.get_mut(d.call) {
                *end -= 1;
                if let Some(slot) = order.get_mut(*end) {
                    *slot = i;
                }
            }
        }
        ends.push(total);
        ByCall {
            all,
            order,
            starts: ends,
        }
    }

    /// The disclosures of record `id`, in the order they were made.
    pub fn of(&self, id: usize) -> impl Iterator<Item = &'a DisclosureRecord> + '_ {
        let all = self.all;
        let (start, end) = (self.starts.get(id).copied(), self.starts.get(id + 1).copied());
        let group = match (start, end) {
            (Some(s), Some(e)) => self.order.get(s..e).unwrap_or_default(),
            _ => &[],
        };
        group.iter().filter_map(move |&i| all.get(i))
    }
}
