//! The accepted actions of a board, kept small: a seat's call in 16 bytes (its explanation,
//! if any, and its clock in a list beside), any other action boxed.

use std::sync::Arc;

use serde::ser::{Serialize, Serializer};

use crate::action::{Action, ActionKind, Actor, Intent};
use crate::call::{Call, Seat};
use crate::store::clock::Clock;
use crate::store::counting::narrow;
use crate::store::rare_list::RareList;

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
    /// A call by a seat with an explanation (self-alerting regulations make one on most
    /// alerted calls): its text and clock are entry `note` of the log's `notes`.
    Explained {
        seat: Seat,
        call: Call,
        alert: bool,
        intent: Option<Intent>,
        note: u32,
    },
    /// Any other action.
    Other(Box<Action>),
}

/// An explained call's text and clock (`Logged::Explained`).
#[derive(Clone, Debug, PartialEq)]
struct Note {
    explanation: Arc<str>,
    at: Clock,
}

impl Logged {
    fn action(&self, notes: &[Note]) -> Action {
        let (seat, call, alert, intent, note, at) = match *self {
            Logged::Call {
                seat,
                call,
                alert,
                intent,
                at,
            } => (seat, call, alert, intent, None, at),
            Logged::Explained {
                seat,
                call,
                alert,
                intent,
                note,
            } => {
                // The log writes each note before the entry that names it.
                let note = notes.get(note as usize);
                (seat, call, alert, intent, note, note.map_or(Clock::NONE, |n| n.at))
            }
            Logged::Other(ref a) => return Action::clone(a),
        };
        Action {
            seat: Actor::Seat(seat),
            kind: ActionKind::Call {
                call,
                alert,
                explanation: note.map(|n| Arc::clone(&n.explanation)),
                intent,
            },
            at: at.get(),
        }
    }
}

/// The accepted actions of a board, in order (`Table::log`). Read as `Action` values, each
/// rebuilt from what the log keeps (texts are shared, not copied).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Log {
    entries: Vec<Logged>,
    /// The explained calls' texts and clocks, in order (made at the first).
    notes: RareList<Note>,
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
        self.entries.get(i).map(|e| e.action(&self.notes))
    }

    /// The last accepted action.
    pub fn last(&self) -> Option<Action> {
        self.entries.last().map(|e| e.action(&self.notes))
    }

    /// The actions in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Action> + '_ {
        self.entries.iter().map(|e| e.action(&self.notes))
    }

    /// The actions as a list (a snapshot's).
    pub fn to_vec(&self) -> Vec<Action> {
        self.iter().collect()
    }

    /// Appends an accepted action.
    pub(crate) fn push(&mut self, a: Action) {
        let entry = match a {
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
            // (Past u32::MAX notes, which no regulation's limit on actions allows: boxed.)
            Action {
                seat: Actor::Seat(seat),
                kind:
                    ActionKind::Call {
                        call,
                        alert,
                        explanation: Some(explanation),
                        intent,
                    },
                at,
            } if self.notes.len() < u32::MAX as usize => {
                let note = narrow(self.notes.len());
                self.notes.push(Note {
                    explanation,
                    at: Clock::of(at),
                });
                Logged::Explained {
                    seat,
                    call,
                    alert,
                    intent,
                    note,
                }
            }
            other => Logged::Other(Box::new(other)),
        };
        self.entries.push(entry);
    }

    /// Room for `explained` more explained calls (a replay knows how many it holds).
    pub(crate) fn reserve_notes(&mut self, explained: usize) {
        self.notes.reserve(explained);
    }

    /// Room for `actions` more.
    pub(crate) fn reserve(&mut self, actions: usize) {
        self.entries.reserve(actions);
    }

    /// Drops the room for texts made ahead that no explained call used.
    pub(crate) fn tidy(&mut self) {
        self.notes.drop_if_empty();
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
    fn a_call_is_kept_in_sixteen_bytes_and_its_explanation_beside_unboxed() {
        assert_eq!(std::mem::size_of::<Logged>(), 16);
        let mut log = Log::default();
        log.push(call(Seat::N, "1C", true, None, Some(12.0)));
        log.push(call(Seat::E, "1D", true, Some("strong"), None));
        log.push(call(Seat::S, "1H", false, Some("natural"), Some(3.0)));
        assert!(matches!(log.entries[0], Logged::Call { .. }));
        assert!(matches!(log.entries[1], Logged::Explained { note: 0, .. }));
        assert!(matches!(log.entries[2], Logged::Explained { note: 1, .. }));
        assert_eq!(log.notes.len(), 2);
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
