//! A connection's requests — `join`, `view`, `events_since`, `ping`, `act` — answered through
//! its own queue. A reply that depends on a table is queued while that table is locked, so
//! it keeps its place among the table's pushes (`joined` comes before any `events`).

use bridge_laws::Viewer;

use crate::http::credentials;
use crate::protocol::{ClientMsg, ErrorCode};
use tokio::sync::MutexGuard;

use crate::config::Limits;
use crate::tables::hub::{Hub, Joined};
use crate::tables::live::{Live, Slot, Sub};
use crate::ws::catchup::{self, Pages, Start};
use crate::ws::outbox::{Close, Outbox};
use crate::ws::server_msg::{Entries, ServerMsg};

/// Joins refused on one connection before it is closed (a client guessing tokens or table
/// ids; each refused join may cost a database read).
pub(crate) const REFUSED_JOINS: u32 = 8;

/// One connection's state.
pub(crate) struct Session {
    pub conn: u64,
    pub out: Outbox,
    pub joined: Option<Joined>,
    /// Joins refused so far.
    pub refused_joins: u32,
    /// When a whole view was last sent on request.
    pub last_view: Option<std::time::Instant>,
}

impl Session {
    /// Queues an error.
    pub fn refuse(&self, code: ErrorCode, message: impl AsRef<str>, id: Option<u64>) {
        self.out.send(ServerMsg::error(code, message.as_ref(), id).to_text());
    }

    /// Handles one text message from the client.
    pub async fn handle(&mut self, hub: &Hub, text: &str) {
        let msg: ClientMsg = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => return self.refuse(ErrorCode::BadMessage, e.to_string(), None),
        };
        match msg {
            ClientMsg::Ping => {
                self.out.send(ServerMsg::Pong.to_text());
            }
            ClientMsg::Join { table, token, since } => {
                self.join(hub, table, &token, since).await;
                if self.joined.is_none() {
                    self.count_refused_join();
                }
            }
            ClientMsg::EventsSince { version } => self.events_since(version).await,
            ClientMsg::View => self.view(hub).await,
            ClientMsg::Act { id, action } => match &self.joined {
                Some(j) => crate::tables::act::act(hub, j, &self.out, id, action).await,
                None => self.refuse(ErrorCode::NotJoined, "join a table first", id),
            },
        }
    }

    /// Counts a refused join; too many close the connection.
    fn count_refused_join(&mut self) {
        self.refused_joins += 1;
        if self.refused_joins >= REFUSED_JOINS {
            self.out
                .close(Close::new(ErrorCode::BadToken, "too many refused joins"));
        }
    }

    /// `events_since`: the joined viewer's entries after `version`, in one message or in pages.
    async fn events_since(&self, version: u64) {
        let Some(j) = &self.joined else {
            return self.refuse(ErrorCode::NotJoined, "join a table first", None);
        };
        let live = j.slot.lock().await;
        let entries = match live.table.events_since_lent(j.viewer, version) {
            Ok(entries) => entries,
            Err(e) => return self.refuse(ErrorCode::BadVersion, &e.message, None),
        };
        let reply = ServerMsg::Events {
            table: &j.id,
            entries: Entries::Lent(entries.collect()),
            patch: None,
            view: None,
            state_hash: None,
        }
        .to_text_within(catchup::one_message(self.out.budget()));
        match reply {
            Some(text) => self.out.send(text),
            // Too many for one message: in pages, the last at the version now.
            None => {
                let until = live.table.stream_version(j.viewer);
                let page = catchup::page_bytes(self.out.budget());
                let pages = Pages::entries(&j.slot, self.conn, &j.id, j.viewer, version, until, page);
                self.out.send_pages(pages)
            }
        };
    }

    /// `view`: the joined viewer's whole view, at most every `view_interval`.
    async fn view(&mut self, hub: &Hub) {
        let Some(j) = &self.joined else {
            return self.refuse(ErrorCode::NotJoined, "join a table first", None);
        };
        let now = std::time::Instant::now();
        if self
            .last_view
            .is_some_and(|at| now.duration_since(at) < hub.limits.view_interval)
        {
            let msg = format!(
                "a whole view at most every {} ms: keep it from the pushes",
                hub.limits.view_interval.as_millis()
            );
            return self.refuse(ErrorCode::Flood, msg, None);
        }
        self.last_view = Some(now);
        let live = j.slot.lock().await;
        let version = live.table.stream_version(j.viewer);
        let view = live.table.view(j.viewer);
        let whole = ServerMsg::View {
            version,
            view,
            until: None,
        }
        .to_text_within(catchup::one_message(self.out.budget()));
        match whole {
            Some(text) => self.out.send(text),
            // Too large for one message: a fresh start in pages.
            None => catchup::send(&self.out, &live, &j.slot, &j.id, j.viewer, self.conn, Start::View),
        };
    }

    /// Joins `table` as the viewer `token` belongs to. A seat's or the Director's second
    /// connection replaces the first, which is told `REPLACED` and closed. A connection joined
    /// to another table leaves it first (the next board on the same connection).
    async fn join(&mut self, hub: &Hub, table: String, token: &str, since: Option<u64>) {
        if let Some(old) = self.joined.take() {
            if old.id == table {
                self.joined = Some(old);
                return self.refuse(ErrorCode::AlreadyJoined, "this connection has joined this table", None);
            }
            // The next board on the same connection: its table is left first, as a closed
            // connection would leave it, so nothing of it follows this join's reply. If the
            // new join is refused, the connection is joined to no table.
            hub.leave(&old.id, &old.slot, Some(self.conn)).await;
        }
        if !hub.shard.serves(&table) {
            return self.refuse(ErrorCode::WrongShard, "this table is served by another process", None);
        }
        // A slot found evicted (its finished table left memory meanwhile) is looked up again.
        for _ in 0..3 {
            let slot = match hub.slot_for(&table, token).await {
                Ok(s) => s,
                Err(refusal) => {
                    self.out.send(refusal.to_message());
                    return;
                }
            };
            let live = slot.lock().await;
            if live.evicted {
                continue;
            }
            if let Some(why) = &live.broken {
                return self.refuse(ErrorCode::TableUnavailable, why.clone(), None);
            }
            match admitted(&live, token, hub.limits) {
                Ok(viewer) => return self.join_as(hub, table, &slot, live, viewer, since).await,
                Err((code, why)) => {
                    drop(live);
                    hub.leave(&table, &slot, None).await;
                    return self.refuse(code, why, None);
                }
            }
        }
        self.refuse(ErrorCode::TableUnavailable, "the table is moving: join again", None);
    }

    /// Joins the table `live` of `slot` as `viewer`, admitted: replaces the seat's other
    /// connection, sends `joined` (with the entries since `since`) under the table's lock.
    async fn join_as(
        &mut self,
        hub: &Hub,
        table: String,
        slot: &Slot,
        mut live: MutexGuard<'_, Live>,
        viewer: Viewer,
        since: Option<u64>,
    ) {
        // One connection per seat (and for the Director): the newest replaces the others.
        if viewer != Viewer::Spectator {
            for old in live.subs.iter().filter(|s| s.viewer == viewer) {
                old.out.close(Close::new(
                    ErrorCode::Replaced,
                    "another connection joined with this token",
                ));
            }
            live.subs.retain(|s| s.viewer != viewer);
        }
        // From the view this reply sends, the tracker makes the viewer's pushes.
        let Live { table: t, tracker, .. } = &mut *live;
        tracker.watch(t, viewer);
        let reply = match joined_reply(&live, &table, viewer, since, self.out.budget()) {
            Ok(reply) => reply,
            Err(why) => {
                drop(live);
                hub.leave(&table, slot, None).await;
                return self.refuse(ErrorCode::BadVersion, why, None);
            }
        };
        live.subs.push(Sub {
            conn: self.conn,
            viewer,
            out: self.out.clone(),
        });
        // Queued under the table's lock: no push can come before it. Too large for one
        // message, it is a fresh start in pages, whatever `since` was.
        match reply {
            Some(text) => self.out.send(text),
            None => catchup::send(&self.out, &live, slot, &table, viewer, self.conn, Start::Joined),
        };
        let expiry = live.expiry.subscribe();
        drop(live);
        self.joined = Some(Joined {
            slot: slot.clone(),
            id: table,
            viewer,
            expiry,
        });
    }
}

/// The viewer `token` joins `live` as, if it may now: a token of the table, not expired, and
/// room at the table (a seat's or the Director's connection counts its replaced one out);
/// else the code and why.
fn admitted(live: &Live, token: &str, limits: Limits) -> Result<Viewer, (ErrorCode, String)> {
    let Some(viewer) = credentials::viewer_of(&live.tokens, token).and_then(|n| n.parse::<Viewer>().ok()) else {
        return Err((ErrorCode::BadToken, "not a token of this table".into()));
    };
    if live.expired() {
        let why = "this board is over and its review period has passed";
        return Err((ErrorCode::TokenExpired, why.into()));
    }
    let replaces = viewer != Viewer::Spectator;
    let same_token = live.subs.iter().filter(|s| s.viewer == viewer).count();
    let staying = live.subs.len() - if replaces { same_token } else { 0 };
    if !replaces && same_token >= limits.connections_per_token {
        let why = format!("at most {} connections with one token", limits.connections_per_token);
        return Err((ErrorCode::TooManyConnections, why));
    }
    if staying >= limits.connections_per_table {
        let why = format!("at most {} connections at one table", limits.connections_per_table);
        return Err((ErrorCode::TooManyConnections, why));
    }
    Ok(viewer)
}

/// `joined` for `viewer` at `table` within one message of `budget` (`None`: too large for
/// one), with the entries since `since` if asked; why not when `since` does not read.
fn joined_reply(
    live: &Live,
    table: &str,
    viewer: Viewer,
    since: Option<u64>,
    budget: usize,
) -> Result<Option<String>, String> {
    let entries = match since.map(|v| live.table.events_since_lent(viewer, v)) {
        Some(Err(e)) => return Err(e.message),
        Some(Ok(entries)) => Some(entries.collect::<Vec<_>>()),
        None => None,
    };
    let hash = (viewer == Viewer::Director).then(|| live.table.state_hash());
    Ok(ServerMsg::Joined {
        table,
        viewer,
        version: live.table.stream_version(viewer),
        regulation: live.table.regulation(),
        entries,
        // A fresh start, or the view after the missed entries (a client table resumes
        // with both).
        view: live.table.view(viewer),
        state_hash: hash.as_deref(),
        until: None,
    }
    .to_text_within(catchup::one_message(budget)))
}
