//! Changing the state in the Laws' words: periods, disclosures and questions, bars.

use crate::auction::Contract;
use crate::audience::Audience;
use crate::call::Seat;
use crate::event::BarKind;
use crate::play::PlayState;

use super::{Bar, CallId, DisclosureRecord, PartnerNote, Phase, QuestionRecord, State};

/// Changing the state, in the Laws' words. Each method keeps the invariants that link
/// the records it touches.
impl State {
    // ------------------------------------------------------------ periods (L17, L22, L41)

    /// L22: the final pass: the contract is fixed and the clarification period begins; a
    /// lead choice made for an earlier end of the auction (before a reopening) lapses.
    pub fn end_auction(&mut self, contract: Contract) {
        self.phase = Phase::Clarification;
        self.contract = Some(contract);
        self.lead_choice = None;
    }

    /// L22B: four passes; the auction period lasts until the hands are returned (L17D2).
    pub fn pass_out(&mut self) {
        self.phase = Phase::PassedOut;
    }

    /// L21B1, L25A5: the auction reopens: no contract, and a face-down opening lead
    /// returns to the hand.
    pub fn reopen_auction(&mut self) {
        if self.phase != Phase::Auction {
            self.phase = Phase::Auction;
            self.contract = None;
            self.play = None;
        }
    }

    /// L41A: the opening lead, face down.
    pub fn lay_opening_lead(&mut self, leader: Seat, card: crate::card::Card) {
        let play = self.play.get_or_insert_with(|| Box::new(PlayState::new(leader)));
        play.lead = Some(card);
    }

    /// L41C: the opening lead faced by `leader`: the play period begins and the L21B1
    /// offers lapse with the auction period.
    pub fn face_opening_lead(&mut self, leader: Seat, card: crate::card::Card) {
        self.phase = Phase::Play;
        if let Some(irr) = self.irr_if_any() {
            irr.offers.clear();
        }
        if let Some(p) = self.play.as_deref_mut() {
            p.current.push((leader, card));
        }
    }

    /// A card played by (or for) `seat`; returns the trick it completed, as its number and
    /// winner.
    pub fn play_card(&mut self, seat: Seat, card: crate::card::Card, contract: Contract) -> Option<(usize, Seat)> {
        let p = self.play.as_deref_mut()?;
        p.current.push((seat, card));
        if p.current.len() < 4 {
            return None;
        }
        let cards = std::mem::take(&mut p.current);
        let w = crate::play::winner(&cards, contract);
        p.tricks.push(crate::play::Trick { cards, winner: w });
        Some((p.tricks.len(), w))
    }

    /// The end of play (thirteen tricks, or a claim agreed).
    pub fn end_play(&mut self) {
        self.phase = Phase::Ended;
    }

    /// L17D2: a passed-out board's hands are returned: the auction period and its L21B1
    /// offers end.
    pub fn return_hands(&mut self) {
        self.phase = Phase::Ended;
        if let Some(irr) = self.irr_if_any() {
            irr.offers.clear();
        }
    }

    // ------------------------------------------------------------ disclosures, questions

    /// Records an alert, announcement, explanation or correction.
    #[inline]
    pub fn disclose(&mut self, d: DisclosureRecord) {
        self.extra_mut().disclosures.push(d);
    }

    /// L20F4, L20F5: the explanations of call `call` given by `by` are superseded by a
    /// correction; `each` sees each of them before.
    pub fn supersede_explanations(&mut self, call: CallId, by: Seat, mut each: impl FnMut(&DisclosureRecord)) {
        let Some(extra) = &mut self.extra else { return };
        extra.disclosures.update_where(
            |d| d.call == call && d.by == by && !d.superseded,
            |d| {
                each(d);
                d.superseded = true;
            },
        );
    }

    /// Records a question (L20F); returns its id.
    pub fn ask(&mut self, q: QuestionRecord) -> usize {
        let questions = &mut self.extra_mut().questions;
        questions.push(q);
        questions.len() - 1
    }

    /// `seat` explains call `call` to `heard_by`: the questions about it (or about the whole
    /// auction) that he was to answer and has not answered are answered. Returns whether
    /// there was one.
    pub fn answer_questions(&mut self, seat: Seat, call: CallId, heard_by: Audience) -> bool {
        let mut answered = false;
        let Some(extra) = &mut self.extra else { return false };
        extra.questions.update_where(
            |q| q.answerers.contains(&seat) && !q.answered_by.has_seat(seat) && q.call.is_none_or(|c| c == call),
            |q| {
                q.answered_by = q.answered_by.with(seat);
                q.heard_by = q.heard_by.union(heard_by);
                answered = true;
            },
        );
        answered
    }

    /// L20F5a: `seat` notes privately that partner's explanation of `call` was mistaken
    /// (once per call).
    pub fn note_partner_mistake(&mut self, seat: Seat, call: CallId) {
        if !self.irr().notes.iter().any(|n| n.seat == seat && n.call == call) {
            self.irr_mut().notes.push(PartnerNote {
                seat,
                call,
                corrected: false,
            });
        }
    }

    /// `seat` has corrected partner's explanation of `call`: his note is settled.
    pub fn mark_corrected(&mut self, seat: Seat, call: CallId) {
        let Some(irr) = self.irr_if_any() else { return };
        for n in irr.notes.iter_mut().filter(|n| n.seat == seat && n.call == call) {
            n.corrected = true;
        }
    }

    // ------------------------------------------------------------ bars (L23, L27–L37)

    /// Bars `seat`; a `throughout` bar is never shortened. Returns whether the bar was
    /// imposed.
    pub fn bar(&mut self, seat: Seat, bar: Bar) -> bool {
        if matches!(self.bar_on(seat), Some(b) if b.kind == BarKind::Throughout) {
            return false;
        }
        *self.irr_mut().bars.get_mut(seat) = Some(bar);
        true
    }

    /// Puts back a bar as it was before a replaced call (L25A, L21B), whatever is there.
    pub fn restore_bar(&mut self, seat: Seat, bar: Bar) {
        *self.irr_mut().bars.get_mut(seat) = Some(bar);
    }

    /// `seat`'s pass, record `call`, uses up his bar: lifted, and kept to be put back if
    /// L17D3 cancels the pass. Returns whether there was one.
    pub fn use_bar(&mut self, seat: Seat, call: CallId) -> bool {
        let Some(irr) = self.irr_if_any() else { return false };
        let Some(bar) = irr.bars.get_mut(seat).take() else {
            return false;
        };
        irr.used_bars.push((call, seat, bar));
        true
    }

    /// The bar pass `call` used up, taken back to be restored (L17D3 cancelled the pass).
    pub fn take_used_bar(&mut self, call: CallId) -> Option<(Seat, Bar)> {
        let irr = self.irr_if_any()?;
        let at = irr.used_bars.iter().position(|(c, _, _)| *c == call)?;
        let (_, seat, bar) = irr.used_bars.swap_remove(at);
        Some((seat, bar))
    }

    /// The end of the auction period: no pass can be cancelled any more (L17D3).
    pub fn forget_used_bars(&mut self) {
        if let Some(irr) = self.irr_if_any() {
            irr.used_bars.clear();
        }
    }

    /// Lifts the bar on `seat`; returns whether there was one.
    pub fn lift_bar(&mut self, seat: Seat) -> bool {
        self.irr_if_any()
            .is_some_and(|irr| irr.bars.get_mut(seat).take().is_some())
    }
}
