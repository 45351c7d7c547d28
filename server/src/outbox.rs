//! A connection's outgoing queue. Every message — a reply to the connection's own request or
//! a push — is counted in bytes from the moment it is queued until it is written to the
//! socket; past the connection's budget the connection is closed as `TOO_SLOW`, so a client
//! that does not read costs the server at most its budget. A message next in line (nothing
//! queued or unflushed before it) is written to the socket by the task that sends it
//! (`wire::write_now`); the writer task takes the rest, in order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::{mpsc, watch};

use crate::metrics::Metrics;
use crate::protocol::ErrorCode;
use crate::wire::{self, Direct, Wire};

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
}

/// What the writer is handed, in order.
#[derive(Debug)]
pub enum Queued {
    /// A message to write.
    Text(String),
    /// This many bytes were taken by the socket's WebSocket layer and not yet flushed.
    Flush(usize),
}

impl Queued {
    /// The bytes it holds counted against the budget.
    pub fn bytes(&self) -> usize {
        match self {
            Queued::Text(t) => t.len(),
            Queued::Flush(n) => *n,
        }
    }
}

/// The sending side, cloned into every table the connection has joined.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::UnboundedSender<Queued>,
    shared: Arc<Shared>,
    wire: Option<Wire>,
}

impl std::fmt::Debug for Outbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outbox")
            .field("shared", &self.shared)
            .finish_non_exhaustive()
    }
}

/// The writer's side: messages in order, and the bytes it has written given back.
#[derive(Debug)]
pub struct Inbox {
    rx: mpsc::UnboundedReceiver<Queued>,
    shared: Arc<Shared>,
}

/// A new queue with a budget of `budget` unsent bytes, written only by its writer.
pub fn channel(budget: usize, metrics: Arc<Metrics>) -> (Outbox, Inbox) {
    channel_to(budget, metrics, None)
}

/// A new queue with a budget of `budget` unsent bytes whose messages, when next in line, are
/// written to `wire` by their sender.
pub(crate) fn channel_to(budget: usize, metrics: Arc<Metrics>, wire: Option<Wire>) -> (Outbox, Inbox) {
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
            wire,
        },
        Inbox { rx, shared },
    )
}

impl Outbox {
    /// Sends `text`: written to the socket at once when nothing is queued or unflushed
    /// before it and the socket takes it, queued for the writer otherwise. False when the
    /// connection is closing, or when `text` would take it past its budget: it is then closed
    /// as `TOO_SLOW` and `text` is dropped.
    pub fn send(&self, text: String) -> bool {
        if self.is_closing() {
            return false;
        }
        let n = text.len();
        // Held while the byte count is read, so no message can be queued between the count
        // seen empty and the write (the writer holds it while it writes).
        let mut wire = self.wire.as_ref().and_then(|w| w.try_lock().ok());
        let before = self.shared.queued.fetch_add(n, Ordering::SeqCst);
        if before.saturating_add(n) > self.shared.budget {
            self.shared.queued.fetch_sub(n, Ordering::SeqCst);
            if self.close(Close::new(
                ErrorCode::TooSlow,
                "too far behind: reconnect and resume with since",
            )) {
                self.shared.metrics.count_too_slow();
            }
            return false;
        }
        self.shared.metrics.queue(n);
        let mut text = text;
        if before == 0 {
            if let Some(sink) = wire.as_mut().and_then(|w| w.as_mut()) {
                text = match wire::write_now(sink, text) {
                    Direct::Written => {
                        self.shared.unqueue(n);
                        return true;
                    }
                    Direct::Unflushed => return self.queue(Queued::Flush(n)),
                    Direct::NotTaken(text) => text,
                };
            }
        }
        drop(wire);
        self.queue(Queued::Text(text))
    }

    /// Hands `item` (its bytes already counted) to the writer; false if it has ended.
    fn queue(&self, item: Queued) -> bool {
        let n = item.bytes();
        if self.tx.send(item).is_err() {
            self.shared.unqueue(n);
            return false;
        }
        true
    }

    /// Asks the connection to close for `why` (the first reason wins); whether this was it.
    pub fn close(&self, why: Close) -> bool {
        self.shared.close.send_if_modified(|now| {
            if now.is_some() {
                return false;
            }
            *now = Some(why);
            true
        })
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
    /// The next message or flush (still counted until `written`), or `None` once every
    /// `Outbox` is gone.
    pub async fn recv(&mut self) -> Option<Queued> {
        self.rx.recv().await
    }

    /// The next message or flush if one is queued now (still counted until `written`).
    pub fn try_recv(&mut self) -> Option<Queued> {
        self.rx.try_recv().ok()
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
        while let Ok(item) = self.rx.try_recv() {
            self.shared.unqueue(item.bytes());
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
}
