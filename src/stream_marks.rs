//! What a table keeps for the per-viewer streams (src/stream.rs): where each accepted
//! action's events and warnings end, and each viewer's stream length. Below the table, so the
//! table keeps it and the streams read it without a circle.

use crate::audience::Viewer;
use crate::event::Event;
use crate::report::Warning;

/// Six viewers: N, E, S, W, the Director, spectators.
const VIEWERS: usize = 6;

pub(crate) const fn slot(viewer: Viewer) -> usize {
    match viewer {
        Viewer::Seat(s) => s.index(),
        Viewer::Director => 4,
        Viewer::Spectator => 5,
    }
}

/// What a table keeps for the streams: where each accepted action's events and warnings end,
/// and each viewer's stream length. 8 bytes per action.
#[derive(Clone, Debug, Default)]
pub(crate) struct Streams {
    /// Per accepted action: the feed's and the warnings' lengths after it.
    pub(crate) marks: Vec<(u32, u32)>,
    /// Each viewer's stream length.
    pub(crate) lens: [u64; VIEWERS],
}

impl Streams {
    /// Records an accepted action's events and warnings (already appended to the table's feed
    /// and warnings, whose lengths are `feed_len` and `warnings_len`).
    pub(crate) fn record(&mut self, events: &[Event], warnings: &[Warning], feed_len: usize, warnings_len: usize) {
        for bits in events
            .iter()
            .map(|e| e.audience.viewer_bits())
            .chain(warnings.iter().map(|w| w.audience.viewer_bits()))
        {
            // `viewer_bits` is in the order of `slot`.
            for (i, len) in self.lens.iter_mut().enumerate() {
                *len += u64::from(bits >> i & 1);
            }
        }
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        self.marks.push((clamp(feed_len), clamp(warnings_len)));
    }

    /// Makes room for `actions` more actions.
    pub(crate) fn reserve(&mut self, actions: usize) {
        self.marks.reserve(actions);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audience::Audience;
    use crate::call::Seat;

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
