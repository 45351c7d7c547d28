//! Who hears what, by the regulation's disclosure regime (SPEC §6). Every recorded item
//! gets its audience from here; `view.rs` only filters by it.

use crate::action::ActionKind;
use crate::audience::Audience;
use crate::call::Seat;
use crate::regulation::{Disclosure, Regulation};

/// Who may know that `seat`'s action of kind `kind` happened, before the law applying it
/// records what it discloses (issue 29; docs/DECISIONS.md). A disclosure, question,
/// review, question about the lead or the contract, correction or private note is known
/// only to the actor until its law widens that to those who hear it (`Ctx::heard_by`):
/// everything it causes — a summons, a reminder, an offer, a warning — is bounded by
/// them. Every other action is made openly at the table: calls and changes of call
/// (L17, L18, L21B1, L25), rectification choices (L27–L32), summoning the Director
/// (L9B1a), restricting the lead (L26B), cards (L41, L44), the Director's rulings (L81).
pub fn of_action(kind: &ActionKind, seat: Seat) -> Audience {
    match kind {
        ActionKind::Alert { .. }
        | ActionKind::Explain { .. }
        | ActionKind::Ask { .. }
        | ActionKind::Review
        | ActionKind::AskLead
        | ActionKind::AskContract
        | ActionKind::CorrectExplanation { .. }
        | ActionKind::NotePartnerMistake { .. } => Audience::seat(seat),
        _ => Audience::EVERYONE,
    }
}

/// The audience of a disclosure by `giver` of a call by `caller`.
pub fn disclosure(reg: &Regulation, caller: Seat, giver: Seat) -> Audience {
    let a = match reg.disclosure {
        // Self-alerting: the caller and both opponents, never partner.
        Disclosure::SelfAlert => Audience::seats([caller, caller.lho(), caller.rho()]),
        Disclosure::Partner => Audience::TABLE,
        Disclosure::Screens => Audience::seats([giver, reg.screenmates.of(giver)]),
    };
    a.with_spectators_if(reg.spectators_see_disclosures)
}

/// The audience of a question by `asker` answered by `answerers`.
pub fn question(reg: &Regulation, asker: Seat, answerers: &[Seat]) -> Audience {
    let a = match reg.disclosure {
        Disclosure::SelfAlert => Audience::seats(answerers.iter().copied().chain([asker])),
        Disclosure::Partner => Audience::TABLE,
        Disclosure::Screens => Audience::seats([asker, reg.screenmates.of(asker)]),
    };
    a.with_spectators_if(reg.spectators_see_disclosures)
}

/// The audience of a review requested by `requester`: who hears the restatement (L20B:
/// the requester; at an open table all four; behind screens his screenmate), and the
/// Director, who sees everything (SPEC §6).
pub fn review(reg: &Regulation, requester: Seat) -> Audience {
    let heard = match reg.disclosure {
        Disclosure::SelfAlert => Audience::seat(requester),
        Disclosure::Partner => Audience::TABLE,
        Disclosure::Screens => Audience::seats([requester, reg.screenmates.of(requester)]),
    };
    heard.union(Audience::DIRECTOR)
}

/// Who must answer a question by `asker` about a call by `caller` (L20F1).
pub fn answerer(reg: &Regulation, asker: Seat, caller: Seat) -> Seat {
    match reg.disclosure {
        Disclosure::SelfAlert => caller,
        Disclosure::Partner => caller.partner(),
        Disclosure::Screens => reg.screenmates.of(asker),
    }
}

/// Whether `giver` may disclose the meaning of a call by `caller`.
pub fn may_disclose(reg: &Regulation, caller: Seat, giver: Seat) -> bool {
    match reg.disclosure {
        Disclosure::SelfAlert => giver == caller,
        Disclosure::Partner => giver == caller.partner(),
        Disclosure::Screens => giver.side() == caller.side(),
    }
}

/// Whether partner hears a player's alerts, explanations and questions (L16B1, L75A).
pub fn partner_hears(reg: &Regulation) -> bool {
    matches!(reg.disclosure, Disclosure::Partner)
}
