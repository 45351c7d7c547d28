//! The bars (L23, L26, L27–L37): who must pass, once or throughout, and the bars a pass used
//! up, put back if L17D3 cancels that pass. A part of the irregularities' box: read through
//! `State::bars`, changed through `State::bars_mut`.

use serde::Serialize;

use crate::call::{BySeat, Seat};
use crate::event::BarKind;
use crate::law::Law;

use super::irregular::PartMut;
use super::CallId;

/// A bar on one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bar {
    /// Once or throughout.
    pub kind: BarKind,
    /// The law that imposed it.
    pub law: Law,
    /// Record id of the call whose comparability may still lift it (L23A ruling).
    pub lifted_if_comparable: Option<CallId>,
}

/// The bars by seat, and those a pass used up (L37, L17D3).
#[derive(Clone, Debug, PartialEq)]
pub struct Bars {
    /// Bars by seat.
    pub(super) by_seat: BySeat<Option<Bar>>,
    /// `next_turn` bars used up by a pass, with the pass's record id: put back if L17D3
    /// cancels that pass (until the end of the auction period).
    pub(super) used: Vec<(CallId, Seat, Bar)>,
}

/// The bars, to change (the box is made only by what imposes one).
pub type BarsMut<'a> = PartMut<'a, Bars>;

impl Bars {
    /// No bar.
    pub(super) const NONE: Bars = Bars {
        by_seat: BySeat([None, None, None, None]),
        used: Vec::new(),
    };

    /// Whether no seat is barred and no used bar is kept.
    pub(super) fn is_none(&self) -> bool {
        !self.any() && self.used.is_empty()
    }

    /// Whether any seat is barred.
    pub(super) fn any(&self) -> bool {
        self.by_seat.0.iter().any(Option::is_some)
    }

    /// The bars, by seat.
    pub fn by_seat(&self) -> &BySeat<Option<Bar>> {
        &self.by_seat
    }

    /// The bar on `seat`, if any.
    pub fn on(&self, seat: Seat) -> Option<&Bar> {
        self.by_seat.get(seat).as_ref()
    }

    /// Whether `seat` is barred (must pass, L37).
    pub fn is_barred(&self, seat: Seat) -> bool {
        self.by_seat.get(seat).is_some()
    }
}

impl BarsMut<'_> {
    /// Bars `seat`; a `throughout` bar is never shortened. Returns whether the bar was
    /// imposed.
    pub fn impose(&mut self, seat: Seat, bar: Bar) -> bool {
        if matches!(self.get().on(seat), Some(b) if b.kind == BarKind::Throughout) {
            return false;
        }
        *self.make().by_seat.get_mut(seat) = Some(bar);
        true
    }

    /// Puts back a bar as it was before a replaced call (L25A, L21B), whatever is there.
    pub fn put_back(&mut self, seat: Seat, bar: Bar) {
        *self.make().by_seat.get_mut(seat) = Some(bar);
    }

    /// Lifts the bar on `seat`; returns whether there was one.
    pub fn lift(&mut self, seat: Seat) -> bool {
        self.if_any().is_some_and(|b| b.by_seat.get_mut(seat).take().is_some())
    }

    /// `seat`'s pass, record `call`, uses up his bar: lifted, and kept to be put back if
    /// L17D3 cancels the pass. Returns whether there was one.
    pub fn use_up(&mut self, seat: Seat, call: CallId) -> bool {
        let Some(bars) = self.if_any() else { return false };
        let Some(bar) = bars.by_seat.get_mut(seat).take() else {
            return false;
        };
        bars.used.push((call, seat, bar));
        true
    }

    /// The bar pass `call` used up, taken back to be restored (L17D3 cancelled the pass).
    pub fn take_used(&mut self, call: CallId) -> Option<(Seat, Bar)> {
        let used = &mut self.if_any()?.used;
        let at = used.iter().position(|(c, _, _)| *c == call)?;
        let (_, seat, bar) = used.swap_remove(at);
        Some((seat, bar))
    }

    /// The end of the auction period: no pass can be cancelled any more (L17D3).
    pub fn forget_used(&mut self) {
        if let Some(bars) = self.if_any() {
            bars.used.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Irregular;

    fn bar(kind: BarKind) -> Bar {
        Bar {
            kind,
            law: Law::L23A,
            lifted_if_comparable: None,
        }
    }

    #[test]
    fn l23_a_throughout_bar_is_never_shortened_to_one_turn() {
        let mut irr = Irregular::default();
        assert!(irr.bars_mut().impose(Seat::E, bar(BarKind::Throughout)));
        assert!(!irr.bars_mut().impose(Seat::E, bar(BarKind::NextTurn)));
        assert_eq!(irr.bars().on(Seat::E).map(|b| b.kind), Some(BarKind::Throughout));
        // A replacement puts back what was there, whatever is there now (L25A).
        irr.bars_mut().put_back(Seat::E, bar(BarKind::NextTurn));
        assert_eq!(irr.bars().on(Seat::E).map(|b| b.kind), Some(BarKind::NextTurn));
    }

    #[test]
    fn l17d3_a_bar_used_up_by_a_pass_comes_back_if_the_pass_is_cancelled_until_the_period_ends() {
        let mut irr = Irregular::default();
        irr.bars_mut().impose(Seat::S, bar(BarKind::NextTurn));
        let pass = CallId::new(4);
        assert!(irr.bars_mut().use_up(Seat::S, pass));
        assert!(!irr.bars().is_barred(Seat::S));
        assert_eq!(irr.bars_mut().take_used(pass).map(|(s, _)| s), Some(Seat::S));
        assert_eq!(irr.bars_mut().take_used(pass), None);
        irr.bars_mut().impose(Seat::S, bar(BarKind::NextTurn));
        irr.bars_mut().use_up(Seat::S, pass);
        irr.bars_mut().forget_used();
        assert_eq!(irr.bars_mut().take_used(pass), None);
    }

    #[test]
    fn lifting_or_using_up_no_bar_makes_no_box() {
        let mut irr = Irregular::default();
        assert!(!irr.bars_mut().lift(Seat::N));
        assert!(!irr.bars_mut().use_up(Seat::N, CallId::new(0)));
        irr.bars_mut().forget_used();
        assert!(irr.is_none());
    }
}
