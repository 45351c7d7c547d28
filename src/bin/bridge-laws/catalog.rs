//! `bridge-laws codes`: every public code, event kind (with the fields it carries), pending
//! decision kind and severity the engine can emit, as JSON — the list a site's message
//! catalogs must cover (checked against the shipped catalogs by `www/test/i18n.test.mjs`).

use std::sync::Arc;

use bridge_laws::action::{Actor, Intent, RulingOn, RulingValue, StrainName};
use bridge_laws::auction::Doubling;
use bridge_laws::audience::Audience;
use bridge_laws::event::{BarKind, DisclosureKind, EventKind};
use bridge_laws::law::Law;
use bridge_laws::report::{Code, Refusal, Rejection, Severity, Warning};
use bridge_laws::view::DecisionKind;
use bridge_laws::{Call, Card, Seat, Strain};
use serde_json::{json, Value};

/// One value of every event kind, each written by the engine's own serializer.
fn every_event_kind() -> Vec<EventKind> {
    let card: Card = "SA".parse().unwrap_or_else(|_| unreachable!("SA is a card"));
    let samples = vec![
        EventKind::Call {
            seat: Seat::N,
            call: Call::Pass,
            index: 0,
        },
        EventKind::CallWithdrawn {
            seat: Seat::N,
            call: Call::Pass,
            law: Law::L27,
            reason: "".into(),
        },
        EventKind::AuctionEnded {
            contract: "1NT".into(),
            declarer: Seat::N,
        },
        EventKind::PassedOut,
        EventKind::Disclosure {
            index: 0,
            by: Seat::N,
            disclosure: DisclosureKind::Alert,
            alert: true,
            text: Some(Arc::from("")),
        },
        EventKind::Question {
            id: 0,
            asker: Seat::N,
            answerers: [Seat::E].into_iter().collect(),
            index: Some(0),
        },
        EventKind::Review {
            requester: Seat::N,
            restated: 0,
            calls: Vec::new(),
        },
        EventKind::LeadAnswer {
            seat: Seat::N,
            your_lead: true,
        },
        EventKind::ContractAnswer {
            seat: Seat::N,
            contract: "1NT".into(),
            doubling: Doubling::Undoubled,
        },
        EventKind::Correction {
            index: 0,
            by: Seat::N,
            text: Arc::from(""),
        },
        EventKind::DirectorSummoned {
            by: Actor::Director,
            law: Law::L81,
            reason: "".into(),
        },
        EventKind::Irregularity {
            code: Code::IrregInsufficientBid,
            law: Law::L27,
            seat: Seat::N,
            call: Some(Call::Pass),
        },
        EventKind::Accepted {
            seat: Seat::N,
            law: Law::L27,
        },
        EventKind::Declined {
            seat: Seat::N,
            law: Law::L27,
        },
        EventKind::Barred {
            seat: Seat::N,
            bar: BarKind::Throughout,
            law: Law::L27,
        },
        EventKind::BarLifted { seat: Seat::N },
        EventKind::LeadRestriction {
            offender: Seat::N,
            law: Law::L27,
        },
        EventKind::LeadRestricted {
            declarer: Seat::N,
            leader: Seat::E,
            suit: Some(StrainName(Strain::Hearts)),
            require: false,
        },
        EventKind::AutoPass { seat: Seat::N },
        EventKind::ChangeOffered {
            seat: Seat::N,
            index: 0,
        },
        EventKind::UndoRequested {
            seat: Seat::N,
            call: Call::Pass,
        },
        EventKind::UndoRefused { seat: Seat::N },
        EventKind::Ruling {
            on: RulingOn::Unintended,
            value: Some(RulingValue::Yes(true)),
        },
        EventKind::IntentRecorded {
            seat: Seat::N,
            intent: Intent::Accept,
        },
        EventKind::OpeningLead { seat: Seat::N },
        EventKind::LeadFaced { seat: Seat::N, card },
        EventKind::Card {
            seat: Seat::N,
            card,
            from_dummy: false,
        },
        EventKind::Trick {
            number: 1,
            winner: Seat::N,
        },
        EventKind::PlayEnded { tricks: 13 },
        EventKind::HandsReturned,
    ];
    // `EventKind` is `#[non_exhaustive]`: this crate cannot match it exhaustively, so a new kind
    // must be given a sample above by hand (the catalogs' test checks only the kinds listed).
    for k in &samples {
        match k {
            EventKind::Call { .. }
            | EventKind::CallWithdrawn { .. }
            | EventKind::AuctionEnded { .. }
            | EventKind::PassedOut
            | EventKind::Disclosure { .. }
            | EventKind::Question { .. }
            | EventKind::Review { .. }
            | EventKind::LeadAnswer { .. }
            | EventKind::ContractAnswer { .. }
            | EventKind::Correction { .. }
            | EventKind::DirectorSummoned { .. }
            | EventKind::Irregularity { .. }
            | EventKind::Accepted { .. }
            | EventKind::Declined { .. }
            | EventKind::Barred { .. }
            | EventKind::BarLifted { .. }
            | EventKind::LeadRestriction { .. }
            | EventKind::LeadRestricted { .. }
            | EventKind::AutoPass { .. }
            | EventKind::ChangeOffered { .. }
            | EventKind::UndoRequested { .. }
            | EventKind::UndoRefused { .. }
            | EventKind::Ruling { .. }
            | EventKind::IntentRecorded { .. }
            | EventKind::OpeningLead { .. }
            | EventKind::LeadFaced { .. }
            | EventKind::Card { .. }
            | EventKind::Trick { .. }
            | EventKind::PlayEnded { .. }
            | EventKind::HandsReturned => {}
            _ => unreachable!("listed above"),
        }
    }
    samples
}

/// Every pending-decision kind. `DecisionKind` is `#[non_exhaustive]`, so this crate cannot
/// match it exhaustively: a kind added to the library and not listed here has no message in
/// the catalogs' test, which then does not check it (keep the two in step).
fn every_decision_kind() -> Vec<DecisionKind> {
    let all = vec![
        DecisionKind::InsufficientBid,
        DecisionKind::OutOfRotation,
        DecisionKind::Inadmissible,
        DecisionKind::BarredCall,
        DecisionKind::ChangeOfCall,
        DecisionKind::Replacement,
        DecisionKind::Undo,
    ];
    for k in &all {
        match k {
            DecisionKind::InsufficientBid
            | DecisionKind::OutOfRotation
            | DecisionKind::Inadmissible
            | DecisionKind::BarredCall
            | DecisionKind::ChangeOfCall
            | DecisionKind::Replacement
            | DecisionKind::Undo => {}
            _ => unreachable!("listed above"),
        }
    }
    all
}

/// The catalog's JSON: `{codes: [{code, law, input}], events: [{kind, fields, sample}],
/// decisions, severities, warning_fields, rejection_fields}` (an event's `fields` are its JSON keys besides `kind` and
/// `audience`; `sample` is one such event as the engine writes it, without its audience).
pub fn catalog() -> Value {
    let codes: Vec<Value> = Code::ALL
        .iter()
        .map(|c| json!({ "code": c.as_str(), "law": c.law().to_string(), "input": c.is_input() }))
        .collect();
    let events: Vec<Value> = every_event_kind()
        .into_iter()
        .map(|kind| {
            // An event is its kind's fields beside `kind` (and its audience, left out here).
            let written = serde_json::to_value(&kind).unwrap_or_default();
            let mut sample = written.as_object().cloned().unwrap_or_default();
            sample.remove("audience");
            let fields: Vec<&String> = sample.keys().filter(|k| *k != "kind").collect();
            json!({ "kind": sample.get("kind"), "fields": fields, "sample": sample })
        })
        .collect();
    let severities = [
        Severity::Infraction,
        Severity::Caution,
        Severity::Reminder,
        Severity::Info,
    ];
    // The fields a warning and a rejection are written with (what their messages draw on).
    let warning = Warning::new(Code::LateAlert, Severity::Info, Audience::EVERYONE, "")
        .concerning(Seat::N)
        .about(Call::Pass);
    let rejection = Rejection::from(Refusal::new(Code::NotYourTurn, ""));
    let keys = |v: Value| {
        v.as_object()
            .map(|o| o.keys().cloned().collect::<Vec<_>>())
            .unwrap_or_default()
    };
    json!({
        "codes": codes,
        "events": events,
        "decisions": every_decision_kind(),
        "severities": severities,
        "warning_fields": keys(serde_json::to_value(&warning).unwrap_or_default()),
        "rejection_fields": keys(serde_json::to_value(&rejection).unwrap_or_default()),
    })
}
