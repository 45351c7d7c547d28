//! One WebSocket connection: a reader that takes the client's messages (rate-limited, size-
//! checked, a join required within `join_timeout`) and a writer that drains the connection's
//! budgeted queue to the socket. When the connection must close — too slow, replaced, expired,
//! an oversize frame — the writer drops what is queued, sends the coded `error` and the close
//! frame, and both halves end.

use std::future::Future;
use std::sync::atomic::Ordering;
use std::task::Poll;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
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
    read(&hub, &mut source, &mut session, &mut closing).await;
    if let Some(j) = session.joined.take() {
        hub.leave(&j.id, &j.slot, Some(conn)).await;
    }
    drop(session);
    // The writer ends once every queued message is written (or at once if closing).
    let abort = writer.abort_handle();
    if tokio::time::timeout(Duration::from_secs(5), writer).await.is_err() {
        abort.abort();
    }
    linger(&closing, source).await;
}

/// The client's half of the socket.
type Source = SplitStream<WebSocket>;

/// What to do next with what the client sent.
enum Step<T> {
    /// Go on with it.
    Take(T),
    /// Pass over it and read on.
    Skip,
    /// Stop reading: the connection ends.
    Stop,
}

/// Reads the client's messages and handles each in turn, until the connection ends or must
/// close.
async fn read(hub: &Hub, source: &mut Source, session: &mut Session, closing: &mut watch::Receiver<Option<Close>>) {
    let mut intake = Intake {
        bucket: Bucket {
            tokens: hub.limits.burst,
            at: Instant::now(),
        },
        floods: 0,
    };
    let join_by = tokio::time::Instant::now() + hub.limits.join_timeout;
    let mut silence = Silence::new(hub.limits.silence_timeout);
    loop {
        let msg = match next_frame(hub, source, session, closing, join_by, &mut silence).await {
            Step::Take(msg) => msg,
            Step::Skip => continue,
            Step::Stop => break,
        };
        silence.heard();
        let text = match text_of(hub, session, msg) {
            Step::Take(text) => text,
            Step::Skip => continue,
            Step::Stop => break,
        };
        match intake.admit(&hub.limits, session, &text) {
            Step::Take(()) => session.handle(hub, text.as_str()).await,
            Step::Skip => continue,
            Step::Stop => break,
        }
    }
}

/// The client's next frame, or the end of reading: the connection closing, no join in
/// time, the joined table's tokens expired, or the client silent too long (each closing the
/// connection with its code).
async fn next_frame(
    hub: &Hub,
    source: &mut Source,
    session: &mut Session,
    closing: &mut watch::Receiver<Option<Close>>,
    join_by: tokio::time::Instant,
    silence: &mut Silence,
) -> Step<Option<Result<Message, axum::Error>>> {
    let expiry = session.joined.as_ref().and_then(|j| *j.expiry.borrow());
    tokio::select! {
        biased;
        _ = closing.wait_for(Option::is_some) => Step::Stop,
        () = tokio::time::sleep_until(join_by), if session.joined.is_none() => {
            session.out.close(Close::new(ErrorCode::NotJoined, "no table joined in time"));
            Step::Stop
        }
        () = sleep_until_opt(expiry) => {
            session.out.close(Close::new(ErrorCode::TokenExpired, "this board is over and its review period has passed"));
            Step::Stop
        }
        // The table's board ended: its expiry is now known.
        _ = expiry_changed(session), if expiry.is_none() => Step::Skip,
        () = tokio::time::sleep_until(silence.deadline()) => {
            silence.close(&session.out, &hub.metrics);
            Step::Stop
        }
        msg = source.next() => Step::Take(msg),
    }
}

/// The text of a frame the client sent: a ping or pong is passed over, a binary frame
/// refused; a close, the end of the stream or an error stops reading (a frame over the
/// WebSocket layer's limit closing the connection `FRAME_TOO_LARGE`).
fn text_of(hub: &Hub, session: &Session, msg: Option<Result<Message, axum::Error>>) -> Step<Utf8Bytes> {
    match msg {
        Some(Ok(Message::Text(t))) => Step::Take(t),
        Some(Ok(Message::Close(_))) | None => Step::Stop,
        Some(Ok(Message::Ping(_) | Message::Pong(_))) => Step::Skip,
        Some(Ok(Message::Binary(_))) => {
            session.refuse(ErrorCode::BadMessage, "binary frames are not read", None);
            Step::Skip
        }
        Some(Err(e)) => {
            if too_large(e) {
                let limit = hub.limits.hard_frame_bytes;
                session.out.close(Close::new(
                    ErrorCode::FrameTooLarge,
                    format!("a message over {limit} bytes closes the connection"),
                ));
            }
            Step::Stop
        }
    }
}

/// The rate limit on a connection's messages, and the messages it dropped for flooding.
struct Intake {
    bucket: Bucket,
    floods: u32,
}

impl Intake {
    /// Whether a message is handled: one over the rate is dropped (a client that keeps
    /// flooding is closed `FLOOD`; the table never sees its messages), one over
    /// `frame_bytes` refused.
    fn admit(&mut self, limits: &Limits, session: &Session, text: &str) -> Step<()> {
        if !self.bucket.take(limits) {
            self.floods += 1;
            // A client that keeps flooding is dropped; the table never sees its messages.
            if self.floods > FLOODS_TOLERATED {
                session.out.close(Close::new(ErrorCode::Flood, "too many messages"));
                return Step::Stop;
            }
            if self.floods % 50 == 1 {
                session.refuse(ErrorCode::Flood, "too many messages: dropped", None);
            }
            return Step::Skip;
        }
        if text.len() > limits.frame_bytes {
            let msg = format!("a message may be at most {} bytes", limits.frame_bytes);
            session.refuse(ErrorCode::FrameTooLarge, msg, None);
            return Step::Skip;
        }
        Step::Take(())
    }
}

/// Closed by the server: the client's frames still in flight are read (and dropped) for a
/// moment — closing the socket on unread bytes would reset the connection and lose the
/// close frame just sent. After an oversize frame nothing more can be read: the socket
/// just stays open that moment.
async fn linger(closing: &watch::Receiver<Option<Close>>, mut source: Source) {
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
            Some(Next::Text(text)) => write_queued(&mut sink, &mut inbox, &mut closing, text).await,
            Some(Next::Pages(pages)) => write_pages(&mut sink, &mut inbox, &mut closing, pages).await,
            Some(Next::Closing | Next::Ended) => false,
        };
        if !written {
            break;
        }
    }
    drop(inbox);
    send_close(sink, &closing).await;
}

/// Writes `text` and the messages queued behind it, up to a batch, with one flush; whether
/// they were written.
async fn write_queued(
    sink: &mut SplitSink<WebSocket, Message>,
    inbox: &mut Inbox,
    closing: &mut watch::Receiver<Option<Close>>,
    text: String,
) -> bool {
    let mut batch = vec![text];
    let mut n = batch[0].len();
    while batch.len() < BATCH_MESSAGES && n < BATCH_BYTES {
        let Some(more) = inbox.try_recv() else { break };
        n += more.len();
        batch.push(more);
    }
    let sent = write_batch(sink, batch, closing).await;
    inbox.written(n);
    sent
}

/// Makes and writes the pages of a catch-up one at a time, each counted against the budget
/// from when it is made; whether all were written.
async fn write_pages(
    sink: &mut SplitSink<WebSocket, Message>,
    inbox: &mut Inbox,
    closing: &mut watch::Receiver<Option<Close>>,
    mut pages: Box<dyn outbox::Pager>,
) -> bool {
    loop {
        if closing.borrow().is_some() {
            return false;
        }
        let Some(page) = pages.next().await else { return true };
        let n = page.len();
        if !inbox.reserve(n) {
            return false;
        }
        let sent = write_batch(sink, vec![page], closing).await;
        inbox.written(n);
        if !sent {
            return false;
        }
    }
}

/// Sends the coded `error` and the close frame if the connection was asked to close, then
/// closes the socket — within a second.
async fn send_close(mut sink: SplitSink<WebSocket, Message>, closing: &watch::Receiver<Option<Close>>) {
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
