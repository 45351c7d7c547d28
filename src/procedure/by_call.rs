//! The disclosures of a table grouped by the call they disclose: what a view, which asks
//! about every call in force at once, reads instead of scanning them all for each call.

use crate::state::{CallId, DisclosureRecord};

/// The disclosures grouped by call, each call's in the order they were made.
pub struct ByCall<'a> {
    all: &'a [DisclosureRecord],
    /// Positions in `all`, grouped by call, each group in the order made; empty when `all`
    /// is already in the order of the calls (the usual case: a call is alerted or explained
    /// before the next is made), which then stands for itself.
    order: Vec<usize>,
    /// Where each call's group starts: call `id`'s is `starts[id]..starts[id + 1]`.
    starts: Vec<usize>,
}

impl<'a> ByCall<'a> {
    /// Groups `all`, about calls with ids below `calls`, by call: a counting sort, linear
    /// in both (no allocation when there are no disclosures, one when they are already in
    /// the order of the calls).
    pub fn new(all: &'a [DisclosureRecord], calls: usize) -> ByCall<'a> {
        let mut grouped = ByCall {
            all,
            order: Vec::new(),
            starts: Vec::new(),
        };
        if all.is_empty() {
            return grouped;
        }
        // Each call's count at `id + 1`, then summed: `starts[id]` is where its group starts.
        let mut starts = vec![0; calls + 1];
        for d in all {
            if let Some(n) = starts.get_mut(d.call.next().get()) {
                *n += 1;
            }
        }
        let mut total = 0;
        for n in &mut starts {
            total += *n;
            *n = total;
        }
        let in_call_order = total == all.len() && all.windows(2).all(|w| matches!(w, [a, b] if a.call <= b.call));
        if !in_call_order {
            // Placed in the order made, each at the next free place of its call's group.
            let mut next = starts.clone();
            grouped.order = vec![0; total];
            for (i, d) in all.iter().enumerate() {
                if let Some(at) = next.get_mut(d.call.get()) {
                    if let Some(slot) = grouped.order.get_mut(*at) {
                        *slot = i;
                    }
                    *at += 1;
                }
            }
        }
        grouped.starts = starts;
        grouped
    }

    /// Whether there are no disclosures at all.
    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }

    /// The disclosures of record `id`, in the order they were made.
    pub fn of(&self, id: CallId) -> impl Iterator<Item = &'a DisclosureRecord> + '_ {
        let range = match (
            self.starts.get(id.get()).copied(),
            self.starts.get(id.next().get()).copied(),
        ) {
            (Some(s), Some(e)) => s..e,
            _ => 0..0,
        };
        let all = self.all;
        range.filter_map(move |k| {
            let i = if self.order.is_empty() { k } else { *self.order.get(k)? };
            all.get(i)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audience::Audience;
    use crate::call::Seat;
    use crate::event::DisclosureKind;

    fn about(call: usize, text: &str) -> DisclosureRecord {
        DisclosureRecord {
            call: CallId::new(call),
            by: Seat::N,
            kind: DisclosureKind::Explanation,
            alert: false,
            text: Some(text.into()),
            audience: Audience::EVERYONE,
            superseded: false,
            at_record_len: call + 1,
        }
    }

    fn texts(g: &ByCall<'_>, id: usize) -> Vec<String> {
        g.of(CallId::new(id))
            .filter_map(|d| d.text.as_deref().map(str::to_owned))
            .collect()
    }

    #[test]
    fn disclosures_made_in_call_order_are_grouped_by_call() {
        let all = [about(0, "a"), about(0, "b"), about(2, "c")];
        let g = ByCall::new(&all, 3);
        assert_eq!(texts(&g, 0), ["a", "b"]);
        assert!(texts(&g, 1).is_empty());
        assert_eq!(texts(&g, 2), ["c"]);
        assert!(texts(&g, 3).is_empty());
    }

    #[test]
    fn a_late_disclosure_joins_its_call_after_the_earlier_ones() {
        let all = [about(0, "a"), about(1, "b"), about(0, "late"), about(1, "c")];
        let g = ByCall::new(&all, 2);
        assert_eq!(texts(&g, 0), ["a", "late"]);
        assert_eq!(texts(&g, 1), ["b", "c"]);
    }

    #[test]
    fn a_disclosure_of_an_unknown_call_is_left_out() {
        let all = [about(0, "a"), about(7, "stray")];
        let g = ByCall::new(&all, 1);
        assert_eq!(texts(&g, 0), ["a"]);
        assert!(texts(&g, 7).is_empty());
    }
}
