//! Perft: counting legal call sequences catches rule bugs (STYLE.md). Lengths 1–4 number
//! 36, 701, 9 731 and 107 451 (an independent count).
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::auction::{self, Entry, Status};
use bridge_laws::{Action, Seat, Table, TableOptions, Vulnerability};

/// Leaves of the tree of legal auctions `depth` calls deep, from the pure auction rules.
fn perft(calls: &mut Vec<Entry>, seat: Seat, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if auction::status(calls) != Status::Open {
        return 0;
    }
    let mut n = 0;
    for call in auction::legal_calls(calls, seat) {
        calls.push(Entry { seat, call });
        n += perft(calls, seat.lho(), depth - 1);
        calls.pop();
    }
    n
}

/// The same count through the table's public API (apply and legal_calls).
fn perft_table(t: &Table, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some(seat) = t.turn().filter(|_| t.phase() == bridge_laws::Phase::Auction) else {
        return 0;
    };
    let mut n = 0;
    for call in t.legal_calls(seat) {
        let mut next = t.clone();
        let out = next.apply(Action::call(seat, call));
        assert!(out.is_ok(), "a call offered as legal was refused: {call}");
        n += perft_table(&next, depth - 1);
    }
    n
}

#[test]
fn legal_call_sequences_of_length_one_to_four_number_36_701_9731_107451() {
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut Vec::new(), Seat::N, d)).collect();
    assert_eq!(counts, vec![36, 701, 9_731, 107_451]);
}

#[test]
fn the_table_offers_and_accepts_exactly_the_same_sequences_to_depth_three() {
    let t = Table::new(TableOptions {
        dealer: Seat::W,
        vulnerability: Vulnerability::All,
        regulation: Default::default(),
        board: None,
        deal: None,
    })
    .expect("a table");
    let counts: Vec<u64> = (1..=3).map(|d| perft_table(&t, d)).collect();
    assert_eq!(counts, vec![36, 701, 9_731]);
}
