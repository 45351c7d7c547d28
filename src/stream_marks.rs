//! What a table keeps for the per-viewer streams (src/stream.rs): where each accepted
//! action's events and warnings end, and each viewer's stream length. Below the table, so the
//! table keeps it and the streams read it without a circle.

use std::ops::Range;

use crate::audience::Viewer;
use crate::feed::Events;
use crate::report::Warning;
use crate::store::counting::{narrow, CountingList};
use crate::store::rare_list::RareList;

/// Six viewers: N, E, S, W, the Director, spectators.
const VIEWERS: usize = 6;

pub(crate) const fn slot(viewer: Viewer) -> usize {
    match viewer {
        Viewer::Seat(s) => s.index(),
        Viewer::Director => 4,
        Viewer::Spectator => 5,
    }
}

/// What a table keeps for the streams: where each accepted action's events end (a count while
/// each action gives one event, 4 bytes an action after), where the warnings of the few
/// actions that gave any end, and each viewer's stream length.
#[derive(Clone, Debug)]
pub(crate) struct Streams {
    /// Per accepted action: the feed's length after it (1, 2, 3, … while each gives one).
    events_end: CountingList,
    /// Per accepted action that gave warnings: its place among the actions and the warnings'
    /// length after it, in order (made at the first: most boards have none).
    warnings_end: RareList<(u32, u32)>,
    /// Each viewer's stream length (32 bits: a board's entries are bounded by its limit of
    /// actions).
    pub(crate) lens: [u32; VIEWERS],
}

impl Default for Streams {
    fn default() -> Streams {
        Streams {
            events_end: CountingList::counting_from(1),
            warnings_end: RareList::default(),
            lens: [0; VIEWERS],
        }
    }
}

impl Streams {
    /// Records an accepted action's events and warnings (already appended to the table's feed
    /// and warnings, whose lengths are `feed_len` and `warnings_len`).
    pub(crate) fn record(&mut self, events: Events<'_>, warnings: &[Warning], feed_len: usize, warnings_len: usize) {
        for bits in events
            .audiences()
            .map(|a| a.viewer_bits())
            .chain(warnings.iter().map(|w| w.audience.viewer_bits()))
        {
            // `viewer_bits` is in the order of `slot`.
            for (i, len) in self.lens.iter_mut().enumerate() {
                *len = len.saturating_add(u32::from(bits >> i & 1));
            }
        }
        if !warnings.is_empty() {
            self.warnings_end
                .push((narrow(self.events_end.len()), narrow(warnings_len)));
        }
        self.events_end.push(narrow(feed_len));
    }

    /// Room for where `actions` more actions' events end, once the count of one event an
    /// action breaks (a replay whose calls also disclose).
    pub(crate) fn reserve_event_ends(&mut self, actions: usize) {
        self.events_end.reserve(actions);
    }

    /// Each accepted action's events and warnings, in order, as ranges of the table's feed and
    /// warnings.
    pub(crate) fn actions(&self) -> impl Iterator<Item = (Range<usize>, Range<usize>)> + '_ {
        let warnings_end = &*self.warnings_end;
        let (mut events_from, mut warnings_from, mut next_warned) = (0, 0, 0);
        self.events_end.iter().enumerate().map(move |(k, end)| {
            let events = events_from..end as usize;
            events_from = end as usize;
            let warnings_to = match warnings_end.get(next_warned) {
                Some(&(action, end)) if action as usize == k => {
                    next_warned += 1;
                    end as usize
                }
                _ => warnings_from,
            };
            let warnings = warnings_from..warnings_to;
            warnings_from = warnings_to;
            (events, warnings)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audience::Audience;
    use crate::call::{Call, Seat};
    use crate::feed::Feed;
    use crate::report::{Code, Severity};

    #[test]
    fn each_actions_events_and_warnings_are_read_back_as_ranges_in_order() {
        let mut feed = Feed::default();
        let mut warnings = Vec::new();
        let mut streams = Streams::default();
        // Three actions: one event; two events and a warning; one event.
        for (events, warned) in [(1, false), (2, true), (1, false)] {
            let from = feed.len();
            for _ in 0..events {
                feed.push_call(Seat::N, Call::Pass, 0, Audience::EVERYONE);
            }
            let warned: &[Warning] = if warned {
                warnings.push(Warning::new(
                    Code::LateAlert,
                    Severity::Info,
                    Audience::seat(Seat::S),
                    "late",
                ));
                &warnings[warnings.len() - 1..]
            } else {
                &[]
            };
            streams.record(feed.since(from), warned, feed.len(), warnings.len());
        }
        let ranges: Vec<_> = streams.actions().collect();
        assert_eq!(ranges, [(0..1, 0..0), (1..3, 0..1), (3..4, 1..1)]);
        assert_eq!(streams.lens[slot(Viewer::Seat(Seat::S))], 5);
        assert_eq!(streams.lens[slot(Viewer::Seat(Seat::N))], 4);
    }

    #[test]
    fn an_audiences_viewer_bits_count_exactly_the_viewers_it_contains_in_slot_order() {
        let audiences = [
            Audience::NONE,
            Audience::DIRECTOR,
            Audience::EVERYONE,
            Audience::TABLE,
            Audience::seat(Seat::E),
            Audience::seats([Seat::N, Seat::W]).with_spectators_if(true),
        ];
        for a in audiences {
            for v in Viewer::ALL {
                assert_eq!(a.viewer_bits() >> slot(v) & 1 == 1, a.contains(v), "{a:?} {v}");
            }
            assert_eq!(a.viewer_bits() >> VIEWERS, 0);
        }
    }
}
