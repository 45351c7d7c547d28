//! Heartbeats: the server pings every connection each `ping_interval`, and closes one it has
//! heard nothing from — no pong, no frame at all — for `silence_timeout` (`UNRESPONSIVE`).
//! A peer that vanished without closing its TCP connection (a laptop lid shut, a network
//! gone) so gives back its seat, its table slot and its process slot within that bound.

use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::SinkExt;
use tokio::sync::watch;
use tokio::time::{Instant, Interval, MissedTickBehavior};

use crate::metrics::Metrics;
use crate::protocol::ErrorCode;
use crate::ws::outbox::{Close, Outbox};

/// When a connection was last heard from, and how long it may stay silent.
pub(crate) struct Silence {
    heard: Instant,
    timeout: Duration,
}

impl Silence {
    /// A connection heard from now.
    pub fn new(timeout: Duration) -> Silence {
        Silence {
            heard: Instant::now(),
            timeout,
        }
    }

    /// Records that a frame (any, a pong included) was read.
    pub fn heard(&mut self) {
        self.heard = Instant::now();
    }

    /// When the connection is closed if nothing more is heard.
    pub fn deadline(&self) -> Instant {
        self.heard + self.timeout
    }

    /// Closes the connection as unresponsive and counts it.
    pub fn close(&self, out: &Outbox, metrics: &Metrics) {
        let why = format!("nothing heard for {} ms: closed", self.timeout.as_millis());
        if out.close(Close::new(ErrorCode::Unresponsive, why)) {
            metrics.count_unresponsive();
        }
    }
}

/// The writer's ping schedule: the first ping one interval after the connection opened.
pub(crate) fn pings(every: Duration) -> Interval {
    let every = every.max(Duration::from_millis(1));
    let mut pings = tokio::time::interval_at(Instant::now() + every, every);
    pings.set_missed_tick_behavior(MissedTickBehavior::Delay);
    pings
}

/// Sends one ping, unless the connection is asked to close first (a peer that does not read
/// can block the write); whether the socket took it.
pub(crate) async fn ping(
    sink: &mut SplitSink<WebSocket, Message>,
    closing: &mut watch::Receiver<Option<Close>>,
) -> bool {
    tokio::select! {
        biased;
        _ = closing.wait_for(Option::is_some) => false,
        sent = sink.send(Message::Ping(Default::default())) => sent.is_ok(),
    }
}
