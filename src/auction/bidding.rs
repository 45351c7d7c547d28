//! The legality of an auction without a table: for a bidding-practice page, or a tool that
//! checks auctions, which needs no irregularity, disclosure or Director.

use crate::call::{Call, Seat};
use crate::callset::CallSet;
use crate::report::Code;

use super::{Contract, Entry, Status, Summary};

/// An auction's calls checked as they are made, each by the player next in rotation: the
/// calls he may make (L18, L19), the end of the auction (L22) and the contract (L22A).
///
/// A call that is not legal is refused, not rectified: a [`Table`](crate::Table) is what
/// treats it as an irregularity (an insufficient bid, L27; a call out of rotation, L28–L32)
/// and keeps alerts, explanations and the Director. `Bidding` is `Copy` and allocates
/// nothing; each call costs a few compares. (The `contract-bridge` crate offers a
/// comparable `Auction`; `benches/legality.rs` replays the same corpus through both.)
///
/// ```
/// use bridge_laws::{Bidding, Call, Code, Seat};
/// let call = |s: &str| s.parse::<Call>().expect("a call");
/// let mut auction = Bidding::new(Seat::N);
/// for c in ["1NT", "P", "2C", "X"] {
///     assert_eq!(auction.push(call(c)), Ok(()));
/// }
/// assert_eq!(auction.turn(), Some(Seat::N));
/// assert!(!auction.is_legal(call("2C"))); // insufficient over 2C (L18B)
/// assert_eq!(auction.push(Call::Double), Err(Code::DoubleNotAllowed)); // his partner's bid (L19A1)
/// assert!(auction.legal().contains(Call::Redouble)); // L19B1
/// for c in ["2D", "P", "P", "P"] {
///     assert_eq!(auction.push(call(c)), Ok(()));
/// }
/// let contract = auction.contract().expect("the auction has ended");
/// assert_eq!((contract.bid.to_string(), contract.declarer), ("2D".to_string(), Seat::N));
/// assert_eq!(auction.push(Call::Pass), Err(Code::AuctionOver));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bidding {
    /// The calls made, summarized.
    summary: Summary,
}

impl Bidding {
    /// Before the first call, `dealer` to call (L17A).
    pub const fn new(dealer: Seat) -> Bidding {
        Bidding {
            summary: Summary::new(dealer),
        }
    }

    /// The dealer.
    pub const fn dealer(&self) -> Seat {
        self.summary.dealer()
    }

    /// The number of calls made.
    pub const fn len(&self) -> usize {
        self.summary.len()
    }

    /// Whether no call has been made.
    pub const fn is_empty(&self) -> bool {
        self.summary.is_empty()
    }

    /// The player to call next: dealer first, then each caller's left-hand opponent
    /// (L17B–C); `None` once the auction has ended.
    pub const fn turn(&self) -> Option<Seat> {
        match self.summary.status() {
            Status::Open => Some(self.summary.next_in_rotation()),
            Status::Ended | Status::PassedOut => None,
        }
    }

    /// Whether the player to call next may make `call` (L18, L19); false once the auction
    /// has ended (L22).
    pub const fn is_legal(&self, call: Call) -> bool {
        self.summary.is_legal(call)
    }

    /// The calls the player to call next may make: pass, every bid above the last bid
    /// (L18B), the double or redouble Law 19 allows; none once the auction has ended.
    pub const fn legal(&self) -> CallSet {
        self.summary.legal()
    }

    /// Makes `call` for the player to call next.
    ///
    /// # Errors
    /// Why it may not be made, and nothing is recorded: `AUCTION_OVER` once the auction has
    /// ended (L22), `INSUFFICIENT_BID` (L18B), `DOUBLE_NOT_ALLOWED` (L19A1),
    /// `REDOUBLE_NOT_ALLOWED` (L19B1).
    pub const fn push(&mut self, call: Call) -> Result<(), Code> {
        let seat = match self.turn() {
            Some(seat) => seat,
            None => return Err(Code::AuctionOver),
        };
        if let Err(illegal) = self.summary.check(seat, call) {
            return Err(illegal.code());
        }
        self.summary.push(Entry { seat, call });
        Ok(())
    }

    /// Whether the auction has ended: three passes after a bid, or four passes (L22).
    pub const fn is_over(&self) -> bool {
        self.turn().is_none()
    }

    /// Whether the board was passed out: four passes and no bid (L22B).
    pub const fn is_passed_out(&self) -> bool {
        matches!(self.summary.status(), Status::PassedOut)
    }

    /// The contract, once the auction has ended with a bid: the last bid, its doubling, and
    /// the first player of the declaring side to name its strain (L22A). `None` while the
    /// auction goes on and when it was passed out.
    pub const fn contract(&self) -> Option<Contract> {
        match self.summary.status() {
            Status::Ended => self.summary.contract(),
            Status::Open | Status::PassedOut => None,
        }
    }
}
