//! The server under attack: each break found with a raw WebSocket client, replayed
//! as a hostile client would send it. Every attack loop is bounded in count and time; servers
//! listen on 127.0.0.1 only.

mod common;

use std::time::{Duration, Instant};

use tokio::io::AsyncReadExt;

use bridge_server::{Config, Limits, Running};
use common::{config, create_table, databases, http, http_as, nth_call, serve, unique, Client, ADMIN};
use serde_json::{json, Value};

async fn server_as(db: &str, limits: Limits, admin: Option<&str>, demo: bool) -> Running {
    serve(Config {
        admin_token: admin.map(String::from),
        demo,
        limits,
        ..config(db)
    })
    .await
}

async fn server(limits: Limits) -> Running {
    server_as(&databases()[0].1, limits, Some(ADMIN), false).await
}

fn options() -> Value {
    json!({ "options": { "dealer": "N", "vulnerability": "None", "regulation": "online" } })
}

/// Polls `cond` every 10 ms for up to `secs` seconds.
async fn eventually(secs: u64, mut cond: impl AsyncFnMut() -> bool) -> bool {
    let until = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < until {
        if cond().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

#[tokio::test]
async fn without_an_admin_token_nobody_creates_tables_or_reads_their_status() {
    let db = &databases()[0].1;
    // No admin token, no demo flag: the endpoints are closed to everyone.
    let closed = server_as(db, Limits::default(), None, false).await;
    let (status, body) = http_as(closed.addr, "POST", "/api/tables", Some(options()), None).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("BAD_TOKEN")), "{body}");
    let (status, _) = http_as(closed.addr, "POST", "/api/tables", Some(options()), Some("guess")).await;
    assert_eq!(status, 401);
    // With an admin token: refused without it or with a wrong one.
    let s = server(Limits::default()).await;
    for bearer in [None, Some("guess"), Some("admin-token-of-the-test-suite")] {
        let (status, body) = http_as(s.addr, "POST", "/api/tables", Some(options()), bearer).await;
        assert_eq!(status, 401, "{bearer:?}: {body}");
        assert!(body.get("tokens").is_none());
    }
    let id = unique("admin");
    let tokens = create_table(s.addr, &id, "online").await;
    let path = format!("/api/tables/{id}");
    for bearer in [None, Some("guess")] {
        let (status, body) = http_as(s.addr, "GET", &path, None, bearer).await;
        assert_eq!(status, 401, "{bearer:?}: {body}");
        assert!(body.get("stateHash").is_none());
    }
    // Whether a table exists is the admin's to know.
    let (status, _) = http_as(s.addr, "GET", "/api/tables/no-such", None, Some("guess")).await;
    assert_eq!(status, 401);
    assert_eq!(http(s.addr, "GET", "/api/tables/no-such", None).await.0, 404);
    let (status, body) = http(s.addr, "GET", &path, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["actions"], 0);
    let director = tokens["director"].as_str().unwrap();
    assert_eq!(http_as(s.addr, "GET", &path, None, Some(director)).await.0, 200);
    // Demo mode: anyone creates tables, but the status is still the Director's.
    let demo = server_as(db, Limits::default(), None, true).await;
    let (status, created) = http_as(demo.addr, "POST", "/api/tables", Some(options()), None).await;
    assert_eq!(status, 201, "{created}");
    let path = format!("/api/tables/{}", created["id"].as_str().unwrap());
    assert_eq!(http_as(demo.addr, "GET", &path, None, None).await.0, 401);
    let director = created["tokens"]["director"].as_str().unwrap();
    assert_eq!(http_as(demo.addr, "GET", &path, None, Some(director)).await.0, 200);
    for s in [closed, s, demo] {
        s.task.abort();
    }
}

#[tokio::test]
async fn a_seats_token_is_refused_the_table_status_that_the_directors_is_given() {
    let s = server(Limits::default()).await;
    let id = unique("status");
    let tokens = create_table(s.addr, &id, "online").await;
    let (mut north, _) = Client::join(s.addr, &id, &tokens["N"]).await;
    assert_eq!(north.act(json!({ "type": "call", "call": "1C" })).await["ok"], true);
    let path = format!("/api/tables/{id}");
    for seat in ["N", "E", "S", "W", "spectator"] {
        let (status, body) = http_as(s.addr, "GET", &path, None, tokens[seat].as_str()).await;
        assert_eq!(status, 401, "{seat}: {body}");
        assert!(
            body.get("stateHash").is_none() && body.get("actions").is_none(),
            "{seat}: {body}"
        );
    }
    let (status, body) = http_as(s.addr, "GET", &path, None, tokens["director"].as_str()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["actions"], 1);
    s.task.abort();
}

#[tokio::test]
async fn a_client_that_floods_view_and_never_reads_is_closed_and_the_queued_bytes_stay_bounded() {
    let limits = Limits {
        unsent_bytes: 64 * 1024,
        // Past the replies the kernel's socket buffers take (a few MB on loopback) before
        // the budget fills: the writer keeps up with the reader until the socket is full.
        rate_per_sec: 100_000.0,
        burst: 100_000.0,
        ..Limits::default()
    };
    let s = server(limits).await;
    let id = unique("flood-view");
    let tokens = create_table(s.addr, &id, "online").await;
    let (mut east, _) = Client::join(s.addr, &id, &tokens["E"]).await;
    // The attacker: a small receive window, and it never reads.
    let mut north = Client::connect_small(s.addr, 4096).await;
    north
        .send(json!({ "type": "join", "table": id, "token": tokens["N"] }))
        .await;
    let started = Instant::now();
    let mut sent = 0;
    while sent < 100_000 && started.elapsed() < Duration::from_secs(15) && s.metrics.closed_too_slow() == 0 {
        let ask = if sent % 2 == 0 {
            json!({ "type": "view" })
        } else {
            json!({ "type": "events_since", "version": 0 })
        };
        if !north.try_send(ask).await {
            break;
        }
        sent += 1;
        if sent % 50 == 0 {
            tokio::task::yield_now().await;
        }
    }
    assert_eq!(
        s.metrics.closed_too_slow(),
        1,
        "{sent} requests sent and the flooder still served"
    );
    assert!(
        s.metrics.peak_queued_bytes() <= limits.unsent_bytes,
        "{} bytes queued, budget {}",
        s.metrics.peak_queued_bytes(),
        limits.unsent_bytes
    );
    // Its connection is gone, and with it every byte queued for it.
    assert!(
        eventually(5, async || s.metrics.connections() == 1).await,
        "{} connections",
        s.metrics.connections()
    );
    assert!(
        eventually(5, async || s.metrics.queued_bytes() == 0).await,
        "{} bytes still queued",
        s.metrics.queued_bytes()
    );
    // The table and the other seats are unharmed: North comes back and opens.
    let (mut north, joined) = Client::join(s.addr, &id, &tokens["N"]).await;
    assert_eq!(joined["type"], "joined", "{joined}");
    assert_eq!(north.act(json!({ "type": "call", "call": "1C" })).await["ok"], true);
    assert_eq!(east.until("events").await["entries"][0]["event"]["kind"], "call");
    s.task.abort();
}

#[tokio::test]
async fn a_second_connection_for_a_seat_replaces_the_first_which_is_told_so() {
    let s = server(Limits::default()).await;
    let id = unique("replace");
    let tokens = create_table(s.addr, &id, "online").await;
    let (mut first, _) = Client::join(s.addr, &id, &tokens["N"]).await;
    let (mut spectator1, _) = Client::join(s.addr, &id, &tokens["spectator"]).await;
    let (mut spectator2, _) = Client::join(s.addr, &id, &tokens["spectator"]).await;
    let (mut second, joined) = Client::join(s.addr, &id, &tokens["N"]).await;
    assert_eq!(joined["type"], "joined", "{joined}");
    assert_eq!(first.close_frame().await, Some((1000, "REPLACED".into())));
    assert_eq!(first.last_error().unwrap()["code"], "REPLACED");
    // The newest connection is North's; the spectators share their token and both stay.
    assert_eq!(second.act(json!({ "type": "call", "call": "1C" })).await["ok"], true);
    for spectator in [&mut spectator1, &mut spectator2] {
        assert_eq!(spectator.until("events").await["entries"][0]["event"]["kind"], "call");
    }
    assert!(eventually(5, async || s.metrics.connections() == 3).await);
    s.task.abort();
}

#[tokio::test]
async fn a_frame_over_the_hard_limit_closes_the_connection_with_1009() {
    let limits = Limits::default();
    let s = server(limits).await;
    let id = unique("oversize");
    let tokens = create_table(s.addr, &id, "online").await;
    let (mut north, _) = Client::join(s.addr, &id, &tokens["N"]).await;
    let pad = "x".repeat(limits.hard_frame_bytes + 16);
    north
        .send_text(format!("{{\"type\":\"ping\",\"pad\":\"{pad}\"}}"))
        .await;
    assert_eq!(north.close_frame().await, Some((1009, "FRAME_TOO_LARGE".into())));
    assert_eq!(north.last_error().unwrap()["code"], "FRAME_TOO_LARGE");
    // The seat is free again.
    let (mut again, joined) = Client::join(s.addr, &id, &tokens["N"]).await;
    assert_eq!(joined["type"], "joined");
    assert_eq!(again.act(json!({ "type": "call", "call": "1C" })).await["ok"], true);
    s.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joined_comes_before_any_push_while_the_table_is_busy() {
    let limits = Limits {
        connections_per_token: 1000,
        connections_per_table: 1000,
        rate_per_sec: 1000.0,
        burst: 1000.0,
        ..Limits::default()
    };
    let s = server(limits).await;
    let id = unique("order");
    let tokens = create_table(s.addr, &id, "online").await;
    let mut seats = Vec::new();
    for seat in ["N", "E", "S", "W"] {
        seats.push(Client::join(s.addr, &id, &tokens[seat]).await.0);
    }
    let players = tokio::spawn(async move {
        for i in 0..60 {
            let ack = seats[i % 4].act(json!({ "type": "call", "call": nth_call(i).1 })).await;
            assert_eq!(ack["ok"], true, "{ack}");
        }
    });
    // Spectators join while the calls go on: each hears `joined` first, then entries numbered
    // right after the version it announced.
    let mut watchers = Vec::new();
    for k in 0..20u64 {
        let (addr, id, token) = (s.addr, id.clone(), tokens["spectator"].clone());
        watchers.push(tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(5 * k)).await;
            let mut watcher = Client::connect(addr).await;
            watcher
                .send(json!({ "type": "join", "table": id, "token": token }))
                .await;
            let first = watcher.next().await.unwrap();
            assert_eq!(first["type"], "joined", "{first}");
            let mut expect = first["version"].as_u64().unwrap() + 1;
            let mut checked = 0;
            for msg in watcher.drain(300).await {
                for e in msg["entries"].as_array().into_iter().flatten() {
                    assert_eq!(e["version"].as_u64(), Some(expect), "{msg}");
                    expect += 1;
                    checked += 1;
                }
            }
            checked
        }));
    }
    let mut checked = 0;
    for w in watchers {
        checked += w.await.unwrap();
    }
    players.await.unwrap();
    assert!(checked > 0, "no push raced a join");
    s.task.abort();
}

#[tokio::test]
async fn connections_are_limited_per_process_per_table_and_per_token() {
    // Per process: the fourth upgrade is refused; an idle unjoined connection loses its slot.
    let limits = Limits {
        connections: 3,
        join_timeout: Duration::from_millis(300),
        ..Limits::default()
    };
    let s = server(limits).await;
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(Client::connect(s.addr).await);
    }
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/ws", s.addr)).await;
    assert!(refused.is_err(), "a fourth connection was upgraded");
    let mut idle = open.pop().unwrap();
    assert_eq!(idle.close_frame().await.map(|f| f.1), Some("NOT_JOINED".into()));
    assert!(eventually(5, async || s.metrics.connections() == 0).await);
    let (_, joined) = Client::join(s.addr, &unique("none"), &json!("x")).await;
    assert_eq!(joined["code"], "UNKNOWN_TABLE", "a slot is free again: {joined}");
    s.task.abort();

    // Per table and per token.
    let limits = Limits {
        connections_per_table: 5,
        connections_per_token: 2,
        ..Limits::default()
    };
    let s = server(limits).await;
    let id = unique("crowd");
    let tokens = create_table(s.addr, &id, "online").await;
    let mut at_table = Vec::new();
    for v in ["N", "E", "spectator", "spectator"] {
        let (c, joined) = Client::join(s.addr, &id, &tokens[v]).await;
        assert_eq!(joined["type"], "joined", "{v}: {joined}");
        at_table.push(c);
    }
    let (_third, refused) = Client::join(s.addr, &id, &tokens["spectator"]).await;
    assert_eq!(refused["code"], "TOO_MANY_CONNECTIONS", "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("token"));
    let (_south, joined) = Client::join(s.addr, &id, &tokens["S"]).await;
    assert_eq!(joined["type"], "joined");
    let (_west, refused) = Client::join(s.addr, &id, &tokens["W"]).await;
    assert_eq!(refused["code"], "TOO_MANY_CONNECTIONS", "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("table"));
    // A seat's new connection replaces its old one even at a full table.
    let (_north, joined) = Client::join(s.addr, &id, &tokens["N"]).await;
    assert_eq!(joined["type"], "joined", "{joined}");
    assert_eq!(at_table[0].close_frame().await.map(|f| f.1), Some("REPLACED".into()));
    s.task.abort();
}

#[tokio::test]
async fn a_finished_board_leaves_memory_and_its_tokens_expire_after_the_review_period() {
    for (name, db) in databases() {
        let grace = Duration::from_millis(1500);
        let limits = Limits {
            review_grace: grace,
            ..Limits::default()
        };
        let s = server_as(&db, limits, Some(ADMIN), false).await;
        let id = unique("finished");
        let tokens = create_table(s.addr, &id, "online").await;
        let mut seats = Vec::new();
        for seat in ["N", "E", "S", "W"] {
            seats.push(Client::join(s.addr, &id, &tokens[seat]).await.0);
        }
        for seat in &mut seats {
            assert_eq!(
                seat.act(json!({ "type": "call", "call": "P" })).await["ok"],
                true,
                "{name}"
            );
        }
        // Passed out, hands returned: the board is over (L17D2).
        let over = Instant::now();
        assert_eq!(
            seats[0].act(json!({ "type": "return_hands" })).await["ok"],
            true,
            "{name}"
        );
        assert!(s.holds(&id).await, "{name}: evicted under its players");
        seats[1].send(json!({ "type": "view" })).await;
        assert_eq!(seats[1].until("view").await["view"]["phase"], "ended", "{name}");
        drop(seats);
        assert!(
            eventually(5, async || !s.holds(&id).await).await,
            "{name}: a finished table nobody reviews stays in memory"
        );
        // Within the review period a token joins it again, from the database.
        let (mut east, joined) = Client::join(s.addr, &id, &tokens["E"]).await;
        assert_eq!(joined["type"], "joined", "{name}: {joined}");
        assert_eq!(joined["view"]["calls"].as_array().unwrap().len(), 4);
        let director = tokens["director"].as_str();
        let (status, body) = http_as(s.addr, "GET", &format!("/api/tables/{id}"), None, director).await;
        assert_eq!(
            (status, body["finished"].as_bool()),
            (200, Some(true)),
            "{name}: {body}"
        );
        // Then the tokens expire: the reviewer is closed, nobody joins, the table is gone.
        assert_eq!(
            east.close_frame().await.map(|f| f.1),
            Some("TOKEN_EXPIRED".into()),
            "{name}"
        );
        // (The server stamps the end in whole milliseconds.)
        assert!(
            over.elapsed() + Duration::from_millis(2) >= grace,
            "{name}: {:?}",
            over.elapsed()
        );
        let (_, refused) = Client::join(s.addr, &id, &tokens["N"]).await;
        assert_eq!(refused["code"], "TOKEN_EXPIRED", "{name}: {refused}");
        let (_, guessed) = Client::join(s.addr, &id, &json!("guess")).await;
        assert_eq!(guessed["code"], "BAD_TOKEN", "{name}: {guessed}");
        let (status, body) = http_as(s.addr, "GET", &format!("/api/tables/{id}"), None, director).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (401, Some("TOKEN_EXPIRED")),
            "{name}: {body}"
        );
        assert_eq!(
            http(s.addr, "GET", &format!("/api/tables/{id}"), None).await.0,
            200,
            "{name}: the admin still reads it"
        );
        assert!(eventually(5, async || !s.holds(&id).await).await, "{name}");
        s.task.abort();
        let _ = s.task.await;
        // A restart leaves it archived.
        let again = server_as(&db, limits, Some(ADMIN), false).await;
        assert!(!again.holds(&id).await, "{name}: a finished table was loaded at start");
        again.task.abort();
    }
}

#[tokio::test]
async fn a_client_guessing_tokens_is_closed_after_a_few_refused_joins() {
    let s = server(Limits::default()).await;
    let id = unique("guess");
    let tokens = create_table(s.addr, &id, "online").await;
    let mut guesser = Client::connect(s.addr).await;
    for i in 0..8 {
        let table = if i % 2 == 0 { id.clone() } else { unique("no-such") };
        guesser
            .send(json!({ "type": "join", "table": table, "token": format!("guess-{i}") }))
            .await;
    }
    assert_eq!(guesser.close_frame().await, Some((1008, "BAD_TOKEN".into())));
    let last = guesser.last_error().unwrap();
    assert!(
        last["message"].as_str().unwrap().contains("too many refused joins"),
        "{last}"
    );
    // The table's own tokens still join.
    let (_, joined) = Client::join(s.addr, &id, &tokens["N"]).await;
    assert_eq!(joined["type"], "joined");
    s.task.abort();
}

#[tokio::test]
async fn a_client_that_stops_answering_is_dropped_within_the_silence_bound_and_frees_its_slot() {
    let limits = Limits {
        ping_interval: Duration::from_millis(100),
        silence_timeout: Duration::from_millis(400),
        connections_per_token: 1,
        ..Limits::default()
    };
    let s = server(limits).await;
    let id = unique("silent");
    let tokens = create_table(s.addr, &id, "online").await;
    // A client that reads answers the pings (its WebSocket layer sends the pongs) and stays.
    let (mut north, _) = Client::join(s.addr, &id, &tokens["N"]).await;
    // The vanished peer: a raw client that joins, then neither reads nor sends (it never
    // answers a ping; its TCP connection stays open).
    let mut silent = raw_join(s.addr, &id, &tokens["spectator"]).await;
    let went_quiet = Instant::now();
    let (_, refused) = Client::join(s.addr, &id, &tokens["spectator"]).await;
    assert_eq!(refused["code"], "TOO_MANY_CONNECTIONS", "its slot is held: {refused}");
    // North keeps reading (so answering the pings) while the silent client is dropped.
    let until = Instant::now() + Duration::from_secs(5);
    let mut dropped_after = None;
    while Instant::now() < until && s.metrics.connections() != 1 {
        let _ = tokio::time::timeout(Duration::from_millis(20), north.drain(1000)).await;
        if s.metrics.closed_unresponsive() > 0 && dropped_after.is_none() {
            dropped_after = Some(went_quiet.elapsed());
        }
    }
    let dropped_after = dropped_after.expect("the silent client is still served");
    assert!(
        dropped_after >= limits.silence_timeout,
        "dropped after {dropped_after:?}"
    );
    assert!(
        dropped_after < limits.silence_timeout + Duration::from_secs(2),
        "dropped after {dropped_after:?}"
    );
    // Its seat and process slots are free again; the reading client was never dropped.
    assert_eq!(s.metrics.connections(), 1);
    let (_, joined) = Client::join(s.addr, &id, &tokens["spectator"]).await;
    assert_eq!(joined["type"], "joined", "{joined}");
    assert_eq!(north.act(json!({ "type": "call", "call": "1C" })).await["ok"], true);
    assert_eq!(s.metrics.closed_unresponsive(), 1);
    // What the silent client finds when it reads at last: the coded error, then the close
    // frame (1008 = 0x03F0, reason UNRESPONSIVE), then the end of the stream.
    let mut rest = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), silent.read_to_end(&mut rest))
        .await
        .expect("the socket was not closed")
        .unwrap();
    let has = |part: &[u8]| rest.windows(part.len()).any(|w| w == part);
    let text = String::from_utf8_lossy(&rest);
    assert!(has(br#""code":"UNRESPONSIVE""#), "{text}");
    assert!(has(b"\x03\xf0UNRESPONSIVE"), "{text}");
    s.task.abort();
}

/// A raw WebSocket client (no library, so nothing answers the server's pings): the upgrade,
/// then one `join`; the socket, left unread after the `joined` reply.
async fn raw_join(addr: std::net::SocketAddr, table: &str, token: &Value) -> tokio::net::TcpStream {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let upgrade = format!(
        "GET /ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    tcp.write_all(upgrade.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&got).contains("\r\n\r\n") {
        let n = tcp.read(&mut buf).await.unwrap();
        assert!(n > 0, "no upgrade");
        got.extend_from_slice(&buf[..n]);
    }
    assert!(got.starts_with(b"HTTP/1.1 101"), "{}", String::from_utf8_lossy(&got));
    // One masked text frame (a zero mask leaves the payload as it is).
    let payload = json!({ "type": "join", "table": table, "token": token }).to_string();
    let len = u16::try_from(payload.len()).unwrap();
    let mut frame = vec![0x81, 0x80 | 126];
    frame.extend_from_slice(&len.to_be_bytes());
    frame.extend_from_slice(&[0, 0, 0, 0]);
    frame.extend_from_slice(payload.as_bytes());
    tcp.write_all(&frame).await.unwrap();
    let mut got = Vec::new();
    while !String::from_utf8_lossy(&got).contains(r#""type":"joined""#) {
        let n = tcp.read(&mut buf).await.unwrap();
        assert!(n > 0, "not joined: {}", String::from_utf8_lossy(&got));
        got.extend_from_slice(&buf[..n]);
    }
    tcp
}

#[tokio::test]
async fn connections_from_one_address_past_its_limit_are_refused_with_429() {
    let limits = Limits {
        connections_per_ip: 2,
        ..Limits::default()
    };
    let s = server(limits).await;
    let first = Client::connect(s.addr).await;
    let _second = Client::connect(s.addr).await;
    // Every test client comes from 127.0.0.1: the third is refused before the upgrade.
    let mut tcp = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let upgrade = format!(
        "GET /ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        s.addr
    );
    tokio::io::AsyncWriteExt::write_all(&mut tcp, upgrade.as_bytes())
        .await
        .unwrap();
    let mut reply = vec![0; 4096];
    let n = tcp.read(&mut reply).await.unwrap();
    let reply = String::from_utf8_lossy(&reply[..n]);
    assert!(reply.starts_with("HTTP/1.1 429"), "{reply}");
    assert!(reply.contains(r#""code":"TOO_MANY_CONNECTIONS""#), "{reply}");
    assert!(reply.contains("one address"), "{reply}");
    assert_eq!(s.metrics.connections(), 2, "the refused one took no process slot");
    // A closed connection gives its address's slot back.
    drop(first);
    assert!(eventually(5, async || s.metrics.connections() == 1).await);
    let (_, joined) = Client::join(s.addr, &unique("none"), &json!("x")).await;
    assert_eq!(joined["code"], "UNKNOWN_TABLE", "upgraded again: {joined}");
    s.task.abort();
}

#[tokio::test]
async fn a_table_left_unplayed_is_archived_and_its_tokens_expire() {
    for (name, db) in databases() {
        let idle = Duration::from_millis(400);
        let limits = Limits {
            idle_table: idle,
            ..Limits::default()
        };
        let s = server_as(&db, limits, Some(ADMIN), false).await;
        let idle_id = unique("idle");
        let idle_tokens = create_table(s.addr, &idle_id, "online").await;
        let played_id = unique("played");
        let played_tokens = create_table(s.addr, &played_id, "online").await;
        // North sits at the idle table (joined, connected) but nobody acts there.
        let (mut sitting, _) = Client::join(s.addr, &idle_id, &idle_tokens["N"]).await;
        let created = Instant::now();
        // The other table is played, a call every idle/4: it stays.
        let mut seats = Vec::new();
        for seat in ["N", "E", "S", "W"] {
            seats.push(Client::join(s.addr, &played_id, &played_tokens[seat]).await.0);
        }
        for i in 0..8 {
            tokio::time::sleep(idle / 4).await;
            let ack = seats[i % 4].act(json!({ "type": "call", "call": nth_call(i).1 })).await;
            assert_eq!(ack["ok"], true, "{name}: {ack}");
        }
        assert!(created.elapsed() > idle * 2, "{name}");
        assert!(s.holds(&played_id).await, "{name}: a table in play was closed");
        // The idle one is gone: its sitter was told, its tokens are refused, the admin sees
        // it archived.
        assert_eq!(
            sitting.close_frame().await,
            Some((1008, "TOKEN_EXPIRED".into())),
            "{name}"
        );
        let told = sitting.last_error().unwrap();
        assert!(told["message"].as_str().unwrap().contains("unplayed"), "{name}: {told}");
        assert!(!s.holds(&idle_id).await, "{name}");
        let (_, refused) = Client::join(s.addr, &idle_id, &idle_tokens["E"]).await;
        assert_eq!(refused["code"], "TOKEN_EXPIRED", "{name}: {refused}");
        let (_, guessed) = Client::join(s.addr, &idle_id, &json!("guess")).await;
        assert_eq!(guessed["code"], "BAD_TOKEN", "{name}: {guessed}");
        let path = format!("/api/tables/{idle_id}");
        let (status, body) = http_as(s.addr, "GET", &path, None, idle_tokens["director"].as_str()).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (401, Some("TOKEN_EXPIRED")),
            "{name}: {body}"
        );
        let (status, body) = http(s.addr, "GET", &path, None).await;
        assert_eq!(status, 200, "{name}: {body}");
        assert_eq!(
            (body["finished"].as_bool(), body["closedIdle"].as_bool()),
            (Some(true), Some(true))
        );
        s.task.abort();
        let _ = s.task.await;
        // A restart leaves it archived and serves the played one.
        let again = server_as(&db, limits, Some(ADMIN), false).await;
        assert!(
            !again.holds(&idle_id).await,
            "{name}: an idle-closed table was loaded at start"
        );
        assert!(again.holds(&played_id).await, "{name}");
        again.task.abort();
    }
}

#[tokio::test]
async fn status_requests_past_the_rate_limit_are_refused_429_but_the_admins_pass() {
    let limits = Limits {
        http_rate_per_sec: 1.0,
        http_burst: 3,
        ..Limits::default()
    };
    let s = server(limits).await;
    let id = unique("rate");
    let tokens = create_table(s.addr, &id, "online").await;
    let path = format!("/api/tables/{id}");
    let director = tokens["director"].as_str();
    // A client probing with guesses, then with the Director's token: all count.
    for bearer in [Some("guess"), None, director] {
        let (status, body) = http_as(s.addr, "GET", &path, None, bearer).await;
        assert_ne!(status, 429, "{bearer:?}: {body}");
    }
    let (status, body) = http_as(s.addr, "GET", &path, None, director).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("RATE_LIMITED")), "{body}");
    let (status, body) = http_as(s.addr, "POST", "/api/tables", Some(options()), Some("guess")).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("RATE_LIMITED")), "{body}");
    // The admin is not counted.
    for _ in 0..5 {
        assert_eq!(http(s.addr, "GET", &path, None).await.0, 200);
    }
    // The bucket refills: a token a second.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(http_as(s.addr, "GET", &path, None, director).await.0, 200);
    assert_eq!(http_as(s.addr, "GET", &path, None, director).await.0, 429);
    s.task.abort();
}
