//! The bridge-laws command line: conformance scenarios, corpus replay, log replay.

use std::path::PathBuf;
use std::process::ExitCode;

use bridge_laws::{conformance, corpus, Table};

const USAGE: &str = "usage:
  bridge-laws conformance PATH...   run scenario files (SPEC §7)
  bridge-laws corpus FILE.jsonl     replay a corpus of real auctions
  bridge-laws replay SNAPSHOT.json  replay a table snapshot and print its state hash
  bridge-laws trace SCENARIO.json   apply a scenario's steps and print each outcome as JSON";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("conformance") if args.len() > 1 => conformance_cmd(&args[1..]),
        Some("corpus") if args.len() == 2 => corpus_cmd(&args[1]),
        Some("replay") if args.len() == 2 => replay_cmd(&args[1]),
        Some("trace") if args.len() == 2 => trace_cmd(&args[1]),
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
