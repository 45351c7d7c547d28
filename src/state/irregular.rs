//! What only an irregularity or the Director brings to a board, by part: the bars
//! (`bars.rs`), the rectification in progress (`rectification.rs`), the L25A request and its
//! recall (`undo.rs`), the notes, offers and changes after misinformation (`offers.rs`), the
//! Director's questions and rulings (`rulings.rs`), the lead restrictions (`lead.rs`), and
//! by seat the rectification before his latest call (L25A, L21B). A regular board never has
//! any, so the state keeps them boxed and absent until the first (a call's checkpoint then
//! copies nothing); the procedure reaches each part through `State` (`st.bars()`,
//! `st.bars_mut()` …).

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::call::{BySeat, Seat};

use super::{
    Bars, BarsMut, InProgress, Leads, Offers, OffersMut, Rectification, RectificationMut, Rulings, RulingsMut, Undo,
    UndoMut,
};

/// What the box holds: the parts (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct IrregularData {
    /// The bars (L23, L26, L27–L37).
    pub(super) bars: Bars,
    /// The rectification in progress (Laws 27–39, L17D3).
    pub(super) rectification: Rectification,
    /// The L25A request pending and the recall a replacement left (L25A6, L21B2).
    pub(super) undo: Undo,
    /// The notes, offers and changes after misinformation (L20F5, L21B).
    pub(super) offers: Offers,
    /// The Director's questions and rulings (L23A, L29C, L30C, L26B).
    pub(super) rulings: Rulings,
    /// The lead restrictions (L26B): a part of its own (`lead.rs`), kept here.
    pub(super) leads: Leads,
    /// By seat: the rectification in progress before his latest call action, when one was
    /// (with the marks the state keeps, `BeforeCall`).
    pub(super) before_call: BySeat<Option<Box<InProgress>>>,
}

/// No irregularity and no ruling: what a board without the box reads.
static NONE: IrregularData = IrregularData::NONE;

/// The fields in the order they had when the box was one struct: a part's fields are not
/// together, and the serialized state stays as it was.
impl Serialize for IrregularData {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("IrregularData", 16)?;
        st.serialize_field("bars", &self.bars.by_seat)?;
        st.serialize_field("pending", &self.rectification.pending)?;
        st.serialize_field("aftermath", &self.rectification.aftermath)?;
        st.serialize_field("forced", &self.rectification.forced)?;
        st.serialize_field("undo", &self.undo.request)?;
        st.serialize_field("offers", &self.offers.standing)?;
        st.serialize_field("changes", &self.offers.changes)?;
        st.serialize_field("notes", &self.offers.notes)?;
        st.serialize_field("open_rulings", &self.rulings.open)?;
        st.serialize_field("leads", &self.leads)?;
        st.serialize_field("comparisons", &self.rulings.comparisons)?;
        st.serialize_field("artificial", &self.rulings.artificial)?;
        st.serialize_field("turn_override", &self.rectification.turn_override)?;
        st.serialize_field("recall", &self.undo.recall)?;
        st.serialize_field("before_call", &self.before_call)?;
        st.serialize_field("used_bars", &self.bars.used)?;
        st.end()
    }
}

impl IrregularData {
    /// No irregularity and no ruling.
    pub(super) const NONE: IrregularData = IrregularData {
        bars: Bars::NONE,
        rectification: Rectification::NONE,
        undo: Undo::NONE,
        offers: Offers::NONE,
        rulings: Rulings::NONE,
        leads: Leads::NONE,
        before_call: BySeat([None, None, None, None]),
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
        // Part by part (the destructuring names each, so a new one must be added here).
        let IrregularData {
            bars,
            rectification,
            undo,
            offers,
            rulings,
            leads,
            before_call,
        } = self;
        bars.is_none()
            && rectification.is_none()
            && undo.is_none()
            && offers.is_none()
            && rulings.is_none()
            && leads.is_none()
            && before_call.0.iter().all(Option::is_none)
    }
}

/// The board's irregularities and rulings, by part. Boxed and absent until the first of
/// them (read from one shared empty value meanwhile); what only clears makes no box, and
/// the state drops the box at the end of an action that emptied it.
#[derive(Debug, Default, PartialEq, serde::Serialize)]
#[serde(transparent)]
pub struct Irregular(Option<Box<IrregularData>>);

/// Copied by every action's checkpoint: inline where there is no box (nearly every action),
/// the box's copy out of line.
impl Clone for Irregular {
    #[inline]
    fn clone(&self) -> Self {
        match &self.0 {
            None => Irregular(None),
            Some(data) => Irregular(Some(copy_box(data))),
        }
    }
}

/// A copy of the box (see `Clone for Irregular`).
#[inline(never)]
fn copy_box(data: &IrregularData) -> Box<IrregularData> {
    Box::new(data.clone())
}

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
    fn irr(&self) -> &IrregularData {
        self.0.as_deref().unwrap_or(&NONE)
    }

    /// What is recorded, to record one more: the box is made at the first (a checkpoint
    /// then copies it).
    fn irr_mut(&mut self) -> &mut IrregularData {
        self.0.get_or_insert_with(IrregularData::boxed)
    }

    /// What is recorded, to change or clear it: none when there is none (clearing nothing
    /// must not make the box).
    fn irr_if_any(&mut self) -> Option<&mut IrregularData> {
        self.0.as_deref_mut()
    }

    // ------------------------------------------------------------ the parts

    /// The bars (L23, L26, L27–L37).
    pub fn bars(&self) -> &Bars {
        &self.irr().bars
    }

    /// The bars, to change.
    pub fn bars_mut(&mut self) -> BarsMut<'_> {
        PartMut::new(self, |d| &d.bars, |d| &mut d.bars)
    }

    /// The rectification in progress (Laws 27–39, L17D3).
    pub fn rectification(&self) -> &Rectification {
        &self.irr().rectification
    }

    /// The rectification in progress, to change.
    pub fn rectification_mut(&mut self) -> RectificationMut<'_> {
        PartMut::new(self, |d| &d.rectification, |d| &mut d.rectification)
    }

    /// The L25A request pending and the recall a replacement left.
    pub fn undo(&self) -> &Undo {
        &self.irr().undo
    }

    /// The L25A request and the recall, to change.
    pub fn undo_mut(&mut self) -> UndoMut<'_> {
        PartMut::new(self, |d| &d.undo, |d| &mut d.undo)
    }

    /// The notes, offers and changes after misinformation (L20F5, L21B).
    pub fn offers(&self) -> &Offers {
        &self.irr().offers
    }

    /// The notes, offers and changes, to change.
    pub fn offers_mut(&mut self) -> OffersMut<'_> {
        PartMut::new(self, |d| &d.offers, |d| &mut d.offers)
    }

    /// The Director's questions and rulings.
    pub fn rulings(&self) -> &Rulings {
        &self.irr().rulings
    }

    /// The Director's questions and rulings, to change.
    pub fn rulings_mut(&mut self) -> RulingsMut<'_> {
        PartMut::new(self, |d| &d.rulings, |d| &mut d.rulings)
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

    // ------------------------------------------------------------ before a call (L25A, L21B)

    /// The rectification in progress before `seat`'s latest call action, when one was.
    pub(super) fn before_call(&self, seat: Seat) -> Option<Box<InProgress>> {
        self.irr().before_call.get(seat).clone()
    }

    /// Keeps the rectification now as the one before `seat`'s coming call (none when
    /// nothing is in progress, as before nearly every call: no box is made for it).
    #[inline]
    pub(super) fn remember_before_call_of(&mut self, seat: Seat) {
        // No box: nothing in progress, nothing remembered to forget (before nearly every call).
        if self.0.is_some() {
            self.remember_in_box(seat);
        }
    }

    /// `remember_before_call_of` once a box is made (out of line: rare).
    #[inline(never)]
    fn remember_in_box(&mut self, seat: Seat) {
        if self.anything_in_progress() {
            let now = Box::new(self.in_progress());
            *self.irr_mut().before_call.get_mut(seat) = Some(now);
        } else if let Some(irr) = self.irr_if_any() {
            *irr.before_call.get_mut(seat) = None;
        }
    }

    /// The rectification state now (see `InProgress`): each part's share.
    fn in_progress(&self) -> InProgress {
        let irr = self.irr();
        InProgress {
            rectification: irr.rectification.clone(),
            bars: irr.bars.by_seat.clone(),
            comparable: irr.rulings.comparable(),
            lead_restrictions: irr.leads.restrictions().to_vec(),
        }
    }

    /// Whether `in_progress` is not the default, asked without building it (before
    /// nearly every call, nothing is in progress).
    fn anything_in_progress(&self) -> bool {
        let Some(irr) = self.0.as_deref() else {
            return false;
        };
        let busy = !irr.rectification.is_none()
            || irr.bars.any()
            || irr.rulings.any_comparable()
            || !irr.leads.restrictions().is_empty();
        debug_assert_eq!(busy, self.in_progress() != InProgress::default());
        busy
    }

    /// L25A1, L21B: the rectification state, but for the bars (the procedure lifts or puts
    /// back each with its event), put back as it was before a call (`None`: nothing was in
    /// progress): each part puts back its own share.
    pub(super) fn restore(&mut self, before: Option<Box<InProgress>>) {
        let then = before.map(|r| *r).unwrap_or_default();
        self.rectification_mut().restore(then.rectification);
        self.rulings_mut().restore_comparable(then.comparable);
        if !then.lead_restrictions.is_empty() {
            self.leads_mut().restore_restrictions(then.lead_restrictions);
        } else if let Some(irr) = self.irr_if_any() {
            irr.leads.restore_restrictions(Vec::new());
        }
    }
}

/// A part of the irregularities, to change: what records something makes the box (`make`),
/// what only changes or clears reads it if there is one (`if_any`: clearing nothing makes
/// no box, as on nearly every call of a regular board).
pub struct PartMut<'a, P> {
    /// The box the part is in, made at the first record.
    irregular: &'a mut Irregular,
    /// The part in the box.
    of: fn(&IrregularData) -> &P,
    /// The part in the box, to change.
    of_mut: fn(&mut IrregularData) -> &mut P,
}

impl<'a, P> PartMut<'a, P> {
    /// The part `of` / `of_mut` read in `irregular`'s box.
    fn new(
        irregular: &'a mut Irregular,
        of: fn(&IrregularData) -> &P,
        of_mut: fn(&mut IrregularData) -> &mut P,
    ) -> Self {
        PartMut {
            irregular,
            of,
            of_mut,
        }
    }

    /// The part as it is (the shared empty one when there is no box).
    pub fn get(&self) -> &P {
        (self.of)(self.irregular.irr())
    }

    /// The part, to record something in it: the box is made at the first.
    pub(super) fn make(&mut self) -> &mut P {
        (self.of_mut)(self.irregular.irr_mut())
    }

    /// The part, to change or clear what it holds: none when there is no box.
    pub(super) fn if_any(&mut self) -> Option<&mut P> {
        self.irregular.irr_if_any().map(self.of_mut)
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
        *barred.bars.by_seat.get_mut(crate::call::Seat::E) = Some(crate::state::Bar {
            kind: crate::event::BarKind::NextTurn,
            law: crate::law::Law::L23A,
            lifted_if_comparable: None,
        });
        assert!(!barred.is_none());
        let mut overridden = super::IrregularData::NONE;
        overridden.rectification.turn_override = Some(crate::call::Seat::S);
        assert!(!overridden.is_none());
    }

    #[test]
    fn l26b_an_entitlement_makes_the_box_and_the_box_goes_with_the_last_one_at_the_end_of_the_action() {
        let mut irr = super::Irregular::default();
        let call = crate::state::CallId::new(3);
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
        assert!(t.state().rectification().pending().is_some());
        assert!(!t.state().irregular.is_none());
        // South accepts it by calling: nothing is left to rectify, and the box goes.
        apply(&mut t, r#"{"seat":"S","type":"call","call":"P"}"#);
        assert!(t.state().rectification().pending().is_none());
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
