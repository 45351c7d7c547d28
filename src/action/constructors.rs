//! What every typed constructor starts from (each kind's own are in its row of the
//! actions' table, `kinds`).

use super::{Action, ActionKind, Actor};
use crate::call::Seat;

impl Action {
    /// `seat` takes an action of `kind`, with no client clock.
    pub const fn new(seat: Actor, kind: ActionKind) -> Action {
        Action { seat, kind, at: None }
    }

    /// The same action stamped with the client's clock (milliseconds), for tempo records.
    pub fn at(mut self, ms: f64) -> Action {
        self.at = Some(ms);
        self
    }

    pub(super) const fn by(seat: Seat, kind: ActionKind) -> Action {
        Action::new(Actor::Seat(seat), kind)
    }
}
