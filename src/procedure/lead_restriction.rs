//! Law 26B on the opening lead and after: declarer's choice (`restrict_lead`), which leads
//! it prohibits or requires, and the leads and plays that break it.

use crate::action::StrainName;
use crate::auction::Contract;
use crate::audience::Audience;
use crate::call::{Seat, Strain};
use crate::card::Card;
use crate::event::EventKind;
use crate::law::Law;
use crate::play::PlayState;
use crate::procedure::ctx::Ctx;
use crate::procedure::steps::summon;
use crate::regulation::LeadRestriction as RegLeadRestriction;
use crate::report::{refuse, Code, Refusal, Severity, Warning};
use crate::state::{LeadChoice, LeadRestrictionRecord, Phase, State};

/// The contract, or `WRONG_PERIOD` before the auction has ended.
pub fn contract_of(cx: &Ctx<'_>) -> Result<Contract, Refusal> {
    cx.st
        .contract()
        .ok_or_else(|| Refusal::new(Code::WRONG_PERIOD, "there is no contract"))
}

/// A pending L25A request to replace the final pass keeps the auction period open: the
/// opening lead waits (a reopened auction would take it back), and so do the hands of a
/// passed-out board.
pub fn undo_pending(cx: &Ctx<'_>) -> Result<(), Refusal> {
    if cx.st.undo_request().is_some() {
        return refuse(
            Code::UNDO_PENDING,
            "a request to replace a call is pending: the auction may reopen (Law 25A5)",
        )
        .map_err(|r: Refusal| r.citing(Law::L25A5));
    }
    Ok(())
}

/// L26B: the restriction that binds `leader`'s leads: one whose offender became a defender
/// and is `leader`'s partner, with at least one suit declarer may name. It applies "at the
/// offender's partner's first turn to lead": the opening lead when `leader` is the opening
/// leader, else his first lead in play.
pub fn restriction_binding(st: &State, leader: Seat) -> Option<&LeadRestrictionRecord> {
    st.lead_restrictions()
        .iter()
        .filter(|r| r.offender == leader.partner() && st.is_defender(r.offender))
        .find(|r| !restrictable_suits(r).is_empty())
}

/// L26B: the lead restriction that applies to the opening lead (its offender is the opening
/// leader's partner).
pub fn opening_lead_restriction(st: &State) -> Option<&LeadRestrictionRecord> {
    restriction_binding(st, st.contract()?.leader())
}

/// L26B: the restriction whose offender is the opening leader himself: it binds his
/// partner's first lead in play (when that partner first wins a trick).
pub fn later_lead_restriction(st: &State) -> Option<&LeadRestrictionRecord> {
    restriction_binding(st, st.contract()?.leader().partner())
}

/// The restriction the views show (with the player it binds, `offender.partner()`): the one
/// on the opening lead while the opening leader has not lost the lead, then the one on his
/// partner's first lead in play, if any.
pub fn shown_restriction(st: &State) -> Option<&LeadRestrictionRecord> {
    let opening_over =
        st.phase() == Phase::Play && st.play().is_some_and(|p| p.tricks.iter().any(|t| t.winner != p.leader));
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
    st.lead_choice().filter(|c| c.leader == leader)
}

/// Declarer's L26B choice for the opening lead, when a restriction concerns it and he has
/// made one.
pub fn lead_choice(st: &State) -> Option<LeadChoice> {
    let leader = st.contract()?.leader();
    opening_lead_restriction(st)?;
    choice_for(st, leader)
}

fn suits() -> impl Iterator<Item = Strain> {
    Strain::ALL.into_iter().filter(|s| s.suit().is_some())
}

/// The number of the trick (0-based) to which `seat` leads first: trick 0 is the opening
/// leader's, each later one the previous winner's; `None` while he has not been on lead.
fn first_lead_trick(p: &PlayState, seat: Seat) -> Option<usize> {
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
enum LeadRule {
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
fn lead_rule(st: &State, leader: Seat) -> LeadRule {
    if restriction_binding(st, leader).is_none() {
        return LeadRule::Free;
    }
    let (first_now, keeps) = match (st.phase(), st.play()) {
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

fn suits_under(rule: LeadRule) -> Vec<Strain> {
    match rule {
        LeadRule::Free => suits().collect(),
        LeadRule::Due => Vec::new(),
        LeadRule::Require(s) => vec![s],
        LeadRule::Prohibit(s) => suits().filter(|x| *x != s).collect(),
    }
}

/// The suits the opening leader may lead now without an irregularity (L26B): none while
/// declarer's choice is due; the required suit (a void leader may lead any suit, which the
/// engine cannot see); every suit but the prohibited one; every suit without a restriction.
pub fn allowed_lead_suits(st: &State) -> Vec<Strain> {
    match st.contract() {
        Some(c) => suits_under(lead_rule(st, c.leader())),
        None => suits().collect(),
    }
}

/// The suits `seat` may lead now without an irregularity, when his own hand (or, for
/// declarer, dummy's) is on lead: the opening lead (L26B, `allowed_lead_suits`) or a lead
/// to a later trick (a prohibition lasts while the player it binds keeps the lead; the
/// opening leader's partner's first lead waits for declarer's choice). Empty when `seat` is
/// not on lead.
pub fn legal_leads(st: &State, seat: Seat) -> Vec<Strain> {
    let contract = st.contract();
    match st.phase() {
        Phase::Clarification => {
            let led = st.play().is_some_and(|p| p.lead.is_some());
            if !led && contract.map(|c| c.leader()) == Some(seat) {
                allowed_lead_suits(st)
            } else {
                Vec::new()
            }
        }
        Phase::Play => {
            let Some(p) = st.play() else { return Vec::new() };
            if !p.current.is_empty() || p.turn_to_act(contract) != Some(seat) {
                return Vec::new();
            }
            match p.to_play() {
                Some(hand) => suits_under(lead_rule(st, hand)),
                None => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}

/// The `restrict_lead` action: declarer's Law 26B choice at the offender's partner's first
/// turn to lead — the opening lead (clarification period), or in play the opening leader's
/// partner's first lead when the opening leader was the offender. He may prohibit the lead
/// of any one suit the offender did not specify in the legal auction (or require it, under
/// `lead_restriction: require_or_prohibit`), or name none.
///
/// # Errors
/// `WRONG_PERIOD` outside the clarification period, or in play when no choice is due;
/// `NOT_ENTITLED` for anyone but declarer; `NO_LEAD_RESTRICTION`;
/// `LEAD_ALREADY_RESTRICTED`; `SUIT_NOT_RESTRICTABLE`; `REQUIRE_NOT_ALLOWED`.
pub fn restrict_lead(cx: &mut Ctx<'_>, seat: Seat, suit: Option<Strain>, require: bool) -> Result<(), Refusal> {
    let cite = |r: Refusal| r.citing(Law::L26B);
    let leader = match cx.st.phase() {
        Phase::Clarification => contract_of(cx)?.leader(),
        Phase::Play => match later_choice_due(cx.st) {
            Some(b) => b,
            None => {
                return refuse(
                    Code::WRONG_PERIOD,
                    "declarer chooses at the offender's partner's first turn to lead: the opening lead, or his first lead in play",
                )
                .map_err(cite)
            }
        },
        _ => {
            return refuse(
                Code::WRONG_PERIOD,
                "declarer chooses when the opening lead is due: after the final pass, before the lead is faced",
            )
            .map_err(cite)
        }
    };
    let contract = contract_of(cx)?;
    if seat != contract.declarer {
        return refuse(
            Code::NOT_ENTITLED,
            format!("only declarer ({}) may restrict the lead", contract.declarer),
        )
        .map_err(cite);
    }
    let Some(r) = restriction_binding(cx.st, leader) else {
        let later = later_lead_restriction(cx.st)
            .map(|r| {
                format!(
                    "; the one from {}'s irregularity applies at {}'s first turn to lead in play",
                    r.offender,
                    r.offender.partner()
                )
            })
            .unwrap_or_default();
        return refuse(
            Code::NO_LEAD_RESTRICTION,
            format!("no Law 26B restriction concerns the opening lead{later}"),
        )
        .map_err(cite);
    };
    let law = r.law;
    let restrictable = restrictable_suits(r);
    if choice_for(cx.st, leader).is_some() {
        return refuse(Code::LEAD_ALREADY_RESTRICTED, "declarer has made his Law 26B choice").map_err(cite);
    }
    if let Some(s) = suit.filter(|s| !restrictable.contains(s)) {
        return refuse(
            Code::SUIT_NOT_RESTRICTABLE,
            format!(
                "{} was specified by {} in the legal auction: declarer may name only {}",
                s.as_str(),
                r.offender,
                restrictable.iter().map(|x| x.as_str()).collect::<Vec<_>>().join(", ")
            ),
        )
        .map_err(cite);
    }
    if require && cx.reg.lead_restriction == RegLeadRestriction::Prohibit {
        return refuse(
            Code::REQUIRE_NOT_ALLOWED,
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
    cx.st.choose_lead(choice);
    cx.event(
        EventKind::LeadRestricted {
            declarer: seat,
            leader,
            suit: suit.map(StrainName),
            require,
        },
        Audience::EVERYONE,
    );
    // A lead made face down before the choice (recorded under `rectify`) is checked now;
    // never refused, which would reveal the hidden card.
    if cx.st.phase() == Phase::Clarification {
        if let Some(card) = cx.st.play().and_then(|p| p.lead) {
            check_choice(cx, leader, card, choice, law, true)?;
        }
    }
    Ok(())
}

/// In play: the opening leader's partner, when he is on lead for the first time and a
/// restriction binds him (the opening leader was the offender).
fn later_choice_due(st: &State) -> Option<Seat> {
    let p = st.play()?;
    let b = p.to_play()?;
    let first_now = p.current.is_empty() && first_lead_trick(p, b) == Some(p.tricks.len());
    (first_now && b != p.leader && restriction_binding(st, b).is_some()).then_some(b)
}

/// L26B on the opening lead: it waits for declarer's choice (refused under `prevent`,
/// recorded with the Director under `rectify`); then it must respect it.
pub fn check_lead_restriction(cx: &mut Ctx<'_>, seat: Seat, card: Card) -> Result<(), Refusal> {
    let Some(r) = opening_lead_restriction(cx.st) else {
        return Ok(());
    };
    let law = r.law;
    let rectify = cx.reg.rectifies();
    let Some(choice) = choice_for(cx.st, seat) else {
        return lead_before_choice(cx, seat, law, rectify);
    };
    check_choice(cx, seat, card, choice, law, rectify)
}

/// A lead while declarer's L26B choice is due: refused under `prevent` (wait), recorded
/// with the Director under `rectify`.
fn lead_before_choice(cx: &mut Ctx<'_>, seat: Seat, law: Law, rectify: bool) -> Result<(), Refusal> {
    let declarer = cx.st.declarer().map_or_else(String::new, |d| d.to_string());
    if !rectify {
        return refuse(
            Code::LEAD_RESTRICTION_PENDING,
            format!(
                "wait: declarer ({declarer}) first chooses whether to restrict the lead (Law 26B, after Law {law})"
            ),
        )
        .map_err(|r: Refusal| r.citing(Law::L26B));
    }
    cx.warn(
        Warning::new(
            Code::IRREG_LEAD_BEFORE_RESTRICTION,
            Severity::Infraction,
            Audience::EVERYONE,
            format!("{seat} led before declarer ({declarer}) chose whether to restrict the lead (Law 26B, after Law {law}): the Director rules"),
        )
        .citing(Law::L26B)
        .concerning(seat),
    );
    summon(
        cx,
        &seat.to_string(),
        Some("lead before declarer's Law 26B choice"),
        Law::L26B,
    );
    Ok(())
}

/// A lead by `seat` of `card` against declarer's choice: a prohibited suit is refused
/// (`rectify` false) or recorded with the Director; another suit than the required one is
/// the leader's statement that he is void in it (L26B lets him lead any card then).
fn check_choice(
    cx: &mut Ctx<'_>,
    seat: Seat,
    card: Card,
    choice: LeadChoice,
    law: Law,
    rectify: bool,
) -> Result<(), Refusal> {
    let Some(suit) = choice.suit else { return Ok(()) };
    let same = suit.suit() == Some(card.suit);
    if choice.require {
        if !same {
            cx.warn(
                Warning::new(
                    Code::REQUIRED_SUIT_VOID,
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
    if same {
        prohibited_lead(cx, seat, card, suit, law, rectify)?;
    }
    Ok(())
}

fn prohibited_lead(
    cx: &mut Ctx<'_>,
    seat: Seat,
    card: Card,
    suit: Strain,
    law: Law,
    rectify: bool,
) -> Result<(), Refusal> {
    if !rectify {
        return refuse(
            Code::LEAD_PROHIBITED,
            format!(
                "declarer prohibited the lead of {} (Law 26B, after Law {law})",
                suit.as_str()
            ),
        )
        .map_err(|r: Refusal| r.citing(Law::L26B));
    }
    cx.warn(
        Warning::new(
            Code::IRREG_PROHIBITED_LEAD,
            Severity::Infraction,
            Audience::EVERYONE,
            format!("{seat} led {card}, of the suit declarer prohibited under Law 26B (after Law {law}): the Director rules"),
        )
        .citing(Law::L26B)
                .concerning(seat),
    );
    summon(cx, &seat.to_string(), Some("prohibited lead"), Law::L26B);
    Ok(())
}

/// L26B in play: a lead by the player a restriction binds — his first lead waits for
/// declarer's choice (the opening leader's partner, when the opening leader offended), a
/// prohibition binds his leads while he keeps the lead, a requirement his first lead — and a
/// card of a required suit after he led another one shows he was not void (recorded, the
/// Director rules).
pub fn check_play_restriction(cx: &mut Ctx<'_>, seat: Seat, card: Card) -> Result<(), Refusal> {
    let law = restriction_binding(cx.st, seat).map(|r| r.law).unwrap_or_default();
    let rectify = cx.reg.rectifies();
    let leading = cx.st.play().is_some_and(|p| p.current.is_empty());
    if leading {
        match lead_rule(cx.st, seat) {
            LeadRule::Free => {}
            LeadRule::Due => lead_before_choice(cx, seat, law, rectify)?,
            LeadRule::Prohibit(s) | LeadRule::Require(s) => {
                if let Some(choice) = choice_for(cx.st, seat).filter(|c| c.suit == Some(s)) {
                    check_choice(cx, seat, card, choice, law, rectify)?;
                }
            }
        }
    }
    let Some(LeadChoice {
        suit: Some(suit),
        require: true,
        leader,
        ..
    }) = cx.st.lead_choice()
    else {
        return Ok(());
    };
    let Some(p) = cx.st.play() else { return Ok(()) };
    let in_suit = |c: &Card| suit.suit() == Some(c.suit);
    let shown_before = p.played().any(|(s, c)| *s == leader && in_suit(c));
    let first = first_lead_trick(p, leader).and_then(|f| {
        p.tricks
            .get(f)
            .map_or_else(|| p.current.first(), |t| t.cards.first())
            .map(|(_, c)| *c)
    });
    if seat == leader && in_suit(&card) && !shown_before && first.is_some_and(|c| !in_suit(&c)) {
        cx.warn(
            Warning::new(
                Code::IRREG_REQUIRED_SUIT_NOT_LED,
                Severity::Infraction,
                Audience::EVERYONE,
                format!(
                    "{seat} played {card}: he held a {} when declarer required its lead (Law 26B, after Law {law}): the Director rules",
                    suit.as_str()
                ),
            )
            .citing(Law::L26B)
            .concerning(seat),
        );
        summon(cx, &seat.to_string(), Some("required suit not led"), Law::L26B);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
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

    /// Runs `f` on a copy of the table's state under `prevent`. (Under `prevent` no
    /// irregular call is accepted, so no restriction can arise at a real table: this checks
    /// the rule the engine would apply.)
    fn under_prevent<T>(t: &Table, f: impl FnOnce(&mut Ctx<'_>) -> T) -> T {
        let mut prevent = *t.regulation();
        prevent.irregularities = crate::regulation::Irregularities::Prevent;
        let mut st = t.state().clone();
        let (mut events, mut warnings) = (Vec::new(), Vec::new());
        let mut cx = Ctx {
            board: t.board(),
            reg: &prevent,
            st: &mut st,
            events: &mut events,
            warnings: &mut warnings,
            calling: None,
        };
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
        assert_eq!((refused.code, refused.law.as_str()), (Code::LEAD_PROHIBITED, "26B"));
        assert!(under_prevent(&t, |cx| lead(cx, Seat::E, card("HA"))).is_ok());
    }

    #[test]
    fn l26b_under_prevent_the_lead_waits_for_declarers_choice() {
        let t = restricted(r#""face_to_face""#);
        let refused = under_prevent(&t, |cx| lead(cx, Seat::E, card("HA"))).expect_err("refused");
        assert_eq!(
            (refused.code, refused.law.as_str()),
            (Code::LEAD_RESTRICTION_PENDING, "26B")
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
            .any(|w| w.code == Code::IRREG_PROHIBITED_LEAD && w.law == Law::L26B));
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
        assert_eq!(refused.code, Code::LEAD_PROHIBITED);
        let o = apply(&mut t, r#"{"seat":"E","type":"play","card":"SA"}"#);
        assert!(o.warnings().iter().any(|w| w.code == Code::IRREG_PROHIBITED_LEAD));
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
