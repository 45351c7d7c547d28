//! The WebSocket protocol: JSON text messages, one per frame.
//!
//! Client → server: `join`, `act`, `events_since`, `view`, `ping`.
//! Server → client: `joined`, `events`, `ack`, `view`, `pong`, `error`, all written from one
//! typed `ServerMsg` (`server_msg`; an `error` with `TOO_SLOW`, `REPLACED`, `TOKEN_EXPIRED`,
//! … is the last message before the server closes).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// A message from a client. Its TypeScript: www/src/protocol.gen.ts.
#[derive(Debug, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Joins a table as the viewer the token belongs to. With `since`, the reply carries the
    /// viewer's entries after that version (a client resuming); without it, the view.
    Join {
        /// The table's id.
        table: String,
        /// The seat's, the Director's or the spectators' token.
        token: String,
        /// The version the client already has.
        #[serde(default)]
        #[ts(optional, type = "number")]
        since: Option<u64>,
    },
    /// Acts as the joined seat (or Director).
    Act {
        /// Echoed in the `ack`.
        #[serde(default)]
        #[ts(optional, type = "number")]
        id: Option<u64>,
        /// The action, as the library reads it (`{"seat":"N","type":"call","call":"1C"}`);
        /// `seat` may be left out: it is the connection's.
        #[ts(type = "ActionKind & { seat?: Actor }")]
        action: Value,
    },
    /// The viewer's entries after `version`.
    EventsSince {
        /// The version the client has.
        #[ts(type = "number")]
        version: u64,
    },
    /// The viewer's view now (a fresh start).
    View,
    /// Keep-alive.
    Ping,
}

/// Error codes of the protocol (the engine's own codes arrive in `ack.rejection`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// The frame is not a JSON message of the protocol (or is binary).
    BadMessage,
    /// The frame is longer than the server's limit.
    FrameTooLarge,
    /// Too many messages: this one was dropped.
    Flood,
    /// No such table (on this server process: see `WrongShard`).
    UnknownTable,
    /// The token is not one of the table's.
    BadToken,
    /// `act`, `events_since` or `view` before `join`.
    NotJoined,
    /// A second `join` on one connection.
    AlreadyJoined,
    /// An action for a seat other than the connection's, or by a spectator.
    WrongSeat,
    /// A malformed action (the library's `BAD_INPUT` message follows).
    BadAction,
    /// `events_since` past the end of the viewer's stream.
    BadVersion,
    /// The action could not be stored: it was not accepted.
    StorageFailed,
    /// The table's stored log did not replay to its stored hash: it is not served.
    TableUnavailable,
    /// The table belongs to another server process (`--shard`).
    WrongShard,
    /// Another process owns the table (by lease, `--cluster`): a refused join carries its
    /// address (`owner`); a connection whose table moved, or whose action this process could
    /// no longer write, is closed with it (the action was not accepted: join again).
    NotOwner,
    /// The connection fell too far behind (its unsent bytes passed its budget) and is
    /// closed; reconnect and resume with `since`.
    TooSlow,
    /// Too many connections: on this process (HTTP 503 before the upgrade), from one address
    /// (HTTP 429 before the upgrade), at this table, or with this token.
    TooManyConnections,
    /// Too many tables in memory: no table is created.
    TooManyTables,
    /// The token's board is over and its review period has passed.
    TokenExpired,
    /// Another connection joined with this seat's (or the Director's) token: this one is
    /// closed.
    Replaced,
    /// Nothing — no pong, no message — was heard from the connection for the server's
    /// silence timeout: it is closed.
    Unresponsive,
    /// Too many HTTP requests from one address (HTTP 429, with `Retry-After`).
    RateLimited,
}

impl ErrorCode {
    /// The code as sent (`TOO_SLOW`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "BAD_MESSAGE",
            ErrorCode::FrameTooLarge => "FRAME_TOO_LARGE",
            ErrorCode::Flood => "FLOOD",
            ErrorCode::UnknownTable => "UNKNOWN_TABLE",
            ErrorCode::BadToken => "BAD_TOKEN",
            ErrorCode::NotJoined => "NOT_JOINED",
            ErrorCode::AlreadyJoined => "ALREADY_JOINED",
            ErrorCode::WrongSeat => "WRONG_SEAT",
            ErrorCode::BadAction => "BAD_ACTION",
            ErrorCode::BadVersion => "BAD_VERSION",
            ErrorCode::StorageFailed => "STORAGE_FAILED",
            ErrorCode::TableUnavailable => "TABLE_UNAVAILABLE",
            ErrorCode::WrongShard => "WRONG_SHARD",
            ErrorCode::NotOwner => "NOT_OWNER",
            ErrorCode::TooSlow => "TOO_SLOW",
            ErrorCode::TooManyConnections => "TOO_MANY_CONNECTIONS",
            ErrorCode::TooManyTables => "TOO_MANY_TABLES",
            ErrorCode::TokenExpired => "TOKEN_EXPIRED",
            ErrorCode::Replaced => "REPLACED",
            ErrorCode::Unresponsive => "UNRESPONSIVE",
            ErrorCode::RateLimited => "RATE_LIMITED",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    #[test]
    fn a_code_as_str_is_the_code_as_serialized() {
        for code in [
            ErrorCode::BadMessage,
            ErrorCode::TooSlow,
            ErrorCode::TooManyConnections,
            ErrorCode::TokenExpired,
            ErrorCode::Replaced,
            ErrorCode::WrongShard,
            ErrorCode::NotOwner,
            ErrorCode::Unresponsive,
            ErrorCode::RateLimited,
        ] {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
        }
    }
}
