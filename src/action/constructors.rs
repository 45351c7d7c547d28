//! Typed constructors for every kind of action: `Action::call(Seat::N, call)` rather than
//! a JSON line. Each builds exactly what the JSON reader would read from the same action.

use std::sync::Arc;

use super::{Action, ActionKind, Actor, Hand, Intent, RulingOn, RulingValue, StrainName};
use crate::call::{Call, Seat, Strain, Suit};
use crate::card::Card;

impl Action {
    /// `seat` takes an action of `kind`, with no client clock.
    pub const fn new(seat: Actor, kind: ActionKind) -> Action {
        Action { seat, kind, at: None }
    }

    /// The same action stamped with the client's clock (milliseconds), for tempo records.
    pub fn at(mut self, ms: f64) -> Action {
        self.at = Some(ms);
        self
    }

    const fn by(seat: Seat, kind: ActionKind) -> Action {
        Action::new(Actor::Seat(seat), kind)
    }

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

    /// `seat` asks about the call in force at `index`.
    pub const fn ask(seat: Seat, index: usize) -> Action {
        Action::by(seat, ActionKind::Ask { index: Some(index) })
    }

    /// `seat` asks about the opponents' whole auction.
    pub const fn ask_auction(seat: Seat) -> Action {
        Action::by(seat, ActionKind::Ask { index: None })
    }

    /// `seat` has all calls restated.
    pub const fn review(seat: Seat) -> Action {
        Action::by(seat, ActionKind::Review)
    }

    /// `seat`, a defender, asks whether the opening lead is his.
    pub const fn ask_lead(seat: Seat) -> Action {
        Action::by(seat, ActionKind::AskLead)
    }

    /// `seat` asks for the contract and whether it is doubled.
    pub const fn ask_contract(seat: Seat) -> Action {
        Action::by(seat, ActionKind::AskContract)
    }

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

    /// `seat` privately notes that partner's explanation of `index` was wrong.
    pub const fn note_partner_mistake(seat: Seat, index: usize) -> Action {
        Action::by(seat, ActionKind::NotePartnerMistake { index })
    }

    /// `seat` replaces his last call, which he did not intend, by `call` (L25A).
    pub const fn replace_call(seat: Seat, call: Call) -> Action {
        Action::by(seat, ActionKind::ReplaceCall { call })
    }

    /// `seat` changes his last call to `call` after misinformation (L21B).
    pub const fn change_call(seat: Seat, call: Call) -> Action {
        Action::by(seat, ActionKind::ChangeCall { call })
    }

    /// `seat` answers a pending undo request.
    pub const fn respond(seat: Seat, accept: bool) -> Action {
        Action::by(seat, ActionKind::Respond { accept })
    }

    /// `seat` accepts the irregularity (LHO's option).
    pub const fn accept(seat: Seat) -> Action {
        Action::by(seat, ActionKind::Accept)
    }

    /// `seat` declines the irregularity (LHO's option).
    pub const fn decline(seat: Seat) -> Action {
        Action::by(seat, ActionKind::Decline)
    }

    /// `seat` summons the Director, saying why if `reason` is given.
    pub fn summon(seat: Seat, reason: Option<&str>) -> Action {
        Action::by(
            seat,
            ActionKind::Director {
                reason: reason.map(Arc::from),
            },
        )
    }

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

    /// Declarer's Law 26B choice: prohibit the lead of `suit` (or require it, under
    /// `lead_restriction: require_or_prohibit`); `None`: no restriction.
    pub const fn restrict_lead(seat: Seat, suit: Option<Suit>, require: bool) -> Action {
        let suit = match suit {
            Some(suit) => Some(StrainName(Strain::of_suit(suit))),
            None => None,
        };
        Action::by(seat, ActionKind::RestrictLead { suit, require })
    }

    /// `seat` makes the opening lead face down.
    pub const fn lead(seat: Seat, card: Card) -> Action {
        Action::by(seat, ActionKind::Lead { card })
    }

    /// `seat` faces the opening lead: play begins.
    pub const fn face_lead(seat: Seat) -> Action {
        Action::by(seat, ActionKind::FaceLead)
    }

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

    /// Play ends (claim agreed).
    pub const fn end_play(seat: Seat) -> Action {
        Action::by(seat, ActionKind::EndPlay)
    }

    /// A passed-out board: the hands go back in the board.
    pub const fn return_hands(seat: Seat) -> Action {
        Action::by(seat, ActionKind::ReturnHands)
    }
}
