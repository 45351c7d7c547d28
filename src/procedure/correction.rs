//! Corrections of mistaken explanations (L20F4, L20F5, L75B) and the duties they create.

use crate::action::Actor;
use crate::audience::Audience;
use crate::call::Seat;
use crate::event::{DisclosureKind, EventKind};
use crate::law::Law;
use crate::procedure::audience;
use crate::procedure::ctx::Ctx;
use crate::procedure::record::{call_id, offer_changes};
use crate::procedure::steps::{remind, summon, wait_for_undo};
use crate::regulation::Regulation;
use crate::report::{refuse, refuse_citing, Code, Refusal};
use crate::state::{CallId, DisclosureRecord, Phase, State};
use std::sync::Arc;

/// Who gave the explanations being corrected, and under which law.
#[derive(Clone, Copy)]
enum Corrector {
    /// His own explanation (L20F4, L75B2).
    Own,
    /// Partner's explanation (L20F5b, L75B3).
    Partners,
}

/// The `correct_explanation` action.
///
/// # Errors
/// `CORRECTION_TOO_EARLY` for partner's explanation during the auction (and, for a
/// defender, until play ends); `NOT_YOURS_TO_EXPLAIN`; `NO_SUCH_CALL`; `UNDO_PENDING`
/// while a Law 25A request may take the call away.
pub fn correct(cx: &mut Ctx<'_>, seat: Seat, index: usize, text: Arc<str>) -> Result<(), Refusal> {
    let id = call_id(cx, index)?;
    let caller = cx.st.auction().record()[id].seat;
    let (who, law) = corrector(cx.st, cx.reg, seat, id, &mut of_call(cx.st, id))?;
    let corrected = match who {
        Corrector::Own => seat,
        Corrector::Partners => seat.partner(),
    };
    let mut aud = Audience::DIRECTOR;
    let mut mi_pos = id.next();
    let mut first = true;
    if let Some(extra) = cx.st.extra_if_any() {
        extra.supersede_explanations(id, corrected, |d| {
            aud = if first { d.audience } else { aud.union(d.audience) };
            // The first call made after it: the record's length then.
            let after = CallId::new(d.at_record_len);
            mi_pos = if first { after } else { mi_pos.min(after) };
            first = false;
        });
    }
    if first {
        aud = audience::disclosure(cx.reg, caller, seat);
    }
    // Those who heard the explanation were misinformed (SPEC §6: under self-alerting a
    // correction, like the explanation, never reaches the caller's partner); they alone
    // learn of it, and of the summons it causes.
    let misinformed = aud;
    cx.heard_by(aud);
    // One text for the log, the record and the event.
    let at_record_len = cx.st.auction().record().len();
    cx.st.extra_mut().disclose(DisclosureRecord {
        call: id,
        by: seat,
        kind: DisclosureKind::Correction,
        alert: true,
        text: Some(Arc::clone(&text)),
        audience: aud,
        superseded: false,
        at_record_len,
    });
    cx.event(EventKind::Correction { index, by: seat, text }, aud);
    summon(cx, Actor::Seat(seat), Some("correction of an explanation"), law);
    cx.st.offers_mut().mark_corrected(seat, id);
    offer_changes(cx, caller.side(), mi_pos, misinformed);
    Ok(())
}

/// What `seat` may do now about the explanation of record `id`, whose disclosures are
/// `disclosures` (`ByCall::of`): correct it (the `correct_explanation` action's rule) and
/// note it as partner's mistake (`note_partner_mistake`'s) — the view's `correctable` and
/// `notable`, answered by one reading of the disclosures (a view asks of every call).
pub fn answers<'a>(
    st: &State,
    reg: &Regulation,
    seat: Seat,
    id: CallId,
    mut disclosures: impl Iterator<Item = &'a DisclosureRecord>,
) -> Answers {
    match whose(st, reg, seat, id, &mut disclosures) {
        Ok(who) => Answers {
            correct: wait_for_undo(st, id).and_then(|()| law_of(st, seat, who)).is_ok(),
            note: of_own_side(st, seat, id).and_then(|()| noted(who)).is_ok(),
        },
        Err(_) => Answers::default(),
    }
}

/// What a seat may do about one call's explanation now ([`answers`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Answers {
    /// `correct_explanation` would be accepted.
    pub correct: bool,
    /// `note_partner_mistake` would be accepted.
    pub note: bool,
}

/// Whether `seat` may correct the explanation of record `id` now and it is a call in force
/// — what a reminder of a duty to correct may invite (L20F4a, L20F5b): the view offers it
/// (`correctable`).
pub fn offered(st: &State, reg: &Regulation, seat: Seat, id: CallId) -> bool {
    st.auction().index_of(id).is_some() && corrector(st, reg, seat, id, &mut of_call(st, id)).is_ok()
}

/// The disclosures of record `id`, in order.
fn of_call(st: &State, id: CallId) -> impl Iterator<Item = &DisclosureRecord> {
    st.extra().disclosures().iter().filter(move |d| d.call == id)
}

/// Whose explanation `seat` corrects of record `id`, whose disclosures are `disclosures`,
/// and under which law (L20F4, L20F5, L75B); refused when it is not his to correct, or not
/// yet.
///
/// The disclosures are read through `dyn Iterator`: the table's own list and the view's
/// `ByCall` share one copy of this and of `whose` in the module (its size,
/// docs/ENGINEERING.md).
fn corrector(
    st: &State,
    reg: &Regulation,
    seat: Seat,
    id: CallId,
    disclosures: &mut dyn Iterator<Item = &DisclosureRecord>,
) -> Result<(Corrector, Law), Refusal> {
    let who = whose(st, reg, seat, id, disclosures)?;
    // L25A: a correction of what was said about a call the pending request may take away
    // waits for the decision.
    wait_for_undo(st, id)?;
    Ok((who, law_of(st, seat, who)?))
}

/// The law under which `seat` corrects `who`'s explanation now; refused when it is not yet
/// his to correct (L20F4a, L20F5, L75B).
fn law_of(st: &State, seat: Seat, who: Corrector) -> Result<Law, Refusal> {
    match who {
        Corrector::Own if st.phase() == Phase::Play || st.phase() == Phase::Ended => Ok(Law::L75B2),
        Corrector::Own => Ok(Law::L20F4a),
        Corrector::Partners => partner_correction_law(st, seat),
    }
}

/// Whose explanation of record `id` (disclosures `disclosures`) a correction by `seat`
/// would correct, at any time. Judged on the explanations `seat` knows of, as his view
/// must be (docs/RULINGS.md): one can know wrong only an explanation one heard (L20F5 is a
/// duty of the partner who heard it) — or partner's failure to alert or explain it where
/// he would have heard the alert (L20F5a counts it a mistaken explanation) — so partner's
/// explanation out of his hearing (self-alerting, screens) is not his to correct; under
/// screens what he says to his screenmate is his own explanation (L20F4, L21B1a), which
/// leaves partner's on the other side as it was.
fn whose(
    st: &State,
    reg: &Regulation,
    seat: Seat,
    id: CallId,
    disclosures: &mut dyn Iterator<Item = &DisclosureRecord>,
) -> Result<Corrector, Refusal> {
    let Some(caller) = st.auction().call(id).map(|r| r.seat) else {
        return refuse(Code::NoSuchCall, "there is no such call in force");
    };
    // As `seat` knows them: his own disclosures (he made them, even one he does not hear),
    // and the others' he heard; one of his own superseded by a correction out of his
    // hearing is still his as he knows it (he is not told of that correction, so
    // his answers may not change with it).
    let known = |s: Seat, a: Audience| s == seat || a.has_seat(seat);
    // Whether `seat`, and his partner, gave an explanation of it, and whether he gave one
    // since superseded and heard another's correction of it: one pass.
    let (mine, partners, mine_superseded, heard_correction) = disclosures.filter(|d| known(d.by, d.audience)).fold(
        (false, false, false, false),
        |(mine, partners, sup, heard), d| {
            let live = !d.superseded;
            (
                mine || (live && d.by == seat),
                partners || (live && d.by == seat.partner()),
                sup || (!live && d.by == seat),
                heard || (d.kind == DisclosureKind::Correction && d.by != seat),
            )
        },
    );
    let mine = mine || (mine_superseded && !heard_correction);
    // L20F5a: partner's silence about a call he discloses, in `seat`'s hearing (face to
    // face, `seat`'s own call), is a failure to alert or explain — partner's mistake too.
    let partner = seat.partner();
    let partners_silence =
        audience::may_disclose(reg, caller, partner) && audience::disclosure(reg, caller, partner).has_seat(seat);
    if mine || (!partners && audience::may_disclose(reg, caller, seat)) {
        Ok(Corrector::Own)
    } else if partners || partners_silence {
        Ok(Corrector::Partners)
    } else {
        refuse(
            Code::NotYoursToExplain,
            "neither you nor your partner explained that call in your hearing",
        )
    }
}

/// Whether `seat` may note partner's mistaken explanation of record `id`, whose
/// disclosures are `disclosures` (`ByCall::of`), now — the `note_partner_mistake` action's
/// rule (L20F5a), also the view's answer (`notable`): a call of his side whose explanation
/// `correct_explanation` would correct as partner's, once the Law lets him.
///
/// # Errors
/// As `note_partner_mistake`.
pub fn may_note<'a>(
    st: &State,
    reg: &Regulation,
    seat: Seat,
    id: CallId,
    mut disclosures: impl Iterator<Item = &'a DisclosureRecord>,
) -> Result<(), Refusal> {
    of_own_side(st, seat, id)?;
    noted(whose(st, reg, seat, id, &mut disclosures)?)
}

/// Refused when record `id` is a call of the other side (a note is about partner's
/// explanation of his own side's call).
fn of_own_side(st: &State, seat: Seat, id: CallId) -> Result<(), Refusal> {
    if st.auction().call(id).is_some_and(|r| r.seat.side() != seat.side()) {
        return refuse(Code::NotYoursToExplain, "that call is not your side's");
    }
    Ok(())
}

/// L20F5a: a note is about partner's explanation (or silence), not one's own.
fn noted(who: Corrector) -> Result<(), Refusal> {
    match who {
        Corrector::Partners => Ok(()),
        Corrector::Own => refuse(
            Code::NotYoursToExplain,
            "you heard no explanation of partner's of that call: correct your own with `correct_explanation` (Law 20F4a)",
        ),
    }
}

/// L20F5: when a player may correct his partner's explanation.
fn partner_correction_law(st: &State, seat: Seat) -> Result<Law, Refusal> {
    match st.phase() {
        Phase::Auction => refuse(
            Code::CorrectionTooEarly,
            "you may not correct partner's explanation during the auction nor show that it was wrong; \
             record it privately with `note_partner_mistake` and you will be reminded when to correct it (Law 20F5a)",
        ),
        Phase::Clarification | Phase::Play if st.play().is_defender(seat) => refuse_citing(
            Law::L20F5b,
            Code::CorrectionTooEarly,
            "as a defender, correct partner's explanation when play is over (Law 20F5b)",
        ),
        Phase::Clarification | Phase::Play => Ok(Law::L20F5b),
        Phase::Ended | Phase::PassedOut => Ok(Law::L75B3),
    }
}

/// The `note_partner_mistake` action: a private note that schedules the L20F5b duty.
///
/// The note is about an explanation of partner's the player heard — or partner's failure
/// to alert or explain in his hearing (L20F5a) — the one the duty later has him correct;
/// so it is accepted exactly when `correct_explanation` would correct partner's
/// explanation, once the Law lets him (docs/RULINGS.md).
///
/// # Errors
/// `NO_SUCH_CALL`; `NOT_YOURS_TO_EXPLAIN` when the call is not his side's, or he heard no
/// explanation of partner's of it (self-alerting, screens; or the explanation is his own).
pub fn note_partner_mistake(cx: &mut Ctx<'_>, seat: Seat, index: usize) -> Result<(), Refusal> {
    let id = call_id(cx, index)?;
    may_note(cx.st, cx.reg, seat, id, of_call(cx.st, id))?;
    cx.st.offers_mut().note_partner_mistake(seat, id);
    remind(
        cx,
        Code::CorrectionTooEarly,
        seat,
        format!("noted for {seat}: nothing is said now; as declarer or dummy {seat} corrects it after the final pass, as a defender after play (Law 20F5)"),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{call, played, run};

    /// Dealer N, face to face: North's 1C, alerted and explained by South, then `more`.
    fn explained(more: &[&str]) -> crate::table::Table {
        let mut actions = vec![
            Action::call(Seat::N, call("1C")),
            Action::alert(Seat::S, 0, Some("could be short")),
        ];
        let mut seat = Seat::E;
        for c in more {
            actions.push(Action::call(seat, call(c)));
            seat = seat.lho();
        }
        played(Seat::N, &actions)
    }

    fn corrects(t: &crate::table::Table, seat: Seat) -> Result<(), Code> {
        run(t, |cx| correct(cx, seat, 0, "natural".into()))
            .out
            .map_err(|e| e.code)
    }

    #[test]
    fn l20f4a_a_player_corrects_his_own_explanation_at_once_and_summons_the_director() {
        let r = run(&explained(&["P"]), |cx| correct(cx, Seat::S, 0, "natural".into()));
        assert!(r.out.is_ok());
        assert!(r
            .events
            .iter()
            .any(|e| matches!(e, EventKind::DirectorSummoned { law: Law::L20F4a, .. })));
    }

    #[test]
    fn l20f5a_during_the_auction_partners_explanation_is_noted_not_corrected() {
        let t = explained(&["P"]);
        assert_eq!(corrects(&t, Seat::N), Err(Code::CorrectionTooEarly));
        let r = run(&t, |cx| note_partner_mistake(cx, Seat::N, 0));
        assert!(r.out.is_ok());
        assert_eq!(r.st.offers().notes().len(), 1);
        // An opponent has nothing to note.
        assert_eq!(
            run(&t, |cx| note_partner_mistake(cx, Seat::E, 0))
                .out
                .map_err(|e| e.code),
            Err(Code::NotYoursToExplain)
        );
    }

    #[test]
    fn l20f5b_after_the_final_pass_declarer_corrects_partners_explanation_and_a_defender_waits() {
        // 1C P P P: North declares; he may correct South's explanation now.
        let t = explained(&["P", "P", "P"]);
        assert!(offered(t.state(), t.regulation(), Seat::N, CallId::new(0)));
        // 1C 1D P P P: East declares; North, a defender, corrects after play.
        let t = explained(&["1D", "P", "P", "P"]);
        assert!(!offered(t.state(), t.regulation(), Seat::N, CallId::new(0)));
        assert_eq!(corrects(&t, Seat::N), Err(Code::CorrectionTooEarly));
    }
}
