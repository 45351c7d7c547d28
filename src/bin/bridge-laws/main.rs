//! The bridge-laws command line: conformance scenarios, corpus replay, log replay, and the
//! audit of LIN and PBN records.

use std::path::PathBuf;
use std::process::ExitCode;

mod catalog;
mod conformance;
mod corpus;
mod variants;

use bridge_laws::records::audit;
use bridge_laws::Table;

const USAGE: &str = "usage:
  bridge-laws conformance PATH...   run scenario files (SPEC §7)
  bridge-laws corpus FILE.jsonl     replay a corpus of real auctions
  bridge-laws replay SNAPSHOT.json  replay a table snapshot and print its state hash
  bridge-laws trace SCENARIO.json   apply a scenario's steps and print each outcome as JSON
  bridge-laws audit [--json] [--all] FILE|DIR...
                                    the irregularities LIN/PBN records show, board by board
  bridge-laws codes                 every public code, event kind (with its fields), decision
                                    kind and severity, as JSON (what message catalogs cover)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("conformance") if args.len() > 1 => conformance_cmd(&args[1..]),
        Some("corpus") if args.len() == 2 => corpus_cmd(&args[1]),
        Some("replay") if args.len() == 2 => replay_cmd(&args[1]),
        Some("trace") if args.len() == 2 => trace_cmd(&args[1]),
        Some("audit") if args.len() > 1 => audit_cmd(&args[1..]),
        Some("codes") if args.len() == 1 => {
            println!("{}", catalog::catalog());
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn conformance_cmd(paths: &[String]) -> ExitCode {
    let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
    let results = conformance::run_paths(&paths);
    let mut failed = 0;
    for r in &results {
        match &r.failure {
            None => println!("PASS {}", r.id),
            Some(why) => {
                failed += 1;
                println!("FAIL {}: {why}", r.id);
            }
        }
    }
    println!("{} passed, {} failed", results.len() - failed, failed);
    if failed > 0 || results.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn corpus_cmd(path: &str) -> ExitCode {
    let text = match read(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let s = corpus::replay(&text);
    for (id, why) in s.disagreements.iter().take(20) {
        println!("DISAGREE {id}: {why}");
    }
    println!(
        "corpus: {} deals, {} calls; {} sound as recorded, {} broken auctions flagged, {} unreadable lines",
        s.deals, s.calls, s.sound_agreed, s.broken_agreed, s.unreadable
    );
    println!(
        "{} passed, {} failed",
        s.sound_agreed + s.broken_agreed,
        s.disagreements.len()
    );
    if s.disagreements.is_empty() && s.deals > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn replay_cmd(path: &str) -> ExitCode {
    let text = match read(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match Table::from_json(&text) {
        Ok(t) => {
            println!(
                "{} actions, phase {:?}, state hash {}",
                t.log().len(),
                t.phase(),
                t.state_hash()
            );
            ExitCode::SUCCESS
        }
        Err(r) => {
            println!("refused: {r}");
            ExitCode::from(1)
        }
    }
}

fn trace_cmd(path: &str) -> ExitCode {
    let text = match read(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match conformance::trace(&text) {
        Ok(lines) => {
            for l in lines {
                println!("{l}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}

/// The text of `path`, or exit status 2 after saying why it cannot be read.
fn read(path: &str) -> Result<String, ExitCode> {
    std::fs::read_to_string(path).map_err(|e| {
        eprintln!("cannot read {path}: {e}");
        ExitCode::from(2)
    })
}

/// `audit`: each file's boards with findings (every board with `--all`), then a summary
/// line; `--json` prints one JSON object `{files: [...], summary}` instead. Directories are
/// walked for `.lin` and `.pbn` files (any case). Texts that are not UTF-8 (Latin-1 PBN) are
/// read with replacement characters.
fn audit_cmd(args: &[String]) -> ExitCode {
    let json = args.iter().any(|a| a == "--json");
    let all = args.iter().any(|a| a == "--all");
    let mut paths = Vec::new();
    for a in args.iter().filter(|a| !a.starts_with("--")) {
        collect(PathBuf::from(a), &mut paths);
    }
    if paths.is_empty() {
        eprintln!("audit: no LIN or PBN file given");
        return ExitCode::from(2);
    }
    let mut status = ExitCode::SUCCESS;
    let mut texts = Vec::with_capacity(paths.len());
    for p in &paths {
        match std::fs::read(p) {
            Ok(b) => texts.push((p.display().to_string(), String::from_utf8_lossy(&b).into_owned())),
            Err(e) => {
                eprintln!("cannot read {}: {e}", p.display());
                status = ExitCode::from(2);
            }
        }
    }
    // Every core audits; the report keeps the order of the files.
    let files = audit::audit_files(&texts);
    let mut summary = audit::Summary::default();
    for f in &files {
        summary.add(f);
        if !json {
            print!("{}", audit::render(f, all));
        }
    }
    if json {
        let out = serde_json::json!({ "files": files, "summary": summary });
        println!("{out}");
    } else {
        println!("{summary}");
    }
    status
}

/// `path` if it is a file, else every `.lin`/`.pbn` file under it, sorted.
fn collect(path: PathBuf, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let Ok(rd) = std::fs::read_dir(&path) else {
            out.push(path);
            return;
        };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for e in entries {
            if e.is_dir() {
                collect(e, out);
            } else if e
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| x.eq_ignore_ascii_case("lin") || x.eq_ignore_ascii_case("pbn"))
            {
                out.push(e);
            }
        }
    } else {
        out.push(path);
    }
}
