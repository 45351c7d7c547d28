//! The calls in force summarized as they are made: every question of Laws 17–19 and 22 about
//! the next call answered in a few compares, without looking back at the calls.

use crate::call::{Bid, Call, Seat, Side, Strain};
use crate::callset::CallSet;

use super::{Contract, Doubling, Entry, Illegal, Status};

/// What the auction so far says about the next call, kept up to date one call at a time
/// ([`Summary::push`], O(1)) and rebuilt from the calls with [`Summary::of`]. It agrees with
/// the slice functions of [`crate::auction`] on any sequence of entries, in rotation or not,
/// legal or not (an accepted insufficient bid is the most recent bid, L27A1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Summary {
    /// Dealer: the first to call (L17A).
    dealer: Seat,
    /// The next seat in rotation: LHO of the last caller (L17B–C).
    next: Seat,
    /// Passes since the last call that is not a pass (saturating).
    trailing_passes: u8,
    /// The passes in a row that end the auction (L22): four before any other call, three
    /// after a bid; never after a double or redouble with no bid before it (an irregular
    /// sequence: no law ends it).
    closing_passes: u16,
    /// Number of calls.
    len: u32,
    /// Position of the last bid.
    last_bid_at: u32,
    /// The last bid and its bidder.
    last_bid: Option<(Bid, Seat)>,
    /// The doubling of the last bid: what the last call that is not a pass made it (L19).
    doubling: Doubling,
    /// For each side and strain, the first seat of the side to name the strain (L22A),
    /// three bits each: 0 for none, else the seat's index plus one.
    namers: u32,
    /// The double or redouble each side may make (L19A1, L19B1): the call set bits of X
    /// (0b010) or XX (0b100), North-South's at bit 0, East-West's shifted by three.
    doubles: u8,
}

/// Where a seat's side keeps its bits in [`Summary::doubles`].
const fn side_shift(seat: Seat) -> u32 {
    (seat as u32 & 1) * 3
}

/// Where the other side keeps its bits in [`Summary::doubles`].
const fn other_side_shift(seat: Seat) -> u32 {
    3 - side_shift(seat)
}

/// A bid's rank in the order of Law 18E: level first, then strain.
const fn rank(b: Bid) -> u32 {
    b.level as u32 * 5 + b.strain as u32
}

/// The 3-bit slot of `side` and `strain` in [`Summary::namers`].
const fn namer_slot(side: Side, strain: Strain) -> u32 {
    (side as u32 * 5 + strain as u32) * 3
}

impl Summary {
    /// Before the first call, `dealer` to call.
    pub const fn new(dealer: Seat) -> Summary {
        Summary {
            dealer,
            next: dealer,
            trailing_passes: 0,
            closing_passes: 4,
            len: 0,
            last_bid_at: 0,
            last_bid: None,
            doubling: Doubling::Undoubled,
            namers: 0,
            doubles: 0,
        }
    }

    /// The summary of `calls` with `dealer` first to call.
    pub fn of(dealer: Seat, calls: &[Entry]) -> Summary {
        let mut s = Summary::new(dealer);
        s.extend(calls.iter().copied());
        s
    }

    /// Records one more call in force, whoever made it and whatever it is.
    pub const fn push(&mut self, e: Entry) {
        let Entry { seat, call } = e;
        match call {
            Call::Pass => self.trailing_passes = self.trailing_passes.saturating_add(1),
            // L19B1: an opponent of the doubler may redouble.
            Call::Double => {
                self.trailing_passes = 0;
                self.closing_passes = self.closing_after_double();
                self.doubling = Doubling::Doubled;
                self.doubles = 0b100 << other_side_shift(seat);
            }
            Call::Redouble => {
                self.trailing_passes = 0;
                self.closing_passes = self.closing_after_double();
                self.doubling = Doubling::Redoubled;
                self.doubles = 0;
            }
            Call::Bid(b) => {
                self.trailing_passes = 0;
                self.closing_passes = 3;
                self.doubling = Doubling::Undoubled;
                // L19A1: an opponent of the bidder may double.
                self.doubles = 0b010 << other_side_shift(seat);
                self.last_bid = Some((b, seat));
                self.last_bid_at = self.len;
                let slot = namer_slot(seat.side(), b.strain);
                if (self.namers >> slot) & 0b111 == 0 {
                    self.namers |= (seat as u32 + 1) << slot;
                }
            }
        }
        self.next = seat.lho();
        self.len = self.len.saturating_add(1);
    }

    /// The passes that end the auction after a double or redouble: three after a bid (L22A),
    /// none without one.
    const fn closing_after_double(&self) -> u16 {
        if self.last_bid.is_some() {
            3
        } else {
            u16::MAX
        }
    }

    /// Whether the auction is still open: fewer passes in a row than end it (L22).
    const fn is_open(&self) -> bool {
        (self.trailing_passes as u16) < self.closing_passes
    }

    /// This summary with one more call.
    #[must_use]
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub const fn pushed(mut self, e: Entry) -> Summary {
        self.push(e);
        self
    }

    /// Dealer.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The number of calls.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no call has been made.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where the auction stands (L22).
    pub const fn status(&self) -> Status {
        if self.is_open() {
            Status::Open
        } else if self.last_bid.is_some() {
            // L22A: a bid followed by three passes in rotation.
            Status::Ended
        } else {
            // L22B: four passes.
            Status::PassedOut
        }
    }

    /// The seat due to call in normal rotation: LHO of the last caller, dealer first
    /// (L17B–C). Law 17D3 (a skipped player) is the table's business.
    pub const fn next_in_rotation(&self) -> Seat {
        self.next
    }

    /// The most recent bid, its position and bidder (an accepted insufficient bid too, L27A1).
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub const fn last_bid(&self) -> Option<(usize, Entry, Bid)> {
        match self.last_bid {
            Some((bid, seat)) => Some((
                self.last_bid_at as usize,
                Entry {
                    seat,
                    call: Call::Bid(bid),
                },
                bid,
            )),
            None => None,
        }
    }

    /// The doubling of the last bid (L19C, L19D).
    pub const fn doubling(&self) -> Doubling {
        self.doubling
    }

    /// The first seat of `side` to name `strain`, if any did.
    pub const fn first_to_name(&self, side: Side, strain: Strain) -> Option<Seat> {
        match (self.namers >> namer_slot(side, strain)) & 0b111 {
            0 => None,
            n => Some(Seat::from_index(n as usize - 1)),
        }
    }

    /// The contract the calls name, if any bid was made: last bid, doubling and declarer,
    /// the first of the declaring side to name the strain (L22A).
    pub const fn contract(&self) -> Option<Contract> {
        let Some((bid, by)) = self.last_bid else {
            return None;
        };
        let declarer = match self.first_to_name(by.side(), bid.strain) {
            Some(seat) => seat,
            None => by,
        };
        Some(Contract {
            bid,
            doubling: self.doubling(),
            declarer,
        })
    }

    /// Whether `seat` may make `call` now, apart from turn, bars and the end of the auction
    /// (L18B–C, L19A1, L19B1), as [`crate::auction::check`].
    ///
    /// # Errors
    /// The reason the call is not legal.
    pub const fn check(&self, seat: Seat, call: Call) -> Result<(), Illegal> {
        let doubles = self.doubles >> side_shift(seat);
        match call {
            Call::Pass => Ok(()),
            // L18B: a bid must supersede the last bid, in the rank order of L18E.
            Call::Bid(b) => match self.last_bid {
                Some((last, _)) if rank(b) <= rank(last) => Err(Illegal::Insufficient),
                _ => Ok(()),
            },
            // L19A1: only the last bid, by an opponent, with only passes since (the side's
            // bit, kept by `push`).
            Call::Double if doubles & 0b010 == 0 => Err(Illegal::Double),
            // L19B1: only the last double, by an opponent, with only passes since.
            Call::Redouble if doubles & 0b100 == 0 => Err(Illegal::Redouble),
            Call::Double | Call::Redouble => Ok(()),
        }
    }

    /// The calls `seat` may make now, apart from turn, bars and the end of the auction, as
    /// [`crate::auction::legal_calls`]: pass, the double or redouble Law 19 allows, and
    /// every bid above the last bid (L18B).
    pub const fn legal_for(&self, seat: Seat) -> CallSet {
        let bids = match self.last_bid {
            Some((last, _)) => CallSet::bids_above(last),
            None => CallSet::BIDS,
        };
        let doubles = CallSet::from_bits_truncate(((self.doubles >> side_shift(seat)) & 0b110) as u64);
        bids.union(doubles).with(Call::Pass)
    }

    /// Whether the player next in rotation may make `call`: the auction is open (L22,
    /// L39) and the call is legal over the calls made (L18, L19).
    pub const fn is_legal(&self, call: Call) -> bool {
        self.is_open() && self.check(self.next, call).is_ok()
    }

    /// The calls the player next in rotation may make: none once the auction is over.
    pub const fn legal(&self) -> CallSet {
        if self.is_open() {
            self.legal_for(self.next)
        } else {
            CallSet::EMPTY
        }
    }
}

impl Extend<Entry> for Summary {
    fn extend<I: IntoIterator<Item = Entry>>(&mut self, iter: I) {
        for e in iter {
            self.push(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(s: &str) -> Call {
        s.parse().expect("test call")
    }

    /// The summary of `calls` in rotation from `dealer`.
    fn summary(dealer: Seat, calls: &[&str]) -> Summary {
        let mut s = Summary::new(dealer);
        for c in calls {
            let seat = s.next_in_rotation();
            s.push(Entry { seat, call: call(c) });
        }
        s
    }

    #[test]
    fn a_summary_is_small_and_copied_freely() {
        assert!(
            std::mem::size_of::<Summary>() <= 24,
            "{}",
            std::mem::size_of::<Summary>()
        );
    }

    #[test]
    fn the_dealer_may_pass_or_make_any_bid_but_not_double() {
        let s = Summary::new(Seat::E);
        assert_eq!(s.next_in_rotation(), Seat::E);
        assert_eq!(s.legal().len(), 36);
        assert!(s.is_legal(call("1C")) && !s.is_legal(Call::Double) && !s.is_legal(Call::Redouble));
    }

    #[test]
    fn only_bids_above_the_last_bid_are_sufficient() {
        let s = summary(Seat::N, &["1NT", "P"]);
        assert!(!s.is_legal(call("1S")) && !s.is_legal(call("1NT")) && s.is_legal(call("2C")));
        assert_eq!(s.check(Seat::S, call("1H")), Err(Illegal::Insufficient));
    }

    #[test]
    fn a_double_needs_an_opponents_bid_with_only_passes_since() {
        let s = summary(Seat::N, &["1H", "P"]);
        assert!(!s.is_legal(Call::Double), "S may not double partner's bid");
        let s = summary(Seat::N, &["1H", "P", "P"]);
        assert!(s.is_legal(Call::Double), "W may double N's bid");
        assert!(s.legal().contains(Call::Double) && !s.legal().contains(Call::Redouble));
    }

    #[test]
    fn a_redouble_needs_an_opponents_double_with_only_passes_since() {
        let s = summary(Seat::N, &["1H", "X"]);
        assert!(s.is_legal(Call::Redouble) && !s.is_legal(Call::Double));
        let s = summary(Seat::N, &["1H", "X", "P"]);
        assert!(!s.is_legal(Call::Redouble), "E may not redouble his own double");
        let s = summary(Seat::N, &["1H", "X", "XX"]);
        assert!(!s.is_legal(Call::Double) && !s.is_legal(Call::Redouble));
    }

    #[test]
    fn three_passes_after_a_bid_end_the_auction_and_nothing_is_legal_after() {
        let s = summary(Seat::N, &["1C", "P", "P"]);
        assert_eq!(s.status(), Status::Open);
        let s = s.pushed(Entry {
            seat: Seat::W,
            call: Call::Pass,
        });
        assert_eq!(s.status(), Status::Ended);
        assert!(s.legal().is_empty() && !s.is_legal(Call::Pass));
    }

    #[test]
    fn four_passes_pass_the_auction_out() {
        assert_eq!(summary(Seat::S, &["P", "P", "P"]).status(), Status::Open);
        let s = summary(Seat::S, &["P", "P", "P", "P"]);
        assert_eq!(s.status(), Status::PassedOut);
        assert_eq!(s.contract(), None);
    }

    #[test]
    fn declarer_is_the_first_of_the_side_to_name_the_strain() {
        let s = summary(Seat::N, &["1S", "P", "2H", "P", "3H", "X", "4H", "P", "P", "P"]);
        let c = s.contract().expect("a contract");
        assert_eq!((c.to_string(), c.declarer), ("4H".to_string(), Seat::S));
        assert_eq!(s.first_to_name(Side::NS, Strain::Spades), Some(Seat::N));
        assert_eq!(s.first_to_name(Side::EW, Strain::Hearts), None);
    }

    #[test]
    fn a_new_bid_clears_the_double_and_a_redouble_stays_to_the_end() {
        assert_eq!(summary(Seat::N, &["1H", "X", "1S"]).doubling(), Doubling::Undoubled);
        let s = summary(Seat::N, &["7NT", "X", "XX", "P", "P", "P"]);
        assert_eq!(s.contract().map(|c| c.to_string()), Some("7NTXX".to_string()));
    }

    #[test]
    fn an_accepted_insufficient_bid_is_the_most_recent_bid() {
        // L27A1: LHO accepted E's 1S over 1NT; 1S is now the last bid, at position 1.
        let s = summary(Seat::N, &["1NT", "1S"]);
        assert_eq!(s.last_bid().map(|(i, _, b)| (i, b.to_string())), Some((1, "1S".into())));
        assert!(s.is_legal(call("1NT")) && !s.is_legal(call("1H")));
    }

    #[test]
    fn a_rebuilt_summary_equals_the_one_kept_call_by_call() {
        let s = summary(Seat::W, &["P", "1D", "X", "XX", "2C", "P"]);
        let mut seat = Seat::W;
        let entries: Vec<Entry> = ["P", "1D", "X", "XX", "2C", "P"]
            .iter()
            .map(|c| {
                let e = Entry { seat, call: call(c) };
                seat = seat.lho();
                e
            })
            .collect();
        assert_eq!(Summary::of(Seat::W, &entries), s);
        assert_eq!(s.len(), 6);
    }
}

/// The summary agrees with the slice functions of [`crate::auction`] on random sequences of
/// entries: in rotation or not, legal or not.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod agreement {
    use proptest::prelude::*;

    use super::*;
    use crate::auction;

    /// A call, passes and doubles favoured so that auctions end and doublings happen.
    fn any_call() -> impl Strategy<Value = Call> {
        prop_oneof![
            4 => Just(Call::Pass),
            1 => Just(Call::Double),
            1 => Just(Call::Redouble),
            3 => (0..35usize).prop_map(|i| CallSet::BIDS.iter().nth(i).unwrap_or(Call::Pass)),
        ]
    }

    fn any_seat() -> impl Strategy<Value = Seat> {
        (0..4usize).prop_map(Seat::from_index)
    }

    /// Every question asked of the calls after each prefix, summary against slice.
    fn agrees(dealer: Seat, calls: &[Entry]) -> Result<(), TestCaseError> {
        let mut s = Summary::new(dealer);
        for n in 0..=calls.len() {
            let prefix = calls.get(..n).unwrap_or_default();
            if n > 0 {
                if let Some(e) = calls.get(n - 1) {
                    s.push(*e);
                }
            }
            prop_assert_eq!(Summary::of(dealer, prefix), s);
            prop_assert_eq!(s.len(), n);
            prop_assert_eq!(s.status(), auction::status(prefix));
            prop_assert_eq!(s.contract(), auction::contract(prefix));
            prop_assert_eq!(s.doubling(), auction::doubling(prefix));
            prop_assert_eq!(s.last_bid(), auction::last_bid(prefix));
            prop_assert_eq!(s.next_in_rotation(), auction::next_in_rotation(prefix, dealer));
            for seat in Seat::ALL {
                let by_check: CallSet = CallSet::ALL
                    .iter()
                    .filter(|c| auction::check(prefix, seat, *c).is_ok())
                    .collect();
                prop_assert_eq!(s.legal_for(seat), by_check);
                prop_assert_eq!(auction::legal_calls(prefix, seat), by_check);
                for call in CallSet::ALL {
                    prop_assert_eq!(s.check(seat, call), auction::check(prefix, seat, call));
                }
            }
            let open = auction::status(prefix) == Status::Open;
            let next = auction::next_in_rotation(prefix, dealer);
            for call in CallSet::ALL {
                let want = open && auction::check(prefix, next, call).is_ok();
                prop_assert_eq!(s.is_legal(call), want, "{} after {:?}", call, prefix);
                prop_assert_eq!(s.legal().contains(call), want);
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn the_summary_agrees_with_the_slice_functions_on_any_entries(
            dealer in any_seat(),
            calls in prop::collection::vec((any_seat(), any_call()), 0..24),
        ) {
            let calls: Vec<Entry> = calls.into_iter().map(|(seat, call)| Entry { seat, call }).collect();
            agrees(dealer, &calls)?;
        }

        #[test]
        fn the_summary_agrees_with_the_slice_functions_on_legal_auctions(
            dealer in any_seat(),
            picks in prop::collection::vec(any::<u8>(), 0..60),
        ) {
            // Each pick chooses among the calls legal for the player in rotation.
            let mut s = Summary::new(dealer);
            let mut calls = Vec::new();
            for p in picks {
                let legal = s.legal();
                let Some(call) = legal.iter().nth(usize::from(p) % legal.len().max(1)) else { break };
                let e = Entry { seat: s.next_in_rotation(), call };
                s.push(e);
                calls.push(e);
            }
            agrees(dealer, &calls)?;
        }
    }
}
