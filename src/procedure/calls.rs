//! Making a call: order (L17), legality (L18, L19), bars (L37), and in the `prevent`
//! regulation the refusals of SPEC 5.1. `call` is the dispatcher of the call action: it
//! routes an irregular call to its law (`irregularity`, `rotation`) and, when that law
//! answers `Next::Call` (the rectification the call waited on is settled), makes the call
//! afresh. What follows a call in force (the end of the auction included) is `settle`'s.

use crate::auction::{self, Entry, Summary};
use crate::board::Board;
use crate::call::{Call, Seat};
use crate::callset::CallSet;
use crate::law::Law;
use crate::procedure::ctx::{Ctx, Next, WithCall};
use crate::procedure::record::{check_self_disclosure, record, remember};
use crate::procedure::settle::finish_call;
use crate::procedure::steps::refusal;
use crate::procedure::{insufficient, irregularity, rotation};
use crate::report::{refuse, refuse_citing, Code, Refusal};
use crate::state::{CallRecord, Pending, Phase, State, Status};


/// The calls over which the seat due to call would be calling, summarized: the calls in
/// force (kept by the state), with a pending call LHO would accept by calling.
fn calls_before_turn(board: &Board, st: &State) -> Summary {
    let entry = |r: &CallRecord| Entry {
        seat: r.seat,
        call: r.call,
    };
    match st.rectification().pending() {
        // L27A1, L37A: LHO's call accepts the insufficient bid / lets the barred call stand;
        // L27C: over a premature replacement, his call lets the replacement stand.
        Some(
            Pending::InsufficientBid {
                premature: Some(call), ..
            }
            | Pending::InsufficientBid { call, .. }
            | Pending::BarredCall { call },
        ) => {
            let mut calls = st.auction().summary();
            if let Some(r) = st.auction().call(*call) {
                calls.push(entry(r));
            }
            calls
        }
        Some(Pending::ChangeOfCall { call, original }) => {
            // L25B1: LHO accepts the change by calling over it.
            let mut calls = Summary::new(board.dealer);
            calls.extend(
                st.auction()
                    .calls_with_ids()
                    .filter(|(i, r)| (r.status == Status::InForce && i != original) || i == call)
                    .map(|(_, r)| entry(r)),
            );
            calls
        }
        _ => st.auction().summary(),
    }
}

/// The calls `seat` may make now without an irregularity (SPEC 5.1): exactly the calls
/// `call` accepts without an irregularity warning.
pub fn legal_calls(board: &Board, st: &State, seat: Seat) -> CallSet {
    if st.phase() != Phase::Auction || st.undo().request().is_some() {
        return CallSet::EMPTY;
    }
    if st.turn_to_call() != seat {
        return CallSet::EMPTY;
    }
    if let Some(Pending::Inadmissible { .. }) = st.rectification().pending() {
        // L36A: LHO's call before rectification is cancelled with the inadmissible call,
        // without rectification, whatever it is.
        return CallSet::ALL;
    }
    if let Some(Pending::OutOfRotation { call, due, .. }) = st.rectification().pending() {
        if st.auction().call(*call).is_some_and(|r| r.seat.partner() == *due) {
            // L28B needs an opponent: the offender's partner waits for LHO's decision (L29).
            return CallSet::EMPTY;
        }
    }
    if matches!(st.rectification().pending(), Some(Pending::InsufficientBid { .. })) && !insufficient::lho_may_call(st) {
        // L27C: over a premature replacement that would not stand as it is, LHO accepts or
        // declines the insufficient bid first.
        return CallSet::EMPTY;
    }
    let calls = calls_before_turn(board, st);
    if change_ends_auction(st, &calls) {
        return CallSet::EMPTY;
    }
    // Calls in force that would end the auction while it is still on (L29A: LHO accepted a
    // pass out of rotation that skipped a player by an irregular call, now being rectified)
    // have not ended it: L17D3 is judged after the call due now, so he calls over them.
    legal_over(st, &calls, seat)
}

/// L25B1: whether the pending change of call, accepted, would end the auction (a change to
/// a pass that makes the final pass). LHO then accepts with `accept`: a call over it would
/// follow the final pass (L39). Otherwise he may accept by calling over it, whether or not
/// that call is itself regular (a forced repeat that no longer is, L31A1).
pub fn change_would_end_auction(board: &Board, st: &State) -> bool {
    change_ends_auction(st, &calls_before_turn(board, st))
}

/// `change_would_end_auction`, given the calls LHO would call over.
fn change_ends_auction(st: &State, calls: &Summary) -> bool {
    matches!(st.rectification().pending(), Some(Pending::ChangeOfCall { .. })) && calls.status() != auction::Status::Open
}

/// The calls `seat`, due to call over `calls`, may make without an irregularity: his
/// forced repeat (L31A1, L32A1) if it is itself regular — if not, the law for its
/// illegality applies to it and no call is regular —, a pass if barred (L37), else every
/// sufficient call (L18, L19).
fn legal_over(st: &State, calls: &Summary, seat: Seat) -> CallSet {
    let barred = st.bars().is_barred(seat);
    if let Some((forced_seat, call)) = st.rectification().forced() {
        if forced_seat == seat {
            if (call.is_pass() || !barred) && calls.check(seat, call).is_ok() {
                return CallSet::only(call);
            }
            return CallSet::EMPTY;
        }
    }
    if barred {
        return CallSet::only(Call::Pass);
    }
    calls.legal_for(seat)
}

/// The `call` action: the call is made, and made again for as long as the law it meets
/// answers `Next::Call` (a rectification settled by the call, which then stands as a new
/// call: L27A1, L29A, L25B1, L37A; a barred RHO's pass made for him, L28A).
///
/// # Errors
/// In `prevent`, any irregular call (SPEC 5.1); in `rectify`, what the pending
/// rectification does not allow.
pub fn call(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: WithCall<'_>) -> Result<(), Refusal> {
    // The first attempt takes `with` as it came: moved into a `Next` first, it would be read
    // back in wide loads from the narrow stores that had just written it (a stall).
    let mut next = make(cx, seat, call, with)?;
    while let Next::Call(seat, call, with) = next {
        next = make(cx, seat, call, with)?;
    }
    Ok(())
}

/// One attempt at the call: what follows it.
fn make<'w>(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: WithCall<'w>) -> Result<Next<'w>, Refusal> {
    cx.calling = Some(seat);
    // A pending L25A request may reopen the auction (the final pass replaced): nobody calls
    // over a call that may vanish, in the clarification period either.
    if cx.st.undo().request().is_some() {
        return refuse(Code::UndoPending, "a request to replace a call is pending (Law 25A)");
    }
    if cx.st.phase() != Phase::Auction {
        // L39: a call after the final pass.
        return if cx.reg.rectifies() && matches!(cx.st.phase(), Phase::Clarification | Phase::PassedOut) {
            irregularity::after_final_pass(cx, seat, call);
            Ok(Next::Done)
        } else {
            refuse_citing(Law::L39, Code::AuctionOver, "the auction is over")
        };
    }
    check_self_disclosure(cx, seat, &with)?;
    // L25A, L21B: what a replacement of this call would restore.
    remember(cx, seat);
    if cx.st.rectification().pending().is_some() {
        return irregularity::call_while_pending(cx, seat, call, with);
    }
    let due = cx.st.turn_to_call();
    if seat != due {
        if cx.reg.rectifies() {
            if rotation::pass_for_barred_rho(cx, seat, due) {
                return Ok(Next::Call(seat, call, with));
            }
            rotation::out_of_rotation(cx, seat, call, due, with);
            return Ok(Next::Done);
        }
        return refuse(Code::NotYourTurn, format!("it is {due}'s turn to call"));
    }
    call_in_turn(cx, seat, call, with).map(|()| Next::Done)
}

/// A call by the player whose turn it is.
///
/// # Errors
/// As `call`.
pub fn call_in_turn(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: WithCall<'_>) -> Result<(), Refusal> {
    if let Some((forced_seat, forced)) = cx.st.rectification().forced() {
        if forced_seat == seat && forced != call {
            return refuse_citing(
                Law::L31A1,
                Code::ForcedCall,
                format!("{seat} must repeat {forced}, the call made out of rotation"),
            );
        }
    }
    // L31A1, L32A1: the offender repeats his call out of rotation as he must: L31A/L32A is
    // settled, even if the repeated call is itself irregular (then the law for that
    // irregularity applies, e.g. L27 for an insufficient bid).
    cx.st.rectification_mut().repeat_forced_call(seat, call);
    if cx.st.bars().is_barred(seat) && !call.is_pass() {
        // L37: a barred player's bid, double or redouble.
        if cx.reg.rectifies() {
            irregularity::barred_call(cx, seat, call, with);
            return Ok(());
        }
        return refuse(Code::MustPass, format!("{seat} is barred and must pass"));
    }
    if let Err(illegal) = cx.st.auction().summary().check(seat, call) {
        if cx.reg.rectifies() {
            irregularity::illegal_call(cx, seat, call, illegal, with);
            return Ok(());
        }
        return Err(refusal(illegal, call));
    }
    let id = record(cx, seat, call, Status::InForce);
    finish_call(cx, seat, id, with);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{BarKind, EventKind};
    use crate::procedure::steps;
    use crate::procedure::test_support::{call as parsed, calls_from, played, played_under, run};
    use crate::state::Pending;

    const ONLINE: &str = r#""online""#;

    fn code(r: Result<(), Refusal>) -> Result<(), Code> {
        r.map_err(|e| e.code)
    }

    #[test]
    fn l31a1_the_offender_must_repeat_his_cancelled_call() {
        let t = played(Seat::N, &[]);
        let r = run(&t, |cx| {
            cx.st.rectification_mut().force_call(Seat::N, parsed("1H"));
            let other = call_in_turn(cx, Seat::N, parsed("2H"), WithCall::default());
            let same = call_in_turn(cx, Seat::N, parsed("1H"), WithCall::default());
            (other.map_err(|e| (e.code, e.law)), same.is_ok())
        });
        assert_eq!(r.out, (Err((Code::ForcedCall, Law::L31A1)), true));
    }

    #[test]
    fn l28_a_call_out_of_turn_is_refused_under_prevent_and_awaits_rectification_under_rectify() {
        let online = played_under(ONLINE, Seat::N, &[]);
        let r = run(&online, |cx| call(cx, Seat::S, parsed("1H"), WithCall::default()));
        assert_eq!(code(r.out), Err(Code::NotYourTurn));
        let f2f = played(Seat::N, &[]);
        let r = run(&f2f, |cx| call(cx, Seat::S, parsed("1H"), WithCall::default()));
        assert!(r.out.is_ok());
        assert!(matches!(
            r.st.rectification().pending(),
            Some(Pending::OutOfRotation { due: Seat::N, .. })
        ));
    }

    #[test]
    fn l37_a_barred_players_bid_is_refused_under_prevent_and_recorded_under_rectify() {
        let barred_bid = |regulation: &str| {
            let t = played_under(regulation, Seat::N, &[]);
            run(&t, |cx| {
                steps::bar(cx, Seat::N, BarKind::Throughout, Law::L27B2, None);
                call(cx, Seat::N, parsed("1H"), WithCall::default())
            })
        };
        assert_eq!(code(barred_bid(ONLINE).out), Err(Code::MustPass));
        let r = barred_bid(r#""face_to_face""#);
        assert!(r.out.is_ok());
        assert!(matches!(r.st.rectification().pending(), Some(Pending::BarredCall { .. })));
    }

    #[test]
    fn l39_a_call_after_the_final_pass_is_refused_under_prevent_and_cancelled_under_rectify() {
        let passes = calls_from(Seat::N, &["1C", "P", "P", "P"]);
        let online = played_under(ONLINE, Seat::N, &passes);
        let r = run(&online, |cx| call(cx, Seat::E, parsed("1H"), WithCall::default()));
        assert_eq!(code(r.out), Err(Code::AuctionOver));
        let f2f = played(Seat::N, &passes);
        let r = run(&f2f, |cx| call(cx, Seat::E, parsed("1H"), WithCall::default()));
        assert!(r.out.is_ok());
        assert!(r.events.iter().any(|e| matches!(
            e,
            EventKind::Irregularity {
                code: Code::IrregCallAfterFinalPass,
                law: Law::L39,
                ..
            }
        )));
    }
}
