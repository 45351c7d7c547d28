//! When a table's tokens end: the mark of a table closed unplayed, and what an expired token
//! is told (used by the hub, the idle-table check and the status).

/// The `finished_at` an idle-closed table is archived with: the epoch, long before any
/// review period's end, so its tokens are expired whatever `review_grace` is
/// (docs/ENGINEERING.md: no column of its own, to leave the schema alone).
pub(crate) const CLOSED_IDLE_AT: i64 = 0;

/// What a token of a table archived at `finished_at` is told once it has expired.
pub(crate) fn expired_message(finished_at: i64) -> &'static str {
    if finished_at == CLOSED_IDLE_AT {
        "this table was closed unplayed: no action for too long"
    } else {
        "this board is over and its review period has passed"
    }
}
