//! Memory benchmark (a benchmark, not a timed test): `BRIDGE_MEM_TABLES` live
//! tables (default 10 000) and `BRIDGE_MEM_CONNECTIONS` open, joined connections (default
//! 20 000, or what this process's `ulimit -n` leaves room for) on one server process (the
//! release binary, a separate process, with its limits raised through
//! `BRIDGE_MAX_CONNECTIONS` and `BRIDGE_MAX_TABLES`). Each table plays its first calls (its
//! dealer's and, with a second connection, the next seat's), so it holds a board under way
//! and each connection has received its `joined`, pushes and acks. Reported: the server's
//! resident memory (VmRSS from /proc) idle, with the tables, and with the connections; per
//! table and per connection; and the total for 10 000 tables and 20 000 connections against
//! the 2 GiB goal. Run: `ulimit -n 20000; cargo bench -p bridge-server --bench memory`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use common::Client;
use futures_util::stream::{self, StreamExt};
use serde_json::json;

/// The goal: 10 000 tables and 20 000 connections held in at most this (bytes).
const GOAL: f64 = 2.0 * 1024.0 * 1024.0 * 1024.0;

fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// This process's limit on open files (the soft one), from /proc.
fn open_files_limit() -> usize {
    std::fs::read_to_string("/proc/self/limits")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|n| n.parse().ok())
        .unwrap_or(1024)
}

/// A process's resident memory (bytes), from /proc.
fn rss(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kib| kib.parse::<f64>().ok())
        .map_or(0.0, |kib| kib * 1024.0)
}

fn server(addr: SocketAddr, db: &str, tables: usize, connections: usize) -> Child {
    let bin = std::env::var("BRIDGE_LOAD_SERVER").unwrap_or_else(|_| env!("CARGO_BIN_EXE_bridge-server").into());
    Command::new(bin)
        .args(["--listen", &addr.to_string(), "--db", db])
        .env("BRIDGE_ADMIN_TOKEN", common::ADMIN)
        .env("BRIDGE_MAX_TABLES", tables.to_string())
        .env("BRIDGE_MAX_CONNECTIONS", connections.to_string())
        .env("BRIDGE_CONNECTIONS_PER_IP", connections.to_string())
        .env("BRIDGE_HTTP_RATE", "0")
        .spawn()
        .expect("the server binary starts")
}

/// Joins `k` (0, 1 or 2) seats of table `id` (dealt by North) and plays a call from each: the
/// connections, kept open.
async fn join_and_play(addr: SocketAddr, id: String, tokens: serde_json::Value, k: usize) -> Vec<Client> {
    let mut clients = Vec::new();
    for (seat, call) in [("N", "1C"), ("E", "P")].into_iter().take(k) {
        let (c, joined) = Client::join(addr, &id, &tokens[seat]).await;
        assert_eq!(joined["type"], "joined", "{id} {seat}: {joined}");
        clients.push(c);
        let ack = clients
            .last_mut()
            .unwrap()
            .act(json!({ "type": "call", "call": call }))
            .await;
        assert_eq!(ack["ok"], true, "{id} {seat}: {ack}");
    }
    clients
}

fn main() {
    let tables: usize = env_or("BRIDGE_MEM_TABLES", 10_000);
    // This process holds one socket a connection (and the server as many): room for the rest.
    let room = open_files_limit().saturating_sub(200);
    let connections: usize = env_or("BRIDGE_MEM_CONNECTIONS", 20_000).min(room).min(2 * tables);
    let dir = std::env::temp_dir().join(common::unique("bridge-memory"));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite:{}?mode=rwc", dir.join("tables.db").display());
    let addr = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut child = server(addr, &db, tables, connections + 16);
    let pid = child.id();
    rt.block_on(async {
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(addr).await.is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server did not start");
    });
    let run = common::unique("mem");
    let idle = rss(pid);

    let start = Instant::now();
    let created: Vec<(String, serde_json::Value)> = rt.block_on(
        stream::iter(0..tables)
            .map(|i| {
                let id = format!("{run}-{i}");
                async move {
                    let tokens = common::create_table(addr, &id, "online").await;
                    (id, tokens)
                }
            })
            .buffer_unordered(32)
            .collect(),
    );
    let with_tables = rss(pid);
    let created_in = start.elapsed();

    // Table i gets connections/tables seats, the first connections % tables one more.
    let start = Instant::now();
    let per = connections / tables;
    let extra = connections % tables;
    let clients: Vec<Vec<Client>> = rt.block_on(
        stream::iter(created.into_iter().enumerate())
            .map(|(i, (id, tokens))| join_and_play(addr, id, tokens, per + usize::from(i < extra)))
            .buffer_unordered(32)
            .collect(),
    );
    let open: usize = clients.iter().map(Vec::len).sum();
    std::thread::sleep(Duration::from_secs(1));
    let with_connections = rss(pid);
    let joined_in = start.elapsed();
    drop(clients);
    child.kill().unwrap();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);

    let mib = |b: f64| b / (1024.0 * 1024.0);
    let per_table = (with_tables - idle) / tables as f64;
    let per_connection = (with_connections - with_tables) / open.max(1) as f64;
    let goal_total = idle + 10_000.0 * per_table + 20_000.0 * per_connection;
    println!(
        "memory: server RSS idle {:.1} MiB; {tables} tables created in {:.1} s: {:.1} MiB ({:.0} bytes a table)",
        mib(idle),
        created_in.as_secs_f64(),
        mib(with_tables),
        per_table
    );
    println!(
        "memory: {open} connections joined (each table's first calls played) in {:.1} s: {:.1} MiB ({:.0} bytes a connection)",
        joined_in.as_secs_f64(),
        mib(with_connections),
        per_connection
    );
    println!(
        "memory: 10 000 tables and 20 000 connections at these rates: {:.0} MiB (goal ≤ {:.0} MiB: {})",
        mib(goal_total),
        mib(GOAL),
        if goal_total <= GOAL { "holds" } else { "does not hold" }
    );
}
