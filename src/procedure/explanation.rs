//! Alerts, explanations, questions and corrections (L20F, L21B, L40B, L75), and the
//! duties they create.

use crate::action::RulingOn;
use crate::audience::Audience;
use crate::call::{Call, Seat, Side};
use crate::event::{DisclosureKind, EventKind};
use crate::procedure::{audience, calls, information};
use crate::report::{refuse, Code, Rejection, Severity, Warning};
use crate::state::{ChangeForReview, ChangeOffer, DisclosureRecord, OpenRuling, PartnerNote, Phase, QuestionRecord};
use crate::table::Ctx;

/// The record id of call `index`, or `NO_SUCH_CALL`.
///
/// # Errors
/// `NO_SUCH_CALL` when there is no such call in force.
pub fn call_id(cx: &Ctx<'_>, index: usize) -> Result<usize, Rejection> {
    cx.st
        .record_id(index)
        .ok_or_else(|| Rejection::new(Code::NO_SUCH_CALL, format!("there is no call {index} in force")))
}

/// A call may carry an alert or explanation only where the caller discloses (SPEC 5.5).
///
/// # Errors
/// `NOT_YOURS_TO_EXPLAIN` when the regulation gives disclosure to partner.
pub fn check_self_disclosure(cx: &Ctx<'_>, seat: Seat, with: &calls::WithCall) -> Result<(), Rejection> {
    if (with.alert || with.explanation.is_some()) && !audience::may_disclose(cx.reg, seat, seat) {
        return refuse(
            Code::NOT_YOURS_TO_EXPLAIN,
            "under this regulation the caller's partner alerts and explains",
        );
    }
    Ok(())
}

/// Records the alert or announcement made with a call (self-alerting, screens); whether
/// the caller may disclose was checked before the call was recorded.
pub fn disclose_with_call(cx: &mut Ctx<'_>, seat: Seat, id: usize, with: &calls::WithCall) {
    if !with.alert && with.explanation.is_none() {
        return;
    }
    let kind = if with.alert {
        DisclosureKind::Alert
    } else {
        DisclosureKind::Announcement
    };
    disclose(cx, seat, id, kind, with.alert, with.explanation.clone());
}

/// Records a disclosure and announces it to its audience.
fn disclose(
    cx: &mut Ctx<'_>,
    by: Seat,
    id: usize,
    kind: DisclosureKind,
    alert: bool,
    text: Option<String>,
) -> Audience {
    let caller = cx.st.record[id].seat;
    let aud = audience::disclosure(cx.reg, caller, by);
    cx.st.disclosures.push(DisclosureRecord {
        call: id,
        by,
        kind,
        alert,
        text: text.clone(),
        audience: aud,
        superseded: false,
        at_record_len: cx.st.record.len(),
    });
    // A call pending rectification would take the next position.
    let index = cx.st.index_of(id).unwrap_or(cx.st.in_force_ids().len());
    cx.event(
        EventKind::Disclosure {
            index,
            by,
            disclosure: kind,
            alert,
            text,
        },
        aud,
    );
    if by != caller && audience::partner_hears(cx.reg) {
        // L16B1, L75A: partner's alert or explanation is UI for the caller.
        information::caution(
            cx,
            Code::UI_FROM_PARTNER,
            caller,
            format!(
                "{by}'s disclosure of your call {} is unauthorized information for you",
                cx.st.record[id].call
            ),
            "75A",
        );
    }
    aud
}

/// Whether a call in force follows record `id`.
fn later_call_exists(cx: &Ctx<'_>, id: usize) -> bool {
    cx.st.in_force_ids().into_iter().any(|i| i > id)
}

/// The `alert` action: alert (and perhaps explain or announce) call `index`.
///
/// # Errors
/// `NO_SUCH_CALL`; `NOT_YOURS_TO_EXPLAIN` when the regulation gives the disclosure to
/// another player.
pub fn alert(cx: &mut Ctx<'_>, seat: Seat, index: usize, text: Option<String>) -> Result<(), Rejection> {
    let id = call_id(cx, index)?;
    let caller = cx.st.record[id].seat;
    if !audience::may_disclose(cx.reg, caller, seat) {
        return refuse(
            Code::NOT_YOURS_TO_EXPLAIN,
            format!("{seat} may not alert {caller}'s call here"),
        );
    }
    // An alert repeated (say, to add its explanation) after the call was alerted in time
    // by the same player is not late: the opponents were alerted before they called.
    let alerted_before = cx
        .st
        .disclosures
        .iter()
        .any(|d| d.call == id && d.by == seat && (d.alert || d.kind == DisclosureKind::Announcement));
    let late = !alerted_before && later_call_exists(cx, id);
    let aud = disclose(cx, seat, id, DisclosureKind::Alert, true, text);
    if late {
        late_alert(cx, id, aud);
    }
    Ok(())
}

/// L21B1a: failure to alert promptly is misinformation — to the opponents who hear the
/// late alert (under screens, only the giver's screenmate was deprived of it).
fn late_alert(cx: &mut Ctx<'_>, id: usize, aud: Audience) {
    let call = cx.st.record[id].call;
    cx.warn(Warning::new(
        Code::LATE_ALERT,
        Severity::Caution,
        aud,
        format!("late alert of {call}: the opponents may change a call made since (Law 21B1a)"),
    ));
    offer_changes(cx, cx.st.record[id].seat.side(), id + 1, aud);
}

/// The `explain` action: an answer to a question or a volunteered explanation.
///
/// # Errors
/// `NO_SUCH_CALL`; `NOT_YOURS_TO_EXPLAIN`.
pub fn explain(cx: &mut Ctx<'_>, seat: Seat, index: usize, text: String) -> Result<(), Rejection> {
    let id = call_id(cx, index)?;
    let caller = cx.st.record[id].seat;
    if !audience::may_disclose(cx.reg, caller, seat) {
        return refuse(
            Code::NOT_YOURS_TO_EXPLAIN,
            format!("{seat} may not explain {caller}'s call here"),
        );
    }
    let mut answered = false;
    for q in cx.st.questions.iter_mut() {
        if !q.answered && q.answerers.contains(&seat) && q.call.is_none_or(|c| c == id) {
            q.answered = true;
            answered = true;
        }
    }
    let disclosed_before = cx.st.disclosures.iter().any(|d| d.call == id && d.by == seat);
    let late = !answered && !disclosed_before && later_call_exists(cx, id);
    let aud = disclose(cx, seat, id, DisclosureKind::Explanation, false, Some(text));
    if late {
        late_alert(cx, id, aud);
    }
    Ok(())
}

/// The `ask` action (L20F1, L20F2, L41B).
///
/// # Errors
/// `ASK_OWN_SIDE`, `SUPPLEMENTARY_QUESTION`, `ASK_NOT_YOUR_TURN`, `DUMMY_MAY_NOT_ASK`,
/// `NO_SUCH_CALL`, `WRONG_PERIOD`.
pub fn ask(cx: &mut Ctx<'_>, seat: Seat, index: Option<usize>) -> Result<(), Rejection> {
    let id = index.map(|i| call_id(cx, i)).transpose()?;
    // Dummy may never ask (L41B, L20F2), whatever the call.
    if matches!(cx.st.phase, Phase::Clarification | Phase::Play) && cx.st.is_dummy(seat) {
        return refuse(Code::DUMMY_MAY_NOT_ASK, "dummy may not ask (Law 41B)");
    }
    if let Some(id) = id {
        if !cx.st.record[id].seat.is_opponent_of(seat) {
            return refuse(Code::ASK_OWN_SIDE, "questions are about the opponents' calls only");
        }
    }
    match cx.st.phase {
        Phase::Auction => {
            let due = calls::turn_to_call(cx.board, cx.st);
            if seat != due && partner_asked_since_my_turn(cx, seat) {
                return refuse(
                    Code::SUPPLEMENTARY_QUESTION,
                    "your partner asked: you may not ask a supplementary question until your own turn",
                );
            }
            if seat != due && matches!(cx.reg.questions, crate::regulation::Questions::OwnTurn) {
                return refuse(Code::ASK_NOT_YOUR_TURN, "questions are asked at one's own turn to call");
            }
        }
        Phase::Clarification | Phase::Play => check_ask_after_auction(cx, seat)?,
        Phase::PassedOut | Phase::Ended => {
            return refuse(Code::WRONG_PERIOD, "there is no auction to ask about now")
                .map_err(|r: Rejection| r.citing("20F"));
        }
    }
    let answerers: Vec<Seat> = match id {
        Some(id) => vec![audience::answerer(cx.reg, seat, cx.st.record[id].seat)],
        None => match cx.reg.disclosure {
            crate::regulation::Disclosure::Screens => vec![cx.reg.screenmates.of(seat)],
            _ => vec![seat.lho(), seat.rho()],
        },
    };
    let aud = audience::question(cx.reg, seat, &answerers);
    cx.st.questions.push(QuestionRecord {
        asker: seat,
        answerers: answerers.clone(),
        call: id,
        answered: false,
        audience: aud,
        at_record_len: cx.st.record.len(),
    });
    let qid = cx.st.questions.len() - 1;
    cx.event(
        EventKind::Question {
            id: qid,
            asker: seat,
            answerers: answerers.clone(),
            index,
        },
        aud,
    );
    if let Some((caller, call)) = id.and_then(|id| cx.st.record.get(id)).map(|r| (r.seat, r.call)) {
        // L20F3 / L16B1: a question about a single call may convey information.
        information::caution(
            cx,
            Code::SINGLE_CALL_QUESTION,
            seat,
            format!("asking about {caller}'s {call} alone may give your partner unauthorized information"),
            "20F3",
        );
    }
    for a in &answerers {
        calls::remind(
            cx,
            Code::ANSWER_PENDING,
            *a,
            format!("{seat} asks about your side's calls: please answer"),
        );
    }
    if audience::partner_hears(cx.reg) {
        information::caution(
            cx,
            Code::UI_FROM_PARTNER,
            seat.partner(),
            format!("your partner {seat}'s question is unauthorized information for you"),
            "16B1",
        );
    }
    Ok(())
}

/// Whether `seat`'s partner has asked a question since `seat` last called.
fn partner_asked_since_my_turn(cx: &Ctx<'_>, seat: Seat) -> bool {
    let mine = cx.st.record.iter().rposition(|r| r.seat == seat).map_or(0, |p| p + 1);
    cx.st
        .questions
        .iter()
        .any(|q| q.asker == seat.partner() && q.at_record_len >= mine)
}

/// L20F2 / L41B: who may ask after the final pass.
fn check_ask_after_auction(cx: &Ctx<'_>, seat: Seat) -> Result<(), Rejection> {
    if cx.st.is_dummy(seat) {
        return refuse(Code::DUMMY_MAY_NOT_ASK, "dummy may not ask (Law 41B)");
    }
    let Some(contract) = cx.st.contract else {
        return refuse(Code::WRONG_PERIOD, "no contract");
    };
    let play = cx.st.play.as_ref();
    match cx.st.phase {
        Phase::Clarification => {
            let led = play.is_some_and(|p| p.lead.is_some());
            if seat == contract.leader() && led {
                return refuse(
                    Code::ASK_NOT_YOUR_TURN,
                    "the opening leader asks before leading (Law 20F2)",
                )
                .map_err(|r: Rejection| r.citing("20F2"));
            }
            Ok(())
        }
        _ => {
            let my_turn = play.and_then(|p| p.turn_to_act(cx.st.contract)) == Some(seat);
            if my_turn {
                Ok(())
            } else {
                refuse(
                    Code::ASK_NOT_YOUR_TURN,
                    "during play, questions are asked at one's own turn to play",
                )
                .map_err(|r: Rejection| r.citing("20F2"))
            }
        }
    }
}

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
pub fn correct(cx: &mut Ctx<'_>, seat: Seat, index: usize, text: String) -> Result<(), Rejection> {
    let id = call_id(cx, index)?;
    let caller = cx.st.record[id].seat;
    let gave = |s: Seat| {
        cx.st
            .disclosures
            .iter()
            .any(|d| d.call == id && d.by == s && !d.superseded)
    };
    let who = if gave(seat) || (audience::may_disclose(cx.reg, caller, seat) && !gave(seat.partner())) {
        Corrector::Own
    } else if gave(seat.partner()) {
        Corrector::Partners
    } else {
        return refuse(
            Code::NOT_YOURS_TO_EXPLAIN,
            format!("{seat} gave no explanation of call {index}"),
        );
    };
    let law = match who {
        Corrector::Own => {
            if cx.st.phase == Phase::Play || cx.st.phase == Phase::Ended {
                "75B2"
            } else {
                "20F4a"
            }
        }
        Corrector::Partners => partner_correction_law(cx, seat)?,
    };
    let corrected = match who {
        Corrector::Own => seat,
        Corrector::Partners => seat.partner(),
    };
    let mut aud = Audience::DIRECTOR;
    let mut mi_pos = id + 1;
    let mut first = true;
    for d in cx
        .st
        .disclosures
        .iter_mut()
        .filter(|d| d.call == id && d.by == corrected && !d.superseded)
    {
        d.superseded = true;
        aud = if first { d.audience } else { union(aud, d.audience) };
        mi_pos = if first {
            d.at_record_len
        } else {
            mi_pos.min(d.at_record_len)
        };
        first = false;
    }
    if first {
        aud = audience::disclosure(cx.reg, caller, seat);
    }
    // Those who heard the explanation were misinformed (SPEC §6: under self-alerting a
    // correction, like the explanation, never reaches the caller's partner).
    let misinformed = aud;
    cx.st.disclosures.push(DisclosureRecord {
        call: id,
        by: seat,
        kind: DisclosureKind::Correction,
        alert: true,
        text: Some(text.clone()),
        audience: aud,
        superseded: false,
        at_record_len: cx.st.record.len(),
    });
    cx.event(EventKind::Correction { index, by: seat, text }, aud);
    summon(cx, &seat.to_string(), Some("correction of an explanation"), law);
    for n in cx.st.notes.iter_mut().filter(|n| n.seat == seat && n.call == id) {
        n.corrected = true;
    }
    offer_changes(cx, caller.side(), mi_pos, misinformed);
    Ok(())
}

fn union(a: Audience, b: Audience) -> Audience {
    Audience::seats(
        crate::call::Seat::ALL
            .into_iter()
            .filter(|s| a.has_seat(*s) || b.has_seat(*s)),
    )
    .with_spectators_if(
        a.contains(crate::audience::Viewer::Spectator) || b.contains(crate::audience::Viewer::Spectator),
    )
}

/// L20F5: when a player may correct his partner's explanation.
fn partner_correction_law(cx: &Ctx<'_>, seat: Seat) -> Result<&'static str, Rejection> {
    match cx.st.phase {
        Phase::Auction => refuse(
            Code::CORRECTION_TOO_EARLY,
            "you may not correct partner's explanation during the auction nor show that it was wrong; \
             you will be reminded when to do it (Law 20F5a)",
        ),
        Phase::Clarification | Phase::Play if cx.st.is_defender(seat) => refuse(
            Code::CORRECTION_TOO_EARLY,
            "as a defender, correct partner's explanation when play is over (Law 20F5b)",
        )
        .map_err(|r: Rejection| r.citing("20F5b")),
        Phase::Clarification | Phase::Play => Ok("20F5b"),
        Phase::Ended | Phase::PassedOut => Ok("75B3"),
    }
}

/// The `note_partner_mistake` action: a private note that schedules the L20F5b duty.
///
/// # Errors
/// `NO_SUCH_CALL`; `NOT_YOURS_TO_EXPLAIN` when partner gave no explanation of that call.
pub fn note_partner_mistake(cx: &mut Ctx<'_>, seat: Seat, index: usize) -> Result<(), Rejection> {
    let id = call_id(cx, index)?;
    let partner_explained = cx.st.disclosures.iter().any(|d| d.call == id && d.by == seat.partner());
    let caller_side = cx.st.record[id].seat.side() == seat.side();
    if !partner_explained && !caller_side {
        return refuse(Code::NOT_YOURS_TO_EXPLAIN, "that call is not your side's");
    }
    if !cx.st.notes.iter().any(|n| n.seat == seat && n.call == id) {
        cx.st.notes.push(PartnerNote {
            seat,
            call: id,
            corrected: false,
        });
    }
    calls::remind(
        cx,
        Code::CORRECTION_TOO_EARLY,
        seat,
        "noted: say nothing now; as declarer or dummy correct it after the final pass, as a defender after play (Law 20F5)"
            .into(),
    );
    Ok(())
}

/// L21B1: after misinformation from `side` given when the record had `mi_pos` calls to
/// the seats in `heard`, each of those opponents who has called since, whose partner has
/// not called after him, may change his last call while the auction period lasts.
pub fn offer_changes(cx: &mut Ctx<'_>, side: Side, mi_pos: usize, heard: Audience) {
    if !cx.st.in_auction_period() {
        return;
    }
    for seat in Seat::ALL.into_iter().filter(|s| s.side() != side && heard.has_seat(*s)) {
        let Some(last) = cx.st.last_call_of(seat) else { continue };
        if last < mi_pos || cx.st.called_since(seat.partner(), last) || cx.st.record[last].auto {
            continue;
        }
        if cx.st.offers.iter().any(|o| o.seat == seat && o.call == last) {
            continue;
        }
        cx.st.offers.push(ChangeOffer { seat, call: last });
        let index = cx.st.index_of(last).unwrap_or(0);
        cx.event(EventKind::ChangeOffered { seat, index }, Audience::seat(seat));
    }
}

/// The `change_call` action (L21B1, L21B2).
///
/// # Errors
/// `CHANGE_NOT_OFFERED` without an offer; the refusal of the new call if it is illegal.
pub fn change_call(cx: &mut Ctx<'_>, seat: Seat, call: Call) -> Result<(), Rejection> {
    let Some(pos) = cx.st.offers.iter().position(|o| o.seat == seat) else {
        return refuse(
            Code::CHANGE_NOT_OFFERED,
            "no change of call was offered to you (Law 21B1)",
        );
    };
    let offered = cx.st.offers.remove(pos).call;
    let contract_before = cx.st.contract;
    let cancelled = rewind_to(cx, offered, "21B1", "changed after misinformation");
    for id in &cancelled {
        // L21B2: the misinforming side's later call: AI to the changer's side, UI to its own
        // (recorded when LHO calls again, unless he repeats it).
        information::defer_until_recall(cx, *id, seat.side().other());
    }
    information::withdrawn_call(cx, offered, Some(seat.side().other()));
    calls::call_in_turn(cx, seat, call, calls::WithCall::default())?;
    let replacement = cx.st.record.len() - 1;
    cx.st.changes.push(ChangeForReview {
        seat,
        original: offered,
        replacement,
        allowed: None,
        contract_before,
    });
    cx.st.open_rulings.push(OpenRuling {
        on: RulingOn::Misinformation,
        call: replacement,
    });
    Ok(())
}

/// Withdraws record `id` and cancels every call in force after it; reopens the auction.
/// Returns the ids of the cancelled later calls.
pub fn rewind_to(cx: &mut Ctx<'_>, id: usize, law: &str, reason: &str) -> Vec<usize> {
    let later: Vec<usize> = cx.st.in_force_ids().into_iter().filter(|i| *i > id).collect();
    for i in later.iter().rev() {
        calls::withdraw(cx, *i, law, "cancelled: a call before it was changed");
    }
    calls::withdraw(cx, id, law, reason);
    if cx.st.phase != Phase::Auction {
        cx.st.phase = Phase::Auction;
        cx.st.contract = None;
        // A face-down opening lead returns to the hand.
        cx.st.play = None;
    }
    later
}

/// Summons the Director.
pub fn summon(cx: &mut Ctx<'_>, by: &str, reason: Option<&str>, law: &str) {
    cx.event(
        EventKind::DirectorSummoned {
            by: by.to_string(),
            law: law.to_string(),
            reason: reason.unwrap_or("").to_string(),
        },
        Audience::EVERYONE,
    );
}

/// Reminders due at the final pass: L20F4a for every explainer, L20F5b for declarer and
/// dummy whose partner explained.
pub fn duties_at_final_pass(cx: &mut Ctx<'_>) {
    let Some(contract) = cx.st.contract else { return };
    for seat in Seat::ALL {
        // An alert is a statement about the agreement too (L20F5a counts a mistaken alert).
        let gave = cx.st.disclosures.iter().any(|d| d.by == seat);
        if gave {
            calls::remind(
                cx,
                Code::CHECK_OWN_EXPLANATIONS,
                seat,
                "if any of your explanations was wrong, call the Director and correct it before the opening lead is faced (Law 20F4a)".into(),
            );
        }
    }
    for seat in [contract.declarer, contract.dummy()] {
        if let Some(msg) = partner_duty(cx, seat) {
            calls::remind(
                cx,
                Code::CORRECT_PARTNER_NOW,
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
    let Some(contract) = cx.st.contract else { return };
    for seat in [contract.leader(), contract.leader().partner()] {
        if let Some(msg) = partner_duty(cx, seat) {
            calls::remind(
                cx,
                Code::CORRECT_PARTNER_AFTER_PLAY,
                seat,
                format!("play is over: {msg} now (Law 20F5b)"),
            );
        }
    }
}

/// The text of `seat`'s duty about partner's explanations, if partner explained anything.
fn partner_duty(cx: &Ctx<'_>, seat: Seat) -> Option<String> {
    let noted = open_notes(cx).iter().any(|n| n.seat == seat);
    if noted {
        return Some("call the Director and correct your partner's mistaken explanation".into());
    }
    // Only a disclosure the player heard (not under self-alerting or across a screen).
    let partner_explained = cx
        .st
        .disclosures
        .iter()
        .any(|d| d.by == seat.partner() && !d.superseded && d.audience.has_seat(seat));
    partner_explained.then(|| "if your partner's explanation was mistaken, call the Director and correct it".into())
}

/// Partner's mistaken explanations a player knows of and has not corrected: his
/// `note_partner_mistake` notes and the table's memos of his refused early corrections
/// (SPEC 5.5: "the engine remembers it as note_partner_mistake does").
fn open_notes(cx: &Ctx<'_>) -> Vec<PartnerNote> {
    let corrected = |seat: Seat, call: usize| {
        cx.st
            .disclosures
            .iter()
            .any(|d| d.kind == DisclosureKind::Correction && d.by == seat && d.call == call)
    };
    let mut open: Vec<PartnerNote> = cx.st.notes.iter().filter(|n| !n.corrected).cloned().collect();
    for m in cx.memos {
        if !corrected(m.seat, m.call) && !open.iter().any(|n| n.seat == m.seat && n.call == m.call) {
            open.push(PartnerNote {
                seat: m.seat,
                call: m.call,
                corrected: false,
            });
        }
    }
    open
}

/// At the opening lead faced: a declaring-side duty still open is missed (Director only).
pub fn duties_missed_at_lead(cx: &mut Ctx<'_>) {
    let Some(contract) = cx.st.contract else { return };
    let missed: Vec<PartnerNote> = open_notes(cx)
        .into_iter()
        .filter(|n| n.seat.side() == contract.side())
        .collect();
    for n in missed {
        let call = cx.st.record[n.call].call;
        cx.warn(Warning::new(
            Code::DUTY_MISSED,
            Severity::Infraction,
            Audience::DIRECTOR,
            format!(
                "{} did not correct partner's explanation of {call} before the opening lead was faced",
                n.seat
            ),
        ));
    }
}
