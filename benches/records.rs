//! Records: read, replay and audit over every LIN and PBN file of the shared corpus
//! (`../shared/corpus/raw`), in MB/s of file text. Four measurements, all over the whole
//! corpus held in memory:
//! - `read`: the LIN and PBN readers alone;
//! - `read+audit`: the readers and the audit's walk (no table);
//! - `read+replay+audit`: the readers, each board replayed at a table (`Record::replay`)
//!   and the audit (`audit::audit` with replay), as `bridge-laws audit` does;
//! - `read+replay+audit, every core`: the same, the files shared out over every core
//!   (`audit::audit_files`, what the CLI runs);
//! - `export`: canonical LIN and PBN of every record read.
//!
//! `cargo bench --bench records` (add `-- --quick` for a short run). Without the corpus
//! the bench says so and measures nothing.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use bridge_laws::records::{self, audit, lin, pbn, Format};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn files() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/raw");
    let mut out = Vec::new();
    walk(&dir, &mut out);
    out.sort();
    out.iter()
        .filter_map(|p| std::fs::read(p).ok())
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .collect()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| x.eq_ignore_ascii_case("lin") || x.eq_ignore_ascii_case("pbn"))
        {
            out.push(p);
        }
    }
}

/// Reads and audits every text one after the other; the number of findings.
fn findings(texts: &[String], replay: bool) -> usize {
    let mut n = 0;
    for t in texts {
        let (_, read) = records::read(black_box(t));
        let lines = audit::Lines::new(t);
        for i in 0..read.records.len() {
            n += audit::audit(&lines, &read, i, replay).map_or(0, |a| a.findings.len());
        }
    }
    n
}

fn bench(c: &mut Criterion) {
    let texts = files();
    if texts.is_empty() {
        eprintln!("../shared/corpus/raw absent: nothing measured");
        return;
    }
    let bytes: usize = texts.iter().map(String::len).sum();
    let lin_bytes: usize = texts
        .iter()
        .filter(|t| records::guess(t) == Format::Lin)
        .map(String::len)
        .sum();
    eprintln!("corpus: {} files, {bytes} bytes ({lin_bytes} LIN)", texts.len());
    let mut g = c.benchmark_group("records");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("read", |b| {
        b.iter(|| {
            let mut n = 0;
            for t in &texts {
                n += records::read(black_box(t)).1.records.len();
            }
            n
        })
    });
    // The audit's own walk alone, then with each board replayed at a table.
    for (name, replay) in [("read+audit", false), ("read+replay+audit", true)] {
        g.bench_function(name, |b| b.iter(|| findings(&texts, replay)));
    }
    // What `bridge-laws audit` runs: the same work, files shared out over every core.
    let named: Vec<(String, &str)> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| (i.to_string(), t.as_str()))
        .collect();
    g.bench_function("read+replay+audit, every core", |b| {
        b.iter(|| {
            audit::audit_files(black_box(&named))
                .iter()
                .map(|f| f.boards.iter().map(|b| b.findings.len()).sum::<usize>())
                .sum::<usize>()
        })
    });
    g.bench_function("export", |b| {
        let reads: Vec<_> = texts.iter().map(|t| records::read(t).1).collect();
        b.iter(|| {
            let mut n = 0;
            for r in reads.iter().flat_map(|r| &r.records) {
                n += lin::write(black_box(r)).len() + pbn::write(black_box(r)).len();
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
