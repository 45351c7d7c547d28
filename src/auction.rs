//! The calls in force: legality of the next call, end of the auction, contract and declarer
//! (Laws 17–19 and 22). Pure functions over a slice of calls, and the same answers kept up
//! to date call by call in a [`Summary`]; turns and irregularities live in the table.

use std::fmt;

use serde::{Deserialize, Serialize, Serializer};

use crate::call::{Bid, Call, Seat, Side};
#[cfg(any(test, feature = "internals"))]
use crate::callset::CallSet;
use crate::report::Code;

mod bidding;
mod summary;

pub use bidding::Bidding;
pub use summary::Summary;

/// A call in force and who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The caller.
    pub seat: Seat,
    /// The call.
    pub call: Call,
}

/// Why a call cannot be made now, whoever's turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The bid does not supersede the last bid (L18D, L27).
    Insufficient,
    /// Law 19A1 forbids this double.
    Double,
    /// Law 19B1 forbids this redouble.
    Redouble,
}

impl Illegal {
    /// The refusal code of the `prevent` regulation.
    pub const fn code(self) -> Code {
        match self {
            Illegal::Insufficient => Code::InsufficientBid,
            Illegal::Double => Code::DoubleNotAllowed,
            Illegal::Redouble => Code::RedoubleNotAllowed,
        }
    }
}

/// Whether the last bid is doubled or redoubled (L19D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum Doubling {
    /// Neither.
    Undoubled,
    /// Doubled.
    Doubled,
    /// Redoubled.
    Redoubled,
}

/// A contract's text: its bid, then `X` doubled or `XX` redoubled (`4SX`).
pub(crate) fn write_contract(f: &mut fmt::Formatter<'_>, bid: Bid, doubling: Doubling) -> fmt::Result {
    let x = match doubling {
        Doubling::Undoubled => "",
        Doubling::Doubled => "X",
        Doubling::Redoubled => "XX",
    };
    fmt::Display::fmt(&bid, f)?;
    f.write_str(x)
}

/// The final contract: the last bid, its doubling and the declarer (L22A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The last bid.
    pub bid: Bid,
    /// Its doubling.
    pub doubling: Doubling,
    /// The first player of the declaring side to name the strain.
    pub declarer: Seat,
}

impl Contract {
    /// The declaring side.
    pub const fn side(&self) -> Side {
        self.declarer.side()
    }

    /// Dummy: declarer's partner.
    pub const fn dummy(&self) -> Seat {
        self.declarer.partner()
    }

    /// The opening leader: declarer's LHO (L41A).
    pub const fn leader(&self) -> Seat {
        self.declarer.lho()
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_contract(f, self.bid, self.doubling)
    }
}

impl Serialize for Contract {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Where the auction stands by Law 22.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// More calls are due.
    Open,
    /// A bid followed by three passes (L22A).
    Ended,
    /// Four passes (L22B).
    PassedOut,
}

/// The most recent bid in force, with its position and bidder. An accepted insufficient
/// bid is the most recent bid even if lower than an earlier one (L27A1).
pub fn last_bid(calls: &[Entry]) -> Option<(usize, Entry, Bid)> {
    calls
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, e)| e.call.bid().map(|b| (i, *e, b)))
}

/// The last call that is not a pass.
fn last_action(calls: &[Entry]) -> Option<Entry> {
    calls.iter().rev().find(|e| !e.call.is_pass()).copied()
}

/// Whether `seat` may make `call` now, apart from turn and bars (L18B–C, L19A1, L19B1).
///
/// # Errors
/// The reason the call is not legal.
pub fn check(calls: &[Entry], seat: Seat, call: Call) -> Result<(), Illegal> {
    match call {
        Call::Pass => Ok(()),
        Call::Bid(b) => match last_bid(calls) {
            Some((_, _, last)) if !b.supersedes(last) => Err(Illegal::Insufficient),
            _ => Ok(()),
        },
        // L19A1: only the last bid, by an opponent, with only passes since.
        Call::Double => match last_action(calls) {
            Some(Entry {
                seat: by,
                call: Call::Bid(_),
            }) if by.is_opponent_of(seat) => Ok(()),
            _ => Err(Illegal::Double),
        },
        // L19B1: only the last double, by an opponent, with only passes since.
        Call::Redouble => match last_action(calls) {
            Some(Entry {
                seat: by,
                call: Call::Double,
            }) if by.is_opponent_of(seat) => Ok(()),
            _ => Err(Illegal::Redouble),
        },
    }
}

/// The calls `seat` may legally make over `calls`, in canonical order (P, X, XX, bids).
#[cfg(any(test, feature = "internals"))] // read by the tests only
pub fn legal_calls(calls: &[Entry], seat: Seat) -> CallSet {
    let mut out = last_bid(calls).map_or(CallSet::BIDS, |(_, _, b)| CallSet::bids_above(b));
    out.insert(Call::Pass);
    for c in [Call::Double, Call::Redouble] {
        if check(calls, seat, c).is_ok() {
            out.insert(c);
        }
    }
    out
}

/// The seat due to call after `calls` in normal rotation (L17B–C).
#[cfg(any(test, feature = "internals"))] // read by the tests only
pub fn next_in_rotation(calls: &[Entry], dealer: Seat) -> Seat {
    calls.last().map_or(dealer, |e| e.seat.lho())
}

/// Whether the calls end the auction (L22). Law 17D3 (a skipped player) is the table's
/// business: it tells this function nothing.
pub fn status(calls: &[Entry]) -> Status {
    let trailing_passes = calls.iter().rev().take_while(|e| e.call.is_pass()).count();
    let any_bid = calls.iter().any(|e| e.call.bid().is_some());
    if any_bid && trailing_passes >= 3 {
        Status::Ended
    } else if !any_bid && calls.len() >= 4 && trailing_passes == calls.len() {
        Status::PassedOut
    } else {
        Status::Open
    }
}

/// The doubling of the last bid in force (L19C, L19D).
#[cfg(any(test, feature = "internals"))] // read by the tests only
pub fn doubling(calls: &[Entry]) -> Doubling {
    match last_action(calls).map(|e| e.call) {
        Some(Call::Double) => Doubling::Doubled,
        Some(Call::Redouble) => Doubling::Redoubled,
        _ => Doubling::Undoubled,
    }
}

/// The contract the calls name, if any bid was made: last bid, doubling, declarer (L22A).
#[cfg(any(test, feature = "internals"))] // read by the tests only
pub fn contract(calls: &[Entry]) -> Option<Contract> {
    let (_, by, bid) = last_bid(calls)?;
    let side = by.seat.side();
    let declarer = calls
        .iter()
        .find(|e| e.seat.side() == side && e.call.bid().is_some_and(|b| b.strain == bid.strain))
        .map_or(by.seat, |e| e.seat);
    Some(Contract {
        bid,
        doubling: doubling(calls),
        declarer,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auction(dealer: Seat, calls: &[&str]) -> Vec<Entry> {
        let mut seat = dealer;
        calls
            .iter()
            .map(|c| {
                let e = Entry {
                    seat,
                    call: c.parse().expect("test call"),
                };
                seat = seat.lho();
                e
            })
            .collect()
    }

    #[test]
    fn the_dealer_may_pass_or_make_any_of_the_35_bids() {
        assert_eq!(legal_calls(&[], Seat::N).len(), 36);
    }

    #[test]
    fn a_double_of_partners_bid_is_not_allowed() {
        let a = auction(Seat::N, &["1H", "P"]);
        assert_eq!(check(&a, Seat::S, Call::Double), Err(Illegal::Double));
        assert_eq!(check(&a, Seat::W, Call::Double), Ok(()));
    }

    #[test]
    fn a_redouble_needs_an_opponents_double_with_only_passes_since() {
        let a = auction(Seat::N, &["1H", "X"]);
        assert_eq!(check(&a, Seat::S, Call::Redouble), Ok(()));
        assert_eq!(check(&a, Seat::W, Call::Redouble), Err(Illegal::Redouble));
        let b = auction(Seat::N, &["1H", "X", "XX"]);
        assert_eq!(check(&b, Seat::W, Call::Double), Err(Illegal::Double));
    }

    #[test]
    fn three_passes_after_a_bid_end_the_auction_and_four_pass_it_out() {
        assert_eq!(status(&auction(Seat::N, &["1C", "P", "P", "P"])), Status::Ended);
        assert_eq!(status(&auction(Seat::N, &["P", "P", "P"])), Status::Open);
        assert_eq!(status(&auction(Seat::N, &["P", "P", "P", "P"])), Status::PassedOut);
    }

    #[test]
    fn declarer_is_the_first_of_the_side_to_name_the_strain() {
        let a = auction(Seat::N, &["1S", "P", "2H", "P", "3H", "P", "4H", "P", "P", "P"]);
        let c = contract(&a).expect("a contract");
        assert_eq!((c.to_string(), c.declarer), ("4H".to_string(), Seat::S));
    }

    #[test]
    fn a_new_bid_clears_the_double() {
        let a = auction(Seat::N, &["1H", "X", "1S"]);
        assert_eq!(doubling(&a), Doubling::Undoubled);
        let b = auction(Seat::N, &["7NT", "X", "XX"]);
        assert_eq!(contract(&b).map(|c| c.to_string()), Some("7NTXX".to_string()));
    }
}
