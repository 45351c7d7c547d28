//! Criterion benchmarks of the engine's hot paths: applying calls (as Rust values and as
//! JSON; `submit`, which lends the events instead of copying them), legal calls, views,
//! state hashes, reading a board back from JSON, the cost of one call against the length
//! of the auction, and replaying real auctions from the shared
//! corpus when present. Heap bytes per table are measured by `benches/legality.rs`, whose
//! counting allocator would slow every allocation timed here.
//!
//! `cargo bench --bench engine` (add `-- --quick` for a short run).

use std::hint::black_box;
use std::time::Duration;

/// The corpus replayer, beside the CLI (src/bin/bridge-laws/): not part of the library.
#[allow(dead_code)]
#[path = "../src/bin/bridge-laws/corpus.rs"]
mod corpus;

use bridge_laws::{Action, ActionKind, Actor, Bid, Call, Seat, Table, TableOptions, Viewer, Vulnerability};
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
const AUCTION: [&str; 14] = [
    "1C", "P", "1H", "P", "1S", "X", "XX", "2D", "2NT", "P", "3NT", "P", "P", "P",
];

/// Tables prepared per batch of a timed call: few enough that they stay in the cache.
const WARM: u64 = 32;

fn table() -> Table {
    Table::new(TableOptions {
        dealer: Seat::N,
        vulnerability: Vulnerability::None,
        regulation: Default::default(),
        board: None,
    })
    .expect("a table")
}

fn call_action(seat: Seat, call: Call) -> Action {
    Action {
        seat: Actor::Seat(seat),
        kind: ActionKind::Call {
            call,
            alert: false,
            explanation: None,
            intent: None,
        },
        at: None,
    }
}

fn bid_all(t: &mut Table) {
    let mut seat = Seat::N;
    for c in AUCTION {
        let ok = t.apply_json(&format!(
            r#"{{"seat":"{seat}","type":"call","call":"{c}","alert":true,"explanation":"conventional"}}"#
        ));
        assert!(ok.is_ok());
        seat = seat.lho();
    }
}

/// A table after the first `n` calls of `calls`, dealer North, in rotation.
fn after(calls: &[Call], n: usize) -> Table {
    let mut t = table();
    for (i, c) in calls.iter().take(n).enumerate() {
        assert!(t.apply(call_action(Seat::from_index(i), *c)).is_ok(), "call {i} {c}");
    }
    t
}

/// The longest legal auction: each of the 35 bids, doubled and redoubled, with two passes
/// after each call, then the final pass: 316 calls (1C P P X P P XX P P 1D … 7NT … XX P P P).
fn longest_auction() -> Vec<Call> {
    let mut out = Vec::new();
    for b in Bid::all() {
        for c in [Call::Bid(b), Call::Double, Call::Redouble] {
            out.extend([c, Call::Pass, Call::Pass]);
        }
    }
    out.push(Call::Pass);
    out
}

/// A copy of `t` with room for a few more actions: a clone has no spare capacity, where a
/// table grown call by call has, so without it `apply` would time a reallocation.
fn with_room(t: &Table) -> Table {
    let mut t = t.clone();
    t.reserve(4);
    t
}

fn engine(c: &mut Criterion) {
    c.bench_function("a 14-call auction with self-alerts, applied from JSON", |b| {
        b.iter(|| {
            let mut t = table();
            bid_all(&mut t);
            black_box(t)
        })
    });
    let calls: Vec<Call> = AUCTION.iter().map(|c| c.parse().expect("a call")).collect();
    let mid = after(&calls, 6);
    let next = call_action(Seat::S, calls[6]);
    let next_json = format!(r#"{{"seat":"S","type":"call","call":"{}"}}"#, calls[6]);
    // One call at a table that is in the cache, as at a bidding box: each batch prepares 32
    // copies of the table, then times the call at each, in place (`iter_batched_ref`: no
    // table is moved while timed; the outcome is kept, and its drop not timed).
    c.bench_function("apply one call (an Action value) mid-auction", |b| {
        b.iter_batched_ref(
            || (with_room(&mid), Some(next.clone())),
            |(t, a)| a.take().map(|a| t.apply(a)),
            BatchSize::NumIterations(WARM),
        )
    });
    c.bench_function("submit one call (an Action value, events borrowed) mid-auction", |b| {
        b.iter_batched_ref(
            || (with_room(&mid), Some(next.clone())),
            |(t, a)| a.take().map(|a| t.submit(a).map(|s| s.events.len())),
            BatchSize::NumIterations(WARM),
        )
    });
    c.bench_function("apply_json one call mid-auction", |b| {
        b.iter_batched_ref(
            || with_room(&mid),
            |t| t.apply_json(&next_json),
            BatchSize::NumIterations(WARM),
        )
    });
    // Calls per second: a whole auction at a new table, the copy of an empty table, each
    // action's copy and the table's drop included (criterion's time is per auction; its
    // throughput, per call).
    let empty = table();
    let plain: Vec<Action> = calls
        .iter()
        .enumerate()
        .map(|(i, c)| call_action(Seat::from_index(i), *c))
        .collect();
    let mut g = c.benchmark_group("a 14-call auction at a new table");
    g.throughput(Throughput::Elements(plain.len() as u64));
    g.bench_function("apply each call", |b| {
        b.iter(|| {
            let mut t = empty.clone();
            for a in &plain {
                let _ = black_box(t.apply(a.clone()));
            }
            t
        })
    });
    g.bench_function("submit each call", |b| {
        b.iter(|| {
            let mut t = empty.clone();
            for a in &plain {
                let _ = black_box(t.submit(a.clone()).map(|s| s.events.len()));
            }
            t
        })
    });
    g.finish();
    c.bench_function("legal calls mid-auction", |b| {
        b.iter(|| black_box(mid.legal_calls(Seat::S)))
    });
    let mut done = table();
    bid_all(&mut done);
    c.bench_function("view for one seat after a full auction", |b| {
        b.iter(|| black_box(done.view(Viewer::Seat(Seat::E))))
    });
    c.bench_function("state hash after a full auction", |b| {
        b.iter(|| black_box(done.state_hash()))
    });
    c.bench_function("state hash as bytes (Table::hash) after a full auction", |b| {
        b.iter(|| black_box(done.hash()))
    });
    let json = done.to_json();
    c.bench_function("from_json of a 14-call board", |b| {
        b.iter(|| black_box(Table::from_json(black_box(&json))))
    });

    let long = longest_auction();
    let mut g = c.benchmark_group("apply the next call at auction length");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g.throughput(Throughput::Elements(1));
    for n in [10, 20, 40, 80, 160, 320] {
        // The longest auction has 316 calls: at 320, apply the 315th, the last one that does
        // not end the auction (the others measured are passes too; the final pass also fixes
        // the contract, whatever the length).
        let n = n.min(long.len() - 2);
        let at = after(&long, n);
        let action = call_action(Seat::from_index(n), long[n]);
        g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            // Eight copies a batch: a long auction's table is ~50 KB.
            b.iter_batched_ref(
                || (with_room(&at), Some(action.clone())),
                |(t, a)| a.take().map(|a| t.apply(a)),
                BatchSize::NumIterations(8),
            )
        });
    }
    g.finish();

    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/auctions.jsonl");
    if let Ok(text) = std::fs::read_to_string(path) {
        let sample: String = text.lines().take(1000).collect::<Vec<_>>().join("\n");
        c.bench_function("replay 1000 real auctions from the shared corpus", |b| {
            b.iter(|| black_box(corpus::replay(&sample)))
        });
    } else {
        println!("engine: no corpus at {path}: the replay benchmark is skipped");
    }
}

criterion_group!(benches, engine);
criterion_main!(benches);
