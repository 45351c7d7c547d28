//! Just enough card play for the auction laws (SPEC 5.7): the opening lead (L41A), facing
//! it (L41C), playing cards, first turns to play (L20C2, L41B) and the end of play
//! (L20F5b). At a table given the deal, a card must be held and follow suit
//! (`follow::check_card`); without one, hands are unknown and neither is checked.

use super::card_turn::{may_end_play, may_open, may_play, no_undo_pending};
use super::follow::check_card;
use super::lead_checks::{announce_faced_lead, check_lead_restriction, check_play_restriction, faced_lead_news};
use super::lead_restriction::contract_of;
use crate::audience::Audience;
use crate::call::Seat;
use crate::card::Card;
use crate::event::EventKind;
use crate::law::Law;
use crate::procedure::ctx::Ctx;
use crate::procedure::duties;
use crate::procedure::settle::lift_bars_at_end_of_period;
use crate::report::{refuse, refuse_citing, Code, Refusal};
use crate::state::Phase;

/// The `lead` action: the opening lead, face down (L41A).
///
/// # Errors
/// `NOT_YOUR_LEAD`; `UNDO_PENDING`; `WRONG_PERIOD` outside the clarification period.
pub fn lead(cx: &mut Ctx<'_>, seat: Seat, card: Card) -> Result<(), Refusal> {
    lay(cx, seat, card, true)
}

/// Lays the opening lead, face down or (`play` in the clarification period) about to be
/// faced in the same action.
fn lay(cx: &mut Ctx<'_>, seat: Seat, card: Card, face_down: bool) -> Result<(), Refusal> {
    may_open(cx.st, seat)?;
    check_card(cx, seat, card)?;
    check_lead_restriction(cx, seat, card, face_down)?;
    cx.st.play_mut().lay_opening_lead(card);
    cx.event(EventKind::OpeningLead { seat }, Audience::EVERYONE);
    Ok(())
}

/// The `face_lead` action: the opening lead is faced; the play period begins (L41C).
///
/// # Errors
/// `NOT_YOUR_LEAD` without a face-down lead or by a non-defender; `UNDO_PENDING`;
/// `WRONG_PERIOD`.
pub fn face_lead(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
    face(cx, seat, true)
}

/// Faces the opening lead; `was_face_down`: it was checked face down, so what the check told
/// its leader alone now reaches the table (`announce_faced_lead`).
fn face(cx: &mut Ctx<'_>, seat: Seat, was_face_down: bool) -> Result<(), Refusal> {
    no_undo_pending(cx.st)?;
    if cx.st.phase() != Phase::Clarification {
        return refuse_citing(Law::L41C, Code::WrongPeriod, "there is no face-down opening lead");
    }
    let contract = contract_of(cx)?;
    let card = cx.st.play().opening_lead();
    let Some(card) = card.filter(|_| cx.st.play().is_defender(seat)) else {
        return refuse_citing(
            Law::L41C,
            Code::NotYourLead,
            "a defender faces the opening lead once it has been made face down",
        );
    };
    duties::duties_missed_at_lead(cx);
    let news = faced_lead_news(cx.st, contract.leader()).filter(|_| was_face_down);
    cx.st.face_opening_lead();
    lift_bars_at_end_of_period(cx);
    cx.event(
        EventKind::LeadFaced {
            seat: contract.leader(),
            card,
        },
        Audience::EVERYONE,
    );
    if let Some(news) = news {
        announce_faced_lead(cx, contract.leader(), card, news);
    }
    Ok(())
}

/// The `play` action. In the clarification period the opening leader may play his lead
/// face up at once (lead and face in one step).
///
/// # Errors
/// `NOT_YOUR_TURN` (law 44), `CARD_ALREADY_PLAYED`, `WRONG_PERIOD`.
pub fn play(cx: &mut Ctx<'_>, seat: Seat, card: Card, from_dummy: bool) -> Result<(), Refusal> {
    if cx.st.phase() == Phase::Clarification && !from_dummy && cx.st.play().cards().is_none_or(|p| p.lead.is_none()) {
        lay(cx, seat, card, false)?;
        return face(cx, seat, false);
    }
    let (due, _) = may_play(cx.st, seat, from_dummy)?;
    let Some(p) = cx.st.play().cards() else {
        return refuse(Code::WrongPeriod, "no opening lead");
    };
    if p.played().any(|(_, c)| *c == card) {
        return refuse_citing(
            Law::L45,
            Code::CardAlreadyPlayed,
            format!("{card} has been played already"),
        );
    }
    check_card(cx, due, card)?;
    check_play_restriction(cx, due, card)?;
    let trick = cx.st.play_mut().play_card(due, card);
    let last = cx.st.play().cards().is_some_and(|p| p.tricks.len() >= 13);
    cx.event(
        EventKind::Card {
            seat: due,
            card,
            from_dummy,
        },
        Audience::EVERYONE,
    );
    if let Some((number, winner)) = trick {
        cx.event(EventKind::Trick { number, winner }, Audience::EVERYONE);
    }
    if last {
        finish_play(cx);
    }
    Ok(())
}

/// The `end_play` action (claim agreed).
///
/// # Errors
/// As `card_turn::may_end_play`: `WRONG_PERIOD` outside the play period; `NOT_ENTITLED`
/// for dummy.
pub fn end_play(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
    may_end_play(cx.st, seat)?;
    finish_play(cx);
    Ok(())
}

fn finish_play(cx: &mut Ctx<'_>) {
    cx.st.end_play();
    let tricks = cx.st.play().cards().map_or(0, |p| p.tricks.len());
    cx.event(EventKind::PlayEnded { tricks }, Audience::EVERYONE);
    duties::duties_at_end_of_play(cx);
}

/// The `return_hands` action: a passed-out board's hands go back (L17D2).
///
/// # Errors
/// `UNDO_PENDING`; `WRONG_PERIOD` unless the board was passed out.
pub fn return_hands(cx: &mut Ctx<'_>, _seat: Seat) -> Result<(), Refusal> {
    no_undo_pending(cx.st)?;
    if cx.st.phase() != Phase::PassedOut {
        return refuse_citing(
            Law::L17D2,
            Code::WrongPeriod,
            "only a passed-out board's hands are returned",
        );
    }
    cx.st.return_hands();
    cx.event(EventKind::HandsReturned, Audience::EVERYONE);
    lift_bars_at_end_of_period(cx);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::event::BarKind;
    use crate::procedure::steps;
    use crate::procedure::test_support::{calls_from, played, run};

    fn c2() -> Card {
        "C2".parse().expect("card")
    }

    /// Dealer N: 1C P P P (North declares, South is dummy), East's opening lead of the C2
    /// face down; then `more`.
    fn led(more: &[Action]) -> crate::table::Table {
        let mut actions = calls_from(Seat::N, &["1C", "P", "P", "P"]);
        actions.push(Action::lead(Seat::E, c2()));
        actions.extend_from_slice(more);
        played(Seat::N, &actions)
    }

    #[test]
    fn l41c_a_defender_faces_the_opening_lead_which_ends_the_auction_period_and_its_bars() {
        let t = led(&[]);
        let r = run(&t, |cx| {
            steps::bar(cx, Seat::W, BarKind::Throughout, Law::L27B2, None);
            face_lead(cx, Seat::W)
        });
        assert!(r.out.is_ok());
        assert_eq!(r.st.phase(), Phase::Play);
        assert!(r.events.contains(&EventKind::LeadFaced {
            seat: Seat::E,
            card: c2()
        }));
        assert!(r.events.contains(&EventKind::BarLifted { seat: Seat::W }));
        let by_declarer = run(&t, |cx| face_lead(cx, Seat::N)).out.map_err(|e| e.code);
        assert_eq!(by_declarer, Err(Code::NotYourLead));
    }

    #[test]
    fn l45_a_card_already_played_is_refused() {
        let t = led(&[Action::face_lead(Seat::E)]);
        let refused = run(&t, |cx| play(cx, Seat::N, c2(), true)).out.expect_err("played");
        assert_eq!((refused.code, refused.law), (Code::CardAlreadyPlayed, Law::L45));
        assert!(run(&t, |cx| play(cx, Seat::N, "C3".parse().expect("card"), true))
            .out
            .is_ok());
    }

    #[test]
    fn l17d2_only_a_passed_out_boards_hands_are_returned() {
        let t = played(Seat::N, &calls_from(Seat::N, &["1C", "P", "P", "P"]));
        let refused = run(&t, |cx| return_hands(cx, Seat::N)).out.expect_err("not passed out");
        assert_eq!((refused.code, refused.law), (Code::WrongPeriod, Law::L17D2));
        let t = played(Seat::N, &calls_from(Seat::N, &["P", "P", "P", "P"]));
        let r = run(&t, |cx| return_hands(cx, Seat::N));
        assert!(r.out.is_ok());
        assert!(r.events.contains(&EventKind::HandsReturned));
    }
}
