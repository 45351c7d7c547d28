//! Questions about the opponents' calls (L20F1–F3, L41B): who may ask, when, and who answers.

use crate::audience::{Audience, Viewer};
use crate::call::Seat;
use crate::event::{DisclosureKind, EventKind};
use crate::law::Law;
use crate::procedure::ctx::Ctx;
use crate::procedure::record::call_id;
use crate::procedure::steps::{remind, wait_for_undo};
use crate::procedure::{audience, information};
use crate::regulation::Regulation;
use crate::report::{refuse, refuse_citing, Code, Refusal, Severity, Warning};
use crate::state::{CallId, Phase, QuestionRecord, State};
use crate::store::seat_list::SeatList;

/// The `ask` action (L20F1, L20F2, L41B).
///
/// # Errors
/// As `may_ask`; `NO_SUCH_CALL` for an index beyond the calls in force.
pub fn ask(cx: &mut Ctx<'_>, seat: Seat, index: Option<usize>) -> Result<(), Refusal> {
    let id = index.map(|i| call_id(cx, i)).transpose()?;
    may_ask(cx.st, cx.reg, seat, id)?;
    // L20F1: each call is explained by its own explainer; a question about the whole
    // auction goes to every explainer of an opponent's call in force (`answerers_of`).
    let answerers = match id {
        Some(id) => SeatList::EMPTY.with(audience::answerer(cx.reg, seat, cx.st.auction().record()[id].seat)),
        None => answerers_of(cx.st, cx.reg, seat),
    };
    let aud = audience::question(cx.reg, seat, &answerers);
    cx.heard_by(aud);
    let at_record_len = cx.st.auction().record().len();
    let at_disclosures = cx.st.extra().disclosures().len();
    let qid = cx.st.extra_mut().ask(QuestionRecord {
        asker: seat,
        answerers,
        call: id,
        answered_by: Audience::NONE,
        heard_by: Audience::NONE,
        audience: aud,
        at_record_len,
        at_disclosures,
    });
    cx.event(
        EventKind::Question {
            id: qid,
            asker: seat,
            answerers,
            index,
        },
        aud,
    );
    if let Some((caller, call)) = id.and_then(|id| cx.st.auction().call(id)).map(|r| (r.seat, r.call)) {
        // L20F3 / L16B1: a question about a single call may convey information. Given
        // also when it is the opponents' only call in force (SPEC §5.5; docs/RULINGS.md),
        // then without saying it was singled out from others.
        let partner = seat.partner();
        let alone = if calls_in_force_of_side(cx.st, caller) > 1 {
            " alone"
        } else {
            ""
        };
        // Naming the call asked about (`call`), as a page says it.
        cx.warn(
            Warning::new(
                Code::SingleCallQuestion,
                Severity::Caution,
                Audience::seat(seat),
                format!("{seat}'s question about {caller}'s {call}{alone} may give {partner} unauthorized information"),
            )
            .citing(Law::L20F3)
            .about(call),
        );
    }
    // Worded in the third person: the Director reads every reminder too, and it stays in
    // the record after the answer (the question's own state says whether it is answered).
    for a in answerers.iter() {
        remind(
            cx,
            Code::AnswerPending,
            *a,
            format!("{a} is asked by {seat} about the calls of {a}'s side (Law 20F1)"),
        );
    }
    if audience::partner_hears(cx.reg) {
        let partner = seat.partner();
        information::caution(
            cx,
            Code::UiFromPartner,
            partner,
            format!("{seat}'s question is unauthorized information for his partner {partner}"),
            Law::L16B1,
        );
    }
    Ok(())
}

/// How many calls in force `caller`'s side has made.
fn calls_in_force_of_side(st: &State, caller: Seat) -> usize {
    st.auction()
        .in_force_ids()
        .iter()
        .filter(|id| st.auction().call(*id).is_some_and(|r| r.seat.side() == caller.side()))
        .count()
}

/// L20F1: who answers `asker`'s question about the opponents' whole auction — the
/// explainer of each of their calls in force (face to face the caller's partner, under
/// self-alerting the caller, behind screens the asker's screenmate), LHO first.
fn answerers_of(st: &State, reg: &Regulation, asker: Seat) -> SeatList {
    let opponents = [asker.lho(), asker.rho()];
    let answers = |a: Seat| {
        opponents
            .iter()
            .any(|c| has_call_in_force(st, *c) && audience::answerer(reg, asker, *c) == a)
    };
    opponents.into_iter().filter(|a| answers(*a)).collect()
}

/// Whether `caller` has a call in force.
fn has_call_in_force(st: &State, caller: Seat) -> bool {
    st.auction()
        .in_force_ids()
        .iter()
        .any(|id| st.auction().call(id).is_some_and(|r| r.seat == caller))
}

/// The calls in force question `q` covers that `seat` must explain (L20F1): the call asked
/// about, or each of the opponents' calls in force when it was asked, each by its own
/// explainer (`audience::answerer`). A covered call since withdrawn needs no answer.
fn owed_calls<'a>(st: &'a State, reg: &'a Regulation, q: &'a QuestionRecord, seat: Seat) -> impl Iterator<Item = CallId> + 'a {
    st.auction().in_force_ids().iter().filter(move |id| {
        let covered = match q.call {
            Some(c) => c == *id,
            None => id.get() < q.at_record_len,
        };
        covered
            && st
                .auction()
                .call(*id)
                .is_some_and(|r| r.seat.is_opponent_of(q.asker) && audience::answerer(reg, q.asker, r.seat) == seat)
    })
}

/// Whether `seat` has explained call `id` since question `q` was asked.
fn explained_since(st: &State, q: &QuestionRecord, seat: Seat, id: CallId) -> bool {
    let given = st.extra().disclosures().get(q.at_disclosures..).unwrap_or_default();
    given
        .iter()
        .any(|d| d.call == id && d.by == seat && d.kind == DisclosureKind::Explanation)
}

/// Whether `seat` still owes his part of question `q` (L20F1): he is one of its answerers and
/// has not yet explained every call it covers that is his to explain. A partner's answer
/// never discharges it: each call has its own explainer. The view's `questions_to_answer`.
pub fn owes(st: &State, reg: &Regulation, q: &QuestionRecord, seat: Seat) -> bool {
    q.answerers.contains(&seat)
        && !q.answered_by.has_seat(seat)
        && owed_calls(st, reg, q, seat).any(|id| !explained_since(st, q, seat, id))
}

/// Whether question `q` is answered: every call it covers has been explained by its
/// explainer (L20F1).
pub fn answered(st: &State, reg: &Regulation, q: &QuestionRecord) -> bool {
    !q.answerers.iter().any(|a| owes(st, reg, q, *a))
}

/// Whether `viewer` knows question `q` answered: it is (`answered`), and every answer was
/// given in his hearing — under self-alerting partner's answer goes to the opponents only,
/// so a player never learns from his view that partner has answered (SPEC §6).
pub fn answered_for(st: &State, reg: &Regulation, q: &QuestionRecord, viewer: Viewer) -> bool {
    let heard_each = |a: &Seat| {
        owed_calls(st, reg, q, *a).all(|id| {
            st.auction()
                .call(id)
                .is_some_and(|r| audience::disclosure(reg, r.seat, *a).contains(viewer))
        })
    };
    q.heard_by.contains(viewer) && answered(st, reg, q) && q.answerers.iter().all(heard_each)
}

/// The questions (ids) that `seat`'s explanation of call `id` answers, in part or whole:
/// those whose part he owes and that cover `id` as his to explain.
pub fn answered_by_explaining(st: &State, reg: &Regulation, seat: Seat, id: CallId) -> Vec<usize> {
    let questions = st.extra().questions().iter().enumerate();
    questions
        .filter(|(_, q)| owes(st, reg, q, seat) && owed_calls(st, reg, q, seat).any(|c| c == id))
        .map(|(qid, _)| qid)
        .collect()
}

/// Whether `seat` may ask now about record `id` (`None`: the opponents' auction as a whole)
/// — the `ask` action's rule, also the view's answer (`may_ask`, `askable`). Judged on what
/// `seat` may know: a question his partner asked out of his hearing (self-alerting,
/// screens) does not make his own "supplementary" (L20F1; the restriction serves L20G1 and
/// L16B1, which concern a question partner heard), so the view and the action agree and
/// neither tells him of it (docs/RULINGS.md).
///
/// # Errors
/// As `when_allowed`; for the whole auction, `NO_SUCH_CALL` before the opponents have
/// called, `UNDO_PENDING` while a Law 25A request may take one of their calls away.
pub fn may_ask(st: &State, reg: &Regulation, seat: Seat, id: Option<CallId>) -> Result<(), Refusal> {
    when_allowed(st, reg, seat, id)?;
    // L20F1: a question is about a call made; before the opponents have made one there is
    // nothing to ask about.
    if id.is_some() {
        return Ok(());
    }
    if !(has_call_in_force(st, seat.lho()) || has_call_in_force(st, seat.rho())) {
        return refuse_citing(Law::L20F1, Code::NoSuchCall, "the opponents have made no call to ask about");
    }
    // L25A: a question about their whole auction covers a call the request may take away.
    let theirs = st.auction().in_force_ids().iter().filter(|id| st.auction().call(*id).is_some_and(|r| r.seat.is_opponent_of(seat)));
    for id in theirs {
        wait_for_undo(st, id)?;
    }
    Ok(())
}

/// Whether `seat` may ask now about some call (`id`: that one): `may_ask` but for what a
/// question about the whole auction adds (a call to ask about, none awaiting a Law 25A
/// decision). What `askable` starts from.
///
/// # Errors
/// `ASK_OWN_SIDE`, `UNDO_PENDING` (with `id`), `SUPPLEMENTARY_QUESTION`,
/// `ASK_NOT_YOUR_TURN`, `DUMMY_MAY_NOT_ASK`, `WRONG_PERIOD`.
pub fn when_allowed(st: &State, reg: &Regulation, seat: Seat, id: Option<CallId>) -> Result<(), Refusal> {
    // Dummy may never ask (L41B, L20F2), whatever the call.
    if matches!(st.phase(), Phase::Clarification | Phase::Play) && st.play().is_dummy(seat) {
        return refuse(Code::DummyMayNotAsk, "dummy may not ask (Law 41B)");
    }
    if let Some(id) = id {
        may_ask_about(st, seat, id)?;
    }
    match st.phase() {
        Phase::Auction => {
            let due = st.turn_to_call();
            if seat != due && partner_asked_since_my_turn(st, seat) {
                return refuse(
                    Code::SupplementaryQuestion,
                    "your partner asked: you may not ask a supplementary question until your own turn",
                );
            }
            if seat != due && matches!(reg.questions, crate::regulation::Questions::OwnTurn) {
                return refuse(Code::AskNotYourTurn, "questions are asked at one's own turn to call");
            }
            Ok(())
        }
        Phase::Clarification | Phase::Play => check_ask_after_auction(st, reg, seat),
        Phase::PassedOut | Phase::Ended => {
            refuse_citing(Law::L20F, Code::WrongPeriod, "there is no auction to ask about now")
        }
    }
}

/// What asking about record `id` adds to `may_ask` for the auction as a whole: the call
/// must be an opponent's (L20F1), and not one a pending Law 25A request may take away.
///
/// # Errors
/// `ASK_OWN_SIDE`; `UNDO_PENDING`.
pub fn may_ask_about(st: &State, seat: Seat, id: CallId) -> Result<(), Refusal> {
    match st.auction().call(id) {
        Some(r) if !r.seat.is_opponent_of(seat) => {
            refuse(Code::AskOwnSide, "questions are about the opponents' calls only")
        }
        _ => wait_for_undo(st, id),
    }
}

/// Whether `seat`'s partner has asked, since `seat` last called, a question `seat` heard
/// (L20F1: a supplementary question follows one its asker heard).
fn partner_asked_since_my_turn(st: &State, seat: Seat) -> bool {
    let mine = st
        .auction()
        .record()
        .iter()
        .rposition(|r| r.seat == seat)
        .map_or(0, |p| p + 1);
    st.extra().questions().iter().any(|q| {
        q.asker == seat.partner() && q.at_record_len >= mine && q.audience.contains(crate::audience::Viewer::Seat(seat))
    })
}

/// L20F2 / L41B: who may ask after the final pass.
fn check_ask_after_auction(st: &State, reg: &Regulation, seat: Seat) -> Result<(), Refusal> {
    if st.play().is_dummy(seat) {
        return refuse(Code::DummyMayNotAsk, "dummy may not ask (Law 41B)");
    }
    let Some(contract) = st.play().contract() else {
        return refuse(Code::WrongPeriod, "no contract");
    };
    if matches!(reg.questions, crate::regulation::Questions::AnyTime) {
        // SPEC 2/5.5 (online, Law 80 choice): a player may ask about an opponent's call at
        // any time — clarification period and play alike, whoever is to play; dummy never
        // asks (L42/L43, checked above), nor does anyone about his own side's calls.
        return Ok(());
    }
    let play = st.play().cards();
    match st.phase() {
        Phase::Clarification => {
            let led = play.is_some_and(|p| p.lead.is_some());
            if seat == contract.leader() && led {
                return refuse_citing(
                    Law::L20F2,
                    Code::AskNotYourTurn,
                    "the opening leader asks before leading (Law 20F2)",
                );
            }
            Ok(())
        }
        _ => {
            let my_turn = play.and_then(|p| p.turn_to_act(st.play().contract())) == Some(seat);
            if my_turn {
                Ok(())
            } else {
                refuse_citing(
                    Law::L20F2,
                    Code::AskNotYourTurn,
                    "during play, questions are asked at one's own turn to play",
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, played, run};

    fn asks(t: &crate::table::Table, seat: Seat, id: Option<usize>) -> Result<(), Code> {
        may_ask(t.state(), t.regulation(), seat, id.map(CallId::new)).map_err(|e| e.code)
    }

    /// Dealer N, face to face: 1C by North, a pass by East; South to call.
    fn south_to_call() -> crate::table::Table {
        played(
            Seat::N,
            &[Action::call(Seat::N, call("1C")), Action::call(Seat::E, call("P"))],
        )
    }

    #[test]
    fn l20f1_a_player_asks_about_the_opponents_calls_only_and_at_his_own_turn() {
        let t = south_to_call();
        assert_eq!(asks(&t, Seat::S, Some(1)), Ok(()));
        assert_eq!(asks(&t, Seat::S, Some(0)), Err(Code::AskOwnSide));
        // Face to face, questions wait for one's own turn.
        assert_eq!(asks(&t, Seat::W, None), Err(Code::AskNotYourTurn));
    }

    #[test]
    fn l20f3_a_question_about_one_of_several_calls_cautions_the_asker() {
        // Dealer N: 1C P 1H P; West to call asks about South's 1H, one of two calls.
        let t = played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1C")),
                Action::call(Seat::E, call("P")),
                Action::call(Seat::S, call("1H")),
            ],
        );
        let r = run(&t, |cx| ask(cx, Seat::W, Some(2)));
        assert!(r.out.is_ok());
        assert!(r
            .warnings
            .iter()
            .any(|w| w.code == Code::SingleCallQuestion && w.law == Law::L20F3));
        let whole = run(&t, |cx| ask(cx, Seat::W, None));
        assert!(!whole.warnings.iter().any(|w| w.code == Code::SingleCallQuestion));
    }

    #[test]
    fn l20f3_a_question_about_the_opponents_only_call_is_cautioned_without_saying_alone() {
        // SPEC §5.5 (docs/RULINGS.md): cautioned, but not as singled out from others.
        let r = run(&south_to_call(), |cx| ask(cx, Seat::S, Some(1)));
        assert!(r.out.is_ok());
        let caution = r.warnings.iter().find(|w| w.code == Code::SingleCallQuestion);
        assert!(caution.is_some_and(|w| !w.message.contains("alone")));
    }

    #[test]
    fn l20f1_no_question_about_the_whole_auction_before_the_opponents_have_called() {
        let t = played(Seat::N, &[]);
        assert_eq!(asks(&t, Seat::N, None), Err(Code::NoSuchCall));
        let t = played(Seat::N, &[Action::call(Seat::N, call("1C"))]);
        assert_eq!(asks(&t, Seat::E, None), Ok(()));
    }

    #[test]
    fn l20f1_each_opponent_answers_for_his_partners_calls_and_owes_his_part_until_he_has() {
        // Face to face, dealer N: 1C P 1H; West asks about the whole auction.
        let t = played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1C")),
                Action::call(Seat::E, call("P")),
                Action::call(Seat::S, call("1H")),
                Action::ask_auction(Seat::W),
                // South explains North's 1C: his part is done; North still owes South's 1H.
                Action::explain(Seat::S, 0, "natural"),
            ],
        );
        let (st, reg) = (t.state(), t.regulation());
        let q = &st.extra().questions()[0];
        assert_eq!(&q.answerers[..], &[Seat::N, Seat::S]);
        assert!(!owes(st, reg, q, Seat::S));
        assert!(owes(st, reg, q, Seat::N));
        assert!(!answered(st, reg, q));
    }

    #[test]
    fn l41b_after_the_final_pass_dummy_may_not_ask_and_the_opening_leader_asks_before_leading() {
        let mut t = played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1C")),
                Action::call(Seat::E, call("P")),
                Action::call(Seat::S, call("P")),
                Action::call(Seat::W, call("P")),
            ],
        );
        assert_eq!(asks(&t, Seat::S, Some(1)), Err(Code::DummyMayNotAsk));
        assert_eq!(asks(&t, Seat::E, None), Ok(()));
        assert!(t.apply(Action::lead(Seat::E, "C2".parse().expect("card"))).is_ok());
        let refused = may_ask(t.state(), t.regulation(), Seat::E, None).expect_err("led");
        assert_eq!((refused.code, refused.law.as_str()), (Code::AskNotYourTurn, "20F2"));
        assert_eq!(asks(&t, Seat::W, None), Ok(()));
    }
}
