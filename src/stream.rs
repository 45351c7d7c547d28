//! Per-viewer streams: for each viewer (a seat, the Director, a spectator) exactly
//! the events and warnings of the board in that viewer's audience, numbered by a version.
//!
//! A viewer's version counts the entries of his own stream, and nothing else: an action that
//! gives him nothing (a partner's private note, a face-down lead seen by the leader alone)
//! leaves his version unchanged, so the number itself tells him nothing outside his audience.
//! Entry `k` (1-based) of a stream has version `k`; `Table::events_since(viewer, v)` is every
//! entry after version `v`, and a fresh client starts from `Table::view(viewer)` with
//! `Table::stream_version(viewer)`.
//!
//! Within one action the events come first, then the warnings, each in the order the action
//! produced them; actions in the order they were accepted.
//!
//! Server time: `Table::apply_on_server_clock` applies an action received from a client
//! with its `at` replaced by the server's clock, so tempo (L16B1) is measured on the server
//! and a client cannot claim a slow or fast call (docs/ENGINEERING.md, "Online tables and the
//! server").
//!
//! This module holds the entries and how they are numbered; the table's methods that read
//! them (`Table::stream`, `events_since`, …) are in src/table/stream.rs, above the view
//! (docs/DESIGN-LAYERS.md).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::audience::{Audience, Viewer};
use crate::event::{Event, Outcome};
use crate::feed::Feed;
use crate::report::Warning;
use crate::stream_marks::Streams;

/// One entry of a viewer's stream: an event or a warning.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StreamItem {
    /// Something that happened at the table.
    Event(Event),
    /// A warning, caution or reminder addressed to the viewer.
    Warning(Warning),
}

impl StreamItem {
    /// Who may see this entry.
    pub const fn audience(&self) -> Audience {
        match self {
            StreamItem::Event(e) => e.audience,
            StreamItem::Warning(w) => w.audience,
        }
    }

    /// The entry's event or warning, borrowed.
    fn lent(&self) -> LentItem<'_> {
        match self {
            StreamItem::Event(e) => LentItem::Event(Cow::Borrowed(e)),
            StreamItem::Warning(w) => LentItem::Warning(w),
        }
    }
}

/// An entry of a viewer's stream with its version (written `{"version":3,"event":{…}}` or
/// `{"version":4,"warning":{…}}`).
///
/// TypeScript (for the bindings): `{ version: number } & ({ event: Event } | { warning: Warning })`.
/// Written as the `LentEntry` it lends (one way of writing an entry); read through
/// `flatten`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct StreamEntry {
    /// The stream's version once this entry is read (1 for the first entry).
    pub version: u64,
    /// The event or warning.
    #[serde(flatten)]
    pub item: StreamItem,
}

/// An entry of a viewer's stream lent by the table: its event read from the feed (borrowed,
/// or rebuilt from its packed form) or its warning borrowed; written exactly as the
/// `StreamEntry` it becomes with `into_owned` (what the bindings hand to JS without a copy).
#[derive(Clone, Debug, PartialEq)]
pub struct LentEntry<'a> {
    /// The stream's version once this entry is read (1 for the first entry).
    pub version: u64,
    /// The event or warning.
    pub item: LentItem<'a>,
}

impl Serialize for StreamEntry {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let lent = LentEntry {
            version: self.version,
            item: self.item.lent(),
        };
        lent.serialize(s)
    }
}

/// Through the struct path, not `#[serde(flatten)]`'s map path (as `Event`): the same object,
/// each field name a static string (in the browser, a cached JS string).
impl Serialize for LentEntry<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut entry = s.serialize_struct("StreamEntry", 2)?;
        entry.serialize_field("version", &self.version)?;
        match &self.item {
            LentItem::Event(e) => entry.serialize_field("event", e)?,
            LentItem::Warning(w) => entry.serialize_field("warning", w)?,
        }
        entry.end()
    }
}

/// The event or warning of a `LentEntry`.
#[derive(Clone, Debug, PartialEq)]
pub enum LentItem<'a> {
    /// Something that happened at the table.
    Event(Cow<'a, Event>),
    /// A warning, caution or reminder addressed to the viewer.
    Warning(&'a Warning),
}

impl LentItem<'_> {
    /// Who may see this entry.
    fn audience(&self) -> Audience {
        match self {
            LentItem::Event(e) => e.audience,
            LentItem::Warning(w) => w.audience,
        }
    }
}

impl LentEntry<'_> {
    /// The entry as the table's own copy.
    pub fn into_owned(self) -> StreamEntry {
        let item = match self.item {
            LentItem::Event(e) => StreamItem::Event(e.into_owned()),
            LentItem::Warning(w) => StreamItem::Warning(w.clone()),
        };
        StreamEntry {
            version: self.version,
            item,
        }
    }
}

/// Every entry of the board in order (events of an action, then its warnings), unfiltered.
pub(crate) fn all_items<'a>(
    streams: &'a Streams,
    feed: &'a Feed,
    warnings: &'a [Warning],
) -> impl Iterator<Item = LentItem<'a>> + 'a {
    streams.actions().flat_map(move |(events, warns)| {
        let warns = warnings.get(warns).unwrap_or_default();
        feed.range(events.start, events.end)
            .iter()
            .map(LentItem::Event)
            .chain(warns.iter().map(LentItem::Warning))
    })
}

/// The entries of one accepted action for `viewer`, numbered from `version` (the viewer's
/// version before that action): what a server pushes to the viewer's connections after the
/// action. `Outcome::Rejected` gives nothing.
pub fn entries_of(outcome: &Outcome, viewer: Viewer, version: u64) -> Vec<StreamEntry> {
    let items = outcome
        .events()
        .iter()
        .map(|e| LentItem::Event(Cow::Borrowed(e)))
        .chain(outcome.warnings().iter().map(LentItem::Warning));
    number(items, viewer, version).map(LentEntry::into_owned).collect()
}

/// The items `viewer` may see, numbered from `from + 1`.
pub(crate) fn number<'a>(
    items: impl Iterator<Item = LentItem<'a>>,
    viewer: Viewer,
    from: u64,
) -> impl Iterator<Item = LentEntry<'a>> {
    items
        .filter(move |i| i.audience().contains(viewer))
        .zip(from + 1..)
        .map(|(item, version)| LentEntry { version, item })
}
