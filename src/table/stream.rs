//! The table's per-viewer streams (src/stream.rs): each viewer's entries, read from the
//! table's feed, warnings and stream marks; the action stamped with the server's clock.

use crate::action::Action;
use crate::audience::Viewer;
use crate::event::Outcome;
use crate::report::InputError;
use crate::stream::{all_items, number, LentEntry, StreamEntry};
use crate::stream_marks::slot;

use super::Table;

impl Table {
    /// The number of entries in `viewer`'s stream: the version a fresh client that starts from
    /// `view(viewer)` has.
    pub fn stream_version(&self, viewer: Viewer) -> u64 {
        u64::from(self.streams().lens[slot(viewer)])
    }

    /// Every entry of `viewer`'s stream (`events_since(viewer, 0)`).
    pub fn stream(&self, viewer: Viewer) -> Vec<StreamEntry> {
        self.stream_lent(viewer).map(LentEntry::into_owned).collect()
    }

    /// The entries of `viewer`'s stream after `version`, for a client catching up.
    ///
    /// # Errors
    /// `BAD_INPUT` when `version` is past the end of the viewer's stream (a client that claims
    /// entries this table never gave him).
    pub fn events_since(&self, viewer: Viewer, version: u64) -> Result<Vec<StreamEntry>, InputError> {
        Ok(self
            .events_since_lent(viewer, version)?
            .map(LentEntry::into_owned)
            .collect())
    }

    /// `events_since`, each entry lent by the table instead of copied.
    ///
    /// # Errors
    /// As `events_since`.
    pub fn events_since_lent(
        &self,
        viewer: Viewer,
        version: u64,
    ) -> Result<impl Iterator<Item = LentEntry<'_>>, InputError> {
        let len = self.stream_version(viewer);
        if version > len {
            return Err(InputError::bad_input(format!(
                "version {version} is past the end of the {viewer} stream ({len} entries)"
            )));
        }
        Ok(self
            .stream_lent(viewer)
            .skip(usize::try_from(version).unwrap_or(usize::MAX)))
    }

    /// Every entry of `viewer`'s stream, lent.
    fn stream_lent(&self, viewer: Viewer) -> impl Iterator<Item = LentEntry<'_>> {
        number(all_items(self.streams(), self.feed(), self.warnings()), viewer, 0)
    }

    /// Applies an action received from a client on a server-authoritative table: the client's
    /// `at` is ignored and the action is stamped with `now_ms`, the server's clock in
    /// milliseconds, so tempo (L16B1) is measured on the server. The stamped action is what the
    /// log (and the state hash) keeps, so a replay of the log gives the same table.
    pub fn apply_on_server_clock(&mut self, mut action: Action, now_ms: f64) -> Outcome {
        action.at = Some(now_ms);
        self.apply(action)
    }
}
