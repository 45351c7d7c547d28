//! What a table holds, counted (not timed): a table after a usual auction fits in a kilobyte,
//! a refused action leaves no allocation behind, a usual call is applied
//! without one, an action's text read from JSON is allocated once (and once only when a
//! snapshot is restored), and a restored snapshot grows no list. Its own test binary:
//! the counting allocator sees every thread of the process, so this file has one test.
#![cfg(not(target_arch = "wasm32"))]

use std::alloc::System;

use bridge_laws::{Action, ActionKind, Actor, Call, Preset, Seat, Table};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

mod common;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

const AUCTION: [&str; 14] = [
    "1C", "P", "1H", "P", "1S", "X", "XX", "2D", "2NT", "P", "3NT", "P", "P", "P",
];

fn call(seat: Seat, text: &str) -> Action {
    Action {
        seat: Actor::Seat(seat),
        kind: ActionKind::Call {
            call: text.parse::<Call>().expect("a call"),
            alert: false,
            explanation: None,
            intent: None,
        },
        at: None,
    }
}

/// Live bytes (heap and the `Table` values in one list) per table for `n` tables after `f`.
fn bytes_per_table(n: usize, f: impl Fn(&mut Table)) -> f64 {
    let region = Region::new(GLOBAL);
    let mut tables = Vec::with_capacity(n);
    for _ in 0..n {
        let mut t = common::preset_table(Preset::Online, Seat::N);
        f(&mut t);
        tables.push(t);
    }
    let s = region.change();
    let live = s.bytes_allocated as f64 - s.bytes_deallocated as f64;
    drop(tables);
    live / n as f64
}

#[test]
fn a_table_fits_in_a_kilobyte_a_refused_action_or_a_usual_call_allocates_nothing_and_a_text_once() {
    let usual = bytes_per_table(1_000, |t| {
        for (i, c) in AUCTION.iter().enumerate() {
            assert!(t.apply(call(Seat::from_index(i), c)).is_ok(), "{c}");
        }
    });
    assert!(usual <= 1024.0, "{usual} bytes per table after 14 calls");
    // Refused actions (a call out of turn under `online`'s prevent, an insufficient bid)
    // between the calls cost nothing more.
    let with_refusals = bytes_per_table(1_000, |t| {
        for (i, c) in AUCTION.iter().enumerate() {
            let seat = Seat::from_index(i);
            assert!(!t.apply(call(seat.lho(), "7NT")).is_ok());
            if i > 0 {
                assert!(!t.apply(call(seat, "1C")).is_ok());
            }
            assert!(t.apply(call(seat, c)).is_ok(), "{c}");
        }
    });
    // Less than a byte a table: a refusal allocates nothing the table keeps (a one-off
    // allocation elsewhere in the process — the test harness's own — is shared by 1 000).
    assert!(
        (with_refusals - usual).abs() < 1.0,
        "{with_refusals} bytes per table with refusals, {usual} without"
    );

    // A usual call, applied mid-auction at a table with room for it, allocates nothing: its
    // one event comes back inline in the `Outcome`.
    let mut t = common::preset_table(Preset::Online, Seat::N);
    for (i, c) in AUCTION.iter().take(6).enumerate() {
        assert!(t.apply(call(Seat::from_index(i), c)).is_ok(), "{c}");
    }
    let region = Region::new(GLOBAL);
    let out = t.apply(call(Seat::S, AUCTION[6]));
    let applied = region.change();
    assert!(out.is_ok());
    assert_eq!(out.events().len(), 1);
    assert_eq!((applied.allocations, applied.reallocations), (0, 0), "{applied:?}");
    drop(out);

    // An explanation read from JSON is borrowed from the text and kept once, as the shared
    // `Arc<str>`: one allocation, none freed (no `String` read first and thrown away).
    let json =
        r#"{"seat":"N","type":"call","call":"1NT","alert":true,"explanation":"15-17, may hold a five-card major"}"#;
    let region = Region::new(GLOBAL);
    let action = Action::from_json(json).expect("an action");
    let read = region.change();
    assert_eq!(
        (read.allocations, read.deallocations, read.reallocations),
        (1, 0, 0),
        "{read:?}"
    );
    drop(action);

    // A board whose every call is alerted and explained, restored from its snapshot, costs
    // one allocation per explanation more than the same board alerted without them (the
    // shared text), and two for the log's list of texts (made once, with room for all): the
    // log keeps an explained call beside its text, not in a box of its own.
    let board = |alerted: bool, explained: bool| {
        let mut t = common::preset_table(Preset::Online, Seat::N);
        for (i, c) in AUCTION.iter().enumerate() {
            let mut a = call(Seat::from_index(i), c);
            if let ActionKind::Call { alert, explanation, .. } = &mut a.kind {
                *alert = alerted;
                *explanation = explained.then(|| format!("convention {i}").into());
            }
            assert!(t.apply(a).is_ok(), "{c}");
        }
        t.to_json()
    };
    let restore = |json: &str| {
        let region = Region::new(GLOBAL);
        let t = Table::from_json(json).expect("a snapshot");
        let made = region.change();
        drop(t);
        (made.allocations, made.reallocations)
    };
    let (plain, alerted, explained) = (
        restore(&board(false, false)),
        restore(&board(true, false)),
        restore(&board(true, true)),
    );
    assert_eq!(
        explained.0,
        alerted.0 + AUCTION.len() + 2,
        "{explained:?} against {alerted:?}"
    );
    // A replay sizes every list it fills once, before the first action: no list grows, on a
    // plain board or on one whose calls all disclose.
    assert_eq!(
        (plain.1, alerted.1, explained.1),
        (0, 0, 0),
        "{plain:?} {alerted:?} {explained:?}"
    );
}
