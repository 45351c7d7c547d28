//! A set of calls in one machine word: what a bidding box may offer at one moment.
//!
//! Layout (38 bits of a `u64`): bit 0 pass, bit 1 double, bit 2 redouble, bits 3–37 the 35
//! bids from 1C to 7NT in rank order (L18E), so bit `3 + 5 × (level − 1) + strain`. The bit
//! order is the canonical order of a list of calls (P, X, XX, bids from the lowest), and
//! "every bid that supersedes this one" (L18B) is one shift of a mask. Nothing here
//! allocates; a set serializes as the list of its canonical call strings, like a slice of
//! [`Call`].

use std::fmt;
use std::iter::FusedIterator;

use serde::{Serialize, Serializer};

use crate::call::{Bid, Call, Level, Strain};

/// Bits in use: pass, double, redouble and the 35 bids.
pub(crate) const WIDTH: u32 = 38;

/// The mask of every call.
const ALL_BITS: u64 = (1 << WIDTH) - 1;

/// The mask of the 35 bids (bits 3–37).
const BID_BITS: u64 = ALL_BITS & !0b111;

/// Every call in bit order, to read a bit back as a call.
const CALLS: [Call; WIDTH as usize] = {
    let mut out = [Call::Pass; WIDTH as usize];
    out[1] = Call::Double;
    out[2] = Call::Redouble;
    let mut i = 0;
    while i < 35 {
        out[3 + i] = Call::Bid(Bid::new(Level::ALL[i / 5], Strain::ALL[i % 5]));
        i += 1;
    }
    out
};

/// The bit position of a call: its rank in the canonical order.
const fn position(call: Call) -> u32 {
    match call {
        Call::Pass => 0,
        Call::Double => 1,
        Call::Redouble => 2,
        Call::Bid(b) => 3 + (b.level as u32 - 1) * 5 + b.strain as u32,
    }
}

/// A set of calls (see the module doc for the layout).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CallSet(u64);

impl CallSet {
    /// No call.
    pub const EMPTY: CallSet = CallSet(0);

    /// Every call: pass, double, redouble and the 35 bids.
    pub const ALL: CallSet = CallSet(ALL_BITS);

    /// The 35 bids.
    pub const BIDS: CallSet = CallSet(BID_BITS);

    /// The empty set.
    pub const fn new() -> CallSet {
        CallSet::EMPTY
    }

    /// The set holding `call` alone.
    pub const fn only(call: Call) -> CallSet {
        CallSet(1 << position(call))
    }

    /// Every bid that supersedes `bid` (L18B): the bids above it in rank order.
    pub const fn bids_above(bid: Bid) -> CallSet {
        CallSet(BID_BITS & (BID_BITS << (position(Call::Bid(bid)) + 1 - 3)))
    }

    /// The raw bits (layout in the module doc).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set of these bits, `None` if a bit above 37 is set.
    pub const fn from_bits(bits: u64) -> Option<CallSet> {
        if bits & !ALL_BITS == 0 {
            Some(CallSet(bits))
        } else {
            None
        }
    }

    /// The set of these bits, those above bit 37 dropped.
    pub const fn from_bits_truncate(bits: u64) -> CallSet {
        CallSet(bits & ALL_BITS)
    }

    /// Whether `call` is in the set.
    pub const fn contains(self, call: Call) -> bool {
        self.0 & (1 << position(call)) != 0
    }

    /// Adds `call`.
    pub const fn insert(&mut self, call: Call) {
        self.0 |= 1 << position(call);
    }

    /// Removes `call`.
    pub const fn remove(&mut self, call: Call) {
        self.0 &= !(1 << position(call));
    }

    /// This set with `call` added.
    pub const fn with(self, call: Call) -> CallSet {
        CallSet(self.0 | 1 << position(call))
    }

    /// The calls in either set.
    pub const fn union(self, other: CallSet) -> CallSet {
        CallSet(self.0 | other.0)
    }

    /// The calls in both sets.
    pub const fn intersection(self, other: CallSet) -> CallSet {
        CallSet(self.0 & other.0)
    }

    /// The number of calls.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no call.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first call in canonical order.
    pub fn first(self) -> Option<Call> {
        self.iter().next()
    }

    /// The calls in canonical order: P, X, XX, then bids from the lowest.
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// The calls of a [`CallSet`] in canonical order.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Call;

    fn next(&mut self) -> Option<Call> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        CALLS.get(i as usize).copied()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter {
    fn next_back(&mut self) -> Option<Call> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros();
        self.0 &= !(1 << i);
        CALLS.get(i as usize).copied()
    }
}

impl ExactSizeIterator for Iter {}

impl FusedIterator for Iter {}

impl IntoIterator for CallSet {
    type Item = Call;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl IntoIterator for &CallSet {
    type Item = Call;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Call> for CallSet {
    fn from_iter<I: IntoIterator<Item = Call>>(iter: I) -> CallSet {
        let mut set = CallSet::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Call> for CallSet {
    fn extend<I: IntoIterator<Item = Call>>(&mut self, iter: I) {
        for call in iter {
            self.insert(call);
        }
    }
}

impl fmt::Debug for CallSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The calls in canonical order, space-separated (`P X 2C 2D`).
impl fmt::Display for CallSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, call) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            call.fmt(f)?;
        }
        Ok(())
    }
}

/// A list of canonical call strings (`["P", "X", "2C"]`), as a slice of [`Call`].
impl Serialize for CallSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(s: &str) -> Call {
        s.parse().expect("test call")
    }

    fn bid(s: &str) -> Bid {
        call(s).bid().expect("test bid")
    }

    fn every_call() -> impl Iterator<Item = Call> {
        [Call::Pass, Call::Double, Call::Redouble]
            .into_iter()
            .chain(Bid::all().map(Call::Bid))
    }

    #[test]
    fn a_call_set_is_one_word() {
        assert_eq!(std::mem::size_of::<CallSet>(), 8);
    }

    #[test]
    fn the_bit_of_a_call_is_its_rank_in_the_canonical_order() {
        for c in every_call() {
            assert_eq!(position(c), u32::from(c.order_key()), "{c}");
            assert_eq!(CALLS.get(position(c) as usize), Some(&c));
        }
    }

    #[test]
    fn the_full_set_holds_38_calls_and_iterates_in_canonical_order() {
        assert_eq!(CallSet::ALL.len(), 38);
        assert!(CallSet::ALL.iter().eq(every_call()));
        assert!(CallSet::ALL
            .iter()
            .rev()
            .eq(every_call().collect::<Vec<_>>().into_iter().rev()));
        assert_eq!(CallSet::BIDS.len(), 35);
        assert!(!CallSet::BIDS.contains(Call::Pass));
    }

    #[test]
    fn insert_contains_and_remove_agree() {
        let mut s = CallSet::new();
        assert!(s.is_empty());
        s.insert(call("3NT"));
        s.insert(Call::Double);
        s.insert(call("3NT"));
        assert_eq!(s.len(), 2);
        assert!(s.contains(call("3NT")) && s.contains(Call::Double));
        assert!(!s.contains(call("3S")) && !s.contains(Call::Pass));
        assert_eq!(s.first(), Some(Call::Double));
        s.remove(Call::Double);
        assert_eq!(s, CallSet::only(call("3NT")));
    }

    #[test]
    fn bids_above_a_bid_are_exactly_the_bids_that_supersede_it() {
        for b in Bid::all() {
            let above = CallSet::bids_above(b);
            let want: CallSet = Bid::all().filter(|x| x.supersedes(b)).map(Call::Bid).collect();
            assert_eq!(above, want, "{b}");
        }
        assert!(CallSet::bids_above(bid("7NT")).is_empty());
        assert_eq!(CallSet::bids_above(bid("1C")).len(), 34);
    }

    #[test]
    fn a_set_collects_from_calls_in_any_order() {
        let s: CallSet = [call("2C"), Call::Pass, call("1NT"), Call::Pass].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), [Call::Pass, call("1NT"), call("2C")]);
        assert_eq!(s.to_string(), "P 1NT 2C");
    }

    #[test]
    fn a_set_serializes_as_the_list_of_its_canonical_calls() {
        let s = CallSet::only(Call::Pass)
            .with(Call::Redouble)
            .union(CallSet::bids_above(bid("7S")));
        let json = serde_json::to_string(&s).expect("json");
        assert_eq!(json, r#"["P","XX","7NT"]"#);
        let as_slice = serde_json::to_string(&s.iter().collect::<Vec<_>>()).expect("json");
        assert_eq!(json, as_slice);
        assert_eq!(serde_json::to_string(&CallSet::EMPTY).expect("json"), "[]");
    }

    #[test]
    fn only_the_38_call_bits_make_a_set() {
        assert_eq!(CallSet::from_bits(CallSet::ALL.bits()), Some(CallSet::ALL));
        assert_eq!(CallSet::from_bits(1 << 38), None);
    }
}
