//! The WebSocket protocol: JSON text messages, one per frame.
//!
//! Client → server: `join`, `act`, `events_since`, `view`, `ping`.
//! Server → client: `joined`, `events`, `ack`, `view`, `pong`, `error` (an `error` with
//! `TOO_SLOW`, `REPLACED`, `TOKEN_EXPIRED`, … is the last message before the server closes).

use bridge_laws::Rejection;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A message from a client.
#[derive(Debug, Deserialize)]
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
        since: Option<u64>,
    },
    /// Acts as the joined seat (or Director).
    Act {
        /// Echoed in the `ack`.
        #[serde(default)]
        id: Option<u64>,
        /// The action, as the library reads it (`{"seat":"N","type":"call","call":"1C"}`);
        /// `seat` may be left out: it is the connection's.
        action: Value,
    },
    /// The viewer's entries after `version`.
    EventsSince {
        /// The version the client has.
        version: u64,
    },
    /// The viewer's view now (a fresh start).
    View,
    /// Keep-alive.
    Ping,
}

/// Error codes of the protocol (the engine's own codes arrive in `ack.rejection`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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

/// An `error` message, written in one pass.
#[derive(Serialize)]
struct ErrorMsg<'a> {
    r#type: &'static str,
    code: ErrorCode,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<u64>,
}

/// An `error` message.
pub fn error(code: ErrorCode, message: impl Into<String>, id: Option<u64>) -> String {
    let message = message.into();
    let msg = ErrorMsg {
        r#type: "error",
        code,
        message: &message,
        id,
    };
    serde_json::to_string(&msg).unwrap_or_default()
}

/// An `ack` message, written in one pass: `ok` with the viewer's stream version (and the state
/// hash for the Director), or not `ok` with the engine's rejection. `id` is echoed (`null`
/// when the request had none).
#[derive(Serialize)]
pub struct Ack<'a> {
    r#type: &'static str,
    id: Option<u64>,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<u64>,
    #[serde(rename = "stateHash", skip_serializing_if = "Option::is_none")]
    state_hash: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rejection: Option<&'a Rejection>,
}

impl<'a> Ack<'a> {
    /// The action was accepted: the viewer's stream is at `version`.
    pub fn accepted(id: Option<u64>, version: u64, state_hash: Option<&'a str>) -> Ack<'a> {
        Ack {
            r#type: "ack",
            id,
            ok: true,
            version: Some(version),
            state_hash,
            rejection: None,
        }
    }

    /// The engine refused the action.
    pub fn rejected(id: Option<u64>, rejection: &'a Rejection) -> Ack<'a> {
        Ack {
            r#type: "ack",
            id,
            ok: false,
            version: None,
            state_hash: None,
            rejection: Some(rejection),
        }
    }

    /// The message as sent.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::{error, Ack, ErrorCode};
    use serde_json::{json, Value};

    #[test]
    fn an_ack_and_an_error_have_the_fields_of_the_protocol() {
        let ack: Value = serde_json::from_str(&Ack::accepted(Some(3), 8, None).to_text()).unwrap();
        assert_eq!(ack, json!({ "type": "ack", "id": 3, "ok": true, "version": 8 }));
        let ack: Value = serde_json::from_str(&Ack::accepted(None, 2, Some("h")).to_text()).unwrap();
        assert_eq!(
            ack,
            json!({ "type": "ack", "id": null, "ok": true, "version": 2, "stateHash": "h" })
        );
        let e: Value = serde_json::from_str(&error(ErrorCode::Flood, "slow \"down\"", Some(4))).unwrap();
        assert_eq!(
            e,
            json!({ "type": "error", "code": "FLOOD", "message": "slow \"down\"", "id": 4 })
        );
        let e: Value = serde_json::from_str(&error(ErrorCode::TooSlow, "x", None)).unwrap();
        assert_eq!(e, json!({ "type": "error", "code": "TOO_SLOW", "message": "x" }));
    }

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
