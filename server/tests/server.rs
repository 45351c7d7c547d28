//! The reference server in process, against SQLite always and PostgreSQL when
//! `BRIDGE_TEST_PG_URL` is set: seats bound to connections, private streams, bad clients
//! refused with codes and the table unaffected, resuming by version, restarts that restore
//! every table to its hash.

mod common;

use bridge_server::store::Store;
use bridge_server::{Config, Limits, Running};
use common::{config, create_table, databases, http, nth_call, serve, unique, Client};
use serde_json::{json, Value};

async fn server(db: &str, limits: Limits) -> Running {
    serve(Config { limits, ..config(db) }).await
}

async fn hash_of(addr: std::net::SocketAddr, id: &str) -> (u64, String) {
    let (status, body) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(status, 200, "{body}");
    (
        body["actions"].as_u64().unwrap(),
        body["stateHash"].as_str().unwrap().to_string(),
    )
}

/// Joins the four seats, the Director and a spectator.
async fn everyone(addr: std::net::SocketAddr, id: &str, tokens: &Value) -> Vec<Client> {
    let mut out = Vec::new();
    for v in ["N", "E", "S", "W", "director", "spectator"] {
        let (c, joined) = Client::join(addr, id, &tokens[v]).await;
        assert_eq!(joined["type"], "joined", "{joined}");
        assert_eq!(joined["viewer"], v);
        assert_eq!(
            joined["regulation"]["disclosure"], "self",
            "the regulation is told at join: {joined}"
        );
        out.push(c);
    }
    out
}

#[tokio::test]
async fn each_connection_acts_only_as_its_seat_and_hears_only_its_audience() {
    for (name, db) in databases() {
        let s = server(&db, Limits::default()).await;
        let id = unique("bound");
        let tokens = create_table(s.addr, &id, "online").await;
        let mut c = everyone(s.addr, &id, &tokens).await;
        // Under self-alerting N explains his own call to the opponents, never to partner.
        let ack = c[0]
            .act(json!({ "type": "call", "call": "2C", "alert": true, "explanation": "strong artificial" }))
            .await;
        assert_eq!(ack["ok"], true, "{name}: {ack}");
        // East acting as North: refused with a code; the table is unchanged.
        let (_, before) = hash_of(s.addr, &id).await;
        let wrong = c[1].act(json!({ "seat": "N", "type": "call", "call": "P" })).await;
        assert_eq!(wrong["code"], "WRONG_SEAT", "{name}: {wrong}");
        let spectator = c[5].act(json!({ "type": "call", "call": "P" })).await;
        assert_eq!(spectator["code"], "WRONG_SEAT");
        assert_eq!(hash_of(s.addr, &id).await.1, before);
        // East passes as himself.
        assert_eq!(c[1].act(json!({ "type": "call", "call": "P" })).await["ok"], true);
        for client in &mut c {
            client.drain(150).await;
        }
        let heard = |i: usize| c[i].received.join("\n");
        assert!(
            !heard(2).contains("strong artificial"),
            "{name}: partner heard the explanation"
        );
        for i in [1, 3, 4, 5] {
            assert!(
                heard(i).contains("strong artificial"),
                "{name}: viewer {i} missed the explanation"
            );
        }
        // Nobody but the Director is sent the state hash (it would let a seat test guesses
        // about what he may not see).
        for i in [0, 1, 2, 3, 5] {
            assert!(
                !heard(i).contains("stateHash"),
                "{name}: viewer {i} was sent the state hash"
            );
        }
        assert!(heard(4).contains("stateHash"));
        s.task.abort();
    }
}

#[tokio::test]
async fn unknown_tables_tokens_oversized_frames_and_floods_get_codes_and_harm_nobody() {
    for (name, db) in databases() {
        let limits = Limits {
            frame_bytes: 2048,
            rate_per_sec: 5.0,
            burst: 10.0,
            ..Limits::default()
        };
        let s = server(&db, limits).await;
        let id = unique("bad");
        let tokens = create_table(s.addr, &id, "online").await;
        let (_, unknown) = Client::join(s.addr, "no-such-table", &tokens["N"]).await;
        assert_eq!(unknown["code"], "UNKNOWN_TABLE", "{name}");
        let (_, bad) = Client::join(s.addr, &id, &json!("0123")).await;
        assert_eq!(bad["code"], "BAD_TOKEN");
        let mut stranger = Client::connect(s.addr).await;
        stranger
            .send(json!({ "type": "act", "action": { "type": "call", "call": "1C" } }))
            .await;
        assert_eq!(stranger.next().await.unwrap()["code"], "NOT_JOINED");
        stranger.send_text("not json".into()).await;
        assert_eq!(stranger.next().await.unwrap()["code"], "BAD_MESSAGE");

        let mut c = everyone(s.addr, &id, &tokens).await;
        // Oversized: coded, and the connection still works.
        c[1].send_text(format!(
            "{{\"type\":\"act\",\"action\":{{\"type\":\"call\",\"call\":\"P\",\"pad\":\"{}\"}}}}",
            "x".repeat(4096)
        ))
        .await;
        assert_eq!(c[1].next().await.unwrap()["code"], "FRAME_TOO_LARGE", "{name}");
        c[1].send(json!({ "type": "ping" })).await;
        assert_eq!(c[1].until("pong").await["type"], "pong");
        // A flood from East: some messages dropped with FLOOD; the table took none of them.
        for _ in 0..60 {
            c[1].send(json!({ "type": "act", "action": { "type": "call", "call": "7NT" } }))
                .await;
        }
        let replies = c[1].drain(300).await;
        assert!(
            replies.iter().any(|r| r["code"] == "FLOOD"),
            "{name}: no FLOOD in {replies:?}"
        );
        assert_eq!(hash_of(s.addr, &id).await.0, 0, "{name}: East acted out of turn");
        // North, unaffected, opens; everyone hears it.
        let ack = c[0].act(json!({ "type": "call", "call": "1C" })).await;
        assert_eq!(ack["ok"], true, "{name}: {ack}");
        let events = c[3].until("events").await;
        assert_eq!(events["entries"][0]["event"]["kind"], "call");
        // A refusal under the Laws is an ack with the engine's code, not a protocol error.
        let refused = c[2].act(json!({ "type": "call", "call": "1D" })).await;
        assert_eq!(refused["ok"], false, "{name}: {refused}");
        assert!(refused["rejection"]["code"].is_string());
        s.task.abort();
    }
}

#[tokio::test]
async fn a_dropped_client_catches_up_by_version_with_exactly_what_it_missed() {
    for (name, db) in databases() {
        let s = server(&db, Limits::default()).await;
        let id = unique("resume");
        let tokens = create_table(s.addr, &id, "online").await;
        let mut c = everyone(s.addr, &id, &tokens).await;
        for i in 0..2 {
            let (seat, call) = nth_call(i);
            let k = ["N", "E", "S", "W"].iter().position(|s| *s == seat).unwrap();
            assert_eq!(
                c[k].act(json!({ "type": "call", "call": call, "alert": i == 0, "explanation": "x" }))
                    .await["ok"],
                true
            );
        }
        let mut south = c.remove(2);
        south.drain(150).await;
        let version = south
            .received
            .iter()
            .filter_map(|t| serde_json::from_str::<Value>(t).ok())
            .filter(|v| v["type"] == "events")
            .flat_map(|v| v["entries"].as_array().cloned().unwrap_or_default())
            .map(|e| e["version"].as_u64().unwrap())
            .max()
            .unwrap();
        // South's new connection (fresh, without `since`) replaces the first, which is told so.
        let (mut south2, _) = Client::join(s.addr, &id, &tokens["S"]).await;
        assert_eq!(
            south.close_frame().await.map(|f| f.1),
            Some("REPLACED".into()),
            "{name}"
        );
        assert_eq!(south.last_error().unwrap()["code"], "REPLACED");
        drop(south);
        south2.drain(150).await;
        let seen_before = south2.received.len();
        for i in 2..9 {
            let (seat, call) = nth_call(i);
            if seat == "S" {
                assert_eq!(south2.act(json!({ "type": "call", "call": call })).await["ok"], true);
                continue;
            }
            // c is now N, E, W, the Director, the spectator.
            let k = ["N", "E", "W"].iter().position(|s| *s == seat).unwrap();
            assert_eq!(
                c[k].act(json!({ "type": "call", "call": call })).await["ok"],
                true,
                "{name}"
            );
        }
        south2.drain(150).await;
        let live: Vec<Value> = south2.received[seen_before..]
            .iter()
            .filter_map(|t| serde_json::from_str::<Value>(t).ok())
            .filter(|v| v["type"] == "events")
            .flat_map(|v| v["entries"].as_array().cloned().unwrap_or_default())
            .collect();
        let mut back = Client::connect(s.addr).await;
        back.send(json!({ "type": "join", "table": id, "token": tokens["S"], "since": version }))
            .await;
        let joined = back.until("joined").await;
        assert_eq!(joined["entries"].as_array().unwrap(), &live, "{name}");
        assert_eq!(joined["version"], live.last().unwrap()["version"]);
        back.send(json!({ "type": "events_since", "version": 10_000 })).await;
        assert_eq!(back.next().await.unwrap()["code"], "BAD_VERSION");
        s.task.abort();
    }
}

#[tokio::test]
async fn a_restarted_server_restores_every_table_to_its_hash_and_refuses_a_tampered_one() {
    for (name, db) in databases() {
        let s = server(&db, Limits::default()).await;
        let ids = [unique("restart-a"), unique("restart-b"), unique("restart-c")];
        let mut hashes = Vec::new();
        for (n, id) in ids.iter().enumerate() {
            let tokens = create_table(s.addr, id, "online_tournament").await;
            let mut c = everyone(s.addr, id, &tokens).await;
            for i in 0..(3 + 4 * n) {
                let (seat, call) = nth_call(i);
                let k = ["N", "E", "S", "W"].iter().position(|s| *s == seat).unwrap();
                assert_eq!(
                    c[k].act(json!({ "type": "call", "call": call })).await["ok"],
                    true,
                    "{name}"
                );
            }
            hashes.push(hash_of(s.addr, id).await);
        }
        s.task.abort();
        let _ = s.task.await;
        // Tamper with the last table's stored hash.
        let store = Store::connect(&db).await.unwrap();
        store.set_state_hash(&ids[2], "0000").await.unwrap();
        store.close().await;

        let again = server(&db, Limits::default()).await;
        assert!(again.broken.contains(&ids[2]), "{name}: the tampered table was served");
        for (id, want) in ids.iter().zip(&hashes).take(2) {
            assert_eq!(&hash_of(again.addr, id).await, want, "{name}: {id}");
        }
        let tokens_lost = json!("x");
        let (_, refused) = Client::join(again.addr, &ids[2], &tokens_lost).await;
        assert_eq!(refused["code"], "TABLE_UNAVAILABLE", "{name}");
        again.task.abort();
    }
}

#[tokio::test]
async fn many_tables_acting_at_once_share_commits_and_every_acknowledged_call_survives_a_restart() {
    for (name, db) in databases() {
        let s = server(&db, Limits::default()).await;
        let ids: Vec<String> = (0..40).map(|_| unique("group")).collect();
        let mut tables = Vec::new();
        for id in &ids {
            let tokens = create_table(s.addr, id, "online").await;
            let mut seats = Vec::new();
            for seat in ["N", "E", "S", "W"] {
                seats.push(Client::join(s.addr, id, &tokens[seat]).await.0);
            }
            tables.push(seats);
        }
        // Every table calls at the same moment, call after call: the writer gathers the
        // tables that acted while the previous batch committed into one transaction.
        let played = futures_util::future::join_all(tables.iter_mut().map(|seats| async move {
            for i in 0..6 {
                let (seat, call) = nth_call(i);
                let k = ["N", "E", "S", "W"].iter().position(|s| *s == seat).unwrap();
                let ack = seats[k].act(json!({ "type": "call", "call": call })).await;
                assert_eq!(ack["ok"], true, "{ack}");
            }
        }))
        .await;
        assert_eq!(played.len(), ids.len());
        let mut hashes = Vec::new();
        for id in &ids {
            let h = hash_of(s.addr, id).await;
            assert_eq!(h.0, 6, "{name}: {id}: every acknowledged call is stored");
            hashes.push(h);
        }
        s.task.abort();
        let _ = s.task.await;
        let again = server(&db, Limits::default()).await;
        assert!(
            ids.iter().all(|id| !again.broken.contains(id)),
            "{name}: {:?}",
            again.broken
        );
        for (id, want) in ids.iter().zip(&hashes) {
            assert_eq!(&hash_of(again.addr, id).await, want, "{name}: {id} after the restart");
        }
        again.task.abort();
    }
}

/// The longest `events` frame each client received since `from` (an index into `received`).
fn longest_push(c: &Client, from: usize) -> usize {
    c.received[from..]
        .iter()
        .filter(|t| t.contains("\"type\":\"events\""))
        .map(String::len)
        .max()
        .unwrap_or(0)
}

#[tokio::test]
async fn a_calls_push_to_each_viewer_is_under_a_kibibyte_however_long_the_board() {
    let (name, db) = databases().remove(0);
    let limits = Limits {
        rate_per_sec: 1_000.0,
        burst: 1_000.0,
        ..Limits::default()
    };
    let s = server(&db, limits).await;
    let id = unique("flat");
    let tokens = create_table(s.addr, &id, "online").await;
    let mut c = everyone(s.addr, &id, &tokens).await;
    // North opens and explains his call at length to the opponents (online: he self-alerts).
    let long = "x".repeat(450);
    let open = c[0]
        .act(json!({ "type": "call", "call": "1C", "alert": true, "explanation": long }))
        .await;
    assert_eq!(open["ok"], true, "{name}: {open}");
    // East has the auction reviewed again and again: each review refers to what he holds.
    for _ in 0..40 {
        assert_eq!(c[1].act(json!({ "type": "review" })).await["ok"], true, "{name}");
    }
    for client in &mut c {
        client.drain(100).await;
    }
    let marks: Vec<usize> = c.iter().map(|x| x.received.len()).collect();
    assert_eq!(
        c[1].act(json!({ "type": "call", "call": "1H" })).await["ok"],
        true,
        "{name}"
    );
    for client in &mut c {
        client.drain(150).await;
    }
    for (i, viewer) in ["N", "E", "S", "W", "director", "spectator"].iter().enumerate() {
        let bytes = longest_push(&c[i], marks[i]);
        assert!(bytes > 0, "{viewer} was pushed nothing for East's call");
        assert!(
            bytes <= 1024,
            "{viewer}: a call's push is {bytes} bytes after 40 reviews"
        );
    }
    s.task.abort();
}

/// A client's table folded from its `joined` and its pushes (docs/STREAMS.md).
fn fold(c: &Client, viewer: bridge_laws::Viewer) -> Value {
    let mut texts = c.received.iter().filter_map(|t| serde_json::from_str::<Value>(t).ok());
    let joined = texts.find(|m| m["type"] == "joined").expect("joined");
    let view = serde_json::from_value(joined["view"].clone()).unwrap();
    let mut table = bridge_laws::SeatTable::new(viewer, joined["version"].as_u64().unwrap(), view).unwrap();
    for m in texts.filter(|m| m["type"] == "events") {
        let update: bridge_laws::Update<'static> =
            serde_json::from_value(json!({ "entries": m["entries"], "patch": m["patch"] })).unwrap();
        table.receive(update).unwrap();
    }
    serde_json::to_value(table.view()).unwrap()
}

#[tokio::test]
async fn a_viewer_who_joins_mid_board_is_pushed_patches_that_fold_into_the_servers_view() {
    use bridge_laws::{Seat, Viewer};
    for (name, db) in databases() {
        let s = server(&db, Limits::default()).await;
        let id = unique("late");
        let tokens = create_table(s.addr, &id, "online").await;
        // Only North and East at first: nobody else's view is followed.
        let mut c = Vec::new();
        for v in ["N", "E"] {
            c.push(Client::join(s.addr, &id, &tokens[v]).await.0);
        }
        for i in 0..12 {
            if i == 2 {
                // South and West sit down mid-board.
                for v in ["S", "W"] {
                    c.push(Client::join(s.addr, &id, &tokens[v]).await.0);
                }
            }
            let (seat, call) = nth_call(i);
            let k = ["N", "E", "S", "W"].iter().position(|s| *s == seat).unwrap();
            let ack = c[k]
                .act(json!({ "type": "call", "call": call, "alert": i % 3 == 0, "explanation": format!("x{i}") }))
                .await;
            assert_eq!(ack["ok"], true, "{name}: {ack}");
        }
        for (k, seat) in [Seat::N, Seat::E, Seat::S, Seat::W].into_iter().enumerate() {
            c[k].drain(100).await;
            let folded = fold(&c[k], Viewer::Seat(seat));
            c[k].send(json!({ "type": "view" })).await;
            let now = c[k].until("view").await;
            assert_eq!(folded, now["view"], "{name}: {seat}'s folded view");
        }
        s.task.abort();
    }
}

#[tokio::test]
async fn of_many_creations_at_once_each_id_is_created_once_and_every_created_table_is_joined() {
    for (name, db) in databases() {
        let s = server(&db, Limits::default()).await;
        let base = unique("together");
        // 24 requests at once for 8 ids: they share the group commit's batches.
        let requests = (0..24).map(|k| {
            let id = format!("{base}-{}", k % 8);
            let body =
                json!({ "id": id, "options": { "dealer": "N", "vulnerability": "None", "regulation": "online" } });
            async move { (id, http(s.addr, "POST", "/api/tables", Some(body)).await) }
        });
        let answers = futures_util::future::join_all(requests).await;
        for k in 0..8 {
            let id = format!("{base}-{k}");
            let mine: Vec<&(u16, Value)> = answers.iter().filter(|(i, _)| *i == id).map(|(_, a)| a).collect();
            let created: Vec<&Value> = mine.iter().filter(|(st, _)| *st == 201).map(|(_, b)| b).collect();
            assert_eq!(created.len(), 1, "{name}: {id} created once: {mine:?}");
            assert!(mine.iter().all(|(st, _)| *st == 201 || *st == 409), "{name}: {mine:?}");
            let (_, joined) = Client::join(s.addr, &id, &created[0]["tokens"]["N"]).await;
            assert_eq!(joined["type"], "joined", "{name}: {joined}");
        }
        s.task.abort();
    }
}

#[tokio::test]
async fn a_connection_that_joins_the_next_board_leaves_its_table_and_hears_only_the_new_one() {
    for (name, db) in databases() {
        let s = server(&db, Limits::default()).await;
        let (first, next) = (unique("board1"), unique("board2"));
        let (one, two) = (
            create_table(s.addr, &first, "online").await,
            create_table(s.addr, &next, "online").await,
        );
        let (mut north, joined) = Client::join(s.addr, &first, &one["N"]).await;
        assert_eq!(joined["type"], "joined", "{name}: {joined}");
        let (mut east, _) = Client::join(s.addr, &first, &one["E"]).await;
        // The same table again is refused: the connection stays where it is.
        north
            .send(json!({ "type": "join", "table": first, "token": one["N"] }))
            .await;
        assert_eq!(north.until("error").await["code"], "ALREADY_JOINED", "{name}");
        assert_eq!(
            north.act(json!({ "type": "call", "call": "1C" })).await["ok"],
            true,
            "{name}"
        );
        east.drain(100).await;
        // The next board on the same connection: its reply, then its pushes alone.
        north
            .send(json!({ "type": "join", "table": next, "token": two["N"] }))
            .await;
        let moved = north.until("joined").await;
        assert_eq!(
            (moved["table"].as_str(), moved["viewer"].as_str()),
            (Some(next.as_str()), Some("N")),
            "{name}"
        );
        assert_eq!(
            east.act(json!({ "type": "call", "call": "P" })).await["ok"],
            true,
            "{name}"
        );
        let heard = north.drain(200).await;
        assert!(
            heard.iter().all(|m| m["table"] != json!(first)),
            "{name}: the board left is still pushed: {heard:?}"
        );
        let (mut east2, _) = Client::join(s.addr, &next, &two["E"]).await;
        assert_eq!(
            north.act(json!({ "type": "call", "call": "1NT" })).await["ok"],
            true,
            "{name}"
        );
        let pushed = east2.until("events").await;
        assert_eq!(pushed["table"], json!(next), "{name}");
        // The first board lost its North: a new connection takes the seat without replacing
        // anyone (the moved connection is not closed as REPLACED).
        let (_, back) = Client::join(s.addr, &first, &one["N"]).await;
        assert_eq!(back["type"], "joined", "{name}: {back}");
        assert_eq!(
            east2.act(json!({ "type": "call", "call": "P" })).await["ok"],
            true,
            "{name}"
        );
        let still = north.until("events").await;
        assert_eq!(still["table"], json!(next), "{name}: {still}");
        s.task.abort();
    }
}
