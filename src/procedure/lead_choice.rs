//! Law 26B: declarer's choice (`restrict_lead`) of the suit whose lead he prohibits or
//! requires, at the offender's partner's first turn to lead.

use crate::audience::Audience;
use crate::call::{Seat, Strain};
use crate::event::EventKind;
use crate::law::Law;
use crate::procedure::card_turn::no_undo_pending;
use crate::procedure::ctx::Ctx;
use crate::procedure::lead_checks::{check_choice, Enforce};
use crate::procedure::lead_restriction::{choice_leader, later_lead_restriction, open_restriction, restrictable_suits};
use crate::regulation::LeadRestriction as RegLeadRestriction;
use crate::report::{refuse, Code, Refusal};
use crate::state::{LeadChoice, Phase};

/// The `restrict_lead` action: declarer's Law 26B choice at the offender's partner's first
/// turn to lead — the opening lead (clarification period), or in play the opening leader's
/// partner's first lead when the opening leader was the offender. He may prohibit the lead
/// of any one suit the offender did not specify in the legal auction (or require it, under
/// `lead_restriction: require_or_prohibit`), or name none.
///
/// # Errors
/// `WRONG_PERIOD` outside the clarification period, or in play when no choice is due;
/// `UNDO_PENDING` while a Law 25A request is pending (L25A5); `NOT_ENTITLED` for anyone but declarer; `NO_LEAD_RESTRICTION`;
/// `LEAD_ALREADY_RESTRICTED`; `SUIT_NOT_RESTRICTABLE`; `REQUIRE_NOT_ALLOWED`.
pub fn restrict_lead(cx: &mut Ctx<'_>, seat: Seat, suit: Option<Strain>, require: bool) -> Result<(), Refusal> {
    let cite = |r: Refusal| r.citing(Law::L26B);
    let leader = match choice_leader(cx.st) {
        Ok(leader) => leader,
        Err(code) if cx.st.phase() == Phase::Play => {
            return refuse(
                code,
                "declarer chooses at the offender's partner's first turn to lead: the opening lead, or his first lead in play",
            )
            .map_err(cite)
        }
        Err(code) => {
            return refuse(
                code,
                "declarer chooses when the opening lead is due: after the final pass, before the lead is faced",
            )
            .map_err(cite)
        }
    };
    // L25A5: a pending request to replace the final pass may reopen the auction, and with
    // it the contract, declarer and the restriction: the choice waits, as the lead does.
    no_undo_pending(cx.st)?;
    if let Some(declarer) = cx.st.play().declarer().filter(|d| *d != seat) {
        return refuse(
            Code::NotEntitled,
            format!("only declarer ({declarer}) may restrict the lead"),
        )
        .map_err(cite);
    }
    let r = match open_restriction(cx.st, leader) {
        Ok(r) => r,
        Err(Code::LeadAlreadyRestricted) => {
            return refuse(Code::LeadAlreadyRestricted, "declarer has made his Law 26B choice").map_err(cite)
        }
        Err(code) => {
            let later = later_lead_restriction(cx.st)
                .map(|r| {
                    format!(
                        "; the one from {}'s irregularity applies at {}'s first turn to lead in play",
                        r.offender,
                        r.offender.partner()
                    )
                })
                .unwrap_or_default();
            return refuse(code, format!("no Law 26B restriction concerns the opening lead{later}")).map_err(cite);
        }
    };
    let law = r.law;
    let restrictable = restrictable_suits(r);
    if let Some(s) = suit.filter(|s| !restrictable.contains(s)) {
        return refuse(
            Code::SuitNotRestrictable,
            format!(
                "{} was specified by {} in the legal auction: declarer may name only {}",
                s.as_str(),
                r.offender,
                Strain::list(&restrictable)
            ),
        )
        .map_err(cite);
    }
    if require && cx.reg.lead_restriction == RegLeadRestriction::Prohibit {
        return refuse(
            Code::RequireNotAllowed,
            "under this regulation declarer may only prohibit the lead of a suit (Law 26B)",
        )
        .map_err(cite);
    }
    let choice = LeadChoice {
        declarer: seat,
        leader,
        suit,
        require,
    };
    cx.st.lead_mut().choose(choice);
    cx.event(
        EventKind::LeadRestricted {
            declarer: seat,
            leader,
            suit,
            require,
        },
        Audience::EVERYONE,
    );
    // A lead made face down before the choice (recorded under `rectify`) is checked now;
    // never refused, and told to the leader alone (and the Director): the check names a card
    // declarer and the others have not seen (L41A, SPEC §6).
    if cx.st.phase() == Phase::Clarification {
        if let Some(card) = cx.st.play().opening_lead() {
            cx.privately(leader, |cx| {
                check_choice(cx, leader, card, choice, law, Enforce::Rectify)
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::procedure::test_support::{calls_from, lead_restricted, played_under, run};
    use crate::table::Table;

    fn chooses(regulation: &str, seat: Seat, suit: Option<Strain>, require: bool) -> Result<(), Code> {
        let t = lead_restricted(regulation, &[]);
        run(&t, |cx| restrict_lead(cx, seat, suit, require))
            .out
            .map_err(|e| e.code)
    }

    #[test]
    fn l26b_only_declarer_chooses_and_only_a_suit_the_offender_did_not_specify() {
        let f2f = r#""face_to_face""#;
        assert_eq!(chooses(f2f, Seat::N, Some(Strain::Spades), false), Ok(()));
        assert_eq!(
            chooses(f2f, Seat::S, Some(Strain::Spades), false),
            Err(Code::NotEntitled)
        );
        // West bid hearts in the legal auction.
        assert_eq!(
            chooses(f2f, Seat::N, Some(Strain::Hearts), false),
            Err(Code::SuitNotRestrictable)
        );
        assert_eq!(
            chooses(f2f, Seat::N, Some(Strain::NoTrump), false),
            Err(Code::SuitNotRestrictable)
        );
    }

    /// The refusal's English text, for `seat` naming `suit` at `t`.
    fn refusal(t: &Table, seat: Seat, suit: Option<Strain>) -> String {
        let out = run(t, |cx| restrict_lead(cx, seat, suit, false)).out;
        out.expect_err("refused").message.into_owned()
    }

    #[test]
    fn l26b_a_refusal_names_the_declarer_the_offender_and_the_suits_declarer_may_name() {
        let t = lead_restricted(r#""face_to_face""#, &[]);
        assert_eq!(refusal(&t, Seat::S, None), "only declarer (N) may restrict the lead");
        assert_eq!(
            refusal(&t, Seat::N, Some(Strain::Hearts)),
            "H was specified by W in the legal auction: declarer may name only C, D, S"
        );
    }

    #[test]
    fn l26b_a_refusal_on_the_opening_lead_names_the_restriction_that_binds_a_later_lead() {
        // East, the opening leader, bid 1H over 1S and then passed: the restriction binds
        // West's first lead in play.
        let mut actions = calls_from(Seat::N, &["1S", "1H"]);
        actions.push(Action::decline(Seat::S));
        actions.extend(calls_from(Seat::E, &["P", "P", "P"]));
        let t = played_under(r#""face_to_face""#, Seat::N, &actions);
        assert_eq!(
            refusal(&t, Seat::N, Some(Strain::Hearts)),
            "no Law 26B restriction concerns the opening lead; the one from E's irregularity applies at W's first turn to lead in play"
        );
        let plain = played_under(
            r#""face_to_face""#,
            Seat::N,
            &calls_from(Seat::N, &["1S", "P", "P", "P"]),
        );
        assert_eq!(
            refusal(&plain, Seat::N, None),
            "no Law 26B restriction concerns the opening lead"
        );
    }

    #[test]
    fn l26b_declarer_requires_a_suit_only_where_the_regulation_allows_it() {
        let suit = Some(Strain::Clubs);
        assert_eq!(
            chooses(r#""face_to_face""#, Seat::N, suit, true),
            Err(Code::RequireNotAllowed)
        );
        let both = r#"{"preset":"face_to_face","lead_restriction":"require_or_prohibit"}"#;
        assert_eq!(chooses(both, Seat::N, suit, true), Ok(()));
    }

    #[test]
    fn l26b_declarer_chooses_once() {
        let t = lead_restricted(r#""face_to_face""#, &[]);
        let r = run(&t, |cx| {
            restrict_lead(cx, Seat::N, None, false).expect("no restriction");
            restrict_lead(cx, Seat::N, Some(Strain::Clubs), false).map_err(|e| e.code)
        });
        assert_eq!(r.out, Err(Code::LeadAlreadyRestricted));
        assert!(r.events.iter().any(|e| matches!(
            e,
            EventKind::LeadRestricted {
                declarer: Seat::N,
                leader: Seat::E,
                suit: None,
                require: false
            }
        )));
    }
}
