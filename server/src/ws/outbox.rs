//! A connection's outgoing queue. Every message — a reply to the connection's own request or
//! a push — is counted in bytes from the moment it is queued until it is written to the
//! socket; past the connection's budget the connection is closed as `TOO_SLOW`, so a client
//! that does not read costs the server at most its budget. A request to close travels the
//! same queue, so the writer waits on one thing, and so do the pages of a catch-up (a
//! `Pager`: `catchup::Pages`), each made and counted only when the writer reaches it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use futures_util::future::BoxFuture;
use tokio::sync::{mpsc, watch};

use crate::metrics::Metrics;
use crate::protocol::ErrorCode;

/// Why the server closes a connection: the coded `error` sent last, then the close frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Close {
    /// The protocol code of the last `error` message (also the close frame's reason).
    pub code: ErrorCode,
    /// Its text.
    pub message: String,
    /// The WebSocket close code (RFC 6455 §7.4).
    pub ws_code: u16,
    /// With `NOT_OWNER`: the owner's address, when known (sent as the error's `owner`).
    pub owner: Option<String>,
}

impl Close {
    /// A close for `code`, with the WebSocket close code that fits it.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Close {
        let ws_code = match code {
            // 1009: a message too big to process.
            ErrorCode::FrameTooLarge => 1009,
            // 1000: normal closure (another connection took the seat over).
            ErrorCode::Replaced => 1000,
            // 1013: try again later (the process is full).
            ErrorCode::TooManyConnections => 1013,
            // 4001 (an application's code, docs/PROTOCOL.md): the table moved — not a
            // violation by the client, who joins again (at `owner`).
            ErrorCode::NotOwner => 4001,
            // 1008: policy violation (too slow, expired, silent, flooding).
            _ => 1008,
        };
        Close {
            code,
            message: message.into(),
            ws_code,
            owner: None,
        }
    }

    /// `NOT_OWNER`: the table moved, to `owner` if known.
    pub fn moved(message: impl Into<String>, owner: Option<String>) -> Close {
        Close {
            owner,
            ..Close::new(ErrorCode::NotOwner, message)
        }
    }
}

/// What the writer and every producer share.
#[derive(Debug)]
struct Shared {
    queued: AtomicUsize,
    budget: usize,
    metrics: Arc<Metrics>,
    close: watch::Sender<Option<Close>>,
}

impl Shared {
    fn unqueue(&self, n: usize) {
        self.queued.fetch_sub(n, Ordering::SeqCst);
        self.metrics.unqueue(n);
    }

    /// Counts `n` more bytes queued; false, counting nothing, if they would pass the budget.
    fn reserve(&self, n: usize) -> bool {
        let before = self.queued.fetch_add(n, Ordering::SeqCst);
        if before.saturating_add(n) > self.budget {
            self.queued.fetch_sub(n, Ordering::SeqCst);
            return false;
        }
        self.metrics.queue(n);
        true
    }

    /// Closes the connection as too slow (the first reason wins); whether this was it.
    fn too_slow(&self) -> bool {
        let why = Close::new(ErrorCode::TooSlow, "too far behind: reconnect and resume with since");
        let first = self.close.send_if_modified(|now| {
            if now.is_some() {
                return false;
            }
            *now = Some(why);
            true
        });
        if first {
            self.metrics.count_too_slow();
        }
        first
    }
}

/// Messages made one at a time when the connection's writer reaches them, each counted then
/// (a catch-up's pages: `catchup::Pages`).
pub trait Pager: Send + std::fmt::Debug {
    /// The next message, or `None` once there is none.
    fn next(&mut self) -> BoxFuture<'_, Option<String>>;
}

/// Queued pages.
type Pages = Box<dyn Pager>;

/// What the queue holds.
#[derive(Debug)]
enum Queued {
    /// A message.
    Text(String),
    /// Pages made when the writer reaches them (a catch-up's entries).
    Pages(Pages),
    /// The connection was asked to close (a wake-up for the writer).
    Wake,
}

/// The sending side, cloned into every table the connection has joined.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::UnboundedSender<Queued>,
    shared: Arc<Shared>,
}

/// The writer's side: messages in order, and the bytes it has written given back.
#[derive(Debug)]
pub struct Inbox {
    rx: mpsc::UnboundedReceiver<Queued>,
    shared: Arc<Shared>,
    /// The writer has seen the connection closing (its wake-up may have been taken).
    closed: bool,
    /// Pages taken from the queue while gathering a batch, the next thing to write.
    held: Option<Pages>,
}

/// What the writer takes from its queue next.
#[derive(Debug)]
pub enum Next {
    /// A message to write (counted until `written`).
    Text(String),
    /// Pages to write one by one, each counted from when it is made (`Inbox::reserve`)
    /// until `written`.
    Pages(Pages),
    /// The connection was asked to close: what is left is dropped.
    Closing,
    /// Every `Outbox` is gone.
    Ended,
}

/// A new queue with a budget of `budget` unsent bytes.
pub fn channel(budget: usize, metrics: Arc<Metrics>) -> (Outbox, Inbox) {
    let (tx, rx) = mpsc::unbounded_channel();
    let shared = Arc::new(Shared {
        queued: AtomicUsize::new(0),
        budget,
        metrics,
        close: watch::Sender::new(None),
    });
    (
        Outbox {
            tx,
            shared: shared.clone(),
        },
        Inbox {
            rx,
            shared,
            closed: false,
            held: None,
        },
    )
}

impl Outbox {
    /// Queues `text`. False when the connection is closing, or when `text` would take it
    /// past its budget: it is then closed as `TOO_SLOW` and `text` is dropped.
    pub fn send(&self, text: String) -> bool {
        if self.is_closing() {
            return false;
        }
        let n = text.len();
        if !self.shared.reserve(n) {
            if self.shared.too_slow() {
                let _ = self.tx.send(Queued::Wake);
            }
            return false;
        }
        if self.tx.send(Queued::Text(text)).is_err() {
            self.shared.unqueue(n);
            return false;
        }
        true
    }

    /// Queues `pages`, made one at a time when the writer reaches them (each counted then).
    /// False when the connection is closing.
    pub fn send_pages(&self, pages: impl Pager + 'static) -> bool {
        !self.is_closing() && self.tx.send(Queued::Pages(Box::new(pages))).is_ok()
    }

    /// The connection's budget of unsent bytes.
    pub fn budget(&self) -> usize {
        self.shared.budget
    }

    /// Asks the connection to close for `why` (the first reason wins); whether this was it.
    pub fn close(&self, why: Close) -> bool {
        let first = self.shared.close.send_if_modified(|now| {
            if now.is_some() {
                return false;
            }
            *now = Some(why);
            true
        });
        if first {
            // Wakes a writer waiting for its next message.
            let _ = self.tx.send(Queued::Wake);
        }
        first
    }

    /// Whether the connection has been asked to close.
    pub fn is_closing(&self) -> bool {
        self.shared.close.borrow().is_some()
    }

    /// Resolves once the connection is asked to close.
    pub fn closing(&self) -> watch::Receiver<Option<Close>> {
        self.shared.close.subscribe()
    }

    /// Bytes queued and not yet written.
    pub fn queued_bytes(&self) -> usize {
        self.shared.queued.load(Ordering::SeqCst)
    }
}

impl Inbox {
    /// The next message, unless the connection is closing or every `Outbox` is gone.
    pub async fn recv(&mut self) -> Next {
        if self.closed {
            return Next::Closing;
        }
        if let Some(pages) = self.held.take() {
            return self.next(Some(Queued::Pages(pages)));
        }
        let next = self.rx.recv().await;
        self.next(next)
    }

    /// The next message if one is queued now and the connection is not closing (pages end a
    /// batch: they are the next thing `recv` gives).
    pub fn try_recv(&mut self) -> Option<String> {
        if self.closed || self.held.is_some() {
            return None;
        }
        match self.rx.try_recv().ok()? {
            Queued::Pages(pages) => {
                self.held = Some(pages);
                None
            }
            taken => match self.next(Some(taken)) {
                Next::Text(text) => Some(text),
                Next::Pages(_) | Next::Closing | Next::Ended => None,
            },
        }
    }

    /// Counts a page of `n` bytes made for the socket; false, and the connection closed as
    /// too slow, if it would pass the budget.
    pub fn reserve(&self, n: usize) -> bool {
        if self.shared.reserve(n) {
            return true;
        }
        self.shared.too_slow();
        false
    }

    /// What a message taken from the queue means: a closing connection writes nothing more
    /// (the bytes of a message it drops are given back).
    fn next(&mut self, taken: Option<Queued>) -> Next {
        let closing = self.shared.close.borrow().is_some();
        self.closed |= closing;
        match taken {
            None => Next::Ended,
            Some(Queued::Text(text)) if !closing => Next::Text(text),
            Some(Queued::Text(text)) => {
                self.shared.unqueue(text.len());
                Next::Closing
            }
            Some(Queued::Pages(pages)) if !closing => Next::Pages(pages),
            Some(Queued::Pages(_) | Queued::Wake) => Next::Closing,
        }
    }

    /// Gives back the bytes of a message taken by `recv` (written, or abandoned).
    pub fn written(&self, n: usize) {
        self.shared.unqueue(n);
    }
}

impl Drop for Inbox {
    /// Every message still queued is dropped and its bytes given back.
    fn drop(&mut self) {
        self.rx.close();
        while let Ok(taken) = self.rx.try_recv() {
            if let Queued::Text(text) = taken {
                self.shared.unqueue(text.len());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_queue_past_its_budget_closes_as_too_slow_and_gives_every_byte_back() {
        let metrics = Arc::new(Metrics::default());
        let (out, inbox) = channel(100, metrics.clone());
        assert!(out.send("x".repeat(60)));
        assert!(out.send("x".repeat(40)));
        assert_eq!(metrics.queued_bytes(), 100);
        assert!(!out.send("x".to_string()), "one byte past the budget");
        assert_eq!(
            out.closing().borrow().as_ref().map(|c| c.code),
            Some(ErrorCode::TooSlow)
        );
        assert!(!out.send("x".to_string()), "nothing is queued once closing");
        assert_eq!(metrics.closed_too_slow(), 1);
        drop(inbox);
        assert_eq!(metrics.queued_bytes(), 0);
        assert_eq!(metrics.peak_queued_bytes(), 100);
        assert!(!out.send(String::new()));
    }

    /// Pages of these texts, made one at a time.
    #[derive(Debug)]
    struct Fixed(Vec<&'static str>);

    impl Pager for Fixed {
        fn next(&mut self) -> BoxFuture<'_, Option<String>> {
            let page = (!self.0.is_empty()).then(|| self.0.remove(0).to_string());
            Box::pin(async move { page })
        }
    }

    /// The text of `next`, if it is one.
    fn text(next: Next) -> Option<String> {
        match next {
            Next::Text(t) => Some(t),
            _ => None,
        }
    }

    #[tokio::test]
    async fn pages_keep_their_place_in_the_queue_and_count_only_once_made() {
        let metrics = Arc::new(Metrics::default());
        let (out, mut inbox) = channel(100, metrics.clone());
        assert!(out.send("before".into()));
        assert!(out.send_pages(Fixed(vec!["page 1", "page 2"])));
        assert!(out.send("after".into()));
        assert_eq!(
            metrics.queued_bytes(),
            "before".len() + "after".len(),
            "pages count once made"
        );
        assert_eq!(text(inbox.recv().await).as_deref(), Some("before"));
        assert_eq!(inbox.try_recv(), None, "a batch ends before pages");
        assert_eq!(inbox.try_recv(), None);
        let Next::Pages(mut pages) = inbox.recv().await else {
            panic!("the pages, in their place");
        };
        assert_eq!(pages.next().await.as_deref(), Some("page 1"));
        assert_eq!(pages.next().await.as_deref(), Some("page 2"));
        assert_eq!(pages.next().await, None);
        assert_eq!(text(inbox.recv().await).as_deref(), Some("after"));
        assert!(inbox.reserve(80), "a page within the budget");
        assert!(!inbox.reserve(30), "a page past it");
        assert_eq!(
            out.closing().borrow().as_ref().map(|c| c.code),
            Some(ErrorCode::TooSlow)
        );
        assert!(!out.send_pages(Fixed(vec!["page"])));
    }

    #[tokio::test]
    async fn a_writer_waiting_for_its_next_message_is_woken_by_a_close_and_writes_nothing_queued() {
        let metrics = Arc::new(Metrics::default());
        let (out, mut inbox) = channel(100, metrics.clone());
        let waiting = tokio::spawn(async move {
            let next = inbox.recv().await;
            (next, inbox)
        });
        tokio::task::yield_now().await;
        assert!(out.close(Close::new(ErrorCode::Replaced, "another connection")));
        let (next, mut inbox) = waiting.await.unwrap();
        assert!(matches!(next, Next::Closing));
        assert!(matches!(inbox.recv().await, Next::Closing), "closing stays closing");

        let (out, mut inbox) = channel(100, metrics.clone());
        assert!(out.send("queued before the close".into()));
        assert!(out.close(Close::new(ErrorCode::TooSlow, "too slow")));
        assert_eq!(inbox.try_recv(), None, "a closing connection writes nothing more");
        assert!(matches!(inbox.recv().await, Next::Closing));
        assert_eq!(metrics.queued_bytes(), 0, "the dropped message's bytes are given back");
    }
}
