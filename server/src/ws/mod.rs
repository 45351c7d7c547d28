//! The WebSocket side: a connection, its requests, its budgeted queue, the pushes and
//! paged catch-ups it is sent, the messages themselves, and the heartbeats that keep it.

pub mod catchup;
pub(crate) mod connection;
pub(crate) mod heartbeat;
pub mod outbox;
pub mod push;
pub(crate) mod requests;
pub mod server_msg;
pub(crate) mod upgrade;
