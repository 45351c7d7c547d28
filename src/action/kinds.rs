//! The actions' table: the fields an action may carry (`fields!`) and every kind of action
//! of SPEC §3, one row each (`actions!`, see `table`): its JSON name, its fields and how
//! each is read, and its typed constructors (`Action::call(Seat::N, call)` rather than a
//! JSON line, each building exactly what the JSON reader would read from the same action).

use std::borrow::Cow;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::table::Text;
use super::{Action, Actor, Hand, Intent, RulingOn, RulingValue};
use crate::call::{Call, Seat, Strain, Suit};
use crate::card::Card;

fields! {
    struct FlatAction<'a> {
        call: Call,
        alert: bool,
        /// Texts are borrowed from the text where the reader lends them, then kept once as
        /// the `Arc<str>` that the log, the disclosure and its event share.
        #[serde(borrow)]
        explanation: Text<'a>,
        intent: Intent,
        /// `u32` so that native and wasm32 builds accept the same numbers.
        index: u32,
        #[serde(borrow)]
        text: Text<'a>,
        accept: bool,
        #[serde(borrow)]
        reason: Text<'a>,
        on: RulingOn,
        value: RulingValue,
        specified: Vec<Strain>,
        card: Card,
        from: Hand,
        suit: Strain,
        require: bool,
    }
}

actions! {
    /// Make a call, optionally self-disclosing it.
    Call = "call" {
        /// The call.
        call: Call = required,
        /// Alert it (self-alerting).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        alert: bool = or_false,
        /// Explain it (self-alerting), or announce it. (Shared, once read, by the log, the
        /// disclosure and its event.)
        #[serde(default, skip_serializing_if = "Option::is_none")]
        explanation: Option<Arc<str>> = optional,
        /// Over a call out of rotation at one's own turn: accept it or ignore it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        intent: Option<Intent> = optional,
    }
    new {
        /// `seat` makes `call`.
        pub const fn call(seat: Seat, call: Call) -> Action {
            Action::by(
                seat,
                ActionKind::Call {
                    call,
                    alert: false,
                    explanation: None,
                    intent: None,
                },
            )
        }

        /// `seat` makes `call` and alerts it himself (self-alerting, screens).
        pub const fn alerted(seat: Seat, call: Call) -> Action {
            Action::by(
                seat,
                ActionKind::Call {
                    call,
                    alert: true,
                    explanation: None,
                    intent: None,
                },
            )
        }

        /// `seat` makes `call`, alerts it and explains it with `text` (self-alerting, screens).
        pub fn explained(seat: Seat, call: Call, text: &str) -> Action {
            let explanation = Some(Arc::from(text));
            Action::by(
                seat,
                ActionKind::Call {
                    call,
                    alert: true,
                    explanation,
                    intent: None,
                },
            )
        }

        /// `seat` makes `call` over a call out of rotation at his own turn, saying whether he
        /// accepts it (L29A) or ignores it (L28B).
        pub const fn call_meaning(seat: Seat, call: Call, intent: Intent) -> Action {
            let kind = ActionKind::Call {
                call,
                alert: false,
                explanation: None,
                intent: Some(intent),
            };
            Action::by(seat, kind)
        }
    }

    /// Alert call `index` (with text: an announcement or explanation).
    Alert = "alert" {
        /// Call in force.
        index: usize = required,
        /// Text, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        explanation: Option<Arc<str>> = optional,
    }
    new {
        /// `seat` alerts the call in force at `index` (with `text`: announces or explains it).
        pub fn alert(seat: Seat, index: usize, text: Option<&str>) -> Action {
            Action::by(
                seat,
                ActionKind::Alert {
                    index,
                    explanation: text.map(Arc::from),
                },
            )
        }
    }

    /// Explain call `index`.
    Explain = "explain" {
        /// Call in force.
        index: usize = required,
        /// The explanation.
        text: Arc<str> = required,
    }
    new {
        /// `seat` explains the call in force at `index`.
        pub fn explain(seat: Seat, index: usize, text: &str) -> Action {
            Action::by(
                seat,
                ActionKind::Explain {
                    index,
                    text: Arc::from(text),
                },
            )
        }
    }

    /// Ask about one call, or about the opponents' whole auction.
    Ask = "ask" {
        /// Call in force, or none for the whole auction.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        index: Option<usize> = optional,
    }
    new {
        /// `seat` asks about the call in force at `index`.
        pub const fn ask(seat: Seat, index: usize) -> Action {
            Action::by(seat, ActionKind::Ask { index: Some(index) })
        }

        /// `seat` asks about the opponents' whole auction.
        pub const fn ask_auction(seat: Seat) -> Action {
            Action::by(seat, ActionKind::Ask { index: None })
        }
    }

    /// Have all calls restated.
    Review = "review"
    new {
        /// `seat` has all calls restated.
        pub const fn review(seat: Seat) -> Action {
            Action::by(seat, ActionKind::Review)
        }
    }

    /// Defender: is it my opening lead?
    AskLead = "ask_lead"
    new {
        /// `seat`, a defender, asks whether the opening lead is his.
        pub const fn ask_lead(seat: Seat) -> Action {
            Action::by(seat, ActionKind::AskLead)
        }
    }

    /// What is the contract, and is it doubled?
    AskContract = "ask_contract"
    new {
        /// `seat` asks for the contract and whether it is doubled.
        pub const fn ask_contract(seat: Seat) -> Action {
            Action::by(seat, ActionKind::AskContract)
        }
    }

    /// Correct an explanation of call `index`.
    CorrectExplanation = "correct_explanation" {
        /// Call in force.
        index: usize = required,
        /// The corrected explanation.
        text: Arc<str> = required,
    }
    new {
        /// `seat` corrects an explanation of the call in force at `index`.
        pub fn correct_explanation(seat: Seat, index: usize, text: &str) -> Action {
            Action::by(
                seat,
                ActionKind::CorrectExplanation {
                    index,
                    text: Arc::from(text),
                },
            )
        }
    }

    /// Privately note that partner's explanation of `index` was wrong.
    NotePartnerMistake = "note_partner_mistake" {
        /// Call in force.
        index: usize = required,
    }
    new {
        /// `seat` privately notes that partner's explanation of `index` was wrong.
        pub const fn note_partner_mistake(seat: Seat, index: usize) -> Action {
            Action::by(seat, ActionKind::NotePartnerMistake { index })
        }
    }

    /// Law 25A: replace my last call, which I did not intend.
    ReplaceCall = "replace_call" {
        /// The intended call.
        call: Call = required,
    }
    new {
        /// `seat` replaces his last call, which he did not intend, by `call` (L25A).
        pub const fn replace_call(seat: Seat, call: Call) -> Action {
            Action::by(seat, ActionKind::ReplaceCall { call })
        }
    }

    /// Law 21B: change my last call after misinformation.
    ChangeCall = "change_call" {
        /// The new call.
        call: Call = required,
    }
    new {
        /// `seat` changes his last call to `call` after misinformation (L21B).
        pub const fn change_call(seat: Seat, call: Call) -> Action {
            Action::by(seat, ActionKind::ChangeCall { call })
        }
    }

    /// Answer a pending undo request.
    Respond = "respond" {
        /// Agree or not.
        accept: bool = required,
    }
    new {
        /// `seat` answers a pending undo request.
        pub const fn respond(seat: Seat, accept: bool) -> Action {
            Action::by(seat, ActionKind::Respond { accept })
        }
    }

    /// Accept the irregularity (LHO's option).
    Accept = "accept"
    new {
        /// `seat` accepts the irregularity (LHO's option).
        pub const fn accept(seat: Seat) -> Action {
            Action::by(seat, ActionKind::Accept)
        }
    }

    /// Decline the irregularity (LHO's option).
    Decline = "decline"
    new {
        /// `seat` declines the irregularity (LHO's option).
        pub const fn decline(seat: Seat) -> Action {
            Action::by(seat, ActionKind::Decline)
        }
    }

    /// Summon the Director.
    Director = "director" {
        /// Why.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<Arc<str>> = optional,
    }
    new {
        /// `seat` summons the Director, saying why if `reason` is given.
        pub fn summon(seat: Seat, reason: Option<&str>) -> Action {
            Action::by(
                seat,
                ActionKind::Director {
                    reason: reason.map(Arc::from),
                },
            )
        }
    }

    /// A Director's judgement.
    Ruling = "ruling" {
        /// What is decided.
        on: RulingOn = required,
        /// The decision.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<RulingValue> = optional,
        /// Strains an artificial call specified (L27B1a, L29C).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "wasm", tsify(type = "StrainName[]"))]
        specified: Option<Box<[Strain]>> = optional,
        /// For `on: artificial`: the call in force ruled on (none: the call whose
        /// rectification is open).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        index: Option<usize> = optional,
    }
    new {
        /// The Director rules `on` a question with `value`.
        pub const fn ruling(on: RulingOn, value: Option<RulingValue>) -> Action {
            let kind = ActionKind::Ruling {
                on,
                value,
                specified: None,
                index: None,
            };
            Action::new(Actor::Director, kind)
        }

        /// The Director rules `on` a question with `value`, stating the strains the call
        /// specified (L27B1a, L29C).
        pub fn ruling_specifying(on: RulingOn, value: Option<RulingValue>, specified: &[Strain]) -> Action {
            let kind = ActionKind::Ruling {
                on,
                value,
                specified: Some(specified.into()),
                index: None,
            };
            Action::new(Actor::Director, kind)
        }

        /// The Director rules on the call in force at `index` (L29C, and L26B in the
        /// clarification period): artificial, specifying the strains given (`Some`), or not
        /// artificial (`None`).
        pub fn artificial_at(index: usize, specified: Option<&[Strain]>) -> Action {
            let kind = ActionKind::Ruling {
                on: RulingOn::Artificial,
                value: Some(RulingValue::Yes(specified.is_some())),
                specified: specified.map(Box::from),
                index: Some(index),
            };
            Action::new(Actor::Director, kind)
        }
    }

    /// Declarer's Law 26B choice on the opening lead: prohibit the lead of `suit` (or, with
    /// `require` under `lead_restriction: require_or_prohibit`, require it); without
    /// `suit`, declarer does not restrict the lead.
    RestrictLead = "restrict_lead" {
        /// The suit named (`S`, `H`, `D`, `C`); none: no restriction.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "wasm", tsify(type = "StrainName"))]
        suit: Option<Strain> = optional,
        /// Require the lead of `suit` instead of prohibiting it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        require: bool = or_false,
    }
    check restrict_lead_holds
    new {
        /// Declarer's Law 26B choice: prohibit the lead of `suit` (or require it, under
        /// `lead_restriction: require_or_prohibit`); `None`: no restriction.
        pub const fn restrict_lead(seat: Seat, suit: Option<Suit>, require: bool) -> Action {
            let suit = match suit {
                Some(suit) => Some(Strain::of_suit(suit)),
                None => None,
            };
            Action::by(seat, ActionKind::RestrictLead { suit, require })
        }
    }

    /// The opening lead, face down.
    Lead = "lead" {
        /// The card.
        card: Card = required,
    }
    new {
        /// `seat` makes the opening lead face down.
        pub const fn lead(seat: Seat, card: Card) -> Action {
            Action::by(seat, ActionKind::Lead { card })
        }
    }

    /// Face the opening lead: play begins.
    FaceLead = "face_lead"
    new {
        /// `seat` faces the opening lead: play begins.
        pub const fn face_lead(seat: Seat) -> Action {
            Action::by(seat, ActionKind::FaceLead)
        }
    }

    /// Play a card.
    Play = "play" {
        /// The card.
        card: Card = required,
        /// `dummy` when declarer plays from dummy.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Hand> = optional,
    }
    new {
        /// `seat` plays `card` from his own hand.
        pub const fn play(seat: Seat, card: Card) -> Action {
            Action::by(seat, ActionKind::Play { card, from: None })
        }

        /// Declarer (`seat`) plays `card` from dummy.
        pub const fn play_from_dummy(seat: Seat, card: Card) -> Action {
            Action::by(
                seat,
                ActionKind::Play {
                    card,
                    from: Some(Hand::Dummy),
                },
            )
        }
    }

    /// Play ends (claim agreed).
    EndPlay = "end_play"
    new {
        /// Play ends (claim agreed).
        pub const fn end_play(seat: Seat) -> Action {
            Action::by(seat, ActionKind::EndPlay)
        }
    }

    /// Passed-out board: hands back in the board.
    ReturnHands = "return_hands"
    new {
        /// A passed-out board: the hands go back in the board.
        pub const fn return_hands(seat: Seat) -> Action {
            Action::by(seat, ActionKind::ReturnHands)
        }
    }
}

/// A `restrict_lead` names a suit, and requires its lead only if it names one.
fn restrict_lead_holds(kind: &ActionKind) -> Result<(), String> {
    if let ActionKind::RestrictLead { suit, require } = kind {
        if suit.is_some_and(|s| s.suit().is_none()) {
            return Err("`suit` must be S, H, D or C".into());
        }
        if *require && suit.is_none() {
            return Err("`require` needs a `suit`".into());
        }
    }
    Ok(())
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        FlatAction::deserialize(d)?
            .into_action()
            .map_err(serde::de::Error::custom)
    }
}
