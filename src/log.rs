//! The accepted actions of a board, kept small: a seat's call without text in 16 bytes,
//! any other action boxed.

use serde::ser::{Serialize, Serializer};

use crate::action::{Action, ActionKind, Actor, Intent};
use crate::call::{Call, Seat};
use crate::clock::Clock;

/// One accepted action as the log keeps it.
#[derive(Clone, Debug, PartialEq)]
enum Logged {
    /// A call by a seat with no explanation: the usual action, unboxed.
    Call {
        seat: Seat,
        call: Call,
        alert: bool,
        intent: Option<Intent>,
        at: Clock,
    },
    /// Any other action.
    Other(Box<Action>),
}

impl Logged {
    fn of(a: Action) -> Logged {
        match a {
            Action {
                seat: Actor::Seat(seat),
                kind:
                    ActionKind::Call {
                        call,
                        alert,
                        explanation: None,
                        intent,
                    },
                at,
            } => Logged::Call {
                seat,
                call,
                alert,
                intent,
                at: Clock::of(at),
            },
            other => Logged::Other(Box::new(other)),
        }
    }

    fn action(&self) -> Action {
        match self {
            Logged::Call {
                seat,
                call,
                alert,
                intent,
                at,
            } => Action {
                seat: Actor::Seat(*seat),
                kind: ActionKind::Call {
                    call: *call,
                    alert: *alert,
                    explanation: None,
                    intent: *intent,
                },
                at: at.get(),
            },
            Logged::Other(a) => Action::clone(a),
        }
    }
}

/// The accepted actions of a board, in order (`Table::log`). Read as `Action` values, each
/// rebuilt from what the log keeps (texts are shared, not copied).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Log {
    entries: Vec<Logged>,
}

impl Log {
    /// The number of accepted actions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no action has been accepted.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Action `i`, counted from 0.
    pub fn get(&self, i: usize) -> Option<Action> {
        self.entries.get(i).map(Logged::action)
    }

    /// The last accepted action.
    pub fn last(&self) -> Option<Action> {
        self.entries.last().map(Logged::action)
    }

    /// The actions in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Action> + '_ {
        self.entries.iter().map(Logged::action)
    }

    /// The actions as a list (a snapshot's).
    pub fn to_vec(&self) -> Vec<Action> {
        self.iter().collect()
    }

    /// Appends an accepted action.
    pub(crate) fn push(&mut self, a: Action) {
        self.entries.push(Logged::of(a));
    }

    /// Room for `actions` more.
    pub(crate) fn reserve(&mut self, actions: usize) {
        self.entries.reserve(actions);
    }

    /// The room the log has (0 until the table is sized: `Table::reserve`).
    pub(crate) fn capacity(&self) -> usize {
        self.entries.capacity()
    }
}

/// Written as the list of its actions.
impl Serialize for Log {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn call(seat: Seat, c: &str, alert: bool, explanation: Option<&str>, at: Option<f64>) -> Action {
        Action {
            seat: Actor::Seat(seat),
            kind: ActionKind::Call {
                call: c.parse().expect("a call"),
                alert,
                explanation: explanation.map(Arc::from),
                intent: None,
            },
            at,
        }
    }

    #[test]
    fn a_plain_call_is_kept_in_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Logged>(), 16);
        assert!(matches!(
            Logged::of(call(Seat::N, "1C", true, None, Some(12.0))),
            Logged::Call { .. }
        ));
        assert!(matches!(
            Logged::of(call(Seat::N, "1C", true, Some("strong"), None)),
            Logged::Other(_)
        ));
    }

    #[test]
    fn every_action_reads_back_as_it_was_logged() {
        let actions = [
            call(Seat::N, "1C", false, None, None),
            call(Seat::E, "X", true, None, Some(0.0)),
            call(Seat::S, "XX", false, None, Some(9_007_199_254_740_992.0)),
            call(Seat::W, "7NT", true, Some("to play"), Some(5.0)),
            Action {
                seat: Actor::Director,
                kind: ActionKind::Alert {
                    index: 0,
                    explanation: None,
                },
                at: None,
            },
        ];
        let mut log = Log::default();
        for a in actions.iter().cloned() {
            log.push(a);
        }
        assert_eq!(log.len(), actions.len());
        assert_eq!(log.to_vec(), actions);
        assert_eq!(log.last().as_ref(), actions.last());
        assert_eq!(log.get(1).as_ref(), actions.get(1));
        assert_eq!(log.get(9), None);
    }
}
