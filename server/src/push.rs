//! What the server pushes after an accepted action: each joined connection gets its viewer's
//! new entries and what changed in his view (a `ViewPatch`), never the whole view, so a push
//! does not grow with the board (docs/STREAMS.md). The composition of the message is in
//! `events_message` alone, so the push format can change in one place.

use bridge_laws::{Outcome, Update, Viewer};
use serde_json::json;

use crate::hub::Live;

/// The `events` message for `viewer` after an action: his new entries, the patch of his
/// view (a client table, `SeatTable`, folds both), and for the Director the state hash.
pub fn events_message(table_id: &str, viewer: Viewer, update: &Update<'_>, state_hash: &str) -> String {
    let mut msg = json!({ "type": "events", "table": table_id, "entries": update.entries, "patch": update.patch });
    if viewer == Viewer::Director {
        msg["stateHash"] = json!(state_hash);
    }
    msg.to_string()
}

/// Sends each joined connection its viewer's push for `outcome`; a viewer with nothing new is
/// sent nothing. Each viewer's message is written once, however many of his connections are
/// joined. A connection whose queue is past its budget is closed as too slow and leaves the
/// table.
pub(crate) fn deliver(live: &mut Live, table_id: &str, outcome: &Outcome) {
    let pushes = live.tracker.pushes(&live.table, outcome);
    let hash = live.table.state_hash();
    let mut written: Vec<(Viewer, String)> = Vec::new();
    let mut slow = Vec::new();
    for sub in &live.subs {
        let Some(update) = pushes.get(sub.viewer) else { continue };
        let text = match written.iter().find(|(v, _)| *v == sub.viewer) {
            Some((_, text)) => text.clone(),
            None => {
                let text = events_message(table_id, sub.viewer, update, &hash);
                written.push((sub.viewer, text.clone()));
                text
            }
        };
        if !sub.out.send(text) {
            slow.push(sub.conn);
        }
    }
    live.subs.retain(|s| !slow.contains(&s.conn));
}
