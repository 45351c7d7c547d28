//! What a server pushes to each viewer after an accepted action (issue 29): his new stream
//! entries and the patch of his view (`ViewPatch`), never his whole view — a push's size
//! depends on the action, not on the board's history. The whole view is sent once, on join
//! or resume (and on request).
//!
//! A server keeps one `ViewTracker` per table (made with it, and made again whenever the
//! table is replaced, e.g. rebuilt from its snapshot), and after each accepted action asks it
//! for the pushes: one view per viewer is computed and compared with the one kept from the
//! last action. Every connection of a viewer gets that viewer's push.

use crate::audience::Viewer;
use crate::event::Outcome;
use crate::seat_table::Update;
use crate::stream::{entries_of, StreamEntry};
use crate::stream_marks::slot;
use crate::table::Table;
use crate::view::{ViewBase, ViewPatch};

impl Table {
    /// The part of `viewer`'s view a patch is taken against (`view_patch`), owned: take it
    /// before an action.
    pub fn view_base(&self, viewer: Viewer) -> ViewBase {
        ViewBase::of(self.view(viewer))
    }

    /// What changed in `before.viewer()`'s view since `before` was taken.
    pub fn view_patch(&self, before: &ViewBase) -> ViewPatch {
        before.diff(&self.view(before.viewer()))
    }
}

/// One viewer's stream version and view as last pushed.
#[derive(Clone, Debug)]
struct Tracked {
    version: u64,
    base: ViewBase,
}

/// Every viewer's stream version and view as last pushed (`Viewer::ALL`), to make the next
/// pushes.
#[derive(Clone, Debug)]
pub struct ViewTracker {
    tracked: Vec<Tracked>,
}

/// Each viewer's push after an action (`ViewTracker::pushes`).
#[must_use = "each viewer's push is to be sent to him"]
#[derive(Clone, Debug, Default)]
pub struct Pushes {
    by_viewer: [Option<Update<'static>>; 6],
}

impl Pushes {
    /// `viewer`'s push: his new entries and view patch, or `None` when he has nothing new
    /// (send him nothing: his view did not change).
    pub fn get(&self, viewer: Viewer) -> Option<&Update<'static>> {
        self.by_viewer[slot(viewer)].as_ref()
    }
}

impl ViewTracker {
    /// Tracks every viewer of `table` from its present state.
    pub fn new(table: &Table) -> ViewTracker {
        let tracked = Viewer::ALL
            .iter()
            .map(|v| Tracked {
                version: table.stream_version(*v),
                base: table.view_base(*v),
            })
            .collect();
        ViewTracker { tracked }
    }

    /// Each viewer's push since the tracker last looked (at `new` or the last `pushes`):
    /// `outcome` is the last action's, whose entries are taken from it when it is the only
    /// action since (else from the table's streams). Call it after every accepted action.
    pub fn pushes(&mut self, table: &Table, outcome: &Outcome) -> Pushes {
        let mut pushes = Pushes::default();
        for (t, viewer) in self.tracked.iter_mut().zip(Viewer::ALL) {
            let now = table.stream_version(viewer);
            let mut entries = entries_of(outcome, viewer, t.version);
            if t.version + entries.len() as u64 != now {
                entries = table.events_since(viewer, t.version).unwrap_or_default();
            }
            let after = table.view(viewer);
            let patch = t.base.diff(&after);
            t.version = now;
            t.base = ViewBase::of(after);
            if entries.is_empty() && patch.is_empty() {
                continue;
            }
            pushes.by_viewer[slot(viewer)] = Some(Update::with_patch(entries, patch));
        }
        pushes
    }
}

/// `viewer`'s push for one action, without a tracker: `before` and `version` are his view
/// base and stream version taken before the action (`Table::view_base`,
/// `Table::stream_version`). `None` when he has nothing new.
pub fn push_of(table: &Table, outcome: &Outcome, before: &ViewBase, version: u64) -> Option<Update<'static>> {
    let entries: Vec<StreamEntry> = entries_of(outcome, before.viewer(), version);
    let patch = table.view_patch(before);
    (!entries.is_empty() || !patch.is_empty()).then(|| Update::with_patch(entries, patch))
}
