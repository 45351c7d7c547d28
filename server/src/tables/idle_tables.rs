//! Tables left unplayed: a table whose board is not over and that has accepted no action for
//! `idle_table` (since it was created, restored at start, or last acted on) is closed — archived
//! in the database like a finished board and taken out of memory; its tokens expire at once
//! (every joined connection is sent `TOKEN_EXPIRED` and closed, a join is refused with it).
//! Without this, a table created and abandoned would hold memory and a `tables` slot forever.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::protocol::ErrorCode;
use crate::tables::expiry::{expired_message, CLOSED_IDLE_AT};
use crate::tables::hub::Hub;
use crate::ws::outbox::Close;

/// How often the tables are looked over: a quarter of the idle limit, between 10 ms and a
/// minute (a table is closed at most that much later than its limit).
fn sweep_interval(idle: Duration) -> Duration {
    (idle / 4).clamp(Duration::from_millis(10), Duration::from_secs(60))
}

/// Closes idle tables as long as the server runs.
pub(crate) async fn run(hub: Arc<Hub>) {
    let idle = hub.limits.idle_table;
    let mut ticks = tokio::time::interval(sweep_interval(idle));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // Each table's number of accepted actions when last looked at, and since when.
    let mut seen: HashMap<String, (usize, Instant)> = HashMap::new();
    loop {
        ticks.tick().await;
        seen = sweep(&hub, idle, &seen).await;
    }
}

/// Looks every live table over once; the activity record for the next sweep.
async fn sweep(
    hub: &Hub,
    idle: Duration,
    seen: &HashMap<String, (usize, Instant)>,
) -> HashMap<String, (usize, Instant)> {
    let slots = hub.slots().await;
    let mut next = HashMap::with_capacity(slots.len());
    for (id, slot) in slots {
        let mut live = slot.lock().await;
        // Finished boards leave by their review period; broken ones wait for the operator.
        if live.finished_at.is_some() || live.broken.is_some() || live.evicted {
            continue;
        }
        let now = Instant::now();
        let actions = live.table.log().len();
        let since = match seen.get(&id) {
            Some(&(n, since)) if n == actions => since,
            _ => now,
        };
        if now.duration_since(since) < idle {
            next.insert(id, (actions, since));
            continue;
        }
        if let Err(e) = hub.store.finish(&id, CLOSED_IDLE_AT).await {
            eprintln!("table {id}: idle, not archived: {e}");
            next.insert(id, (actions, since));
            continue;
        }
        live.finished_at = Some(CLOSED_IDLE_AT);
        live.expiry.send_replace(Some(now));
        for sub in live.subs.drain(..) {
            sub.out
                .close(Close::new(ErrorCode::TokenExpired, expired_message(CLOSED_IDLE_AT)));
        }
        live.evicted = true;
        drop(live);
        let mut tables = hub.tables.write().await;
        if tables.get(&id).is_some_and(|s| Arc::ptr_eq(s, &slot)) {
            tables.remove(&id);
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_looked_over_four_times_per_idle_limit_within_bounds() {
        assert_eq!(sweep_interval(Duration::from_secs(24 * 3600)), Duration::from_secs(60));
        assert_eq!(sweep_interval(Duration::from_millis(400)), Duration::from_millis(100));
        assert_eq!(sweep_interval(Duration::ZERO), Duration::from_millis(10));
    }

    #[test]
    fn an_idle_closed_table_and_a_finished_board_tell_their_tokens_apart() {
        assert_ne!(expired_message(CLOSED_IDLE_AT), expired_message(1));
    }
}
