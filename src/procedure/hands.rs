//! The cards still held, when the table is given the deal, and who may see them (SPEC §6):
//! each player his own; dummy's, spread once the opening lead is faced (L41D), everyone;
//! the Director every hand; spectators every hand when the regulation lets them
//! (`spectators_see_hands`), else dummy's once spread. A card played leaves its hand; the
//! opening lead, face down, is still its leader's until faced (L41A, L41C). Also the rule
//! of following suit (L44C, L44E) that `play` applies and `legal_cards` answers.

use crate::audience::Viewer;
use crate::board::Board;
use crate::call::Seat;
use crate::card::Card;
use crate::deal::{CardSet, Deal};
use crate::regulation::Regulation;
use crate::state::{Phase, State};
use crate::store::seat_map::SeatMap;

/// The cards played face up so far (the face-down opening lead is not among them).
pub fn played(st: &State) -> CardSet {
    st.play()
        .cards()
        .map_or(CardSet::EMPTY, |p| p.played().map(|(_, c)| *c).collect())
}

/// The cards `seat` still holds when the deal gives all 13 of his (`None` otherwise: a
/// partial hand tells neither a void nor what he may play).
#[inline]
pub fn whole_held(deal: Option<&Deal>, st: &State, seat: Seat) -> Option<CardSet> {
    let deal = deal.filter(|d| d.is_whole(seat))?;
    Some(CardSet::from_bits(deal.hand(seat).bits() & !played(st).bits()))
}

/// L41D: dummy's hand is spread once the opening lead is faced.
pub fn dummy_spread(st: &State) -> Option<Seat> {
    let contract = st.play().contract()?;
    let faced = st.play().cards().is_some_and(|p| p.lead.is_some()) && st.phase() != Phase::Clarification;
    faced.then(|| contract.dummy())
}

/// Whether `viewer` may see the cards `seat` holds.
pub fn shown(st: &State, reg: &Regulation, viewer: Viewer, seat: Seat) -> bool {
    match viewer {
        Viewer::Director => true,
        Viewer::Seat(v) if v == seat => true,
        Viewer::Spectator if reg.spectators_see_hands => true,
        // L41D: dummy's cards, once spread, are seen by all.
        _ => dummy_spread(st) == Some(seat),
    }
}

/// The hands `viewer` may see, each with the cards still held (empty without a deal).
pub fn seen(board: &Board, st: &State, reg: &Regulation, viewer: Viewer) -> SeatMap<CardSet> {
    let Some(deal) = board.deal.as_ref() else {
        return SeatMap::default();
    };
    let gone = played(st).bits();
    Seat::ALL
        .into_iter()
        .filter(|s| !deal.hand(*s).is_empty() && shown(st, reg, viewer, *s))
        .map(|s| (s, CardSet::from_bits(deal.hand(s).bits() & !gone)))
        .collect()
}

/// L44C, L44E: the cards of `held` that may be played to a trick led with `led` (none: the
/// card leads): those of the suit led, or any when void of it.
#[inline]
pub fn following(held: CardSet, led: Option<Card>) -> CardSet {
    match led {
        Some(led) if !held.of_suit(led.suit).is_empty() => held.of_suit(led.suit),
        _ => held,
    }
}
