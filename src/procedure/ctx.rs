//! The working context of one action: the settings it reads, the state it changes, and
//! the events and warnings it produces.

use crate::audience::Audience;
use crate::board::Board;
use crate::call::Seat;
use crate::event::{Event, EventKind};
use crate::regulation::Regulation;
use crate::report::Warning;
use crate::state::State;

/// The working context of one action: read-only settings and the state being changed.
pub struct Ctx<'a> {
    /// The board.
    pub board: &'a Board,
    /// The regulation.
    pub reg: &'a Regulation,
    /// The state being changed (rolled back if the action is refused).
    pub st: &'a mut State,
    /// Where events go: the table's feed (truncated back if the action is refused).
    pub events: &'a mut Vec<Event>,
    /// Where warnings go: the table's warnings (truncated back if the action is refused).
    pub warnings: &'a mut Vec<Warning>,
    /// The player whose call this action is making, until it is in force: the engine
    /// never passes for him under `auto_pass_barred` meanwhile (he is calling himself, as
    /// when a barred LHO accepts an irregular call by calling over it, L27A1, L25B1, L37A).
    pub calling: Option<Seat>,
}

impl Ctx<'_> {
    /// Records an event for `audience`.
    pub fn event(&mut self, kind: EventKind, audience: Audience) {
        self.events.push(Event { kind, audience });
    }

    /// Records a warning.
    pub fn warn(&mut self, w: Warning) {
        self.warnings.push(w);
    }
}
