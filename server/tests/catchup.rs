//! A viewer can always catch up (docs/PROTOCOL.md, "A catch-up in pages"): at a table filled
//! to its caps in any way, every viewer — the four seats, the Director, a spectator — who
//! joins again from version 0 (or from a version he held before a disconnection) through a
//! connection with a small budget of unsent bytes and a small socket is sent his whole view
//! and stream without being closed `TOO_SLOW`, and folds it into the table's own view at the
//! table's version. The table's view is the one its stored log replays to.

mod common;

use std::collections::BTreeMap;
use std::time::Duration;

use bridge_laws::{Action, Outcome, SeatTable, StreamEntry, Table, Update, View, ViewPatch, Viewer};
use bridge_server::store::Store;
use bridge_server::{Limits, Running};
use common::{config, databases, http, serve, Client};
use serde_json::{json, Value};

/// Every viewer of a table, as tokens name them.
const VIEWERS: [&str; 6] = ["N", "E", "S", "W", "director", "spectator"];

/// A way to fill a table to its caps (`max_actions`, `max_total_text`).
#[derive(Clone, Copy, Debug)]
enum Fill {
    /// East and West ask about North's 1C in turn, North answers each in one character.
    QuestionsAndOneCharacterAnswers,
    /// North corrects his own explanation of his 1C, one character at a time.
    OneSeatCorrectingHisExplanation,
    /// Answers of 500 characters that grow when written as JSON (quotes, backslashes, control
    /// characters, accents, emoji) until the text cap, then questions to the action cap.
    LongExplanationsThenQuestions,
    /// Face to face: East asks at his turn, South answers (the Director's ledger grows too).
    FaceToFaceQuestions,
}

impl Fill {
    const ALL: [Fill; 4] = [
        Fill::QuestionsAndOneCharacterAnswers,
        Fill::OneSeatCorrectingHisExplanation,
        Fill::LongExplanationsThenQuestions,
        Fill::FaceToFaceQuestions,
    ];

    fn regulation(self) -> Value {
        match self {
            Fill::FaceToFaceQuestions => json!("face_to_face"),
            _ => json!("online"),
        }
    }

    /// The seats that act after North's opening (no other stays connected while the table
    /// is filled: a connection nobody reads would fall behind).
    fn actors(self) -> &'static [&'static str] {
        match self {
            Fill::OneSeatCorrectingHisExplanation => &["N"],
            Fill::FaceToFaceQuestions => &["E", "S"],
            _ => &["N", "E", "W"],
        }
    }

    fn opening(self) -> Value {
        match self {
            Fill::OneSeatCorrectingHisExplanation => json!({ "type": "call", "call": "1C", "explanation": "a" }),
            _ => json!({ "type": "call", "call": "1C" }),
        }
    }

    /// The actions to try at step `i`, in order: the first the table accepts is kept.
    fn step(self, i: usize) -> Vec<(&'static str, Value)> {
        let letter = char::from(b'a' + (i % 26) as u8).to_string();
        let asker = if i % 4 < 2 { "E" } else { "W" };
        let ask = json!({ "type": "ask", "index": 0 });
        match self {
            Fill::QuestionsAndOneCharacterAnswers if i % 2 == 0 => vec![(asker, ask)],
            Fill::QuestionsAndOneCharacterAnswers => {
                vec![("N", json!({ "type": "explain", "index": 0, "text": letter }))]
            }
            Fill::OneSeatCorrectingHisExplanation => {
                vec![(
                    "N",
                    json!({ "type": "correct_explanation", "index": 0, "text": letter }),
                )]
            }
            Fill::LongExplanationsThenQuestions if i % 2 == 0 => vec![(asker, ask)],
            Fill::LongExplanationsThenQuestions => {
                let long = "\"\\\u{1}é😀".repeat(100);
                vec![
                    ("N", json!({ "type": "explain", "index": 0, "text": long })),
                    (asker, ask),
                ]
            }
            Fill::FaceToFaceQuestions if i % 2 == 0 => vec![("E", ask)],
            Fill::FaceToFaceQuestions => vec![("S", json!({ "type": "explain", "index": 0, "text": letter }))],
        }
    }
}

/// A server whose connections may queue at most `budget` unsent bytes (and whose players may
/// send as fast as they like: the tables are filled by the suite).
async fn server(db: &str, budget: usize) -> Running {
    let mut c = config(db);
    c.limits = Limits {
        unsent_bytes: budget,
        rate_per_sec: 1e6,
        burst: 1e6,
        view_interval: Duration::ZERO,
        ..Limits::default()
    };
    serve(c).await
}

/// Creates table `id` under `fill`'s regulation; its tokens.
async fn create(s: &Running, id: &str, fill: Fill) -> Value {
    let options = json!({ "dealer": "N", "vulnerability": "None", "regulation": fill.regulation() });
    let (status, body) = http(
        s.addr,
        "POST",
        "/api/tables",
        Some(json!({ "id": id, "options": options })),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    body["tokens"].clone()
}

/// Opens table `id` as `fill` says, with the seats that act joined; their connections.
async fn open(s: &Running, id: &str, tokens: &Value, fill: Fill) -> BTreeMap<&'static str, Client> {
    let mut seats = BTreeMap::new();
    for seat in fill.actors().iter().chain(&["N"]) {
        let (c, joined) = Client::join(s.addr, id, &tokens[*seat]).await;
        assert_eq!(joined["type"], "joined", "{joined}");
        seats.insert(*seat, c);
    }
    let ack = seats.get_mut("N").unwrap().act(fill.opening()).await;
    assert_eq!(ack["ok"], true, "{ack}");
    seats.retain(|seat, _| fill.actors().contains(seat));
    seats
}

/// Goes on filling the opened table as `fill` says until it accepts nothing more; the number
/// of actions accepted (the opening's included) and the codes of the last refusals.
async fn fill_up(seats: &mut BTreeMap<&'static str, Client>, fill: Fill) -> (usize, Vec<String>) {
    for i in 0.. {
        let mut refused = Vec::new();
        for (seat, action) in fill.step(i) {
            let ack = seats.get_mut(seat).unwrap().act(action).await;
            if ack["ok"] == true {
                break;
            }
            refused.push(ack["rejection"]["code"].as_str().unwrap_or("?").to_string());
        }
        if refused.len() == fill.step(i).len() {
            // The opening and `i` steps.
            return (i + 1, refused);
        }
    }
    unreachable!()
}

/// The table as its stored log replays: what every viewer must reach.
async fn stored_table(db: &str, id: &str) -> Table {
    let store = Store::connect(db).await.unwrap();
    let stored = store.load_one(id).await.unwrap().unwrap();
    store.close().await;
    // With its deal, as the server rebuilds it.
    let options = bridge_server::deal::options_of(&stored).unwrap();
    let mut table = Table::new(options).unwrap();
    for (text, _) in &stored.actions {
        let outcome = table.apply(Action::from_json(text).unwrap());
        assert!(!matches!(outcome, Outcome::Rejected(_)), "{text}");
    }
    table
}

/// What a client made of its join: its table, whether the reply came in pages, and the most
/// bytes one message took.
struct CaughtUp {
    table: SeatTable,
    paged: bool,
    largest: usize,
}

/// An `events` message as a client table takes it.
fn update(msg: &Value) -> Update<'static> {
    let entries: Vec<StreamEntry> = serde_json::from_value(msg["entries"].clone()).unwrap();
    let patch: ViewPatch = serde_json::from_value(msg["patch"].clone()).expect("an events message with a patch");
    Update::with_patch(entries, patch)
}

/// Joins table `id` as `viewer` with `since` (resuming `held`, the table kept from an
/// earlier connection) through a socket that takes little at a time, read slowly; folds the
/// reply as a page does (docs/PROTOCOL.md): a `joined` with entries into the table held, else
/// a fresh table, then every page, until the version the reply leads to.
async fn rejoin(s: &Running, id: &str, token: &Value, since: Option<u64>, held: Option<SeatTable>) -> CaughtUp {
    let mut c = Client::connect_small(s.addr, 4096).await;
    let mut join = json!({ "type": "join", "table": id, "token": token });
    if let Some(v) = since {
        join["since"] = json!(v);
    }
    c.send(join).await;
    // The server writes what the socket takes and queues the rest meanwhile.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let joined = c.next().await.expect("joined");
    assert_eq!(joined["type"], "joined", "{joined}");
    let mut largest = c.received.last().map_or(0, String::len);
    let viewer: Viewer = serde_json::from_value(joined["viewer"].clone()).unwrap();
    let view: View<'static> = serde_json::from_value(joined["view"].clone()).unwrap();
    let version = joined["version"].as_u64().unwrap();
    let mut table = match (held, joined["entries"].as_array()) {
        (Some(mut held), Some(entries)) => {
            let entries: Vec<StreamEntry> = serde_json::from_value(json!(entries)).unwrap();
            held.receive(Update::with_view(entries, view)).unwrap();
            held
        }
        _ => SeatTable::new(viewer, version, view).unwrap(),
    };
    let until = joined["until"].as_u64();
    while until.is_some_and(|u| table.version() < u) {
        let msg = c.next().await.expect("a page, not a close");
        largest = largest.max(c.received.last().map_or(0, String::len));
        assert_eq!(msg["type"], "events", "{msg}");
        table.receive(update(&msg)).unwrap();
    }
    assert!(
        c.drain(50).await.is_empty(),
        "nothing after the catch-up at a full table"
    );
    CaughtUp {
        table,
        paged: until.is_some(),
        largest,
    }
}

/// Checks that `caught` holds `viewer`'s view of `table` at his version.
fn assert_caught_up(caught: &CaughtUp, table: &Table, viewer: Viewer, what: &str) {
    assert_eq!(
        caught.table.version(),
        table.stream_version(viewer),
        "{what}: {viewer}'s version"
    );
    assert_eq!(
        serde_json::to_value(caught.table.view()).unwrap(),
        serde_json::to_value(table.view(viewer)).unwrap(),
        "{what}: {viewer}'s view"
    );
}

/// Fills a table in each way on a server with `budget` bytes a connection, and has every
/// viewer join it again from version 0 (the Director also from the version he held before
/// his connection dropped early), through a small socket read slowly.
async fn every_viewer_catches_up(db: &str, budget: usize) {
    let s = server(db, budget).await;
    for fill in Fill::ALL {
        let id = common::unique("full");
        let tokens = create(&s, &id, fill).await;
        let mut seats = open(&s, &id, &tokens, fill).await;
        // The Director was there at the start, and lost his connection.
        let (early, joined) = Client::join(s.addr, &id, &tokens["director"]).await;
        let view: View<'static> = serde_json::from_value(joined["view"].clone()).unwrap();
        let held = SeatTable::new(Viewer::Director, joined["version"].as_u64().unwrap(), view).unwrap();
        drop(early);
        let (filled, refused) = fill_up(&mut seats, fill).await;
        drop(seats);
        assert!(refused.iter().all(|c| c == "LIMIT_REACHED"), "{fill:?}: {refused:?}");
        assert_eq!(filled, 2000, "{fill:?}: filled to max_actions");
        let table = stored_table(db, &id).await;
        assert_eq!(table.log().len(), 2000);
        let what = format!("{fill:?}, budget {budget}");
        for name in VIEWERS {
            let viewer: Viewer = name.parse().unwrap();
            let caught = rejoin(&s, &id, &tokens[name], Some(0), None).await;
            assert_caught_up(&caught, &table, viewer, &what);
            if !caught.paged {
                assert!(
                    caught.largest <= budget / 2,
                    "{what}: {viewer}: one message of {} bytes",
                    caught.largest
                );
            }
            if viewer == Viewer::Director {
                assert!(
                    caught.paged,
                    "{what}: the Director's whole stream is past half the budget"
                );
            }
        }
        let since = held.version();
        assert!(since > 0, "{what}: the Director saw the start");
        let resumed = rejoin(&s, &id, &tokens["director"], Some(since), Some(held)).await;
        assert_caught_up(
            &resumed,
            &table,
            Viewer::Director,
            &format!("{what}, resumed from {since}"),
        );
    }
    assert_eq!(s.metrics.closed_too_slow(), 0, "budget {budget}: nobody was too slow");
    assert!(
        s.metrics.peak_queued_bytes() <= budget,
        "budget {budget}: {} bytes queued at once",
        s.metrics.peak_queued_bytes()
    );
    s.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_viewer_of_a_table_filled_to_its_caps_catches_up_from_version_0_within_the_default_budget() {
    for (_, db) in databases() {
        every_viewer_catches_up(&db, Limits::default().unsent_bytes).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_viewer_of_a_table_filled_to_its_caps_catches_up_through_a_quarter_of_the_budget() {
    for (_, db) in databases() {
        every_viewer_catches_up(&db, 256 * 1024).await;
    }
}

/// Reads `c` until `version` is reached by `table`, folding every `events` message.
async fn fold_until(c: &mut Client, table: &mut SeatTable, version: u64) {
    while table.version() < version {
        let msg = c.next().await.expect("a page, not a close");
        if msg["type"] == "events" {
            table.receive(update(&msg)).unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pushes_made_during_a_paged_catch_up_follow_its_pages_and_a_paged_view_and_entries_since_are_whole() {
    for (_, db) in databases() {
        // A small budget: the Director's catch-up is paged long before the caps.
        let budget = 64 * 1024;
        let s = server(&db, budget).await;
        let fill = Fill::QuestionsAndOneCharacterAnswers;
        let id = common::unique("busy");
        let tokens = create(&s, &id, fill).await;
        let mut seats = open(&s, &id, &tokens, fill).await;
        for i in 0..300 {
            for (seat, action) in fill.step(i).into_iter().take(1) {
                let ack = seats.get_mut(seat).unwrap().act(action).await;
                assert_eq!(ack["ok"], true, "{ack}");
            }
        }
        // The Director joins through a small socket and reads nothing while the table goes on.
        let mut director = Client::connect_small(s.addr, 4096).await;
        director
            .send(json!({ "type": "join", "table": id, "token": tokens["director"] }))
            .await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        for i in 300..340 {
            for (seat, action) in fill.step(i).into_iter().take(1) {
                let ack = seats.get_mut(seat).unwrap().act(action).await;
                assert_eq!(ack["ok"], true, "{ack}");
            }
        }
        let table = stored_table(&db, &id).await;
        let joined = director.next().await.unwrap();
        let until = joined["until"].as_u64().expect("a paged catch-up");
        assert_eq!(joined["version"], 0);
        assert!(
            until < table.stream_version(Viewer::Director),
            "actions came after the join"
        );
        let view: View<'static> = serde_json::from_value(joined["view"].clone()).unwrap();
        let mut held = SeatTable::new(Viewer::Director, 0, view).unwrap();
        // The pages, then the pushes: one stream without a gap (a client table refuses one).
        fold_until(&mut director, &mut held, table.stream_version(Viewer::Director)).await;
        let caught = CaughtUp {
            table: held,
            paged: true,
            largest: 0,
        };
        assert_caught_up(&caught, &table, Viewer::Director, "pushes after the pages");

        // The whole view on request: in pages too, folded into a fresh table.
        director.send(json!({ "type": "view" })).await;
        let head = director.until("view").await;
        assert_eq!(
            (head["version"].as_u64(), head["until"].as_u64()),
            (Some(0), Some(table.stream_version(Viewer::Director)))
        );
        let view: View<'static> = serde_json::from_value(head["view"].clone()).unwrap();
        let mut fresh = SeatTable::new(Viewer::Director, 0, view).unwrap();
        fold_until(&mut director, &mut fresh, table.stream_version(Viewer::Director)).await;
        let fresh = CaughtUp {
            table: fresh,
            paged: true,
            largest: 0,
        };
        assert_caught_up(&fresh, &table, Viewer::Director, "a view on request");

        // Entries since 0: in pages of entries alone, every one in order.
        director.send(json!({ "type": "events_since", "version": 0 })).await;
        let mut entries = Vec::new();
        let mut messages = 0;
        while entries.len() < table.stream(Viewer::Director).len() {
            let msg = director.until("events").await;
            assert!(msg.get("patch").is_none(), "{msg}");
            entries.extend(msg["entries"].as_array().unwrap().iter().cloned());
            messages += 1;
        }
        assert!(messages > 1, "in pages");
        assert_eq!(
            Value::Array(entries),
            serde_json::to_value(table.stream(Viewer::Director)).unwrap()
        );
        assert_eq!(s.metrics.closed_too_slow(), 0);
        assert!(s.metrics.peak_queued_bytes() <= budget);
        drop(seats);
        s.task.abort();
    }
}
