//! The floor under the load bench (a benchmark, not a timed test): what the load
//! bench's traffic costs a server that does nothing but relay it. A relay process (a child of
//! this one, on tokio's multi-threaded runtime as the server is) holds `BRIDGE_FLOOR_TABLES`
//! tables (default 1 000) of five TCP connections on 127.0.0.1 — four seats and the Director —
//! and for every 64-byte call it reads from one connection writes a 435-byte message (the
//! load bench's mean push) to each of the five, the caller's ack joined to its push. The
//! simulated clients (this process) play `BRIDGE_FLOOR_CALLS` calls a table (default 40)
//! in a closed loop, every table in flight at once: the seat after the caller sends its
//! call once its push arrives. No WebSocket framing, JSON, engine, storage, timers or
//! budgets: what is left is the system calls, the kernel's TCP path on loopback and the
//! runtime's wake-ups. Reported: calls/s and the relay's and the clients' CPU time per call
//! (from /proc), to set beside the load bench's server CPU per call.
//! Run: `cargo bench -p bridge-server --bench relay_floor`.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[path = "support/proc_cpu.rs"]
mod proc_cpu;

use proc_cpu::cpu;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::{TcpListener, TcpStream};

/// A call, as a client sends it.
const CALL: usize = 64;
/// A push, as the relay sends it (the load bench's mean bytes pushed per call to a viewer).
const PUSH: usize = 435;
/// Connections a table: four seats and the Director.
const VIEWERS: usize = 5;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The relay: each connection first says its table and place (two u32), then sends calls;
/// each call is written to the table's five connections once all five have joined.
async fn relay(listener: TcpListener, tables: usize) {
    let mut joined: Vec<Vec<Option<OwnedWriteHalf>>> =
        (0..tables).map(|_| (0..VIEWERS).map(|_| None).collect()).collect();
    let mut readers = Vec::new();
    for _ in 0..tables * VIEWERS {
        let (socket, _) = listener.accept().await.expect("accept");
        socket.set_nodelay(true).expect("nodelay");
        let (mut read, write) = socket.into_split();
        let mut who = [0u8; 8];
        read.read_exact(&mut who).await.expect("hello");
        let table = u32::from_le_bytes(who[..4].try_into().expect("4 bytes")) as usize;
        let place = u32::from_le_bytes(who[4..].try_into().expect("4 bytes")) as usize;
        joined[table][place] = Some(write);
        readers.push((table, read));
    }
    let tables: Vec<Arc<Vec<OwnedWriteHalf>>> = joined
        .into_iter()
        .map(|t| Arc::new(t.into_iter().map(|w| w.expect("joined")).collect()))
        .collect();
    let push = Arc::new([7u8; PUSH]);
    let mut tasks = Vec::new();
    for (table, mut read) in readers {
        let (writers, push) = (tables[table].clone(), push.clone());
        tasks.push(tokio::spawn(async move {
            let mut call = [0u8; CALL];
            while read.read_exact(&mut call).await.is_ok() {
                for w in writers.iter() {
                    write_all(w, &push[..]).await;
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
}

/// Writes `bytes` without taking the write half (shared by the table's readers).
async fn write_all(w: &OwnedWriteHalf, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        match w.try_write(bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if w.writable().await.is_err() {
                    return;
                }
            }
            Err(_) => return,
        }
    }
}

/// One table's five connections, joined.
async fn join(addr: std::net::SocketAddr, table: usize) -> Vec<TcpStream> {
    let mut sockets = Vec::new();
    for place in 0..VIEWERS {
        let mut s = TcpStream::connect(addr).await.expect("connect");
        s.set_nodelay(true).expect("nodelay");
        let mut hello = [0u8; 8];
        hello[..4].copy_from_slice(&u32::try_from(table).expect("table").to_le_bytes());
        hello[4..].copy_from_slice(&u32::try_from(place).expect("place").to_le_bytes());
        s.write_all(&hello).await.expect("hello");
        sockets.push(s);
    }
    sockets
}

/// One table's five clients: `calls` calls in turn, each sent once the caller's push has
/// arrived back (every viewer reads every push).
async fn play(sockets: Vec<TcpStream>, calls: usize) {
    let (mut reads, mut writes): (Vec<_>, Vec<_>) = sockets.into_iter().map(TcpStream::into_split).unzip();
    // Every viewer reads every push; the next caller calls once its own has arrived.
    let mut watchers = Vec::new();
    for mut r in reads.drain(1..) {
        watchers.push(tokio::spawn(async move {
            let mut push = [0u8; PUSH];
            for _ in 0..calls {
                r.read_exact(&mut push).await.expect("push");
            }
        }));
    }
    let mut first = reads.pop().expect("a reader");
    let mut push = [0u8; PUSH];
    let call = [1u8; CALL];
    for _ in 0..calls {
        writes[0].write_all(&call).await.expect("call");
        first.read_exact(&mut push).await.expect("push");
    }
    for w in watchers {
        w.await.expect("watcher");
    }
}

fn main() {
    let tables = env_or("BRIDGE_FLOOR_TABLES", 1000);
    let calls = env_or("BRIDGE_FLOOR_CALLS", 40);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    if std::env::var_os("BRIDGE_FLOOR_RELAY").is_some() {
        runtime.block_on(async {
            let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
            println!("{}", listener.local_addr().expect("address"));
            std::io::stdout().flush().expect("stdout");
            relay(listener, tables).await;
        });
        return;
    }
    let mut child = std::process::Command::new(std::env::current_exe().expect("this binary"))
        .env("BRIDGE_FLOOR_RELAY", "1")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the relay");
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().expect("stdout")),
        &mut line,
    )
    .expect("the relay's address");
    let addr: std::net::SocketAddr = line.trim().parse().expect("an address");
    let relay_cpu = || cpu(child.id());
    let joined: Vec<Vec<TcpStream>> = runtime.block_on(async {
        let mut joined = Vec::new();
        for t in 0..tables {
            joined.push(join(addr, t).await);
        }
        joined
    });
    // Every connection is joined before the clock starts: only the calls are counted.
    std::thread::sleep(Duration::from_millis(200));
    let (cpu0, own0) = (relay_cpu(), cpu(std::process::id()));
    let start = Instant::now();
    // Every table's calls are played one at a time (the first seat calls each time: who
    // calls does not change the relay's work), every table in flight at once.
    runtime.block_on(async {
        let games: Vec<_> = joined.into_iter().map(|s| tokio::spawn(play(s, calls))).collect();
        for g in games {
            g.await.expect("a table");
        }
    });
    let elapsed = start.elapsed();
    let n = (tables * calls) as f64;
    let per_call = |d: Duration| d.as_secs_f64() * 1e6 / n;
    println!(
        "relay floor: {tables} tables x {VIEWERS} connections, {calls} calls each, all in flight: {:.0} calls/s; \
         relay CPU {:.0} µs a call (one {CALL}-byte read, {VIEWERS} writes of {PUSH} bytes), the clients' {:.0} µs",
        n / elapsed.as_secs_f64(),
        per_call(relay_cpu() - cpu0),
        per_call(cpu(std::process::id()) - own0),
    );
    let _ = child.kill();
    let _ = child.wait();
}
