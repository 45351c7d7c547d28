//! What the server pushes after an accepted action: each joined connection gets exactly its
//! viewer's new entries. The composition of the message is in `events_message` alone, so the
//! push format can change in one place.

use bridge_laws::stream::{entries_of, StreamEntry};
use bridge_laws::{Outcome, Table, Viewer};
use serde_json::json;

use crate::hub::Live;

/// The `events` message for `viewer` after an action: its new entries, its view after them
/// (a client table, `SeatTable`, is kept from them alone), and for the Director the state hash.
pub fn events_message(table_id: &str, viewer: Viewer, entries: &[StreamEntry], table: &Table) -> String {
    let mut msg = json!({ "type": "events", "table": table_id, "entries": entries, "view": table.view(viewer) });
    if viewer == Viewer::Director {
        msg["stateHash"] = json!(table.state_hash());
    }
    msg.to_string()
}

/// Sends each joined connection its entries of `outcome` (`before[i]`: the version of
/// `live.subs[i]`'s viewer before the action). A connection whose queue is past its budget
/// is closed as too slow and leaves the table.
pub(crate) fn deliver(live: &mut Live, table_id: &str, outcome: &Outcome, before: &[u64]) {
    let mut slow = Vec::new();
    for (sub, from) in live.subs.iter().zip(before) {
        let entries = entries_of(outcome, sub.viewer, *from);
        if entries.is_empty() {
            continue;
        }
        if !sub
            .out
            .send(events_message(table_id, sub.viewer, &entries, &live.table))
        {
            slow.push(sub.conn);
        }
    }
    live.subs.retain(|s| !slow.contains(&s.conn));
}
