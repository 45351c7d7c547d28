//! The Director's questions and answers: the questions open for him, his rulings on
//! artificial calls (L29C, L30C, L26B), and the comparable-call questions (L23A) with what
//! such a ruling undoes. A part of the irregularities' box: read through `State::rulings`,
//! changed through `State::rulings_mut`; a Law 25A replacement puts back the comparable-call
//! questions as they were before the replaced call (`restore_comparable`).

use serde::Serialize;

use crate::action::RulingOn;
use crate::call::{Seat, Strain};
use crate::law::Law;

use super::irregular::PartMut;
use super::CallId;

/// A question the Director must answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpenRuling {
    /// What is asked.
    pub on: RulingOn,
    /// Record id of the call concerned.
    pub call: CallId,
}

/// The Director's ruling that a call was artificial, or natural (L29C, L30C, L26B).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArtificialCall {
    /// Record id of the call.
    pub call: CallId,
    /// Artificial, or natural.
    pub artificial: bool,
    /// The denominations it specified: the Director's list for an artificial call, the
    /// named strain for a natural bid.
    pub specified: Vec<Strain>,
}

/// A withdrawn call whose replacement the Director may rule comparable (L23A): what such
/// a ruling undoes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The offender.
    pub offender: Seat,
    /// Record id of the withdrawn (cancelled) call.
    pub withdrawn: CallId,
    /// Record id of the replacement, once made.
    pub replacement: Option<CallId>,
    /// The law branch applied while the replacement is presumed not comparable.
    pub law: Law,
    /// Strains the withdrawn call specified, when the Director stated them (L27B1a, L29C).
    pub specified: Option<Vec<Strain>>,
}

/// The questions for the Director, his rulings on artificial calls, the comparable-call
/// questions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rulings {
    /// Questions for the Director, oldest first.
    pub(super) open: Vec<OpenRuling>,
    /// The Director's rulings on artificial calls (L29C, L30C, L26B).
    pub(super) artificial: Vec<ArtificialCall>,
    /// Replacements the Director may still rule comparable (L23A).
    pub(super) comparisons: Vec<Comparison>,
}

/// The comparable-call questions (L23A) and their open rulings: what a Law 25A replacement
/// puts back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparable {
    /// The comparable-call questions.
    pub(super) comparisons: Vec<Comparison>,
    /// The comparable-call rulings awaited, oldest first.
    pub(super) rulings: Vec<OpenRuling>,
}

impl Comparable {
    /// Whether no comparable-call question is open.
    pub(super) fn is_none(&self) -> bool {
        self.comparisons.is_empty() && self.rulings.is_empty()
    }
}

/// The questions and rulings, to change (the box is made only by what records one).
pub type RulingsMut<'a> = PartMut<'a, Rulings>;

impl Rulings {
    /// No question and no ruling.
    pub(super) const NONE: Rulings = Rulings {
        open: Vec::new(),
        artificial: Vec::new(),
        comparisons: Vec::new(),
    };

    /// Whether there is no question and no ruling.
    pub(super) fn is_none(&self) -> bool {
        self.open.is_empty() && self.artificial.is_empty() && self.comparisons.is_empty()
    }

    /// The questions for the Director, oldest first.
    pub fn open(&self) -> &[OpenRuling] {
        &self.open
    }

    /// The Director's rulings on artificial calls, in the order given.
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub fn artificial(&self) -> &[ArtificialCall] {
        &self.artificial
    }

    /// The Director's ruling on whether call `call` was artificial, if he gave one.
    pub fn artificial_ruling(&self, call: CallId) -> Option<&ArtificialCall> {
        self.artificial.iter().find(|a| a.call == call)
    }

    /// Whether call `call` was ruled artificial (a call is presumed natural until then).
    pub fn is_artificial(&self, call: CallId) -> bool {
        self.artificial_ruling(call).is_some_and(|a| a.artificial)
    }

    /// The replacements the Director may still rule comparable (L23A).
    pub fn comparisons(&self) -> &[Comparison] {
        &self.comparisons
    }

    /// The comparable-call question about withdrawn call `withdrawn`, if open (L23A).
    pub fn comparison(&self, withdrawn: CallId) -> Option<&Comparison> {
        self.comparisons.iter().find(|c| c.withdrawn == withdrawn)
    }

    /// Whether a comparable-call question is open (asked before nearly every call, without
    /// building `comparable`).
    pub(super) fn any_comparable(&self) -> bool {
        !self.comparisons.is_empty() || self.open.iter().any(|r| r.on == RulingOn::Comparable)
    }

    /// The comparable-call questions now: what a replacement of the coming call puts back.
    pub(super) fn comparable(&self) -> Comparable {
        Comparable {
            comparisons: self.comparisons.clone(),
            rulings: self
                .open
                .iter()
                .filter(|r| r.on == RulingOn::Comparable)
                .cloned()
                .collect(),
        }
    }
}

impl RulingsMut<'_> {
    /// A question for the Director about record `call`.
    pub fn ask(&mut self, on: RulingOn, call: CallId) {
        self.make().open.push(OpenRuling { on, call });
    }

    /// Closes the question of kind `on` about record `call`.
    pub fn close(&mut self, on: RulingOn, call: CallId) {
        if let Some(r) = self.if_any() {
            r.open.retain(|q| !(q.on == on && q.call == call));
        }
    }

    /// Closes every question of kind `on`.
    pub fn close_all(&mut self, on: RulingOn) {
        if let Some(r) = self.if_any() {
            r.open.retain(|q| q.on != on);
        }
    }

    /// The oldest question of kind `on`, closed as it is answered.
    pub fn answer(&mut self, on: RulingOn) -> Option<OpenRuling> {
        let open = &mut self.if_any()?.open;
        let pos = open.iter().position(|q| q.on == on)?;
        Some(open.remove(pos))
    }

    /// Keeps the open questions for which `keep` says so, in order.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(&OpenRuling) -> bool) {
        if let Some(r) = self.if_any() {
            r.open.retain(|q| keep(q));
        }
    }

    /// L29C, L30C, L26B: the Director rules call `call` artificial (with the denominations
    /// it specified) or natural; a later ruling on the same call replaces it.
    pub fn rule_artificial(&mut self, call: CallId, artificial: bool, specified: Vec<Strain>) {
        let r = self.make();
        r.artificial.retain(|a| a.call != call);
        r.artificial.push(ArtificialCall {
            call,
            artificial,
            specified,
        });
    }

    /// Opens the question "is the replacement of `withdrawn` comparable?" (L23A), with its
    /// ruling for the Director.
    pub fn open_comparison(&mut self, offender: Seat, withdrawn: CallId, replacement: Option<CallId>, law: Law) {
        // L29C: what the Director already ruled an artificial call specified.
        let specified = self
            .get()
            .artificial_ruling(withdrawn)
            .filter(|a| a.artificial)
            .map(|a| a.specified.clone());
        self.make().comparisons.push(Comparison {
            offender,
            withdrawn,
            replacement,
            law,
            specified,
        });
        self.ask(RulingOn::Comparable, withdrawn);
    }

    /// Closes the comparable-call question about `withdrawn`, and its ruling.
    pub fn close_comparison(&mut self, withdrawn: CallId) {
        if let Some(r) = self.if_any() {
            r.comparisons.retain(|c| c.withdrawn != withdrawn);
        }
        self.close(RulingOn::Comparable, withdrawn);
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
        self.if_any()?.comparisons.iter_mut().find(|c| c.withdrawn == withdrawn)
    }

    /// L25A1, L21B: the comparable-call questions put back as they were before a call
    /// (`then`); the other questions and the artificial rulings stay.
    pub(super) fn restore_comparable(&mut self, then: Comparable) {
        let r = if then.is_none() {
            match self.if_any() {
                Some(r) => r,
                None => return,
            }
        } else {
            self.make()
        };
        r.comparisons = then.comparisons;
        r.open.retain(|q| q.on != RulingOn::Comparable);
        r.open.extend(then.rulings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Irregular;

    #[test]
    fn l29c_a_comparison_opened_on_a_call_ruled_artificial_takes_the_denominations_it_specified() {
        let mut irr = Irregular::default();
        let call = CallId::new(1);
        irr.rulings_mut().rule_artificial(call, true, vec![Strain::Hearts]);
        irr.rulings_mut().open_comparison(Seat::E, call, None, Law::L23A);
        let c = irr.rulings().comparison(call).cloned();
        assert_eq!(c.and_then(|c| c.specified), Some(vec![Strain::Hearts]));
        assert_eq!(irr.rulings().open().len(), 1);
        irr.rulings_mut().close_comparison(call);
        assert!(irr.rulings().comparisons().is_empty() && irr.rulings().open().is_empty());
        // The ruling on the artificial call stays.
        assert!(irr.rulings().is_artificial(call));
    }

    #[test]
    fn l25a1_a_replacement_puts_back_the_comparable_questions_and_keeps_the_others() {
        let mut irr = Irregular::default();
        let (first, second) = (CallId::new(1), CallId::new(4));
        irr.rulings_mut().open_comparison(Seat::E, first, None, Law::L23A);
        let then = irr.rulings().comparable();
        irr.rulings_mut().open_comparison(Seat::W, second, None, Law::L23A);
        irr.rulings_mut().ask(RulingOn::Artificial, second);
        irr.rulings_mut().restore_comparable(then);
        let open: Vec<(RulingOn, CallId)> = irr.rulings().open().iter().map(|q| (q.on, q.call)).collect();
        assert_eq!(open, [(RulingOn::Artificial, second), (RulingOn::Comparable, first)]);
        assert_eq!(irr.rulings().comparisons().len(), 1);
    }

    #[test]
    fn answering_or_putting_back_nothing_makes_no_box() {
        let mut irr = Irregular::default();
        assert_eq!(irr.rulings_mut().answer(RulingOn::Comparable), None);
        irr.rulings_mut().restore_comparable(Comparable::default());
        irr.rulings_mut().close_all(RulingOn::Artificial);
        assert!(irr.is_none());
    }
}
