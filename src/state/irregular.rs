//! What only an irregularity or the Director brings to a board: bars, rectifications,
//! offers, questions for the Director. A regular board never has any, so the state keeps
//! it boxed and absent until the first of them (a call's checkpoint then copies nothing).

use serde::Serialize;

use crate::call::{BySeat, Call, Seat};

use super::{
    Aftermath, ArtificialCall, Bar, CallId, ChangeForReview, ChangeOffer, Comparison, LeadRestrictionRecord,
    OpenRuling, PartnerNote, Pending, Recall, Rectification, UndoRequest,
};

/// The state of a board's irregularities and rulings (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Irregular {
    /// Bars by seat.
    pub bars: BySeat<Option<Bar>>,
    /// Rectification in progress.
    pub pending: Option<Pending>,
    /// What the offender's next call decides after a cancelled call out of rotation.
    pub aftermath: Option<Aftermath>,
    /// A call the player must make (L31A1, L32A1).
    pub forced: Option<(Seat, Call)>,
    /// A pending Law 25A request.
    pub undo: Option<UndoRequest>,
    /// Law 21B1 offers.
    pub offers: Vec<ChangeOffer>,
    /// Law 21B changes awaiting the Director's review.
    pub changes: Vec<ChangeForReview>,
    /// Private notes of partner's mistaken explanations.
    pub notes: Vec<PartnerNote>,
    /// Questions for the Director.
    pub open_rulings: Vec<OpenRuling>,
    /// Law 26B entitlements.
    pub lead_restrictions: Vec<LeadRestrictionRecord>,
    /// Replacements the Director may still rule comparable (L23A).
    pub comparisons: Vec<Comparison>,
    /// The Director's rulings on artificial calls (L29C, L30C, L26B).
    pub artificial: Vec<ArtificialCall>,
    /// The seat due to call when it is not the next in rotation (L17D3 revert).
    pub turn_override: Option<Seat>,
    /// A call cancelled by an earlier change (L25A6, L21B2) whose L16C entries wait for its
    /// caller to call again: none if he repeats it.
    pub recall: Option<Recall>,
    /// By seat: the rectification in progress before his latest call action, when one was
    /// (with the marks the state keeps, `BeforeCall`).
    pub before_call: BySeat<Option<Box<Rectification>>>,
    /// `next_turn` bars used up by a pass, with the pass's record id: put back if L17D3
    /// cancels that pass (until the end of the auction period).
    pub used_bars: Vec<(CallId, Seat, Bar)>,
}

/// No irregularity and no ruling: what a board without the box reads.
pub static NONE: Irregular = Irregular::NONE;

impl Irregular {
    /// No irregularity and no ruling.
    pub const NONE: Irregular = Irregular {
        bars: BySeat([None, None, None, None]),
        pending: None,
        aftermath: None,
        forced: None,
        undo: None,
        offers: Vec::new(),
        changes: Vec::new(),
        notes: Vec::new(),
        open_rulings: Vec::new(),
        lead_restrictions: Vec::new(),
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
    pub fn boxed() -> Box<Irregular> {
        Box::new(Irregular::NONE)
    }

    /// Whether nothing is recorded: the box can go.
    pub fn is_none(&self) -> bool {
        // Field by field (the destructuring names each, so a new one must be added here).
        let Irregular {
            bars,
            pending,
            aftermath,
            forced,
            undo,
            offers,
            changes,
            notes,
            open_rulings,
            lead_restrictions,
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
            && lead_restrictions.is_empty()
            && comparisons.is_empty()
            && artificial.is_empty()
            && turn_override.is_none()
            && recall.is_none()
            && before_call.0.iter().all(Option::is_none)
            && used_bars.is_empty()
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
        assert!(super::Irregular::NONE.is_none());
        let mut barred = super::Irregular::NONE;
        *barred.bars.get_mut(crate::call::Seat::E) = Some(super::Bar {
            kind: crate::event::BarKind::NextTurn,
            law: crate::law::Law::L23A,
            lifted_if_comparable: None,
        });
        assert!(!barred.is_none());
        let mut overridden = super::Irregular::NONE;
        overridden.turn_override = Some(crate::call::Seat::S);
        assert!(!overridden.is_none());
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
        assert!(t.state().pending().is_some());
        assert!(t.state().irregular.is_some());
        // South accepts it by calling: nothing is left to rectify, and the box goes.
        apply(&mut t, r#"{"seat":"S","type":"call","call":"P"}"#);
        assert!(t.state().pending().is_none());
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
