//! Law 26B on the opening lead and after, as questions about the state: which restriction
//! binds whom, the suits declarer may name, his choice, and the suits a player may lead now.
//! Declarer's choice is `lead_choice`; the leads and plays that break it, `lead_checks`.

use crate::auction::Contract;
use crate::call::{Seat, Strain};

use crate::deal::{CardSet, Deal};
use crate::play::PlayState;
use crate::procedure::{card_turn, hands};
use crate::procedure::ctx::Ctx;
use crate::report::{Code, Refusal};
use crate::state::{LeadChoice, LeadRestrictionRecord, Phase, State};

/// The contract, or `WRONG_PERIOD` before the auction has ended.
///
/// # Errors
/// `WRONG_PERIOD` without a contract.
pub fn contract_of(cx: &Ctx<'_>) -> Result<Contract, Refusal> {
    card_turn::contract(cx.st)
}

/// L26B: the restriction that binds `leader`'s leads: one whose offender became a defender
/// and is `leader`'s partner, with at least one suit declarer may name. It applies "at the
/// offender's partner's first turn to lead": the opening lead when `leader` is the opening
/// leader, else his first lead in play.
pub fn restriction_binding(st: &State, leader: Seat) -> Option<&LeadRestrictionRecord> {
    st.lead()
        .restrictions()
        .iter()
        .filter(|r| r.offender == leader.partner() && st.play().is_defender(r.offender))
        .find(|r| !restrictable_suits(r).is_empty())
}

/// L26B: the lead restriction that applies to the opening lead (its offender is the opening
/// leader's partner).
pub fn opening_lead_restriction(st: &State) -> Option<&LeadRestrictionRecord> {
    restriction_binding(st, st.play().contract()?.leader())
}

/// L26B: the restriction whose offender is the opening leader himself: it binds his
/// partner's first lead in play (when that partner first wins a trick).
pub fn later_lead_restriction(st: &State) -> Option<&LeadRestrictionRecord> {
    restriction_binding(st, st.play().contract()?.leader().partner())
}

/// The restriction the views show (with the player it binds, `offender.partner()`): the one
/// on the opening lead while the opening leader has not lost the lead, then the one on his
/// partner's first lead in play, if any.
pub fn shown_restriction(st: &State) -> Option<&LeadRestrictionRecord> {
    let opening_over = st.phase() == Phase::Play
        && st
            .play()
            .cards()
            .is_some_and(|p| p.tricks.iter().any(|t| t.winner != p.leader));
    match (opening_lead_restriction(st), later_lead_restriction(st)) {
        (Some(o), None) => Some(o),
        (Some(o), Some(l)) => Some(if opening_over { l } else { o }),
        (None, l) => l,
    }
}

/// L26B: the suits declarer may name: those the offender did not specify in the legal
/// auction (recorded at the end of the auction).
pub fn restrictable_suits(r: &LeadRestrictionRecord) -> Vec<Strain> {
    Strain::ALL
        .into_iter()
        .filter(|s| s.suit().is_some() && !r.specified.contains(s))
        .collect()
}

/// Declarer's L26B choice for `leader`'s leads, once made.
pub fn choice_for(st: &State, leader: Seat) -> Option<LeadChoice> {
    st.lead().choice().filter(|c| c.leader == leader)
}

fn suits() -> impl Iterator<Item = Strain> {
    Strain::ALL.into_iter().filter(|s| s.suit().is_some())
}

/// The number of the trick (0-based) to which `seat` leads first: trick 0 is the opening
/// leader's, each later one the previous winner's; `None` while he has not been on lead.
pub fn first_lead_trick(p: &PlayState, seat: Seat) -> Option<usize> {
    (0..=p.tricks.len()).find(|i| {
        let leader = match i.checked_sub(1) {
            None => Some(p.leader),
            Some(k) => p.tricks.get(k).map(|t| t.winner),
        };
        leader == Some(seat)
    })
}

/// What L26B makes of a lead by `leader` now (he is on lead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeadRule {
    /// No restriction binds this lead.
    Free,
    /// His first turn to lead: declarer's choice comes first.
    Due,
    /// The suit may not be led (for as long as he keeps the lead).
    Prohibit(Strain),
    /// The suit must be led (his first lead only; a void leader leads any card).
    Require(Strain),
}

/// L26B for `leader`'s lead now: the choice is due at his first turn to lead; a prohibition
/// lasts "as long as he retains the lead", a requirement binds that first lead.
pub fn lead_rule(st: &State, leader: Seat) -> LeadRule {
    if restriction_binding(st, leader).is_none() {
        return LeadRule::Free;
    }
    let (first_now, keeps) = match (st.phase(), st.play().cards()) {
        (Phase::Clarification, _) => (true, true),
        (Phase::Play, Some(p)) => {
            let n = p.tricks.len();
            match first_lead_trick(p, leader) {
                Some(f) => (
                    f == n,
                    p.tricks.get(f..).is_some_and(|t| t.iter().all(|t| t.winner == leader)),
                ),
                None => (false, false),
            }
        }
        _ => (false, false),
    };
    if !keeps {
        return LeadRule::Free;
    }
    match choice_for(st, leader) {
        None if first_now => LeadRule::Due,
        None | Some(LeadChoice { suit: None, .. }) => LeadRule::Free,
        Some(LeadChoice {
            suit: Some(s),
            require: true,
            ..
        }) => {
            if first_now {
                LeadRule::Require(s)
            } else {
                LeadRule::Free
            }
        }
        Some(LeadChoice { suit: Some(s), .. }) => LeadRule::Prohibit(s),
    }
}

/// The suits whose lead is not itself an irregularity under `rule`, the hand on lead's
/// cards `held` when the deal gives them all. Without them, a requirement (L26B) leaves
/// every suit: a leader void in the required suit may lead any card, and whether he holds
/// one is his duty, as following suit is, and the view states the requirement
/// (`lead_restriction.required`); a lead of another suit is his statement that he is void
/// (`REQUIRED_SUIT_VOID`), and a later card of the suit discovers a revoke (L61A,
/// `IRREG_REQUIRED_SUIT_NOT_LED`). With them, the required suit alone when he holds it,
/// any suit when he does not; the prohibited suit is excluded unless he holds nothing else.
fn suits_under(rule: LeadRule, held: Option<CardSet>) -> Vec<Strain> {
    let mask = lead_suit_mask(rule, held);
    suits().filter(|s| s.suit().is_some_and(|x| mask & (1 << x as u8) != 0)).collect()
}

/// `suits_under` as bits (`1 << Suit as u8`): the one rule `legal_leads` and `lead_cards`
/// read.
fn lead_suit_mask(rule: LeadRule, held: Option<CardSet>) -> u8 {
    const ALL: u8 = 0b1111;
    let bit = |s: Strain| s.suit().map_or(0, |x| 1u8 << x as u8);
    let holds = |s: Strain| s.suit().is_some_and(|x| held.is_some_and(|h| !h.of_suit(x).is_empty()));
    match rule {
        LeadRule::Require(s) if holds(s) => bit(s),
        LeadRule::Free | LeadRule::Require(_) => ALL,
        LeadRule::Due => 0,
        // L26B: "for as long as he retains the lead" — a leader left with the prohibited
        // suit alone leads it.
        LeadRule::Prohibit(s) if held.is_some_and(|h| !h.is_empty() && !suits().any(|x| x != s && holds(x))) => bit(s),
        LeadRule::Prohibit(s) => ALL & !bit(s),
    }
}

/// The cards of `held` (the hand on lead's, `hand`) whose lead is not an irregularity: those
/// of the suits `legal_leads` lists (L26B).
pub fn lead_cards(st: &State, hand: Seat, held: CardSet) -> CardSet {
    let mask = lead_suit_mask(lead_rule(st, hand), Some(held));
    crate::call::Suit::HIGH_FIRST
        .into_iter()
        .filter(|s| mask & (1 << *s as u8) != 0)
        .fold(CardSet::EMPTY, |acc, s| acc.or(held.of_suit(s)))
}

/// The suits the opening leader may lead now without an irregularity (L26B): none while
/// declarer's choice is due; every suit but the prohibited one; every suit without a
/// restriction or under a requirement (`suits_under`).
#[cfg(test)]
pub fn allowed_lead_suits(st: &State) -> Vec<Strain> {
    match st.play().contract() {
        Some(c) => suits_under(lead_rule(st, c.leader()), None),
        None => suits().collect(),
    }
}

/// The suits `seat` may lead now without that lead being an irregularity, when his own
/// hand (or, for declarer, dummy's) is on lead by the rule `lead` and `play` apply
/// (`card_turn::may_lead`; none while a request to replace the final pass is pending,
/// L25A5): the opening lead (L26B, `allowed_lead_suits`) or a lead to a later trick (a
/// prohibition lasts while the player it binds keeps the lead; the opening leader's
/// partner's first lead waits for declarer's choice). Under a requirement every suit is
/// listed (`suits_under`): the lead of another is the leader's statement that he is void
/// (L26B), and a later card of the required suit is legal (L44) and only discovers that
/// the first lead failed to comply (L61A, recorded then). Empty when `seat` is not on lead.
#[cfg(test)]
pub fn legal_leads(st: &State, seat: Seat) -> Vec<Strain> {
    legal_leads_dealt(None, st, seat)
}

/// `legal_leads` at a table given `deal`: exact for a hand on lead whose cards it gives
/// (`suits_under`).
pub fn legal_leads_dealt(deal: Option<&Deal>, st: &State, seat: Seat) -> Vec<Strain> {
    // Whose lead it is, by the rule the `lead` and `play` actions apply.
    card_turn::may_lead(st, seat).map_or_else(
        |_| Vec::new(),
        |hand| suits_under(lead_rule(st, hand), hands::whole_held(deal, st, hand)),
    )
}

/// In play: the opening leader's partner, when he is on lead for the first time and a
/// restriction binds him (the opening leader was the offender).
pub fn later_choice_due(st: &State) -> Option<Seat> {
    let p = st.play().cards()?;
    let b = p.to_play()?;
    let first_now = p.current.is_empty() && first_lead_trick(p, b) == Some(p.tricks.len());
    (first_now && b != p.leader && restriction_binding(st, b).is_some()).then_some(b)
}

/// L26B: whose lead declarer's choice concerns now: the opening leader in the clarification
/// period; in play, the opening leader's partner at his first turn to lead
/// (`later_choice_due`).
///
/// # Errors
/// `WRONG_PERIOD` outside the clarification period, or in play when no choice is due.
#[inline(always)]
pub fn choice_leader(st: &State) -> Result<Seat, Code> {
    match (st.phase(), st.play().contract()) {
        (Phase::Clarification, Some(c)) => Ok(c.leader()),
        (Phase::Play, _) => later_choice_due(st).ok_or(Code::WrongPeriod),
        _ => Err(Code::WrongPeriod),
    }
}

/// L26B: the restriction that awaits declarer's choice for `leader`'s lead: one binds it
/// (`restriction_binding`) and declarer has not chosen yet.
///
/// # Errors
/// `NO_LEAD_RESTRICTION`; `LEAD_ALREADY_RESTRICTED`.
#[inline(always)]
pub fn open_restriction(st: &State, leader: Seat) -> Result<&LeadRestrictionRecord, Code> {
    let r = restriction_binding(st, leader).ok_or(Code::NoLeadRestriction)?;
    match choice_for(st, leader) {
        Some(_) => Err(Code::LeadAlreadyRestricted),
        None => Ok(r),
    }
}

/// L26B: declarer's choice is due now — `restrict_lead` applies these checks (and then
/// who acts and what he names): `choice_leader`, no Law 25A request pending (L25A5), then
/// `open_restriction`.
pub fn choice_due(st: &State) -> bool {
    choice_leader(st).is_ok_and(|l| card_turn::no_undo_pending(st).is_ok() && open_restriction(st, l).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::event::EventKind;
    use crate::law::Law;
    use crate::procedure::play::{lead, play};
    use crate::table::Table;

    /// Dealer N: 1C P 1D 1H 1S P 2S, West's insufficient 2H replaced by a pass (East barred
    /// throughout, L27B2), then passes: 2S by North, East leads, West is the offender.
    fn restricted(regulation: &str) -> Table {
        let mut t = Table::from_options_json(&format!(
            r#"{{"dealer":"N","vulnerability":"None","regulation":{regulation}}}"#
        ))
        .expect("options");
        let steps = [
            ("N", "call", "1C"),
            ("E", "call", "P"),
            ("S", "call", "1D"),
            ("W", "call", "1H"),
            ("N", "call", "1S"),
            ("E", "call", "P"),
            ("S", "call", "2S"),
            ("W", "call", "2H"),
            ("N", "decline", ""),
            ("W", "call", "P"),
            ("N", "call", "P"),
            ("E", "call", "P"),
            ("S", "call", "P"),
        ];
        for (seat, kind, call) in steps {
            let json = if kind == "call" {
                format!(r#"{{"seat":"{seat}","type":"call","call":"{call}"}}"#)
            } else {
                format!(r#"{{"seat":"{seat}","type":"{kind}"}}"#)
            };
            assert!(t.apply_json(&json).is_ok(), "{json}");
        }
        t
    }

    fn apply(t: &mut Table, json: &str) -> crate::event::Outcome {
        t.apply_json(json)
    }

    #[test]
    fn l26b_the_restriction_on_the_opening_lead_names_the_suits_declarer_may_prohibit() {
        let t = restricted(r#""face_to_face""#);
        let r = opening_lead_restriction(t.state()).expect("restriction");
        assert_eq!(r.offender, Seat::W);
        assert_eq!(restrictable_suits(r), [Strain::Clubs, Strain::Diamonds, Strain::Spades]);
        // The lead waits for declarer's choice.
        assert!(allowed_lead_suits(t.state()).is_empty());
    }

    #[test]
    fn l26b_declarers_choice_on_the_opening_lead_is_due_until_he_makes_it() {
        let mut t = restricted(r#""face_to_face""#);
        assert_eq!(choice_leader(t.state()), Ok(Seat::E));
        assert!(choice_due(t.state()));
        assert!(apply(&mut t, r#"{"seat":"N","type":"restrict_lead","suit":"C"}"#).is_ok());
        assert_eq!(
            open_restriction(t.state(), Seat::E).err(),
            Some(Code::LeadAlreadyRestricted)
        );
        assert!(!choice_due(t.state()));
    }

    /// Runs `f` on a copy of the table's state under `prevent`. (Under `prevent` no
    /// irregular call is accepted, so no restriction can arise at a real table: this checks
    /// the rule the engine would apply.)
    fn under_prevent<T>(t: &Table, f: impl FnOnce(&mut Ctx<'_>) -> T) -> T {
        let mut prevent = *t.regulation();
        prevent.irregularities = crate::regulation::Irregularities::Prevent;
        let mut st = t.state().clone();
        let (mut events, mut warnings) = (crate::feed::Feed::default(), Default::default());
        let mut cx = Ctx::new(t.board(), &prevent, &mut st, &mut events, &mut warnings);
        f(&mut cx)
    }

    fn card(text: &str) -> Card {
        text.parse().expect("card")
    }

    #[test]
    fn l26b_under_prevent_a_lead_of_the_prohibited_suit_is_refused_citing_26b() {
        let mut t = restricted(r#""face_to_face""#);
        assert!(apply(&mut t, r#"{"seat":"N","type":"restrict_lead","suit":"S"}"#).is_ok());
        assert!(!allowed_lead_suits(t.state()).contains(&Strain::Spades));
        let refused = under_prevent(&t, |cx| lead(cx, Seat::E, card("SA"))).expect_err("refused");
        assert_eq!((refused.code, refused.law.as_str()), (Code::LeadProhibited, "26B"));
        assert!(under_prevent(&t, |cx| lead(cx, Seat::E, card("HA"))).is_ok());
    }

    #[test]
    fn l26b_under_prevent_the_lead_waits_for_declarers_choice() {
        let t = restricted(r#""face_to_face""#);
        let refused = under_prevent(&t, |cx| lead(cx, Seat::E, card("HA"))).expect_err("refused");
        assert_eq!(
            (refused.code, refused.law.as_str()),
            (Code::LeadRestrictionPending, "26B")
        );
    }

    #[test]
    fn l26b_under_rectify_a_lead_of_the_prohibited_suit_is_recorded_and_the_director_summoned() {
        let mut t = restricted(r#""face_to_face""#);
        assert!(apply(&mut t, r#"{"seat":"N","type":"restrict_lead","suit":"C"}"#).is_ok());
        let o = apply(&mut t, r#"{"seat":"E","type":"lead","card":"C2"}"#);
        assert!(o
            .warnings()
            .iter()
            .any(|w| w.code == Code::IrregProhibitedLead && w.law == Law::L26B));
        assert!(o
            .events()
            .iter()
            .any(|e| matches!(e.kind, EventKind::DirectorSummoned { .. })));
    }

    #[test]
    fn l26b_the_prohibition_lasts_while_the_opening_leader_keeps_the_lead() {
        let mut t = restricted(r#""face_to_face""#);
        assert!(apply(&mut t, r#"{"seat":"N","type":"restrict_lead","suit":"S"}"#).is_ok());
        // Contract 2S by North: East leads the DA and wins the trick.
        for json in [
            r#"{"seat":"E","type":"play","card":"DA"}"#,
            r#"{"seat":"N","type":"play","card":"D2","from":"dummy"}"#,
            r#"{"seat":"W","type":"play","card":"D3"}"#,
            r#"{"seat":"N","type":"play","card":"D4"}"#,
        ] {
            let o = apply(&mut t, json);
            assert!(o.is_ok(), "{json}: {:?}", o.rejection());
        }
        assert_eq!(
            legal_leads(t.state(), Seat::E),
            [Strain::Clubs, Strain::Diamonds, Strain::Hearts]
        );
        let refused = under_prevent(&t, |cx| play(cx, Seat::E, card("SA"), false)).expect_err("refused");
        assert_eq!(refused.code, Code::LeadProhibited);
        let o = apply(&mut t, r#"{"seat":"E","type":"play","card":"SA"}"#);
        assert!(o.warnings().iter().any(|w| w.code == Code::IrregProhibitedLead));
    }

    #[test]
    fn l26b_the_prohibition_ends_when_the_opening_leader_loses_the_lead() {
        let mut t = restricted(r#""face_to_face""#);
        assert!(apply(&mut t, r#"{"seat":"N","type":"restrict_lead","suit":"S"}"#).is_ok());
        for json in [
            r#"{"seat":"E","type":"play","card":"D2"}"#,
            r#"{"seat":"N","type":"play","card":"DA","from":"dummy"}"#,
            r#"{"seat":"W","type":"play","card":"D3"}"#,
            r#"{"seat":"N","type":"play","card":"D4"}"#,
        ] {
            assert!(apply(&mut t, json).is_ok(), "{json}");
        }
        // South (dummy) won: North leads from dummy, unrestricted; later East may lead spades.
        assert_eq!(legal_leads(t.state(), Seat::N).len(), 4);
        assert!(legal_leads(t.state(), Seat::E).is_empty());
    }
}
