//! The events or warnings of a table one viewer may see, lent by the table and filtered as
//! they are read: making a view costs nothing for them, however long the board has run. A
//! kept view (`View::into_owned`, or one read from JSON) holds its own copy.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::audience::{Audience, Viewer};
use crate::event::Event;
use crate::report::Warning;

/// What has an audience: an event or a warning.
pub trait Addressed: Clone {
    /// Who may see it.
    fn audience(&self) -> Audience;
}

impl Addressed for Event {
    fn audience(&self) -> Audience {
        self.audience
    }
}

impl Addressed for Warning {
    fn audience(&self) -> Audience {
        self.audience
    }
}

/// The items (events or warnings) a viewer may see, in order.
#[derive(Clone)]
pub struct Seen<'a, T> {
    items: Items<'a, T>,
}

#[derive(Clone)]
enum Items<'a, T> {
    /// All of the table's items, and whose view this is.
    Lent { all: &'a [T], viewer: Viewer },
    /// The items seen, kept.
    Kept(Vec<T>),
}

impl<'a, T: Addressed> Seen<'a, T> {
    /// What `viewer` may see of `all`, lent.
    pub fn lent(all: &'a [T], viewer: Viewer) -> Seen<'a, T> {
        Seen {
            items: Items::Lent { all, viewer },
        }
    }

    /// The items, in order.
    pub fn iter(&self) -> Iter<'_, T> {
        match &self.items {
            Items::Lent { all, viewer } => Iter {
                items: all.iter(),
                viewer: Some(*viewer),
            },
            Items::Kept(kept) => Iter {
                items: kept.iter(),
                viewer: None,
            },
        }
    }

    /// How many there are (counted: linear in the table's items while lent).
    pub fn len(&self) -> usize {
        match &self.items {
            Items::Kept(kept) => kept.len(),
            Items::Lent { .. } => self.iter().count(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }

    /// The newest.
    pub fn last(&self) -> Option<&T> {
        self.iter().next_back()
    }

    /// The items, copied into a list.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }

    /// The same items, kept (to outlive the table's next change).
    pub fn into_owned(self) -> Seen<'static, T> {
        let kept = match self.items {
            Items::Kept(kept) => kept,
            lent @ Items::Lent { .. } => Seen { items: lent }.to_vec(),
        };
        Seen {
            items: Items::Kept(kept),
        }
    }
}

/// The items a viewer sees, in order (`Seen::iter`).
pub struct Iter<'b, T> {
    items: std::slice::Iter<'b, T>,
    /// The viewer to filter for; `None` when the items were filtered when kept.
    viewer: Option<Viewer>,
}

/// Whether `item` is shown: to `viewer`, or always once kept (filtered then).
fn shown<T: Addressed>(viewer: Option<Viewer>, item: &T) -> bool {
    viewer.is_none_or(|v| item.audience().contains(v))
}

impl<'b, T: Addressed> Iterator for Iter<'b, T> {
    type Item = &'b T;

    fn next(&mut self) -> Option<&'b T> {
        let viewer = self.viewer;
        self.items.find(|item| shown(viewer, *item))
    }
}

impl<T: Addressed> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let viewer = self.viewer;
        self.items.rfind(|item| shown(viewer, *item))
    }
}

impl<'b, T: Addressed> IntoIterator for &'b Seen<'_, T> {
    type Item = &'b T;
    type IntoIter = Iter<'b, T>;

    fn into_iter(self) -> Iter<'b, T> {
        self.iter()
    }
}

impl<T> From<Vec<T>> for Seen<'_, T> {
    fn from(kept: Vec<T>) -> Self {
        Seen {
            items: Items::Kept(kept),
        }
    }
}

impl<T: Addressed + PartialEq> PartialEq for Seen<'_, T> {
    fn eq(&self, other: &Seen<'_, T>) -> bool {
        self.iter().eq(other.iter())
    }
}

impl<T: Addressed + fmt::Debug> fmt::Debug for Seen<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Addressed + Serialize> Serialize for Seen<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Addressed + Deserialize<'de>> Deserialize<'de> for Seen<'_, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<T>::deserialize(d).map(Seen::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::call::Seat;
    use crate::report::{Code, Severity};

    fn warning(audience: Audience, message: &'static str) -> Warning {
        Warning::new(Code::LATE_ALERT, Severity::Info, audience, message)
    }

    #[test]
    fn a_viewer_sees_only_what_is_addressed_to_him_in_order() {
        let all = [
            warning(Audience::seat(Seat::N), "to north"),
            warning(Audience::EVERYONE, "to all"),
            warning(Audience::seat(Seat::E), "to east"),
            warning(Audience::seat(Seat::N), "to north again"),
        ];
        let north = Seen::lent(&all, Viewer::Seat(Seat::N));
        let messages: Vec<_> = north.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(messages, ["to north", "to all", "to north again"]);
        assert_eq!(north.len(), 3);
        assert_eq!(north.last().map(|w| w.message.as_str()), Some("to north again"));
        let south = Seen::lent(&all, Viewer::Seat(Seat::S));
        assert_eq!(south.len(), 1);
        assert!(!south.is_empty());
        assert!(Seen::lent(&all[..1], Viewer::Seat(Seat::S)).is_empty());
    }

    #[test]
    fn a_kept_copy_equals_the_lent_items_and_reads_back_from_json() {
        let all = [
            warning(Audience::seat(Seat::N), "to north"),
            warning(Audience::seat(Seat::E), "to east"),
        ];
        let lent = Seen::lent(&all, Viewer::Seat(Seat::E));
        let kept = lent.clone().into_owned();
        assert_eq!(kept, lent);
        assert_eq!(kept.len(), 1);
        let json = serde_json::to_string(&lent).expect("writes");
        let back: Seen<'static, Warning> = serde_json::from_str(&json).expect("reads");
        assert_eq!(back, lent);
        assert_ne!(back, Seen::lent(&all, Viewer::Seat(Seat::N)));
    }
}
