//! `bridge-laws codes`: every public code, event kind (with the fields it carries), pending
//! decision kind and severity the engine can emit, as JSON — the list a site's message
//! catalogs must cover (checked against the shipped catalogs by `www/test/i18n.test.mjs`).

use std::sync::Arc;

use bridge_laws::view::DecisionKind;
use bridge_laws::{
    Actor, Audience, BarKind, Call, Card, Code, DisclosureKind, Doubling, EventKind, Intent, Law, Refusal, Rejection,
    RulingOn, RulingValue, Seat, Severity, Strain, Warning,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

use crate::variants;

/// One value of every event kind, each written by the engine's own serializer. An event
/// carries fields, so a new kind needs a sample by hand: the test below fails until it has
/// one (`EventKind` is `#[non_exhaustive]`, so no match here could be exhaustive).
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
            suit: Some(Strain::Hearts),
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
    samples
}

/// Every value of a field-less enum (a pending-decision kind, a severity) as the engine
/// writes it, derived from the type: a value added to the library is in the list without a
/// word here (each name serde reads is written back, so an alias could not stand for one).
fn every_name<T: DeserializeOwned + Serialize>() -> Vec<Value> {
    let mut all: Vec<Value> = variants::of_enum::<T>()
        .iter()
        .filter_map(|name| serde_json::from_value::<T>(json!(name)).ok())
        .filter_map(|value| serde_json::to_value(value).ok())
        .collect();
    all.dedup();
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
        "decisions": every_name::<DecisionKind>(),
        "severities": every_name::<Severity>(),
        "warning_fields": keys(serde_json::to_value(&warning).unwrap_or_default()),
        "rejection_fields": keys(serde_json::to_value(&rejection).unwrap_or_default()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // The names a list of the catalog holds (its entries' `key`, or the entries themselves).
    fn names(catalog: &Value, list: &str, key: Option<&str>) -> Vec<String> {
        let entries = catalog[list].as_array().cloned().unwrap_or_default();
        let mut names: Vec<String> = entries
            .iter()
            .filter_map(|e| key.map_or(e, |k| &e[k]).as_str().map(String::from))
            .collect();
        names.sort();
        names
    }

    fn sorted(names: &[&str]) -> Vec<String> {
        let mut names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        names.sort();
        names
    }

    // What the catalog's list leaves out of the names the library defines, and what it has
    // that the library does not define.
    fn missing_and_unknown(listed: &[String], defined: &[String]) -> (Vec<String>, Vec<String>) {
        let missing = defined.iter().filter(|n| !listed.contains(n)).cloned();
        let unknown = listed.iter().filter(|n| !defined.contains(n)).cloned();
        (missing.collect(), unknown.collect())
    }

    #[test]
    fn the_codes_list_has_one_sample_of_every_event_kind_the_library_defines() {
        let defined = sorted(variants::of_tagged::<EventKind>("kind"));
        assert!(defined.len() >= 30, "{defined:?}");
        let listed = names(&catalog(), "events", Some("kind"));
        let (missing, unknown) = missing_and_unknown(&listed, &defined);
        assert!(missing.is_empty(), "give every_event_kind a sample of {missing:?}");
        assert!(unknown.is_empty(), "{unknown:?}");
        assert_eq!(listed, defined, "one sample of each kind");
    }

    #[test]
    fn the_codes_list_has_every_decision_kind_and_severity_the_library_defines() {
        let catalog = catalog();
        let decisions = sorted(variants::of_enum::<DecisionKind>());
        assert!(decisions.contains(&"insufficient_bid".to_string()), "{decisions:?}");
        assert_eq!(names(&catalog, "decisions", None), decisions);
        let severities = sorted(variants::of_enum::<Severity>());
        assert!(severities.contains(&"infraction".to_string()), "{severities:?}");
        assert_eq!(names(&catalog, "severities", None), severities);
    }

    #[test]
    fn the_codes_list_has_every_public_code_once() {
        let listed = names(&catalog(), "codes", Some("code"));
        let defined = sorted(&Code::ALL.iter().map(|c| c.as_str()).collect::<Vec<_>>());
        assert_eq!(listed, defined);
        assert!(listed.windows(2).all(|w| w[0] != w[1]));
    }
}
