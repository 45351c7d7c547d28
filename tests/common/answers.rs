//! Issue 30, "every answer agrees with apply": each "may I" answer of a seat's view
//! (`may_ask`, `askable`, `may_review`, `may_ask_lead`, `may_ask_contract`, `correctable`,
//! `legal_leads`, and issue 31's `may_replace_call` and `disclosable`) probed both ways against `apply` on a clone of the table — offered ⇒
//! accepted, not offered ⇒ refused. Three differences remain, each a written SPEC
//! question (docs/RULINGS.md) that the probe asserts exactly: a question offered and refused
//! `SUPPLEMENTARY_QUESTION` after partner's question out of the asker's hearing; a
//! correction judged by the view on the explanations its seat heard and by the action on
//! all of them; a lead of another suit than the one declarer required, unlisted and
//! accepted as the leader's statement that he is void (`REQUIRED_SUIT_VOID`: the engine has
//! no hands, SPEC 5.7).

use bridge_laws::audience::Viewer;
use bridge_laws::state::CallPos;
use bridge_laws::{Card, Code, Outcome, Phase, Seat, Table};

/// The first `IRREG_` warning of an accepted outcome, if any.
fn irregularity(out: &Outcome) -> Option<Code> {
    out.warnings()
        .iter()
        .find(|w| w.code.as_str().starts_with("IRREG_"))
        .map(|w| w.code)
}

/// Whether `seat`'s partner asked a question out of `seat`'s hearing: the view does not
/// count it, the `ask` action refuses a supplementary question after it (L20F1).
fn partner_asked_unheard(t: &Table, seat: Seat) -> bool {
    t.state()
        .extra()
        .questions()
        .iter()
        .any(|q| q.asker == seat.partner() && !q.audience.contains(Viewer::Seat(seat)))
}

/// Whether a disclosure of call `index` that `seat` did not hear exists: the view judges a
/// correction on what he heard, the action on every explanation given.
fn unheard_disclosure(t: &Table, seat: Seat, index: usize) -> bool {
    let Some(id) = t.state().auction().record_id(CallPos::new(index)) else {
        return false;
    };
    t.state()
        .extra()
        .disclosures()
        .iter()
        .any(|d| d.call == id && d.by != seat && !d.audience.contains(Viewer::Seat(seat)))
}

/// `answer` (offered or not) against `apply` of `json` on a clone: offered ⇒ accepted,
/// not offered ⇒ refused; `excused` names a disagreement the view's design makes.
fn both_ways(
    t: &Table,
    what: &str,
    offered: bool,
    json: &str,
    excused: impl Fn(&Outcome) -> bool,
) -> Result<(), String> {
    let out = t.clone().apply_json(json);
    if offered != out.is_ok() && !excused(&out) {
        return Err(format!(
            "{what} is {}offered but apply {} {json}: {:?}",
            if offered { "" } else { "not " },
            if out.is_ok() { "accepts" } else { "refuses" },
            out.rejection().map(|r| format!("{} {}", r.code.as_str(), r.message))
        ));
    }
    Ok(())
}

/// Every question answer of every seat's view agrees with `apply`.
pub fn probe_questions(t: &Table) -> Result<(), String> {
    let calls = t.calls().len();
    for s in Seat::ALL {
        let v = t.view(Viewer::Seat(s));
        // A question the view offers may be refused as supplementary to partner's question
        // out of his hearing (L20F1; the view may not tell him of it).
        let supplementary = |out: &Outcome| {
            out.rejection().is_some_and(|r| r.code == Code::SUPPLEMENTARY_QUESTION) && partner_asked_unheard(t, s)
        };
        both_ways(
            t,
            &format!("may_ask for {s}"),
            v.may_ask,
            &format!(r#"{{"seat":"{s}","type":"ask"}}"#),
            supplementary,
        )?;
        for i in 0..calls {
            both_ways(
                t,
                &format!("askable {i} for {s} ({:?})", v.askable),
                v.askable.contains(&i),
                &format!(r#"{{"seat":"{s}","type":"ask","index":{i}}}"#),
                supplementary,
            )?;
        }
        let never = |_: &Outcome| false;
        for (offered, kind) in [
            (v.may_review, "review"),
            (v.may_ask_lead, "ask_lead"),
            (v.may_ask_contract, "ask_contract"),
        ] {
            both_ways(
                t,
                &format!("{kind} for {s}"),
                offered,
                &format!(r#"{{"seat":"{s}","type":"{kind}"}}"#),
                never,
            )?;
        }
        for i in 0..calls {
            // The third difference (a SPEC question, docs/RULINGS.md): the view judges on
            // the explanations he heard, the action on all of them — a correction of
            // partner's explanation he never heard is accepted though not offered, and one
            // offered as his own is refused as too early when the action judges it
            // partner's. Nothing else may differ.
            let unheard = |out: &Outcome| {
                unheard_disclosure(t, s, i) && out.rejection().is_none_or(|r| r.code == Code::CORRECTION_TOO_EARLY)
            };
            both_ways(
                t,
                &format!("correctable {i} for {s} ({:?})", v.correctable),
                v.correctable.contains(&i),
                &format!(r#"{{"seat":"{s}","type":"correct_explanation","index":{i},"text":"x"}}"#),
                unheard,
            )?;
        }
    }
    Ok(())
}

/// Issue 31: `may_replace_call` and `disclosable` of every seat's view agree with `apply`
/// both ways: a request to replace his last call with a pass (legal wherever the call
/// stood, so the request turns on L25A alone) and an alert of each call in force.
pub fn probe_disclosure_and_undo(t: &Table) -> Result<(), String> {
    let never = |_: &Outcome| false;
    for s in Seat::ALL {
        let v = t.view(Viewer::Seat(s));
        both_ways(
            t,
            &format!("may_replace_call for {s}"),
            v.may_replace_call,
            &format!(r#"{{"seat":"{s}","type":"replace_call","call":"P"}}"#),
            never,
        )?;
        for i in 0..t.calls().len() {
            both_ways(
                t,
                &format!("disclosable {i} for {s} ({:?})", v.disclosable),
                v.disclosable.contains(&i),
                &format!(r#"{{"seat":"{s}","type":"alert","index":{i}}}"#),
                never,
            )?;
        }
    }
    Ok(())
}

/// The lowest card of `suit` (a letter) not yet played or led face down, if any.
fn unplayed(t: &Table, suit: char) -> Option<Card> {
    let p = t.state().play();
    "23456789TJQKA"
        .chars()
        .filter_map(|r| format!("{suit}{r}").parse::<Card>().ok())
        .find(|c| p.is_none_or(|p| p.lead != Some(*c) && !p.played().any(|(_, x)| x == c)))
}

/// `legal_leads` agrees with `apply` for every seat and suit: a lead of a listed suit is
/// accepted without an irregularity (but the discovery of an earlier one, L61A); a lead of
/// another suit is refused (`prevent`), an irregularity (`rectify`), or the leader's
/// statement that he is void in the suit declarer required (L26B, `REQUIRED_SUIT_VOID`).
pub fn probe_leads(t: &Table) -> Result<(), String> {
    let phase = t.phase();
    let Some(contract) = t.contract() else {
        return Ok(());
    };
    let p = t.state().play();
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
    for s in Seat::ALL {
        let view = t.view(Viewer::Seat(s));
        let required = view.lead_restriction.as_ref().and_then(|r| r.required);
        let listed = view.legal_leads;
        for strain in bridge_laws::Strain::ALL.into_iter().filter(|x| x.suit().is_some()) {
            let letter = strain.as_str().chars().next().unwrap_or('C');
            let Some(card) = unplayed(t, letter) else { continue };
            let json = match phase {
                Phase::Clarification => format!(r#"{{"seat":"{s}","type":"lead","card":"{card}"}}"#),
                _ if dummy_on_lead && s == contract.declarer => {
                    format!(r#"{{"seat":"{s}","type":"play","card":"{card}","from":"dummy"}}"#)
                }
                _ => format!(r#"{{"seat":"{s}","type":"play","card":"{card}"}}"#),
            };
            let out = t.clone().apply_json(&json);
            let irregular = irregularity(&out).filter(|c| *c != Code::IRREG_REQUIRED_SUIT_NOT_LED);
            let is_listed = listed.contains(&strain);
            let explain = || {
                format!(
                    "{json}: legal_leads({s}) = {listed:?}; {}",
                    match &out {
                        Outcome::Rejected(r) => format!("refused {} {}", r.code.as_str(), r.message),
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
            // The one difference (a SPEC question, docs/RULINGS.md): a lead of another suit
            // than the required one is the leader's statement that he is void in it.
            let void = out.warnings().iter().any(|w| w.code == Code::REQUIRED_SUIT_VOID)
                && required.is_some_and(|r| r != strain);
            if !is_listed && out.is_ok() && irregularity(&out).is_none() && !void {
                return Err(format!("an unlisted lead is accepted as regular: {}", explain()));
            }
        }
    }
    Ok(())
}
