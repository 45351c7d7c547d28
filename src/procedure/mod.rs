//! The procedural laws, one module per family, as functions over the table's state.
//! `dispatch` routes each action; every function either changes the state and reports
//! events, or refuses with a `Refusal` (the state's journal then rolls its changes back).

pub mod audience;
pub mod by_call;
pub mod calls;
pub mod card_turn;
pub mod change;
pub mod correction;
mod ctx;
pub mod duties;
pub mod explanation;
pub mod follow;
pub mod hands;
pub mod inadmissible;
pub mod information;
pub mod insufficient;
pub mod irregularity;
pub mod lead_checks;
pub mod lead_choice;
pub mod lead_restriction;
pub mod play;
pub mod questions;
pub mod record;
pub mod review;
pub mod rotation;
pub mod rulings;
pub mod settle;
pub mod steps;
#[cfg(test)]
mod test_support;
pub mod undo;

pub use ctx::{Ctx, WithCall};

use crate::action::{Action, ActionKind, Actor, Ruling};
use crate::call::Seat;
use crate::law::Law;
use crate::report::{refuse_citing, Code, Refusal};
use crate::state::{Phase, State};

/// Routes one action to the law that governs it. `ruling` is the Director's ruling the
/// action gives, its value checked (`Action::director_ruling`); a `ruling` action without
/// it is refused: only the Director gives rulings (L81).
///
/// # Errors
/// The refusal of that law.
pub fn dispatch(cx: &mut Ctx<'_>, action: &Action, ruling: Option<Ruling<'_>>) -> Result<(), Refusal> {
    if let ActionKind::Ruling { .. } = &action.kind {
        return match (action.seat, ruling) {
            (Actor::Director, Some(ruling)) => rulings::ruling(cx, ruling),
            _ => refuse_citing(Law::L81, Code::NotEntitled, "only the Director gives rulings"),
        };
    }
    let seat = match action.seat {
        Actor::Seat(s) => {
            // What the action causes reaches only those who may know of it.
            cx.known_only_to(audience::of_action(&action.kind, s));
            s
        }
        Actor::Director => {
            return match &action.kind {
                ActionKind::Director { reason } => {
                    steps::summon(cx, Actor::Director, reason.as_deref(), Law::L81);
                    Ok(())
                }
                _ => refuse_citing(
                    Law::L81,
                    Code::NotEntitled,
                    format!("the Director does not `{}`: a player does", action.type_name()),
                ),
            };
        }
    };
    match &action.kind {
        ActionKind::Call {
            call,
            alert,
            explanation,
            intent,
        } => calls::call(
            cx,
            seat,
            *call,
            WithCall {
                alert: *alert,
                explanation: explanation.as_ref(),
                intent: *intent,
                at: action.at,
            },
        ),
        ActionKind::Alert { index, explanation } => explanation::alert(cx, seat, *index, explanation.clone()),
        ActionKind::Explain { index, text } => explanation::explain(cx, seat, *index, text.clone()),
        ActionKind::Ask { index } => questions::ask(cx, seat, *index),
        ActionKind::Review => review::review(cx, seat),
        ActionKind::AskLead => review::ask_lead(cx, seat),
        ActionKind::AskContract => review::ask_contract(cx, seat),
        ActionKind::CorrectExplanation { index, text } => correction::correct(cx, seat, *index, text.clone()),
        ActionKind::NotePartnerMistake { index } => correction::note_partner_mistake(cx, seat, *index),
        ActionKind::ReplaceCall { call } => undo::replace_call(cx, seat, *call),
        ActionKind::ChangeCall { call } => change::change_call(cx, seat, *call),
        ActionKind::Respond { accept } => undo::respond(cx, seat, *accept),
        ActionKind::Accept => undo::not_pending(cx).and_then(|()| irregularity::accept(cx, seat)),
        ActionKind::Decline => undo::not_pending(cx).and_then(|()| irregularity::decline(cx, seat)),
        ActionKind::Director { reason } => {
            steps::summon(cx, Actor::Seat(seat), reason.as_deref(), Law::L9B1a);
            Ok(())
        }
        ActionKind::RestrictLead { suit, require } => lead_choice::restrict_lead(cx, seat, *suit, *require),
        ActionKind::Lead { card } => play::lead(cx, seat, *card),
        ActionKind::FaceLead => play::face_lead(cx, seat),
        ActionKind::Play { card, from } => play::play(cx, seat, *card, from.is_some()),
        ActionKind::EndPlay => play::end_play(cx, seat),
        ActionKind::ReturnHands => play::return_hands(cx, seat),
        ActionKind::Ruling { .. } => refuse_citing(Law::L81, Code::NotEntitled, "only the Director gives rulings"),
    }
}

/// The seat that must act next (SPEC §7).
pub fn turn(st: &State) -> Option<Seat> {
    match st.phase() {
        Phase::Auction => Some(st.turn_to_call()),
        Phase::Clarification => st.play().contract().map(|c| c.leader()),
        Phase::Play => st.play().cards().and_then(|p| p.turn_to_act(st.play().contract())),
        Phase::PassedOut | Phase::Ended => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::RulingOn;
    use crate::event::EventKind;
    use crate::procedure::test_support::{call, played, run, Ran};
    use crate::table::Table;

    /// `action` dispatched on a copy of `t`'s state, with the ruling it gives.
    fn dispatched(t: &Table, action: &Action) -> Ran<Result<(), Refusal>> {
        run(t, |cx| {
            dispatch(cx, action, action.director_ruling().expect("a well-formed ruling"))
        })
    }

    /// The code and law of a refusal.
    fn refused(r: Ran<Result<(), Refusal>>) -> (Code, Law) {
        let e = r.out.expect_err("refused");
        (e.code, e.law)
    }

    #[test]
    fn a_players_call_goes_to_the_auction_laws_and_is_recorded() {
        let r = dispatched(&played(Seat::N, &[]), &Action::call(Seat::N, call("1C")));
        assert!(r.out.is_ok());
        assert_eq!(r.st.auction().record().len(), 1);
        assert!(matches!(
            r.events.as_slice(),
            [EventKind::Call {
                seat: Seat::N,
                index: 0,
                ..
            }]
        ));
    }

    #[test]
    fn l81_a_ruling_without_the_directors_checked_value_is_refused() {
        let t = played(Seat::N, &[]);
        let ruling = Action::ruling(RulingOn::Unintended, None);
        let r = run(&t, |cx| dispatch(cx, &ruling, None));
        assert_eq!(refused(r), (Code::NotEntitled, Law::L81));
    }

    #[test]
    fn l81_a_player_gives_no_ruling() {
        let t = played(Seat::N, &[]);
        let by_north = Action::new(Actor::Seat(Seat::N), Action::ruling(RulingOn::Unintended, None).kind);
        let r = run(&t, |cx| dispatch(cx, &by_north, None));
        assert_eq!(refused(r), (Code::NotEntitled, Law::L81));
    }

    #[test]
    fn l81_the_director_makes_no_call_a_player_does() {
        let t = played(Seat::N, &[]);
        let by_director = Action::new(Actor::Director, Action::call(Seat::N, call("1C")).kind);
        let r = dispatched(&t, &by_director);
        assert!(r.events.is_empty() && r.st.auction().record().is_empty());
        let e = r.out.expect_err("refused");
        assert_eq!((e.code, e.law), (Code::NotEntitled, Law::L81));
        assert!(e.message.contains("`call`"), "{}", e.message);
    }

    #[test]
    fn l81_the_director_may_come_to_the_table_of_his_own_accord() {
        let t = played(Seat::N, &[]);
        let mut summons = Action::summon(Seat::N, None);
        summons.seat = Actor::Director;
        let r = dispatched(&t, &summons);
        assert!(r.out.is_ok());
        assert!(matches!(
            r.events.as_slice(),
            [EventKind::DirectorSummoned {
                by: Actor::Director,
                law: Law::L81,
                ..
            }]
        ));
    }

    #[test]
    fn l9b1a_a_player_summons_the_director() {
        let r = dispatched(&played(Seat::N, &[]), &Action::summon(Seat::E, Some("hesitation")));
        assert!(r.out.is_ok());
        assert!(matches!(
            r.events.as_slice(),
            [EventKind::DirectorSummoned {
                by: Actor::Seat(Seat::E),
                law: Law::L9B1a,
                ..
            }]
        ));
    }
}
