//! The legality layer side by side with the crate `contract-bridge` in one run.
//!
//! - Replay: every auction of the shared corpus (`../shared/corpus/auctions.jsonl`), call by
//!   call: is the call legal for the player in rotation, then record it. Ours through the
//!   public [`Bidding`] (`push`: its check, then its push; the engine's `Summary` under it),
//!   the peer through `Auction::try_push` (its check, then its push), one `Auction` reused
//!   and truncated so that its allocation is not timed. Throughput is per call checked. The
//!   benches use the crate's face alone (no `internals`: scripts/test.sh checks it).
//! - Micro: `is_legal` and the set of legal calls mid-auction for both crates, and the
//!   table's `is_legal` / `legal_calls`, with the heap allocations each makes.
//! - Memory: live heap bytes per table for 10 000 tables after a 14-call auction (here,
//!   where the counting allocator times nothing that allocates).
//!
//! `cargo bench --bench legality` (add `-- --quick` for a short run). A one-line table with
//! the ratio is printed at the end.

use std::alloc::System;
use std::hint::black_box;
use std::time::{Duration, Instant};

use bridge_laws::{
    Action, ActionKind, Actor, Bidding, Call, CallSet, Seat, Strain, Table, TableOptions, Vulnerability,
};
use contract_bridge::auction::{Auction, Call as PeerCall};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use serde::Deserialize;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The corpus, relative to the crate.
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/auctions.jsonl");

#[derive(Deserialize)]
struct Deal {
    dealer: String,
    calls: Vec<String>,
}

/// The corpus in both crates' vocabularies, flattened: one slice of calls per deal.
struct Corpus {
    dealers: Vec<Seat>,
    /// End of each deal's calls in `ours` / `peer`.
    ends: Vec<usize>,
    ours: Vec<Call>,
    peer: Vec<PeerCall>,
    /// Calls checked by a replay (up to and including the first illegal call of a deal).
    checked: usize,
}

impl Corpus {
    fn deals(&self) -> impl Iterator<Item = (Seat, std::ops::Range<usize>)> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        self.dealers
            .iter()
            .copied()
            .zip(starts.zip(self.ends.iter().copied()).map(|(a, b)| a..b))
    }
}

fn peer_call(c: Call) -> PeerCall {
    match c {
        Call::Pass => PeerCall::Pass,
        Call::Double => PeerCall::Double,
        Call::Redouble => PeerCall::Redouble,
        Call::Bid(b) => {
            let strain = match b.strain {
                Strain::Clubs => contract_bridge::Strain::Clubs,
                Strain::Diamonds => contract_bridge::Strain::Diamonds,
                Strain::Hearts => contract_bridge::Strain::Hearts,
                Strain::Spades => contract_bridge::Strain::Spades,
                Strain::NoTrump => contract_bridge::Strain::Notrump,
            };
            PeerCall::Bid(contract_bridge::Bid::new(b.level.get(), strain))
        }
    }
}

fn load() -> Option<Corpus> {
    let text = std::fs::read_to_string(CORPUS).ok()?;
    let mut c = Corpus {
        dealers: Vec::new(),
        ends: Vec::new(),
        ours: Vec::new(),
        peer: Vec::new(),
        checked: 0,
    };
    for line in text.lines() {
        let Ok(d) = serde_json::from_str::<Deal>(line) else {
            continue;
        };
        let Ok(dealer) = d.dealer.parse::<Seat>() else { continue };
        let Ok(calls) = d.calls.iter().map(|s| s.parse::<Call>()).collect::<Result<Vec<_>, _>>() else {
            continue;
        };
        c.dealers.push(dealer);
        c.peer.extend(calls.iter().copied().map(peer_call));
        c.ours.extend(calls);
        c.ends.push(c.ours.len());
    }
    c.checked = replay_bidding(&c);
    let peer = replay_peer(&c, &mut Auction::new());
    assert_eq!(c.checked, peer, "both crates check the same calls of the corpus");
    Some(c)
}

/// Ours: is the call legal for the player in rotation, then record it. Calls checked.
fn replay_bidding(c: &Corpus) -> usize {
    let mut checked = 0;
    for (dealer, range) in c.deals() {
        let mut s = Bidding::new(dealer);
        for &call in c.ours.get(range).unwrap_or_default() {
            checked += 1;
            if s.push(call).is_err() {
                break;
            }
        }
        black_box(&s);
    }
    checked
}

/// The peer: `try_push` checks the call (the end of the auction too), then records it.
fn replay_peer(c: &Corpus, a: &mut Auction) -> usize {
    let mut checked = 0;
    for (_, range) in c.deals() {
        a.truncate(0);
        for &call in c.peer.get(range).unwrap_or_default() {
            checked += 1;
            if a.try_push(call).is_err() {
                break;
            }
        }
        black_box(&a);
    }
    checked
}

/// The median of a few timed runs, in ns per call checked.
fn ns_per_call(calls: usize, mut run: impl FnMut()) -> f64 {
    run();
    let mut t: Vec<Duration> = (0..9)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    t.sort();
    t[t.len() / 2].as_nanos() as f64 / calls as f64
}

/// "1C P 1H P 1S X", dealer North: South to call.
const MID: [&str; 6] = ["1C", "P", "1H", "P", "1S", "X"];

fn call(s: &str) -> Call {
    s.parse().expect("a call")
}

fn mid_bidding() -> Bidding {
    let mut s = Bidding::new(Seat::N);
    for c in MID {
        s.push(call(c)).expect("a legal call");
    }
    s
}

fn mid_peer() -> Auction {
    let mut a = Auction::new();
    for c in MID {
        a.push(peer_call(call(c)));
    }
    a
}

/// A table, dealer North, before the first call.
fn new_table() -> Table {
    Table::new(TableOptions {
        dealer: Seat::N,
        vulnerability: Vulnerability::None,
        regulation: Default::default(),
        board: None,
        deal: None,
    })
    .expect("a table")
}

fn mid_table() -> Table {
    let mut t = new_table();
    for (i, c) in MID.iter().enumerate() {
        let seat = Seat::from_index(i);
        assert!(t
            .apply_json(&format!(r#"{{"seat":"{seat}","type":"call","call":"{c}"}}"#))
            .is_ok());
    }
    t
}

/// Every call in the peer's vocabulary, in our canonical order.
fn peer_all() -> Vec<PeerCall> {
    CallSet::ALL.iter().map(peer_call).collect()
}

/// The peer's legal calls as a bit set in our layout (it has no legal-call list).
fn peer_legal(a: &Auction, all: &[PeerCall]) -> u64 {
    all.iter()
        .enumerate()
        .fold(0, |m, (i, c)| if a.can_push(*c).is_ok() { m | 1 << i } else { m })
}

/// Heap allocations made by one call of `f` (averaged over many).
fn allocations(mut f: impl FnMut()) -> f64 {
    const N: usize = 10_000;
    let region = Region::new(GLOBAL);
    for _ in 0..N {
        f();
    }
    region.change().allocations as f64 / N as f64
}

/// Live heap bytes per table for 10 000 tables, each after a 14-call auction: with the
/// `Table` values themselves (as they sit in one `Vec`), and without them.
fn bytes_per_table() -> (f64, f64) {
    const N: usize = 10_000;
    const AUCTION: [&str; 14] = [
        "1C", "P", "1H", "P", "1S", "X", "XX", "2D", "2NT", "P", "3NT", "P", "P", "P",
    ];
    let region = Region::new(GLOBAL);
    let mut tables = Vec::with_capacity(N);
    for _ in 0..N {
        let mut t = new_table();
        for (i, c) in AUCTION.iter().enumerate() {
            let action = Action {
                seat: Actor::Seat(Seat::from_index(i)),
                kind: ActionKind::Call {
                    call: call(c),
                    alert: false,
                    explanation: None,
                    intent: None,
                },
                at: None,
            };
            assert!(t.apply(action).is_ok());
        }
        tables.push(t);
    }
    // Reallocations are already counted in both totals.
    let s = region.change();
    let live = s.bytes_allocated as f64 - s.bytes_deallocated as f64;
    black_box(&tables);
    let per = live / N as f64;
    (per, per - std::mem::size_of::<Table>() as f64)
}

fn legality(c: &mut Criterion) {
    let corpus = load();
    match &corpus {
        Some(corpus) => {
            let mut g = c.benchmark_group("replay the corpus");
            g.throughput(Throughput::Elements(corpus.checked as u64));
            g.sample_size(20)
                .warm_up_time(Duration::from_secs(1))
                .measurement_time(Duration::from_secs(4));
            g.bench_function("bridge-laws Bidding (push)", |b| b.iter(|| replay_bidding(corpus)));
            let mut peer = Auction::new();
            g.bench_function("contract-bridge Auction (try_push)", |b| {
                b.iter(|| replay_peer(corpus, &mut peer))
            });
            g.finish();
        }
        None => println!("legality: no corpus at {CORPUS}: the replay benchmarks are skipped"),
    }

    let s = mid_bidding();
    let a = mid_peer();
    let t = mid_table();
    let all = peer_all();
    let probes = [Call::Redouble, call("2D"), call("1H"), Call::Double];
    let peer_probes: Vec<PeerCall> = probes.iter().copied().map(peer_call).collect();
    assert_eq!(
        s.legal().bits(),
        peer_legal(&a, &all),
        "both crates list the same calls"
    );
    assert_eq!(t.legal_calls(Seat::S), s.legal(), "the table lists the bidding's calls");

    let mut g = c.benchmark_group("mid-auction (1C P 1H P 1S X, South)");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g.throughput(Throughput::Elements(probes.len() as u64));
    g.bench_function("bridge-laws Bidding::is_legal", |b| {
        b.iter(|| probes.iter().filter(|c| black_box(&s).is_legal(**c)).count())
    });
    g.bench_function("contract-bridge Auction::can_push", |b| {
        b.iter(|| {
            peer_probes
                .iter()
                .filter(|c| black_box(&a).can_push(**c).is_ok())
                .count()
        })
    });
    g.bench_function("bridge-laws Table::is_legal", |b| {
        b.iter(|| probes.iter().filter(|c| black_box(&t).is_legal(Seat::S, **c)).count())
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("bridge-laws Bidding::legal", |b| b.iter(|| black_box(&s).legal()));
    g.bench_function("contract-bridge legal calls (can_push × 38)", |b| {
        b.iter(|| peer_legal(black_box(&a), &all))
    });
    g.bench_function("bridge-laws Table::legal_calls", |b| {
        b.iter(|| black_box(&t).legal_calls(Seat::S))
    });
    g.finish();

    println!(
        "allocations per call: Bidding::is_legal {}, Bidding::legal {}, Table::is_legal {}, \
         Table::legal_calls {}, contract-bridge can_push {}",
        allocations(|| {
            black_box(black_box(&s).is_legal(Call::Redouble));
        }),
        allocations(|| {
            black_box(black_box(&s).legal());
        }),
        allocations(|| {
            black_box(black_box(&t).is_legal(Seat::S, Call::Redouble));
        }),
        allocations(|| {
            black_box(black_box(&t).legal_calls(Seat::S));
        }),
        allocations(|| {
            black_box(black_box(&a).can_push(PeerCall::Redouble).is_ok());
        }),
    );

    let (with, without) = bytes_per_table();
    println!(
        "memory: {with:.0} bytes per table after 14 calls ({without:.0} on the heap beside the \
         {}-byte Table value), 10 000 tables",
        std::mem::size_of::<Table>()
    );

    if let Some(corpus) = &corpus {
        let n = corpus.checked;
        let ours = ns_per_call(n, || {
            black_box(replay_bidding(corpus));
        });
        let mut peer = Auction::new();
        let theirs = ns_per_call(n, || {
            black_box(replay_peer(corpus, &mut peer));
        });
        println!(
            "legality replay, {} deals, {n} calls checked: bridge-laws Bidding {ours:.2} ns/call | \
             contract-bridge {theirs:.2} ns/call | ratio {:.2}×",
            corpus.dealers.len(),
            ours / theirs,
        );
    }
}

criterion_group!(benches, legality);
criterion_main!(benches);
