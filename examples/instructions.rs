//! Instruction counts of the engine's hot paths, for valgrind's callgrind (counts do not
//! depend on the machine's load): `valgrind --tool=callgrind target/release/examples/instructions OP N`
//! runs OP N times; two runs' difference over their difference in N is one OP's count.
//! OP: `auction` (12 calls at a new table), `apply_json` (the same calls read from JSON), `view` (a seat's view after the auction),
//! `legal_cards` (declarer, dummy's card due), `view_hands` / `view_plain` (declarer's view
//! in play, with and without the deal).
use std::hint::black_box;

use bridge_laws::{Action, Seat, Table, Viewer};

const CALLS: [&str; 12] = ["1C", "1H", "X", "2H", "3C", "P", "3H", "P", "3NT", "P", "P", "P"];
const DEAL: &str = "N:KQT2.AT.J6542.85 A8654.KQ5.T.QJT6 J973.J98742.3.K4 .63.AKQ987.A9732";

fn calls() -> Vec<Action> {
    CALLS
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let seat = Seat::from_index(i % 4);
            Action::from_json(&format!(r#"{{"seat":"{seat}","type":"call","call":"{c}"}}"#)).expect("a call")
        })
        .collect()
}

fn table(deal: bool) -> Table {
    let deal = if deal {
        format!(r#","deal":"{DEAL}""#)
    } else {
        String::new()
    };
    Table::from_options_json(&format!(r#"{{"dealer":"N","vulnerability":"None"{deal}}}"#)).expect("a table")
}

fn in_play(deal: bool) -> Table {
    let mut t = table(deal);
    for (i, c) in ["1NT", "P", "P", "P"].iter().enumerate() {
        let seat = Seat::from_index(i);
        assert!(t
            .apply_json(&format!(r#"{{"seat":"{seat}","type":"call","call":"{c}"}}"#))
            .is_ok());
    }
    assert!(t.apply_json(r#"{"seat":"E","type":"play","card":"S5"}"#).is_ok());
    t
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1000);
    match args.get(1).map(String::as_str) {
        Some("auction") => {
            let empty = table(false);
            let plain = calls();
            for _ in 0..n {
                let mut t = empty.clone();
                for a in &plain {
                    let _ = black_box(t.apply(a.clone()));
                }
                black_box(t);
            }
        }
        Some("apply_json") => {
            let empty = table(false);
            let texts: Vec<String> = CALLS
                .iter()
                .enumerate()
                .map(|(i, c)| format!(r#"{{"seat":"{}","type":"call","call":"{c}"}}"#, Seat::from_index(i % 4)))
                .collect();
            for _ in 0..n {
                let mut t = empty.clone();
                for text in &texts {
                    let _ = black_box(t.apply_json(black_box(text)));
                }
                black_box(t);
            }
        }
        Some("view") => {
            let mut t = table(false);
            for a in calls() {
                assert!(t.apply(a).is_ok());
            }
            for _ in 0..n {
                black_box(t.view(Viewer::Seat(Seat::E)));
            }
        }

        Some("legal_cards") => {
            let t = in_play(true);
            for _ in 0..n {
                black_box(black_box(&t).legal_cards(black_box(Seat::N)));
            }
        }
        Some("view_hands") => {
            let t = in_play(true);
            for _ in 0..n {
                black_box(t.view(Viewer::Seat(Seat::N)));
            }
        }
        Some("view_plain") => {
            let t = in_play(false);
            for _ in 0..n {
                black_box(t.view(Viewer::Seat(Seat::N)));
            }
        }
        _ => eprintln!("OP: auction | view | legal_cards | view_hands | view_plain"),
    }
}
