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
    let Some(contract) = cx.st.play().contract() else {
        return;
    };
    for seat in Seat::ALL {
        // An alert is a statement about the agreement too (L20F5a counts a mistaken alert).
        // Only about a call he may correct now: a reminder invites only what `apply` takes.
        // An explanation already corrected (superseded, e.g. by declarer under L20F5b) is no
        // longer his to correct.
        let gave = cx
            .st
            .extra()
            .disclosures()
            .iter()
            .any(|d| d.by == seat && !d.superseded && correction::offered(cx.st, cx.reg, seat, d.call));
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
    let Some(contract) = cx.st.play().contract() else {
        return;
    };
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
        .offers()
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
    let Some(contract) = cx.st.play().contract() else {
        return;
    };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{calls_from, played, run};
    use crate::table::Table;

    /// Dealer N, face to face: North's 1C alerted and explained by South, `before` then
    /// the calls `rest` from East on.
    fn auction(before: &[Action], rest: &[&str]) -> Table {
        let mut actions = calls_from(Seat::N, &["1C"]);
        actions.push(Action::alert(Seat::S, 0, Some("could be short")));
        actions.extend_from_slice(before);
        actions.extend(calls_from(Seat::E, rest));
        played(Seat::N, &actions)
    }

    /// The codes of the warnings addressed to `seat`.
    fn reminded(warnings: &[Warning], seat: Seat) -> Vec<Code> {
        warnings
            .iter()
            .filter(|w| w.audience.has_seat(seat))
            .map(|w| w.code)
            .collect()
    }

    #[test]
    fn l20f4a_l20f5b_at_the_final_pass_the_explainer_and_his_declaring_partner_are_reminded() {
        // 1C P P P: North declares, South (who explained) is dummy.
        let t = auction(&[], &["P", "P", "P"]);
        let r = run(&t, duties_at_final_pass);
        assert_eq!(reminded(&r.warnings, Seat::S), [Code::CheckOwnExplanations]);
        assert_eq!(reminded(&r.warnings, Seat::N), [Code::CorrectPartnerNow]);
        assert!(reminded(&r.warnings, Seat::E).is_empty());
    }

    #[test]
    fn l20f5b_a_defender_is_not_reminded_of_partners_explanation_at_the_final_pass() {
        // 1C 1D P P P: East declares; North and South defend.
        let t = auction(&[], &["1D", "P", "P", "P"]);
        let r = run(&t, duties_at_final_pass);
        assert!(reminded(&r.warnings, Seat::N).is_empty());
    }

    #[test]
    fn l20f5b_a_noted_mistake_left_uncorrected_at_the_lead_is_a_missed_duty_for_the_director() {
        let t = auction(&[Action::note_partner_mistake(Seat::N, 0)], &["P", "P", "P"]);
        let r = run(&t, duties_missed_at_lead);
        let missed: Vec<_> = r.warnings.iter().filter(|w| w.code == Code::DutyMissed).collect();
        assert_eq!(missed.len(), 1);
        assert_eq!(missed[0].seat, Some(Seat::N));
        assert!(![Seat::N, Seat::E, Seat::S, Seat::W]
            .into_iter()
            .any(|s| missed[0].audience.has_seat(s)));
        let mut corrected = t;
        assert!(corrected
            .apply(Action::correct_explanation(Seat::N, 0, "natural"))
            .is_ok());
        assert!(run(&corrected, duties_missed_at_lead).warnings.is_empty());
    }
}
