//! Which card a hand may play, at a table given the deal (SPEC §6, the view's
//! `legal_cards`): a card it holds (L45A), of the suit led when it holds one (L44C), else any
//! (L44E); a lead, of the suits `legal_leads` lists (L26B). The `lead` and `play` actions
//! apply the same rule (`check_card`): under `prevent` a card not held or not following suit
//! is refused; under `rectify` a failure to follow suit stands and is recorded as a revoke
//! (L61) for the Director, whom the table may call (L62–L64 are his).

use crate::audience::Audience;
use crate::call::Seat;
use crate::card::Card;
use crate::deal::{CardSet, Deal};
use crate::law::Law;
use crate::procedure::ctx::Ctx;
use crate::procedure::{card_turn, hands, lead_restriction};
use crate::report::{refuse_citing, Code, Refusal, Severity, Warning};
use crate::state::{Phase, State};

/// The cards `seat` may play now without an irregularity: from the hand he plays (his own,
/// or dummy's for declarer, L45; dummy never chooses), by the rule `lead` and `play`
/// apply. Empty without the deal, when the hand's 13 cards are not all given, and when it
/// is not his card to play.
pub fn legal_cards(deal: Option<&Deal>, st: &State, seat: Seat) -> CardSet {
    let Some(deal) = deal else { return CardSet::EMPTY };
    let Some(hand) = hand_to_play(st, seat) else {
        return CardSet::EMPTY;
    };
    let Some(held) = hands::whole_held(Some(deal), st, hand) else {
        return CardSet::EMPTY;
    };
    match st.play().cards().and_then(|p| p.current.first()) {
        // L44C, L44E.
        Some((_, led)) if st.phase() == Phase::Play => hands::following(held, Some(*led)),
        // A lead (L26B).
        _ => lead_restriction::lead_cards(st, hand, held),
    }
}

/// The hand whose card `seat` plays now (the opening lead, or the card due in play, dummy's
/// for declarer), by the rule the actions apply.
fn hand_to_play(st: &State, seat: Seat) -> Option<Seat> {
    match st.phase() {
        Phase::Clarification => card_turn::may_open(st, seat).ok().map(|c| c.leader()),
        Phase::Play => {
            let dummy_due = st
                .play()
                .contract()
                .zip(st.play().cards().and_then(|p| p.to_play()))
                .is_some_and(|(c, due)| due == c.dummy());
            card_turn::may_play(st, seat, dummy_due).ok().map(|(hand, _)| hand)
        }
        _ => None,
    }
}

/// `card` from `hand` at a table given the deal: refused when the hand does not hold it
/// (the deal gives it to another hand, or gives all of this one's without it, L45A); a card
/// of another suit than the one led while the hand holds one is refused under `prevent`
/// (L44C) and recorded as a revoke under `rectify` (L61): told to the hand's player (to
/// everyone when it is dummy's, spread) and the Director.
///
/// # Errors
/// `CARD_NOT_HELD`; `MUST_FOLLOW_SUIT`.
pub fn check_card(cx: &mut Ctx<'_>, hand: Seat, card: Card) -> Result<(), Refusal> {
    let Some(deal) = cx.board.deal.as_ref() else { return Ok(()) };
    let whole = hands::whole_held(Some(deal), cx.st, hand);
    let elsewhere = Seat::ALL.into_iter().any(|s| s != hand && deal.hand(s).contains(card));
    if elsewhere || whole.is_some_and(|h| !h.contains(card)) {
        return refuse_citing(Law::L45, Code::CardNotHeld, format!("{hand}'s hand does not hold {card}"));
    }
    let Some(held) = whole else { return Ok(()) };
    if cx.st.phase() != Phase::Play {
        return Ok(());
    }
    let Some(&(_, led)) = cx.st.play().cards().and_then(|p| p.current.first()) else {
        return Ok(());
    };
    if hands::following(held, Some(led)).contains(card) {
        return Ok(());
    }
    let suit = led.suit.letter();
    if !cx.reg.rectifies() {
        return refuse_citing(
            Law::L44C,
            Code::MustFollowSuit,
            format!("{hand}'s hand holds a card of the suit led ({suit}): follow suit (Law 44C)"),
        );
    }
    // L61: the revoke reveals a card still held: its player and the Director are told; a
    // card of dummy's, spread, shows it to all.
    let audience = if cx.st.play().is_dummy(hand) {
        Audience::EVERYONE
    } else {
        Audience::seat(hand)
    };
    cx.warn(
        Warning::new(
            Code::IrregRevoke,
            Severity::Infraction,
            audience,
            format!(
                "{hand} played {card} to a {suit} lead while holding a {suit}: a revoke (Law 61); the Director may be called (Laws 62-64)"
            ),
        )
        .citing(Law::L61)
        .concerning(hand),
    );
    Ok(())
}
