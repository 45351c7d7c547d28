//! Each "may I" answer of a seat's view
//! (`may_ask`, `askable`, `may_review`, `may_ask_lead`, `may_ask_contract`, `correctable`,
//! `notable`, `legal_leads`, and `may_replace_call`, `disclosable` and
//! `lead_restriction.due`; `may_play`, `may_end_play` and the Director's `open_rulings`)
//! probed both ways
//! against `apply` on a clone of the table — offered ⇒ accepted, not offered ⇒ refused —
//! with no exception: a question or correction is judged on what its seat may know, and a
//! required suit leaves every suit a legal lead (docs/RULINGS.md). And a
//! reminder that invites a seat to act invites only what his view offers (`probe_reminders`).

use bridge_laws::action::{Intent, RulingOn, RulingValue};
use bridge_laws::audience::Viewer;
use bridge_laws::state::{CallId, CallPos};
use bridge_laws::{Action, Call, Card, Code, EventKind, Outcome, Phase, Seat, Severity, Table};

/// The first `IRREG_` warning of an accepted outcome, if any.
fn irregularity(out: &Outcome) -> Option<Code> {
    out.warnings()
        .iter()
        .find(|w| w.code.as_str().starts_with("IRREG_"))
        .map(|w| w.code)
}

/// `answer` (offered or not) against `apply` of `action` on a clone: offered ⇒ accepted,
/// not offered ⇒ refused.
fn both_ways(t: &Table, what: &str, offered: bool, action: Action) -> Result<(), String> {
    let shown = format!("{action:?}");
    let out = t.clone().apply(action);
    if offered != out.is_ok() {
        return Err(format!(
            "{what} is {}offered but apply {} {shown}: {:?}",
            if offered { "" } else { "not " },
            if out.is_ok() { "accepts" } else { "refuses" },
            out.rejection()
                .map(|r| format!("{} {}", r.code().as_str(), r.message()))
        ));
    }
    Ok(())
}

/// Every question answer of every seat's view agrees with `apply`.
pub fn probe_questions(t: &Table) -> Result<(), String> {
    let calls = t.calls().len();
    for s in Seat::ALL {
        let v = t.view(Viewer::Seat(s));
        both_ways(t, &format!("may_ask for {s}"), v.may_ask, Action::ask_auction(s))?;
        for i in 0..calls {
            both_ways(
                t,
                &format!("askable {i} for {s} ({:?})", v.askable),
                v.askable.contains(&i),
                Action::ask(s, i),
            )?;
        }
        for (offered, kind, action) in [
            (v.may_review, "review", Action::review(s)),
            (v.may_ask_lead, "ask_lead", Action::ask_lead(s)),
            (v.may_ask_contract, "ask_contract", Action::ask_contract(s)),
        ] {
            both_ways(t, &format!("{kind} for {s}"), offered, action)?;
        }
        for i in 0..calls {
            both_ways(
                t,
                &format!("correctable {i} for {s} ({:?})", v.correctable),
                v.correctable.contains(&i),
                Action::correct_explanation(s, i, "x"),
            )?;
            both_ways(
                t,
                &format!("notable {i} for {s} ({:?})", v.notable),
                v.notable.contains(&i),
                Action::note_partner_mistake(s, i),
            )?;
        }
    }
    Ok(())
}

/// `may_replace_call` and `disclosable` of every seat's view agree with `apply`
/// both ways: a request to replace his last call with a pass (legal wherever the call
/// stood, so the request turns on L25A alone), and an alert and an explanation of each call
/// in force (the demo offers `disclosable` for both, an answer to a question included). And
/// `change_offers` (L21B1): with none, `change_call` is refused; with one, not for want of
/// an offer (`CHANGE_NOT_OFFERED`; the new call may still be refused on its own).
pub fn probe_disclosure_and_undo(t: &Table) -> Result<(), String> {
    for s in Seat::ALL {
        let v = t.view(Viewer::Seat(s));
        let change = t.clone().apply(Action::change_call(s, Call::Pass));
        let refused = change.rejection().map(|r| r.code());
        let agrees = if v.change_offers.is_empty() {
            refused.is_some()
        } else {
            refused != Some(Code::ChangeNotOffered)
        };
        if !agrees {
            return Err(format!(
                "change_offers for {s} is {:?} but apply answers {refused:?} to a change of call",
                v.change_offers
            ));
        }
        // L25A's own answer: offered, the request is refused only as the replacement itself
        // would be (a pass where the state restored forces another call, FORCED_CALL);
        // not offered, it is refused.
        let request = t.clone().apply(Action::replace_call(s, Call::Pass));
        let refused = request.rejection().map(|r| r.code());
        let l25a = [
            Code::UndoDisabled,
            Code::UndoPending,
            Code::ChangeWindowClosed,
            Code::NotEntitled,
        ];
        let agrees = if v.may_replace_call {
            !refused.is_some_and(|c| l25a.contains(&c))
        } else {
            refused.is_some()
        };
        if !agrees {
            return Err(format!(
                "may_replace_call for {s} is {} but apply answers {refused:?} to a request",
                v.may_replace_call
            ));
        }
        for i in 0..t.calls().len() {
            both_ways(
                t,
                &format!("disclosable {i} for {s} ({:?})", v.disclosable),
                v.disclosable.contains(&i),
                Action::alert(s, i, None),
            )?;
            both_ways(
                t,
                &format!("disclosable {i} for {s} ({:?}), explained", v.disclosable),
                v.disclosable.contains(&i),
                Action::explain(s, i, "natural"),
            )?;
        }
    }
    Ok(())
}

/// `lead_restriction.due` (L26B) agrees with `apply` both ways for every seat: declarer's
/// `restrict_lead` naming no suit is accepted exactly when his view says the choice is due
/// and names him declarer; every other seat's is refused. While it is due, declarer may
/// prohibit each `restrictable` suit, and no other.
pub fn probe_lead_choice(t: &Table) -> Result<(), String> {
    for s in Seat::ALL {
        let r = t.view(Viewer::Seat(s)).lead_restriction;
        let due = r.as_ref().is_some_and(|r| r.due && r.declarer == s);
        both_ways(
            t,
            &format!("lead_restriction.due for {s} ({r:?})"),
            due,
            Action::restrict_lead(s, None, false),
        )?;
        let Some(r) = r.filter(|_| due) else { continue };
        for strain in bridge_laws::Strain::ALL.into_iter().filter(|x| x.suit().is_some()) {
            both_ways(
                t,
                &format!("restrictable {strain:?} for {s} ({:?})", r.restrictable),
                r.restrictable.contains(&strain),
                Action::restrict_lead(s, strain.suit(), false),
            )?;
        }
    }
    Ok(())
}

/// `s` leads `card` (the opening lead, in the clarification period) or plays it, from dummy
/// when `from_dummy`.
fn card_step(s: Seat, card: Card, phase: Phase, from_dummy: bool) -> Action {
    match phase {
        Phase::Clarification => Action::lead(s, card),
        _ if from_dummy => Action::play_from_dummy(s, card),
        _ => Action::play(s, card),
    }
}

/// The lowest card of `suit` (a letter) not yet played or led face down, if any.
fn unplayed(t: &Table, suit: char) -> Option<Card> {
    let p = t.state().play().cards();
    "23456789TJQKA"
        .chars()
        .filter_map(|r| format!("{suit}{r}").parse::<Card>().ok())
        .find(|c| p.is_none_or(|p| p.lead != Some(*c) && !p.played().any(|(_, x)| x == c)))
}

/// `legal_leads` agrees with `apply` for every seat and suit: a lead of a listed suit is
/// accepted without an irregularity (but the discovery of an earlier one, L61A; a lead of
/// another suit than a required one is the leader's statement that he is void,
/// `REQUIRED_SUIT_VOID`, not an irregularity); a lead of another suit is refused
/// (`prevent`) or an irregularity (`rectify`).
pub fn probe_leads(t: &Table) -> Result<(), String> {
    let phase = t.phase();
    let Some(contract) = t.contract() else {
        return Ok(());
    };
    let p = t.state().play().cards();
    // A lead: the opening lead, or a card to an empty trick in play.
    let leading = match phase {
        Phase::Clarification => p.is_none_or(|p| p.lead.is_none()),
        Phase::Play => p.is_some_and(|p| p.current.is_empty() && p.to_play().is_some()),
        _ => false,
    };
    if !leading {
        return Ok(());
    }
    let dummy_on_lead = phase == Phase::Play && p.and_then(|p| p.to_play()) == Some(contract.dummy());
    // At a table given the deal, the lead is of a card the hand on lead holds.
    let on_lead = match phase {
        Phase::Clarification => Some(contract.leader()),
        _ => p.and_then(|p| p.to_play()),
    };
    let held = on_lead
        .filter(|h| t.board().deal.as_ref().is_some_and(|d| d.is_whole(*h)))
        .and_then(|h| t.view(Viewer::Director).hands.get(&h).copied());
    for s in Seat::ALL {
        let listed = t.view(Viewer::Seat(s)).legal_leads;
        for strain in bridge_laws::Strain::ALL.into_iter().filter(|x| x.suit().is_some()) {
            let letter = strain.as_str().chars().next().unwrap_or('C');
            let card = match held {
                Some(h) => h.cards().find(|c| c.suit.letter() == letter),
                None => unplayed(t, letter),
            };
            let Some(card) = card else { continue };
            let action = card_step(s, card, phase, dummy_on_lead && s == contract.declarer);
            let shown = format!("{action:?}");
            let out = t.clone().apply(action);
            let irregular = irregularity(&out).filter(|c| *c != Code::IrregRequiredSuitNotLed);
            let is_listed = listed.contains(&strain);
            let explain = || {
                format!(
                    "{shown}: legal_leads({s}) = {listed:?}; {}",
                    match &out {
                        Outcome::Rejected(r) => format!("refused {} {}", r.code().as_str(), r.message()),
                        Outcome::Accepted { warnings, .. } => format!(
                            "accepted, warnings {:?}",
                            warnings.iter().map(|w| w.code.as_str()).collect::<Vec<_>>()
                        ),
                    }
                )
            };
            if is_listed && (!out.is_ok() || irregular.is_some()) {
                return Err(format!("a listed lead is not regular: {}", explain()));
            }
            if !is_listed && out.is_ok() && irregularity(&out).is_none() {
                return Err(format!("an unlisted lead is accepted as regular: {}", explain()));
            }
        }
    }
    Ok(())
}

/// `legal_cards` agrees with `apply` (a table given the deal): for the seat to act, each
/// card it lists is accepted without an irregularity, and each other card is refused
/// (`prevent`: not held, not following suit, against a lead restriction) or an
/// irregularity (`rectify`: a revoke); every other seat is offered none. `pick` samples
/// four cards instead of the 52.
pub fn probe_cards(t: &Table, pick: Option<u8>) -> Result<(), String> {
    let Some(contract) = t.contract() else { return Ok(()) };
    if t.board().deal.is_none() || !matches!(t.phase(), Phase::Clarification | Phase::Play) {
        return Ok(());
    }
    let turn = t.turn();
    for s in Seat::ALL {
        let listed = t.legal_cards(s);
        let view: Vec<Card> = t.view(Viewer::Seat(s)).legal_cards;
        if view != listed.cards().collect::<Vec<_>>() {
            return Err(format!(
                "{s}'s view lists {view:?}, the table {:?}",
                listed.cards().collect::<Vec<_>>()
            ));
        }
        if Some(s) != turn {
            if !listed.is_empty() {
                return Err(format!("{s} is offered cards out of turn: {view:?}"));
            }
            continue;
        }
        let dummy_due = t.state().play().cards().and_then(|p| p.to_play()) == Some(contract.dummy());
        let cards: Vec<Card> = (0..52u8)
            .filter(|n| pick.is_none_or(|k| (n.wrapping_sub(k)) % 13 == 0))
            .filter_map(|n| super::any_card(n).parse().ok())
            .collect();
        for card in cards {
            let action = card_step(s, card, t.phase(), dummy_due);
            let shown = format!("{action:?}");
            let out = t.clone().apply(action);
            let regular = out.is_ok() && irregularity(&out).is_none();
            if listed.contains(card) != regular {
                return Err(format!(
                    "{shown}: legal_cards({s}) {} it, apply {}",
                    if listed.contains(card) {
                        "lists"
                    } else {
                        "does not list"
                    },
                    match &out {
                        Outcome::Rejected(r) => format!("refuses {} {}", r.code().as_str(), r.message()),
                        Outcome::Accepted { warnings, .. } => format!(
                            "accepts, warnings {:?}",
                            warnings.iter().map(|w| w.code.as_str()).collect::<Vec<_>>()
                        ),
                    }
                ));
            }
        }
    }
    Ok(())
}

/// Every reminder of `out` that invites its seat to act invites what his view now offers
/// (and so does an offer to change a call, `change_offers`): `ANSWER_PENDING` a question among his `questions_to_answer`; `CHECK_OWN_EXPLANATIONS`
/// a correction of each call in force he explained (`correctable`); `CORRECT_PARTNER_NOW`
/// and `CORRECT_PARTNER_AFTER_PLAY` a correction of each call in force he noted
/// (`note_partner_mistake`) or heard partner explain. (`correctable` itself is probed
/// against `apply` by `probe_questions`.)
pub fn probe_reminders(t: &Table, out: &Outcome) -> Result<(), String> {
    let st = t.state();
    let in_force = |id: CallId| st.auction().index_of(id).map(CallPos::get);
    // An offer to change a call (L21B1) invites its seat to change it: his view lists it —
    // once no Law 25A request is pending (the change waits for its decision).
    let undo_pending = st.undo().request().is_some();
    for e in out.events().iter().filter(|_| !undo_pending) {
        if let EventKind::ChangeOffered { seat, index } = &e.kind {
            let offers = t.view(Viewer::Seat(*seat)).change_offers;
            if !offers.contains(index) {
                return Err(format!(
                    "{seat} is offered to change call {index} but his view offers {offers:?}"
                ));
            }
        }
    }
    for w in out.warnings().iter().filter(|w| w.severity == Severity::Reminder) {
        let Some(s) = w.audience.only_seat() else { continue };
        let v = t.view(Viewer::Seat(s));
        let invited: Vec<usize> = match w.code {
            Code::AnswerPending => {
                if v.questions_to_answer.is_empty() {
                    return Err(format!(
                        "{s} is reminded to answer but has no question to answer: {}",
                        w.message
                    ));
                }
                continue;
            }
            Code::CheckOwnExplanations => st
                .extra()
                .disclosures()
                .iter()
                .filter(|d| d.by == s && !d.superseded)
                .filter_map(|d| in_force(d.call))
                .collect(),
            Code::CorrectPartnerNow | Code::CorrectPartnerAfterPlay => {
                let noted = st
                    .offers()
                    .notes()
                    .iter()
                    .filter(|n| n.seat == s && !n.corrected)
                    .map(|n| n.call);
                let heard = st
                    .extra()
                    .disclosures()
                    .iter()
                    .filter(|d| d.by == s.partner() && !d.superseded && d.audience.has_seat(s))
                    .map(|d| d.call);
                noted.chain(heard).filter_map(in_force).collect()
            }
            _ => continue,
        };
        if invited.is_empty() || invited.iter().any(|i| !v.correctable.contains(i)) {
            return Err(format!(
                "{} invites {s} to correct calls {invited:?} but his view offers {:?}: {}",
                w.code.as_str(),
                v.correctable,
                w.message
            ));
        }
    }
    Ok(())
}

/// `may_play` and `may_end_play` agree with `apply` both ways for every seat (L41A, L44,
/// L45): not offered ⇒ a card (from dummy for declarer at dummy's turn) and `end_play` are
/// refused — dummy is offered neither; offered ⇒ a card of each suit not yet played is
/// accepted, or refused for that card alone (a Law 26B restriction), and `end_play` is
/// accepted.
pub fn probe_play(t: &Table) -> Result<(), String> {
    let st = t.state();
    let dummy_due = t.phase() == Phase::Play
        && t.contract()
            .zip(st.play().cards().and_then(|p| p.to_play()))
            .is_some_and(|(c, due)| due == c.dummy());
    for s in Seat::ALL {
        let v = t.view(Viewer::Seat(s));
        both_ways(t, &format!("may_end_play for {s}"), v.may_end_play, Action::end_play(s))?;
        let from_dummy = dummy_due && t.contract().is_some_and(|c| c.declarer == s);
        for suit in ['C', 'D', 'H', 'S'] {
            let Some(card) = unplayed(t, suit) else { continue };
            let action = card_step(s, card, Phase::Play, from_dummy);
            let shown = format!("{action:?}");
            let out = t.clone().apply(action);
            // Refused for this card, not for the turn: a Law 26B lead, or at a table given
            // the deal a card not held or not following suit (`probe_cards` checks which
            // cards, against `legal_cards`).
            let for_the_card = out.rejection().is_some_and(|r| {
                r.law().as_str() == "26B"
                    || matches!(r.code(), Code::CardNotHeld | Code::MustFollowSuit | Code::LeadRequired)
            });
            if v.may_play != (out.is_ok() || for_the_card) {
                return Err(format!(
                    "may_play for {s} is {} but apply answers {shown}: {:?}",
                    v.may_play,
                    out.rejection()
                        .map(|r| format!("{} {}", r.code().as_str(), r.message()))
                ));
            }
        }
    }
    Ok(())
}

/// The Director's `open_rulings` agree with `apply` (L23A, L25A, L27A): each kind listed is
/// a ruling he may give now; a comparable-call ruling is accepted exactly when listed — not
/// before LHO has declined the insufficient bid or call out of rotation, nor before the
/// replacement is made, nor while a Law 25A request is pending; every ruling but the one on
/// that request waits while it is.
pub fn probe_rulings(t: &Table) -> Result<(), String> {
    let listed = t.view(Viewer::Director).open_rulings;
    let kinds = [
        (RulingOn::Unintended, RulingValue::Yes(true)),
        (RulingOn::Comparable, RulingValue::Yes(true)),
        (RulingOn::Misinformation, RulingValue::Yes(true)),
        (RulingOn::Intent, RulingValue::Intent(Intent::Accept)),
        (RulingOn::Artificial, RulingValue::Yes(true)),
    ];
    for (on, value) in kinds {
        let is_listed = listed.contains(&on);
        let out = t.clone().apply(Action::ruling(on, Some(value)));
        let refusal = out
            .rejection()
            .map(|r| format!("{} {}", r.code().as_str(), r.message()));
        if is_listed && !out.is_ok() {
            return Err(format!(
                "{on:?} is listed in open_rulings {listed:?} but refused: {refusal:?}"
            ));
        }
        if on == RulingOn::Comparable && !is_listed && out.is_ok() {
            return Err(format!(
                "a comparable ruling is accepted but open_rulings is {listed:?}"
            ));
        }
        let undo_pending = t.state().undo().request().is_some();
        if undo_pending && on != RulingOn::Unintended && out.is_ok() {
            return Err(format!(
                "a {on:?} ruling is accepted while a Law 25A request is pending"
            ));
        }
    }
    Ok(())
}
