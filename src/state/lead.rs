//! The lead restrictions (L26B): declarer's entitlements from the rectification of
//! irregularities (L23, L26, L27–L32, L39C) and his choice for the lead. A part of the state
//! of its own: the procedure reads it through `State::lead` and changes it through
//! `State::lead_mut`; which restriction binds whom is asked in `procedure::lead_restriction`
//! (it reads the contract as well). Only an irregularity brings one, so the part is kept in
//! the irregularities' box (absent on a regular board, so a checkpoint copies nothing), and
//! a Law 25A replacement puts its entitlements back with the rest of the rectification.

use serde::Serialize;

use crate::call::{Seat, Strain};
use crate::law::Law;

use super::CallId;

/// A Law 26B entitlement for declarer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeadRestrictionRecord {
    /// The offender.
    pub offender: Seat,
    /// The law under which it arose.
    pub law: Law,
    /// Strains the offender specified in the legal auction (not restrictable).
    pub specified: Vec<Strain>,
    /// Record id of the withdrawn call that gave rise to it (a comparable ruling on its
    /// replacement removes it, L26A).
    pub call: CallId,
}

/// Declarer's Law 26B choice for the opening lead (the `restrict_lead` action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LeadChoice {
    /// Declarer, who chose.
    pub declarer: Seat,
    /// The defender whose leads it binds: the opening leader, or the opening leader's
    /// partner at his first turn to lead in play (L26B).
    pub leader: Seat,
    /// The suit named; none when declarer chose not to restrict the lead.
    pub suit: Option<Strain>,
    /// The suit is required (`require_or_prohibit`), not prohibited.
    pub require: bool,
}

/// The lead restrictions: the L26B entitlements, oldest first, and declarer's choice (which
/// needs an entitlement: the `restrict_lead` action is refused without one).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Leads {
    /// Law 26B entitlements, in the order they arose.
    #[serde(rename = "lead_restrictions")]
    restrictions: Vec<LeadRestrictionRecord>,
    /// Declarer's L26B choice, once made (lapses when the auction ends again after a
    /// reopening).
    #[serde(rename = "lead_choice")]
    choice: Option<LeadChoice>,
}

impl Leads {
    /// No entitlement and no choice.
    pub const NONE: Leads = Leads {
        restrictions: Vec::new(),
        choice: None,
    };

    /// The Law 26B entitlements, oldest first.
    pub fn restrictions(&self) -> &[LeadRestrictionRecord] {
        &self.restrictions
    }

    /// Declarer's L26B choice, once made.
    pub fn choice(&self) -> Option<LeadChoice> {
        self.choice
    }

    /// L26B: declarer's entitlement against `offender`, from withdrawn call `call` (the
    /// suits the offender specified are recorded at the end of the auction).
    pub fn entitle(&mut self, offender: Seat, law: Law, call: CallId) {
        self.restrictions.push(LeadRestrictionRecord {
            offender,
            law,
            specified: Vec::new(),
            call,
        });
    }

    /// L26B: the strains the offender specified in the legal auction, recorded on the
    /// entitlements from call `call` under `law`.
    pub fn record_specified(&mut self, call: CallId, law: Law, specified: &[Strain]) {
        for r in self.restrictions.iter_mut().filter(|r| r.call == call && r.law == law) {
            r.specified = specified.to_vec();
        }
    }

    /// L26A: a comparable replacement of `call` removes the entitlements it gave (and L39B:
    /// one that lapsed when the offender's LHO called before it was applied).
    pub fn drop_from(&mut self, call: CallId) {
        self.restrictions.retain(|r| r.call != call);
    }

    /// L26B: declarer's choice for the opening lead, or for the opening leader's partner's
    /// first lead in play (only one restriction binds at a time: the partner's first turn to
    /// lead comes after the opening leader has lost the lead).
    pub fn choose(&mut self, choice: LeadChoice) {
        self.choice = Some(choice);
    }

    /// Whether there is neither an entitlement nor a choice.
    pub(super) fn is_none(&self) -> bool {
        self.restrictions.is_empty() && self.choice.is_none()
    }

    /// L22: the auction ends (again): a choice made for an earlier end, before a
    /// reopening, lapses.
    pub(super) fn forget_choice(&mut self) {
        self.choice = None;
    }

    /// L25A1, L21B: the entitlements put back as they were before a call (the rest of the
    /// rectification then is the irregularities' part).
    pub(super) fn restore_restrictions(&mut self, before: Vec<LeadRestrictionRecord>) {
        self.restrictions = before;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entitled() -> Leads {
        let mut leads = Leads::NONE;
        leads.entitle(Seat::W, Law::L27B2, CallId::new(7));
        leads.entitle(Seat::E, Law::L39C, CallId::new(9));
        leads
    }

    #[test]
    fn l26b_an_entitlement_starts_with_no_suit_specified_and_gets_the_offenders_at_the_end() {
        let mut leads = entitled();
        assert!(leads.restrictions().iter().all(|r| r.specified.is_empty()));
        leads.record_specified(CallId::new(7), Law::L27B2, &[Strain::Hearts]);
        let specified: Vec<&[Strain]> = leads.restrictions().iter().map(|r| r.specified.as_slice()).collect();
        assert_eq!(specified, [&[Strain::Hearts][..], &[][..]]);
        // Another law's entitlement from the same call is a different one.
        leads.record_specified(CallId::new(9), Law::L27B2, &[Strain::Spades]);
        assert!(leads.restrictions()[1].specified.is_empty());
    }

    #[test]
    fn l26a_a_comparable_replacement_removes_only_the_entitlements_its_call_gave() {
        let mut leads = entitled();
        leads.drop_from(CallId::new(7));
        let offenders: Vec<Seat> = leads.restrictions().iter().map(|r| r.offender).collect();
        assert_eq!(offenders, [Seat::E]);
    }

    #[test]
    fn l22_a_choice_lapses_when_the_auction_ends_again_but_the_entitlements_stay() {
        let mut leads = entitled();
        leads.choose(LeadChoice {
            declarer: Seat::N,
            leader: Seat::E,
            suit: Some(Strain::Spades),
            require: false,
        });
        assert_eq!(leads.choice().map(|c| c.leader), Some(Seat::E));
        leads.forget_choice();
        assert_eq!(leads.choice(), None);
        assert_eq!(leads.restrictions().len(), 2);
    }

    #[test]
    fn l25a1_a_replaced_call_puts_the_entitlements_back_as_they_were() {
        let mut leads = entitled();
        let before = leads.restrictions()[..1].to_vec();
        leads.restore_restrictions(before);
        assert_eq!(leads.restrictions().len(), 1);
        assert_eq!(leads.restrictions()[0].law, Law::L27B2);
    }
}
