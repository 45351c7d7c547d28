//! Counters the server keeps about itself, readable by tests and operators: bytes queued to
//! connections and not yet written, open connections, connections closed as too slow or as unresponsive.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The server's own counters.
#[derive(Debug, Default)]
pub struct Metrics {
    queued: AtomicUsize,
    peak_queued: AtomicUsize,
    connections: AtomicUsize,
    too_slow: AtomicUsize,
    unresponsive: AtomicUsize,
}

impl Metrics {
    /// Bytes queued to all connections and not yet written to their sockets.
    pub fn queued_bytes(&self) -> usize {
        self.queued.load(Ordering::SeqCst)
    }

    /// The most `queued_bytes` has ever been.
    pub fn peak_queued_bytes(&self) -> usize {
        self.peak_queued.load(Ordering::SeqCst)
    }

    /// Open WebSocket connections.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    /// Connections closed because their unsent bytes passed the budget.
    pub fn closed_too_slow(&self) -> usize {
        self.too_slow.load(Ordering::SeqCst)
    }

    /// Connections closed because nothing was heard from them for the silence timeout.
    pub fn closed_unresponsive(&self) -> usize {
        self.unresponsive.load(Ordering::SeqCst)
    }

    pub(crate) fn count_unresponsive(&self) {
        self.unresponsive.fetch_add(1, Ordering::SeqCst);
    }

    pub(crate) fn queue(&self, n: usize) {
        let now = self.queued.fetch_add(n, Ordering::SeqCst) + n;
        // Read first: a new peak is rare, and every connection's writes share this counter.
        if now > self.peak_queued.load(Ordering::SeqCst) {
            self.peak_queued.fetch_max(now, Ordering::SeqCst);
        }
    }

    pub(crate) fn unqueue(&self, n: usize) {
        self.queued.fetch_sub(n, Ordering::SeqCst);
    }

    pub(crate) fn count_too_slow(&self) {
        self.too_slow.fetch_add(1, Ordering::SeqCst);
    }

    /// Takes a connection slot unless `max` are open; the slot frees itself when dropped.
    pub(crate) fn open_connection(self: &std::sync::Arc<Self>, max: usize) -> Option<ConnectionSlot> {
        let before = self.connections.fetch_add(1, Ordering::SeqCst);
        if before >= max {
            self.connections.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(ConnectionSlot(self.clone()))
    }
}

/// One of the process's connection slots, held for a connection's life.
#[derive(Debug)]
pub(crate) struct ConnectionSlot(std::sync::Arc<Metrics>);

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::SeqCst);
    }
}
