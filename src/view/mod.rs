//! What one viewer may see (SPEC §6). This is the only place that filters by audience.

mod contract_name;
mod decision;
pub mod patch;
mod seen;
mod seen_disclosures;

pub use contract_name::{ContractName, ContractParts};
pub use decision::{Choice, Decision, DecisionKind, Settle};
pub use patch::{ListPatch, PlayPatch, ViewBase, ViewPatch};
pub use seen::{Addressed, Iter as SeenIter, Seen};
pub use seen_disclosures::SeenDisclosures;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::action::RulingOn;
use crate::audience::{Audience, Viewer};
use crate::board::Board;
use crate::board::Vulnerability;
use crate::call::{Call, Seat, Strain};
use crate::card::Card;
use crate::deal::CardSet;
use crate::event::{BarKind, DisclosureKind, Event};
use crate::feed::Feed;
use crate::law::Law;
use crate::play::Trick;
use crate::procedure;
use crate::procedure::by_call::ByCall;
use crate::regulation::Regulation;
use crate::report::{Code, Warning};
use crate::state::{CallPos, Phase, State, Status};
use crate::store::seat_list::SeatList;
use crate::store::seat_map::SeatMap;
use crate::withdrawal::Withdrawal;

/// A disclosure as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SeenDisclosure<'a> {
    /// Who disclosed.
    pub by: Seat,
    /// Alert, announcement, explanation or correction.
    pub kind: DisclosureKind,
    /// Whether it alerts the call.
    pub alert: bool,
    /// Text, if any.
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub text: Option<Cow<'a, str>>,
    /// Replaced by a correction (shown to the Director only).
    pub superseded: bool,
}

/// A call in force as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SeenCall<'a> {
    /// Position among the calls in force.
    pub index: usize,
    /// Caller.
    pub seat: Seat,
    /// The call.
    pub call: Call,
    /// Whether the viewer saw it alerted.
    pub alerted: bool,
    /// Made by the engine for a barred player.
    pub auto: bool,
    /// Disclosures the viewer may see, in the order made.
    #[cfg_attr(feature = "wasm", tsify(type = "SeenDisclosure[]"))]
    pub disclosures: SeenDisclosures<'a>,
}

/// A withdrawn or cancelled call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SeenWithdrawn {
    /// Caller.
    pub seat: Seat,
    /// The call.
    pub call: Call,
    /// Law under which it was withdrawn.
    pub law: Law,
    /// Why (its English text in JSON).
    #[cfg_attr(feature = "wasm", tsify(type = "string"))]
    pub reason: Withdrawal,
}

/// A question the viewer may see.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SeenQuestion {
    /// Question number.
    pub id: usize,
    /// Who asked.
    pub asker: Seat,
    /// Who must answer.
    pub answerers: SeatList,
    /// Call asked about, or none for the whole auction.
    pub index: Option<usize>,
    /// Answered yet.
    pub answered: bool,
}

/// A Law 26B lead restriction, as announced at the table: on the opening lead, or on the
/// opening leader's partner's first lead in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SeenLeadRestriction {
    /// The offender (a defender: the partner of the player it binds).
    pub offender: Seat,
    /// The player it binds, at his first turn to lead: the opening leader, or his partner
    /// when the opening leader was the offender.
    pub leader: Seat,
    /// The law under which it arose.
    pub law: Law,
    /// Declarer, who chooses.
    pub declarer: Seat,
    /// The suits declarer may name (not specified by the offender in the legal auction).
    #[cfg_attr(feature = "wasm", tsify(type = "string[]"))]
    pub restrictable: Vec<Strain>,
    /// Declarer may require the lead of a suit as well as prohibit one
    /// (`lead_restriction: require_or_prohibit`).
    pub may_require: bool,
    /// Declarer has made his choice (`restrict_lead`); until then the lead waits.
    pub chosen: bool,
    /// Declarer's choice is due now: his `restrict_lead` would be accepted (L26B, the
    /// opening lead or the bound player's first lead in play; `lead_restriction::choice_due`).
    pub due: bool,
    /// The suit declarer prohibited, once named.
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub prohibited: Option<Strain>,
    /// The suit declarer required, once named.
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub required: Option<Strain>,
}

/// Opening lead and tricks as the viewer sees them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SeenPlay {
    /// The opening leader.
    pub leader: Seat,
    /// Whether the opening lead has been made.
    pub led: bool,
    /// The face-down lead (leader and Director only), or the faced lead.
    pub lead: Option<Card>,
    /// Completed tricks.
    pub tricks: Vec<Trick>,
    /// The trick in progress.
    pub current: Vec<(Seat, Card)>,
    /// The hand due to play (dummy's seat when dummy's card is due).
    pub to_play: Option<Seat>,
}

/// Everything one viewer may see.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct View<'a> {
    /// Who is looking.
    pub viewer: Viewer,
    /// The period.
    pub phase: Phase,
    /// Dealer.
    pub dealer: Seat,
    /// Vulnerability.
    pub vulnerability: Vulnerability,
    /// Board number.
    pub board: Option<u32>,
    /// Who must act next.
    pub turn: Option<Seat>,
    /// Calls in force.
    pub calls: Vec<SeenCall<'a>>,
    /// Withdrawn and cancelled calls.
    pub withdrawn: Vec<SeenWithdrawn>,
    /// Calls the viewer may make now (seats only).
    pub legal_calls: Vec<Call>,
    /// Bars on the viewer and his partner (all bars for the Director and spectators).
    #[cfg_attr(feature = "wasm", tsify(type = "Partial<Record<Seat, BarKind>>"))]
    pub barred: SeatMap<BarKind>,
    /// A pending decision, if any.
    pub pending: Option<Decision>,
    /// Questions the viewer may see.
    pub questions: Vec<SeenQuestion>,
    /// Calls the viewer may change under Law 21B1 now (indices; none while a Law 25A request
    /// is pending, `change_call`'s rule).
    pub change_offers: Vec<usize>,
    /// Whether the viewer may ask now about the opponents' auction as a whole (L20F1,
    /// L20F2, L41B; seats only). Like `askable` and `correctable`, judged as the action
    /// judges it, on what the viewer may know: a question or explanation of his partner's
    /// out of his hearing does not count (docs/RULINGS.md).
    pub may_ask: bool,
    /// Calls in force the viewer may ask about now (indices; L20F1, L20F2, L41B).
    pub askable: Vec<usize>,
    /// Whether the viewer may have the auction reviewed now (L20B, L20C2, L41B).
    pub may_review: bool,
    /// Whether the viewer may ask "is it my lead?" now (L20C1, L41A: a presumed defender in
    /// the clarification period).
    pub may_ask_lead: bool,
    /// Whether the viewer may ask what the contract is now (L41C: not dummy; in play at his
    /// own turn).
    pub may_ask_contract: bool,
    /// Calls whose explanation the viewer may correct now (indices; L20F4, L20F5, L75B):
    /// his own explanations (or a failure to alert or explain), and partner's once the Law
    /// lets him.
    pub correctable: Vec<usize>,
    /// Calls whose explanation by partner the viewer may note now as mistaken, to correct
    /// it when the Law lets him (indices; L20F5; seats only): the rule
    /// `note_partner_mistake` applies — his side's calls partner explained (or failed to
    /// alert or explain) in his hearing.
    pub notable: Vec<usize>,
    /// Questions the viewer must answer (their ids in `questions`).
    pub questions_to_answer: Vec<usize>,
    /// Warnings, cautions and reminders addressed to the viewer.
    #[cfg_attr(feature = "wasm", tsify(type = "Warning[]"))]
    pub warnings: Seen<'a, Warning>,
    /// Events the viewer may see, in order.
    #[cfg_attr(feature = "wasm", tsify(type = "Event[]"))]
    pub events: Seen<'a, Event>,
    /// The contract, once the auction has ended (its text in JSON: `"3NT"`, `"4SX"`; its
    /// parts in `contract_parts`).
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub contract: Option<ContractName>,
    /// The presumed declarer.
    pub declarer: Option<Seat>,
    /// The presumed dummy.
    pub dummy: Option<Seat>,
    /// The opening leader, once the auction has ended (declarer's LHO, L41A).
    pub opening_leader: Option<Seat>,
    /// The regulation in force (after overrides).
    pub regulation: Regulation,
    /// Opening lead and play.
    pub play: Option<SeenPlay>,
    /// The Law 26B restriction, once the auction has ended (public): on the opening lead, or
    /// (when the opening leader was the offender) on his partner's first lead in play;
    /// `leader` is the player it binds.
    pub lead_restriction: Option<SeenLeadRestriction>,
    /// The player on lead (the opening leader before he leads; in play the hand to lead,
    /// declarer for dummy): the suits whose lead `apply` takes without that lead being an
    /// irregularity (L26B; `lead_restriction::legal_leads`): every suit under a required
    /// suit (`lead_restriction.required`, which a leader holding it must lead; a void leader
    /// leads any) — at a table given the leader's 13 cards, the required suit alone when he
    /// holds it, and the prohibited suit too when he holds nothing else. Empty otherwise,
    /// and while a request to replace the final pass is pending (L25A5).
    #[cfg_attr(feature = "wasm", tsify(type = "string[]"))]
    pub legal_leads: Vec<Strain>,
    /// Director only: the information ledger (L16).
    #[cfg_attr(feature = "wasm", tsify(type = "Warning[]"))]
    pub ledger: Vec<Cow<'a, Warning>>,
    /// Director only: questions awaiting a ruling.
    pub open_rulings: Vec<RulingOn>,
    /// Director only: the contract to score when a Law 21B change was ruled not allowed
    /// (text, as `contract`).
    #[cfg_attr(feature = "wasm", tsify(type = "string | null"))]
    pub scoring_contract: Option<ContractName>,
    /// Whether the viewer may now ask to replace his last call (L25A; seats only): the rule
    /// `replace_call` applies but for the replacement — false when the regulation switches
    /// undo off, while a request is pending, once partner has called since, after the
    /// auction period.
    pub may_replace_call: bool,
    /// Calls in force the viewer may alert or explain now, late or not (indices; L20F,
    /// L21B1a; seats only): the rule `alert` and `explain` apply, per the regulation's
    /// disclosure — his own calls (self-alerting), partner's (face to face), his side's
    /// (screens).
    pub disclosable: Vec<usize>,
    /// Whether the viewer may play a card now (seats only; the rule `play` applies up to the
    /// card, L41A, L44, L45): the opening leader his lead faced at once, in play the player
    /// whose hand is due — declarer at dummy's turn too (`from: "dummy"`), dummy never.
    pub may_play: bool,
    /// Whether the viewer may end play now (`end_play`, a claim agreed; seats only): in the
    /// play period, declarer or a defender — never dummy (L45).
    pub may_end_play: bool,
    /// `contract` as its parts: the last bid and its doubling.
    pub contract_parts: Option<ContractParts>,
    /// Director only: `scoring_contract` as its parts.
    pub scoring_contract_parts: Option<ContractParts>,
    /// Whether the table was given the deal (`TableOptions::deal`, whole or partial; absent
    /// when not): `hands` and `legal_cards` are then the engine's whole answer, even when
    /// they are empty (the viewer is shown no hand, offered no card).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub dealt: bool,
    /// The hands the viewer may see, each with the cards still held, spades first (a table
    /// given the deal, `dealt`; absent when none is shown): his own; dummy's once the opening
    /// lead is faced (L41D); every hand for the Director, and for spectators when
    /// `spectators_see_hands`.
    #[serde(default, skip_serializing_if = "SeatMap::is_empty")]
    #[cfg_attr(feature = "wasm", tsify(optional, type = "Partial<Record<Seat, Card[]>>"))]
    pub hands: SeatMap<CardSet>,
    /// The cards the viewer may play now without an irregularity (a table given the deal,
    /// the hand's 13 cards known; absent when none): from the hand he plays — his own, or
    /// dummy's for declarer (L45; dummy never) — those of the suit led (L44C), all when void
    /// (L44E); a lead, of the suits `legal_leads` lists (L26B). The rule `lead` and `play`
    /// apply (`procedure::follow`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "wasm", tsify(optional, type = "Card[]"))]
    pub legal_cards: Vec<Card>,
}

impl View<'_> {
    /// The same view, owning what it borrowed from the table (to keep it past the table's
    /// next change).
    pub fn into_owned(self) -> View<'static> {
        let owned = |list: Vec<Cow<'_, Warning>>| list.into_iter().map(|w| Cow::Owned(w.into_owned())).collect();
        View {
            calls: self.calls.into_iter().map(SeenCall::into_owned).collect(),
            warnings: self.warnings.into_owned(),
            ledger: owned(self.ledger),
            events: self.events.into_owned(),
            viewer: self.viewer,
            phase: self.phase,
            dealer: self.dealer,
            vulnerability: self.vulnerability,
            board: self.board,
            turn: self.turn,
            withdrawn: self.withdrawn,
            legal_calls: self.legal_calls,
            barred: self.barred,
            pending: self.pending,
            questions: self.questions,
            change_offers: self.change_offers,
            may_ask: self.may_ask,
            askable: self.askable,
            may_review: self.may_review,
            may_ask_lead: self.may_ask_lead,
            may_ask_contract: self.may_ask_contract,
            correctable: self.correctable,
            notable: self.notable,
            questions_to_answer: self.questions_to_answer,
            contract: self.contract,
            declarer: self.declarer,
            dummy: self.dummy,
            opening_leader: self.opening_leader,
            regulation: self.regulation,
            play: self.play,
            lead_restriction: self.lead_restriction,
            legal_leads: self.legal_leads,
            open_rulings: self.open_rulings,
            scoring_contract: self.scoring_contract,
            may_replace_call: self.may_replace_call,
            disclosable: self.disclosable,
            may_play: self.may_play,
            may_end_play: self.may_end_play,
            contract_parts: self.contract_parts,
            scoring_contract_parts: self.scoring_contract_parts,
            dealt: self.dealt,
            hands: self.hands,
            legal_cards: self.legal_cards,
        }
    }
}

impl SeenCall<'_> {
    /// The same call, owning its disclosures' texts.
    pub fn into_owned(self) -> SeenCall<'static> {
        SeenCall {
            index: self.index,
            seat: self.seat,
            call: self.call,
            alerted: self.alerted,
            auto: self.auto,
            disclosures: self.disclosures.into_owned(),
        }
    }
}

impl SeenDisclosure<'_> {
    /// The same disclosure, owning its text.
    pub fn into_owned(self) -> SeenDisclosure<'static> {
        SeenDisclosure {
            text: self.text.map(|t| Cow::Owned(t.into_owned())),
            by: self.by,
            kind: self.kind,
            alert: self.alert,
            superseded: self.superseded,
        }
    }
}

/// What a view is made of: the parts of a table.
#[derive(Clone, Copy)]
pub(crate) struct Parts<'a> {
    /// The board.
    pub board: &'a Board,
    /// The regulation.
    pub regulation: &'a Regulation,
    /// The state.
    pub state: &'a State,
    /// Every event so far.
    pub feed: &'a Feed,
    /// Every warning so far.
    pub warnings: &'a [Warning],
}

/// The view of `table` for `viewer`.
pub(crate) fn view(table: Parts<'_>, viewer: Viewer) -> View<'_> {
    let st = table.state;
    let board = table.board;
    let is_director = viewer == Viewer::Director;
    let seat = match viewer {
        Viewer::Seat(s) => Some(s),
        _ => None,
    };
    let by_call = ByCall::new(st.extra().disclosures(), st.auction().record().len());
    let (correctable, notable) = seat.map_or_else(Default::default, |s| {
        explanation_answers(st, table.regulation, s, &by_call)
    });
    let scoring_contract = st
        .offers()
        .changes()
        .iter()
        .filter(|c| is_director && c.allowed == Some(false))
        .find_map(|c| c.contract_before.map(ContractName::from));
    let ledger = if is_director {
        table
            .warnings
            .iter()
            .filter(|w| {
                matches!(
                    w.code,
                    Code::UiFromPartner
                        | Code::UiWithdrawnCall
                        | Code::AiWithdrawnCall
                        | Code::UiTempo
                        | Code::LateAlert
                )
            })
            .map(Cow::Borrowed)
            .collect()
    } else {
        Vec::new()
    };
    View {
        viewer,
        phase: st.phase(),
        dealer: board.dealer,
        vulnerability: board.vulnerability,
        board: board.number,
        turn: procedure::turn(st),
        calls: seen_calls_among(st, viewer, &by_call),
        withdrawn: st
            .auction()
            .record()
            .iter()
            .filter(|r| r.status == Status::Withdrawn && r.audience.contains(viewer))
            // A withdrawn call always has its law and reason (`State::withdraw_call`).
            .filter_map(|r| {
                r.withdrawn.map(|(law, reason)| SeenWithdrawn {
                    seat: r.seat,
                    call: r.call,
                    law,
                    reason,
                })
            })
            .collect(),
        legal_calls: seat
            .map(|s| procedure::calls::legal_calls(board, st, s).iter().collect())
            .unwrap_or_default(),
        barred: Seat::ALL
            .into_iter()
            .filter(|s| seat.is_none_or(|v| v.side() == s.side()))
            .filter_map(|s| st.bars().on(s).map(|b| (s, b.kind)))
            .collect(),
        pending: decision::decision(board, st, table.regulation, viewer),
        questions: st
            .extra()
            .questions()
            .iter()
            .enumerate()
            .filter(|(_, q)| q.audience.contains(viewer))
            .map(|(id, q)| SeenQuestion {
                id,
                asker: q.asker,
                answerers: q.answerers,
                index: q.call.and_then(|c| st.auction().index_of(c)).map(CallPos::get),
                // Answered as this viewer knows it: every call it covers explained (L20F1),
                // each answer in his hearing.
                answered: procedure::questions::answered_for(st, table.regulation, q, viewer),
            })
            .collect(),
        change_offers: st
            .offers()
            .standing()
            .iter()
            .filter(|o| is_director || Some(o.seat) == seat)
            // Listed while it may be taken up (L25A: not while a request is pending).
            .filter(|_| procedure::change::may_change_now(st).is_ok())
            .filter_map(|o| st.auction().index_of(o.call).map(CallPos::get))
            .collect(),
        may_ask: seat.is_some_and(|s| procedure::questions::may_ask(st, table.regulation, s, None).is_ok()),
        askable: seat.map_or_else(Vec::new, |s| askable(st, table.regulation, s)),
        may_review: seat.is_some_and(|s| procedure::review::may_review(st, s).is_ok()),
        may_ask_lead: seat.is_some_and(|s| procedure::review::may_ask_lead(st, s).is_ok()),
        may_ask_contract: seat.is_some_and(|s| procedure::review::may_ask_contract(st, s).is_ok()),
        correctable,
        notable,
        questions_to_answer: seat.map_or_else(Vec::new, |s| questions_to_answer(st, table.regulation, s)),
        warnings: Seen::lent(table.warnings, &[], viewer),
        events: Seen::lent(table.feed.kept(), table.feed.others(), viewer),
        contract: st.play().contract().map(ContractName::from),
        declarer: st.play().declarer(),
        dummy: st.play().contract().map(|c| c.dummy()),
        opening_leader: st.play().contract().map(|c| c.leader()),
        regulation: *table.regulation,
        play: st.play().cards().map(|p| SeenPlay {
            leader: p.leader,
            led: p.lead.is_some(),
            lead: p
                .lead
                .filter(|_| st.phase() != Phase::Clarification || is_director || seat == Some(p.leader)),
            tricks: p.tricks.clone(),
            current: p.current.clone(),
            to_play: p.to_play(),
        }),
        lead_restriction: crate::procedure::lead_restriction::shown_restriction(st).map(|r| {
            let choice = crate::procedure::lead_restriction::choice_for(st, r.offender.partner());
            let named = |require: bool| choice.filter(|c| c.require == require).and_then(|c| c.suit);
            SeenLeadRestriction {
                offender: r.offender,
                leader: r.offender.partner(),
                law: r.law,
                declarer: st.play().declarer().unwrap_or(r.offender.lho()),
                restrictable: crate::procedure::lead_restriction::restrictable_suits(r),
                may_require: table.regulation.lead_restriction == crate::regulation::LeadRestriction::RequireOrProhibit,
                chosen: choice.is_some(),
                due: crate::procedure::lead_restriction::choice_due(st),
                prohibited: named(false),
                required: named(true),
            }
        }),
        legal_leads: seat.map_or_else(Vec::new, |s| {
            crate::procedure::lead_restriction::legal_leads_dealt(board.deal.as_ref(), st, s)
        }),
        ledger,
        scoring_contract,
        may_replace_call: seat.is_some_and(|s| procedure::undo::may_replace(st, table.regulation, s).is_ok()),
        disclosable: seat.map_or_else(Vec::new, |s| {
            procedure::explanation::disclosable(st, table.regulation, s)
        }),
        open_rulings: if is_director {
            procedure::rulings::asked(st)
        } else {
            Vec::new()
        },
        may_play: seat.is_some_and(|s| procedure::card_turn::may_play_now(st, s).is_ok()),
        may_end_play: seat.is_some_and(|s| procedure::card_turn::may_end_play(st, s).is_ok()),
        contract_parts: st.play().contract().map(|c| ContractName::from(c).into()),
        scoring_contract_parts: scoring_contract.map(ContractParts::from),
        dealt: board.deal.is_some(),
        hands: procedure::hands::seen(board, st, table.regulation, viewer),
        legal_cards: seat.map_or_else(Vec::new, |s| {
            procedure::follow::legal_cards(board.deal.as_ref(), st, s)
                .cards()
                .collect()
        }),
    }
}

/// The calls in force `seat` may ask about now (the rule `ask` applies).
fn askable(st: &State, reg: &Regulation, seat: Seat) -> Vec<usize> {
    if procedure::questions::when_allowed(st, reg, seat, None).is_err() {
        return Vec::new();
    }
    // What a call adds to the rule for the auction as a whole: whose call it is.
    let ids = st.auction().in_force_ids();
    // Sized once for the most there can be: a view is made on every change.
    let mut askable = Vec::with_capacity(ids.len());
    let ids = ids.iter().enumerate();
    askable.extend(
        ids.filter(|(_, id)| procedure::questions::may_ask_about(st, seat, *id).is_ok())
            .map(|(index, _)| index),
    );
    askable
}

/// The calls in force whose explanation `seat` may correct now, and those whose
/// explanation by partner he may note now (the rules `correct_explanation` and
/// `note_partner_mistake` apply), in one reading of each call's disclosures.
fn explanation_answers(st: &State, reg: &Regulation, seat: Seat, by_call: &ByCall<'_>) -> (Vec<usize>, Vec<usize>) {
    let (mut correctable, mut notable) = (Vec::new(), Vec::new());
    for (index, id) in st.auction().in_force_ids().iter().enumerate() {
        let answers = procedure::correction::answers(st, reg, seat, id, by_call.of(id));
        if answers.correct {
            correctable.push(index);
        }
        if answers.note {
            notable.push(index);
        }
    }
    (correctable, notable)
}

/// The questions whose part `seat` still owes (L20F1: the calls covered that are his to
/// explain; a partner's answer never discharges them).
fn questions_to_answer(st: &State, reg: &Regulation, seat: Seat) -> Vec<usize> {
    let questions = st.extra().questions().iter().enumerate();
    questions
        .filter(|(_, q)| procedure::questions::owes(st, reg, q, seat))
        .map(|(id, _)| id)
        .collect()
}

/// The calls in force with the disclosures `viewer` may see, given the disclosures grouped
/// by call.
fn seen_calls_among<'a>(st: &'a State, viewer: Viewer, by_call: &ByCall<'a>) -> Vec<SeenCall<'a>> {
    let ids = st.auction().in_force_ids();
    // Each call's entry is written in place, its disclosures after: most calls have none,
    // and an entry built aside and then moved costs more than the rest of it.
    // (Over the indices: a range's length is known to `collect`, which then writes in place.)
    let mut calls: Vec<SeenCall<'a>> = (0..ids.len())
        .map(|index| {
            let r = &st.auction().record()[ids.get(CallPos::new(index)).unwrap_or_default().get()];
            SeenCall {
                index,
                seat: r.seat,
                call: r.call,
                alerted: false,
                auto: r.auto,
                disclosures: SeenDisclosures::new(),
            }
        })
        .collect();
    if by_call.is_empty() {
        return calls;
    }
    for (c, id) in calls.iter_mut().zip(ids.iter()) {
        for d in by_call.of(id).filter(|d| visible(d.audience, d.superseded, viewer)) {
            c.alerted |= d.alert;
            c.disclosures.push(SeenDisclosure {
                by: d.by,
                kind: d.kind,
                alert: d.alert,
                text: d.text.as_deref().map(Cow::Borrowed),
                superseded: d.superseded,
            });
        }
    }
    calls
}

/// A superseded disclosure is kept for the Director only.
fn visible(a: Audience, superseded: bool, viewer: Viewer) -> bool {
    a.contains(viewer) && (!superseded || viewer == Viewer::Director)
}
