//! Who hears what, by the regulation's disclosure regime (SPEC §6). Every recorded item
//! gets its audience from here; `view.rs` only filters by it.

use crate::action::ActionKind;
use crate::audience::Audience;
use crate::call::Seat;
use crate::regulation::{Disclosure, Regulation};

/// Who may know that `seat`'s action of kind `kind` happened, before the law applying it
/// records what it discloses (docs/RULINGS.md, "What each viewer is told"). A disclosure, question,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regulation::Preset;

    fn seats(a: Audience) -> Vec<Seat> {
        Seat::ALL.into_iter().filter(|s| a.has_seat(*s)).collect()
    }

    #[test]
    fn l20f1_the_caller_self_alerts_online_his_partner_face_to_face_his_side_behind_screens() {
        let online = Regulation::preset(Preset::Online);
        let f2f = Regulation::preset(Preset::FaceToFace);
        let screens = Regulation::preset(Preset::Screens);
        assert!(may_disclose(&online, Seat::N, Seat::N) && !may_disclose(&online, Seat::N, Seat::S));
        assert!(may_disclose(&f2f, Seat::N, Seat::S) && !may_disclose(&f2f, Seat::N, Seat::N));
        assert!(may_disclose(&screens, Seat::N, Seat::N) && may_disclose(&screens, Seat::N, Seat::S));
        assert!(!may_disclose(&screens, Seat::N, Seat::E));
        // The one who answers a question about North's call, asked by East.
        assert_eq!(
            [&online, &f2f, &screens].map(|r| answerer(r, Seat::E, Seat::N)),
            [Seat::N, Seat::S, screens.screenmates.of(Seat::E)]
        );
    }

    #[test]
    fn l16b1_a_self_alert_never_reaches_the_callers_partner() {
        let online = Regulation::preset(Preset::Online);
        assert_eq!(
            seats(disclosure(&online, Seat::N, Seat::N)),
            [Seat::N, Seat::E, Seat::W]
        );
        assert!(!partner_hears(&online));
        let f2f = Regulation::preset(Preset::FaceToFace);
        assert_eq!(seats(disclosure(&f2f, Seat::N, Seat::S)), Seat::ALL);
        assert!(partner_hears(&f2f));
    }

    #[test]
    fn l20b_behind_screens_a_review_is_heard_by_the_requester_his_screenmate_and_the_director() {
        let screens = Regulation::preset(Preset::Screens);
        let heard = review(&screens, Seat::N);
        let mate = screens.screenmates.of(Seat::N);
        assert_eq!(seats(heard).len(), 2);
        assert!(heard.has_seat(Seat::N) && heard.has_seat(mate) && mate != Seat::N);
        assert!(heard.contains(crate::audience::Viewer::Director));
    }
}
