//! A call replaced (L25A, L21B2): the pending request to replace an unintended call
//! (L25A), and LHO's call cancelled by the replacement, whose L16C entries wait for him to
//! call again (L25A6, L21B2). A part of the irregularities' box: read through
//! `State::undo`, changed through `State::undo_mut`.

use serde::Serialize;

use crate::call::{Call, Seat, Side};

use super::irregular::PartMut;
use super::CallId;

/// A pending request to replace an unintended call (L25A).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UndoRequest {
    /// Who asked.
    pub seat: Seat,
    /// Record id of the call to replace.
    pub call: CallId,
    /// The intended call.
    pub replacement: Call,
}

/// LHO's call cancelled when a call before it was replaced or changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Recall {
    /// LHO, who calls again.
    pub seat: Seat,
    /// Record id of his cancelled call.
    pub cancelled: CallId,
    /// The side for which the cancelled call is unauthorized.
    pub offending: Side,
}

/// The L25A request pending and the recall a replacement left (none on a regular board).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Undo {
    /// A pending Law 25A request.
    pub(super) request: Option<UndoRequest>,
    /// A call cancelled by an earlier change (L25A6, L21B2) whose L16C entries wait for its
    /// caller to call again: none if he repeats it.
    pub(super) recall: Option<Recall>,
}

/// The L25A request and the recall, to change (the box is made only by what records one).
pub type UndoMut<'a> = PartMut<'a, Undo>;

impl Undo {
    /// No request and no recall.
    pub(super) const NONE: Undo = Undo {
        request: None,
        recall: None,
    };

    /// Whether there is no request and no recall.
    pub(super) fn is_none(&self) -> bool {
        self.request.is_none() && self.recall.is_none()
    }

    /// The pending Law 25A request, if any.
    pub fn request(&self) -> Option<&UndoRequest> {
        self.request.as_ref()
    }

    /// A cancelled call whose L16C entries wait for its caller to call again.
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub fn recall(&self) -> Option<&Recall> {
        self.recall.as_ref()
    }
}

impl UndoMut<'_> {
    /// L25A: a request to replace an unintended call.
    pub fn ask(&mut self, req: UndoRequest) {
        self.make().request = Some(req);
    }

    /// The pending L25A request, taken to be decided.
    pub fn take_request(&mut self) -> Option<UndoRequest> {
        self.if_any()?.request.take()
    }

    /// L25A6, L21B2: `recall.seat`'s cancelled call waits for his next call.
    pub fn await_recall(&mut self, recall: Recall) {
        self.make().recall = Some(recall);
    }

    /// `seat` calls again: his recall, if one waits.
    pub fn take_recall_of(&mut self, seat: Seat) -> Option<Recall> {
        self.if_any()?.recall.take_if(|r| r.seat == seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Irregular;

    #[test]
    fn l25a6_the_recall_is_taken_by_its_callers_next_call_only() {
        let mut irr = Irregular::default();
        irr.undo_mut().await_recall(Recall {
            seat: Seat::E,
            cancelled: CallId::new(2),
            offending: Side::NS,
        });
        assert_eq!(irr.undo_mut().take_recall_of(Seat::S), None);
        assert_eq!(irr.undo_mut().take_recall_of(Seat::E).map(|r| r.cancelled), Some(CallId::new(2)));
        assert!(irr.undo().recall().is_none());
    }

    #[test]
    fn l25a_a_request_is_taken_once_to_be_decided() {
        let mut irr = Irregular::default();
        irr.undo_mut().ask(UndoRequest {
            seat: Seat::N,
            call: CallId::new(0),
            replacement: Call::Pass,
        });
        assert!(irr.undo().request().is_some());
        assert!(irr.undo_mut().take_request().is_some());
        assert!(irr.undo_mut().take_request().is_none());
    }

    #[test]
    fn taking_no_recall_makes_no_box() {
        let mut irr = Irregular::default();
        assert_eq!(irr.undo_mut().take_recall_of(Seat::W), None);
        assert!(irr.is_none());
    }
}
