//! A table in memory: the table, the connections joined to it and when its tokens end.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bridge_laws::{Phase, Table, ViewTracker, Viewer};
use tokio::sync::{watch, Mutex};

use crate::ws::outbox::Outbox;

/// A connection joined to a table.
pub(crate) struct Sub {
    /// The connection's number.
    pub conn: u64,
    /// Whom it sees as.
    pub viewer: Viewer,
    /// Its outgoing queue.
    pub out: Outbox,
}

/// A table in memory.
pub(crate) struct Live {
    /// The authoritative table.
    pub table: Table,
    /// The view as last pushed of each viewer someone is joined as: what his next push
    /// patches (remade with `table`; a join watches its viewer).
    pub tracker: ViewTracker,
    /// Viewer name → SHA-256 of its token.
    pub tokens: BTreeMap<String, String>,
    /// The connections joined to it.
    pub subs: Vec<Sub>,
    /// Why the table is not served (its stored log did not replay to its stored hash).
    pub broken: Option<String>,
    /// When its board was over (ms since the Unix epoch), if it is.
    pub finished_at: Option<i64>,
    /// When its tokens expire (the end of the review period), told to every joined
    /// connection, which closes itself then.
    pub expiry: watch::Sender<Option<Instant>>,
    /// Taken out of the hub: a join that finds it so looks the table up again.
    pub evicted: bool,
}

impl Live {
    /// A table in memory, not yet joined.
    pub fn new(table: Table, tokens: BTreeMap<String, String>, broken: Option<String>) -> Live {
        Live {
            tracker: ViewTracker::default(),
            table,
            tokens,
            subs: Vec::new(),
            broken,
            finished_at: None,
            expiry: watch::Sender::new(None),
            evicted: false,
        }
    }

    /// Records that the board was over at `at` (ms since the epoch): its tokens expire
    /// `grace` later.
    pub fn finish(&mut self, at: i64, grace: Duration) {
        self.finished_at = Some(at);
        let left = expires_in(at, grace);
        self.expiry.send_replace(Some(Instant::now() + left));
    }

    /// Whether its tokens have expired.
    pub fn expired(&self) -> bool {
        self.expiry.borrow().is_some_and(|at| at <= Instant::now())
    }

    /// Whether the board is over and not yet recorded so.
    pub fn just_finished(&self) -> bool {
        self.finished_at.is_none() && self.table.phase() == Phase::Ended
    }
}

/// How long until a review period that began at `finished_at` (ms since the epoch) ends.
fn expires_in(finished_at: i64, grace: Duration) -> Duration {
    let ends = u64::try_from(finished_at)
        .unwrap_or(0)
        .saturating_add(u64::try_from(grace.as_millis()).unwrap_or(u64::MAX));
    Duration::from_millis(ends.saturating_sub(now_ms()))
}

/// Whether the review period of a board over at `finished_at` (ms since the epoch) has passed.
pub(crate) fn review_over(finished_at: i64, grace: Duration) -> bool {
    expires_in(finished_at, grace).is_zero()
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A shared table slot.
pub(crate) type Slot = Arc<Mutex<Live>>;
