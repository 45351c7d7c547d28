//! What only an irregularity or the Director brings to a board: bars, rectifications,
//! offers, questions for the Director, and the lead restrictions (a part of their own,
//! `lead.rs`, kept here). A regular board never has any, so the state keeps
//! it boxed and absent until the first of them (a call's checkpoint then copies nothing).

use serde::Serialize;

use crate::action::RulingOn;
use crate::auction::Contract;
use crate::call::{Bid, BySeat, Call, Seat, Strain};
use crate::event::BarKind;
use crate::law::Law;

use super::{
    Aftermath, ArtificialCall, Bar, CallId, ChangeForReview, ChangeOffer, Comparison, Leads, OpenRuling, PartnerNote,
    Pending, Recall, Rectification, UndoRequest,
};

/// What the box holds: the board's irregularities and rulings (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(super) struct IrregularData {
    /// Bars by seat.
    pub(super) bars: BySeat<Option<Bar>>,
    /// Rectification in progress.
    pub(super) pending: Option<Pending>,
    /// What the offender's next call decides after a cancelled call out of rotation.
    pub(super) aftermath: Option<Aftermath>,
    /// A call the player must make (L31A1, L32A1).
    pub(super) forced: Option<(Seat, Call)>,
    /// A pending Law 25A request.
    pub(super) undo: Option<UndoRequest>,
    /// Law 21B1 offers.
    pub(super) offers: Vec<ChangeOffer>,
    /// Law 21B changes awaiting the Director's review.
    pub(super) changes: Vec<ChangeForReview>,
    /// Private notes of partner's mistaken explanations.
    pub(super) notes: Vec<PartnerNote>,
    /// Questions for the Director.
    pub(super) open_rulings: Vec<OpenRuling>,
    /// The lead restrictions (L26B): a part of its own (`lead.rs`), kept here.
    pub(super) leads: Leads,
    /// Replacements the Director may still rule comparable (L23A).
    pub(super) comparisons: Vec<Comparison>,
    /// The Director's rulings on artificial calls (L29C, L30C, L26B).
    pub(super) artificial: Vec<ArtificialCall>,
    /// The seat due to call when it is not the next in rotation (L17D3 revert).
    pub(super) turn_override: Option<Seat>,
    /// A call cancelled by an earlier change (L25A6, L21B2) whose L16C entries wait for its
    /// caller to call again: none if he repeats it.
    pub(super) recall: Option<Recall>,
    /// By seat: the rectification in progress before his latest call action, when one was
    /// (with the marks the state keeps, `BeforeCall`).
    pub(super) before_call: BySeat<Option<Box<Rectification>>>,
    /// `next_turn` bars used up by a pass, with the pass's record id: put back if L17D3
    /// cancels that pass (until the end of the auction period).
    pub(super) used_bars: Vec<(CallId, Seat, Bar)>,
}

/// No irregularity and no ruling: what a board without the box reads.
static NONE: IrregularData = IrregularData::NONE;

impl IrregularData {
    /// No irregularity and no ruling.
    pub(super) const NONE: IrregularData = IrregularData {
        bars: BySeat([None, None, None, None]),
        pending: None,
        aftermath: None,
        forced: None,
        undo: None,
        offers: Vec::new(),
        changes: Vec::new(),
        notes: Vec::new(),
        open_rulings: Vec::new(),
        leads: Leads::NONE,
        comparisons: Vec::new(),
        artificial: Vec::new(),
        turn_override: None,
        recall: None,
        before_call: BySeat([None, None, None, None]),
        used_bars: Vec::new(),
    };

    /// A new box with nothing in it: made once per board with an irregularity, so kept out
    /// of line at the many places that may make it.
    #[cold]
    #[inline(never)]
    fn boxed() -> Box<IrregularData> {
        Box::new(IrregularData::NONE)
    }

    /// Whether nothing is recorded: the box can go.
    pub(super) fn is_none(&self) -> bool {
        // Field by field (the destructuring names each, so a new one must be added here).
        let IrregularData {
            bars,
            pending,
            aftermath,
            forced,
            undo,
            offers,
            changes,
            notes,
            open_rulings,
            leads,
            comparisons,
            artificial,
            turn_override,
            recall,
            before_call,
            used_bars,
        } = self;
        bars.0.iter().all(Option::is_none)
            && pending.is_none()
            && aftermath.is_none()
            && forced.is_none()
            && undo.is_none()
            && offers.is_empty()
            && changes.is_empty()
            && notes.is_empty()
            && open_rulings.is_empty()
            && leads.is_none()
            && comparisons.is_empty()
            && artificial.is_empty()
            && turn_override.is_none()
            && recall.is_none()
            && before_call.0.iter().all(Option::is_none)
            && used_bars.is_empty()
    }
}

/// The board's irregularities and rulings: bars, rectifications, offers, notes, questions
/// for the Director. Boxed and absent until the first of them (read from one shared empty
/// value meanwhile); what only clears makes no box, and the state drops the box at the end
/// of an action that emptied it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Irregular(Option<Box<IrregularData>>);

impl Irregular {
    /// Whether no box is made (nothing recorded since the last action that emptied it).
    #[cfg(test)]
    pub(super) fn is_none(&self) -> bool {
        self.0.is_none()
    }

    /// Drops the box when nothing is left in it (the end of an action).
    pub(super) fn tidy(&mut self) {
        if self.0.as_deref().is_some_and(IrregularData::is_none) {
            self.0 = None;
        }
    }

    /// What is recorded (none, read from one shared empty value, on a regular board).
    pub(super) fn irr(&self) -> &IrregularData {
        self.0.as_deref().unwrap_or(&NONE)
    }

    /// What is recorded, to record one more: the box is made at the first (a checkpoint
    /// then copies it).
    pub(super) fn irr_mut(&mut self) -> &mut IrregularData {
        self.0.get_or_insert_with(IrregularData::boxed)
    }

    /// What is recorded, to change or clear it: none when there is none (clearing nothing
    /// must not make the box).
    pub(super) fn irr_if_any(&mut self) -> Option<&mut IrregularData> {
        self.0.as_deref_mut()
    }

    // ------------------------------------------------------------ reading

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

    /// The record id of the call a pending rectification is about (the irregular call, or
    /// the withdrawn call awaiting its replacement).
    pub fn pending_call(&self) -> Option<CallId> {
        match self.irr().pending.as_ref()? {
            Pending::InsufficientBid { call, .. }
            | Pending::OutOfRotation { call, .. }
            | Pending::Inadmissible { call }
            | Pending::BarredCall { call }
            | Pending::ChangeOfCall { call, .. } => Some(*call),
            Pending::Replacement { withdrawn, .. } => Some(*withdrawn),
        }
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

    /// The lead restrictions (none on a regular board).
    pub(super) fn leads(&self) -> &Leads {
        &self.irr().leads
    }

    /// The lead restrictions, to change them (the box is made at the first).
    pub(super) fn leads_mut(&mut self) -> &mut Leads {
        &mut self.irr_mut().leads
    }

    /// L22: the auction ends (again): declarer's lead choice, if he made one, lapses.
    pub(super) fn forget_lead_choice(&mut self) {
        if let Some(irr) = self.irr_if_any() {
            irr.leads.forget_choice();
        }
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
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub fn recall(&self) -> Option<&Recall> {
        self.irr().recall.as_ref()
    }

    /// The Director's rulings on artificial calls, in the order given.
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub fn artificial_rulings(&self) -> &[ArtificialCall] {
        &self.irr().artificial
    }

    /// The Director's ruling on whether call `call` was artificial, if he gave one.
    pub fn artificial_ruling(&self, call: CallId) -> Option<&ArtificialCall> {
        self.irr().artificial.iter().find(|a| a.call == call)
    }

    /// Whether call `call` was ruled artificial (a call is presumed natural until then).
    pub fn is_artificial(&self, call: CallId) -> bool {
        self.artificial_ruling(call).is_some_and(|a| a.artificial)
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

    // ------------------------------------------------------------ L20F5 notes

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

    /// L17D3: the auction reverts to `due`, recorded only when rotation, which gives
    /// `rotation`, would not give it.
    pub(super) fn revert_turn_to(&mut self, due: Seat, rotation: Seat) {
        if rotation != due {
            self.irr_mut().turn_override = Some(due);
        } else if let Some(irr) = self.irr_if_any() {
            irr.turn_override = None;
        }
    }

    /// When record `id` is withdrawn and every call after it cancelled (L21B1, L25A): the
    /// turn the auction had reverted to (L17D3) no longer applies, and a rectification
    /// pending on a later call lapses with the calls it was made over.
    pub fn forget_turn_and_rectification_after(&mut self, id: CallId) {
        let lapses = self.pending_call().is_some_and(|p| p > id);
        if let Some(irr) = self.irr_if_any() {
            irr.turn_override = None;
            if lapses {
                irr.pending = None;
            }
            // L27C: a premature replacement withdrawn with them no longer awaits LHO.
            if let Some(Pending::InsufficientBid { premature, .. }) = irr.pending.as_mut() {
                if premature.is_some_and(|x| x >= id) {
                    *premature = None;
                }
            }
        }
    }

    // ------------------------------------------------------------ L23A, L29C

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

    /// Keeps the open questions for which `keep` says so, in order.
    pub(super) fn retain_rulings(&mut self, mut keep: impl FnMut(&OpenRuling) -> bool) {
        if let Some(irr) = self.irr_if_any() {
            irr.open_rulings.retain(|r| keep(r));
        }
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

    /// Takes the offer at `pos` among the offers standing.
    pub(super) fn take_offer_at(&mut self, pos: usize) -> Option<ChangeOffer> {
        let offers = &mut self.irr_if_any()?.offers;
        (pos < offers.len()).then(|| offers.remove(pos))
    }

    /// L21B1: a change offer lapses when the offered player's partner calls: `caller`
    /// called, so his partner's offers lapse.
    pub fn lapse_offers_of_partner(&mut self, caller: Seat) {
        if let Some(irr) = self.irr_if_any() {
            irr.offers.retain(|o| o.seat != caller.partner());
        }
    }

    /// The L21B1 offers lapse with the auction period (L41C, L17D2).
    pub(super) fn clear_offers(&mut self) {
        if let Some(irr) = self.irr_if_any() {
            irr.offers.clear();
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

    /// Forgets the change of call that made record `id`, if any (it is withdrawn).
    pub(super) fn forget_change(&mut self, id: CallId) {
        if let Some(irr) = self.irr_if_any() {
            irr.changes.retain(|c| c.replacement != id);
        }
    }

    /// L25A6, L21B2: `recall.seat`'s cancelled call waits for his next call.
    pub fn await_recall(&mut self, recall: Recall) {
        self.irr_mut().recall = Some(recall);
    }

    /// `seat` calls again: his recall, if one waits.
    pub fn take_recall_of(&mut self, seat: Seat) -> Option<Recall> {
        self.irr_if_any()?.recall.take_if(|r| r.seat == seat)
    }

    // ------------------------------------------------------------ before a call (L25A, L21B)

    /// The rectification in progress before `seat`'s latest call action, when one was.
    pub(super) fn before_call(&self, seat: Seat) -> Option<Box<Rectification>> {
        self.irr().before_call.get(seat).clone()
    }

    /// Keeps the rectification now as the one before `seat`'s coming call (none when
    /// nothing is in progress, as before nearly every call: no box is made for it).
    pub(super) fn remember_before_call_of(&mut self, seat: Seat) {
        if self.rectification_in_progress() {
            let now = Box::new(self.rectification());
            *self.irr_mut().before_call.get_mut(seat) = Some(now);
        } else if let Some(irr) = self.irr_if_any() {
            *irr.before_call.get_mut(seat) = None;
        }
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
            lead_restrictions: irr.leads.restrictions().to_vec(),
            aftermath: irr.aftermath.clone(),
            forced: irr.forced,
            turn_override: irr.turn_override,
        }
    }

    /// Whether `rectification` is not the default, asked without building it (before
    /// nearly every call, nothing is in progress).
    fn rectification_in_progress(&self) -> bool {
        let Some(irr) = self.0.as_deref() else {
            return false;
        };
        let busy = irr.pending.is_some()
            || irr.bars.0.iter().any(Option::is_some)
            || !irr.comparisons.is_empty()
            || irr.open_rulings.iter().any(|r| r.on == RulingOn::Comparable)
            || !irr.leads.restrictions().is_empty()
            || irr.aftermath.is_some()
            || irr.forced.is_some()
            || irr.turn_override.is_some();
        debug_assert_eq!(busy, self.rectification() != Rectification::default());
        busy
    }

    /// L25A1, L21B: the rectification state, but for the bars, put back as it was before
    /// a call (`None`: nothing was in progress).
    pub(super) fn restore(&mut self, before: Option<Box<Rectification>>) {
        // Nothing in progress then, and no box now: nothing to put back.
        let irr = match before {
            Some(_) => self.irr_mut(),
            None => match self.irr_if_any() {
                Some(irr) => irr,
                None => return,
            },
        };
        let b = before.map(|r| *r).unwrap_or_default();
        irr.pending = b.pending;
        irr.aftermath = b.aftermath;
        irr.forced = b.forced;
        irr.turn_override = b.turn_override;
        irr.comparisons = b.comparisons;
        irr.leads.restore_restrictions(b.lead_restrictions);
        irr.open_rulings.retain(|r| r.on != RulingOn::Comparable);
        irr.open_rulings.extend(b.comparable_rulings);
    }
}

#[cfg(test)]
mod tests {
    use crate::table::Table;

    fn table() -> Table {
        Table::from_options_json(r#"{"dealer":"N","vulnerability":"None","regulation":"face_to_face"}"#)
            .expect("options")
    }

    fn apply(t: &mut Table, json: &str) {
        assert!(t.apply_json(json).is_ok(), "{json}");
    }

    #[test]
    fn nothing_recorded_is_none_and_anything_recorded_is_not() {
        assert!(super::IrregularData::NONE.is_none());
        let mut barred = super::IrregularData::NONE;
        *barred.bars.get_mut(crate::call::Seat::E) = Some(super::Bar {
            kind: crate::event::BarKind::NextTurn,
            law: crate::law::Law::L23A,
            lifted_if_comparable: None,
        });
        assert!(!barred.is_none());
        let mut overridden = super::IrregularData::NONE;
        overridden.turn_override = Some(crate::call::Seat::S);
        assert!(!overridden.is_none());
    }

    #[test]
    fn l26b_an_entitlement_makes_the_box_and_the_box_goes_with_the_last_one_at_the_end_of_the_action() {
        let mut irr = super::Irregular::default();
        let call = super::CallId::new(3);
        irr.leads_mut()
            .entitle(crate::call::Seat::W, crate::law::Law::L27B2, call);
        irr.tidy();
        assert!(!irr.is_none());
        assert_eq!(irr.leads().restrictions().len(), 1);
        irr.leads_mut().drop_from(call);
        irr.tidy();
        assert!(irr.is_none());
        // Ending the auction with no box makes none.
        irr.forget_lead_choice();
        assert!(irr.is_none());
    }

    #[test]
    fn a_regular_auction_never_makes_the_box_of_irregularities() {
        let mut t = table();
        for (seat, call) in [("N", "1C"), ("E", "P"), ("S", "1H"), ("W", "P"), ("N", "2H")] {
            apply(&mut t, &format!(r#"{{"seat":"{seat}","type":"call","call":"{call}"}}"#));
            assert!(t.state().irregular.is_none(), "after {seat} {call}");
        }
    }

    #[test]
    fn an_irregularity_makes_the_box_and_its_settlement_drops_it() {
        let mut t = table();
        apply(&mut t, r#"{"seat":"N","type":"call","call":"1H"}"#);
        // East's insufficient 1D awaits South's decision (L27A).
        apply(&mut t, r#"{"seat":"E","type":"call","call":"1D"}"#);
        assert!(t.state().irregular().pending().is_some());
        assert!(!t.state().irregular.is_none());
        // South accepts it by calling: nothing is left to rectify, and the box goes.
        apply(&mut t, r#"{"seat":"S","type":"call","call":"P"}"#);
        assert!(t.state().irregular().pending().is_none());
        assert!(t.state().irregular.is_none());
    }

    #[test]
    fn a_refused_action_leaves_no_box_behind() {
        let mut t = table();
        apply(&mut t, r#"{"seat":"N","type":"call","call":"1H"}"#);
        let before = t.state().clone();
        // Nothing is pending: there is nothing for South to accept.
        assert!(!t.apply_json(r#"{"seat":"S","type":"accept"}"#).is_ok());
        assert_eq!(*t.state(), before);
        assert!(t.state().irregular.is_none());
    }
}
