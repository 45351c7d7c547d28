//! Load benchmark (issue 11; a benchmark, not a timed test): `BRIDGE_LOAD_TABLES` tables
//! (default 1 000) × 4 simulated players and the Director play the real auctions of the shared corpus through
//! the reference server (the release binary, a separate process), `BRIDGE_LOAD_WAVE` tables
//! at a time (default 100), stored in a fresh SQLite file, or in the database at
//! `BRIDGE_LOAD_DB` (a `postgres://…` URL: the same code, as the server's `--db`; the tables
//! of each run get their own ids, so a database may be reused). Checked: every acknowledged
//! call stored, every player's stream gap-free, every table's hash the same after the server
//! is killed and restarted. Reported: action latency (send → ack) p50/p99, actions per
//! second, and the server's CPU time per action (from /proc). Run:
//! `cargo bench -p bridge-server --bench load` (SQLite), or against a throwaway PostgreSQL
//! cluster `scripts/test-server.sh --load` (it sets `BRIDGE_LOAD_DB`).

#[path = "../tests/common/mod.rs"]
mod common;

use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use common::{http, Client};
use futures_util::stream::{self, StreamExt};
use serde_json::{json, Value};

const SEATS: [&str; 4] = ["N", "E", "S", "W"];

struct Auction {
    dealer: usize,
    vul: String,
    calls: Vec<String>,
}

fn corpus(limit: usize) -> Option<Vec<Auction>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/auctions.jsonl");
    let text = std::fs::read_to_string(path).ok()?;
    let auctions = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["raw_ok"] == true)
        .filter_map(|v| {
            let dealer = SEATS.iter().position(|s| v["dealer"] == *s)?;
            let calls: Vec<String> = v["calls"]
                .as_array()?
                .iter()
                .filter_map(|c| c.as_str().map(String::from))
                .collect();
            let vul = match v["vul"].as_str()? {
                "NS" => "NS",
                "EW" => "EW",
                "All" | "Both" => "All",
                _ => "None",
            };
            Some(Auction {
                dealer,
                vul: vul.into(),
                calls,
            })
        })
        .take(limit)
        .collect();
    Some(auctions)
}

fn free_port() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

fn server(addr: SocketAddr, db: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_bridge-server"))
        .args(["--listen", &addr.to_string(), "--db", db])
        .env("BRIDGE_ADMIN_TOKEN", common::ADMIN)
        // Every simulated client connects from 127.0.0.1.
        .env("BRIDGE_CONNECTIONS_PER_IP", "100000")
        .spawn()
        .expect("the server binary starts")
}

async fn wait_up(addr: SocketAddr) {
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server did not start");
}

/// The server's CPU time so far (user + system), from /proc.
fn cpu(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, r)| r)
        .split_whitespace()
        .collect();
    let ticks: u64 = fields.get(11).and_then(|f| f.parse().ok()).unwrap_or(0)
        + fields.get(12).and_then(|f| f.parse().ok()).unwrap_or(0);
    Duration::from_millis(ticks * 10) // USER_HZ = 100 on Linux
}

/// What one table's play measured.
struct Played {
    /// Send → ack of each call.
    latencies: Vec<Duration>,
    /// The table's stored hash at the end.
    hash: String,
    /// Bytes of `events` pushes each viewer (4 seats, the Director) received, per call.
    push_bytes: Vec<f64>,
}

/// Plays one auction with the four seats and the Director joined; what it measured.
async fn play(addr: SocketAddr, id: String, a: &Auction) -> Played {
    let (status, body) = http(
        addr,
        "POST",
        "/api/tables",
        Some(json!({ "id": id, "options": { "dealer": SEATS[a.dealer], "vulnerability": a.vul, "regulation": "online" } })),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let mut players = Vec::new();
    for viewer in SEATS.iter().chain(&["director"]) {
        let (c, joined) = Client::join(addr, &id, &body["tokens"][viewer]).await;
        assert_eq!(joined["type"], "joined", "{joined}");
        players.push(c);
    }
    let mut latencies = Vec::with_capacity(a.calls.len());
    for (k, call) in a.calls.iter().enumerate() {
        let seat = (a.dealer + k) % 4;
        let p = &mut players[seat];
        let t = Instant::now();
        p.send(json!({ "type": "act", "id": k, "action": { "type": "call", "call": call } }))
            .await;
        let ack = p.until("ack").await;
        latencies.push(t.elapsed());
        assert_eq!(ack["ok"], true, "table {id}, call {k} {call}: {ack}");
    }
    // Nothing lost: every player's stream arrived whole, in order.
    for (s, p) in players.iter_mut().enumerate() {
        p.drain(20).await;
        let versions: Vec<u64> = p
            .received
            .iter()
            .filter_map(|t| serde_json::from_str::<Value>(t).ok())
            .flat_map(|m| m["entries"].as_array().cloned().unwrap_or_default())
            .filter_map(|e| e["version"].as_u64())
            .collect();
        assert_eq!(
            versions,
            (1..=versions.len() as u64).collect::<Vec<_>>(),
            "{id} viewer {s}: a gap"
        );
    }
    let push_bytes = players
        .iter()
        .map(|p| {
            let bytes: usize = p
                .received
                .iter()
                .filter(|t| t.contains("\"type\":\"events\""))
                .map(String::len)
                .sum();
            bytes as f64 / a.calls.len().max(1) as f64
        })
        .collect();
    let (_, status) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(
        status["actions"],
        a.calls.len(),
        "{id}: every acknowledged call is stored"
    );
    Played {
        latencies,
        hash: status["stateHash"].as_str().unwrap_or_default().to_string(),
        push_bytes,
    }
}

fn main() {
    let tables: usize = std::env::var("BRIDGE_LOAD_TABLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let wave: usize = std::env::var("BRIDGE_LOAD_WAVE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let Some(auctions) = corpus(tables) else {
        println!("load: ../shared/corpus/auctions.jsonl is absent; nothing to play");
        return;
    };
    let dir = std::env::temp_dir().join(common::unique("bridge-load"));
    let db = match std::env::var("BRIDGE_LOAD_DB") {
        Ok(url) if !url.is_empty() => url,
        _ => {
            std::fs::create_dir_all(&dir).unwrap();
            format!("sqlite:{}?mode=rwc", dir.join("tables.db").display())
        }
    };
    let kind = db.split(':').next().unwrap_or_default().to_string();
    // This run's table ids (unique, so a reused database holds no table of the same id).
    let run = common::unique("load");
    let id = |i: usize| format!("{run}-{i}");
    let addr = free_port();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut child = server(addr, &db);
    rt.block_on(wait_up(addr));
    let cpu0 = cpu(child.id());
    let start = Instant::now();
    let results: Vec<Played> = rt.block_on(
        stream::iter(auctions.iter().enumerate())
            .map(|(i, a)| play(addr, id(i), a))
            .buffered(wave)
            .collect(),
    );
    let wall = start.elapsed();
    let server_cpu = cpu(child.id()) - cpu0;

    // Killed and restarted: every table comes back to the same hash.
    child.kill().unwrap();
    child.wait().unwrap();
    let mut child = server(addr, &db);
    rt.block_on(wait_up(addr));
    for (i, hash) in results.iter().map(|p| &p.hash).enumerate() {
        let (_, status) = rt.block_on(http(addr, "GET", &format!("/api/tables/{}", id(i)), None));
        assert_eq!(
            status["stateHash"].as_str(),
            Some(hash.as_str()),
            "{} after the restart",
            id(i)
        );
    }
    child.kill().unwrap();
    let _ = child.wait();

    let mut all: Vec<Duration> = results.iter().flat_map(|p| p.latencies.iter().copied()).collect();
    let pushes: Vec<f64> = results.iter().flat_map(|p| p.push_bytes.iter().copied()).collect();
    let push_mean = pushes.iter().sum::<f64>() / pushes.len().max(1) as f64;
    let push_max = pushes.iter().copied().fold(0.0, f64::max);
    all.sort();
    let q = |p: f64| all[((all.len() as f64 - 1.0) * p) as usize];
    let n = all.len();
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "load: {} tables x (4 players + Director) ({kind}), {} tables at a time, {n} calls in {:.1} s ({:.0} calls/s)",
        results.len(),
        wave,
        wall.as_secs_f64(),
        n as f64 / wall.as_secs_f64()
    );
    println!("load: bytes pushed per call to each viewer: mean {push_mean:.0}, worst table's mean {push_max:.0}");
    println!(
        "load: latency send -> ack p50 {:.2} ms, p99 {:.2} ms; server CPU {:.0} µs per call; nothing lost; hashes agree after a restart",
        q(0.5).as_secs_f64() * 1e3,
        q(0.99).as_secs_f64() * 1e3,
        server_cpu.as_secs_f64() * 1e6 / n as f64
    );
}
