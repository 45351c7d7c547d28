//! The audience of an action's cause: who may know that an action happened,
//! computed from SPEC §6 and the table before it, independently of the engine — and the
//! check that every event and warning the action caused stays within it.

use bridge_laws::audience::Audience;
use bridge_laws::regulation::Disclosure;
use bridge_laws::state::CallPos;
use bridge_laws::{Action, Outcome, Regulation, Seat, Table, Viewer};
use serde_json::Value;

/// SPEC §6: who hears `giver`'s alert or explanation of a call by `caller`.
fn disclosure(reg: &Regulation, caller: Seat, giver: Seat) -> Audience {
    let a = match reg.disclosure {
        Disclosure::SelfAlert => Audience::seats([caller, caller.lho(), caller.rho()]),
        Disclosure::Partner => Audience::TABLE,
        Disclosure::Screens => Audience::seats([giver, reg.screenmates.of(giver)]),
        other => unknown(other),
    };
    a.with_spectators_if(reg.spectators_see_disclosures)
}

/// A disclosure regime added after this oracle (`Disclosure` is `#[non_exhaustive]`): the
/// oracle must learn who hears under it before the suites can pass.
fn unknown(regime: Disclosure) -> Audience {
    panic!("the audience oracle does not know the disclosure regime {regime:?}")
}

/// Who may know that `action` (as applied to `before`) happened: a player's disclosure,
/// question, review, question about the lead or contract and private note reach only
/// those SPEC §6 lets hear them; calls, cards, rectification choices, summonses made at
/// the table and the Director's rulings are public. (A correction is bounded by the
/// explanations of that call his side gave that he knows of — his own and those he heard —
/// or, if none, by his own audience: it goes to those misinformed, SPEC 5.5.) The actor is
/// always among them.
pub fn cause_audience(before: &Table, action: &Value) -> Audience {
    let reg = before.regulation();
    let st = before.state();
    let Some(seat) = action["seat"].as_str().and_then(|s| s.parse::<Seat>().ok()) else {
        return Audience::EVERYONE;
    };
    let index = action["index"].as_u64().and_then(|i| usize::try_from(i).ok());
    let call_id = index.and_then(|i| st.auction().record_id(CallPos::new(i)));
    let caller = call_id.and_then(|id| st.auction().call(id)).map(|r| r.seat);
    let spectators = reg.spectators_see_disclosures;
    // The actor knows what he did (even his own disclosure that he does not hear).
    let heard = match action["type"].as_str().unwrap_or_default() {
        "alert" | "explain" => caller.map_or(Audience::EVERYONE, |c| disclosure(reg, c, seat)),
        "ask" => match reg.disclosure {
            Disclosure::SelfAlert => {
                let answerers = caller.map_or_else(|| vec![seat.lho(), seat.rho()], |c| vec![c]);
                Audience::seats(answerers.into_iter().chain([seat])).with_spectators_if(spectators)
            }
            Disclosure::Partner => Audience::TABLE.with_spectators_if(spectators),
            Disclosure::Screens => Audience::seats([seat, reg.screenmates.of(seat)]).with_spectators_if(spectators),
            other => unknown(other),
        },
        "correct_explanation" => {
            let (Some(id), Some(caller)) = (call_id, caller) else {
                return Audience::EVERYONE;
            };
            st.extra()
                .disclosures()
                .iter()
                .filter(|d| d.call == id && !d.superseded && d.by.side() == seat.side())
                .filter(|d| d.by == seat || d.audience.has_seat(seat))
                .map(|d| d.audience)
                .reduce(Audience::union)
                .unwrap_or_else(|| disclosure(reg, caller, seat))
        }
        "review" => match reg.disclosure {
            Disclosure::SelfAlert => Audience::seat(seat),
            Disclosure::Partner => Audience::TABLE,
            Disclosure::Screens => Audience::seats([seat, reg.screenmates.of(seat)]),
            other => unknown(other),
        },
        "ask_lead" | "ask_contract" | "note_partner_mistake" => Audience::seat(seat),
        _ => Audience::EVERYONE,
    };
    heard.with(seat)
}

/// Whether every viewer of `inner` is in `outer`.
fn within(inner: Audience, outer: Audience) -> bool {
    Viewer::ALL.iter().all(|v| !inner.contains(*v) || outer.contains(*v))
}

/// Every event and warning of `out`, the outcome of `action` applied to `before`, reaches
/// only viewers who may know that the action happened.
pub fn check_caused(before: &Table, action: &str, out: &Outcome) -> Result<(), String> {
    match serde_json::from_str::<Value>(action) {
        Ok(value) => caused_within(before, &value, out),
        Err(_) => Ok(()),
    }
}

/// `check_caused` for a typed action.
pub fn check_action_caused(before: &Table, action: &Action, out: &Outcome) -> Result<(), String> {
    let value = serde_json::to_value(action).map_err(|e| format!("{action:?} as JSON: {e}"))?;
    caused_within(before, &value, out)
}

/// `check_caused` for the action as its JSON value.
fn caused_within(before: &Table, action: &Value, out: &Outcome) -> Result<(), String> {
    let Outcome::Accepted { events, warnings } = out else {
        return Ok(());
    };
    let cause = cause_audience(before, action);
    for e in events {
        if !within(e.audience, cause) {
            return Err(format!(
                "event {:?} reaches {:?}, beyond {:?} who may know of its cause {action}",
                e.kind,
                e.audience.viewers(),
                cause.viewers()
            ));
        }
    }
    for w in warnings {
        if !within(w.audience, cause) {
            return Err(format!(
                "warning {} reaches {:?}, beyond {:?} who may know of its cause {action}",
                w.code,
                w.audience.viewers(),
                cause.viewers()
            ));
        }
    }
    Ok(())
}
