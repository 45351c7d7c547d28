//! The client's table: built from one viewer's stream alone — the view at join,
//! then after each accepted action the viewer's entries and view, sent over the wire as JSON —
//! it agrees with the server's table at every step, holds nothing outside its audience, and
//! refuses a gap, another viewer's view or an entry not addressed to it, unchanged.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::stream::entries_of;
use bridge_laws::{Preset, Seat, SeatTable, Table, Update, Viewer};
use common::act::explained;
use common::wire::{joined, over_the_wire};
use common::{preset_table as table, random_action, seat, VIEWERS};
use proptest::prelude::*;

fn agrees(t: &Table, c: &SeatTable) -> Result<(), String> {
    let v = c.viewer();
    if *c.view() != t.view(v) {
        return Err(format!("{v}'s client view differs from the server's"));
    }
    if c.version() != t.stream_version(v) {
        return Err(format!("{v}: version {} vs {}", c.version(), t.stream_version(v)));
    }
    if c.turn() != t.view(v).turn {
        return Err(format!("{v}: turn"));
    }
    if let Viewer::Seat(s) = v {
        let server = if t.view(v).legal_calls.is_empty() {
            Default::default()
        } else {
            t.legal_calls(s)
        };
        if c.legal_calls() != server {
            return Err(format!("{v}: bidding box {} vs the server's {server}", c.legal_calls()));
        }
    }
    if let Some(e) = c.entries().iter().find(|e| !e.item.audience().contains(v)) {
        return Err(format!("{v} holds {:?} outside his audience", e.item));
    }
    if c.entries() != t.stream(v) {
        return Err(format!("{v}: the entries held are not his stream"));
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::config::cases(200))]
    #[test]
    fn a_client_table_fed_its_stream_agrees_with_the_server_at_every_step(
        steps in prop::collection::vec(any::<(u8, u8, u8)>(), 0..28),
        dealer in 0u8..4,
        preset in 0u8..4,
    ) {
        let preset = common::preset(preset);
        let mut t = table(preset, seat(dealer));
        let mut clients: Vec<SeatTable> = VIEWERS.iter().map(|v| joined(&t, *v)).collect();
        for s in &steps {
            let before: Vec<u64> = VIEWERS.iter().map(|v| t.stream_version(*v)).collect();
            let out = t.apply(random_action(&t, *s));
            if !out.is_ok() {
                continue;
            }
            for (i, c) in clients.iter_mut().enumerate() {
                let v = VIEWERS[i];
                let update = Update::with_view(entries_of(&out, v, before[i]), t.view(v));
                // A server sends nothing to a viewer with no new entry: his view cannot have changed.
                if update.entries.is_empty() {
                    prop_assert_eq!(Some(c.view()), update.view.as_ref(), "{}'s view changed with nothing in his stream", v);
                }
                prop_assert_eq!(c.receive(over_the_wire(&update)).map_err(|e| e.to_string()), Ok(()));
                prop_assert_eq!(agrees(&t, c), Ok(()));
            }
        }
    }
}

/// North (dealer) has opened 1NT with a self-alert; East is to call.
fn after_an_alerted_opening() -> (Table, Vec<SeatTable>, bridge_laws::Outcome, Vec<u64>) {
    let mut t = table(Preset::Online, Seat::N);
    let clients: Vec<SeatTable> = VIEWERS.iter().map(|v| joined(&t, *v)).collect();
    let before: Vec<u64> = VIEWERS.iter().map(|v| t.stream_version(*v)).collect();
    let out = t.apply(explained(Seat::N, "1NT", "15-17"));
    assert!(out.is_ok());
    (t, clients, out, before)
}

#[test]
fn the_client_answers_the_bidding_box_and_turn_locally() {
    let (t, mut clients, out, before) = after_an_alerted_opening();
    for (i, c) in clients.iter_mut().enumerate() {
        let v = VIEWERS[i];
        c.receive(Update::with_view(entries_of(&out, v, before[i]), t.view(v)))
            .unwrap();
    }
    let east = &clients[1];
    assert_eq!(east.turn(), Some(Seat::E));
    assert!(east.is_my_call());
    assert!(east.is_legal("2C".parse().unwrap()) && !east.is_legal("1H".parse().unwrap()));
    assert!(!clients[2].is_my_call(), "South waits");
    assert!(
        clients[2].view().calls[0].disclosures.is_empty(),
        "South never holds his partner's explanation"
    );
}

#[test]
fn a_gap_in_the_stream_is_refused_and_the_client_is_unchanged() {
    let (t, mut clients, out, before) = after_an_alerted_opening();
    let east = &mut clients[1];
    let mut entries = entries_of(&out, Viewer::Seat(Seat::E), before[1]);
    assert!(entries.len() >= 2, "East gets the call and its alert");
    entries.remove(0);
    let err = east
        .receive(Update::with_view(entries, t.view(Viewer::Seat(Seat::E))))
        .unwrap_err();
    assert!(err.to_string().contains("gap"), "{err}");
    assert_eq!(east.version(), before[1]);
    assert!(east.entries().is_empty());
    assert_eq!(east.turn(), Some(Seat::N), "still the view before the update");
}

#[test]
fn an_entry_outside_the_audience_is_refused() {
    let (t, mut clients, out, before) = after_an_alerted_opening();
    // The explanation addressed to East, numbered as if it were South's next entry.
    let south = &mut clients[2];
    let mut leaked = entries_of(&out, Viewer::Seat(Seat::E), before[2]);
    leaked.retain(|e| !e.item.audience().contains(Viewer::Seat(Seat::S)));
    assert!(!leaked.is_empty(), "something in East's stream is not South's");
    for (k, e) in leaked.iter_mut().enumerate() {
        e.version = before[2] + 1 + k as u64;
    }
    let err = south
        .receive(Update::with_view(leaked, t.view(Viewer::Seat(Seat::S))))
        .unwrap_err();
    assert!(err.to_string().contains("not addressed to S"), "{err}");
    assert_eq!(south.version(), before[2]);
}

#[test]
fn another_viewers_view_is_refused() {
    let (t, mut clients, _, _) = after_an_alerted_opening();
    assert!(SeatTable::new(Viewer::Seat(Seat::S), 0, t.view(Viewer::Seat(Seat::E))).is_err());
    let south = &mut clients[2];
    let err = south
        .receive(Update::with_view(vec![], t.view(Viewer::Seat(Seat::E))))
        .unwrap_err();
    assert!(err.to_string().contains("not S's"), "{err}");
    assert_eq!(south.view().viewer, Viewer::Seat(Seat::S));
}
