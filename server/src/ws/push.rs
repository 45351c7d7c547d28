//! What the server pushes after an accepted action: each joined connection gets its viewer's
//! new entries and what changed in his view (a `ViewPatch`), never the whole view, so a push
//! does not grow with the board (docs/STREAMS.md). The push is a `ServerMsg::Events` made in
//! `events_message` alone.

use bridge_laws::{Outcome, Update, Viewer};

use crate::tables::live::Live;
use crate::ws::server_msg::{Entries, ServerMsg};

/// The `events` message for `viewer` after an action: his new entries, the patch of his
/// view (a client table, `SeatTable`, folds both), and for the Director the state hash.
pub fn events_message(table_id: &str, viewer: Viewer, update: &Update<'_>, state_hash: &str) -> String {
    ServerMsg::Events {
        table: table_id,
        entries: Entries::Pushed(&update.entries),
        patch: update.patch.as_ref(),
        view: update.view.as_ref(),
        state_hash: (viewer == Viewer::Director).then_some(state_hash),
    }
    .to_text()
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
    // A viewer's message, kept while another of his connections is still to be sent it.
    let mut kept: Vec<(Viewer, String)> = Vec::new();
    let mut slow = Vec::new();
    for (i, sub) in live.subs.iter().enumerate() {
        let Some(update) = pushes.get(sub.viewer) else { continue };
        let again = live.subs[i + 1..].iter().any(|s| s.viewer == sub.viewer);
        let text = match (kept.iter().position(|(v, _)| *v == sub.viewer), again) {
            (Some(k), true) => kept[k].1.clone(),
            (Some(k), false) => kept.swap_remove(k).1,
            (None, again) => {
                let text = events_message(table_id, sub.viewer, update, &hash);
                if again {
                    kept.push((sub.viewer, text.clone()));
                }
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
    use bridge_laws::{Action, Table, TableOptions, Update, ViewTracker, Viewer};
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
            assert!(update.patch.is_some(), "the tracker pushes patches");
            assert_eq!(msg["patch"], json!(update.patch));
            assert!(msg.get("view").is_none(), "{text}");
            assert_eq!(msg.get("stateHash").is_some(), viewer == Viewer::Director, "{text}");
        }
    }

    #[test]
    fn an_update_carrying_the_whole_view_is_pushed_with_the_view_and_no_patch() {
        let options: TableOptions =
            serde_json::from_str(r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#).unwrap();
        let mut table = Table::new(options).unwrap();
        let outcome = table.apply(Action::from_json(r#"{"seat":"N","type":"call","call":"1C"}"#).unwrap());
        assert!(
            !matches!(outcome, bridge_laws::Outcome::Rejected(_)),
            "the dealer may open"
        );
        let viewer = Viewer::Seat(bridge_laws::Seat::S);
        let entries = table.events_since(viewer, 0).unwrap();
        let update = Update::with_view(entries, table.view(viewer));
        let msg: Value = serde_json::from_str(&events_message("t1", viewer, &update, "h")).unwrap();
        assert_eq!(msg["view"], json!(table.view(viewer)));
        assert_eq!(msg["entries"], json!(update.entries));
        assert!(msg.get("patch").is_none() && msg.get("stateHash").is_none(), "{msg}");
    }
}
