//! Criterion benchmarks of the engine's hot paths: applying calls (as Rust values and as
//! JSON; `submit`, which lends the events instead of copying them), legal calls, views,
//! state hashes, reading a board back from JSON, the cost of one call against the length
//! of the auction, replaying real auctions from the shared corpus when present, and a
//! server's pushes after each action (`ViewTracker::pushes`, per call), and at a table given
//! the deal `legal_cards` and a view with hands (`cards`). Heap bytes per
//! table are measured by `benches/legality.rs`, whose counting allocator would slow every
//! allocation timed here.
//!
//! `cargo bench --bench engine` (add `-- --quick` for a short run).

use std::hint::black_box;
use std::time::Duration;

/// The corpus replayer, beside the CLI (src/bin/bridge-laws/): not part of the library.
#[allow(dead_code)]
#[path = "../src/bin/bridge-laws/corpus.rs"]
mod corpus;

use bridge_laws::{
    Action, ActionKind, Actor, Bid, Call, RegulationSpec, Seat, Table, TableOptions, ViewTracker, Viewer, Vulnerability,
};
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use std::time::Instant;
/// The shared corpus's auctions (../shared, present in CI and on the team's machines).
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/auctions.jsonl");

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
        deal: None,
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

    let path = CORPUS;
    if let Ok(text) = std::fs::read_to_string(path) {
        let sample: String = text.lines().take(1000).collect::<Vec<_>>().join("\n");
        c.bench_function("replay 1000 real auctions from the shared corpus", |b| {
            b.iter(|| black_box(corpus::replay(&sample)))
        });
    } else {
        println!("engine: no corpus at {path}: the replay benchmark is skipped");
    }
}

/// A board to replay: its table before the first action, and its actions (each accepted).
struct Script {
    start: Table,
    actions: Vec<Action>,
}

impl Script {
    /// `actions` (JSON) at a new table, kept only those `apply` accepts.
    fn of(dealer: Seat, vulnerability: Vulnerability, regulation: RegulationSpec, actions: &[String]) -> Script {
        let start = Table::new(TableOptions {
            dealer,
            vulnerability,
            regulation,
            board: None,
            deal: None,
        })
        .expect("a table");
        let mut t = start.clone();
        let actions = actions
            .iter()
            .filter_map(|a| Action::from_json(a).ok())
            .filter(|a| t.apply(a.clone()).rejection().is_none())
            .collect();
        Script { start, actions }
    }
}

/// The viewers a server watches at a full table: the four seats and the Director.
fn watched() -> impl Iterator<Item = Viewer> {
    Seat::ALL.into_iter().map(Viewer::Seat).chain([Viewer::Director])
}

/// The time of `iters` calls of `ViewTracker::pushes`, each after one action of `scripts`
/// (replayed in turn, from the first again when they run out); only the pushes are timed
/// (the push dropped too, as a server drops it once sent), not the actions.
fn pushes_time(scripts: &[Script], iters: u64) -> Duration {
    let mut total = Duration::ZERO;
    let mut done = 0;
    while done < iters {
        for s in scripts {
            let mut t = s.start.clone();
            let mut tracker = ViewTracker::watching(&t, watched());
            for a in &s.actions {
                if done == iters {
                    return total;
                }
                let outcome = t.apply(a.clone());
                let at = Instant::now();
                let pushes = tracker.pushes(&t, &outcome);
                black_box(&pushes);
                drop(pushes);
                total += at.elapsed();
                done += 1;
            }
        }
    }
    total
}

/// The corpus's first `n` deals as scripts: each call at its turn, alerted and explained
/// where the record alerts it (under the default regulation).
fn corpus_scripts(text: &str, n: usize) -> Vec<Script> {
    let mut out = Vec::new();
    for line in text.lines().take(n) {
        let Ok(d) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let dealer = d["dealer"].as_str().and_then(|s| s.parse::<Seat>().ok());
        let vul = serde_json::from_value::<Vulnerability>(d["vul"].clone()).ok();
        let (Some(dealer), Some(vul), Some(calls)) = (dealer, vul, d["calls"].as_array()) else {
            continue;
        };
        let mut seat = dealer;
        let actions: Vec<String> = calls
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let call = c.as_str().unwrap_or_default();
                let alert = match d["alerts"][i.to_string()].as_str() {
                    Some(text) => format!(r#","alert":true,"explanation":{}"#, serde_json::Value::from(text)),
                    None => String::new(),
                };
                let a = format!(r#"{{"seat":"{seat}","type":"call","call":"{call}"{alert}}}"#);
                seat = seat.lho();
                a
            })
            .collect();
        out.push(Script::of(dealer, vul, RegulationSpec::default(), &actions));
    }
    out
}

/// The heavier board: online (self-alerting), every call alerted and explained, questions
/// asked and answered, reviews, and the clarification period's questions.
fn heavy_script() -> Script {
    let calls = AUCTION.iter();
    let mut actions = Vec::new();
    let mut seat = Seat::N;
    for (i, c) in calls.enumerate() {
        actions.push(format!(
            r#"{{"seat":"{seat}","type":"call","call":"{c}","alert":true,"explanation":"conventional, call {i}: see the card"}}"#
        ));
        let next = seat.lho();
        if i % 3 == 0 && i + 3 < AUCTION.len() {
            // The next player asks about the call; its caller answers (self-alerting).
            actions.push(format!(r#"{{"seat":"{next}","type":"ask","index":{i}}}"#));
            actions.push(format!(
                r#"{{"seat":"{seat}","type":"explain","index":{i},"text":"it shows {i} things"}}"#
            ));
        }
        if i % 5 == 4 && i + 3 < AUCTION.len() {
            actions.push(format!(r#"{{"seat":"{next}","type":"review"}}"#));
        }
        seat = next;
    }
    // The clarification period: the defenders ask about the contract's calls, and review.
    for (who, i) in [(Seat::W, 10), (Seat::E, 8), (Seat::W, 0)] {
        actions.push(format!(r#"{{"seat":"{who}","type":"ask","index":{i}}}"#));
    }
    actions.push(r#"{"seat":"E","type":"review"}"#.to_owned());
    actions.push(r#"{"seat":"W","type":"ask_lead"}"#.to_owned());
    let online = serde_json::from_str(r#""online""#).expect("the online regulation");
    Script::of(Seat::N, Vulnerability::None, online, &actions)
}

/// A viewer's push after each action: `ViewTracker::pushes` for the four seats
/// and the Director, as the server makes them, per call.
fn pushes(c: &mut Criterion) {
    let mut g = c.benchmark_group("pushes for five watched viewers, per call");
    let path = CORPUS;
    let corpus = std::fs::read_to_string(path)
        .map(|text| corpus_scripts(&text, 300))
        .unwrap_or_default();
    let (real, name) = if corpus.is_empty() {
        let mut seat = Seat::N;
        let bids: Vec<String> = AUCTION
            .iter()
            .map(|c| {
                let a = format!(
                    r#"{{"seat":"{seat}","type":"call","call":"{c}","alert":true,"explanation":"conventional"}}"#
                );
                seat = seat.lho();
                a
            })
            .collect();
        let s = Script::of(Seat::N, Vulnerability::None, RegulationSpec::default(), &bids);
        (vec![s], "a built-in 14-call auction with alerts and explanations")
    } else {
        (corpus, "300 real auctions from the shared corpus")
    };
    let calls: usize = real.iter().map(|s| s.actions.len()).sum();
    println!("engine: pushes: {} boards, {calls} actions", real.len());
    g.bench_function(name, |b| b.iter_custom(|iters| pushes_time(&real, iters)));
    let heavy = [heavy_script()];
    println!(
        "engine: pushes: the heavier board has {} actions",
        heavy[0].actions.len()
    );
    g.bench_function("a self-alerted board, explained, with questions and reviews", |b| {
        b.iter_custom(|iters| pushes_time(&heavy, iters))
    });
    g.finish();
}

/// A whole deal, from North (East leads against North's 3NT with a spade).
const DEAL: &str = "N:KQT2.AT.J6542.85 A8654.KQ5.T.QJT6 J973.J98742.3.K4 .63.AKQ987.A9732";

/// The 14-call auction (3NT by North), then East's opening lead of the S5 faced: dummy's
/// card due, chosen by declarer; given the deal or not.
fn in_play(deal: bool) -> Table {
    let mut t = Table::new(TableOptions {
        dealer: Seat::N,
        vulnerability: Vulnerability::None,
        regulation: Default::default(),
        board: None,
        deal: deal.then(|| bridge_laws::Deal::from_pbn(DEAL).expect("a deal")),
    })
    .expect("a table");
    bid_all(&mut t);
    let out = t.apply_json(r#"{"seat":"E","type":"play","card":"S5"}"#);
    assert!(out.is_ok(), "{:?}", out.rejection());
    t
}

/// The card play of a table given the deal: `legal_cards` for declarer (dummy's card due),
/// and a player's view with hands against the same view of a table without the deal.
fn cards(c: &mut Criterion) {
    let dealt = in_play(true);
    let plain = in_play(false);
    assert_eq!(dealt.legal_cards(Seat::N).len(), 4, "dummy's four spades");
    c.bench_function("legal_cards for declarer, dummy's card due", |b| {
        b.iter(|| black_box(black_box(&dealt).legal_cards(black_box(Seat::N))))
    });
    let mut g = c.benchmark_group("view for declarer in play");
    g.bench_function("without the deal", |b| {
        b.iter(|| black_box(plain.view(Viewer::Seat(Seat::N))))
    });
    g.bench_function("with the deal (hands, legal_cards)", |b| {
        b.iter(|| black_box(dealt.view(Viewer::Seat(Seat::N))))
    });
    g.finish();
}

criterion_group!(benches, engine, pushes, cards);
criterion_main!(benches);
