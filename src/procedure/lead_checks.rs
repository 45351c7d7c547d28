//! Law 26B at the table: the leads and plays that break a restriction, refused under
//! `prevent` or recorded with the Director under `rectify`.

use crate::action::Actor;
use crate::audience::Audience;
use crate::call::{Seat, Strain};
use crate::card::Card;
use crate::law::Law;
use crate::procedure::ctx::Ctx;
use crate::procedure::lead_restriction::{
    choice_for, first_lead_trick, lead_rule, opening_lead_restriction, restriction_binding, LeadRule,
};
use crate::deal::CardSet;
use crate::procedure::hands::whole_held;
use crate::procedure::steps::summon;
use crate::report::{refuse_citing, Code, Refusal, Severity, Warning};
use crate::state::LeadChoice;

/// How a lead against declarer's L26B choice is dealt with: the regulation's `prevent` or
/// `rectify`, or a lead already recorded (face down) whose meaning is now told to the
/// others — recorded again for them, without a second summons.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Enforce {
    /// Refused (`prevent`).
    Prevent,
    /// Recorded with the Director, who is summoned (`rectify`).
    Rectify,
    /// Recorded, the Director already summoned (the faced lead, [`announce_faced_lead`]).
    Announce,
}

impl Enforce {
    /// The regulation's way: `rectify` or `prevent`.
    pub const fn of(rectify: bool) -> Enforce {
        if rectify {
            Enforce::Rectify
        } else {
            Enforce::Prevent
        }
    }
}

/// L26B on the opening lead: it waits for declarer's choice (refused under `prevent`,
/// recorded with the Director under `rectify`); then it must respect it. What a lead made
/// face down (`face_down`, L41A) means for declarer's choice is told to its leader alone (and
/// the Director): it names, or narrows down, a card nobody else has seen.
pub fn check_lead_restriction(cx: &mut Ctx<'_>, seat: Seat, card: Card, face_down: bool) -> Result<(), Refusal> {
    let Some(r) = opening_lead_restriction(cx.st) else {
        return Ok(());
    };
    let law = r.law;
    let rectify = cx.reg.rectifies();
    let Some(choice) = choice_for(cx.st, seat) else {
        return lead_before_choice(cx, seat, law, rectify);
    };
    let enforce = Enforce::of(rectify);
    if face_down {
        return cx.privately(seat, |cx| check_choice(cx, seat, card, choice, law, enforce));
    }
    check_choice(cx, seat, card, choice, law, enforce)
}

/// A lead while declarer's L26B choice is due: refused under `prevent` (wait), recorded
/// with the Director under `rectify`.
fn lead_before_choice(cx: &mut Ctx<'_>, seat: Seat, law: Law, rectify: bool) -> Result<(), Refusal> {
    let declarer = cx.st.play().declarer().map_or_else(String::new, |d| d.to_string());
    if !rectify {
        return refuse_citing(
            Law::L26B,
            Code::LeadRestrictionPending,
            format!(
                "wait: declarer ({declarer}) first chooses whether to restrict the lead (Law 26B, after Law {law})"
            ),
        );
    }
    infraction(
        cx,
        seat,
        Code::IrregLeadBeforeRestriction,
        format!("{seat} led before declarer ({declarer}) chose whether to restrict the lead (Law 26B, after Law {law}): the Director rules"),
        Some("lead before declarer's Law 26B choice"),
    );
    Ok(())
}

/// An L26B infraction by `seat` recorded with the Director (told to everyone, `code` and
/// `message`), who is summoned with `summons` as the reason unless it is `None` (already
/// summoned).
fn infraction(cx: &mut Ctx<'_>, seat: Seat, code: Code, message: String, summons: Option<&'static str>) {
    cx.warn(
        Warning::new(code, Severity::Infraction, Audience::EVERYONE, message)
            .citing(Law::L26B)
            .concerning(seat),
    );
    if let Some(reason) = summons {
        summon(cx, Actor::Seat(seat), Some(reason), Law::L26B);
    }
}

/// What the opening lead, checked face down, means for declarer's L26B choice: what
/// [`announce_faced_lead`] tells the table when the card is faced (its law and the choice).
pub fn faced_lead_news(st: &crate::state::State, leader: Seat) -> Option<(Law, LeadChoice)> {
    let r = opening_lead_restriction(st)?;
    choice_for(st, leader).filter(|c| c.suit.is_some()).map(|c| (r.law, c))
}

/// L41C, L26B: the opening lead faced. What it meant for declarer's choice — that the
/// leader is void in the required suit, or led a prohibited one — was told at the lead to
/// him and the Director alone (the card was face down, [`Ctx::privately`]); the card now
/// shows it to everyone, so the other seats (and spectators) are told it too: the same
/// warning, without a second summons (the Director was summoned at the lead).
pub fn announce_faced_lead(cx: &mut Ctx<'_>, leader: Seat, card: Card, (law, choice): (Law, LeadChoice)) {
    let others = Audience::seats(Seat::ALL.into_iter().filter(|s| *s != leader)).with_spectators_if(true);
    // Never refused: the lead stands (`rectify`, as when the choice followed the lead).
    let _ = cx.told_to(others, |cx| {
        check_choice(cx, leader, card, choice, law, Enforce::Announce)
    });
}

/// A lead by `seat` of `card` against declarer's choice: a prohibited suit is refused
/// or recorded with the Director (`enforce`) — unless the deal shows he holds nothing else;
/// another suit than the required one is the leader's statement that he is void in it (L26B
/// lets him lead any card then), or, when the deal gives his hand, refused or recorded if he
/// holds the required suit (and nothing to state if he does not).
pub fn check_choice(
    cx: &mut Ctx<'_>,
    seat: Seat,
    card: Card,
    choice: LeadChoice,
    law: Law,
    enforce: Enforce,
) -> Result<(), Refusal> {
    let Some(suit) = choice.suit else { return Ok(()) };
    let same = suit.suit() == Some(card.suit);
    // The hand's cards before this one, when the deal gives them all.
    let held = whole_held(cx.board.deal.as_ref(), cx.st, seat).map(|h| h.with(card));
    let in_suit = |h: CardSet| suit.suit().map_or(CardSet::EMPTY, |s| h.of_suit(s));
    if choice.require {
        if let (false, Some(h)) = (same, held) {
            if !in_suit(h).is_empty() {
                required_not_led(cx, seat, card, suit, law, enforce)?;
            }
            return Ok(());
        }
        if !same {
            cx.warn(
                Warning::new(
                    Code::RequiredSuitVoid,
                    Severity::Info,
                    Audience::EVERYONE,
                    format!(
                        "{seat} led {card}, not a {} as declarer required: he has none (Law 26B, after Law {law})",
                        suit.as_str()
                    ),
                )
                .citing(Law::L26B)
                .concerning(seat),
            );
        }
        return Ok(());
    }
    // L26B: a leader holding nothing but the prohibited suit leads it.
    let nothing_else = held.is_some_and(|h| in_suit(h) == h);
    if same && !nothing_else {
        prohibited_lead(cx, seat, card, suit, law, enforce)?;
    }
    Ok(())
}

/// A lead of another suit than the one declarer required, by a leader the deal shows holds
/// it: refused (`LEAD_REQUIRED`), or recorded with the Director (`IRREG_REQUIRED_SUIT_NOT_LED`).
fn required_not_led(
    cx: &mut Ctx<'_>,
    seat: Seat,
    card: Card,
    suit: Strain,
    law: Law,
    enforce: Enforce,
) -> Result<(), Refusal> {
    if enforce == Enforce::Prevent {
        return refuse_citing(
            Law::L26B,
            Code::LeadRequired,
            format!(
                "declarer required the lead of {} and {seat} holds one (Law 26B, after Law {law})",
                suit.as_str()
            ),
        );
    }
    infraction(
        cx,
        seat,
        Code::IrregRequiredSuitNotLed,
        format!(
            "{seat} led {card} holding a {} when declarer required its lead (Law 26B, after Law {law}): the Director rules",
            suit.as_str()
        ),
        (enforce == Enforce::Rectify).then_some("required suit not led"),
    );
    Ok(())
}

/// A lead of the suit declarer prohibited: refused, or recorded with the Director.
fn prohibited_lead(
    cx: &mut Ctx<'_>,
    seat: Seat,
    card: Card,
    suit: Strain,
    law: Law,
    enforce: Enforce,
) -> Result<(), Refusal> {
    if enforce == Enforce::Prevent {
        return refuse_citing(
            Law::L26B,
            Code::LeadProhibited,
            format!(
                "declarer prohibited the lead of {} (Law 26B, after Law {law})",
                suit.as_str()
            ),
        );
    }
    infraction(
        cx,
        seat,
        Code::IrregProhibitedLead,
        format!(
            "{seat} led {card}, of the suit declarer prohibited under Law 26B (after Law {law}): the Director rules"
        ),
        (enforce == Enforce::Rectify).then_some("prohibited lead"),
    );
    Ok(())
}

/// L26B in play: a lead by the player a restriction binds — his first lead waits for
/// declarer's choice (the opening leader's partner, when the opening leader offended), a
/// prohibition binds his leads while he keeps the lead, a requirement his first lead — and a
/// card of a required suit after he led another one shows he was not void: that first lead
/// was the irregularity (a revoke, L61A), this card only discovers it (recorded, the
/// Director rules; the card itself is legal, L44, and `legal_leads` lists its suit).
pub fn check_play_restriction(cx: &mut Ctx<'_>, seat: Seat, card: Card) -> Result<(), Refusal> {
    let law = restriction_binding(cx.st, seat).map(|r| r.law).unwrap_or_default();
    let rectify = cx.reg.rectifies();
    let leading = cx.st.play().cards().is_some_and(|p| p.current.is_empty());
    if leading {
        match lead_rule(cx.st, seat) {
            LeadRule::Free => {}
            LeadRule::Due => lead_before_choice(cx, seat, law, rectify)?,
            LeadRule::Prohibit(s) | LeadRule::Require(s) => {
                if let Some(choice) = choice_for(cx.st, seat).filter(|c| c.suit == Some(s)) {
                    check_choice(cx, seat, card, choice, law, Enforce::of(rectify))?;
                }
            }
        }
    }
    let Some(LeadChoice {
        suit: Some(suit),
        require: true,
        leader,
        ..
    }) = cx.st.lead().choice()
    else {
        return Ok(());
    };
    let Some(p) = cx.st.play().cards() else { return Ok(()) };
    let in_suit = |c: &Card| suit.suit() == Some(c.suit);
    let shown_before = p.played().any(|(s, c)| *s == leader && in_suit(c));
    let first = first_lead_trick(p, leader).and_then(|f| {
        p.tricks
            .get(f)
            .map_or_else(|| p.current.first(), |t| t.cards.first())
            .map(|(_, c)| *c)
    });
    // At a table given the leader's hand, his first lead was judged when he made it.
    let judged = cx.board.deal.as_ref().is_some_and(|d| d.is_whole(leader));
    if seat == leader && in_suit(&card) && !shown_before && first.is_some_and(|c| !in_suit(&c)) && !judged {
        infraction(
            cx,
            seat,
            Code::IrregRequiredSuitNotLed,
            format!(
                "{seat} played {card}: he held a {} when declarer required its lead (Law 26B, after Law {law}), so his first lead failed to comply — a revoke (Law 61A), not this card: the Director rules",
                suit.as_str()
            ),
            Some("required suit not led"),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::call::Suit;
    use crate::event::EventKind;
    use crate::procedure::test_support::{lead_restricted as restricted, run};

    fn card(text: &str) -> Card {
        text.parse().expect("card")
    }

    #[test]
    fn l26b_under_rectify_a_lead_before_declarers_choice_is_recorded_and_the_director_summoned() {
        let t = restricted(r#""face_to_face""#, &[]);
        let r = run(&t, |cx| check_lead_restriction(cx, Seat::E, card("HA"), false));
        assert!(r.out.is_ok());
        assert!(r
            .warnings
            .iter()
            .any(|w| w.code == Code::IrregLeadBeforeRestriction && w.law == Law::L26B));
        assert!(r
            .events
            .iter()
            .any(|e| matches!(e, EventKind::DirectorSummoned { law: Law::L26B, .. })));
    }

    #[test]
    fn l26b_a_face_down_lead_of_the_prohibited_suit_is_told_to_its_leader_alone() {
        let t = restricted(
            r#""face_to_face""#,
            &[Action::restrict_lead(Seat::N, Some(Suit::Clubs), false)],
        );
        let r = run(&t, |cx| check_lead_restriction(cx, Seat::E, card("C2"), true));
        assert!(r.out.is_ok());
        let w = r
            .warnings
            .iter()
            .find(|w| w.code == Code::IrregProhibitedLead)
            .expect("recorded");
        assert!(w.audience.has_seat(Seat::E));
        assert!(![Seat::N, Seat::S, Seat::W].into_iter().any(|s| w.audience.has_seat(s)));
        // Another suit breaks nothing.
        let r = run(&t, |cx| check_lead_restriction(cx, Seat::E, card("H2"), true));
        assert!(r.warnings.is_empty());
    }

    #[test]
    fn l26b_a_lead_outside_the_required_suit_states_that_the_leader_has_none() {
        let t = restricted(
            r#"{"preset":"face_to_face","lead_restriction":"require_or_prohibit"}"#,
            &[Action::restrict_lead(Seat::N, Some(Suit::Diamonds), true)],
        );
        let r = run(&t, |cx| check_lead_restriction(cx, Seat::E, card("C2"), false));
        assert!(r.out.is_ok());
        assert!(r.warnings.iter().any(|w| w.code == Code::RequiredSuitVoid));
        let r = run(&t, |cx| check_lead_restriction(cx, Seat::E, card("D2"), false));
        assert!(!r.warnings.iter().any(|w| w.code == Code::RequiredSuitVoid));
    }
}
