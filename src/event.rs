//! What an accepted action produced: events (each with its audience) and the outcome.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::sync::Arc;

use crate::action::{Actor, Intent, RulingOn, RulingValue};
use crate::auction::Doubling;
use crate::audience::Audience;
use crate::call::{Call, Seat, Strain};
use crate::card::Card;
use crate::law::Law;
use crate::report::{Code, Rejection, Warning};
use crate::store::append_field::AppendField;
use crate::store::seat_list::SeatList;

/// How a call's meaning was disclosed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum DisclosureKind {
    /// An alert, with or without explanation.
    Alert,
    /// An announcement (text without an alert).
    Announcement,
    /// An explanation (answer or volunteered).
    Explanation,
    /// A correction of an earlier explanation.
    Correction,
}

/// A bar on calling (Laws 27–37).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum BarKind {
    /// Must pass at his next turn only.
    NextTurn,
    /// Must pass for the rest of the auction.
    Throughout,
}

/// What a restatement of the auction (L20B, L20C2) said of one call in force that was
/// alerted or explained to the requester: it refers to what its viewers already hold (the
/// call by its index; the explanations by their positions among the call's `disclosures` in
/// the requester's view when it was given) instead of copying it again.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ReviewLine {
    /// Position among the calls in force.
    pub index: usize,
    /// Whether the requester may see that it was alerted.
    pub alerted: bool,
    /// The explanations restated: positions among the call's disclosures in the requester's
    /// view (those with a text).
    pub explanations: Vec<usize>,
}

/// Something that happened at the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[allow(missing_docs)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum EventKind {
    /// A call was made (and is in force or pending rectification).
    Call { seat: Seat, call: Call, index: usize },
    /// A call was withdrawn or cancelled.
    CallWithdrawn {
        seat: Seat,
        call: Call,
        law: Law,
        #[cfg_attr(feature = "wasm", tsify(type = "string"))]
        reason: Cow<'static, str>,
    },
    /// Three passes after a bid.
    AuctionEnded { contract: String, declarer: Seat },
    /// Four passes.
    PassedOut,
    /// An alert, announcement or explanation.
    Disclosure {
        index: usize,
        by: Seat,
        disclosure: DisclosureKind,
        alert: bool,
        #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
        text: Option<Arc<str>>,
    },
    /// A question about the opponents' calls.
    Question {
        id: usize,
        asker: Seat,
        answerers: SeatList,
        index: Option<usize>,
    },
    /// A restatement of the auction: the first `restated` calls in force (all of them, L20B),
    /// and, for those alerted or explained to the requester, what he was told (`calls`).
    /// (`restated` is a `u32`: an event stays 40 bytes.)
    Review {
        requester: Seat,
        restated: u32,
        calls: Vec<ReviewLine>,
    },
    /// Answer to "is it my lead?".
    LeadAnswer { seat: Seat, your_lead: bool },
    /// Answer to "what is the contract?" (never who doubled).
    ContractAnswer {
        seat: Seat,
        contract: String,
        doubling: Doubling,
    },
    /// An explanation was corrected.
    Correction {
        index: usize,
        by: Seat,
        #[cfg_attr(feature = "wasm", tsify(type = "string"))]
        text: Arc<str>,
    },
    /// The Director was called.
    DirectorSummoned {
        by: Actor,
        law: Law,
        #[cfg_attr(feature = "wasm", tsify(type = "string"))]
        reason: Box<str>,
    },
    /// An irregularity was recorded.
    Irregularity {
        code: Code,
        law: Law,
        seat: Seat,
        call: Option<Call>,
    },
    /// LHO accepted the irregular call.
    Accepted { seat: Seat, law: Law },
    /// LHO declined the irregular call.
    Declined { seat: Seat, law: Law },
    /// A player is barred from calling.
    Barred { seat: Seat, bar: BarKind, law: Law },
    /// A bar ended.
    BarLifted { seat: Seat },
    /// Declarer may restrict the lead (L26B).
    LeadRestriction { offender: Seat, law: Law },
    /// Declarer's Law 26B choice on the opening lead: `suit` prohibited (or required); no
    /// suit: the lead is not restricted.
    LeadRestricted {
        declarer: Seat,
        leader: Seat,
        #[cfg_attr(feature = "wasm", tsify(type = "StrainName | null"))]
        suit: Option<Strain>,
        require: bool,
    },
    /// The engine passed for a barred player.
    AutoPass { seat: Seat },
    /// A player may change his last call (L21B1).
    ChangeOffered { seat: Seat, index: usize },
    /// A player asked to replace his last call (L25A).
    UndoRequested { seat: Seat, call: Call },
    /// The replacement was refused; the call stands.
    UndoRefused { seat: Seat },
    /// A Director's ruling.
    Ruling { on: RulingOn, value: Option<RulingValue> },
    /// The intent of a call over a call out of rotation.
    IntentRecorded { seat: Seat, intent: Intent },
    /// The opening lead was made face down.
    OpeningLead { seat: Seat },
    /// The opening lead was faced: the play period begins.
    LeadFaced { seat: Seat, card: Card },
    /// A card was played.
    Card { seat: Seat, card: Card, from_dummy: bool },
    /// A trick was completed.
    Trick { number: usize, winner: Seat },
    /// Play ended.
    PlayEnded { tricks: usize },
    /// The hands of a passed-out board went back in the board.
    HandsReturned,
}

/// An event and who may see it: written as one object, its kind's fields then `audience`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[cfg_attr(
    feature = "wasm",
    derive(tsify::Tsify),
    tsify(type = "EventKind & { audience: Audience }")
)]
#[non_exhaustive]
pub struct Event {
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
    /// Who is shown it.
    pub audience: Audience,
}

/// Through the struct path (`AppendField`), not `#[serde(flatten)]`'s map path: the same
/// object, with each field name a static string (in the browser, a cached JS string).
impl Serialize for Event {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.kind.serialize(AppendField {
            inner: s,
            key: "audience",
            value: &self.audience,
        })
    }
}

/// An accepted action's events: most actions make one, kept inline (no allocation).
pub type OutcomeEvents = smallvec::SmallVec<[Event; 1]>;

/// The result of an action: accepted with events and warnings, or refused.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "wasm",
    derive(tsify::Tsify),
    tsify(type = "{ ok: true; events: Event[]; warnings: Warning[] } | { ok: false; rejection: Rejection }")
)]
#[must_use = "an outcome says whether the action was recorded: a refusal left the table unchanged"]
pub enum Outcome {
    /// The action was recorded.
    Accepted {
        /// What happened.
        events: OutcomeEvents,
        /// Warnings given.
        warnings: Vec<Warning>,
    },
    /// The action was refused; the table is unchanged.
    Rejected(Rejection),
}

impl Outcome {
    /// Whether the action was recorded.
    pub const fn is_ok(&self) -> bool {
        matches!(self, Outcome::Accepted { .. })
    }

    /// The rejection, if refused.
    pub const fn rejection(&self) -> Option<&Rejection> {
        match self {
            Outcome::Rejected(r) => Some(r),
            Outcome::Accepted { .. } => None,
        }
    }

    /// The events (none when refused).
    pub fn events(&self) -> &[Event] {
        match self {
            Outcome::Accepted { events, .. } => events,
            Outcome::Rejected(_) => &[],
        }
    }

    /// The warnings (none when refused).
    pub fn warnings(&self) -> &[Warning] {
        match self {
            Outcome::Accepted { warnings, .. } => warnings,
            Outcome::Rejected(_) => &[],
        }
    }
}

/// An outcome as it is written: `{ok, events, warnings}` or `{ok, rejection}`.
#[derive(Serialize)]
pub(crate) struct OutcomeJson<'a, E> {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    events: Option<E>,
    #[serde(skip_serializing_if = "Option::is_none")]
    warnings: Option<&'a [Warning]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rejection: Option<&'a Rejection>,
}

impl<'a, E: Serialize> OutcomeJson<'a, E> {
    /// An accepted action's events (a list, or a run of the table's feed) and warnings.
    pub(crate) const fn accepted(events: E, warnings: &'a [Warning]) -> OutcomeJson<'a, E> {
        OutcomeJson {
            ok: true,
            events: Some(events),
            warnings: Some(warnings),
            rejection: None,
        }
    }

    /// A refused action's rejection (`E` names the type an accepted one's events would have:
    /// the boundary writes both with one instance).
    pub(crate) const fn rejected(rejection: &'a Rejection) -> OutcomeJson<'a, E> {
        OutcomeJson {
            ok: false,
            events: None,
            warnings: None,
            rejection: Some(rejection),
        }
    }
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Outcome::Accepted { events, warnings } => OutcomeJson::accepted(events.as_slice(), warnings),
            Outcome::Rejected(r) => OutcomeJson::rejected(r),
        }
        .serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::call::Strain;

    fn samples() -> Vec<Event> {
        let one_no_trump: Call = "1NT".parse().unwrap_or(Call::Pass);
        let kinds = vec![
            EventKind::Call {
                seat: Seat::N,
                call: one_no_trump,
                index: 0,
            },
            EventKind::CallWithdrawn {
                seat: Seat::E,
                call: Call::Double,
                law: Law::L27B3,
                reason: Cow::Borrowed("cancelled"),
            },
            EventKind::AuctionEnded {
                contract: "3NT".into(),
                declarer: Seat::S,
            },
            EventKind::PassedOut,
            EventKind::Disclosure {
                index: 2,
                by: Seat::W,
                disclosure: DisclosureKind::Alert,
                alert: true,
                text: Some(Arc::from("15-17")),
            },
            EventKind::Question {
                id: 1,
                asker: Seat::E,
                answerers: [Seat::S, Seat::N].into_iter().collect(),
                index: None,
            },
            EventKind::Review {
                requester: Seat::N,
                restated: 1,
                calls: vec![ReviewLine {
                    index: 0,
                    alerted: false,
                    explanations: vec![0],
                }],
            },
            EventKind::Correction {
                index: 0,
                by: Seat::S,
                text: Arc::from("weak"),
            },
            EventKind::DirectorSummoned {
                by: Actor::Director,
                law: Law::L81,
                reason: "".into(),
            },
            EventKind::LeadRestricted {
                declarer: Seat::S,
                leader: Seat::W,
                suit: Some(Strain::Hearts),
                require: false,
            },
            EventKind::HandsReturned,
        ];
        kinds
            .into_iter()
            .map(|kind| Event {
                kind,
                audience: Audience::seat(Seat::E).with_spectators_if(true),
            })
            .collect()
    }

    #[test]
    fn an_event_stays_forty_bytes() {
        // The feed keeps every event that is not a call packed as an `Event`, and an outcome
        // keeps one inline: a review's references must not make every event larger.
        assert!(std::mem::size_of::<Event>() <= 40, "{}", std::mem::size_of::<Event>());
    }

    #[test]
    fn an_event_is_one_object_its_kind_first_its_audience_last_and_reads_back_the_same() {
        for event in samples() {
            let text = serde_json::to_string(&event).unwrap_or_default();
            assert!(text.starts_with(r#"{"kind":""#), "{text}");
            assert!(text.ends_with(r#","audience":["E","director","spectator"]}"#), "{text}");
            let back: Result<Event, _> = serde_json::from_str(&text);
            assert_eq!(back.ok().as_ref(), Some(&event), "{text}");
        }
    }
}
