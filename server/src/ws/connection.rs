//! One WebSocket connection: a reader that takes the client's messages (rate-limited, size-
//! checked, a join required within `join_timeout`) and a writer that drains the connection's
//! budgeted queue to the socket. When the connection must close — too slow, replaced, expired,
//! an oversize frame — the writer drops what is queued, sends the coded `error` and the close
//! frame, and both halves end.

use std::future::Future;
use std::sync::atomic::Ordering;
use std::task::Poll;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::watch;

use crate::config::Limits;
use crate::metrics::ConnectionSlot;
use crate::protocol::ErrorCode;
use crate::tables::hub::Hub;
use crate::ws::heartbeat::{self, Silence};
use crate::ws::outbox::{self, Close, Inbox, Next};
use crate::ws::requests::Session;
use crate::ws::server_msg::ServerMsg;

/// A token bucket: `rate` messages a second, `burst` at once.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self, limits: &Limits) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * limits.rate_per_sec;
        self.tokens = (self.tokens + refill).min(limits.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The WebSocket layer's read buffer per connection. Its default, 128 KiB, is zeroed before
/// every read from the socket (tungstenite 0.29) and held by every connection: a client's
/// messages are a few hundred bytes, and a longer one is read in several reads.
pub(crate) const READ_BUFFER: usize = 4096;

/// Messages dropped for flooding before the connection is closed.
const FLOODS_TOLERATED: u32 = 1000;

/// Serves one upgraded connection until it ends; `_slot` holds its place in the process's
/// connection limit meanwhile.
pub(crate) async fn serve(hub: std::sync::Arc<Hub>, socket: WebSocket, _slot: ConnectionSlot) {
    let conn = hub.next_conn.fetch_add(1, Ordering::Relaxed);
    let (sink, mut source) = socket.split();
    let (out, inbox) = outbox::channel(hub.limits.unsent_bytes, hub.metrics.clone());
    let mut closing = out.closing();
    let writer = tokio::spawn(write(sink, inbox, out.closing(), hub.limits.ping_interval));
    let mut session = Session {
        conn,
        out,
        joined: None,
        last_view: None,
        refused_joins: 0,
    };
    let mut bucket = Bucket {
        tokens: hub.limits.burst,
        at: Instant::now(),
    };
    let mut floods = 0u32;
    let join_by = tokio::time::Instant::now() + hub.limits.join_timeout;
    let mut silence = Silence::new(hub.limits.silence_timeout);
    loop {
        let expiry = session.joined.as_ref().and_then(|j| *j.expiry.borrow());
        let msg = tokio::select! {
            biased;
            _ = closing.wait_for(Option::is_some) => break,
            () = tokio::time::sleep_until(join_by), if session.joined.is_none() => {
                session.out.close(Close::new(ErrorCode::NotJoined, "no table joined in time"));
                break;
            }
            () = sleep_until_opt(expiry) => {
                session.out.close(Close::new(ErrorCode::TokenExpired, "this board is over and its review period has passed"));
                break;
            }
            // The table's board ended: its expiry is now known.
            _ = expiry_changed(&mut session), if expiry.is_none() => continue,
            () = tokio::time::sleep_until(silence.deadline()) => {
                silence.close(&session.out, &hub.metrics);
                break;
            }
            msg = source.next() => msg,
        };
        silence.heard();
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(_))) | None => break,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Binary(_))) => {
                session.refuse(ErrorCode::BadMessage, "binary frames are not read", None);
                continue;
            }
            Some(Err(e)) => {
                if too_large(e) {
                    let limit = hub.limits.hard_frame_bytes;
                    session.out.close(Close::new(
                        ErrorCode::FrameTooLarge,
                        format!("a message over {limit} bytes closes the connection"),
                    ));
                }
                break;
            }
        };
        if !bucket.take(&hub.limits) {
            floods += 1;
            // A client that keeps flooding is dropped; the table never sees its messages.
            if floods > FLOODS_TOLERATED {
                session.out.close(Close::new(ErrorCode::Flood, "too many messages"));
                break;
            }
            if floods % 50 == 1 {
                session.refuse(ErrorCode::Flood, "too many messages: dropped", None);
            }
            continue;
        }
        if text.len() > hub.limits.frame_bytes {
            let msg = format!("a message may be at most {} bytes", hub.limits.frame_bytes);
            session.refuse(ErrorCode::FrameTooLarge, msg, None);
            continue;
        }
        session.handle(&hub, text.as_str()).await;
    }
    if let Some(j) = session.joined.take() {
        hub.leave(&j.id, &j.slot, Some(conn)).await;
    }
    drop(session);
    // The writer ends once every queued message is written (or at once if closing).
    let abort = writer.abort_handle();
    if tokio::time::timeout(Duration::from_secs(5), writer).await.is_err() {
        abort.abort();
    }
    // Closed by the server: the client's frames still in flight are read (and dropped) for a
    // moment — closing the socket on unread bytes would reset the connection and lose the
    // close frame just sent. After an oversize frame nothing more can be read: the socket
    // just stays open that moment.
    let why = closing.borrow().clone();
    if let Some(why) = why {
        let until = tokio::time::Instant::now() + LINGER;
        let _ = tokio::time::timeout_at(until, async {
            for _ in 0..64 {
                if let None | Some(Ok(Message::Close(_)) | Err(_)) = source.next().await {
                    break;
                }
            }
        })
        .await;
        if why.code == ErrorCode::FrameTooLarge {
            tokio::time::sleep_until(until).await;
        }
    }
    drop(source);
}

/// Writes `batch` and flushes the socket: at once when the socket takes it (the usual case:
/// no wait on the close set up), else while watching for the connection to be closed.
/// Whether it was written.
async fn write_batch(
    sink: &mut SplitSink<WebSocket, Message>,
    batch: Vec<String>,
    closing: &mut watch::Receiver<Option<Close>>,
) -> bool {
    let writing = feed_all(sink, batch);
    tokio::pin!(writing);
    let sent = match std::future::poll_fn(|cx| Poll::Ready(writing.as_mut().poll(cx))).await {
        Poll::Ready(r) => Some(r),
        Poll::Pending => tokio::select! {
            biased;
            _ = closing.wait_for(Option::is_some) => None,
            r = &mut writing => Some(r),
        },
    };
    matches!(sent, Some(Ok(())))
}

/// Writes `batch` in order and flushes the socket once.
async fn feed_all(sink: &mut SplitSink<WebSocket, Message>, batch: Vec<String>) -> Result<(), axum::Error> {
    for text in batch {
        sink.feed(Message::Text(text.into())).await?;
    }
    sink.flush().await
}

/// How long a socket the server closed stays open for the client to read the close frame.
const LINGER: Duration = Duration::from_millis(500);

/// Sleeps until `at`, or forever.
async fn sleep_until_opt(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

/// Resolves when the joined table's expiry changes (never before a join).
async fn expiry_changed(session: &mut Session) {
    match session.joined.as_mut() {
        Some(j) => {
            if j.expiry.changed().await.is_err() {
                std::future::pending::<()>().await;
            }
        }
        None => std::future::pending().await,
    }
}

/// Whether a read error is the WebSocket layer refusing a frame or message over its limit.
fn too_large(e: axum::Error) -> bool {
    e.into_inner()
        .downcast::<tungstenite::Error>()
        .is_ok_and(|e| matches!(*e, tungstenite::Error::Capacity(_)))
}

/// Most messages written to the socket before it is flushed.
const BATCH_MESSAGES: usize = 64;

/// Most bytes written to the socket before it is flushed (the WebSocket layer's write
/// buffer stays below its own flush threshold, 128 KiB).
const BATCH_BYTES: usize = 16 * 1024;

/// Writes the queue to the socket in order, with a ping every `ping_every`; once the
/// connection is asked to close, drops what is left, sends the coded `error` and the close
/// frame (bounded in time: a client that does not read gets nothing more). The messages
/// ready at once are written together and the socket flushed once for them (one system call
/// and one wake-up for a burst of pushes, not one each); the pages of a catch-up are made
/// and written one at a time, each once the last has been taken by the socket.
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut inbox: Inbox,
    mut closing: watch::Receiver<Option<Close>>,
    ping_every: Duration,
) {
    let mut pings = heartbeat::pings(ping_every);
    loop {
        let next = tokio::select! {
            biased;
            next = inbox.recv() => match next {
                Next::Closing | Next::Ended => break,
                next => Some(next),
            },
            // Looked at once the queue is empty (a batch takes what is queued: the queue
            // stays full only for a client that reads slower than its table pushes).
            _ = pings.tick() => None,
        };
        let written = match next {
            None => heartbeat::ping(&mut sink, &mut closing).await,
            Some(Next::Text(text)) => {
                let mut batch = vec![text];
                let mut n = batch[0].len();
                while batch.len() < BATCH_MESSAGES && n < BATCH_BYTES {
                    let Some(more) = inbox.try_recv() else { break };
                    n += more.len();
                    batch.push(more);
                }
                let sent = write_batch(&mut sink, batch, &mut closing).await;
                inbox.written(n);
                sent
            }
            Some(Next::Pages(mut pages)) => loop {
                if closing.borrow().is_some() {
                    break false;
                }
                let Some(page) = pages.next().await else { break true };
                let n = page.len();
                if !inbox.reserve(n) {
                    break false;
                }
                let sent = write_batch(&mut sink, vec![page], &mut closing).await;
                inbox.written(n);
                if !sent {
                    break false;
                }
            },
            Some(Next::Closing | Next::Ended) => false,
        };
        if !written {
            break;
        }
    }
    drop(inbox);
    let why = closing.borrow().clone();
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        if let Some(why) = why {
            let text = ServerMsg::Error {
                code: why.code,
                message: &why.message,
                id: None,
                owner: why.owner.as_deref(),
            }
            .to_text();
            sink.send(Message::Text(text.into())).await?;
            let frame = CloseFrame {
                code: why.ws_code,
                reason: why.code.as_str().into(),
            };
            sink.send(Message::Close(Some(frame))).await?;
        }
        sink.close().await
    })
    .await;
}
