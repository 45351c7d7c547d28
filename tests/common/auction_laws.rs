//! An independent reading of Laws 17–22 over the calls in force, written for the tests
//! without the engine's own legality code (`auction::check`, `Summary`): the calls in
//! force must always form an auction the Laws allow, whatever path led to them.
//!
//! What the table's record says is read as data only: who made each call, which calls
//! are in force, which were accepted out of rotation (`skipped_from`, L29A) and which were
//! made irregularly and then condoned (a status change from pending: an insufficient bid
//! accepted, L27A1, L29A, L37A).

use bridge_laws::state::{CallRecord, Status};
use bridge_laws::{Call, Seat, Table};
use std::collections::BTreeSet;

/// A bid's rank: level first, then strain (C < D < H < S < NT), as L18 orders them.
fn rank(call: Call) -> Option<(u8, u8)> {
    let text = call.to_string();
    let level = text.chars().next()?.to_digit(10)? as u8;
    let strain = match &text[1..] {
        "C" => 0,
        "D" => 1,
        "H" => 2,
        "S" => 3,
        "NT" => 4,
        _ => return None,
    };
    Some((level, strain))
}

/// Whether two seats are partners.
fn partners(a: Seat, b: Seat) -> bool {
    a == b || a.partner() == b
}

/// The calls in force as the record holds them, oldest first, with the record ids of the
/// calls that were once pending (made irregularly, then put in force by a condonation).
fn in_force(t: &Table) -> (Vec<(usize, &CallRecord)>, BTreeSet<usize>) {
    let calls = t
        .state()
        .auction()
        .calls_with_ids()
        .filter(|(_, r)| r.status == Status::InForce)
        .map(|(id, r)| (id.get(), r))
        .collect();
    let condoned = t
        .state()
        .extra()
        .status_log()
        .iter()
        .filter(|c| c.status == Status::Pending)
        .map(|c| c.id.get())
        .collect();
    (calls, condoned)
}

/// L17–L22: the calls in force form an auction the Laws allow — the dealer (or a call
/// accepted out of rotation) first, then each player's left-hand opponent unless a call
/// accepted out of rotation skipped someone, and nobody twice in a row (L17, L29A); each
/// bid supersedes the last bid unless it was an irregular bid condoned (L18, L27A1); each
/// double is of an opponent's last bid not yet doubled, each redouble of an opponent's
/// double of his side's bid (L19); nothing after the auction has ended (L17D, L22).
pub fn auction_allowed(t: &Table) -> Result<(), String> {
    let (calls, condoned) = in_force(t);
    let dealer = t.board().dealer;
    let show = || {
        calls
            .iter()
            .map(|(_, r)| format!("{}:{}", r.seat, r.call))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let fail = |i: usize, what: &str| Err(format!("call {i} of [{}]: {what}", show()));
    let mut last_bid: Option<(u8, u8)> = None;
    for (i, (id, r)) in calls.iter().enumerate() {
        let before = &calls[..i];
        // L17D, L22: the auction had ended before this call.
        if ended(before) {
            return fail(i, "a call in force after the auction had ended (L22)");
        }
        // L17: rotation.
        let expected = before.last().map_or(dealer, |(_, p)| p.seat.lho());
        if let Some((_, p)) = before.last() {
            if p.seat == r.seat {
                return fail(i, "the same player calls twice in a row (L17)");
            }
        }
        if r.seat != expected && r.skipped_from.is_none() {
            return fail(
                i,
                &format!(
                    "{} calls where {expected} was due, and no call accepted out of rotation skipped him (L17, L29A)",
                    r.seat
                ),
            );
        }
        match r.call {
            Call::Pass => {}
            Call::Double => {
                // L19A1: the last call other than a pass is an opponent's bid.
                let prior = before.iter().rev().find(|(_, p)| p.call != Call::Pass);
                match prior {
                    Some((_, p)) if rank(p.call).is_some() && !partners(p.seat, r.seat) => {}
                    _ => return fail(i, "a double that is not of an opponent's last bid (L19A1)"),
                }
            }
            Call::Redouble => {
                // L19B1: the last call other than a pass is an opponent's double.
                let prior = before.iter().rev().find(|(_, p)| p.call != Call::Pass);
                match prior {
                    Some((_, p)) if p.call == Call::Double && !partners(p.seat, r.seat) => {}
                    _ => return fail(i, "a redouble that is not of an opponent's double (L19B1)"),
                }
            }
            bid => {
                let Some(now) = rank(bid) else {
                    return fail(i, "a call that is neither a pass, a double, a redouble nor a bid");
                };
                let sufficient = last_bid.is_none_or(|was| now > was);
                if !sufficient && !condoned.contains(id) {
                    return fail(i, "an insufficient bid in force that nobody condoned (L18, L27)");
                }
                last_bid = Some(now);
            }
        }
    }
    Ok(())
}

/// L17D, L22: whether these calls end the auction: four passes to start, or three passes
/// in succession after a bid, double or redouble — unless one of those passes was accepted
/// out of rotation and cost a player his turn, who has not called since (L17D3: the
/// auction has not ended).
fn ended(calls: &[(usize, &CallRecord)]) -> bool {
    let passes_at_end = calls.iter().rev().take_while(|(_, r)| r.call == Call::Pass).count();
    let enough = if passes_at_end == calls.len() {
        calls.len() >= 4
    } else {
        passes_at_end >= 3
    };
    let tail = &calls[calls.len() - passes_at_end.min(calls.len())..];
    let cost_a_turn = tail.iter().enumerate().any(|(i, (_, r))| {
        skipped_by(r)
            .iter()
            .any(|s| !tail[i + 1..].iter().any(|(_, later)| later.seat == *s))
    });
    enough && !cost_a_turn
}

/// The players a call accepted out of rotation skipped: from the one whose turn it was up
/// to its caller (L29A), read from the record.
fn skipped_by(r: &CallRecord) -> Vec<Seat> {
    let mut out = Vec::new();
    let mut next = r.skipped_from;
    while let Some(s) = next.filter(|s| *s != r.seat && out.len() < 3) {
        out.push(s);
        next = Some(s.lho());
    }
    out
}
