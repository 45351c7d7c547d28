//! A catch-up too large for one message, sent in pages (docs/PROTOCOL.md, "A catch-up in
//! pages"). A viewer's whole view and stream grow with the board: at a table filled to its
//! caps the Director's `joined` alone would pass a connection's budget of unsent bytes, and
//! the connection would be closed `TOO_SLOW` on every try. Past half the budget, the reply
//! (`joined`, `view`, or the entries of `events_since`) is sent instead as a fresh start from
//! version 0 and pages a client folds like any push:
//!
//! - the head: `joined` (or `view`) at version 0, with the view now but for its history
//!   (`events`, `warnings`) and the lists that grow with the board (`calls`, `withdrawn`,
//!   `questions`, `open_rulings`, the Director's `ledger`), and `until`: the version the pages
//!   lead to; queued under the table's lock, as any reply;
//! - `events` messages with no entries and a patch setting those lists' items by position,
//!   as they were when the head was made;
//! - the viewer's entries from version 1 to `until`, as `events` messages with an empty
//!   patch.
//!
//! Each page holds at most a page of bytes (`page_bytes`; one item larger than that goes
//! alone) and is made by the connection's writer when the last one has been written
//! (`Pages`), and only then counted against the budget: the queue never holds more than the
//! head, one page and the pushes behind them. What a page is made from does not change
//! meanwhile: the lists as they were (kept, but the ledger, which only grows and is read from
//! the table), and history. The pushes after the head are queued behind the pages, so the
//! client's version rises page by page and then push by push, with no gap, and his view is
//! the table's once he reaches `until`.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::io;
use std::ops::Range;

use bridge_laws::view::{ListPatch, Seen, SeenCall, ViewPatch};
use bridge_laws::{View, Viewer, Warning};
use serde::Serialize;

use futures_util::future::{BoxFuture, FutureExt};

use crate::tables::live::{Live, Slot};
use crate::ws::outbox::{Outbox, Pager};
use crate::ws::server_msg::{Entries, ServerMsg};

/// The largest reply sent as one message: half the connection's budget (the other half is
/// left to the pushes queued behind it).
pub(crate) fn one_message(budget: usize) -> usize {
    budget / 2
}

/// The most bytes a page holds (but one item, if a single item is larger): an eighth of the
/// connection's budget, from 4 KiB to 64 KiB.
pub(crate) fn page_bytes(budget: usize) -> usize {
    (budget / 8).clamp(4 * 1024, 64 * 1024)
}

/// How a paged catch-up starts: the reply to `join`, or to `view`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Start {
    /// `joined`.
    Joined,
    /// `view`.
    View,
}

/// Queues `viewer`'s paged catch-up at table `table_id` (held in `slot`, locked as `live`) to
/// `out`, connection `conn`'s queue: the head now, the rest made as the writer reaches it.
/// False if the connection was closed meanwhile (too slow).
pub(crate) fn send(
    out: &Outbox,
    live: &Live,
    slot: &Slot,
    table_id: &str,
    viewer: Viewer,
    conn: u64,
    start: Start,
) -> bool {
    let page = page_bytes(out.budget());
    let until = live.table.stream_version(viewer);
    let Split { head, lists, ledger } = split(live.table.view(viewer), page);
    let head = match start {
        Start::Joined => {
            let hash = (viewer == Viewer::Director).then(|| live.table.state_hash());
            ServerMsg::Joined {
                table: table_id,
                viewer,
                version: 0,
                regulation: live.table.regulation(),
                entries: None,
                view: head,
                state_hash: hash.as_deref(),
                until: Some(until),
            }
            .to_text()
        }
        Start::View => ServerMsg::View {
            version: 0,
            view: head,
            until: Some(until),
        }
        .to_text(),
    };
    out.send(head)
        && out.send_pages(Pages {
            lists: lists.into(),
            ledger: 0..ledger,
            fold: true,
            ..Pages::entries(slot, conn, table_id, viewer, 0, until, page)
        })
}

/// The rest of a catch-up, made into messages of at most a page each (but one larger item,
/// alone) when the connection's writer reaches them: the view's lists as they were when it
/// began, the Director's ledger up to its length then (it only grows), then the entries of
/// the viewer's stream from one version to another (history: read from the table then).
pub struct Pages {
    slot: Slot,
    /// The connection they are for: once it has left the table, nothing more is made.
    conn: u64,
    table: String,
    viewer: Viewer,
    /// The lists of the view (but the ledger) when the catch-up began, a page each.
    lists: VecDeque<ViewPatch>,
    /// The ledger's positions still to send.
    ledger: Range<usize>,
    /// The last version sent.
    from: u64,
    /// The version to reach.
    until: u64,
    /// Pages of a catch-up carry a patch (empty with entries: a client folds them as
    /// pushes); the reply to `events_since` carries entries alone.
    fold: bool,
    page: usize,
}

impl std::fmt::Debug for Pages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pages")
            .field("table", &self.table)
            .field("viewer", &self.viewer)
            .field("lists", &self.lists.len())
            .field("ledger", &self.ledger)
            .field("from", &self.from)
            .field("until", &self.until)
            .finish_non_exhaustive()
    }
}

/// The connection's writer makes each page when it reaches it.
impl Pager for Pages {
    fn next(&mut self) -> BoxFuture<'_, Option<String>> {
        self.next_page().boxed()
    }
}

impl Pages {
    /// The entries after `from` up to `until` of `viewer`'s stream at the table in `slot`,
    /// for connection `conn`, without a patch (the reply to `events_since`).
    pub(crate) fn entries(
        slot: &Slot,
        conn: u64,
        table: &str,
        viewer: Viewer,
        from: u64,
        until: u64,
        page: usize,
    ) -> Pages {
        Pages {
            slot: slot.clone(),
            conn,
            table: table.to_owned(),
            viewer,
            lists: VecDeque::new(),
            ledger: 0..0,
            from,
            until,
            fold: false,
            page,
        }
    }

    /// The next page, or `None` once everything is sent or the connection has left the table.
    pub async fn next_page(&mut self) -> Option<String> {
        if self.lists.is_empty() && self.ledger.is_empty() && self.from >= self.until {
            return None;
        }
        let live = self.slot.lock().await;
        if live.evicted || !live.subs.iter().any(|s| s.conn == self.conn) {
            return None;
        }
        if let Some(patch) = self.lists.pop_front() {
            return Some(self.patch_page(&patch));
        }
        if !self.ledger.is_empty() {
            let patch = ledger_page(&live.table.view(self.viewer).ledger, self.ledger.clone(), self.page)?;
            self.ledger.start += patch.ledger.as_ref().map_or(0, |l| l.set.len());
            return Some(self.patch_page(&patch));
        }
        let left = usize::try_from(self.until - self.from).unwrap_or(usize::MAX);
        let mut pager = PageFill::new(self.page);
        let mut taken = Vec::new();
        for entry in live.table.events_since_lent(self.viewer, self.from).ok()?.take(left) {
            if !pager.fits(&entry) {
                break;
            }
            taken.push(entry);
        }
        if taken.is_empty() {
            return None;
        }
        self.from += taken.len() as u64;
        let empty = ViewPatch::default();
        let text = ServerMsg::Events {
            table: &self.table,
            entries: Entries::Lent(taken),
            patch: self.fold.then_some(&empty),
            view: None,
            state_hash: None,
        }
        .to_text();
        Some(text)
    }

    /// An `events` message with no entries and `patch`.
    fn patch_page(&self, patch: &ViewPatch) -> String {
        ServerMsg::Events {
            table: &self.table,
            entries: Entries::Pushed(&[]),
            patch: Some(patch),
            view: None,
            state_hash: None,
        }
        .to_text()
    }
}

/// The items of the ledger at `range` that fill a page (at least one), as a patch of the
/// ledger held up to `range.start`; `None` if there are none.
fn ledger_page(ledger: &[Cow<'_, Warning>], range: Range<usize>, page: usize) -> Option<ViewPatch> {
    let mut pager = PageFill::new(page);
    let mut set = Vec::new();
    for (i, warning) in ledger.iter().enumerate().take(range.end).skip(range.start) {
        if !pager.fits(warning) {
            break;
        }
        set.push((i, warning.as_ref().clone()));
    }
    let len = set.last().map(|(i, _)| i + 1)?;
    Some(ViewPatch {
        ledger: Some(ListPatch { len, set }),
        ..ViewPatch::default()
    })
}

/// Counts the bytes of a page being filled.
struct PageFill {
    page: usize,
    bytes: usize,
}

impl PageFill {
    fn new(page: usize) -> PageFill {
        PageFill { page, bytes: 0 }
    }

    /// Whether `item` goes in the page (the first always does), counting it if so.
    fn fits<T: Serialize + ?Sized>(&mut self, item: &T) -> bool {
        // The item, its position and the separators around it.
        let n = json_len(item) + 12;
        if self.bytes > 0 && self.bytes + n > self.page {
            return false;
        }
        self.bytes += n;
        true
    }
}

/// The bytes of `value` written as JSON.
fn json_len<T: Serialize + ?Sized>(value: &T) -> usize {
    let mut counter = Counter(0);
    let _ = serde_json::to_writer(&mut counter, value);
    counter.0
}

/// A writer that only counts.
struct Counter(usize);

impl io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A view split for a paged catch-up.
pub(crate) struct Split<'a> {
    /// The view without its history and without the items of the lists that grow with the
    /// board.
    pub head: View<'a>,
    /// Those items (but the ledger's) as patches of at most a page each, in order.
    pub lists: Vec<ViewPatch>,
    /// The length of the ledger (sent from the table as its turn comes: it only grows).
    pub ledger: usize,
}

/// `view` split for a paged catch-up, in pages of `page` bytes (but one larger item, alone).
pub(crate) fn split(mut view: View<'_>, page: usize) -> Split<'_> {
    view.events = Seen::from(Vec::new());
    view.warnings = Seen::from(Vec::new());
    let ledger = std::mem::take(&mut view.ledger).len();
    let mut pages = ListPages::default();
    let calls: Vec<SeenCall<'static>> = std::mem::take(&mut view.calls)
        .into_iter()
        .map(SeenCall::into_owned)
        .collect();
    pages.list(page, calls, |p| &mut p.calls);
    pages.list(page, std::mem::take(&mut view.withdrawn), |p| &mut p.withdrawn);
    pages.list(page, std::mem::take(&mut view.questions), |p| &mut p.questions);
    pages.list(page, std::mem::take(&mut view.open_rulings), |p| &mut p.open_rulings);
    pages.flush();
    Split {
        head: view,
        lists: pages.done,
        ledger,
    }
}

/// Patches of a view's lists, a page each.
#[derive(Default)]
struct ListPages {
    done: Vec<ViewPatch>,
    current: ViewPatch,
    bytes: usize,
}

impl ListPages {
    /// Adds the items of one list, from position 0, each set by its position (a patch holds
    /// the positions after those held, in order: it fits the list the last page left).
    fn list<T: Serialize>(
        &mut self,
        page: usize,
        items: Vec<T>,
        field: fn(&mut ViewPatch) -> &mut Option<ListPatch<T>>,
    ) {
        for (i, item) in items.into_iter().enumerate() {
            let mut pager = PageFill {
                page,
                bytes: self.bytes,
            };
            if !pager.fits(&item) {
                self.flush();
                pager = PageFill::new(page);
                pager.fits(&item);
            }
            self.bytes = pager.bytes;
            let list = field(&mut self.current).get_or_insert_with(|| ListPatch {
                len: i,
                set: Vec::new(),
            });
            list.len = i + 1;
            list.set.push((i, item));
        }
    }

    /// Closes the page being filled, if it holds anything.
    fn flush(&mut self) {
        if !self.current.is_empty() {
            self.done.push(std::mem::take(&mut self.current));
        }
        self.bytes = 0;
    }
}

#[cfg(test)]
mod tests {
    use bridge_laws::{Outcome, SeatTable, Table, Update, Viewer};

    use super::{ledger_page, split, Split};

    /// A table where East asked about North's 1C thirty times, each answered (by North
    /// self-alerting, by South face to face: the Director's ledger grows too).
    fn table(regulation: &str, explainer: &str) -> Table {
        let options = format!(r#"{{"dealer":"N","vulnerability":"None","regulation":{regulation}}}"#);
        let mut t = Table::from_options_json(&options).unwrap();
        let mut steps = vec![r#"{"seat":"N","type":"call","call":"1C"}"#.to_string()];
        for i in 0..30 {
            steps.push(r#"{"seat":"E","type":"ask","index":0}"#.into());
            steps.push(format!(
                r#"{{"seat":"{explainer}","type":"explain","index":0,"text":"answer {i}"}}"#
            ));
        }
        steps.push(r#"{"seat":"E","type":"call","call":"1H"}"#.into());
        for s in &steps {
            assert!(!matches!(t.apply_json(s), Outcome::Rejected(_)), "{s}");
        }
        t
    }

    #[tokio::test]
    async fn entries_come_in_pages_of_at_most_a_page_until_the_connection_leaves_the_table() {
        use std::sync::Arc;

        use crate::metrics::Metrics;
        use crate::tables::live::{Live, Sub};

        let t = table(r#""online""#, "N");
        let viewer = Viewer::Director;
        let stream = serde_json::to_value(t.stream(viewer)).unwrap();
        let until = t.stream_version(viewer);
        let mut live = Live::new(t, Default::default(), None);
        let (out, _inbox) = crate::ws::outbox::channel(1 << 20, Arc::new(Metrics::default()));
        live.subs.push(Sub { conn: 7, viewer, out });
        let slot = Arc::new(tokio::sync::Mutex::new(live));
        let mut pages = super::Pages::entries(&slot, 7, "t1", viewer, 0, until, 600);
        let mut entries = Vec::new();
        let mut count = 0;
        while let Some(page) = pages.next_page().await {
            let msg: serde_json::Value = serde_json::from_str(&page).unwrap();
            let these = msg["entries"].as_array().unwrap();
            assert!(
                page.len() <= 600 + 100 || these.len() == 1,
                "a page of {} bytes",
                page.len()
            );
            assert!(
                msg.get("patch").is_none(),
                "the reply to events_since carries entries alone"
            );
            entries.extend(these.iter().cloned());
            count += 1;
        }
        assert!(count > 1, "in pages");
        assert_eq!(serde_json::Value::Array(entries), stream);

        let mut pages = super::Pages::entries(&slot, 7, "t1", viewer, 0, until, 600);
        assert!(pages.next_page().await.is_some());
        slot.lock().await.subs.clear();
        assert_eq!(pages.next_page().await, None, "nothing more once the connection left");
    }

    #[tokio::test]
    async fn pages_queued_to_a_connection_come_out_in_their_place_and_make_the_same_messages() {
        use std::sync::Arc;

        use crate::metrics::Metrics;
        use crate::tables::live::{Live, Sub};
        use crate::ws::outbox::{channel, Next};

        let t = table(r#""online""#, "N");
        let until = t.stream_version(Viewer::Director);
        let (out, mut inbox) = channel(1 << 20, Arc::new(Metrics::default()));
        let mut live = Live::new(t, Default::default(), None);
        live.subs.push(Sub {
            conn: 1,
            viewer: Viewer::Director,
            out: out.clone(),
        });
        let slot = Arc::new(tokio::sync::Mutex::new(live));
        let pages = || super::Pages::entries(&slot, 1, "t1", Viewer::Director, 0, until, 600);
        assert!(out.send("before".into()));
        assert!(out.send_pages(pages()));
        assert!(out.send("after".into()));
        assert!(matches!(inbox.recv().await, Next::Text(t) if t == "before"));
        let Next::Pages(mut queued) = inbox.recv().await else {
            panic!("the pages, after the message queued before them");
        };
        let mut direct = pages();
        loop {
            let (a, b) = (queued.next().await, direct.next_page().await);
            assert_eq!(a, b);
            if a.is_none() {
                break;
            }
        }
        assert!(matches!(inbox.recv().await, Next::Text(t) if t == "after"));
    }

    #[test]
    fn a_view_split_into_pages_folds_back_into_the_same_view() {
        let tables = [
            table(r#""online""#, "N"),
            table(r#"{"preset":"face_to_face","questions":"any_time"}"#, "S"),
        ];
        assert!(!tables[1].view(Viewer::Director).ledger.is_empty(), "a ledger to page");
        for (t, viewer) in tables.iter().flat_map(|t| Viewer::ALL.map(|v| (t, v))) {
            for page in [1, 300, 4096, 1 << 20] {
                let Split { head, lists, ledger } = split(t.view(viewer), page);
                assert!(head.events.is_empty() && head.calls.is_empty() && head.questions.is_empty());
                assert!(head.ledger.is_empty() && head.warnings.is_empty());
                let view = t.view(viewer);
                if page == 1 {
                    let items = view.calls.len() + view.questions.len();
                    assert_eq!(lists.len(), items, "{viewer}: one item a page");
                }
                let mut client = SeatTable::new(viewer, 0, head).unwrap();
                for p in lists {
                    client.receive(Update::with_patch(Vec::new(), p)).unwrap();
                }
                let mut sent = 0;
                while let Some(p) = ledger_page(&view.ledger, sent..ledger, page) {
                    sent += p.ledger.as_ref().unwrap().set.len();
                    client.receive(Update::with_patch(Vec::new(), p)).unwrap();
                }
                assert_eq!(sent, view.ledger.len(), "{viewer}");
                let stream = t.stream(viewer);
                client.receive(Update::with_patch(stream, Default::default())).unwrap();
                assert_eq!(client.version(), t.stream_version(viewer));
                assert_eq!(
                    serde_json::to_value(client.view()).unwrap(),
                    serde_json::to_value(t.view(viewer)).unwrap(),
                    "{viewer}, pages of {page} bytes"
                );
            }
        }
    }
}
