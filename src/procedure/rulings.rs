//! The Director's rulings (SPEC §3 `ruling`, docs/DIRECTOR.md): each applies to the
//! oldest open question of its kind — L25A `unintended`, L21B `misinformation`, L23A
//! `comparable` (with L27B1a `specified` strains), L28B/L29A `intent`, L29C/L30C
//! `artificial` (with the denominations an artificial call specified).

use crate::action::{Intent, Ruling, RulingOn, RulingValue};
use crate::audience::Audience;
use crate::call::{Call, Seat, Strain};
use crate::event::{BarKind, EventKind};
use crate::law::Law;
use crate::procedure::ctx::Ctx;
use crate::procedure::settle::{end_or_continue, refresh_lead_restrictions};
use crate::procedure::steps::{self as irr, close_comparison, lift_bar, rec};
use crate::procedure::{information, insufficient, rotation, undo};
use crate::report::{refuse, refuse_citing, Code, Refusal, Severity, Warning};
use crate::state::{Aftermath, CallId, CallPos, Comparison, Pending, Phase, State, Status};

/// A Director's ruling: applies to the oldest open question of its kind. Its value has
/// the type its kind needs (`Action::director_ruling` refuses any other as `BAD_INPUT`).
///
/// # Errors
/// `NO_PENDING_RULING` when no question of that kind is open.
pub fn ruling(cx: &mut Ctx<'_>, ruling: Ruling<'_>) -> Result<(), Refusal> {
    let (on, value) = (ruling.on(), ruling.value());
    // `valued`: a comparable ruling that answers the question (a bare `specified` states the
    // insufficient bid's denominations only, L27B1a).
    let valued = !matches!(ruling, Ruling::Comparable { value: None, .. });
    may_rule(cx.st, on, valued)?;
    match ruling {
        Ruling::Unintended(yes) => {
            cx.event(EventKind::Ruling { on, value }, Audience::EVERYONE);
            undo::decide(cx, yes)
        }
        Ruling::Misinformation(yes) => {
            let Some(r) = cx.st.rulings_mut().answer(on) else {
                return refuse(Code::NoPendingRuling, "no change of call awaits a ruling");
            };
            let changer = cx
                .st
                .offers()
                .changes()
                .iter()
                .find(|c| c.replacement == r.call)
                .map(|c| c.seat);
            let before = cx.st.offers_mut().rule_on_change(r.call, yes);
            cx.event(EventKind::Ruling { on, value }, Audience::EVERYONE);
            if !yes {
                // SPEC 5.3: the change stands at the table; the score reverts (L21B3).
                let msg = match before {
                    Some(c) => format!("the change of call is not allowed: score the board in the original contract {c} by {} (Law 21B3)", c.declarer),
                    None => "the change of call is not allowed: the Director assigns an adjusted score (Law 21B3)".to_string(),
                };
                let mut w =
                    Warning::new(Code::AdjustmentPossible, Severity::Info, Audience::DIRECTOR, msg).citing(Law::L21B3);
                w.seat = changer;
                cx.warn(w);
            }
            Ok(())
        }
        Ruling::Comparable { value: yes, specified } => comparable_ruling(cx, value, yes, specified),
        Ruling::Intent(intent) => intent_ruling(cx, value, intent),
        Ruling::Artificial {
            value: yes,
            specified,
            index,
        } => artificial_ruling(cx, value, yes, specified, index),
    }
}

/// Whether the Director may give a ruling of kind `on` now — the rule `ruling` applies
/// before the ruling's own checks, and the Director's view's `open_rulings` (the questions
/// he is asked now; `valued`: a ruling that answers the question, not a bare statement of
/// what an insufficient bid specified).
///
/// - L25A: while a request to replace a call is pending, only the ruling that decides it
///   is given; every other waits (`UNDO_PENDING`): the call it concerns, or a call before
///   which it stands, may be withdrawn or replaced.
/// - L27A, L29A, L23A: whether a replacement is comparable is asked once LHO has declined
///   the insufficient bid or call out of rotation (before, he may still accept it and there
///   is no replacement to compare), and answered once the replacement is made. What the
///   insufficient bid specified (L27B1a, a bare `specified`) may be stated before.
///
/// # Errors
/// `NO_PENDING_RULING` when no question of that kind is open (an `artificial` ruling may
/// name its call) or no replacement has been made; `UNDO_PENDING`;
/// `RECTIFICATION_PENDING` while LHO has not declined.
pub fn may_rule(st: &State, on: RulingOn, valued: bool) -> Result<(), Refusal> {
    if on == RulingOn::Unintended {
        return match st.undo().request() {
            Some(_) => Ok(()),
            None => refuse(Code::NoPendingRuling, "no replacement of a call awaits a ruling"),
        };
    }
    let open = st.rulings().open().iter().find(|r| r.on == on);
    // An `artificial` ruling may concern a call no question names (`artificial_target`).
    if open.is_none() && on != RulingOn::Artificial {
        let what = match on {
            RulingOn::Misinformation => "no change of call awaits a ruling",
            RulingOn::Intent => "no call out of rotation awaits an intent ruling",
            _ => "no replacement awaits a comparable-call ruling",
        };
        return refuse(Code::NoPendingRuling, what);
    }
    if st.undo().request().is_some() {
        return refuse_citing(
            Law::L25A,
            Code::UndoPending,
            "a request to replace a call is pending (Law 25A): the Director rules on it first",
        );
    }
    if on != RulingOn::Comparable {
        return Ok(());
    }
    let Some(cmp) = open.and_then(|r| st.rulings().comparison(r.call)) else {
        return refuse(Code::NoPendingRuling, "no replacement awaits a comparable-call ruling");
    };
    let awaiting_lho = match st.rectification().pending() {
        Some(Pending::InsufficientBid { first, .. }) => *first == cmp.withdrawn,
        Some(Pending::OutOfRotation { call, .. }) => *call == cmp.withdrawn,
        _ => false,
    };
    if valued && awaiting_lho {
        return refuse_citing(
            Law::L27A,
            Code::RectificationPending,
            "LHO has not declined the irregular call: there is no replacement to compare yet",
        );
    }
    if valued && cmp.replacement.is_none() {
        return refuse_citing(Law::L23A, Code::NoPendingRuling, "the replacement has not been made yet");
    }
    Ok(())
}

/// The kinds of ruling the Director is asked for now, in the order asked (his view's
/// `open_rulings`): the open questions `may_rule` lets him answer.
pub fn asked(st: &State) -> Vec<RulingOn> {
    let open = st.rulings().open().iter();
    open.filter(|r| may_rule(st, r.on, true).is_ok()).map(|r| r.on).collect()
}

/// L29C, L30C, L26B: the Director rules a call artificial (with the denominations it
/// specified) or natural. With `index`, the call in force at that position; without, the
/// call of the oldest open `artificial` question, else the latest call whose
/// rectification is still open (a call out of rotation, a cancelled one whose offender has
/// not called since, a withdrawn call whose replacement may be ruled comparable).
fn artificial_ruling(
    cx: &mut Ctx<'_>,
    value: Option<RulingValue>,
    yes: bool,
    specified: Option<&[Strain]>,
    index: Option<usize>,
) -> Result<(), Refusal> {
    let target = match index {
        Some(i) => match cx.st.auction().record_id(CallPos::new(i)) {
            Some(id) => id,
            None => return refuse(Code::NoSuchCall, format!("no call in force at index {i}")),
        },
        None => match artificial_target(cx) {
            Some(id) => id,
            None => {
                return refuse_citing(
                    Law::L29C,
                    Code::NoPendingRuling,
                    "no call out of rotation or withdrawn call awaits an artificial-call ruling",
                )
            }
        },
    };
    let was = cx.st.rulings().is_artificial(target);
    cx.event(
        EventKind::Ruling {
            on: RulingOn::Artificial,
            value,
        },
        Audience::EVERYONE,
    );
    let strains: Vec<Strain> = specified.unwrap_or_default().to_vec();
    cx.st.rulings_mut().rule_artificial(target, yes, strains);
    cx.st.rulings_mut().close(RulingOn::Artificial, target);
    // L27B1a, L29C: the rectification follows the denominations it specified.
    if let Some(cmp) = cx.st.rulings().comparison(target).cloned() {
        let now = cx.st.specified_by(target);
        if specified_strains(cx, target, &cmp, now) {
            settle_comparable(cx, &cmp);
        }
    }
    // L27B1a: a replacement ruled artificial, specifying the denominations the insufficient
    // bid specified, leaves no rectification: no bar, no lead restriction (L26B), no L16C.
    let replaced = cx
        .st
        .rulings()
        .comparisons()
        .iter()
        .find(|c| c.replacement == Some(target) && c.law == Law::L27B2)
        .cloned();
    if let Some(cmp) = replaced.filter(|c| insufficient::replacement_qualifies(cx, c.withdrawn, target)) {
        settle_comparable(cx, &cmp);
    }
    let withdrawn = cx
        .st
        .auction()
        .call(target)
        .is_some_and(|r| r.status != Status::InForce);
    if withdrawn && rec(cx, target).is_some_and(|(_, call)| call.is_pass()) && was != yes {
        reroute_pass(cx, target, yes);
    }
    // L26B: the suits declarer may name follow what the offenders specified.
    refresh_lead_restrictions(cx);
    if cx.st.phase() == Phase::Auction {
        // A barred player's pass held while the question was open is made now.
        end_or_continue(cx);
    }
    Ok(())
}

/// The call an `artificial` ruling without `index` concerns.
fn artificial_target(cx: &Ctx<'_>) -> Option<CallId> {
    if let Some(r) = cx
        .st
        .rulings()
        .open()
        .iter()
        .find(|r| r.on == RulingOn::Artificial)
    {
        return Some(r.call);
    }
    cx.st
        .auction()
        .calls_with_ids()
        .rev()
        .find(|(id, r)| r.status != Status::InForce && cx.st.rectification_open_for(*id))
        .map(|(id, _)| id)
}

/// L30C: a cancelled pass out of rotation ruled artificial (or natural after all) while its
/// rectification is open is rectified as the Director's ruling requires, from where the
/// auction stands: Law 31 for an artificial pass, Law 30 for a natural one.
fn reroute_pass(cx: &mut Ctx<'_>, coor: CallId, artificial: bool) {
    let Some((offender, _)) = rec(cx, coor) else {
        return;
    };
    if matches!(cx.st.rectification().pending(), Some(Pending::OutOfRotation { call, .. }) if *call == coor) {
        return; // Not cancelled yet: LHO's decline routes it (L29B).
    }
    if artificial && cx.st.l30a_pass_due_for(coor) {
        // L31A instead of L30A: the offender's pass is no longer required; what RHO did (or
        // does) decides.
        lift_bar(cx, offender);
        let rho = offender.rho();
        let rho_call = cx
            .st
            .auction()
            .in_force_ids()
            .iter()
            .filter(|i| *i > coor)
            .filter_map(|i| cx.st.auction().call(i))
            .find(|r| r.seat == rho)
            .map(|r| r.call);
        let (law, repeat) = match rho_call {
            None => (Law::L31A, true),
            Some(Call::Pass) => {
                // L31A1: the offender must repeat his (artificial) pass.
                cx.st.rectification_mut().force_call(offender, Call::Pass);
                (Law::L31A1, false)
            }
            Some(_) => (Law::L31A2, false),
        };
        cx.st.rectification_mut().expect_aftermath(Some(Aftermath {
            seat: offender,
            cancelled: coor,
            law,
            repeat_if_rho_passes: repeat,
            intent: None,
        }));
        return;
    }
    let Some(mut a) = cx.st.rectification().aftermath().cloned().filter(|a| a.cancelled == coor) else {
        return;
    };
    match a.law {
        Law::L30B1b | Law::L31B => {
            // L30B1 vs L31B: partner free either way; only the offender's next call differs.
            a.law = if artificial { Law::L31B } else { Law::L30B1b };
            cx.st.rectification_mut().expect_aftermath(Some(a));
        }
        Law::L31A | Law::L31A1 | Law::L31A2 if !artificial => {
            // L30A after all: the offender passes at his next turn; nothing more.
            if a.law != Law::L31A2 {
                information::withdrawn_call(cx, coor, Some(offender.side()));
            }
            cx.st.rectification_mut().unforce(offender);
            cx.st.rectification_mut().expect_aftermath(None);
            irr::bar(cx, offender, BarKind::NextTurn, Law::L30A, None);
            end_or_continue(cx);
        }
        _ => {}
    }
}

/// The Director states what withdrawn call `cmp.withdrawn` specified (L27B1a, L29C):
/// recorded on its comparison. Returns whether a replacement already made thereby
/// qualifies under L27B1a (L27C), which leaves no rectification.
fn specified_strains(cx: &mut Ctx<'_>, withdrawn: CallId, cmp: &Comparison, strains: Vec<Strain>) -> bool {
    cx.st.rulings_mut().state_specified(withdrawn, strains);
    insufficient::refresh_suggestion(cx, withdrawn);
    cmp.law == Law::L27B2
        && cmp
            .replacement
            .is_some_and(|x| insufficient::replacement_qualifies(cx, withdrawn, x))
}

fn comparable_ruling(
    cx: &mut Ctx<'_>,
    value: Option<RulingValue>,
    yes: Option<bool>,
    specified: Option<&[Strain]>,
) -> Result<(), Refusal> {
    let Some(open) = cx
        .st
        .rulings()
        .open()
        .iter()
        .find(|r| r.on == RulingOn::Comparable)
        .cloned()
    else {
        return refuse(Code::NoPendingRuling, "no replacement awaits a comparable-call ruling");
    };
    let Some(cmp) = cx.st.rulings().comparison(open.call).cloned() else {
        return refuse(Code::NoPendingRuling, "no replacement awaits a comparable-call ruling");
    };
    cx.event(
        EventKind::Ruling {
            on: RulingOn::Comparable,
            value,
        },
        Audience::EVERYONE,
    );
    let mut b1a = false;
    if let Some(list) = specified {
        let strains: Vec<Strain> = list.to_vec();
        // L27C: a replacement made before the Director came is tested under L27B1a with
        // the strains he states; B3 (a cancelled double, another insufficient bid) stands.
        b1a = specified_strains(cx, cmp.withdrawn, &cmp, strains);
    }
    // L27B1a needs no comparability: it leaves no rectification whatever the value.
    let yes = if b1a { Some(true) } else { yes };
    match yes {
        None => Ok(()),
        Some(false) => {
            close_comparison(cx, cmp.withdrawn);
            Ok(())
        }
        Some(true) => {
            settle_comparable(cx, &cmp);
            Ok(())
        }
    }
}

/// L23A/L27B1b/L30B1b(i)/L31A2a/L32A2a: a comparable replacement (or one qualifying
/// under L27B1a): no further rectification; L26A, L23B.
fn settle_comparable(cx: &mut Ctx<'_>, cmp: &Comparison) {
    close_comparison(cx, cmp.withdrawn);
    for seat in Seat::ALL {
        if cx
            .st
            .bars()
            .on(seat)
            .is_some_and(|b| b.lifted_if_comparable == Some(cmp.withdrawn))
        {
            lift_bar(cx, seat);
        }
    }
    cx.st.lead_mut().drop_from(cmp.withdrawn);
    insufficient::reinstate_comparable_double(cx, cmp);
}

fn intent_ruling(cx: &mut Ctx<'_>, value: Option<RulingValue>, intent: Intent) -> Result<(), Refusal> {
    let Some(open) = cx
        .st
        .rulings()
        .open()
        .iter()
        .find(|r| r.on == RulingOn::Intent)
        .cloned()
    else {
        return refuse(Code::NoPendingRuling, "no call out of rotation awaits an intent ruling");
    };
    let Some(Pending::OutOfRotation { call, due, .. }) = cx.st.rectification().pending().cloned() else {
        cx.st.rulings_mut().close_all(RulingOn::Intent);
        return refuse(Code::NoPendingRuling, "no call out of rotation awaits an intent ruling");
    };
    if call != open.call {
        return refuse(Code::NoPendingRuling, "no call out of rotation awaits an intent ruling");
    }
    cx.event(
        EventKind::Ruling {
            on: RulingOn::Intent,
            value,
        },
        Audience::EVERYONE,
    );
    cx.event(EventKind::IntentRecorded { seat: due, intent }, Audience::EVERYONE);
    match intent {
        Intent::Accept => {
            rotation::accept(cx, due, call, due);
            Ok(())
        }
        Intent::OwnTurn => {
            cx.st.rectification_mut().open(Pending::OutOfRotation {
                call,
                due,
                intent: Some(Intent::OwnTurn),
            });
            cx.st.rulings_mut().close(RulingOn::Intent, call);
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, change_offered_behind_screens, played, run};

    /// Dealer N: 1H, East's insufficient 1D not accepted and replaced by 3D: West is
    /// barred throughout (L27B2) unless the Director rules 3D comparable.
    fn replaced_by_3d() -> crate::table::Table {
        played(
            Seat::N,
            &[
                Action::call(Seat::N, call("1H")),
                Action::call(Seat::E, call("1D")),
                Action::decline(Seat::S),
                Action::call(Seat::E, call("3D")),
            ],
        )
    }

    fn comparable(value: bool) -> Ruling<'static> {
        Ruling::Comparable {
            value: Some(value),
            specified: None,
        }
    }

    #[test]
    fn l23a_a_replacement_ruled_comparable_lifts_partners_bar_and_one_ruled_not_keeps_it() {
        let t = replaced_by_3d();
        assert!(t.state().bars().is_barred(Seat::W));
        let yes = run(&t, |cx| ruling(cx, comparable(true)));
        assert!(yes.out.is_ok());
        assert!(!yes.st.bars().is_barred(Seat::W));
        assert!(yes.events.contains(&EventKind::BarLifted { seat: Seat::W }));
        let no = run(&t, |cx| ruling(cx, comparable(false)));
        assert!(no.out.is_ok());
        assert!(no.st.bars().is_barred(Seat::W));
    }

    #[test]
    fn l81_a_ruling_with_no_open_question_of_its_kind_is_refused() {
        let t = played(Seat::N, &[Action::call(Seat::N, call("1H"))]);
        for r in [
            comparable(true),
            Ruling::Unintended(true),
            Ruling::Misinformation(false),
        ] {
            let out = run(&t, |cx| ruling(cx, r)).out;
            assert_eq!(out.map_err(|e| e.code), Err(Code::NoPendingRuling), "{r:?}");
        }
    }

    #[test]
    fn l21b3_a_change_of_call_not_allowed_tells_the_director_to_score_the_original_contract() {
        let mut t = change_offered_behind_screens();
        assert!(t.apply(Action::change_call(Seat::N, call("P"))).is_ok());
        let adjusted = |allowed: bool| {
            run(&t, |cx| ruling(cx, Ruling::Misinformation(allowed)))
                .warnings
                .iter()
                .any(|w| w.code == Code::AdjustmentPossible && w.law == Law::L21B3)
        };
        assert!(adjusted(false));
        assert!(!adjusted(true));
    }
}
