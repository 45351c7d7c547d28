//! Just enough card play for the auction laws (SPEC 5.7): the opening lead (L41A), whose
//! turn it is (dummy's cards are declarer's), tricks, first turns to play (L20C2, L41B)
//! and the end of play (L20F5b). Hands are unknown, so following suit is not checked.

use serde::Serialize;

use crate::auction::Contract;
use crate::audience::Audience;
use crate::call::{Seat, Strain};
use crate::card::Card;
use crate::event::EventKind;
use crate::procedure::{calls, correction, explanation};
use crate::report::{refuse, Code, Rejection, Severity, Warning};
use crate::state::{LeadRestrictionRecord, Phase, State};
use crate::table::Ctx;

/// A completed trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Trick {
    /// Cards in the order played.
    pub cards: Vec<(Seat, Card)>,
    /// Who won it.
    pub winner: Seat,
}

/// The opening lead and the cards played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayState {
    /// The opening leader.
    pub leader: Seat,
    /// The opening lead, once made (face down until faced).
    pub lead: Option<Card>,
    /// Completed tricks.
    pub tricks: Vec<Trick>,
    /// The trick in progress.
    pub current: Vec<(Seat, Card)>,
}

impl PlayState {
    /// Play state before the opening lead.
    pub fn new(leader: Seat) -> PlayState {
        PlayState {
            leader,
            lead: None,
            tricks: Vec::new(),
            current: Vec::new(),
        }
    }

    /// The hand due to play next (dummy's own seat when dummy's card is due).
    pub fn to_play(&self) -> Option<Seat> {
        if self.tricks.len() >= 13 {
            return None;
        }
        Some(match self.current.last() {
            Some((s, _)) => s.lho(),
            None => self.tricks.last().map_or(self.leader, |t| t.winner),
        })
    }

    /// The player who must act: declarer when dummy's card is due.
    pub fn turn_to_act(&self, contract: Option<Contract>) -> Option<Seat> {
        let s = self.to_play()?;
        Some(match contract {
            Some(c) if c.dummy() == s => c.declarer,
            _ => s,
        })
    }

    /// Every card played so far.
    fn played(&self) -> impl Iterator<Item = &(Seat, Card)> {
        self.tricks
            .iter()
            .flat_map(|t| t.cards.iter())
            .chain(self.current.iter())
    }

    /// Whether `seat` has played a card (declarer: from either hand; the leader: his lead,
    /// even face down).
    pub fn has_played(&self, seat: Seat, contract: Contract) -> bool {
        if seat == self.leader && self.lead.is_some() {
            return true;
        }
        self.played()
            .any(|(s, _)| *s == seat || (seat == contract.declarer && *s == contract.dummy()))
    }
}

/// The winner of a complete trick: the highest trump, else the highest card of the suit led.
fn winner(cards: &[(Seat, Card)], contract: Contract) -> Seat {
    let trump = contract.bid.strain.suit();
    let Some((&first, rest)) = cards.split_first() else {
        return contract.declarer;
    };
    let led = first.1.suit;
    let mut best = first;
    for &(s, c) in rest {
        let b = best.1;
        let beats = if Some(c.suit) == trump && Some(b.suit) != trump {
            true
        } else {
            c.suit == b.suit && c.rank > b.rank && (c.suit == led || Some(c.suit) == trump)
        };
        if beats {
            best = (s, c);
        }
    }
    best.0
}

fn contract_of(cx: &Ctx<'_>) -> Result<Contract, Rejection> {
    cx.st
        .contract
        .ok_or_else(|| Rejection::new(Code::WRONG_PERIOD, "there is no contract"))
}

/// A pending L25A request to replace the final pass keeps the auction period open: the
/// opening lead waits (a reopened auction would take it back), and so do the hands of a
/// passed-out board.
fn undo_pending(cx: &Ctx<'_>) -> Result<(), Rejection> {
    if cx.st.undo.is_some() {
        return refuse(
            Code::UNDO_PENDING,
            "a request to replace a call is pending: the auction may reopen (Law 25A5)",
        )
        .map_err(|r: Rejection| r.citing("25A5"));
    }
    Ok(())
}

/// The `lead` action: the opening lead, face down (L41A).
///
/// # Errors
/// `NOT_YOUR_LEAD`; `UNDO_PENDING`; `WRONG_PERIOD` outside the clarification period.
pub fn lead(cx: &mut Ctx<'_>, seat: Seat, card: Card) -> Result<(), Rejection> {
    undo_pending(cx)?;
    if cx.st.phase != Phase::Clarification {
        return refuse(Code::WRONG_PERIOD, "the opening lead is made after the final pass")
            .map_err(|r: Rejection| r.citing("41A"));
    }
    let contract = contract_of(cx)?;
    if seat != contract.leader() {
        return refuse(
            Code::NOT_YOUR_LEAD,
            format!("{} makes the opening lead", contract.leader()),
        );
    }
    if cx.st.play.as_ref().is_some_and(|p| p.lead.is_some()) {
        return refuse(Code::NOT_YOUR_LEAD, "the opening lead has been made");
    }
    check_lead_restriction(cx, seat, card)?;
    let play = cx.st.play.get_or_insert_with(|| PlayState::new(contract.leader()));
    play.lead = Some(card);
    cx.event(EventKind::OpeningLead { seat }, Audience::EVERYONE);
    Ok(())
}

/// L26B: the lead restriction that applies to the opening lead: one whose offender became
/// the opening leader's partner (a defender), with at least one suit declarer may name.
pub fn opening_lead_restriction(st: &State) -> Option<&LeadRestrictionRecord> {
    let leader = st.contract?.leader();
    st.lead_restrictions
        .iter()
        .filter(|r| r.offender == leader.partner() && st.is_defender(r.offender))
        .find(|r| !restrictable_suits(r).is_empty())
}

/// L26B: the suits declarer may prohibit: those the offender did not specify in the legal
/// auction (recorded at the end of the auction).
pub fn restrictable_suits(r: &LeadRestrictionRecord) -> Vec<Strain> {
    Strain::ALL
        .into_iter()
        .filter(|s| s.suit().is_some() && !r.specified.contains(s))
        .collect()
}

/// The suits the opening leader may lead now without breaking a Law 26B restriction (every
/// suit unless declarer has prohibited one).
pub fn allowed_lead_suits(st: &State) -> Vec<Strain> {
    let prohibited = opening_lead_restriction(st).and_then(|r| r.prohibited);
    Strain::ALL
        .into_iter()
        .filter(|s| s.suit().is_some() && Some(*s) != prohibited)
        .collect()
}

/// L26B on the opening lead: a lead of the prohibited suit is refused under `prevent`;
/// under `rectify` it is recorded as an irregularity and the Director is summoned.
fn check_lead_restriction(cx: &mut Ctx<'_>, seat: Seat, card: Card) -> Result<(), Rejection> {
    let Some(r) = opening_lead_restriction(cx.st) else {
        return Ok(());
    };
    let Some(prohibited) = r.prohibited.filter(|s| s.suit() == Some(card.suit)) else {
        return Ok(());
    };
    let law = r.law.clone();
    if !cx.reg.rectifies() {
        return refuse(
            Code::LEAD_PROHIBITED,
            format!(
                "declarer prohibited the lead of {} (Law 26B, after Law {law})",
                prohibited.as_str()
            ),
        )
        .map_err(|r: Rejection| r.citing("26B"));
    }
    cx.warn(
        Warning::new(
            Code::IRREG_PROHIBITED_LEAD,
            Severity::Infraction,
            Audience::EVERYONE,
            format!(
                "{seat} led {card}, of the suit declarer prohibited under Law 26B (after Law {law}): the Director rules"
            ),
        )
        .citing("26B"),
    );
    explanation::summon(cx, &seat.to_string(), Some("prohibited opening lead"), "26B");
    Ok(())
}

/// The `face_lead` action: the opening lead is faced; the play period begins (L41C).
///
/// # Errors
/// `NOT_YOUR_LEAD` without a face-down lead or by a non-defender; `UNDO_PENDING`;
/// `WRONG_PERIOD`.
pub fn face_lead(cx: &mut Ctx<'_>, seat: Seat) -> Result<(), Rejection> {
    undo_pending(cx)?;
    if cx.st.phase != Phase::Clarification {
        return refuse(Code::WRONG_PERIOD, "there is no face-down opening lead")
            .map_err(|r: Rejection| r.citing("41C"));
    }
    let contract = contract_of(cx)?;
    let card = cx.st.play.as_ref().and_then(|p| p.lead);
    let Some(card) = card.filter(|_| cx.st.is_defender(seat)) else {
        return refuse(
            Code::NOT_YOUR_LEAD,
            "a defender faces the opening lead once it has been made face down",
        )
        .map_err(|r: Rejection| r.citing("41C"));
    };
    correction::duties_missed_at_lead(cx);
    cx.st.phase = Phase::Play;
    calls::lift_bars_at_end_of_period(cx);
    cx.st.offers.clear();
    if let Some(p) = cx.st.play.as_mut() {
        p.current.push((contract.leader(), card));
    }
    cx.event(
        EventKind::LeadFaced {
            seat: contract.leader(),
            card,
        },
        Audience::EVERYONE,
    );
    Ok(())
}

/// The `play` action. In the clarification period the opening leader may play his lead
/// face up at once (lead and face in one step).
///
/// # Errors
/// `NOT_YOUR_TURN` (law 44), `CARD_ALREADY_PLAYED`, `WRONG_PERIOD`.
pub fn play(cx: &mut Ctx<'_>, seat: Seat, card: Card, from_dummy: bool) -> Result<(), Rejection> {
    if cx.st.phase == Phase::Clarification && !from_dummy && cx.st.play.as_ref().is_none_or(|p| p.lead.is_none()) {
        lead(cx, seat, card)?;
        return face_lead(cx, seat);
    }
    if cx.st.phase != Phase::Play {
        return refuse(Code::WRONG_PERIOD, "cards are played in the play period");
    }
    let contract = contract_of(cx)?;
    let Some(p) = cx.st.play.as_mut() else {
        return refuse(Code::WRONG_PERIOD, "no opening lead");
    };
    let Some(due) = p.to_play() else {
        return refuse(Code::WRONG_PERIOD, "all thirteen tricks have been played");
    };
    let ok = if due == contract.dummy() {
        seat == contract.declarer && from_dummy
    } else {
        seat == due && !from_dummy
    };
    if !ok {
        let who = if due == contract.dummy() {
            format!("declarer ({}) from dummy", contract.declarer)
        } else {
            due.to_string()
        };
        return refuse(Code::NOT_YOUR_TURN, format!("it is {who} to play")).map_err(|r: Rejection| r.citing("44"));
    }
    if p.played().any(|(_, c)| *c == card) {
        return refuse(Code::CARD_ALREADY_PLAYED, format!("{card} has been played already"))
            .map_err(|r: Rejection| r.citing("45"));
    }
    p.current.push((due, card));
    let done = p.current.len() == 4;
    let mut trick = None;
    if done {
        let cards = std::mem::take(&mut p.current);
        let w = winner(&cards, contract);
        p.tricks.push(Trick { cards, winner: w });
        trick = Some((p.tricks.len(), w));
    }
    let last = p.tricks.len() >= 13;
    cx.event(
        EventKind::Card {
            seat: due,
            card,
            from_dummy,
        },
        Audience::EVERYONE,
    );
    if let Some((number, winner)) = trick {
        cx.event(EventKind::Trick { number, winner }, Audience::EVERYONE);
    }
    if last {
        finish_play(cx);
    }
    Ok(())
}

/// The `end_play` action (claim agreed).
///
/// # Errors
/// `WRONG_PERIOD` outside the play period.
pub fn end_play(cx: &mut Ctx<'_>, _seat: Seat) -> Result<(), Rejection> {
    if cx.st.phase != Phase::Play {
        return refuse(Code::WRONG_PERIOD, "play has not begun");
    }
    finish_play(cx);
    Ok(())
}

fn finish_play(cx: &mut Ctx<'_>) {
    cx.st.phase = Phase::Ended;
    let tricks = cx.st.play.as_ref().map_or(0, |p| p.tricks.len());
    cx.event(EventKind::PlayEnded { tricks }, Audience::EVERYONE);
    correction::duties_at_end_of_play(cx);
}

/// The `return_hands` action: a passed-out board's hands go back (L17D2).
///
/// # Errors
/// `UNDO_PENDING`; `WRONG_PERIOD` unless the board was passed out.
pub fn return_hands(cx: &mut Ctx<'_>, _seat: Seat) -> Result<(), Rejection> {
    undo_pending(cx)?;
    if cx.st.phase != Phase::PassedOut {
        return refuse(Code::WRONG_PERIOD, "only a passed-out board's hands are returned")
            .map_err(|r: Rejection| r.citing("17D2"));
    }
    cx.st.phase = Phase::Ended;
    cx.st.offers.clear();
    cx.event(EventKind::HandsReturned, Audience::EVERYONE);
    calls::lift_bars_at_end_of_period(cx);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auction::Doubling;
    use crate::call::Call;

    #[test]
    fn a_trump_beats_the_suit_led_and_otherwise_the_highest_card_wins() {
        let Some(bid) = "4H".parse::<Call>().ok().and_then(Call::bid) else {
            panic!("4H is a bid")
        };
        let c = Contract {
            bid,
            doubling: Doubling::Undoubled,
            declarer: Seat::S,
        };
        let card = |s: &str| s.parse::<Card>().expect("test card");
        let t = [
            (Seat::W, card("SA")),
            (Seat::N, card("S2")),
            (Seat::E, card("H2")),
            (Seat::S, card("SK")),
        ];
        assert_eq!(winner(&t, c), Seat::E);
        let u = [
            (Seat::W, card("SQ")),
            (Seat::N, card("DA")),
            (Seat::E, card("S3")),
            (Seat::S, card("SK")),
        ];
        assert_eq!(winner(&u, c), Seat::S);
    }
}

#[cfg(test)]
mod lead_restriction_tests {
    use super::*;
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

    /// Leads `card` for East with `prohibited` named by declarer (as issue 13's action will).
    fn lead_with(t: &Table, prohibited: Strain, card: &str) -> (Result<(), Rejection>, Vec<Warning>, State) {
        let mut st = t.state().clone();
        for r in &mut st.lead_restrictions {
            r.prohibited = Some(prohibited);
        }
        let mut cx = Ctx {
            board: t.board(),
            reg: t.regulation(),
            st: &mut st,
            events: Vec::new(),
            warnings: Vec::new(),
            calling: None,
        };
        let card = card.parse::<Card>().expect("card");
        let res = lead(&mut cx, Seat::E, card);
        let warnings = cx.warnings;
        (res, warnings, st)
    }

    #[test]
    fn l26b_the_restriction_on_the_opening_lead_names_the_suits_declarer_may_prohibit() {
        let t = restricted(r#""face_to_face""#);
        let r = opening_lead_restriction(t.state()).expect("restriction");
        assert_eq!(r.offender, Seat::W);
        assert_eq!(restrictable_suits(r), [Strain::Clubs, Strain::Diamonds, Strain::Spades]);
        assert_eq!(allowed_lead_suits(t.state()).len(), 4);
    }

    #[test]
    fn l26b_under_prevent_a_lead_of_the_prohibited_suit_is_refused_citing_26b() {
        let t = restricted(r#"{"preset":"online","irregularities":"rectify"}"#);
        let mut prevent = *t.regulation();
        prevent.irregularities = crate::regulation::Irregularities::Prevent;
        let mut st = t.state().clone();
        for r in &mut st.lead_restrictions {
            r.prohibited = Some(Strain::Spades);
        }
        assert!(!allowed_lead_suits(&st).contains(&Strain::Spades));
        let mut cx = Ctx {
            board: t.board(),
            reg: &prevent,
            st: &mut st,
            events: Vec::new(),
            warnings: Vec::new(),
            calling: None,
        };
        let refused = lead(&mut cx, Seat::E, "SA".parse().expect("card")).expect_err("refused");
        assert_eq!(refused.code, Code::LEAD_PROHIBITED);
        assert_eq!(refused.law, "26B");
        assert!(lead(&mut cx, Seat::E, "HA".parse().expect("card")).is_ok());
    }

    #[test]
    fn l26b_under_rectify_a_lead_of_the_prohibited_suit_is_recorded_and_the_director_summoned() {
        let t = restricted(r#""face_to_face""#);
        let (res, warnings, st) = lead_with(&t, Strain::Clubs, "C2");
        assert!(res.is_ok());
        assert!(warnings
            .iter()
            .any(|w| w.code == Code::IRREG_PROHIBITED_LEAD && w.law == "26B"));
        assert!(st
            .feed
            .iter()
            .any(|e| matches!(e.kind, EventKind::DirectorSummoned { .. })));
        let (res, warnings, _) = lead_with(&t, Strain::Clubs, "D2");
        assert!(res.is_ok());
        assert!(warnings.iter().all(|w| w.code != Code::IRREG_PROHIBITED_LEAD));
    }
}
