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
        for audience in events
            .iter()
            .map(|e| e.audience)
            .chain(warnings.iter().map(|w| w.audience))
        {
            for viewer in ALL_VIEWERS {
                if audience.contains(viewer) {
                    self.lens[slot(viewer)] += 1;
                }
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

const ALL_VIEWERS: [Viewer; VIEWERS] = [
    Viewer::Seat(crate::call::Seat::N),
    Viewer::Seat(crate::call::Seat::E),
    Viewer::Seat(crate::call::Seat::S),
    Viewer::Seat(crate::call::Seat::W),
    Viewer::Director,
    Viewer::Spectator,
];
