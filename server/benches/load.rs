//! Load benchmark (a benchmark, not a timed test): `BRIDGE_LOAD_TABLES` tables
//! (default 1 000, within the server's limit: below) × 4 simulated players and the Director play the real auctions of the shared corpus through
//! the reference server (the release binary, a separate process), `BRIDGE_LOAD_WAVE` tables
//! in flight (default 1 000: every table at once, the goal's shape), stored in a fresh SQLite file, or in the database at
//! `BRIDGE_LOAD_DB` (a `postgres://…` URL: the same code, as the server's `--db`; the tables
//! of each run get their own ids, so a database may be reused). Checked: every player's
//! stream gap-free; every acknowledged call stored and every table's hash the same after the
//! server is killed and restarted (the tables' statuses read once the timed loops are over:
//! the bench's own reads are not a site's load). Two runs on one server: a closed loop (each table sends its next
//! call on the last one's ack: the saturation figure) and an open loop (`BRIDGE_LOAD_RATE`
//! calls a second offered, default 2 000, over `BRIDGE_LOAD_LANES` lanes of tables played
//! one after another, default 50; `BRIDGE_LOAD_OPEN_TABLES` tables, default as many, within the limit; a
//! call's latency runs from when it was due, so a server that falls behind is seen; rate 0
//! skips it). Reported for each: calls per second, send → ack p50/p99, and the server's CPU
//! time and context switches per call, and the simulated clients' CPU time (from /proc). `BRIDGE_LOAD_SERVER` runs another build's binary,
//! `BRIDGE_LOAD_WORKERS` gives the server `--workers N`; with `BRIDGE_LOAD_REJOIN` set the closed
//! loop's players keep their connections from table to table (each joins the next table on
//! the connection it played the last one on) instead of opening five a table — keep
//! `BRIDGE_LOAD_WAVE` (the groups of players) high enough that no connection sends over the
//! server's 20 messages a second (~3 a second at the default 1 000 groups; at 100 groups the
//! server drops them as a flood, by design, and the bench stops at its 10 s wait). Run:
//! `cargo bench -p bridge-server --bench load` (SQLite), or against a throwaway PostgreSQL
//! cluster `scripts/test-server.sh --load` (it sets `BRIDGE_LOAD_DB`).
//!
//! Both loops run on one server and every table played stays in memory, so the two together
//! must fit the server's table limit (`bridge_server::Limits::tables`, or `BRIDGE_MAX_TABLES`,
//! which the server reads too): left unset, each size is derived from it (the closed loop
//! 1 000 or half the limit, the open loop as many or what the closed one left); asked for
//! more, the run is refused before anything starts. The server is stopped (killed and
//! waited for) on every exit, a panic included.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "support/proc_cpu.rs"]
mod proc_cpu;

use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{http, Client};
use futures_util::stream::{self, StreamExt};
use proc_cpu::cpu;
use serde_json::{json, Value};

const SEATS: [&str; 4] = ["N", "E", "S", "W"];

/// The simulated clients allocate as the server does (glibc's `malloc` and `free` were a
/// quarter of their CPU, on the cores the server runs on).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What the check reads of a message: the versions of its entries.
#[derive(serde::Deserialize)]
struct Pushed {
    #[serde(default)]
    entries: Vec<Versioned>,
}

/// An entry's version.
#[derive(serde::Deserialize)]
struct Versioned {
    version: Option<u64>,
}

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

/// The server under test, stopped (killed and waited for) when dropped: at the end of the
/// run, and on any panic on the way, so no run leaves a server behind.
struct Server(Child);

impl Server {
    fn id(&self) -> u32 {
        self.0.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The tables one server process holds at once: the server's own limit
/// (`bridge_server::Limits`), or `BRIDGE_MAX_TABLES` when set, which the server reads too
/// (`None`: a value the server would refuse).
fn table_limit() -> Option<usize> {
    match std::env::var("BRIDGE_MAX_TABLES") {
        Ok(v) => v.parse().ok(),
        Err(_) => Some(bridge_server::Limits::default().tables),
    }
}

/// The run's sizes (the closed loop's tables, the open loop's) within the `limit` of tables the
/// server holds: every table played stays in memory (its board is not over when the auction
/// is), and both loops run on one server. Unset, each is derived from the limit (the closed
/// loop 1 000 or half the limit, the open loop as many or what is left); asked for more than
/// the limit holds, the run is refused.
fn sizes(
    limit: usize,
    asked_tables: Option<usize>,
    asked_open: Option<usize>,
    open_on: bool,
) -> Result<(usize, usize), String> {
    let tables = asked_tables.unwrap_or_else(|| 1000.min(limit / 2));
    let open = if open_on {
        asked_open.unwrap_or_else(|| tables.min(limit.saturating_sub(tables)))
    } else {
        0
    };
    if tables + open > limit {
        return Err(format!(
            "load: {tables} tables in the closed loop and {open} in the open loop, but the server holds at most {limit} \
             (BRIDGE_MAX_TABLES): ask for fewer (BRIDGE_LOAD_TABLES, BRIDGE_LOAD_OPEN_TABLES, or BRIDGE_LOAD_RATE=0) \
             or raise BRIDGE_MAX_TABLES"
        ));
    }
    Ok((tables, open))
}

/// The server under test: this build's, or the binary at `BRIDGE_LOAD_SERVER` (to compare
/// two builds with the same clients).
/// `BRIDGE_LOAD_WORKERS`: its `--workers` (a build that has the option).
fn server(addr: SocketAddr, db: &str) -> Server {
    let bin = std::env::var("BRIDGE_LOAD_SERVER").unwrap_or_else(|_| env!("CARGO_BIN_EXE_bridge-server").into());
    let mut command = Command::new(bin);
    command
        .args(["--listen", &addr.to_string(), "--db", db])
        .env("BRIDGE_ADMIN_TOKEN", common::ADMIN)
        // Every simulated client connects from 127.0.0.1, five a table in flight.
        .env("BRIDGE_CONNECTIONS_PER_IP", "100000")
        .env("BRIDGE_MAX_CONNECTIONS", "19000");
    if let Ok(n) = std::env::var("BRIDGE_LOAD_WORKERS") {
        command.args(["--workers", &n]);
    }
    Server(command.spawn().expect("the server binary starts"))
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

/// The server's context switches so far (voluntary and not, over its live threads), from
/// /proc: each is a thread put to sleep or pre-empted — the hand-offs between threads.
fn switches(pid: u32) -> u64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("status")).ok())
        .flat_map(|status| {
            status
                .lines()
                .filter(|l| l.contains("ctxt_switches:"))
                .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
                .collect::<Vec<_>>()
        })
        .sum()
}

/// What one table's play measured.
struct Played {
    /// The table's id.
    id: String,
    /// Send → ack of each call (open loop: from the time the call was due).
    latencies: Vec<Duration>,
    /// The table's stored hash at the end (read once every table is played: `stored`).
    hash: String,
    /// Bytes of `events` pushes each viewer (4 seats, the Director) received, per call.
    push_bytes: Vec<f64>,
}

/// The viewers each table is played by: four seats and the Director.
const VIEWERS: [&str; 5] = ["N", "E", "S", "W", "director"];

/// Creates table `id` for auction `a` and joins its four seats and the Director.
async fn seat(addr: SocketAddr, id: String, dealer: usize, vul: String) -> Vec<Client> {
    let tokens = create(addr, &id, dealer, &vul).await;
    let mut players = Vec::new();
    for viewer in VIEWERS {
        let (c, joined) = Client::join(addr, &id, &tokens[viewer]).await;
        assert_eq!(joined["type"], "joined", "{joined}");
        players.push(c);
    }
    players
}

/// Seats table `id` on the players' connections, each joining it from the table it played
/// (the next board without a new handshake).
async fn reseat(addr: SocketAddr, id: &str, dealer: usize, vul: &str, players: &mut [Client]) {
    let tokens = create(addr, id, dealer, vul).await;
    futures_util::future::join_all(players.iter_mut().zip(VIEWERS).map(|(p, viewer)| {
        let token = tokens[viewer].clone();
        async move {
            p.send(json!({ "type": "join", "table": id, "token": token })).await;
            let joined = p.until_kind("joined").await;
            assert_eq!(joined["table"], id, "{joined}");
            // What came before the reply is the last table's (its pushes later than the
            // check's quiet wait): this table's stream starts after it.
            p.received.clear();
        }
    }))
    .await;
}

/// Creates table `id` (its dealer, vulnerability, the online regulation); its tokens.
async fn create(addr: SocketAddr, id: &str, dealer: usize, vul: &str) -> Value {
    let (status, body) = http(
        addr,
        "POST",
        "/api/tables",
        Some(json!({ "id": id, "options": { "dealer": SEATS[dealer], "vulnerability": vul, "regulation": "online" } })),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    body["tokens"].clone()
}

/// Plays auction `a` at the seated table: each call sent when due (`None`: at once, after the
/// previous ack; `Some((next, every))`: at `next`, then every `every`, and never before the
/// previous call's ack). The latency of each call runs from when it was due to its ack.
async fn calls(
    players: &mut [Client],
    id: &str,
    a: &Auction,
    mut schedule: Option<(&mut tokio::time::Instant, Duration)>,
) -> Vec<Duration> {
    let mut latencies = Vec::with_capacity(a.calls.len());
    for (k, call) in a.calls.iter().enumerate() {
        let due = match schedule.as_mut() {
            Some((next, every)) => {
                let due = **next;
                **next += *every;
                tokio::time::sleep_until(due).await;
                due
            }
            None => tokio::time::Instant::now(),
        };
        let p = &mut players[(a.dealer + k) % 4];
        p.send(json!({ "type": "act", "id": k, "action": { "type": "call", "call": call } }))
            .await;
        let ack = p.until_kind("ack").await;
        latencies.push(due.elapsed());
        assert_eq!(ack["ok"], true, "table {id}, call {k} {call}: {ack}");
    }
    latencies
}

/// Checks a played table: every player's stream arrived whole and in order; the bytes pushed
/// per call to each viewer.
async fn check(id: String, players: &mut [Client], n: usize) -> Vec<f64> {
    // The five read side by side: each waits for 20 ms of quiet once its stream is read.
    futures_util::future::join_all(players.iter_mut().map(|p| p.drain_texts(20))).await;
    for (s, p) in players.iter().enumerate() {
        let versions: Vec<u64> = p
            .received
            .iter()
            .filter_map(|t| serde_json::from_str::<Pushed>(t).ok())
            .flat_map(|m| m.entries)
            .filter_map(|e| e.version)
            .collect();
        assert_eq!(
            versions,
            (1..=versions.len() as u64).collect::<Vec<_>>(),
            "{id} viewer {s}: a gap"
        );
    }
    players
        .iter()
        .map(|p| {
            let bytes: usize = p
                .received
                .iter()
                .filter(|t| t.contains("\"type\":\"events\""))
                .map(String::len)
                .sum();
            bytes as f64 / n.max(1) as f64
        })
        .collect()
}

/// Reads every played table's status from the server, once the timed loops are over (a
/// site's traffic has no such reads): each table holds every acknowledged call; its hash is
/// kept for the check after the restart.
async fn stored(addr: SocketAddr, played: &mut [Played]) {
    let statuses: Vec<Value> = stream::iter(played.iter())
        .map(|p| async move { http(addr, "GET", &format!("/api/tables/{}", p.id), None).await.1 })
        .buffered(50)
        .collect()
        .await;
    for (p, status) in played.iter_mut().zip(statuses) {
        assert_eq!(
            status["actions"],
            p.latencies.len(),
            "{}: every acknowledged call is stored",
            p.id
        );
        p.hash = status["stateHash"].as_str().unwrap_or_default().to_string();
    }
}

/// Closed loop: plays `tables` one after another, each call sent as soon as the previous one
/// is acknowledged; the first table seated on new connections, each next one on the
/// connections of the last (players who keep their connections, `BRIDGE_LOAD_REJOIN`).
async fn play_on(addr: SocketAddr, tables: Vec<(String, Arc<Auction>)>) -> Vec<Played> {
    let mut players: Vec<Client> = Vec::new();
    let mut out = Vec::new();
    for (id, a) in tables {
        if players.is_empty() {
            players = seat(addr, id.clone(), a.dealer, a.vul.clone()).await;
        } else {
            reseat(addr, &id, a.dealer, &a.vul, &mut players).await;
        }
        let latencies = calls(&mut players, &id, &a, None).await;
        let checked = check(id.clone(), &mut players, a.calls.len()).await;
        out.push(Played::of(id, latencies, checked));
    }
    out
}

/// Open loop, one lane: plays `tables` (id, auction) one after another, a call due every
/// `every` from `start` whether or not the server keeps up; the next table is seated and the
/// last one checked while this one plays.
async fn lane(
    addr: SocketAddr,
    tables: Vec<(String, Arc<Auction>)>,
    start: tokio::time::Instant,
    every: Duration,
    mut players: Vec<Client>,
) -> Vec<Played> {
    let mut next = start;
    let mut checks = Vec::new();
    let mut latencies = Vec::new();
    for (k, (id, a)) in tables.iter().enumerate() {
        let seated = tables
            .get(k + 1)
            .map(|(id, a)| tokio::spawn(seat(addr, id.clone(), a.dealer, a.vul.clone())));
        latencies.push(calls(&mut players, id, a, Some((&mut next, every))).await);
        let mut played = std::mem::take(&mut players);
        let (id, n) = (id.clone(), a.calls.len());
        checks.push(tokio::spawn(async move { check(id, &mut played, n).await }));
        if let Some(s) = seated {
            players = s.await.unwrap();
        }
    }
    let mut out = Vec::new();
    for ((c, latencies), (id, _)) in checks.into_iter().zip(latencies).zip(tables) {
        out.push(Played::of(id, latencies, c.await.unwrap()));
    }
    out
}

impl Played {
    /// Table `id`, its calls' latencies, and the bytes its check found pushed (its hash is
    /// read later, by `stored`).
    fn of(id: String, latencies: Vec<Duration>, push_bytes: Vec<f64>) -> Played {
        Played {
            id,
            latencies,
            hash: String::new(),
            push_bytes,
        }
    }
}

/// What a run measured, as printed.
struct Figures {
    calls: usize,
    wall: Duration,
    latencies: Vec<Duration>,
    server_cpu: Duration,
    server_switches: u64,
    /// The simulated clients' CPU time (this process's).
    clients_cpu: Duration,
}

impl Figures {
    fn of(results: &[Played], wall: Duration, server: (Duration, u64), clients_cpu: Duration) -> Figures {
        let (server_cpu, server_switches) = server;
        let mut latencies: Vec<Duration> = results.iter().flat_map(|p| p.latencies.iter().copied()).collect();
        latencies.sort();
        Figures {
            calls: latencies.len(),
            wall,
            latencies,
            server_cpu,
            server_switches,
            clients_cpu,
        }
    }

    fn q(&self, p: f64) -> f64 {
        let all = &self.latencies;
        all.get(((all.len() as f64 - 1.0) * p) as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1e3)
    }

    /// The figures as printed; `rate`: with the calls per second (in the open loop the rate
    /// is the one offered, and the wall time the schedule's).
    fn line(&self, rate: bool) -> String {
        let rate = if rate {
            format!(" ({:.0} calls/s)", self.calls as f64 / self.wall.as_secs_f64())
        } else {
            String::new()
        };
        format!(
            "{} calls in {:.1} s{rate}; send -> ack p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms; server CPU {:.0} µs and {:.1} context switches per call (the clients' CPU {:.0} µs)",
            self.calls,
            self.wall.as_secs_f64(),
            self.q(0.5),
            self.q(0.99),
            self.q(1.0),
            self.server_cpu.as_secs_f64() * 1e6 / self.calls.max(1) as f64,
            self.server_switches as f64 / self.calls.max(1) as f64,
            self.clients_cpu.as_secs_f64() * 1e6 / self.calls.max(1) as f64
        )
    }
}

fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let wave: usize = env_or("BRIDGE_LOAD_WAVE", 1000).max(1);
    let rate: f64 = env_or("BRIDGE_LOAD_RATE", 2000.0);
    let lanes: usize = env_or("BRIDGE_LOAD_LANES", 50).max(1);
    let asked = |key: &str| std::env::var(key).ok().and_then(|v| v.parse::<usize>().ok());
    let Some(limit) = table_limit() else {
        eprintln!("load: BRIDGE_MAX_TABLES is not a number of tables");
        std::process::exit(2);
    };
    let (tables, open_tables) = match sizes(
        limit,
        asked("BRIDGE_LOAD_TABLES"),
        asked("BRIDGE_LOAD_OPEN_TABLES"),
        rate > 0.0,
    ) {
        Ok(sizes) => sizes,
        Err(why) => {
            // Refused before anything is started.
            eprintln!("{why}");
            std::process::exit(2);
        }
    };
    // The closed loop's players keep their connections from table to table.
    let rejoin = std::env::var_os("BRIDGE_LOAD_REJOIN").is_some();
    let Some(auctions) = corpus(tables.max(open_tables)) else {
        println!("load: ../shared/corpus/auctions.jsonl is absent; nothing to play");
        return;
    };
    let auctions: Vec<Arc<Auction>> = auctions.into_iter().map(Arc::new).collect();
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
    let child = server(addr, &db);
    rt.block_on(wait_up(addr));

    // Closed loop (saturation): `wave` tables in flight (the next starts as soon as one is
    // done), each call sent on the last one's ack.
    let (cpu0, sw0, own0) = (cpu(child.id()), switches(child.id()), cpu(std::process::id()));
    let start = Instant::now();
    let mut closed: Vec<Played> = if rejoin {
        // Each of `wave` groups of players plays every `wave`-th table on its connections.
        let mut groups: Vec<Vec<(String, Arc<Auction>)>> = vec![Vec::new(); wave.min(tables).max(1)];
        for (i, a) in auctions.iter().take(tables).enumerate() {
            let n = groups.len();
            groups[i % n].push((id(i), a.clone()));
        }
        rt.block_on(async {
            let handles: Vec<_> = groups.into_iter().map(|g| tokio::spawn(play_on(addr, g))).collect();
            let mut out = Vec::new();
            for h in handles {
                out.extend(h.await.unwrap());
            }
            out
        })
    } else {
        let played: Vec<Vec<Played>> = rt.block_on(
            stream::iter(auctions.iter().take(tables).enumerate())
                .map(|(i, a)| play_on(addr, vec![(id(i), a.clone())]))
                .buffer_unordered(wave)
                .collect(),
        );
        played.into_iter().flatten().collect()
    };
    let closed_figures = Figures::of(
        &closed,
        start.elapsed(),
        (cpu(child.id()) - cpu0, switches(child.id()).saturating_sub(sw0)),
        cpu(std::process::id()) - own0,
    );

    // Open loop: `rate` calls a second offered over `lanes` lanes, whatever the server does.
    let mut open: Vec<Played> = Vec::new();
    let mut open_figures = None;
    if rate > 0.0 && open_tables > 0 {
        let every = Duration::from_secs_f64(lanes as f64 / rate);
        let mut per_lane: Vec<Vec<(String, Arc<Auction>)>> = vec![Vec::new(); lanes];
        for (i, a) in auctions.iter().take(open_tables).enumerate() {
            per_lane[i % lanes].push((id(tables + i), a.clone()));
        }
        per_lane.retain(|l| !l.is_empty());
        let first: Vec<Vec<Client>> = rt.block_on(
            stream::iter(per_lane.iter())
                .map(|l| seat(addr, l[0].0.clone(), l[0].1.dealer, l[0].1.vul.clone()))
                .buffered(wave)
                .collect(),
        );
        let (cpu0, sw0, own0) = (cpu(child.id()), switches(child.id()), cpu(std::process::id()));
        let t0 = tokio::time::Instant::now();
        let n = per_lane.len();
        let played: Vec<Vec<Played>> = rt.block_on(async {
            let handles: Vec<_> = per_lane
                .into_iter()
                .zip(first)
                .enumerate()
                .map(|(k, (l, players))| {
                    // The lanes' calls spread evenly over each period.
                    let start = t0 + every.mul_f64(k as f64 / n as f64);
                    tokio::spawn(lane(addr, l, start, every, players))
                })
                .collect();
            let mut out = Vec::new();
            for h in handles {
                out.push(h.await.unwrap());
            }
            out
        });
        let wall = t0.elapsed();
        open = played.into_iter().flatten().collect();
        let figures = Figures::of(
            &open,
            wall,
            (cpu(child.id()) - cpu0, switches(child.id()).saturating_sub(sw0)),
            cpu(std::process::id()) - own0,
        );
        open_figures = Some((figures, every));
    }

    // Every acknowledged call stored; then killed and restarted: every table comes back to
    // the same hash.
    rt.block_on(stored(addr, &mut closed));
    rt.block_on(stored(addr, &mut open));
    drop(child);
    let child = server(addr, &db);
    rt.block_on(wait_up(addr));
    for p in closed.iter().chain(&open) {
        let (_, status) = rt.block_on(http(addr, "GET", &format!("/api/tables/{}", p.id), None));
        assert_eq!(
            status["stateHash"].as_str(),
            Some(p.hash.as_str()),
            "{} after the restart",
            p.id
        );
    }
    drop(child);
    let _ = std::fs::remove_dir_all(&dir);

    let pushes: Vec<f64> = closed.iter().flat_map(|p| p.push_bytes.iter().copied()).collect();
    let push_mean = pushes.iter().sum::<f64>() / pushes.len().max(1) as f64;
    let push_max = pushes.iter().copied().fold(0.0, f64::max);
    println!(
        "load ({kind}): closed loop, {} tables x (4 players + Director), {wave} in flight: {}",
        closed.len(),
        closed_figures.line(true)
    );
    if let Some((f, every)) = open_figures {
        println!(
            "load ({kind}): open loop, {rate:.0} calls/s offered ({lanes} lanes, a call every {:.1} ms each), {} tables: {}",
            every.as_secs_f64() * 1e3,
            open.len(),
            f.line(false)
        );
    }
    println!("load: bytes pushed per call to each viewer: mean {push_mean:.0}, worst table's mean {push_max:.0}");
    println!("load: nothing lost; hashes agree after a restart");
}
