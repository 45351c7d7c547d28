//! Every message the server sends a client over the WebSocket, as one typed enum
//! (`ServerMsg`) written in one pass: `joined`, `events`, `ack`, `view`, `pong`, `error`
//! (docs/PROTOCOL.md). No reply is built as an untyped JSON tree.

use bridge_laws::stream::LentEntry;
use bridge_laws::{Regulation, Rejection, StreamEntry, View, ViewPatch, Viewer};
use serde::{Serialize, Serializer};
use ts_rs::TS;

use crate::protocol::ErrorCode;

/// A message from the server to a client, tagged by `type`. Its TypeScript, with the
/// package's own names for the library's types, is www/src/protocol.gen.ts (`typescript`).
#[derive(Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg<'a> {
    /// The reply to `join`: who the connection is, the table's regulation (public to everyone
    /// at it), the viewer's version and view, and with `since` the entries after it.
    Joined {
        /// The table's id.
        table: &'a str,
        /// The viewer the token belongs to.
        #[ts(type = "Viewer")]
        viewer: Viewer,
        /// The viewer's stream version.
        #[ts(type = "number")]
        version: u64,
        /// The table's regulation: a page needs it to offer the right forms.
        #[ts(type = "Regulation")]
        regulation: &'a Regulation,
        /// With `since`: the entries after it.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "StreamEntry[]")]
        entries: Option<Vec<LentEntry<'a>>>,
        /// The viewer's view now (after the entries, if any), with the hands he may see
        /// (`view.hands`, the engine's).
        #[ts(type = "View")]
        view: View<'a>,
        /// The state hash, for the Director alone.
        #[serde(rename = "stateHash", skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        state_hash: Option<&'a str>,
        /// A catch-up in pages (docs/PROTOCOL.md): `version` is 0, `view` is the view now
        /// without its history and its growing lists, and the `events` messages that follow
        /// bring them, up to this version.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "number")]
        until: Option<u64>,
    },
    /// The viewer's new entries: a push after an accepted action (with the patch of his view,
    /// or his whole view if the update carries it), or the reply to `events_since` (entries
    /// alone).
    Events {
        /// The table's id.
        table: &'a str,
        /// The entries, numbered after the version the client had.
        #[ts(type = "StreamEntry[]")]
        entries: Entries<'a>,
        /// What changed in the viewer's view (a push only).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "ViewPatch")]
        patch: Option<&'a ViewPatch>,
        /// The viewer's whole view (a push from an update that carries it: the older form).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "View")]
        view: Option<&'a View<'a>>,
        /// The state hash, for the Director alone (a push only).
        #[serde(rename = "stateHash", skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        state_hash: Option<&'a str>,
    },
    /// The answer to `act`.
    Ack(Ack<'a>),
    /// The reply to `view`: the viewer's whole view and its version.
    View {
        /// The viewer's stream version.
        #[ts(type = "number")]
        version: u64,
        /// The viewer's view now.
        #[ts(type = "View")]
        view: View<'a>,
        /// A catch-up in pages, as `joined`'s.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "number")]
        until: Option<u64>,
    },
    /// The reply to `ping`.
    Pong,
    /// A coded refusal; the last message before the server closes when `code` says so
    /// (`TOO_SLOW`, `REPLACED`, `TOKEN_EXPIRED`, …).
    Error {
        /// The protocol's code.
        code: ErrorCode,
        /// What went wrong, in words.
        message: &'a str,
        /// The `act` request's id, when the error answers one.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "number")]
        id: Option<u64>,
        /// With `NOT_OWNER` on a refused join: the address of the process owning the table.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        owner: Option<&'a str>,
    },
}

impl<'a> ServerMsg<'a> {
    /// An `error` with no owner.
    pub fn error(code: ErrorCode, message: &'a str, id: Option<u64>) -> ServerMsg<'a> {
        ServerMsg::Error {
            code,
            message,
            id,
            owner: None,
        }
    }

    /// The message as sent, if it takes at most `limit` bytes (written no further than that).
    pub fn to_text_within(&self, limit: usize) -> Option<String> {
        let mut text = Capped {
            text: Vec::with_capacity(512.min(limit)),
            limit,
        };
        serde_json::to_writer(&mut text, self).ok()?;
        String::from_utf8(text.text).ok()
    }

    /// The message as sent: one JSON text.
    pub fn to_text(&self) -> String {
        // Room for a push's usual few hundred bytes at once (`to_string` starts at 128 and
        // grows twice).
        let mut text = Vec::with_capacity(512);
        match serde_json::to_writer(&mut text, self) {
            Ok(()) => String::from_utf8(text).unwrap_or_default(),
            Err(_) => String::new(),
        }
    }
}

/// A buffer that refuses to grow past `limit` bytes.
struct Capped {
    text: Vec<u8>,
    limit: usize,
}

impl std::io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.text.len() + buf.len() > self.limit {
            return Err(std::io::Error::other("past the limit"));
        }
        self.text.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The entries of an `events` message: those of a push (owned by the tracker's update) or
/// those lent by the table (`events_since`); both are written alike.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Entries<'a> {
    /// A push's entries.
    Pushed(&'a [StreamEntry]),
    /// Entries read from the table's stream.
    Lent(Vec<LentEntry<'a>>),
}

/// An `ack`: accepted, with the viewer's stream version (and the state hash for the
/// Director), or refused, with the engine's rejection: never both, and `ok` says which (a
/// literal `true` or `false` in TypeScript, so a client narrows on it). `id` is echoed (`null`
/// when the request had none).
#[derive(Serialize, TS)]
#[serde(untagged)]
pub enum Ack<'a> {
    /// The action was accepted.
    Accepted {
        /// The request's id.
        #[ts(type = "number | null")]
        id: Option<u64>,
        /// `true`.
        #[ts(type = "true")]
        ok: Accepted,
        /// The viewer's stream version after the action.
        #[ts(type = "number")]
        version: u64,
        /// The state hash, for the Director alone.
        #[serde(rename = "stateHash", skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        state_hash: Option<&'a str>,
    },
    /// The engine refused the action.
    Refused {
        /// The request's id.
        #[ts(type = "number | null")]
        id: Option<u64>,
        /// `false`.
        #[ts(type = "false")]
        ok: Refused,
        /// Why, with its code and law.
        #[ts(type = "Rejection")]
        rejection: &'a Rejection,
    },
}

/// `ok` of an accepted `ack`: written `true`.
pub struct Accepted;

/// `ok` of a refused `ack`: written `false`.
pub struct Refused;

impl Serialize for Accepted {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(true)
    }
}

impl Serialize for Refused {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(false)
    }
}

impl<'a> Ack<'a> {
    /// The action was accepted: the viewer's stream is at `version`.
    pub fn accepted(id: Option<u64>, version: u64, state_hash: Option<&'a str>) -> ServerMsg<'a> {
        ServerMsg::Ack(Ack::Accepted {
            id,
            ok: Accepted,
            version,
            state_hash,
        })
    }

    /// The engine refused the action.
    pub fn rejected(id: Option<u64>, rejection: &'a Rejection) -> ServerMsg<'a> {
        ServerMsg::Ack(Ack::Refused {
            id,
            ok: Refused,
            rejection,
        })
    }
}

#[cfg(test)]
mod tests {
    use bridge_laws::{Action, Outcome, Seat, Table, TableOptions, ViewTracker, Viewer};
    use serde_json::{json, Value};

    use super::{Ack, Entries, ServerMsg};
    use crate::protocol::ErrorCode;

    fn parsed(msg: &ServerMsg<'_>) -> Value {
        serde_json::from_str(&msg.to_text()).expect("a server message is JSON")
    }

    fn table() -> Table {
        let options: TableOptions =
            serde_json::from_str(r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#).unwrap();
        Table::new(options).unwrap()
    }

    #[test]
    fn an_ack_has_a_version_when_accepted_and_a_rejection_when_refused() {
        assert_eq!(
            parsed(&Ack::accepted(Some(3), 8, None)),
            json!({ "type": "ack", "id": 3, "ok": true, "version": 8 })
        );
        assert_eq!(
            parsed(&Ack::accepted(None, 2, Some("h"))),
            json!({ "type": "ack", "id": null, "ok": true, "version": 2, "stateHash": "h" })
        );
        let mut t = table();
        let Outcome::Rejected(r) = t.apply(Action::from_json(r#"{"seat":"E","type":"call","call":"1C"}"#).unwrap())
        else {
            panic!("East may not call before the dealer");
        };
        let ack = parsed(&Ack::rejected(Some(5), &r));
        assert_eq!(ack["type"], "ack");
        assert_eq!(ack["id"], 5);
        assert_eq!(ack["ok"], false);
        assert_eq!(ack["rejection"], json!(r));
        assert!(ack.get("version").is_none() && ack.get("stateHash").is_none(), "{ack}");
    }

    #[test]
    fn an_error_carries_its_code_and_message_and_only_the_id_and_owner_it_has() {
        assert_eq!(
            parsed(&ServerMsg::error(ErrorCode::Flood, "slow \"down\"", Some(4))),
            json!({ "type": "error", "code": "FLOOD", "message": "slow \"down\"", "id": 4 })
        );
        assert_eq!(
            parsed(&ServerMsg::error(ErrorCode::TooSlow, "x", None)),
            json!({ "type": "error", "code": "TOO_SLOW", "message": "x" })
        );
        let moved = ServerMsg::Error {
            code: ErrorCode::NotOwner,
            message: "elsewhere",
            id: None,
            owner: Some("10.0.0.2:8080"),
        };
        assert_eq!(
            parsed(&moved),
            json!({ "type": "error", "code": "NOT_OWNER", "message": "elsewhere", "owner": "10.0.0.2:8080" })
        );
    }

    #[test]
    fn a_message_written_within_a_limit_is_the_whole_message_or_none() {
        let msg = ServerMsg::error(ErrorCode::TooSlow, "too far behind", None);
        let text = msg.to_text();
        assert_eq!(msg.to_text_within(text.len()), Some(text.clone()));
        assert_eq!(msg.to_text_within(text.len() - 1), None);
        assert_eq!(msg.to_text_within(0), None);
    }

    #[test]
    fn a_pong_is_its_type_alone() {
        assert_eq!(parsed(&ServerMsg::Pong), json!({ "type": "pong" }));
    }

    #[test]
    fn lent_and_pushed_entries_are_written_alike() {
        let mut t = table();
        let mut tracker = ViewTracker::new(&t);
        let outcome = t.apply(Action::from_json(r#"{"seat":"N","type":"call","call":"1C"}"#).unwrap());
        let pushes = tracker.pushes(&t, &outcome);
        let viewer = Viewer::Seat(Seat::S);
        let update = pushes.get(viewer).expect("a call is news to everyone");
        let pushed = parsed(&ServerMsg::Events {
            table: "t1",
            entries: Entries::Pushed(&update.entries),
            patch: update.patch.as_ref(),
            view: None,
            state_hash: None,
        });
        let lent = parsed(&ServerMsg::Events {
            table: "t1",
            entries: Entries::Lent(t.events_since_lent(viewer, 0).unwrap().collect()),
            patch: None,
            view: None,
            state_hash: None,
        });
        assert!(!update.entries.is_empty());
        assert_eq!(pushed["entries"], lent["entries"]);
        assert_eq!(pushed["patch"], json!(update.patch));
        assert_eq!(
            lent,
            json!({ "type": "events", "table": "t1", "entries": pushed["entries"] })
        );
    }

    #[test]
    fn joined_and_view_carry_the_viewers_version_and_view() {
        let mut t = table();
        let outcome = t.apply(Action::from_json(r#"{"seat":"N","type":"call","call":"1C"}"#).unwrap());
        assert!(!matches!(outcome, Outcome::Rejected(_)), "the dealer may open");
        let viewer = Viewer::Seat(Seat::E);
        let version = t.stream_version(viewer);
        let view = parsed(&ServerMsg::View {
            version,
            view: t.view(viewer),
            until: None,
        });
        assert_eq!(
            view,
            json!({ "type": "view", "version": version, "view": t.view(viewer) })
        );
        let joined = parsed(&ServerMsg::Joined {
            table: "t1",
            viewer,
            version,
            regulation: t.regulation(),
            entries: None,
            view: t.view(viewer),
            state_hash: None,
            until: None,
        });
        assert_eq!(
            joined,
            json!({ "type": "joined", "table": "t1", "viewer": "E", "version": version,
                    "regulation": t.regulation(), "view": t.view(viewer) })
        );
    }
}
