//! A loop for `perf record`: `cargo build --profile bench --example profile`, then
//! `perf record -g target/release/examples/profile submit 20000` (modes: new, apply, submit,
//! view, viewa, json, jsona, parsea — `jsona`'s parse alone —, hash, sizes); prints the best of 7 rounds in ns per iteration.
//! Not a benchmark of record (benches/ are): a tool to see where the time goes.

use bridge_laws::{Action, ActionKind, Actor, Call, Seat, Table, TableOptions, Viewer, Vulnerability};
use std::hint::black_box;
const AUCTION: [&str; 14] = [
    "1C", "P", "1H", "P", "1S", "X", "XX", "2D", "2NT", "P", "3NT", "P", "P", "P",
];
fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    let n: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let t0 = Table::new(TableOptions {
        dealer: Seat::N,
        vulnerability: Vulnerability::None,
        regulation: Default::default(),
        board: None,
        deal: None,
    })
    .unwrap();
    let actions: Vec<Action> = AUCTION
        .iter()
        .enumerate()
        .map(|(i, c)| Action {
            seat: Actor::Seat(Seat::from_index(i)),
            kind: ActionKind::Call {
                call: c.parse::<Call>().unwrap(),
                alert: false,
                explanation: None,
                intent: None,
            },
            at: None,
        })
        .collect();
    let mut done = t0.clone();
    for a in &actions {
        assert!(done.apply(a.clone()).is_ok());
    }
    let json = done.to_json();
    let mut alerted = t0.clone();
    for a in &actions {
        let mut a = a.clone();
        if let ActionKind::Call { alert, explanation, .. } = &mut a.kind {
            *alert = true;
            *explanation = Some("conventional".into());
        }
        assert!(alerted.apply(a).is_ok());
    }
    let alerted_json = alerted.to_json();
    let mut best = f64::MAX;
    for _round in 0..7 {
        let start = std::time::Instant::now();
        match what.as_str() {
            "submit" => {
                for _ in 0..n {
                    let mut t = t0.clone();
                    t.reserve(16);
                    for a in &actions {
                        let _ = black_box(t.submit(a.clone()));
                    }
                    black_box(&t);
                }
            }
            "hash" => {
                let mut h = done.hash();
                for _ in 0..n {
                    for a in &actions {
                        h = h.then(black_box(a));
                    }
                }
                black_box(h);
            }
            "apply" => {
                for _ in 0..n {
                    let mut t = t0.clone();
                    t.reserve(16);
                    for a in &actions {
                        let _ = black_box(t.apply(a.clone()));
                    }
                    black_box(&t);
                }
            }
            "new" => {
                for _ in 0..n {
                    let mut t = t0.clone();
                    t.reserve(16);
                    black_box(&t);
                }
            }
            "viewa" => {
                for _ in 0..n {
                    black_box(alerted.view(Viewer::Seat(Seat::E)));
                }
            }
            "view" => {
                for _ in 0..n {
                    black_box(done.view(Viewer::Seat(Seat::E)));
                }
            }
            "json" => {
                for _ in 0..n {
                    black_box(Table::from_json(black_box(&json)).unwrap());
                }
            }
            "jsona" => {
                for _ in 0..n {
                    black_box(Table::from_json(black_box(&alerted_json)).unwrap());
                }
            }
            "parsea" => {
                for _ in 0..n {
                    let s: bridge_laws::table::Snapshot = serde_json::from_str(black_box(&alerted_json)).unwrap();
                    black_box(s);
                }
            }
            "sizes" => {
                use std::mem::size_of as z;
                println!("State {} Table {} Action {} Event {} Outcome {} CallRecord {} BeforeCall {} Disclosure {} Warning {} Pending {} Bar {} PlayState {}", z::<bridge_laws::state::State>(), z::<Table>(), z::<Action>(), z::<bridge_laws::Event>(), z::<bridge_laws::Outcome>(), z::<bridge_laws::state::CallRecord>(), z::<bridge_laws::state::BeforeCall>(), z::<bridge_laws::state::DisclosureRecord>(), z::<bridge_laws::Warning>(), z::<bridge_laws::state::Pending>(), z::<bridge_laws::state::Bar>(), z::<bridge_laws::play::PlayState>());
            }
            _ => panic!("new|apply|submit|view|viewa|json|jsona|parsea|hash|sizes"),
        }
        best = best.min(start.elapsed().as_nanos() as f64 / n as f64);
    }
    println!("{what}: {best:.1} ns/iter (best of 7)");
}
