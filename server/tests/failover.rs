//! Many processes over one PostgreSQL database (`--cluster`): three processes of the real
//! binary on 127.0.0.1 own tables by lease; one is killed with SIGKILL mid-board; its tables
//! are taken over once its leases lapse, replayed to their stored hashes, and served again
//! within 5 s; clients follow the owner reply and resume with `since`; every table is played
//! to its end and every acknowledged action is in the database. Also: a process whose lease
//! was taken writes nothing (fencing), refuses the action `NOT_OWNER`, lets the table go and
//! sends its players to the new owner.
//!
//! PostgreSQL only (but the last): `scripts/test-server.sh` runs these (`--include-ignored`)
//! with its throwaway cluster; without `BRIDGE_TEST_PG_URL` they are reported as ignored, and
//! fail if asked to run.

mod common;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bridge_laws::{Action, Outcome, Table};
use bridge_server::lease::{Claim, Holder};
use bridge_server::store::{Appended, Store};
use bridge_server::{start, Cluster, Config, Running};
use common::{config, create_table, http, http_as, nth_call, serve, spawn_binary, unique, Client, ADMIN};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use sqlx::{Connection, Executor};
use tokio_tungstenite::tungstenite::Message;

/// The throwaway cluster's URL (scripts/test-server.sh), without which these tests fail.
fn pg_url() -> String {
    std::env::var("BRIDGE_TEST_PG_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .expect("needs PostgreSQL: run scripts/test-server.sh (it sets BRIDGE_TEST_PG_URL)")
}

/// A fresh database of the cluster at `url` (no other suite's tables to take over); its URL.
async fn fresh_database(url: &str) -> String {
    sqlx::any::install_default_drivers();
    let name = unique("failover").replace('-', "_");
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    conn.execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let (server, _) = base.rsplit_once('/').unwrap();
    match query {
        Some(q) => format!("{server}/{name}?{q}"),
        None => format!("{server}/{name}"),
    }
}

/// Starts the binary with leases of `ttl_ms` over `db`; the child and its address.
fn spawn(db: &str, ttl_ms: u64) -> (Child, SocketAddr) {
    spawn_binary(&["--db", db, "--cluster", "--lease-ttl-ms", &ttl_ms.to_string()]).unwrap()
}

/// The board every table plays: an auction of 21 calls (N declares clubs), three passes,
/// East's opening lead faced, and the end of play.
fn script() -> Vec<(&'static str, Value)> {
    let mut steps: Vec<(&str, Value)> = (0..=20)
        .map(|i| {
            let (seat, call) = nth_call(i);
            (seat, json!({ "type": "call", "call": call }))
        })
        .collect();
    for seat in ["E", "S", "W"] {
        steps.push((seat, json!({ "type": "call", "call": "P" })));
    }
    steps.push(("E", json!({ "type": "lead", "card": "SA" })));
    steps.push(("E", json!({ "type": "face_lead" })));
    steps.push(("N", json!({ "type": "end_play" })));
    steps
}

/// Creates a table dealt so that East holds the spades (the script's lead is his): the
/// engine refuses a card not held (`CARD_NOT_HELD`). Its tokens.
async fn create_dealt_table(addr: SocketAddr, id: &str) -> Value {
    let suit = |s: char| -> Vec<String> { "23456789TJQKA".chars().map(|r| format!("{s}{r}")).collect() };
    let deal = json!({ "N": suit('C'), "E": suit('S'), "S": suit('H'), "W": suit('D') });
    let options = json!({ "dealer": "N", "vulnerability": "None", "regulation": "online" });
    let body = json!({ "id": id, "options": options, "deal": deal });
    let (status, body) = http(addr, "POST", "/api/tables", Some(body)).await;
    assert_eq!(status, 201, "{body}");
    body["tokens"].clone()
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A seat's connection that tells a closed or dead server apart from a message (`None`).
struct Conn(Ws);

impl Conn {
    async fn open(url: &str) -> Option<Conn> {
        let connecting = tokio_tungstenite::connect_async_with_config(url, None, true);
        let (ws, _) = tokio::time::timeout(Duration::from_secs(2), connecting)
            .await
            .ok()?
            .ok()?;
        Some(Conn(ws))
    }

    async fn send(&mut self, v: Value) -> Option<()> {
        self.0.send(Message::Text(v.to_string().into())).await.ok()
    }

    /// The next message within 5 s, or `None` (closed, reset, silent).
    async fn next(&mut self) -> Option<Value> {
        loop {
            match tokio::time::timeout(Duration::from_secs(5), self.0.next())
                .await
                .ok()??
            {
                Ok(Message::Text(t)) => return serde_json::from_str(&t).ok(),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }
}

/// What a table's players saw.
#[derive(Debug, Default)]
struct Played {
    /// Indexes of the script's steps acknowledged.
    acked: Vec<usize>,
    /// Joins refused `NOT_OWNER` with the owner's address, then followed there.
    redirected: usize,
    /// Joins resumed with `since` whose entries continued the seat's stream.
    resumed: usize,
    /// When the first action after the players lost their process was acknowledged.
    served_again: Option<Instant>,
}

/// Plays table `id` to its end through whichever process owns it: the players join first
/// at `first` (maybe not the owner), follow `NOT_OWNER` replies, and when their process
/// goes away join again at the others and resume with `since`. Bounded by `deadline`.
async fn play(id: String, tokens: Value, addrs: Vec<SocketAddr>, first: usize, deadline: Instant) -> Played {
    let steps = script();
    let seats = ["N", "E", "S", "W"];
    let mut played = Played::default();
    let mut versions: BTreeMap<&str, u64> = BTreeMap::new();
    let mut owner: Option<String> = None;
    let mut next_addr = first;
    let mut interrupted = false;
    let mut n = 0;
    'board: while n < steps.len() {
        assert!(
            Instant::now() < deadline,
            "{id}: not played to its end in time ({n} steps)"
        );
        let url = owner
            .take()
            .unwrap_or_else(|| format!("ws://{}/ws", addrs[next_addr % addrs.len()]));
        let mut conns = BTreeMap::new();
        for seat in seats {
            let refused = async {
                tokio::time::sleep(Duration::from_millis(50)).await;
            };
            let Some(mut c) = Conn::open(&url).await else {
                next_addr += 1;
                refused.await;
                continue 'board;
            };
            let since = versions.get(seat).copied();
            let mut join = json!({ "type": "join", "table": id, "token": tokens[seat] });
            if let Some(v) = since {
                join["since"] = json!(v);
            }
            let reply = match c.send(join).await {
                Some(()) => c.next().await,
                None => None,
            };
            let Some(reply) = reply else {
                next_addr += 1;
                refused.await;
                continue 'board;
            };
            if reply["type"] == "error" {
                if reply["code"] == "NOT_OWNER" && reply["owner"].is_string() {
                    played.redirected += 1;
                    owner = reply["owner"].as_str().map(str::to_string);
                } else {
                    // The owner died and no other process holds the table yet.
                    assert_eq!(reply["code"], "NOT_OWNER", "{id}: {reply}");
                    next_addr += 1;
                    refused.await;
                }
                continue 'board;
            }
            assert_eq!(reply["type"], "joined", "{id}: {reply}");
            let version = reply["version"].as_u64().unwrap();
            if let Some(since) = since {
                // Resumed: exactly the entries after `since`, in order, up to `version`.
                let got: Vec<u64> = reply["entries"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e["version"].as_u64().unwrap())
                    .collect();
                let want: Vec<u64> = (since + 1..=version).collect();
                assert_eq!(got, want, "{id}: {seat} resumed from {since}");
                played.resumed += 1;
            }
            versions.insert(seat, version);
            conns.insert(seat, c);
        }
        // Where the board stands: the table's Director reads it from this process.
        let addr: SocketAddr = url.trim_start_matches("ws://").trim_end_matches("/ws").parse().unwrap();
        let director = tokens["director"].as_str();
        let (status, body) = http_as(addr, "GET", &format!("/api/tables/{id}"), None, director).await;
        if status != 200 {
            continue 'board;
        }
        n = usize::try_from(body["actions"].as_u64().unwrap()).unwrap();
        while n < steps.len() {
            let (seat, action) = &steps[n];
            let c = conns.get_mut(seat).unwrap();
            let sent = c.send(json!({ "type": "act", "id": n, "action": action })).await;
            let reply = loop {
                if sent.is_none() {
                    break None;
                }
                match c.next().await {
                    Some(v) if v["type"] == "ack" || v["type"] == "error" => break Some(v),
                    Some(v) => {
                        if v["type"] == "events" {
                            let last = v["entries"].as_array().and_then(|e| e.last()).cloned();
                            if let Some(at) = last.and_then(|e| e["version"].as_u64()) {
                                versions.insert(seat, at);
                            }
                        }
                    }
                    None => break None,
                }
            };
            match reply {
                Some(ack) if ack["type"] == "ack" => {
                    assert_eq!(ack["ok"], true, "{id}: step {n} {action}: {ack}");
                    versions.insert(seat, ack["version"].as_u64().unwrap());
                    played.acked.push(n);
                    if interrupted && played.served_again.is_none() {
                        played.served_again = Some(Instant::now());
                    }
                    n += 1;
                    tokio::time::sleep(Duration::from_millis(30)).await;
                }
                Some(err) => {
                    // The process lost the table: not accepted; join again.
                    assert_eq!(err["code"], "NOT_OWNER", "{id}: step {n}: {err}");
                    interrupted = true;
                    continue 'board;
                }
                None => {
                    // The process is gone (or closed us): join again elsewhere.
                    interrupted = true;
                    next_addr += 1;
                    continue 'board;
                }
            }
        }
    }
    played
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs PostgreSQL: scripts/test-server.sh runs it"]
async fn a_killed_process_tables_are_taken_over_within_5_s_and_played_to_the_end_with_nothing_acknowledged_lost() {
    let db = fresh_database(&pg_url()).await;
    let ttl_ms = 1000;
    let mut procs: Vec<(Child, SocketAddr)> = (0..3).map(|_| spawn(&db, ttl_ms)).collect();
    let addrs: Vec<SocketAddr> = procs.iter().map(|p| p.1).collect();
    // Twelve tables, each created on (so owned by) process k % 3.
    let mut tables = Vec::new();
    for k in 0..12 {
        let id = unique(&format!("fo{k}"));
        let tokens = create_dealt_table(addrs[k % 3], &id).await;
        tables.push((id, tokens));
    }
    let deadline = Instant::now() + Duration::from_secs(40);
    let results: Arc<Mutex<BTreeMap<String, Played>>> = Arc::default();
    let mut players = Vec::new();
    for (k, (id, tokens)) in tables.iter().enumerate() {
        // Players first go to the next process, which is not the owner: they are sent on.
        let (id, tokens, addrs) = (id.clone(), tokens.clone(), addrs.clone());
        let results = results.clone();
        players.push(tokio::spawn(async move {
            let played = play(id.clone(), tokens, addrs, k + 1, deadline).await;
            results.lock().unwrap().insert(id, played);
        }));
    }
    // Mid-board: once the players have made a few calls at every table of process 0.
    let db_store = Store::connect(&db).await.unwrap();
    loop {
        assert!(Instant::now() < deadline, "the boards never got going");
        let mut least = usize::MAX;
        for (id, _) in tables.iter().step_by(3) {
            let row = db_store.row(id).await.unwrap().unwrap();
            least = least.min(usize::try_from(row.count).unwrap());
        }
        if least >= 6 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    procs[0].0.kill().unwrap(); // SIGKILL
    let killed = Instant::now();
    procs[0].0.wait().unwrap();
    for p in players {
        p.await.unwrap();
    }
    for (child, _) in procs.iter_mut().skip(1) {
        child.kill().unwrap();
        child.wait().unwrap();
    }
    let results = std::mem::take(&mut *results.lock().unwrap());

    let steps = script();
    let mut slowest = Duration::ZERO;
    for (k, (id, _)) in tables.iter().enumerate() {
        let played = &results[id];
        assert!(played.redirected >= 1, "{id}: never sent to the owner: {played:?}");
        if k % 3 == 0 {
            // Its process was killed mid-board: served again by another, within 5 s.
            let again = played
                .served_again
                .unwrap_or_else(|| panic!("{id}: never interrupted: {played:?}"));
            let took = again.duration_since(killed);
            slowest = slowest.max(took);
            assert!(took <= Duration::from_secs(5), "{id}: served again after {took:?}");
            assert!(played.resumed >= 4, "{id}: the seats did not resume: {played:?}");
        }
        // Every action acknowledged is in the database, the board is over, and the stored
        // log replays to every stored hash.
        let stored = db_store.load_one(id).await.unwrap().unwrap();
        assert_eq!(stored.actions.len(), steps.len(), "{id}");
        assert_eq!(stored.count, steps.len() as i64, "{id}");
        assert!(stored.finished_at.is_some(), "{id}: not over");
        for &i in &played.acked {
            let action: Value = serde_json::from_str(&stored.actions[i].0).unwrap();
            let (seat, want) = &steps[i];
            assert_eq!(action["seat"], *seat, "{id}: step {i}");
            assert_eq!(action["type"], want["type"], "{id}: step {i}");
            assert_eq!(action["call"], want["call"], "{id}: step {i}");
        }
        // With its deal, as the server rebuilds it.
        let options = bridge_server::deal::options_of(&stored).unwrap();
        let mut table = Table::new(options).unwrap();
        for (i, (text, hash)) in stored.actions.iter().enumerate() {
            let outcome = table.apply(Action::from_json(text).unwrap());
            assert!(
                !matches!(outcome, Outcome::Rejected(_)),
                "{id}: step {i} refused on replay"
            );
            assert_eq!(table.state_hash(), *hash, "{id}: step {i}");
        }
        assert_eq!(table.state_hash(), stored.state_hash, "{id}");
    }
    eprintln!("failover: 4 tables of the killed process served again within {slowest:?} (lease TTL {ttl_ms} ms)");
    db_store.close().await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test-server.sh runs it"]
async fn a_process_whose_lease_was_taken_writes_nothing_and_its_action_is_not_acknowledged() {
    let db = fresh_database(&pg_url()).await;
    let holder = |node: &str, ttl_ms| Holder {
        node: node.into(),
        address: format!("ws://{node}/ws"),
        ttl_ms,
    };
    // A holds the table with a lease of 300 ms; B waits for it to lapse and takes it.
    let a = Store::connect(&db).await.unwrap().holding(holder("a", 300));
    let b = Store::connect(&db).await.unwrap().holding(holder("b", 60_000));
    let id = unique("fenced");
    let options = r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#;
    let table = Table::new(serde_json::from_str(options).unwrap()).unwrap();
    a.create_table(&id, options, &BTreeMap::new(), &table.state_hash())
        .await
        .unwrap();
    let row = |seq: i64| Appended {
        table: id.clone(),
        seq,
        action: r#"{"seat":"N","type":"call","call":"P"}"#.into(),
        state_hash: format!("hash-{seq}"),
        finished_at: None,
    };
    assert_eq!(
        a.append_batch(&[&row(0)]).await.unwrap(),
        vec![true],
        "the owner writes"
    );
    assert_eq!(
        b.claim(&id).await.unwrap(),
        Claim::Held {
            address: "ws://a/ws".into()
        },
        "a live lease is not taken"
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    // Lapsed, not yet taken: A writes nothing (its lease is not renewed by a write).
    assert_eq!(a.append_batch(&[&row(1)]).await.unwrap(), vec![false]);
    assert_eq!(b.claim(&id).await.unwrap(), Claim::Mine, "a lapsed lease is taken");
    // A renews nothing and writes nothing; B's action goes in at A's place.
    assert!(a.renew(std::slice::from_ref(&id)).await.unwrap().is_empty());
    assert_eq!(a.append_batch(&[&row(1)]).await.unwrap(), vec![false]);
    assert_eq!(
        a.claim(&id).await.unwrap(),
        Claim::Held {
            address: "ws://b/ws".into()
        },
        "the new owner's live lease is not taken back"
    );
    // In one batch with a table A still holds: only that one is written.
    let other = unique("kept");
    a.create_table(&other, options, &BTreeMap::new(), &table.state_hash())
        .await
        .unwrap();
    let kept = Appended {
        table: other.clone(),
        ..row(0)
    };
    assert_eq!(a.append_batch(&[&row(1), &kept]).await.unwrap(), vec![false, true]);
    assert_eq!(a.load_one(&other).await.unwrap().unwrap().count, 1);
    assert_eq!(b.append_batch(&[&row(1)]).await.unwrap(), vec![true]);
    let stored = b.load_one(&id).await.unwrap().unwrap();
    assert_eq!(stored.count, 2);
    assert_eq!(stored.state_hash, "hash-1");
    assert_eq!(stored.actions.len(), 2);
}

/// A server in process with leases of `ttl` over the database at `db`.
async fn leased(db: &str, ttl: Duration) -> Running {
    serve(Config {
        cluster: Some(Cluster { ttl, ..Cluster::new() }),
        ..config(db)
    })
    .await
}

/// Gives table `id`'s lease to another process, `ws://thief/ws`, for an hour.
async fn steal(db: &str, id: &str) {
    let mut conn = sqlx::AnyConnection::connect(db).await.unwrap();
    let taken = sqlx::query(
        "UPDATE bridge_leases SET owner = 'thief', address = 'ws://thief/ws',
         expires_at = clock_timestamp() + interval '1 hour' WHERE table_id = $1",
    )
    .bind(id)
    .execute(&mut conn)
    .await
    .unwrap();
    assert_eq!(taken.rows_affected(), 1, "{id} had no lease");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test-server.sh runs it"]
async fn an_action_on_a_table_whose_lease_was_taken_is_refused_not_owner_and_never_stored() {
    let db = fresh_database(&pg_url()).await;
    // A long lease: the write, not a renewal, finds the lease gone.
    let s = leased(&db, Duration::from_secs(60)).await;
    let id = unique("taken");
    let tokens = create_table(s.addr, &id, "online").await;
    let (mut north, _) = Client::join(s.addr, &id, &tokens["N"]).await;
    let (mut east, _) = Client::join(s.addr, &id, &tokens["E"]).await;
    assert_eq!(north.act(json!({ "type": "call", "call": "1C" })).await["ok"], true);
    steal(&db, &id).await;
    let refused = east.act(json!({ "type": "call", "call": "1D" })).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["code"], "NOT_OWNER", "{refused}");
    // Not stored, and the process let the table go: every player is told and closed.
    let stored = Store::connect(&db).await.unwrap().load_one(&id).await.unwrap().unwrap();
    assert_eq!((stored.count, stored.actions.len()), (1, 1));
    // Closed with the application code for a move (not 1008: no policy was violated), told
    // where the table went.
    assert_eq!(north.close_frame().await, Some((4001, "NOT_OWNER".into())));
    let told = north.last_error().unwrap();
    assert_eq!(
        (told["code"].as_str(), told["owner"].as_str()),
        (Some("NOT_OWNER"), Some("ws://thief/ws")),
        "{told}"
    );
    assert!(!s.holds(&id).await);
    // A join here is sent to the owner.
    let (_, again) = Client::join(s.addr, &id, &tokens["N"]).await;
    assert_eq!(
        (again["code"].as_str(), again["owner"].as_str()),
        (Some("NOT_OWNER"), Some("ws://thief/ws")),
        "{again}"
    );
    s.task.abort();
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test-server.sh runs it"]
async fn a_process_lets_go_of_a_table_whose_lease_another_took_within_a_third_of_the_ttl() {
    let db = fresh_database(&pg_url()).await;
    let ttl = Duration::from_millis(600);
    let s = leased(&db, ttl).await;
    let id = unique("renewed");
    let tokens = create_table(s.addr, &id, "online").await;
    let (mut north, _) = Client::join(s.addr, &id, &tokens["N"]).await;
    // Renewed while the process lives: still its own after several lives of the lease.
    tokio::time::sleep(ttl * 3).await;
    assert!(s.holds(&id).await, "a live process lost its table");
    assert_eq!(north.act(json!({ "type": "call", "call": "1C" })).await["ok"], true);
    steal(&db, &id).await;
    let stolen = Instant::now();
    // Nobody acts: the renewal finds the lease gone and the player is told.
    assert_eq!(north.close_frame().await, Some((4001, "NOT_OWNER".into())));
    assert_eq!(north.last_error().unwrap()["owner"], "ws://thief/ws");
    assert!(stolen.elapsed() <= ttl, "let go after {:?}", stolen.elapsed());
    assert!(!s.holds(&id).await);
    s.task.abort();
}

#[tokio::test]
async fn leases_are_refused_on_sqlite_which_is_one_process_owning_every_table() {
    let dir = std::env::temp_dir().join(unique("bridge-lease-sqlite"));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite:{}?mode=rwc", dir.join("tables.db").display());
    let refused = start(Config {
        cluster: Some(Cluster::new()),
        ..config(&db)
    })
    .await;
    let Err(why) = refused else {
        panic!("a cluster started on SQLite")
    };
    assert!(why.contains("PostgreSQL"), "{why}");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test-server.sh runs it"]
async fn a_process_without_leases_refuses_to_start_beside_live_cluster_processes() {
    let db = fresh_database(&pg_url()).await;
    let ttl_ms = 600;
    let (mut leased, addr) = spawn(&db, ttl_ms);
    create_table(addr, &unique("leased"), "online").await;
    // An operator forgets --cluster on a second process (or runs a --shard one).
    for extra in [&[][..], &["--shard", "0/2"][..]] {
        let args = [&["--db", db.as_str()][..], extra].concat();
        let Err(why) = spawn_binary(&args) else {
            panic!("{extra:?}: started beside a live cluster process, writing unfenced")
        };
        assert!(why.contains("exit status: 1"), "{why}");
        assert!(why.contains("live leases") && why.contains("--cluster"), "{why}");
    }
    // Once the cluster is gone and its leases have lapsed, the database is the process's own.
    leased.kill().unwrap();
    leased.wait().unwrap();
    tokio::time::sleep(Duration::from_millis(ttl_ms * 2)).await;
    let (mut alone, alone_addr) = spawn_binary(&["--db", &db]).expect("refused with no live lease");
    let (status, _) = http_as(alone_addr, "GET", "/api/tables/none", None, Some(ADMIN)).await;
    assert_eq!(status, 404);
    alone.kill().unwrap();
    alone.wait().unwrap();
}

#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test-server.sh runs it"]
async fn a_cluster_process_refuses_to_start_beside_a_live_process_without_leases_and_starts_once_it_is_gone() {
    let db = fresh_database(&pg_url()).await;
    let ttl_ms = 600;
    // An idle cluster process (no table, so no lease) is seen all the same.
    let (mut idle, _) = spawn(&db, ttl_ms);
    let Err(why) = spawn_binary(&["--db", &db]) else {
        panic!("started beside an idle cluster process, writing unfenced")
    };
    assert!(
        why.contains("exit status: 1") && why.contains("SERVED_BY_CLUSTER"),
        "{why}"
    );
    idle.kill().unwrap();
    idle.wait().unwrap();
    tokio::time::sleep(Duration::from_millis(ttl_ms * 2)).await;
    // A process without --cluster serves the database and holds a table without a lease.
    let (mut alone, alone_addr) = spawn_binary(&["--db", &db]).expect("refused once the cluster was gone");
    let id = unique("alone");
    let tokens = create_table(alone_addr, &id, "online").await;
    let (mut north, _) = Client::join(alone_addr, &id, &tokens["N"]).await;
    // An operator adds a --cluster process (a node of a cluster, or its first) to it.
    let Err(why) = spawn_binary(&["--db", &db, "--cluster", "--lease-ttl-ms", &ttl_ms.to_string()]) else {
        panic!("a --cluster process started beside a process without leases: it takes its tables")
    };
    assert!(why.contains("exit status: 1"), "{why}");
    assert!(
        why.contains("SERVED_BY_SINGLE_PROCESS") && why.contains("without --cluster") && why.contains("single"),
        "{why}"
    );
    // Nothing was taken: the table has no lease and its process still serves it.
    let mut conn = sqlx::AnyConnection::connect(&db).await.unwrap();
    let leases: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM bridge_leases")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(leases, 0, "the refused process wrote a lease");
    assert_eq!(north.act(json!({ "type": "call", "call": "1C" })).await["ok"], true);
    // Once it is gone and its announcement has lapsed, the cluster process starts and takes
    // the table over.
    alone.kill().unwrap();
    alone.wait().unwrap();
    tokio::time::sleep(bridge_server::lease_presence::SINGLE_TTL + Duration::from_millis(500)).await;
    let (mut leased, addr) = spawn(&db, ttl_ms);
    let (status, body) = http_as(addr, "GET", &format!("/api/tables/{id}"), None, Some(ADMIN)).await;
    assert_eq!((status, body["actions"].as_i64()), (200, Some(1)), "{body}");
    let owner: String = sqlx::query_scalar("SELECT address FROM bridge_leases WHERE table_id = $1")
        .bind(&id)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(owner, format!("ws://{addr}/ws"));
    leased.kill().unwrap();
    leased.wait().unwrap();
}
