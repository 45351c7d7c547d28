//! Criterion benchmarks of the engine's hot paths: applying calls, legal calls, views,
//! state hashes, and replaying real auctions from the shared corpus when present.

use std::hint::black_box;

use bridge_laws::{Seat, Table, TableOptions, Viewer, Vulnerability};
use criterion::{criterion_group, criterion_main, Criterion};

const AUCTION: [&str; 14] = [
    "1C", "P", "1H", "P", "1S", "X", "XX", "2D", "2NT", "P", "3NT", "P", "P", "P",
];

fn table() -> Table {
    Table::new(TableOptions {
        dealer: Seat::N,
        vulnerability: Vulnerability::None,
        regulation: Default::default(),
        board: None,
    })
    .expect("a table")
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

fn engine(c: &mut Criterion) {
    c.bench_function("a 14-call auction with self-alerts, applied from JSON", |b| {
        b.iter(|| {
            let mut t = table();
            bid_all(&mut t);
            black_box(t)
        })
    });
    let mut mid = table();
    for (i, call) in AUCTION[..6].iter().enumerate() {
        let seat = Seat::from_index(i);
        assert!(mid
            .apply_json(&format!(r#"{{"seat":"{seat}","type":"call","call":"{call}"}}"#))
            .is_ok());
    }
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
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/auctions.jsonl");
    if let Ok(text) = std::fs::read_to_string(path) {
        let sample: String = text.lines().take(1000).collect::<Vec<_>>().join("\n");
        c.bench_function("replay 1000 real auctions from the shared corpus", |b| {
            b.iter(|| black_box(bridge_laws::corpus::replay(&sample)))
        });
    }
}

criterion_group!(benches, engine);
criterion_main!(benches);
