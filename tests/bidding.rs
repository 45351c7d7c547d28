#![cfg(not(target_arch = "wasm32"))]
//! `Bidding`, the legality of an auction without a table: it refuses what the table would
//! rectify, and agrees with the table's bidding box call for call.

use bridge_laws::{Action, Bidding, Call, CallSet, Code, Seat, Table, TableOptions, Vulnerability};

fn call(s: &str) -> Call {
    s.parse().expect("a call")
}

fn bidding(dealer: Seat, calls: &[&str]) -> Bidding {
    let mut b = Bidding::new(dealer);
    for c in calls {
        b.push(call(c)).unwrap_or_else(|code| panic!("{c} refused: {code:?}"));
    }
    b
}

#[test]
fn dealer_calls_first_then_each_left_hand_opponent() {
    let mut b = Bidding::new(Seat::E);
    assert_eq!((b.turn(), b.dealer(), b.is_empty()), (Some(Seat::E), Seat::E, true));
    b.push(Call::Pass).expect("a pass");
    assert_eq!((b.turn(), b.len()), (Some(Seat::S), 1));
}

#[test]
fn an_insufficient_bid_is_refused_and_nothing_is_recorded() {
    let mut b = bidding(Seat::N, &["1S"]);
    assert!(!b.is_legal(call("1H")));
    assert_eq!(b.push(call("1H")), Err(Code::InsufficientBid));
    assert_eq!((b.len(), b.turn()), (1, Some(Seat::E)));
}

#[test]
fn a_double_of_partners_bid_and_a_redouble_of_no_double_are_refused() {
    let mut b = bidding(Seat::N, &["1C", "P"]);
    assert_eq!(b.push(Call::Double), Err(Code::DoubleNotAllowed));
    assert_eq!(b.push(Call::Redouble), Err(Code::RedoubleNotAllowed));
    let b = bidding(Seat::N, &["1C", "X"]);
    assert!(b.is_legal(Call::Redouble) && !b.is_legal(Call::Double));
}

#[test]
fn three_passes_after_a_bid_end_the_auction_with_its_contract() {
    let mut b = bidding(Seat::S, &["1H", "P", "2H", "X", "XX", "P", "P", "P"]);
    assert!(b.is_over() && !b.is_passed_out());
    assert_eq!(b.turn(), None);
    assert_eq!(b.legal(), CallSet::EMPTY);
    let contract = b.contract().expect("a contract");
    assert_eq!(contract.to_string(), "2HXX");
    assert_eq!(contract.declarer, Seat::S, "the first of the side to name hearts");
    assert_eq!(b.push(Call::Pass), Err(Code::AuctionOver));
}

#[test]
fn four_passes_pass_the_board_out_without_a_contract() {
    let b = bidding(Seat::W, &["P", "P", "P", "P"]);
    assert!(b.is_over() && b.is_passed_out());
    assert_eq!(b.contract(), None);
}

#[test]
fn there_is_no_contract_while_the_auction_goes_on() {
    let b = bidding(Seat::N, &["1NT", "P", "P"]);
    assert_eq!((b.contract(), b.is_over()), (None, false));
}

#[test]
fn it_lists_the_calls_the_tables_bidding_box_lists_at_every_turn() {
    let auctions: [&[&str]; 3] = [
        &[
            "1C", "P", "1H", "P", "1S", "X", "XX", "2D", "2NT", "P", "3NT", "P", "P", "P",
        ],
        &["P", "1NT", "X", "P", "P", "XX", "P", "P", "P"],
        &["2S", "4S", "X", "P", "P", "P"],
    ];
    for calls in auctions {
        let mut t = Table::new(TableOptions {
            dealer: Seat::N,
            vulnerability: Vulnerability::None,
            regulation: Default::default(),
            board: None,
            deal: None,
        })
        .expect("a table");
        let mut b = Bidding::new(Seat::N);
        for c in calls {
            let seat = b.turn().expect("the auction goes on");
            assert_eq!(t.turn(), Some(seat));
            assert_eq!(b.legal(), t.legal_calls(seat), "{calls:?} before {c}");
            assert!(t.apply(Action::call(seat, call(c))).is_ok());
            b.push(call(c)).expect("legal at the table");
        }
        assert_eq!(b.contract(), t.contract(), "{calls:?}");
        assert!(b.is_over());
    }
}
