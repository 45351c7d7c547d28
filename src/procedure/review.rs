//! Review of the auction (L20A–E, L20C, L41B–C): who may have the calls restated, and when.

use crate::auction::Contract;
use crate::audience::Viewer;
use crate::call::Seat;
use crate::event::{EventKind, ReviewLine};
use crate::law::Law;
use crate::procedure::audience;
use crate::procedure::by_call::ByCall;
use crate::procedure::card_turn::no_undo_pending;
use crate::procedure::ctx::Ctx;
use crate::report::{refuse, refuse_citing, Code, Refusal};
use crate::state::{Phase, State};

/// The `review` action.
///
/// # Errors
/// `REVIEW_NOT_YOUR_TURN`, `NO_SUCH_CALL` before the first call, `REVIEW_WHILE_BARRED` (L20B); `DUMMY_MAY_NOT_ASK`,
/// `REVIEW_EXPIRED` (L41B); `WRONG_PERIOD` once the board is over.
pub fn review(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
    may_review(cx.st, seat)?;
    let calls = restatement(cx.st, Viewer::Seat(seat));
    let restated = crate::store::counting::narrow(cx.st.auction().in_force_ids().len());
    let aud = audience::review(cx.reg, seat);
    cx.heard_by(aud);
    cx.event(
        EventKind::Review {
            requester: seat,
            restated,
            calls,
        },
        aud,
    );
    Ok(())
}

/// Whether `seat` may have the auction reviewed now — the `review` action's rule, also the
/// view's answer (`may_review`).
///
/// # Errors
/// As `review`.
pub fn may_review(st: &State, seat: Seat) -> Result<(), Refusal> {
    match st.phase() {
        Phase::Auction => {
            // L20B: at his own turn to call, unless he must pass.
            if st.turn_to_call() != seat {
                return refuse(Code::ReviewNotYourTurn, "a review is given at one's own turn to call");
            }
            // L20B: a review restates the previous calls; before the first there is none.
            if st.auction().in_force_ids().is_empty() {
                return refuse_citing(Law::L20B, Code::NoSuchCall, "there is no call to review yet");
            }
            if st.bars().is_barred(seat) {
                return refuse(
                    Code::ReviewWhileBarred,
                    "a player who must pass may not have the auction reviewed",
                );
            }
            Ok(())
        }
        Phase::Clarification | Phase::Play => check_after_auction(st, seat),
        Phase::PassedOut => Ok(()),
        Phase::Ended => refuse(Code::ReviewExpired, "play is over"),
    }
}

/// L41B, L20C2: after the final pass.
fn check_after_auction(st: &State, seat: Seat) -> Result<(), Refusal> {
    if st.play().is_dummy(seat) {
        return refuse(
            Code::DummyMayNotAsk,
            "the presumed dummy may not have the auction reviewed (Law 41B)",
        );
    }
    let Some(contract) = st.play().contract() else {
        return refuse(Code::WrongPeriod, "no contract");
    };
    let play = st.play().cards();
    let has_played = play.is_some_and(|p| p.has_played(seat, contract));
    if has_played {
        return refuse(
            Code::ReviewExpired,
            "the right to a review lapses when the player has played a card (Law 41B)",
        );
    }
    if st.phase() == Phase::Play && play.and_then(|p| p.turn_to_act(st.play().contract())) != Some(seat) {
        return refuse_citing(
            Law::L20C2,
            Code::ReviewNotYourTurn,
            "in play, a review is given at one's first turn to play (Law 20C2)",
        );
    }
    Ok(())
}

/// The calls in force alerted or explained to `viewer`, with what he may see of them (never
/// partial): whether alerted, and the positions of the explanations among the call's
/// disclosures in his view (the view's `calls`: the disclosures he heard, not superseded).
pub fn restatement(st: &State, viewer: Viewer) -> Vec<ReviewLine> {
    let by_call = ByCall::new(st.extra().disclosures(), st.auction().record().len());
    st.auction()
        .in_force_ids()
        .iter()
        .enumerate()
        .filter_map(|(index, id)| {
            let seen = by_call.of(id).filter(|d| !d.superseded && d.audience.contains(viewer));
            let mut alerted = false;
            let mut explanations = Vec::new();
            for (position, d) in seen.enumerate() {
                alerted |= d.alert;
                if d.text.is_some() {
                    explanations.push(position);
                }
            }
            (alerted || !explanations.is_empty()).then_some(ReviewLine {
                index,
                alerted,
                explanations,
            })
        })
        .collect()
}

/// The `ask_lead` action (L20C1): a presumed defender asks whether it is his lead.
///
/// # Errors
/// As `may_ask_lead`.
pub fn ask_lead(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
    let contract = may_ask_lead(cx.st, seat)?;
    cx.event(
        EventKind::LeadAnswer {
            seat,
            your_lead: contract.leader() == seat,
        },
        crate::audience::Audience::seat(seat),
    );
    Ok(())
}

/// Whether `seat` may ask "is it my lead?" now — the `ask_lead` action's rule, also the
/// view's answer (`may_ask_lead`). Gives the contract the answer is taken from.
///
/// # Errors
/// `WRONG_PERIOD` outside the clarification period; `NOT_A_DEFENDER`; `UNDO_PENDING`
/// (L25A5).
pub fn may_ask_lead(st: &State, seat: Seat) -> Result<Contract, Refusal> {
    // L20C1, L41A: after the final pass, before the opening lead is faced.
    if st.phase() != Phase::Clarification {
        return refuse_citing(
            Law::L20C1,
            Code::WrongPeriod,
            "ask about the opening lead after the final pass, before it is faced",
        );
    }
    // L41A: only a presumed defender may ask.
    let Some(contract) = st.play().contract().filter(|_| st.play().is_defender(seat)) else {
        return refuse(
            Code::NotADefender,
            "only a presumed defender may ask whether it is his lead",
        );
    };
    // L25A5: a pending request to replace the final pass may reopen the auction and change
    // the contract the answer is taken from.
    no_undo_pending(st)?;
    Ok(contract)
}

/// The `ask_contract` action (L41C): contract and whether doubled, never by whom.
///
/// # Errors
/// As `may_ask_contract`.
pub fn ask_contract(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Refusal> {
    let contract = may_ask_contract(cx.st, seat)?;
    cx.event(
        EventKind::ContractAnswer {
            seat,
            contract: contract.bid.to_string(),
            doubling: contract.doubling,
        },
        crate::audience::Audience::seat(seat),
    );
    Ok(())
}

/// Whether `seat` may ask what the contract is now — the `ask_contract` action's rule, also
/// the view's answer (`may_ask_contract`). Gives the contract asked about.
///
/// # Errors
/// `WRONG_PERIOD` without a contract (or before/after the clarification and play
/// periods); `DUMMY_MAY_NOT_ASK`; `UNDO_PENDING` (L25A5); `ASK_NOT_YOUR_TURN` in play out
/// of turn.
pub fn may_ask_contract(st: &State, seat: Seat) -> Result<Contract, Refusal> {
    let Some(contract) = st
        .play()
        .contract()
        .filter(|_| matches!(st.phase(), Phase::Clarification | Phase::Play))
    else {
        return refuse_citing(Law::L41C, Code::WrongPeriod, "there is no contract to ask about now");
    };
    // L41C: dummy may not ask.
    if st.play().is_dummy(seat) {
        return refuse_citing(Law::L41C, Code::DummyMayNotAsk, "dummy may not ask (Law 41C)");
    }
    // L25A5: as `may_ask_lead`, the answer waits for a pending request to replace the final pass.
    no_undo_pending(st)?;
    // L41C: during play, at his own turn to play.
    if st.phase() == Phase::Play && st.play().cards().and_then(|p| p.turn_to_act(st.play().contract())) != Some(seat) {
        return refuse_citing(Law::L41C, Code::AskNotYourTurn, "ask at your own turn to play");
    }
    Ok(contract)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::event::BarKind;
    use crate::procedure::steps;
    use crate::procedure::test_support::{call, played, run};

    fn code<T>(r: Result<T, Refusal>) -> Result<(), Code> {
        r.map(|_| ()).map_err(|e| e.code)
    }

    /// Dealer N: 1C passed out; North declares, South is dummy, East leads.
    fn one_club() -> crate::table::Table {
        played(
            Seat::N,
            &["1C", "P", "P", "P"]
                .iter()
                .zip([Seat::N, Seat::E, Seat::S, Seat::W])
                .map(|(c, s)| Action::call(s, call(c)))
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn l20b_a_review_is_given_at_ones_own_turn_unless_one_must_pass() {
        let t = played(Seat::N, &[Action::call(Seat::N, call("1C"))]);
        assert_eq!(code(may_review(t.state(), Seat::E)), Ok(()));
        assert_eq!(code(may_review(t.state(), Seat::S)), Err(Code::ReviewNotYourTurn));
        let r = run(&t, |cx| {
            steps::bar(cx, Seat::E, BarKind::Throughout, Law::L27B2, None);
            code(may_review(cx.st, Seat::E))
        });
        assert_eq!(r.out, Err(Code::ReviewWhileBarred));
    }

    #[test]
    fn l41b_after_the_final_pass_dummy_has_no_review_and_a_defender_none_once_he_has_played() {
        let mut t = one_club();
        assert_eq!(code(may_review(t.state(), Seat::S)), Err(Code::DummyMayNotAsk));
        assert_eq!(code(may_review(t.state(), Seat::E)), Ok(()));
        assert!(t.apply(Action::lead(Seat::E, "C2".parse().expect("card"))).is_ok());
        assert!(t.apply(Action::face_lead(Seat::E)).is_ok());
        assert_eq!(code(may_review(t.state(), Seat::E)), Err(Code::ReviewExpired));
    }

    #[test]
    fn l20c1_only_a_presumed_defender_asks_whether_it_is_his_lead_and_only_after_the_final_pass() {
        let t = one_club();
        assert_eq!(may_ask_lead(t.state(), Seat::W).map(|c| c.leader()).ok(), Some(Seat::E));
        assert_eq!(code(may_ask_lead(t.state(), Seat::N)), Err(Code::NotADefender));
        let t = played(Seat::N, &[Action::call(Seat::N, call("1C"))]);
        assert_eq!(code(may_ask_lead(t.state(), Seat::E)), Err(Code::WrongPeriod));
    }

    #[test]
    fn l41c_dummy_may_not_ask_what_the_contract_is() {
        let t = one_club();
        assert_eq!(code(may_ask_contract(t.state(), Seat::S)), Err(Code::DummyMayNotAsk));
        assert_eq!(
            may_ask_contract(t.state(), Seat::N)
                .map(|c| c.bid.to_string())
                .ok()
                .as_deref(),
            Some("1C")
        );
    }
}
