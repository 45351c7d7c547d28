//! A connection's socket, shared by its writer task and the tasks that produce its messages.
//! A producer whose message is next in line writes it at once (`write_now`), without waking
//! the writer: one task wake-up and one thread switch fewer a message. Whatever cannot be
//! written at once — the socket full, the socket's other half busy — is left to the writer.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, Waker};

use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::Sink;

/// The sending half of a connection's WebSocket.
pub(crate) type SocketSink = SplitSink<WebSocket, Message>;

/// The sending half, shared; `None` once the writer has closed it (the socket is then released
/// whoever still holds the connection's `Outbox`).
pub(crate) type Wire = Arc<tokio::sync::Mutex<Option<SocketSink>>>;

/// A shared sending half.
pub(crate) fn wire(sink: SocketSink) -> Wire {
    Arc::new(tokio::sync::Mutex::new(Some(sink)))
}

/// What became of a message written at once.
pub(crate) enum Direct {
    /// On the socket.
    Written,
    /// Taken by the WebSocket layer, not yet on the socket: the writer must flush it (or
    /// find the socket broken).
    Unflushed,
    /// Not taken: the writer must write it.
    NotTaken(String),
}

/// Writes `text` to `sink` without waiting: the frame is written by the WebSocket layer's own
/// writer and the socket flushed once, each step tried once.
pub(crate) fn write_now(sink: &mut SocketSink, text: String) -> Direct {
    let mut cx = Context::from_waker(Waker::noop());
    let mut sink = Pin::new(sink);
    if !matches!(sink.as_mut().poll_ready(&mut cx), Poll::Ready(Ok(()))) {
        return Direct::NotTaken(text);
    }
    if sink.as_mut().start_send(Message::Text(text.into())).is_err() {
        // The socket is broken: the writer's flush finds it so and ends the connection.
        return Direct::Unflushed;
    }
    match sink.as_mut().poll_flush(&mut cx) {
        Poll::Ready(Ok(())) => Direct::Written,
        Poll::Ready(Err(_)) | Poll::Pending => Direct::Unflushed,
    }
}
