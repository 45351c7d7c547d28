//! The events or warnings of a table one viewer may see, lent by the table and filtered as
//! they are read: making a view costs nothing for them, however long the board has run. A
//! kept view (`View::into_owned`, or one read from JSON) holds its own copy.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::audience::{Audience, Viewer};
use crate::event::Event;
use crate::feed::Kept;
use crate::report::Warning;

/// What has an audience and is lent by the table: an event or a warning.
pub trait Addressed: Clone {
    /// How the table keeps one.
    type Kept: Clone + 'static;
    /// What the kept ones may point into (the feed's other events).
    type Side: Clone + 'static;
    /// Who may see what `kept` stands for (read without building it).
    fn audience_of(kept: &Self::Kept) -> Audience;
    /// What `kept` stands for.
    fn read<'a>(kept: &'a Self::Kept, side: &'a [Self::Side]) -> Option<Cow<'a, Self>>;
}

/// An event: kept packed in the table's feed (`Feed`), a call's built as it is read.
impl Addressed for Event {
    type Kept = Kept;
    type Side = Event;
    fn audience_of(kept: &Kept) -> Audience {
        kept.audience()
    }
    fn read<'a>(kept: &'a Kept, others: &'a [Event]) -> Option<Cow<'a, Event>> {
        kept.read(others)
    }
}

/// A warning: kept as it is.
impl Addressed for Warning {
    type Kept = Warning;
    type Side = ();
    fn audience_of(kept: &Warning) -> Audience {
        kept.audience
    }
    fn read<'a>(kept: &'a Warning, _: &'a [()]) -> Option<Cow<'a, Warning>> {
        Some(Cow::Borrowed(kept))
    }
}

/// The items (events or warnings) a viewer may see, in order.
#[derive(Clone)]
pub struct Seen<'a, T: Addressed> {
    items: Items<'a, T>,
}

#[derive(Clone)]
enum Items<'a, T: Addressed> {
    /// All of the table's items, as it keeps them, and whose view this is.
    Lent {
        all: &'a [T::Kept],
        side: &'a [T::Side],
        viewer: Viewer,
    },
    /// The items seen, kept.
    Kept(Vec<T>),
}

impl<'a, T: Addressed> Seen<'a, T> {
    /// What `viewer` may see of `all` (whose items may point into `side`), lent.
    pub fn lent(all: &'a [T::Kept], side: &'a [T::Side], viewer: Viewer) -> Seen<'a, T> {
        Seen {
            items: Items::Lent { all, side, viewer },
        }
    }

    /// The items, in order.
    pub fn iter(&self) -> Iter<'_, T> {
        match &self.items {
            Items::Lent { all, side, viewer } => Iter::Lent {
                items: all.iter(),
                side,
                viewer: *viewer,
            },
            Items::Kept(kept) => Iter::Kept(kept.iter()),
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
    pub fn last(&self) -> Option<Cow<'_, T>> {
        self.iter().next_back()
    }

    /// The items, copied into a list.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().map(Cow::into_owned).collect()
    }

    /// Appends an item (the items seen so far are kept first, if lent).
    pub fn push(&mut self, item: T) {
        if let Items::Lent { .. } = self.items {
            let kept = Seen {
                items: self.items.clone(),
            }
            .to_vec();
            self.items = Items::Kept(kept);
        }
        if let Items::Kept(kept) = &mut self.items {
            kept.push(item);
        }
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

/// The items a viewer sees, in order (`Seen::iter`): lent ones filtered for the viewer as
/// they are read, kept ones (filtered when kept) all.
pub enum Iter<'b, T: Addressed> {
    /// Lent by the table.
    Lent {
        /// The table's items, as it keeps them.
        items: std::slice::Iter<'b, T::Kept>,
        /// What they may point into.
        side: &'b [T::Side],
        /// Whose view this is.
        viewer: Viewer,
    },
    /// Kept by the view.
    Kept(std::slice::Iter<'b, T>),
}

impl<'b, T: Addressed> Iterator for Iter<'b, T> {
    type Item = Cow<'b, T>;

    fn next(&mut self) -> Option<Cow<'b, T>> {
        match self {
            Iter::Lent { items, side, viewer } => {
                let (side, viewer) = (*side, *viewer);
                items
                    .filter(|k| T::audience_of(k).contains(viewer))
                    .find_map(|k| T::read(k, side))
            }
            Iter::Kept(items) => items.next().map(Cow::Borrowed),
        }
    }
}

impl<T: Addressed> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Lent { items, side, viewer } => {
                let (side, viewer) = (*side, *viewer);
                items
                    .rev()
                    .filter(|k| T::audience_of(k).contains(viewer))
                    .find_map(|k| T::read(k, side))
            }
            Iter::Kept(items) => items.next_back().map(Cow::Borrowed),
        }
    }
}

impl<'b, T: Addressed> IntoIterator for &'b Seen<'_, T> {
    type Item = Cow<'b, T>;
    type IntoIter = Iter<'b, T>;

    fn into_iter(self) -> Iter<'b, T> {
        self.iter()
    }
}

impl<T: Addressed> From<Vec<T>> for Seen<'_, T> {
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
        Warning::new(Code::LateAlert, Severity::Info, audience, message)
    }

    #[test]
    fn a_viewer_sees_only_what_is_addressed_to_him_in_order() {
        let all = [
            warning(Audience::seat(Seat::N), "to north"),
            warning(Audience::EVERYONE, "to all"),
            warning(Audience::seat(Seat::E), "to east"),
            warning(Audience::seat(Seat::N), "to north again"),
        ];
        let north = Seen::<Warning>::lent(&all, &[], Viewer::Seat(Seat::N));
        let messages: Vec<_> = north.iter().map(|w| w.message.to_string()).collect();
        assert_eq!(messages, ["to north", "to all", "to north again"]);
        assert_eq!(north.len(), 3);
        assert_eq!(
            north.last().map(|w| w.message.to_string()).as_deref(),
            Some("to north again")
        );
        let south = Seen::<Warning>::lent(&all, &[], Viewer::Seat(Seat::S));
        assert_eq!(south.len(), 1);
        assert!(!south.is_empty());
        assert!(Seen::<Warning>::lent(&all[..1], &[], Viewer::Seat(Seat::S)).is_empty());
    }

    #[test]
    fn a_kept_copy_equals_the_lent_items_and_reads_back_from_json() {
        let all = [
            warning(Audience::seat(Seat::N), "to north"),
            warning(Audience::seat(Seat::E), "to east"),
        ];
        let lent = Seen::<Warning>::lent(&all, &[], Viewer::Seat(Seat::E));
        let kept = lent.clone().into_owned();
        assert_eq!(kept, lent);
        assert_eq!(kept.len(), 1);
        let json = serde_json::to_string(&lent).expect("writes");
        let back: Seen<'static, Warning> = serde_json::from_str(&json).expect("reads");
        assert_eq!(back, lent);
        assert_ne!(back, Seen::<Warning>::lent(&all, &[], Viewer::Seat(Seat::N)));
    }

    #[test]
    fn events_lent_from_the_packed_feed_are_filtered_and_built_as_they_are_read() {
        use crate::event::EventKind;
        use crate::feed::Feed;
        let mut feed = Feed::default();
        feed.push(Event {
            kind: EventKind::PassedOut,
            audience: Audience::seat(Seat::W),
        });
        feed.push(Event {
            kind: EventKind::Call {
                seat: Seat::N,
                call: crate::call::Call::Pass,
                index: 0,
            },
            audience: Audience::EVERYONE,
        });
        let east = Seen::<Event>::lent(feed.kept(), feed.others(), Viewer::Seat(Seat::E));
        assert_eq!(east.to_vec(), feed.range(1, 2).to_vec());
        let west = Seen::<Event>::lent(feed.kept(), feed.others(), Viewer::Seat(Seat::W));
        assert_eq!(west.to_vec(), feed.all().to_vec());
        assert_eq!(west.clone().into_owned(), west);
        assert_eq!(west.last().map(Cow::into_owned), feed.get(1).map(Cow::into_owned));
    }
}
