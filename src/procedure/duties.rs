//! The duties to correct explanations (L20F4a, L20F5b) at the final pass, at the opening
//! lead faced and at the end of play: reminders to the players, missed duties to the
//! Director.

use crate::audience::Audience;
use crate::call::Seat;
use crate::procedure::correction;
use crate::procedure::ctx::Ctx;
use crate::procedure::steps::remind;
use crate::report::{Code, Severity, Warning};
use crate::state::PartnerNote;

/// Reminders due at the final pass: L20F4a for every explainer, L20F5b for declarer and
/// dummy whose partner explained.
pub fn duties_at_final_pass(cx: &mut Ctx<'_>) {
    let Some(contract) = cx.st.contract() else { return };
    for seat in Seat::ALL {
        // An alert is a statement about the agreement too (L20F5a counts a mistaken alert).
        // Only about a call he may correct now: a reminder invites only what `apply` takes.
        let gave = cx
            .st
            .extra()
            .disclosures()
            .iter()
            .any(|d| d.by == seat && correction::offered(cx.st, cx.reg, seat, d.call));
        if gave {
            remind(
                cx,
                Code::CheckOwnExplanations,
                seat,
                format!("if any explanation {seat} gave was wrong, {seat} must call the Director and correct it before the opening lead is faced (Law 20F4a)"),
            );
        }
    }
    for seat in [contract.declarer, contract.dummy()] {
        if let Some(msg) = partner_duty(cx, seat) {
            remind(
                cx,
                Code::CorrectPartnerNow,
                seat,
                format!(
                    "as {}: {msg} now, before the opening lead is faced (Law 20F5b)",
                    if seat == contract.declarer { "declarer" } else { "dummy" }
                ),
            );
        }
    }
}

/// Reminders due at the end of play: L20F5b for the defenders.
pub fn duties_at_end_of_play(cx: &mut Ctx<'_>) {
    let Some(contract) = cx.st.contract() else { return };
    for seat in [contract.leader(), contract.leader().partner()] {
        if let Some(msg) = partner_duty(cx, seat) {
            remind(
                cx,
                Code::CorrectPartnerAfterPlay,
                seat,
                format!("play is over: {msg} now (Law 20F5b)"),
            );
        }
    }
}

/// The text of `seat`'s duty about partner's explanations, if partner explained anything
/// he may correct now (naming both: the Director reads it too).
fn partner_duty(cx: &Ctx<'_>, seat: Seat) -> Option<String> {
    let partner = seat.partner();
    if !open_notes(cx, seat).is_empty() {
        return Some(format!(
            "{seat} must call the Director and correct {partner}'s mistaken explanation"
        ));
    }
    // Only a disclosure the player heard (not under self-alerting or across a screen).
    let partner_explained = cx.st.extra().disclosures().iter().any(|d| {
        d.by == partner
            && !d.superseded
            && d.audience.has_seat(seat)
            && correction::offered(cx.st, cx.reg, seat, d.call)
    });
    partner_explained
        .then(|| format!("if {partner}'s explanation was mistaken, {seat} must call the Director and correct it"))
}

/// The mistaken explanations of partner's `seat` knows of and has not corrected: his
/// `note_partner_mistake` notes, the only record of the duty (a refused early correction
/// leaves nothing behind; see docs/RULINGS.md, "Disclosure and misinformation") — those of
/// a call he may correct now (the reminder invites only that, and a duty not reminded of
/// cannot be missed).
fn open_notes(cx: &Ctx<'_>, seat: Seat) -> Vec<PartnerNote> {
    let notes = cx
        .st
        .irregular()
        .notes()
        .iter()
        .filter(|n| n.seat == seat && !n.corrected);
    notes
        .filter(|n| correction::offered(cx.st, cx.reg, seat, n.call))
        .cloned()
        .collect()
}

/// At the opening lead faced: a declaring-side duty still open is missed (Director only).
pub fn duties_missed_at_lead(cx: &mut Ctx<'_>) {
    let Some(contract) = cx.st.contract() else { return };
    let missed: Vec<PartnerNote> = [contract.declarer, contract.dummy()]
        .into_iter()
        .flat_map(|seat| open_notes(cx, seat))
        .collect();
    for n in missed {
        let Some(call) = cx.st.auction().call(n.call).map(|r| r.call) else {
            continue;
        };
        cx.warn(
            Warning::new(
                Code::DutyMissed,
                Severity::Infraction,
                Audience::DIRECTOR,
                format!(
                    "{} did not correct partner's explanation of {call} before the opening lead was faced",
                    n.seat
                ),
            )
            .concerning(n.seat)
            .about(call),
        );
    }
}
