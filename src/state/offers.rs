//! Misinformation and its remedy (L20F5, L21B): the players' private notes that partner's
//! explanation was mistaken, the changes of call offered after misinformation (L21B1), and
//! the changes made, for the Director's review (L21B3). A part of the irregularities' box:
//! read through `State::offers`, changed through `State::offers_mut`.

use serde::Serialize;

use crate::auction::Contract;
use crate::call::Seat;

use super::irregular::PartMut;
use super::CallId;

/// A Law 21B1 right to change one's last call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangeOffer {
    /// Who may change.
    pub seat: Seat,
    /// Record id of the call that may be changed.
    pub call: CallId,
}

/// A player's private note that partner's explanation was mistaken (L20F5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartnerNote {
    /// Who noted it.
    pub seat: Seat,
    /// Record id of the call whose explanation was wrong.
    pub call: CallId,
    /// Corrected since.
    pub corrected: bool,
}

/// An accepted Law 21B change that awaits the Director's review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangeForReview {
    /// Who changed.
    pub seat: Seat,
    /// Record id of the withdrawn call.
    pub original: CallId,
    /// Record id of the new call.
    pub replacement: CallId,
    /// The Director's ruling, once given.
    pub allowed: Option<bool>,
    /// The contract of the original auction, if it had ended before the change.
    pub contract_before: Option<Contract>,
}

/// The notes, offers and changes of call after misinformation (L20F5, L21B).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Offers {
    /// Law 21B1 offers standing.
    pub(super) standing: Vec<ChangeOffer>,
    /// Law 21B changes made, with the Director's review.
    pub(super) changes: Vec<ChangeForReview>,
    /// Private notes of partner's mistaken explanations (L20F5).
    pub(super) notes: Vec<PartnerNote>,
}

/// The notes, offers and changes, to change (the box is made only by what records one).
pub type OffersMut<'a> = PartMut<'a, Offers>;

impl Offers {
    /// No note, offer or change.
    pub(super) const NONE: Offers = Offers {
        standing: Vec::new(),
        changes: Vec::new(),
        notes: Vec::new(),
    };

    /// Whether there is no note, offer or change.
    pub(super) fn is_none(&self) -> bool {
        self.standing.is_empty() && self.changes.is_empty() && self.notes.is_empty()
    }

    /// The Law 21B1 offers standing.
    pub fn standing(&self) -> &[ChangeOffer] {
        &self.standing
    }

    /// The Law 21B changes made, with the Director's review.
    pub fn changes(&self) -> &[ChangeForReview] {
        &self.changes
    }

    /// The private notes of partner's mistaken explanations (L20F5).
    pub fn notes(&self) -> &[PartnerNote] {
        &self.notes
    }
}

impl OffersMut<'_> {
    /// L20F5a: `seat` notes privately that partner's explanation of `call` was mistaken
    /// (once per call).
    pub fn note_partner_mistake(&mut self, seat: Seat, call: CallId) {
        if !self.get().notes.iter().any(|n| n.seat == seat && n.call == call) {
            self.make().notes.push(PartnerNote {
                seat,
                call,
                corrected: false,
            });
        }
    }

    /// `seat` has corrected partner's explanation of `call`: his note is settled.
    pub fn mark_corrected(&mut self, seat: Seat, call: CallId) {
        let Some(o) = self.if_any() else { return };
        for n in o.notes.iter_mut().filter(|n| n.seat == seat && n.call == call) {
            n.corrected = true;
        }
    }

    /// L21B1: `seat` may change call `call`. Returns false when that offer stands already.
    pub fn offer(&mut self, seat: Seat, call: CallId) -> bool {
        if self.get().standing.iter().any(|o| o.seat == seat && o.call == call) {
            return false;
        }
        self.make().standing.push(ChangeOffer { seat, call });
        true
    }

    /// Takes the offer at `pos` among the offers standing.
    pub(super) fn take_at(&mut self, pos: usize) -> Option<ChangeOffer> {
        let standing = &mut self.if_any()?.standing;
        (pos < standing.len()).then(|| standing.remove(pos))
    }

    /// L21B1: a change offer lapses when the offered player's partner calls: `caller`
    /// called, so his partner's offers lapse.
    pub fn lapse_of_partner(&mut self, caller: Seat) {
        if let Some(o) = self.if_any() {
            o.standing.retain(|o| o.seat != caller.partner());
        }
    }

    /// The L21B1 offers lapse with the auction period (L41C, L17D2).
    pub(super) fn clear(&mut self) {
        if let Some(o) = self.if_any() {
            o.standing.clear();
        }
    }

    /// L21B: a change of call made, for the Director's review.
    pub fn record_change(&mut self, change: ChangeForReview) {
        self.make().changes.push(change);
    }

    /// L21B3: the Director allows the change that made record `replacement`, or not.
    /// Returns the contract of the original auction, if it had ended.
    pub fn rule_on_change(&mut self, replacement: CallId, allowed: bool) -> Option<Contract> {
        let mut before = None;
        for c in self.if_any()?.changes.iter_mut().filter(|c| c.replacement == replacement) {
            c.allowed = Some(allowed);
            before = c.contract_before;
        }
        before
    }

    /// Forgets the change of call that made record `id`, if any (it is withdrawn).
    pub(super) fn forget_change(&mut self, id: CallId) {
        if let Some(o) = self.if_any() {
            o.changes.retain(|c| c.replacement != id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Irregular;

    #[test]
    fn l21b1_an_offer_stands_once_and_lapses_when_the_offered_players_partner_calls() {
        let mut irr = Irregular::default();
        let call = CallId::new(3);
        assert!(irr.offers_mut().offer(Seat::E, call));
        assert!(!irr.offers_mut().offer(Seat::E, call));
        irr.offers_mut().lapse_of_partner(Seat::N);
        assert_eq!(irr.offers().standing().len(), 1);
        irr.offers_mut().lapse_of_partner(Seat::W);
        assert!(irr.offers().standing().is_empty());
    }

    #[test]
    fn l20f5a_a_note_is_made_once_per_call_and_settled_by_the_correction() {
        let mut irr = Irregular::default();
        let call = CallId::new(1);
        irr.offers_mut().note_partner_mistake(Seat::S, call);
        irr.offers_mut().note_partner_mistake(Seat::S, call);
        assert_eq!(irr.offers().notes().len(), 1);
        irr.offers_mut().mark_corrected(Seat::S, call);
        assert!(irr.offers().notes()[0].corrected);
    }

    #[test]
    fn lapsing_no_offer_makes_no_box() {
        let mut irr = Irregular::default();
        irr.offers_mut().lapse_of_partner(Seat::N);
        irr.offers_mut().clear();
        assert_eq!(irr.offers_mut().rule_on_change(CallId::new(0), true), None);
        assert!(irr.is_none());
    }
}
