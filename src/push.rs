//! What a server pushes to each viewer after an accepted action: his new stream
//! entries and the patch of his view (`ViewPatch`), never his whole view — a push's size
//! depends on the action, not on the board's history. The whole view is sent once, on join
//! or resume (and on request).
//!
//! A server keeps one `ViewTracker` per table (made with it, and made again whenever the
//! table is replaced, e.g. rebuilt from its snapshot), watches each viewer someone joins as
//! (`watch`, from the view the join sends; `unwatch` when his last connection leaves), and
//! after each accepted action asks it for the pushes: one view per watched viewer is
//! computed and compared with the one kept from the last action. Every connection of a
//! viewer gets that viewer's push.

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

impl Tracked {
    fn of(table: &Table, viewer: Viewer) -> Tracked {
        Tracked {
            version: table.stream_version(viewer),
            base: table.view_base(viewer),
        }
    }
}

/// The stream version and view as last pushed of each viewer it watches, to make their next
/// pushes. A server watches only the viewers someone is joined as: a view is computed and
/// compared after each action for each of them, and for nobody else.
#[derive(Clone, Debug, Default)]
pub struct ViewTracker {
    tracked: [Option<Tracked>; 6],
}

/// Each viewer's push after an action (`ViewTracker::pushes`).
#[must_use = "each viewer's push is to be sent to him"]
#[derive(Clone, Debug, Default)]
pub struct Pushes {
    by_viewer: [Option<Update<'static>>; 6],
}

impl Pushes {
    /// `viewer`'s push: his new entries and view patch, or `None` when he has nothing new
    /// (send him nothing: his view did not change) or is not watched.
    pub fn get(&self, viewer: Viewer) -> Option<&Update<'static>> {
        self.by_viewer[slot(viewer)].as_ref()
    }
}

impl ViewTracker {
    /// Watches every viewer of `table` (`Viewer::ALL`) from its present state.
    pub fn new(table: &Table) -> ViewTracker {
        ViewTracker::watching(table, Viewer::ALL)
    }

    /// Watches `viewers` of `table` from its present state (`ViewTracker::default()` watches
    /// nobody).
    pub fn watching(table: &Table, viewers: impl IntoIterator<Item = Viewer>) -> ViewTracker {
        let mut tracker = ViewTracker::default();
        for viewer in viewers {
            tracker.watch(table, viewer);
        }
        tracker
    }

    /// Starts watching `viewer` from `table`'s present state (his view as a join sends it);
    /// nothing changes if he is watched already.
    pub fn watch(&mut self, table: &Table, viewer: Viewer) {
        let t = &mut self.tracked[slot(viewer)];
        if t.is_none() {
            *t = Some(Tracked::of(table, viewer));
        }
    }

    /// Stops watching `viewer`: no push is made for him until he is watched again.
    pub fn unwatch(&mut self, viewer: Viewer) {
        self.tracked[slot(viewer)] = None;
    }

    /// Whether `viewer` is watched.
    pub fn is_watching(&self, viewer: Viewer) -> bool {
        self.tracked[slot(viewer)].is_some()
    }

    /// Each watched viewer's push since the tracker last looked (at `watch` or the last
    /// `pushes`): `outcome` is the last action's, whose entries are taken from it when it is
    /// the only action since (else from the table's streams). Call it after every accepted
    /// action.
    pub fn pushes(&mut self, table: &Table, outcome: &Outcome) -> Pushes {
        let mut pushes = Pushes::default();
        for viewer in Viewer::ALL {
            let Some(t) = self.tracked[slot(viewer)].as_mut() else {
                continue;
            };
            let now = table.stream_version(viewer);
            let mut entries = entries_of(outcome, viewer, t.version);
            if t.version + entries.len() as u64 != now {
                entries = table.events_since(viewer, t.version).unwrap_or_default();
            }
            t.version = now;
            // The patch is taken in its place in the push (a `ViewPatch` is large: not copied).
            let push = &mut pushes.by_viewer[slot(viewer)];
            let update = push.insert(Update::with_patch(entries, ViewPatch::default()));
            let patch = update.patch.get_or_insert_with(ViewPatch::default);
            t.base.advance(table.view(viewer), patch);
            if update.entries.is_empty() && patch.is_empty() {
                *push = None;
            }
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
