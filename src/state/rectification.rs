//! Changing the state in the Laws' words: rectifications, lead choices and restrictions,
//! the Director's rulings, replaced and changed calls.

use std::num::NonZeroU32;

use crate::action::RulingOn;
use crate::auction::Contract;
use crate::call::{Bid, Call, Seat, Strain};
use crate::law::Law;
use crate::store::counting::narrow;
use crate::withdrawal::Withdrawal;

use super::{
    Aftermath, ArtificialCall, BeforeCall, CallId, CallStart, ChangeForReview, ChangeOffer, Comparison, LeadChoice,
    LeadRestrictionRecord, OpenRuling, Pending, Recall, Rectification, State, Status, UndoRequest,
};

/// Changing the state, in the Laws' words: rectifications, lead choices and restrictions,
/// the Director's rulings, replaced and changed calls. Each method keeps the invariants
/// that link the records it touches.
impl State {
    // ------------------------------------------------------------ rectification

    /// An irregularity awaits its rectification.
    pub fn await_rectification(&mut self, p: Pending) {
        self.irr_mut().pending = Some(p);
    }

    /// The pending rectification is settled (or lapses); returns it.
    pub fn settle_pending(&mut self) -> Option<Pending> {
        self.irr_if_any()?.pending.take()
    }

    /// L27B1a: the suggested replacement of the episode of insufficient bid `first`.
    pub fn suggest_replacement(&mut self, first: CallId, bid: Option<Bid>) {
        if let Some(Pending::Replacement {
            suggested,
            insufficient: Some(f),
            ..
        }) = self.irr_if_any().and_then(|irr| irr.pending.as_mut())
        {
            if *f == first {
                *suggested = bid;
            }
        }
    }

    /// The law under which the awaited replacement is made changes (L27B3).
    pub fn apply_to_replacement(&mut self, new: Law) {
        if let Some(Pending::Replacement { law, .. }) = self.irr_if_any().and_then(|irr| irr.pending.as_mut()) {
            *law = new;
        }
    }

    /// After a cancelled call out of rotation: what the offender's next call decides
    /// (L30–L32); `None` when nothing remains to decide.
    pub fn expect_aftermath(&mut self, a: Option<Aftermath>) {
        match a {
            Some(a) => self.irr_mut().aftermath = Some(a),
            None => {
                if let Some(irr) = self.irr_if_any() {
                    irr.aftermath = None;
                }
            }
        }
    }

    /// L31A1, L32A1: `seat` must repeat `call`.
    pub fn force_call(&mut self, seat: Seat, call: Call) {
        self.irr_mut().forced = Some((seat, call));
    }

    /// L30C: `seat` no longer has to repeat his call (the rectification changed).
    pub fn unforce(&mut self, seat: Seat) {
        if let Some(irr) = self.irr_if_any() {
            if irr.forced.is_some_and(|(s, _)| s == seat) {
                irr.forced = None;
            }
        }
    }

    /// L31A1, L32A1: `seat` repeats `call` as he must: the forced call and the aftermath
    /// that required it are settled. Returns whether it was his forced call.
    pub fn repeat_forced_call(&mut self, seat: Seat, call: Call) -> bool {
        let Some(irr) = self.irr_if_any() else { return false };
        if irr.forced != Some((seat, call)) {
            return false;
        }
        irr.forced = None;
        if irr
            .aftermath
            .as_ref()
            .is_some_and(|a| a.seat == seat && a.law.is_forced_repeat())
        {
            irr.aftermath = None;
        }
        true
    }

    /// A call in force by `seat`: his forced call (L31A1) and the turn the auction reverted
    /// to him (L17D3) are used up.
    pub fn turn_used(&mut self, seat: Seat) {
        let Some(irr) = self.irr_if_any() else { return };
        if irr.forced.is_some_and(|(s, _)| s == seat) {
            irr.forced = None;
        }
        if irr.turn_override == Some(seat) {
            irr.turn_override = None;
        }
    }

    /// L17D3: the auction reverts to `due`, recorded only when rotation would not give it.
    pub fn revert_turn_to(&mut self, due: Seat) {
        if self.rotation() != due {
            self.irr_mut().turn_override = Some(due);
        } else if let Some(irr) = self.irr_if_any() {
            irr.turn_override = None;
        }
    }

    // ------------------------------------------------------------ L23A, L26B

    /// Opens the question "is the replacement of `withdrawn` comparable?" (L23A), with its
    /// ruling for the Director.
    pub fn open_comparison(&mut self, offender: Seat, withdrawn: CallId, replacement: Option<CallId>, law: Law) {
        // L29C: what the Director already ruled an artificial call specified.
        let specified = self
            .artificial_ruling(withdrawn)
            .filter(|a| a.artificial)
            .map(|a| a.specified.clone());
        self.irr_mut().comparisons.push(Comparison {
            offender,
            withdrawn,
            replacement,
            law,
            specified,
        });
        self.open_ruling(RulingOn::Comparable, withdrawn);
    }

    /// Closes the comparable-call question about `withdrawn`, and its ruling.
    pub fn close_comparison(&mut self, withdrawn: CallId) {
        if let Some(irr) = self.irr_if_any() {
            irr.comparisons.retain(|c| c.withdrawn != withdrawn);
        }
        self.close_ruling(RulingOn::Comparable, withdrawn);
    }

    /// The replacement of `withdrawn` is made (record `replacement`), presumed not
    /// comparable under `law` when given.
    pub fn compare_replacement(&mut self, withdrawn: CallId, replacement: CallId, law: Option<Law>) {
        if let Some(c) = self.comparison_mut(withdrawn) {
            c.replacement = Some(replacement);
            if let Some(law) = law {
                c.law = law;
            }
        }
    }

    /// L27B1a: the strains the Director states the withdrawn call specified.
    pub fn state_specified(&mut self, withdrawn: CallId, strains: Vec<Strain>) {
        if let Some(c) = self.comparison_mut(withdrawn) {
            c.specified = Some(strains);
        }
    }

    /// The open comparable-call question about `withdrawn`, to change it.
    fn comparison_mut(&mut self, withdrawn: CallId) -> Option<&mut Comparison> {
        self.irr_if_any()?
            .comparisons
            .iter_mut()
            .find(|c| c.withdrawn == withdrawn)
    }

    /// L29C, L30C, L26B: the Director rules call `call` artificial (with the denominations
    /// it specified) or natural; a later ruling on the same call replaces it.
    pub fn rule_artificial(&mut self, call: CallId, artificial: bool, specified: Vec<Strain>) {
        let irr = self.irr_mut();
        irr.artificial.retain(|a| a.call != call);
        irr.artificial.push(ArtificialCall {
            call,
            artificial,
            specified,
        });
    }

    /// The Director's ruling on whether call `call` was artificial, if he gave one.
    pub fn artificial_ruling(&self, call: CallId) -> Option<&ArtificialCall> {
        self.irr().artificial.iter().find(|a| a.call == call)
    }

    /// Whether the rectification of call `call` is still open, so that a ruling on what it
    /// specified can still change it (L29C, L30C): a call out of rotation or insufficient
    /// bid awaiting LHO's decision, a cancelled call out of rotation whose offender has not
    /// called since (its aftermath, or the L30A pass still due), a withdrawn call whose
    /// replacement may still be ruled comparable.
    pub fn rectification_open_for(&self, call: CallId) -> bool {
        let irr = self.irr();
        let pending = match irr.pending {
            Some(Pending::OutOfRotation { call: c, .. } | Pending::InsufficientBid { call: c, .. }) => c == call,
            _ => false,
        };
        pending
            || irr.aftermath.as_ref().is_some_and(|a| a.cancelled == call)
            || irr.comparisons.iter().any(|c| c.withdrawn == call)
            || self.l30a_pass_due_for(call)
    }

    /// L30A: call `call` is a pass out of rotation at RHO's turn, cancelled under L29B, and
    /// its offender has still to make the pass Law 30A requires of him.
    pub fn l30a_pass_due_for(&self, call: CallId) -> bool {
        self.call(call).is_some_and(|r| {
            r.call.is_pass()
                && r.status == Status::Withdrawn
                && matches!(r.withdrawn, Some((Law::L29B, _)))
                && self.bar_on(r.seat).is_some_and(|b| b.law == Law::L30A)
                && !self
                    .record
                    .get(call.next().get()..)
                    .unwrap_or_default()
                    .iter()
                    .any(|later| later.seat == r.seat && later.status != Status::Pending)
        })
    }

    /// Closes the `artificial` questions whose call's rectification is over (L29C, L30C).
    pub fn close_settled_artificial_questions(&mut self) {
        if self.irr().open_rulings.is_empty() {
            return;
        }
        let live: Vec<bool> = self
            .irr()
            .open_rulings
            .iter()
            .map(|r| r.on != RulingOn::Artificial || self.rectification_open_for(r.call))
            .collect();
        let mut keep = live.into_iter();
        self.irr_mut().open_rulings.retain(|_| keep.next().unwrap_or(true));
    }

    /// The Director's rulings on artificial calls, in the order given.
    pub fn artificial_rulings(&self) -> &[ArtificialCall] {
        &self.irr().artificial
    }

    /// Whether call `call` was ruled artificial (a call is presumed natural until then).
    pub fn is_artificial(&self, call: CallId) -> bool {
        self.artificial_ruling(call).is_some_and(|a| a.artificial)
    }

    /// L29C, L26B: the denominations call `call` specified: the Director's list for a call
    /// ruled artificial, else the strain a bid names (a pass, double or redouble names none).
    pub fn specified_by(&self, call: CallId) -> Vec<Strain> {
        if let Some(a) = self.artificial_ruling(call).filter(|a| a.artificial) {
            return a.specified.clone();
        }
        self.call(call)
            .and_then(|r| r.call.bid())
            .map(|b| vec![b.strain])
            .unwrap_or_default()
    }

    /// L26B: declarer's entitlement against `offender`, from withdrawn call `call`.
    pub fn entitle_lead_restriction(&mut self, offender: Seat, law: Law, call: CallId) {
        self.irr_mut().lead_restrictions.push(LeadRestrictionRecord {
            offender,
            law,
            specified: Vec::new(),
            call,
        });
    }

    /// L26B: the strains the offender specified in the legal auction, recorded on the
    /// entitlements from call `call` under `law`.
    pub fn record_specified(&mut self, call: CallId, law: Law, specified: &[Strain]) {
        let Some(irr) = self.irr_if_any() else { return };
        for r in irr
            .lead_restrictions
            .iter_mut()
            .filter(|r| r.call == call && r.law == law)
        {
            r.specified = specified.to_vec();
        }
    }

    /// L26A: a comparable replacement of `call` removes the entitlements it gave.
    pub fn drop_lead_restrictions_from(&mut self, call: CallId) {
        if let Some(irr) = self.irr_if_any() {
            irr.lead_restrictions.retain(|r| r.call != call);
        }
    }

    /// L26B: declarer's choice for the opening lead, or for the opening leader's partner's
    /// first lead in play (only one restriction binds at a time: the partner's first turn to
    /// lead comes after the opening leader has lost the lead).
    pub fn choose_lead(&mut self, choice: LeadChoice) {
        self.lead_choice = Some(choice);
    }

    // ------------------------------------------------------------ Director's rulings

    /// A question for the Director about record `call`.
    pub fn open_ruling(&mut self, on: RulingOn, call: CallId) {
        self.irr_mut().open_rulings.push(OpenRuling { on, call });
    }

    /// Closes the question of kind `on` about record `call`.
    pub fn close_ruling(&mut self, on: RulingOn, call: CallId) {
        if let Some(irr) = self.irr_if_any() {
            irr.open_rulings.retain(|r| !(r.on == on && r.call == call));
        }
    }

    /// Closes every question of kind `on`.
    pub fn close_rulings(&mut self, on: RulingOn) {
        if let Some(irr) = self.irr_if_any() {
            irr.open_rulings.retain(|r| r.on != on);
        }
    }

    /// The oldest question of kind `on`, closed as it is answered.
    pub fn answer_ruling(&mut self, on: RulingOn) -> Option<OpenRuling> {
        let rulings = &mut self.irr_if_any()?.open_rulings;
        let pos = rulings.iter().position(|r| r.on == on)?;
        Some(rulings.remove(pos))
    }

    // ------------------------------------------------------------ L25A, L21B

    /// L25A: a request to replace an unintended call.
    pub fn request_undo(&mut self, req: UndoRequest) {
        self.irr_mut().undo = Some(req);
    }

    /// The pending L25A request, taken to be decided.
    pub fn take_undo_request(&mut self) -> Option<UndoRequest> {
        self.irr_if_any()?.undo.take()
    }

    /// L21B1: `seat` may change call `call`. Returns false when that offer stands already.
    pub fn offer_change(&mut self, seat: Seat, call: CallId) -> bool {
        if self.offers().iter().any(|o| o.seat == seat && o.call == call) {
            return false;
        }
        self.irr_mut().offers.push(ChangeOffer { seat, call });
        true
    }

    /// `seat` takes up his L21B1 offer (the oldest, if several). An offer of a call no
    /// longer in force (withdrawn since, by another rectification) has lapsed: there is no
    /// call left to change, and the view offers none.
    pub fn take_offer(&mut self, seat: Seat) -> Option<ChangeOffer> {
        let pos = self
            .offers()
            .iter()
            .position(|o| o.seat == seat && self.index_of(o.call).is_some())?;
        Some(self.irr_if_any()?.offers.remove(pos))
    }

    /// L21B1: a change offer lapses when the offered player's partner calls: `caller`
    /// called, so his partner's offers lapse.
    pub fn lapse_offers_of_partner(&mut self, caller: Seat) {
        if let Some(irr) = self.irr_if_any() {
            irr.offers.retain(|o| o.seat != caller.partner());
        }
    }

    /// L21B: a change of call made, for the Director's review.
    pub fn record_change(&mut self, change: ChangeForReview) {
        self.irr_mut().changes.push(change);
    }

    /// L21B3: the Director allows the change that made record `replacement`, or not.
    /// Returns the contract of the original auction, if it had ended.
    pub fn rule_on_change(&mut self, replacement: CallId, allowed: bool) -> Option<Contract> {
        let mut before = None;
        let irr = self.irr_if_any()?;
        for c in irr.changes.iter_mut().filter(|c| c.replacement == replacement) {
            c.allowed = Some(allowed);
            before = c.contract_before;
        }
        before
    }

    /// L25A6, L21B2: `recall.seat`'s cancelled call waits for his next call.
    pub fn await_recall(&mut self, recall: Recall) {
        self.irr_mut().recall = Some(recall);
    }

    /// `seat` calls again: his recall, if one waits.
    pub fn take_recall_of(&mut self, seat: Seat) -> Option<Recall> {
        self.irr_if_any()?.recall.take_if(|r| r.seat == seat)
    }

    /// L16B1: the client clock of a call; returns the clock of the previous one.
    pub fn clock_call(&mut self, now: f64) -> Option<f64> {
        self.last_clock.replace(now)
    }

    /// Withdraws (or cancels) call `id`, and forgets the change of call it made, if any.
    pub fn withdraw(&mut self, id: CallId, law: Law, reason: Withdrawal) {
        self.withdraw_call(id, law, reason);
        if let Some(irr) = self.irr_if_any() {
            irr.changes.retain(|c| c.replacement != id);
        }
    }

    /// The rectification state now: what a replacement of `seat`'s coming call restores.
    pub fn remember_before_call_of(&mut self, seat: Seat) {
        let start = CallStart {
            from_plus_one: NonZeroU32::MIN.saturating_add(narrow(self.record.len())),
            status_mark: narrow(self.status_log().len()),
        };
        if self.rectification_in_progress() {
            let now = Box::new(self.rectification());
            *self.irr_mut().before_call.get_mut(seat) = Some(now);
        } else if let Some(irr) = self.irr_if_any() {
            *irr.before_call.get_mut(seat) = None;
        }
        *self.before_call.get_mut(seat) = Some(start);
    }

    /// The rectification state now (see `Rectification`).
    fn rectification(&self) -> Rectification {
        let irr = self.irr();
        Rectification {
            pending: irr.pending.clone(),
            bars: irr.bars.clone(),
            comparisons: irr.comparisons.clone(),
            comparable_rulings: irr
                .open_rulings
                .iter()
                .filter(|r| r.on == RulingOn::Comparable)
                .cloned()
                .collect(),
            lead_restrictions: irr.lead_restrictions.clone(),
            aftermath: irr.aftermath.clone(),
            forced: irr.forced,
            turn_override: irr.turn_override,
        }
    }

    /// Whether `rectification` is not the default, asked without building it (before
    /// nearly every call, nothing is in progress).
    fn rectification_in_progress(&self) -> bool {
        let Some(irr) = self.irregular.as_deref() else {
            return false;
        };
        let busy = irr.pending.is_some()
            || irr.bars.0.iter().any(Option::is_some)
            || !irr.comparisons.is_empty()
            || irr.open_rulings.iter().any(|r| r.on == RulingOn::Comparable)
            || !irr.lead_restrictions.is_empty()
            || irr.aftermath.is_some()
            || irr.forced.is_some()
            || irr.turn_override.is_some();
        debug_assert_eq!(busy, self.rectification() != Rectification::default());
        busy
    }

    /// L25A1, L21B: the rectification state, but for the bars, put back as it was before
    /// the call (see `BeforeCall`).
    pub fn restore_before_call(&mut self, before: BeforeCall) {
        self.restore_statuses(before.start.status_mark as usize, before.from());
        // Nothing in progress then, and no box now: nothing to put back.
        let irr = match before.rectification {
            Some(_) => self.irr_mut(),
            None => match self.irr_if_any() {
                Some(irr) => irr,
                None => return,
            },
        };
        let b = before.rectification.map(|r| *r).unwrap_or_default();
        irr.pending = b.pending;
        irr.aftermath = b.aftermath;
        irr.forced = b.forced;
        irr.turn_override = b.turn_override;
        irr.comparisons = b.comparisons;
        irr.lead_restrictions = b.lead_restrictions;
        irr.open_rulings.retain(|r| r.on != RulingOn::Comparable);
        irr.open_rulings.extend(b.comparable_rulings);
    }
}
