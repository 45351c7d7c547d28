//! Law 36 (inadmissible doubles and redoubles) and Law 37 (a barred player's bid, double
//! or redouble). Neither can be accepted; LHO's call before rectification decides L36A and
//! L37A, a `decline` (or, for L36, the offender's own premature call) applies L36B / L37B.

use crate::auction;
use crate::audience::Audience;
use crate::call::{Call, Seat};
use crate::event::{BarKind, EventKind};
use crate::law::Law;
use crate::procedure::ctx::{Ctx, WithCall};
use crate::procedure::information;
use crate::procedure::record::{record, record_cancelled, record_pending, withdraw};
use crate::procedure::settle::{end_or_continue, finish_call, settle_after_call};
use crate::procedure::steps::{self as irr, rec};
use crate::report::{Code, Refusal};
use crate::state::{CallId, Pending, Status};
use crate::withdrawal::Withdrawal;

/// An inadmissible double or redouble in rotation (L19, L35A).
pub fn inadmissible(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: WithCall<'_>) {
    let id = record_pending(cx, seat, call, &with);
    irr::flag(
        cx,
        Code::IrregInadmissibleDouble,
        Law::L36,
        seat,
        call,
        format!("{seat}'s {call} is inadmissible (Law 19); it cannot be accepted (Law 36)"),
    );
    cx.st
        .rectification_mut()
        .open(Pending::Inadmissible { call: id });
}

/// An inadmissible double or redouble out of turn (L35A, L36; never acceptable, L32
/// preamble). Like one in rotation it awaits rectification: the offender's LHO's call
/// before it cancels both calls (L36A, whoever's turn it was), his `decline` applies L36B4.
pub fn out_of_turn(cx: &mut Ctx<'_>, seat: Seat, call: Call, due: Seat, with: WithCall<'_>) {
    let id = record_pending(cx, seat, call, &with);
    irr::flag(
        cx,
        Code::IrregInadmissibleDouble,
        Law::L36,
        seat,
        call,
        format!(
            "{seat}'s {call} is inadmissible (Law 19) and out of turn (it was {due}'s turn); it cannot be accepted (Law 36)"
        ),
    );
    cx.st
        .rectification_mut()
        .open(Pending::Inadmissible { call: id });
}

/// Whether the pending inadmissible call `x` was made out of turn: its maker is not the
/// player due over the calls in force (L36B4).
pub fn was_out_of_turn(cx: &Ctx<'_>, x: CallId) -> bool {
    let due = cx
        .st
        .rectification()
        .turn_override()
        .unwrap_or_else(|| cx.st.auction().rotation());
    rec(cx, x).is_some_and(|(seat, _)| seat != due)
}

/// L36B4: the inadmissible call out of turn is cancelled, the auction returns to the player
/// whose turn it was, the offender calls freely at his turn, his partner passes throughout.
fn cancel_out_of_turn(cx: &mut Ctx<'_>, x: CallId) {
    let Some((offender, _)) = rec(cx, x) else {
        return;
    };
    withdraw(cx, x, Law::L36B4, Withdrawal::InadmissibleOutOfTurn);
    information::withdrawn_call(cx, x, Some(offender.side()));
    partner_barred(cx, offender, Law::L36B4, x);
    end_or_continue(cx);
}

/// Whether `call`, offered by `seat` in place of his call `original` (an L25B attempted
/// change at LHO's turn), is a double or redouble that L19 does not permit over the calls
/// it would follow: it is then an inadmissible call, never acceptable (L35A, L36).
pub fn inadmissible_change(cx: &Ctx<'_>, seat: Seat, call: Call, original: CallId) -> bool {
    if !matches!(call, Call::Double | Call::Redouble) {
        return false;
    }
    let before: Vec<auction::Entry> = cx
        .st
        .auction()
        .in_force_ids()
        .iter()
        .filter(|i| *i != original)
        .filter_map(|i| cx.st.auction().call(i))
        .map(|r| auction::Entry {
            seat: r.seat,
            call: r.call,
        })
        .collect();
    auction::check(&before, seat, call).is_err()
}

fn partner_barred(cx: &mut Ctx<'_>, offender: Seat, law: Law, id: CallId) {
    irr::bar(cx, offender.partner(), BarKind::Throughout, law, None);
    irr::lead_restriction(cx, offender, law, id);
    irr::adjustment_possible(cx, law, offender);
}

/// L36A: LHO called before rectification: his call and the inadmissible one are
/// cancelled, the auction resumes at the player whose turn it was (the offender, when his
/// call was in turn) with no rectification.
pub fn lho_called(cx: &mut Ctx<'_>, lho: Seat, call: Call, x: CallId) {
    let Some((offender, _)) = rec(cx, x) else {
        return;
    };
    cx.st.rectification_mut().settle();
    let l = record_cancelled(cx, lho, call, Law::L36A, Withdrawal::FollowedInadmissible);
    withdraw(cx, x, Law::L36A, Withdrawal::InadmissibleAsIfNotMade);
    information::withdrawn_call(cx, x, Some(offender.side()));
    information::withdrawn_call(cx, l, Some(offender.side()));
    // The player whose turn it was may be barred (auto_pass_barred).
    end_or_continue(cx);
}

/// L36B: not rectified by LHO's call: cancelled; the offender substitutes a legal call;
/// partner barred throughout; L26B; L72C.
pub fn decline(cx: &mut Ctx<'_>, lho: Seat, x: CallId) {
    let Some((offender, _)) = rec(cx, x) else {
        return;
    };
    let out_of_turn = was_out_of_turn(cx, x);
    cx.st.rectification_mut().settle();
    cx.event(
        EventKind::Declined {
            seat: lho,
            law: if out_of_turn { Law::L36B4 } else { Law::L36B },
        },
        Audience::EVERYONE,
    );
    if out_of_turn {
        return cancel_out_of_turn(cx, x);
    }
    withdraw(cx, x, Law::L36B1, Withdrawal::InadmissibleCancelled);
    information::withdrawn_call(cx, x, Some(offender.side()));
    partner_barred(cx, offender, Law::L36B2, x);
    cx.st.rectification_mut().open(Pending::Replacement {
        seat: offender,
        withdrawn: x,
        law: Law::L36B2,
        suggested: None,
        insufficient: None,
    });
}

/// L36B2: the offender's substitute must be a legal call.
///
/// # Errors
/// The legality refusal (`INSUFFICIENT_BID`, `DOUBLE_NOT_ALLOWED`, `REDOUBLE_NOT_ALLOWED`)
/// citing 36B2.
pub fn replace(
    cx: &mut Ctx<'_>,
    seat: Seat,
    call: Call,
    with: WithCall<'_>,
    law: Law,
) -> Result<(), Refusal> {
    if let Err(illegal) = cx.st.auction().summary().check(seat, call) {
        return Err(irr::refusal(illegal, call).citing(law));
    }
    cx.st.rectification_mut().settle();
    if cx.st.bars().is_barred(seat) && !call.is_pass() {
        // A barred offender's replacement (his own earlier bar): the law of the bar applies
        // to it like to any call (L37), as `legal_calls` says.
        by_barred_player(cx, seat, call, with);
        return Ok(());
    }
    let id = record(cx, seat, call, Status::InForce);
    finish_call(cx, seat, id, with);
    Ok(())
}

/// L37: a barred player's bid, double or redouble; one that is also inadmissible is L36's
/// (L35A).
pub fn by_barred_player(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: WithCall<'_>) {
    match cx.st.auction().summary().check(seat, call) {
        Err(auction::Illegal::Double | auction::Illegal::Redouble) => inadmissible(cx, seat, call, with),
        _ => barred_call(cx, seat, call, with),
    }
}

/// A barred player's bid, double or redouble in rotation (L35B).
fn barred_call(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: WithCall<'_>) {
    let id = record_pending(cx, seat, call, &with);
    irr::flag(
        cx,
        Code::IrregBarredCall,
        Law::L37,
        seat,
        call,
        format!("{seat} was required to pass and made {call} (Law 37)"),
    );
    cx.st
        .rectification_mut()
        .open(Pending::BarredCall { call: id });
}

/// L37A: LHO called before rectification: the call stands; a bar for the rest of the
/// auction remains, a bar for one turn is used up.
pub fn barred_call_stands(cx: &mut Ctx<'_>, id: CallId) {
    let Some((offender, _)) = rec(cx, id) else {
        return;
    };
    cx.st.rectification_mut().settle();
    cx.st.put_in_force(id);
    if cx
        .st
        .bars()
        .on(offender)
        .is_some_and(|b| b.kind == BarKind::NextTurn)
    {
        irr::lift_bar(cx, offender);
    }
    settle_after_call(cx, offender, id);
}

/// L37B: cancelled; a pass is substituted; both members of the offending side pass
/// throughout; L26B; L72C.
pub fn barred_call_cancelled(cx: &mut Ctx<'_>, lho: Seat, id: CallId) {
    let Some((offender, _)) = rec(cx, id) else {
        return;
    };
    cx.st.rectification_mut().settle();
    cx.event(
        EventKind::Declined {
            seat: lho,
            law: Law::L37B,
        },
        Audience::EVERYONE,
    );
    withdraw(cx, id, Law::L37B1, Withdrawal::BarredCall);
    information::withdrawn_call(cx, id, Some(offender.side()));
    let pass = record(cx, offender, Call::Pass, Status::InForce);
    // His bar goes without an event: the L37B2 bar below replaces it, announced.
    cx.st.bars_mut().lift(offender);
    for s in [offender, offender.partner()] {
        irr::bar(cx, s, BarKind::Throughout, Law::L37B2, None);
    }
    irr::lead_restriction(cx, offender, Law::L37B2, id);
    irr::adjustment_possible(cx, Law::L37B2, offender);
    settle_after_call(cx, offender, pass);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, played, run};

    fn barred_under(st: &crate::state::State, seat: Seat) -> Option<(BarKind, Law)> {
        st.bars().on(seat).map(|b| (b.kind, b.law))
    }

    #[test]
    fn l35a_a_double_offered_as_a_change_is_judged_over_the_calls_before_the_original() {
        // Dealer W: 1S by West, North passes; North's double would be legal over 1S.
        let t = played(
            Seat::W,
            &[Action::call(Seat::W, call("1S")), Action::call(Seat::N, call("P"))],
        );
        let r = run(&t, |cx| {
            (
                inadmissible_change(cx, Seat::N, Call::Double, CallId::new(1)),
                inadmissible_change(cx, Seat::N, Call::Redouble, CallId::new(1)),
                inadmissible_change(cx, Seat::N, call("2H"), CallId::new(1)),
            )
        });
        assert_eq!(r.out, (false, true, false));
    }

    #[test]
    fn l36b_a_declined_inadmissible_double_in_rotation_is_replaced_and_partner_barred_throughout() {
        let t = played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1H")),
                Action::call(Seat::E, call("P")),
                Action::call(Seat::S, Call::Double),
            ],
        );
        let r = run(&t, |cx| decline(cx, Seat::W, CallId::new(2)));
        assert_eq!(barred_under(&r.st, Seat::N), Some((BarKind::Throughout, Law::L36B2)));
        assert!(matches!(
            r.st.rectification().pending(),
            Some(Pending::Replacement {
                seat: Seat::S,
                law: Law::L36B2,
                ..
            })
        ));
    }

    #[test]
    fn l36b4_a_declined_inadmissible_double_out_of_turn_is_cancelled_with_no_replacement_due() {
        let t = played(Seat::N, &[Action::call(Seat::N, call("1H"))]);
        let r = run(&t, |cx| {
            out_of_turn(cx, Seat::S, Call::Double, Seat::E, WithCall::default());
            let x = CallId::new(1);
            let was = was_out_of_turn(cx, x);
            decline(cx, Seat::W, x);
            was
        });
        assert!(r.out);
        assert_eq!(barred_under(&r.st, Seat::N), Some((BarKind::Throughout, Law::L36B4)));
        assert!(r.st.rectification().pending().is_none());
        assert_eq!(
            r.st.auction().call(CallId::new(1)).map(|c| c.status),
            Some(Status::Withdrawn)
        );
    }

    #[test]
    fn l37b_a_barred_players_cancelled_bid_becomes_a_pass_and_bars_both_partners_throughout() {
        let t = played(
            Seat::N,
            &[Action::call(Seat::N, call("1H")), Action::call(Seat::E, call("P"))],
        );
        let r = run(&t, |cx| {
            irr::bar(cx, Seat::S, BarKind::NextTurn, Law::L31A1, None);
            by_barred_player(cx, Seat::S, call("2H"), WithCall::default());
            barred_call_cancelled(cx, Seat::W, CallId::new(2));
        });
        for seat in [Seat::S, Seat::N] {
            assert_eq!(barred_under(&r.st, seat), Some((BarKind::Throughout, Law::L37B2)));
        }
        assert_eq!(
            r.st.auction().call(CallId::new(3)).map(|c| (c.seat, c.call, c.status)),
            Some((Seat::S, Call::Pass, Status::InForce))
        );
    }
}
