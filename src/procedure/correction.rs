//! Corrections of mistaken explanations (L20F4, L20F5, L75B) and the duties they create.

use crate::action::Actor;
use crate::audience::Audience;
use crate::call::Seat;
use crate::event::{DisclosureKind, EventKind};
use crate::law::Law;
use crate::procedure::audience;
use crate::procedure::ctx::Ctx;
use crate::procedure::record::{call_id, offer_changes};
use crate::procedure::steps::{remind, summon};
use crate::regulation::Regulation;
use crate::report::{refuse, refuse_citing, Code, Refusal};
use crate::state::{CallId, DisclosureRecord, Phase, State};
use std::sync::Arc;

/// Who gave the explanations being corrected, and under which law.
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
/// defender, until play ends); `NOT_YOURS_TO_EXPLAIN`; `NO_SUCH_CALL`.
pub fn correct(cx: &mut Ctx<'_>, seat: Seat, index: usize, text: Arc<str>) -> Result<(), Refusal> {
    let id = call_id(cx, index)?;
    let caller = cx.st.auction().record()[id].seat;
    let (who, law) = corrector(cx.st, cx.reg, seat, id, false, of_call(cx.st, id))?;
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
    // learn of it, and of the summons it causes (issue 29).
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
    cx.st.irregular_mut().mark_corrected(seat, id);
    offer_changes(cx, caller.side(), mi_pos, misinformed);
    Ok(())
}

/// Whether `seat` may correct the explanation of record `id` (a call in force), whose
/// disclosures are `disclosures` (`ByCall::of`), now — the `correct_explanation` action's
/// rule, also the view's answer (`correctable`) when `as_seen`: judged only on what `seat`
/// may see, as his view must be — partner's explanation that `seat` never heard
/// (self-alerting, screens) is not offered to him for correction, though the action itself
/// accepts it (see docs/RULINGS.md, "What each viewer is told").
///
/// # Errors
/// As `correct_explanation`.
pub fn may_correct<'a>(
    st: &State,
    reg: &Regulation,
    seat: Seat,
    id: CallId,
    as_seen: bool,
    disclosures: impl Iterator<Item = &'a DisclosureRecord>,
) -> Result<(), Refusal> {
    corrector(st, reg, seat, id, as_seen, disclosures).map(|_| ())
}

/// The disclosures of record `id`, in order.
fn of_call(st: &State, id: CallId) -> impl Iterator<Item = &DisclosureRecord> {
    st.extra().disclosures().iter().filter(move |d| d.call == id)
}

/// Whose explanation `seat` corrects of record `id`, whose disclosures are `disclosures`,
/// and under which law (L20F4, L20F5, L75B); refused when it is not his to correct, or not
/// yet.
fn corrector<'a>(
    st: &State,
    reg: &Regulation,
    seat: Seat,
    id: CallId,
    as_seen: bool,
    disclosures: impl Iterator<Item = &'a DisclosureRecord>,
) -> Result<(Corrector, Law), Refusal> {
    let Some(caller) = st.auction().call(id).map(|r| r.seat) else {
        return refuse(Code::NO_SUCH_CALL, "there is no such call in force");
    };
    // As seen by `seat`: his own disclosures (he made them, even one he does not hear, a
    // correction under self-alerting), and partner's he heard; one of his own superseded
    // by a correction out of his hearing is still his as he knows it (issue 29: he is not
    // told of that correction, so his answers may not change with it).
    let known = |s: Seat, a: Audience| !as_seen || s == seat || a.has_seat(seat);
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
    let mine = mine || (as_seen && mine_superseded && !heard_correction);
    let who = if mine || (!partners && audience::may_disclose(reg, caller, seat)) {
        Corrector::Own
    } else if partners {
        Corrector::Partners
    } else {
        return refuse(
            Code::NOT_YOURS_TO_EXPLAIN,
            "neither you nor your partner explained that call",
        );
    };
    let law = match who {
        Corrector::Own => {
            if st.phase() == Phase::Play || st.phase() == Phase::Ended {
                Law::L75B2
            } else {
                Law::L20F4a
            }
        }
        Corrector::Partners => partner_correction_law(st, seat)?,
    };
    Ok((who, law))
}

/// L20F5: when a player may correct his partner's explanation.
fn partner_correction_law(st: &State, seat: Seat) -> Result<Law, Refusal> {
    match st.phase() {
        Phase::Auction => refuse(
            Code::CORRECTION_TOO_EARLY,
            "you may not correct partner's explanation during the auction nor show that it was wrong; \
             record it privately with `note_partner_mistake` and you will be reminded when to correct it (Law 20F5a)",
        ),
        Phase::Clarification | Phase::Play if st.is_defender(seat) => refuse_citing(
            Law::L20F5b,
            Code::CORRECTION_TOO_EARLY,
            "as a defender, correct partner's explanation when play is over (Law 20F5b)",
        ),
        Phase::Clarification | Phase::Play => Ok(Law::L20F5b),
        Phase::Ended | Phase::PassedOut => Ok(Law::L75B3),
    }
}

/// The `note_partner_mistake` action: a private note that schedules the L20F5b duty.
///
/// # Errors
/// `NO_SUCH_CALL`; `NOT_YOURS_TO_EXPLAIN` when partner gave no explanation of that call.
pub fn note_partner_mistake(cx: &mut Ctx<'_>, seat: Seat, index: usize) -> Result<(), Refusal> {
    let id = call_id(cx, index)?;
    let partner_explained = cx
        .st
        .extra()
        .disclosures()
        .iter()
        .any(|d| d.call == id && d.by == seat.partner());
    let caller_side = cx.st.auction().record()[id].seat.side() == seat.side();
    if !partner_explained && !caller_side {
        return refuse(Code::NOT_YOURS_TO_EXPLAIN, "that call is not your side's");
    }
    cx.st.irregular_mut().note_partner_mistake(seat, id);
    remind(
        cx,
        Code::CORRECTION_TOO_EARLY,
        seat,
        format!("noted for {seat}: nothing is said now; as declarer or dummy {seat} corrects it after the final pass, as a defender after play (Law 20F5)"),
    );
    Ok(())
}
