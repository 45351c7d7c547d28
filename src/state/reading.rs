//! Reading the state: what each record says, never a handle to change it.

use crate::auction::Contract;
use crate::call::{BySeat, Call, Seat};
use crate::play::PlayState;

use super::{
    Aftermath, Bar, CallId, ChangeForReview, ChangeOffer, Comparison, DisclosureRecord, LeadChoice,
    LeadRestrictionRecord, OpenRuling, PartnerNote, Pending, Phase, QuestionRecord, Recall, State, UndoRequest,
};

impl State {
    /// The seat due to call now, taking a pending rectification into account.
    pub fn turn_to_call(&self) -> Seat {
        match self.pending() {
            // L27A1: LHO may accept the insufficient bid by calling over it.
            // L36A, L37A: LHO calls before rectification; L25B1: LHO may accept by calling.
            Some(
                Pending::InsufficientBid { call, .. }
                | Pending::Inadmissible { call }
                | Pending::BarredCall { call }
                | Pending::ChangeOfCall { call, .. },
            ) => self.call(*call).map_or_else(|| self.rotation(), |r| r.seat.lho()),
            // L29: the call out of rotation is not in force; the player whose turn it was.
            Some(Pending::OutOfRotation { due, .. }) => *due,
            Some(Pending::Replacement { seat, .. }) => *seat,
            // L17D3: the auction reverted to a skipped player.
            None => self.turn_override().unwrap_or_else(|| self.rotation()),
        }
    }

    /// The period of the board.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether call `id` was alerted (by its caller or his partner).
    pub fn is_alerted(&self, id: CallId) -> bool {
        self.disclosures().iter().any(|d| d.call == id && d.alert)
    }

    /// Every alert, announcement, explanation and correction, in order.
    pub fn disclosures(&self) -> &[DisclosureRecord] {
        self.extra.as_deref().map_or(&[], |e| &e.disclosures)
    }

    /// Every question asked, in order (ids are positions).
    pub fn questions(&self) -> &[QuestionRecord] {
        self.extra.as_deref().map_or(&[], |e| &e.questions)
    }

    /// The bars, by seat.
    pub fn bars(&self) -> &BySeat<Option<Bar>> {
        &self.irr().bars
    }

    /// The bar on `seat`, if any.
    pub fn bar_on(&self, seat: Seat) -> Option<&Bar> {
        self.irr().bars.get(seat).as_ref()
    }

    /// Whether `seat` is barred (must pass, L37).
    pub fn is_barred(&self, seat: Seat) -> bool {
        self.irr().bars.get(seat).is_some()
    }

    /// The rectification in progress, if any.
    pub fn pending(&self) -> Option<&Pending> {
        self.irr().pending.as_ref()
    }

    /// What the offender's next call decides after a cancelled call out of rotation.
    pub fn aftermath(&self) -> Option<&Aftermath> {
        self.irr().aftermath.as_ref()
    }

    /// The call a player must make (L31A1, L32A1).
    pub fn forced(&self) -> Option<(Seat, Call)> {
        self.irr().forced
    }

    /// The pending Law 25A request, if any.
    pub fn undo_request(&self) -> Option<&UndoRequest> {
        self.irr().undo.as_ref()
    }

    /// The Law 21B1 offers standing.
    pub fn offers(&self) -> &[ChangeOffer] {
        &self.irr().offers
    }

    /// The Law 21B changes made, with the Director's review.
    pub fn changes(&self) -> &[ChangeForReview] {
        &self.irr().changes
    }

    /// The private notes of partner's mistaken explanations (L20F5).
    pub fn notes(&self) -> &[PartnerNote] {
        &self.irr().notes
    }

    /// The questions for the Director, oldest first.
    pub fn open_rulings(&self) -> &[OpenRuling] {
        &self.irr().open_rulings
    }

    /// The Law 26B entitlements.
    pub fn lead_restrictions(&self) -> &[LeadRestrictionRecord] {
        &self.irr().lead_restrictions
    }

    /// Declarer's L26B choice for the opening lead, once made.
    pub fn lead_choice(&self) -> Option<LeadChoice> {
        self.lead_choice
    }

    /// The replacements the Director may still rule comparable (L23A).
    pub fn comparisons(&self) -> &[Comparison] {
        &self.irr().comparisons
    }

    /// The comparable-call question about withdrawn call `withdrawn`, if open (L23A).
    pub fn comparison(&self, withdrawn: CallId) -> Option<&Comparison> {
        self.irr().comparisons.iter().find(|c| c.withdrawn == withdrawn)
    }

    /// The seat due to call when it is not the next in rotation (L17D3).
    pub fn turn_override(&self) -> Option<Seat> {
        self.irr().turn_override
    }

    /// A cancelled call whose L16C entries wait for its caller to call again.
    pub fn recall(&self) -> Option<&Recall> {
        self.irr().recall.as_ref()
    }

    /// The contract fixed when the auction ended.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The opening lead and the cards played.
    pub fn play(&self) -> Option<&PlayState> {
        self.play.as_deref()
    }

    /// The client clock of the last call.
    pub fn last_clock(&self) -> Option<f64> {
        self.last_clock.get()
    }
}
