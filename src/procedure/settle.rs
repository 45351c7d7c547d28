//! What follows a call in force, whoever made it: the forced call and reverted turn used
//! up, the recall of a cancelled call (L16C), what it decides after a cancelled call out of
//! rotation (L30–L32), a `next_turn` bar used up, lapsed offers (L21B1), the end of the
//! auction (L22, with L17D3), the lead restrictions then due (L26B), the duties at the
//! final pass (L20F), and the engine's pass for a barred player (`auto_pass_barred`).
//! Below every law module that makes a call: none of them is called back from here.

use crate::auction;
use crate::audience::Audience;
use crate::call::{Call, Seat, Strain};
use crate::event::{BarKind, EventKind};
use crate::law::Law;
use crate::procedure::ctx::{Ctx, WithCall};
use crate::procedure::record::{record, withdraw};
use crate::procedure::steps::{self as irr, rec};
use crate::procedure::{duties, information};
use crate::regulation::LeadRestriction;
use crate::report::{Code, Severity, Warning};
use crate::state::{CallId, LeadRestrictionRecord, Status};
use crate::withdrawal::Withdrawal;

/// What follows a call that is now in force: self-disclosure, tempo, bars, offers, the
/// end of the auction and passes for barred players.
pub fn finish_call(cx: &mut Ctx<'_>, seat: Seat, id: CallId, with: WithCall<'_>) {
    crate::procedure::record::disclose_with_call(cx, seat, id, &with);
    information::tempo(cx, seat, with.at);
    settle_after_call(cx, seat, id);
}

/// Bars, offers and the end of the auction after a call in force by `seat`.
pub fn settle_after_call(cx: &mut Ctx<'_>, seat: Seat, id: CallId) {
    settle_before_next_call(cx, seat, id);
    end_or_continue(cx);
}

/// What a call in force by `seat` settles, short of the end of the auction (judged after
/// the next call when that call follows at once, as when LHO accepts by calling, L29A).
pub fn settle_before_next_call(cx: &mut Ctx<'_>, seat: Seat, id: CallId) {
    cx.st.rectification_mut().turn_used(seat);
    if cx.calling == Some(seat) {
        cx.calling = None;
    }
    information::settle_recall(cx, seat, id);
    aftermath(cx, seat, id);
    lift_next_turn_bar(cx, seat, id);
    // L29C, L30C: a question on an artificial call lapses with its rectification.
    cx.st.close_settled_artificial_questions();
    // L21B1: a change offer lapses when the offered player's partner calls.
    cx.st.offers_mut().lapse_of_partner(seat);
}

/// After a call in force: what it settles of a cancelled call out of rotation (L30B1b,
/// L31, L32; the comparable-call question, L23).
fn aftermath(cx: &mut Ctx<'_>, seat: Seat, id: CallId) {
    let Some(a) = cx.st.rectification().aftermath().cloned() else {
        return;
    };
    let Some((_, call)) = rec(cx, id) else {
        return;
    };
    let Some((_, cancelled_call)) = rec(cx, a.cancelled) else {
        return;
    };
    if a.repeat_if_rho_passes && seat == a.seat.rho() {
        let mut next = a.clone();
        next.repeat_if_rho_passes = false;
        next.law = a.law.after_rho(call.is_pass());
        if call.is_pass() {
            // L31A1, L32A1: the offender must repeat the call.
            cx.st.rectification_mut().force_call(a.seat, cancelled_call);
        } else {
            // L31A2, L32A2: the offender calls freely; UI for his partner.
            information::withdrawn_call(cx, a.cancelled, Some(a.seat.side()));
        }
        cx.st.rectification_mut().expect_aftermath(Some(next));
        return;
    }
    if seat != a.seat {
        return;
    }
    cx.st.rectification_mut().expect_aftermath(None);
    if a.law.is_forced_repeat() && call == cancelled_call {
        return; // L31A1/L32A1: repeated: no rectification.
    }
    if a.law == Law::L30B1b && call.is_pass() {
        return; // A pass is comparable to a pass (L30B1b(i), Kooijman).
    }
    // Presumed not comparable: partner passes at his next turn; L26B; L72C.
    let law = a.law.not_comparable();
    irr::bar(cx, a.seat.partner(), BarKind::NextTurn, law, Some(a.cancelled));
    irr::lead_restriction(cx, a.seat, law, a.cancelled);
    irr::adjustment_possible(cx, law, a.seat);
    irr::open_comparison(cx, a.seat, a.cancelled, Some(id), law);
}

/// A `next_turn` bar is used up by the barred player's pass (kept, to be put back if L17D3
/// cancels that pass).
fn lift_next_turn_bar(cx: &mut Ctx<'_>, seat: Seat, id: CallId) {
    let used = cx
        .st
        .bars()
        .on(seat)
        .is_some_and(|b| b.kind == BarKind::NextTurn)
        && cx.st.auction().record()[id].call.is_pass();
    if used && cx.st.bars_mut().use_up(seat, id) {
        cx.event(EventKind::BarLifted { seat }, Audience::EVERYONE);
    }
}

/// Ends the auction if three passes follow a bid (L22A, with L17D3) or four passes were
/// made (L22B); otherwise passes for a barred player under `auto_pass_barred`.
pub fn end_or_continue(cx: &mut Ctx<'_>) {
    if cx.st.rectification().pending().is_some() {
        return;
    }
    if revert_skipped_player(cx) {
        // The player the auction reverted to may be barred (auto_pass_barred).
        auto_pass(cx);
        return;
    }
    match cx.st.auction().summary().status() {
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
    let due = cx.st.turn_to_call();
    let barred = cx.st.bars().is_barred(due);
    if !(cx.reg.auto_pass_barred && barred) || cx.st.rectification().forced().is_some() || cx.calling == Some(due) {
        return;
    }
    // L30C: while the Director is asked whether his cancelled pass was artificial, the
    // Law 30A pass is not made for him: an artificial pass would leave him free (L31A2).
    let asked = cx.st.rulings().open().iter().any(|r| {
        r.on == crate::action::RulingOn::Artificial && cx.st.auction().call(r.call).is_some_and(|c| c.seat == due)
    });
    if asked {
        return;
    }
    pass_for_barred(cx, due);
}

/// The engine passes for the barred player `due` (event `auto_pass`, shown to everyone
/// like the bar itself); the pass is then settled as his call.
pub fn pass_for_barred(cx: &mut Ctx<'_>, due: Seat) {
    cx.event(EventKind::AutoPass { seat: due }, Audience::EVERYONE);
    let id = record(cx, due, Call::Pass, Status::InForce);
    cx.st.auction_mut().mark_auto(id);
    settle_after_call(cx, due, id);
}

/// The final pass: the contract is fixed and the clarification period begins.
fn end_auction(cx: &mut Ctx<'_>) {
    let Some(contract) = cx.st.auction().summary().contract() else {
        return;
    };
    cx.st.end_auction(contract);
    cx.auction_ended_event(contract);
    // Bars stay until the auction period ends (lift_bars_at_end_of_period): an auction
    // reopened by L21B1 or L25A5 finds its barred players still barred.
    lead_restrictions_at_end(cx);
    duties::duties_at_final_pass(cx);
}

/// The end of the auction period (opening lead faced, L41C; hands returned, L17D2): the
/// bars for the rest of the auction (L23, L27B2–B4, L30–L32, L36–L39) and any unused
/// `next_turn` bar lapse. Until then an auction reopened under L21B1 or L25A5 keeps them.
pub fn lift_bars_at_end_of_period(cx: &mut Ctx<'_>) {
    for seat in Seat::ALL {
        irr::lift_bar(cx, seat);
    }
    cx.st.bars_mut().forget_used();
}

/// L17D3, L34: three passes after a call (or four passes), one of which was an accepted
/// pass out of rotation that cost a player his turn, do not end the auction. The pass out
/// of rotation and every pass after it are cancelled and the auction reverts to the player
/// whose turn it was when that pass was made; it then continues normally. Only the
/// out-of-rotation passer is an offender (Kooijman): his cancelled pass is UI for his
/// partner (L16C), the cancelled passes of the players who merely called after it carry no
/// rectification. Whatever the position of that pass among the closing passes. Returns
/// whether the auction was reverted.
#[inline]
pub fn revert_skipped_player(cx: &mut Ctx<'_>) -> bool {
    // An open auction has no closing passes (checked where it is called: most calls).
    cx.st.auction().summary().status() != crate::auction::Status::Open && revert_closing_passes(cx)
}

/// `revert_skipped_player` once the passes have closed the auction.
#[inline(never)]
fn revert_closing_passes(cx: &mut Ctx<'_>) -> bool {
    let ids = cx.st.auction().in_force_ids();
    let closing = ids
        .iter()
        .rev()
        .take_while(|i| cx.st.auction().call(*i).is_some_and(|r| r.call.is_pass()))
        .count();
    // The oldest closing pass that skipped a player who has not called since.
    let found = ids.iter().skip(ids.len() - closing).find_map(|pid| {
        let r = cx.st.auction().call(pid)?;
        let deprived = r.skipped().any(|s| !cx.st.auction().called_since(s, pid));
        let due = r.skipped_from?;
        deprived.then_some((pid, r.seat, due))
    });
    let Some((pid, offender, due)) = found else {
        return false;
    };
    let cancelled: Vec<CallId> = ids.iter().filter(|i| *i >= pid).collect();
    for i in cancelled.iter().rev() {
        let reason = if *i == pid {
            Withdrawal::PassCostTurn
        } else {
            Withdrawal::SkippedPlayerHadNotCalled
        };
        withdraw(cx, *i, Law::L17D3, reason);
    }
    // A cancelled pass did not serve a `next_turn` bar: the barred player still owes his
    // pass at his next turn.
    for i in &cancelled {
        if let Some((seat, bar)) = cx.st.bars_mut().take_used(*i) {
            let (kind, law) = (bar.kind, bar.law);
            cx.st.bars_mut().put_back(seat, bar);
            cx.event(EventKind::Barred { seat, bar: kind, law }, Audience::EVERYONE);
        }
    }
    // L16C: only the pass out of rotation is an offence (UI for the passer's partner).
    information::withdrawn_call(cx, pid, Some(offender.side()));
    // The auction reverts to the player whose turn it was; the record normally says so.
    cx.st.revert_turn_to(due);
    cx.warn(
        Warning::new(
            Code::SkippedPlayer,
            Severity::Info,
            Audience::EVERYONE,
            format!(
                "the auction is not over: {due} lost his turn to {offender}'s pass out of rotation; that pass and the passes after it are cancelled and {due} calls now (Law 17D3)"
            ),
        )
        .citing(Law::L17D3)
        .concerning(offender),
    );
    true
}

/// L26B: lead restrictions of offenders who became defenders, at the end of the auction.
pub fn lead_restrictions_at_end(cx: &mut Ctx<'_>) {
    // A choice made for an earlier end of the auction (before a reopening) lapsed with
    // `State::end_auction`.
    let records: Vec<LeadRestrictionRecord> = cx
        .st
        .lead()
        .restrictions()
        .iter()
        .filter(|r| cx.st.play().is_defender(r.offender))
        .cloned()
        .collect();
    for r in records {
        announce_lead_restriction(cx, r);
    }
}

/// L26B, L29C: the suits `offender` specified in the legal auction (his calls in force): for
/// a call the Director ruled artificial, the denominations he stated; for any other bid,
/// the strain it names (presumed natural).
pub fn specified_in_legal_auction(st: &crate::state::State, offender: Seat) -> Vec<Strain> {
    let mut specified: Vec<Strain> = Vec::new();
    for id in st.auction().in_force_ids().iter() {
        if st.auction().call(id).is_none_or(|r| r.seat != offender) {
            continue;
        }
        for s in st.specified_by(id) {
            if s.suit().is_some() && !specified.contains(&s) {
                specified.push(s);
            }
        }
    }
    specified
}

/// L26B: a ruling on an artificial call made after the auction ended: the suits declarer
/// may name follow what the offenders specified.
pub fn refresh_lead_restrictions(cx: &mut Ctx<'_>) {
    if cx.st.play().contract().is_none() {
        return;
    }
    let records: Vec<LeadRestrictionRecord> = cx.st.lead().restrictions().to_vec();
    for r in records {
        let specified = specified_in_legal_auction(cx.st, r.offender);
        cx.st.lead_mut().record_specified(r.call, r.law, &specified);
    }
}

/// L26B: announces declarer's entitlement `r`, with the suits the offender specified in
/// the legal auction.
pub fn announce_lead_restriction(cx: &mut Ctx<'_>, mut r: LeadRestrictionRecord) {
    let Some(declarer) = cx.st.play().declarer() else {
        return;
    };
    let specified = specified_in_legal_auction(cx.st, r.offender);
    r.specified.clone_from(&specified);
    cx.st.lead_mut().record_specified(r.call, r.law, &specified);
    let what = match cx.reg.lead_restriction {
        LeadRestriction::Prohibit => "prohibit",
        LeadRestriction::RequireOrProhibit => "require or prohibit",
    };
    let except = if specified.is_empty() {
        String::new()
    } else {
        format!(
            " other than {} (specified by {} in the legal auction)",
            Strain::list(&specified),
            r.offender
        )
    };
    cx.event(
        EventKind::LeadRestriction {
            offender: r.offender,
            law: r.law,
        },
        Audience::EVERYONE,
    );
    cx.warn(
        Warning::new(
            Code::LeadRestriction,
            Severity::Info,
            Audience::seat(declarer),
            format!(
                "Law {}: at {}'s first turn to lead, declarer may {what} the lead of any one suit{except}; it lasts while he keeps the lead (Law 26B)",
                r.law,
                r.offender.partner()
            ),
        )
        .citing(Law::L26B),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, calls_from, change_offered_behind_screens, played, run};

    #[test]
    fn l26b_declarer_is_told_the_suits_the_offender_specified() {
        let t = crate::procedure::test_support::lead_restricted(r#""face_to_face""#, &[]);
        let told = t
            .warnings()
            .iter()
            .find(|w| w.code == Code::LeadRestriction)
            .expect("told");
        assert!(
            told.message
                .contains("suit other than H (specified by W in the legal auction);"),
            "{}",
            told.message
        );
    }

    #[test]
    fn l30b1b_a_bar_for_one_turn_is_used_up_by_the_barred_players_pass_and_a_bar_throughout_stays() {
        let t = played(Seat::N, &[Action::call(Seat::N, call("1C"))]);
        let r = run(&t, |cx| {
            irr::bar(cx, Seat::E, BarKind::NextTurn, Law::L30B1b, None);
            pass_for_barred(cx, Seat::E);
        });
        assert!(r.events.contains(&EventKind::AutoPass { seat: Seat::E }));
        assert!(r.events.contains(&EventKind::BarLifted { seat: Seat::E }));
        assert!(!r.st.bars().is_barred(Seat::E));
        let r = run(&t, |cx| {
            irr::bar(cx, Seat::E, BarKind::Throughout, Law::L27B2, None);
            pass_for_barred(cx, Seat::E);
        });
        assert!(r.st.bars().is_barred(Seat::E));
        assert!(!r.events.contains(&EventKind::BarLifted { seat: Seat::E }));
    }

    #[test]
    fn l21b1_an_offer_to_change_a_call_lapses_when_the_offered_players_partner_calls() {
        // Behind screens, dealer E: West's pass, North's 4S, East's correction of the
        // explanation of call 0: North may change 4S.
        let t = change_offered_behind_screens();
        let offered = |seat: Seat| {
            run(&t, |cx| settle_before_next_call(cx, seat, CallId::new(1)))
                .st
                .offers()
                .standing()
                .iter()
                .any(|o| o.seat == Seat::N)
        };
        assert!(offered(Seat::E));
        assert!(!offered(Seat::S));
    }

    #[test]
    fn l26b_the_suits_an_offender_specified_in_the_legal_auction_are_his_bids_strains() {
        let t = played(Seat::N, &calls_from(Seat::N, &["1C", "1H", "1S", "2D", "P", "2H"]));
        assert_eq!(specified_in_legal_auction(t.state(), Seat::E), [Strain::Hearts]);
        assert_eq!(specified_in_legal_auction(t.state(), Seat::W), [Strain::Diamonds]);
        assert_eq!(specified_in_legal_auction(t.state(), Seat::N), [Strain::Clubs]);
    }
}
