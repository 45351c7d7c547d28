//! What the server pushes after an accepted action: each joined connection gets its viewer's
//! new entries and what changed in his view (a `ViewPatch`), never the whole view, so a push
//! does not grow with the board (docs/STREAMS.md). The composition of the message is in
//! `events_message` alone, so the push format can change in one place.

use bridge_laws::{Outcome, StreamEntry, Update, ViewPatch, Viewer};
use serde::Serialize;

use crate::hub::Live;

/// The `events` message, written in one pass (no intermediate JSON tree).
#[derive(Serialize)]
struct EventsMessage<'a> {
    r#type: &'static str,
    table: &'a str,
    entries: &'a [StreamEntry],
    patch: &'a Option<ViewPatch>,
    #[serde(rename = "stateHash", skip_serializing_if = "Option::is_none")]
    state_hash: Option<&'a str>,
}

/// The `events` message for `viewer` after an action: his new entries, the patch of his
/// view (a client table, `SeatTable`, folds both), and for the Director the state hash.
pub fn events_message(table_id: &str, viewer: Viewer, update: &Update<'_>, state_hash: &str) -> String {
    let msg = EventsMessage {
        r#type: "events",
        table: table_id,
        entries: &update.entries,
        patch: &update.patch,
        state_hash: (viewer == Viewer::Director).then_some(state_hash),
    };
    serde_json::to_string(&msg).unwrap_or_default()
}

/// Sends each joined connection its viewer's push for `outcome`; a viewer with nothing new is
/// sent nothing, a viewer nobody is joined as is no longer watched. Each viewer's message is written once, however many of his connections are
/// joined. A connection whose queue is past its budget is closed as too slow and leaves the
/// table.
pub(crate) fn deliver(live: &mut Live, table_id: &str, outcome: &Outcome) {
    // Only the viewers someone is joined as are watched: a view is made for each of them.
    for viewer in Viewer::ALL {
        if live.tracker.is_watching(viewer) && !live.subs.iter().any(|s| s.viewer == viewer) {
            live.tracker.unwatch(viewer);
        }
    }
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

#[cfg(test)]
mod tests {
    use bridge_laws::{Action, Table, TableOptions, ViewTracker, Viewer};
    use serde_json::{json, Value};

    use super::events_message;

    #[test]
    fn an_events_message_carries_the_entries_and_patch_and_the_hash_for_the_director_only() {
        let options: TableOptions =
            serde_json::from_str(r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#).unwrap();
        let mut table = Table::new(options).unwrap();
        let mut tracker = ViewTracker::new(&table);
        let outcome = table.apply(Action::from_json(r#"{"seat":"N","type":"call","call":"1C"}"#).unwrap());
        let pushes = tracker.pushes(&table, &outcome);
        for viewer in [Viewer::Seat(bridge_laws::Seat::E), Viewer::Director] {
            let update = pushes.get(viewer).expect("a call is news to everyone");
            let text = events_message("t1", viewer, update, "h");
            let msg: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(msg["type"], "events");
            assert_eq!(msg["table"], "t1");
            assert_eq!(msg["entries"], json!(update.entries));
            assert_eq!(msg["patch"], json!(update.patch));
            assert_eq!(msg.get("stateHash").is_some(), viewer == Viewer::Director, "{text}");
        }
    }
}
