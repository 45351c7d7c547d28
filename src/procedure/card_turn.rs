//! Whose card it is (L41A, L41C, L44, L25A5): the rules the `lead`, `face_lead` and `play`
//! actions apply before they look at the card — also the view's answer `legal_leads`, so
//! that what a view offers is what `apply` takes. Uses no other law module.

use crate::auction::Contract;
use crate::call::Seat;
use crate::law::Law;
use crate::report::{refuse, refuse_citing, Code, Refusal};
use crate::state::{Phase, State};

/// The contract, or `WRONG_PERIOD` before the auction has ended.
///
/// # Errors
/// `WRONG_PERIOD` without a contract.
pub fn contract(st: &State) -> Result<Contract, Refusal> {
    st.play()
        .contract()
        .ok_or_else(|| Refusal::new(Code::WrongPeriod, "there is no contract"))
}

/// A pending L25A request to replace the final pass keeps the auction period open: the
/// opening lead waits (a reopened auction would take it back), and so do the hands of a
/// passed-out board.
///
/// # Errors
/// `UNDO_PENDING` while such a request is pending (L25A5).
pub fn no_undo_pending(st: &State) -> Result<(), Refusal> {
    if st.undo().request().is_some() {
        return refuse_citing(
            Law::L25A5,
            Code::UndoPending,
            "a request to replace a call is pending: the auction may reopen (Law 25A5)",
        );
    }
    Ok(())
}

/// Whether `seat` may make the opening lead face down now — the `lead` action's rule up to
/// the card (L41A). Gives the contract.
///
/// # Errors
/// `UNDO_PENDING`; `WRONG_PERIOD` outside the clarification period; `NOT_YOUR_LEAD`.
pub fn may_open(st: &State, seat: Seat) -> Result<Contract, Refusal> {
    no_undo_pending(st)?;
    if st.phase() != Phase::Clarification {
        return refuse_citing(
            Law::L41A,
            Code::WrongPeriod,
            "the opening lead is made after the final pass",
        );
    }
    let contract = contract(st)?;
    if seat != contract.leader() {
        return refuse(
            Code::NotYourLead,
            format!("{} makes the opening lead", contract.leader()),
        );
    }
    if st.play().cards().is_some_and(|p| p.lead.is_some()) {
        return refuse(Code::NotYourLead, "the opening lead has been made");
    }
    Ok(contract)
}

/// Whether `seat` may play a card now in the play period (`from_dummy`: declarer playing
/// dummy's) — the `play` action's rule up to the card (L44, L45). Gives the hand due to
/// play and the contract.
///
/// # Errors
/// `WRONG_PERIOD` outside the play period or after the thirteenth trick; `NOT_YOUR_TURN`
/// (law 44).
pub fn may_play(st: &State, seat: Seat, from_dummy: bool) -> Result<(Seat, Contract), Refusal> {
    if st.phase() != Phase::Play {
        return refuse(Code::WrongPeriod, "cards are played in the play period");
    }
    let contract = contract(st)?;
    let Some(p) = st.play().cards() else {
        return refuse(Code::WrongPeriod, "no opening lead");
    };
    let Some(due) = p.to_play() else {
        return refuse(Code::WrongPeriod, "all thirteen tricks have been played");
    };
    let ok = if due == contract.dummy() {
        seat == contract.declarer && from_dummy
    } else {
        seat == due && !from_dummy
    };
    if !ok {
        let who = if due == contract.dummy() {
            format!("declarer ({}) from dummy", contract.declarer)
        } else {
            due.to_string()
        };
        return refuse_citing(Law::L44, Code::NotYourTurn, format!("it is {who} to play"));
    }
    Ok((due, contract))
}

/// Whether `seat` may lead now — the opening lead (`may_open`) or a card to an empty
/// trick from the hand he plays (`may_play`, dummy's for declarer) — and from which hand:
/// the rule `legal_leads` answers from, as `apply` does.
///
/// # Errors
/// As `may_open` or `may_play`; `NOT_YOUR_LEAD` while a trick is in progress.
pub fn may_lead(st: &State, seat: Seat) -> Result<Seat, Refusal> {
    match st.phase() {
        Phase::Clarification => may_open(st, seat).map(|c| c.leader()),
        _ => {
            let (hand, _) = may_play(st, seat, dummy_due(st))?;
            if st.play().cards().is_some_and(|p| !p.current.is_empty()) {
                return refuse_citing(Law::L44, Code::NotYourLead, "a trick is in progress: follow to it");
            }
            Ok(hand)
        }
    }
}

/// Whether `seat` may play a card now — the `play` action's rule up to the card: in the
/// clarification period the opening leader's lead faced at once (`may_open`), in play his
/// hand's card at its turn, declarer's from dummy at dummy's (L45: dummy plays none). Gives
/// the hand the card comes from. The view's `may_play`.
///
/// # Errors
/// As `may_open` or `may_play`.
pub fn may_play_now(st: &State, seat: Seat) -> Result<Seat, Refusal> {
    match st.phase() {
        Phase::Clarification => may_open(st, seat).map(|c| c.leader()),
        _ => may_play(st, seat, dummy_due(st)).map(|(hand, _)| hand),
    }
}

/// Whether dummy's card is due in the play period (declarer plays it, L45).
fn dummy_due(st: &State) -> bool {
    st.play()
        .contract()
        .zip(st.play().cards().and_then(|p| p.to_play()))
        .is_some_and(|(c, due)| due == c.dummy())
}

/// Whether `seat` may end play now (`end_play`, a claim agreed): in the play period, by
/// declarer or a defender — dummy takes no part in the play (L45: declarer plays his
/// cards). The view's `may_end_play`.
///
/// # Errors
/// `WRONG_PERIOD` outside the play period; `NOT_ENTITLED` for dummy.
pub fn may_end_play(st: &State, seat: Seat) -> Result<(), Refusal> {
    if st.phase() != Phase::Play {
        return refuse(Code::WrongPeriod, "play has not begun");
    }
    if st.play().is_dummy(seat) {
        return refuse_citing(
            Law::L45,
            Code::NotEntitled,
            "dummy takes no part in the play: declarer plays for his side",
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, calls_from, played, run};
    use crate::procedure::undo;

    /// Dealer N: 1C P P P: North declares, South is dummy, East leads.
    fn one_club(more: &[Action]) -> crate::table::Table {
        let mut actions = calls_from(Seat::N, &["1C", "P", "P", "P"]);
        actions.extend_from_slice(more);
        played(Seat::N, &actions)
    }

    fn code<T>(r: Result<T, Refusal>) -> Result<(), Code> {
        r.map(|_| ()).map_err(|e| e.code)
    }

    #[test]
    fn l41a_the_opening_lead_is_made_once_by_declarers_lho() {
        let t = one_club(&[]);
        assert_eq!(code(may_open(t.state(), Seat::E)), Ok(()));
        assert_eq!(code(may_open(t.state(), Seat::W)), Err(Code::NotYourLead));
        let t = one_club(&[Action::lead(Seat::E, "C2".parse().expect("card"))]);
        assert_eq!(code(may_open(t.state(), Seat::E)), Err(Code::NotYourLead));
    }

    #[test]
    fn l45_declarer_plays_dummys_cards_and_dummy_plays_none() {
        let c2 = "C2".parse().expect("card");
        let t = one_club(&[Action::lead(Seat::E, c2), Action::face_lead(Seat::E)]);
        let st = t.state();
        assert_eq!(may_play(st, Seat::N, true).map(|(hand, _)| hand).ok(), Some(Seat::S));
        assert_eq!(code(may_play(st, Seat::S, false)), Err(Code::NotYourTurn));
        assert_eq!(code(may_play(st, Seat::N, false)), Err(Code::NotYourTurn));
        // L44: a trick is in progress, so nobody leads.
        assert_eq!(code(may_lead(st, Seat::N)), Err(Code::NotYourLead));
    }

    #[test]
    fn l25a5_the_opening_lead_waits_while_a_replacement_of_the_final_pass_is_asked() {
        let t = one_club(&[]);
        let r = run(&t, |cx| {
            undo::replace_call(cx, Seat::W, call("1H")).expect("requested");
            may_open(cx.st, Seat::E).map(|_| ())
        });
        let refused = r.out.expect_err("waits");
        assert_eq!((refused.code, refused.law), (Code::UndoPending, Law::L25A5));
    }
}
