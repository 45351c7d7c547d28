//! The Director's rulings (SPEC §3 `ruling`, docs/DIRECTOR.md): each applies to the
//! oldest open question of its kind — L25A `unintended`, L21B `misinformation`, L23A
//! `comparable` (with L27B1a `specified` strains), L28B/L29A `intent`.

use crate::action::{Intent, Ruling, RulingOn, RulingValue, StrainName};
use crate::audience::Audience;
use crate::call::{Seat, Strain};
use crate::event::EventKind;
use crate::law::Law;
use crate::procedure::ctx::Ctx;
use crate::procedure::steps::{close_comparison, lift_bar};
use crate::procedure::{insufficient, rotation, undo};
use crate::report::{refuse, Code, Refusal, Severity, Warning};
use crate::state::Pending;

/// A Director's ruling: applies to the oldest open question of its kind. Its value has
/// the type its kind needs (`Action::director_ruling` refuses any other as `BAD_INPUT`).
///
/// # Errors
/// `NO_PENDING_RULING` when no question of that kind is open.
pub fn ruling(cx: &mut Ctx<'_>, ruling: Ruling<'_>) -> Result<(), Refusal> {
    let (on, value) = (ruling.on(), ruling.value());
    match ruling {
        Ruling::Unintended(yes) => {
            if cx.st.undo_request().is_none() {
                return refuse(Code::NO_PENDING_RULING, "no replacement of a call awaits a ruling");
            }
            cx.event(EventKind::Ruling { on, value }, Audience::EVERYONE);
            undo::decide(cx, yes)
        }
        Ruling::Misinformation(yes) => {
            let Some(r) = cx.st.answer_ruling(on) else {
                return refuse(Code::NO_PENDING_RULING, "no change of call awaits a ruling");
            };
            let changer = cx.st.changes().iter().find(|c| c.replacement == r.call).map(|c| c.seat);
            let before = cx.st.rule_on_change(r.call, yes);
            cx.event(EventKind::Ruling { on, value }, Audience::EVERYONE);
            if !yes {
                // SPEC 5.3: the change stands at the table; the score reverts (L21B3).
                let msg = match before {
                    Some(c) => format!("the change of call is not allowed: score the board in the original contract {c} by {} (Law 21B3)", c.declarer),
                    None => "the change of call is not allowed: the Director assigns an adjusted score (Law 21B3)".to_string(),
                };
                let mut w =
                    Warning::new(Code::ADJUSTMENT_POSSIBLE, Severity::Info, Audience::DIRECTOR, msg).citing(Law::L21B3);
                w.seat = changer;
                cx.warn(w);
            }
            Ok(())
        }
        Ruling::Comparable { value: yes, specified } => comparable_ruling(cx, value, yes, specified),
        Ruling::Intent(intent) => intent_ruling(cx, value, intent),
    }
}

fn comparable_ruling(
    cx: &mut Ctx<'_>,
    value: Option<RulingValue>,
    yes: Option<bool>,
    specified: Option<&[StrainName]>,
) -> Result<(), Refusal> {
    let Some(open) = cx
        .st
        .open_rulings()
        .iter()
        .find(|r| r.on == RulingOn::Comparable)
        .cloned()
    else {
        return refuse(
            Code::NO_PENDING_RULING,
            "no replacement awaits a comparable-call ruling",
        );
    };
    let Some(cmp) = cx.st.comparison(open.call).cloned() else {
        return refuse(
            Code::NO_PENDING_RULING,
            "no replacement awaits a comparable-call ruling",
        );
    };
    if yes.is_some() && cmp.replacement.is_none() {
        return refuse(Code::NO_PENDING_RULING, "the replacement has not been made yet")
            .map_err(|r: Refusal| r.citing(Law::L23A));
    }
    cx.event(
        EventKind::Ruling {
            on: RulingOn::Comparable,
            value,
        },
        Audience::EVERYONE,
    );
    let mut b1a = false;
    if let Some(list) = specified {
        let strains: Vec<Strain> = list.iter().map(|s| s.0).collect();
        cx.st.state_specified(cmp.withdrawn, strains);
        insufficient::refresh_suggestion(cx, cmp.withdrawn);
        // L27C: a replacement made before the Director came is tested under L27B1a with
        // the strains he states; B3 (a cancelled double, another insufficient bid) stands.
        b1a = cmp.law == Law::L27B2
            && cmp
                .replacement
                .is_some_and(|x| insufficient::replacement_qualifies(cx, cmp.withdrawn, x));
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
            // L23A/L27B1b/L30B1b(i)/L31A2a/L32A2a: no further rectification; L26A, L23B.
            close_comparison(cx, cmp.withdrawn);
            for seat in Seat::ALL {
                if cx
                    .st
                    .bar_on(seat)
                    .is_some_and(|b| b.lifted_if_comparable == Some(cmp.withdrawn))
                {
                    lift_bar(cx, seat);
                }
            }
            cx.st.drop_lead_restrictions_from(cmp.withdrawn);
            insufficient::reinstate_comparable_double(cx, &cmp);
            Ok(())
        }
    }
}

fn intent_ruling(cx: &mut Ctx<'_>, value: Option<RulingValue>, intent: Intent) -> Result<(), Refusal> {
    let Some(open) = cx.st.open_rulings().iter().find(|r| r.on == RulingOn::Intent).cloned() else {
        return refuse(
            Code::NO_PENDING_RULING,
            "no call out of rotation awaits an intent ruling",
        );
    };
    let Some(Pending::OutOfRotation { call, due, .. }) = cx.st.pending().cloned() else {
        cx.st.close_rulings(RulingOn::Intent);
        return refuse(
            Code::NO_PENDING_RULING,
            "no call out of rotation awaits an intent ruling",
        );
    };
    if call != open.call {
        return refuse(
            Code::NO_PENDING_RULING,
            "no call out of rotation awaits an intent ruling",
        );
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
            cx.st.await_rectification(Pending::OutOfRotation {
                call,
                due,
                intent: Some(Intent::OwnTurn),
            });
            cx.st.close_ruling(RulingOn::Intent, call);
            Ok(())
        }
    }
}
