//! Making a call: order (L17), legality (L18, L19), bars (L37), end of the auction (L22),
//! and in the `prevent` regulation the refusals of SPEC 5.1.

use crate::action::Intent;
use crate::auction::{self, Entry, Illegal, Summary};
use crate::audience::Audience;
use crate::board::Board;
use crate::call::{Call, Seat};
use crate::callset::CallSet;
use crate::event::{BarKind, EventKind};
use crate::law::Law;
use crate::procedure::Ctx;
use crate::procedure::{correction, explanation, information, irregularity, rotation, undo};
use crate::regulation::Regulation;
use crate::report::{refuse, Code, Refusal, Severity, Warning};
use crate::state::{CallRecord, Pending, Phase, State, Status};

/// What may come with a call: self-disclosure, intent, clock.
#[derive(Clone, Debug, Default)]
pub struct WithCall {
    /// Alert the call.
    pub alert: bool,
    /// Explain or announce it.
    pub explanation: Option<String>,
    /// Over a call out of rotation at one's own turn (L28B vs L29A).
    pub intent: Option<Intent>,
    /// Client clock.
    pub at: Option<f64>,
}

/// The seat due to call now, taking a pending rectification into account.
pub fn turn_to_call(st: &State) -> Seat {
    match st.pending() {
        // L27A1: LHO may accept the insufficient bid by calling over it.
        // L36A, L37A: LHO calls before rectification; L25B1: LHO may accept by calling.
        Some(
            Pending::InsufficientBid { call, .. }
            | Pending::Inadmissible { call }
            | Pending::BarredCall { call }
            | Pending::ChangeOfCall { call, .. },
        ) => st.record().get(*call).map_or_else(|| st.rotation(), |r| r.seat.lho()),
        // L29: the call out of rotation is not in force; the player whose turn it was.
        Some(Pending::OutOfRotation { due, .. }) => *due,
        Some(Pending::Replacement { seat, .. }) => *seat,
        // L17D3: the auction reverted to a skipped player.
        None => st.turn_override().unwrap_or_else(|| st.rotation()),
    }
}

/// The calls over which the seat due to call would be calling, summarized: the calls in
/// force (kept by the state), with a pending call LHO would accept by calling.
fn calls_before_turn(board: &Board, st: &State) -> Summary {
    let entry = |r: &CallRecord| Entry {
        seat: r.seat,
        call: r.call,
    };
    match st.pending() {
        // L27A1, L37A: LHO's call accepts the insufficient bid / lets the barred call stand.
        Some(Pending::InsufficientBid { call, .. } | Pending::BarredCall { call }) => {
            let mut calls = st.summary();
            if let Some(r) = st.record().get(*call) {
                calls.push(entry(r));
            }
            calls
        }
        Some(Pending::ChangeOfCall { call, original }) => {
            // L25B1: LHO accepts the change by calling over it.
            let mut calls = Summary::new(board.dealer);
            calls.extend(
                st.record()
                    .iter()
                    .enumerate()
                    .filter(|(i, r)| (r.status == Status::InForce && i != original) || i == call)
                    .map(|(_, r)| entry(r)),
            );
            calls
        }
        _ => st.summary(),
    }
}

/// The calls `seat` may make now without an irregularity (SPEC 5.1): exactly the calls
/// `call` accepts without an irregularity warning.
pub fn legal_calls(board: &Board, _reg: &Regulation, st: &State, seat: Seat) -> CallSet {
    if st.phase() != Phase::Auction || st.undo_request().is_some() {
        return CallSet::EMPTY;
    }
    if turn_to_call(st) != seat {
        return CallSet::EMPTY;
    }
    if let Some(Pending::Inadmissible { .. }) = st.pending() {
        // L36A: LHO's call before rectification is cancelled with the inadmissible call,
        // without rectification, whatever it is.
        return CallSet::ALL;
    }
    let calls = calls_before_turn(board, st);
    if calls.status() != auction::Status::Open {
        // L25B1: accepting by calling a change to a pass that ends the auction: that call
        // would follow the final pass (L39); LHO accepts with `accept` instead.
        return CallSet::EMPTY;
    }
    legal_over(st, &calls, seat)
}

/// The calls `seat`, due to call over `calls`, may make without an irregularity: his
/// forced repeat (L31A1, L32A1) if it is itself regular — if not, the law for its
/// illegality applies to it and no call is regular —, a pass if barred (L37), else every
/// sufficient call (L18, L19).
fn legal_over(st: &State, calls: &Summary, seat: Seat) -> CallSet {
    let barred = st.is_barred(seat);
    if let Some((forced_seat, call)) = st.forced() {
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

/// The `call` action.
///
/// # Errors
/// In `prevent`, any irregular call (SPEC 5.1); in `rectify`, what the pending
/// rectification does not allow.
pub fn call(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: WithCall) -> Result<(), Refusal> {
    cx.calling = Some(seat);
    // A pending L25A request may reopen the auction (the final pass replaced): nobody calls
    // over a call that may vanish, in the clarification period either.
    if cx.st.undo_request().is_some() {
        return refuse(Code::UNDO_PENDING, "a request to replace a call is pending (Law 25A)");
    }
    if cx.st.phase() != Phase::Auction {
        // L39: a call after the final pass.
        return if cx.reg.rectifies() && matches!(cx.st.phase(), Phase::Clarification | Phase::PassedOut) {
            irregularity::after_final_pass(cx, seat, call);
            Ok(())
        } else {
            refuse(Code::AUCTION_OVER, "the auction is over").map_err(|r: Refusal| r.citing(Law::L39))
        };
    }
    explanation::check_self_disclosure(cx, seat, &with)?;
    // L25A, L21B: what a replacement of this call would restore.
    undo::remember(cx, seat);
    if cx.st.pending().is_some() {
        return irregularity::call_while_pending(cx, seat, call, with);
    }
    let due = turn_to_call(cx.st);
    if seat != due {
        if cx.reg.rectifies() {
            if rotation::pass_for_barred_rho(cx, seat, due) {
                return self::call(cx, seat, call, with);
            }
            rotation::out_of_rotation(cx, seat, call, due, with);
            return Ok(());
        }
        return refuse(Code::NOT_YOUR_TURN, format!("it is {due}'s turn to call"));
    }
    call_in_turn(cx, seat, call, with)
}

/// A call by the player whose turn it is.
///
/// # Errors
/// As `call`.
pub fn call_in_turn(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: WithCall) -> Result<(), Refusal> {
    if let Some((forced_seat, forced)) = cx.st.forced() {
        if forced_seat == seat && forced != call {
            return refuse(
                Code::FORCED_CALL,
                format!("{seat} must repeat {forced}, the call made out of rotation"),
            )
            .map_err(|r: Refusal| r.citing(Law::L31A1));
        }
    }
    rotation::repeat_made(cx, seat, call);
    if cx.st.is_barred(seat) && !call.is_pass() {
        // L37: a barred player's bid, double or redouble.
        if cx.reg.rectifies() {
            irregularity::barred_call(cx, seat, call, with);
            return Ok(());
        }
        return refuse(Code::MUST_PASS, format!("{seat} is barred and must pass"));
    }
    if let Err(illegal) = cx.st.summary().check(seat, call) {
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

/// The refusal of an illegal call in `prevent`.
pub fn refusal(illegal: Illegal, call: Call) -> Refusal {
    let msg = match illegal {
        Illegal::Insufficient => format!("{call} does not supersede the last bid"),
        Illegal::Double => "a double is allowed only of an opponent's last bid, with only passes since".into(),
        Illegal::Redouble => "a redouble is allowed only of an opponent's double, with only passes since".into(),
    };
    Refusal::new(illegal.code(), msg)
}

/// Appends a call to the record and announces it.
pub fn record(cx: &mut Ctx<'_>, seat: Seat, call: Call, status: Status) -> usize {
    let id = cx.st.push_call(seat, call, status);
    let index = cx.st.index_of(id).unwrap_or(cx.st.in_force_ids().len());
    cx.event(EventKind::Call { seat, call, index }, Audience::EVERYONE);
    id
}

/// Records an irregular call pending rectification with what came with it: its
/// self-disclosure (shown once the call is in force) and its tempo.
pub fn record_pending(cx: &mut Ctx<'_>, seat: Seat, call: Call, with: &WithCall) -> usize {
    let id = record(cx, seat, call, Status::Pending);
    explanation::disclose_with_call(cx, seat, id, with);
    information::tempo(cx, seat, with.at);
    id
}

/// Withdraws (or cancels) record `id`, announcing it to everyone.
pub fn withdraw(cx: &mut Ctx<'_>, id: usize, law: Law, reason: &str) {
    let Some(r) = cx.st.record().get(id) else { return };
    let (seat, call) = (r.seat, r.call);
    cx.st.withdraw(id, law, reason);
    cx.event(
        EventKind::CallWithdrawn {
            seat,
            call,
            law,
            reason: reason.to_string(),
        },
        Audience::EVERYONE,
    );
}

/// What follows a call that is now in force: self-disclosure, tempo, bars, offers, the
/// end of the auction and passes for barred players.
pub fn finish_call(cx: &mut Ctx<'_>, seat: Seat, id: usize, with: WithCall) {
    explanation::disclose_with_call(cx, seat, id, &with);
    information::tempo(cx, seat, with.at);
    settle_after_call(cx, seat, id);
}

/// Bars, offers and the end of the auction after a call in force by `seat`.
pub fn settle_after_call(cx: &mut Ctx<'_>, seat: Seat, id: usize) {
    settle_before_next_call(cx, seat, id);
    end_or_continue(cx);
}

/// What a call in force by `seat` settles, short of the end of the auction (judged after
/// the next call when that call follows at once, as when LHO accepts by calling, L29A).
pub fn settle_before_next_call(cx: &mut Ctx<'_>, seat: Seat, id: usize) {
    cx.st.turn_used(seat);
    if cx.calling == Some(seat) {
        cx.calling = None;
    }
    information::settle_recall(cx, seat, id);
    irregularity::after_call_in_turn(cx, seat, id);
    lift_next_turn_bar(cx, seat, id);
    // L21B1: a change offer lapses when the offered player's partner calls.
    cx.st.lapse_offers_of_partner(seat);
}

/// A `next_turn` bar is used up by the barred player's pass.
fn lift_next_turn_bar(cx: &mut Ctx<'_>, seat: Seat, id: usize) {
    let used = cx.st.bar_on(seat).is_some_and(|b| b.kind == BarKind::NextTurn) && cx.st.record()[id].call.is_pass();
    if used {
        irregularity::lift_bar(cx, seat);
    }
}

/// Ends the auction if three passes follow a bid (L22A, with L17D3) or four passes were
/// made (L22B); otherwise passes for a barred player under `auto_pass_barred`.
pub fn end_or_continue(cx: &mut Ctx<'_>) {
    if cx.st.pending().is_some() {
        return;
    }
    if irregularity::revert_skipped_player(cx) {
        // The player the auction reverted to may be barred (auto_pass_barred).
        auto_pass(cx);
        return;
    }
    match cx.st.summary().status() {
        auction::Status::Ended => end_auction(cx),
        auction::Status::PassedOut => {
            // The auction period lasts until the hands are returned (L17D2): L21B1 offers
            // stand until then.
            cx.st.pass_out();
            cx.event(EventKind::PassedOut, Audience::EVERYONE);
        }
        auction::Status::Open => auto_pass(cx),
    }
}

fn auto_pass(cx: &mut Ctx<'_>) {
    let due = turn_to_call(cx.st);
    let barred = cx.st.is_barred(due);
    if !(cx.reg.auto_pass_barred && barred) || cx.st.forced().is_some() || cx.calling == Some(due) {
        return;
    }
    pass_for_barred(cx, due);
}

/// The engine passes for the barred player `due` (event `auto_pass`, shown to everyone
/// like the bar itself); the pass is then settled as his call.
pub fn pass_for_barred(cx: &mut Ctx<'_>, due: Seat) {
    cx.event(EventKind::AutoPass { seat: due }, Audience::EVERYONE);
    let id = record(cx, due, Call::Pass, Status::InForce);
    cx.st.mark_auto(id);
    settle_after_call(cx, due, id);
}

/// The final pass: the contract is fixed and the clarification period begins.
fn end_auction(cx: &mut Ctx<'_>) {
    let Some(contract) = cx.st.summary().contract() else {
        return;
    };
    cx.st.end_auction(contract);
    cx.event(
        EventKind::AuctionEnded {
            contract: contract.to_string(),
            declarer: contract.declarer,
        },
        Audience::EVERYONE,
    );
    // Bars stay until the auction period ends (lift_bars_at_end_of_period): an auction
    // reopened by L21B1 or L25A5 finds its barred players still barred.
    irregularity::lead_restrictions_at_end(cx);
    correction::duties_at_final_pass(cx);
}

/// The end of the auction period (opening lead faced, L41C; hands returned, L17D2): the
/// bars for the rest of the auction (L23, L27B2–B4, L30–L32, L36–L39) and any unused
/// `next_turn` bar lapse. Until then an auction reopened under L21B1 or L25A5 keeps them.
pub fn lift_bars_at_end_of_period(cx: &mut Ctx<'_>) {
    for seat in Seat::ALL {
        irregularity::lift_bar(cx, seat);
    }
}

/// A reminder for one player.
pub fn remind(cx: &mut Ctx<'_>, code: Code, seat: Seat, message: String) {
    cx.warn(Warning::new(code, Severity::Reminder, Audience::seat(seat), message));
}
