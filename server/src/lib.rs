//! The reference server for online tables (issue 11): the crate used natively, one
//! authoritative `Table` per board, many tables per process.
//!
//! - A connection joins a table with a per-seat token (or the Director's, or the spectators')
//!   and can act only as that seat; it receives only its viewer's stream, versioned
//!   (`bridge_laws::stream`), and resumes with `since` / `events_since`.
//! - Tempo is on the server's clock (`Table::apply_on_server_clock`).
//! - Every accepted action is committed to the database before it is acknowledged or shown to
//!   anyone; on start every table is replayed and checked against its stored state hash.
//! - Tables are independent: `--shard K/N` serves the tables whose id hashes to K (mod N), so
//!   several processes share one database.

pub mod protocol;
pub mod store;

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State as AxState};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bridge_laws::stream::entries_of;
use bridge_laws::{Action, Actor, Outcome, Table, TableOptions, Viewer};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, Mutex, Notify, RwLock};

use protocol::{error, ClientMsg, ErrorCode};
use store::{Store, StoredTable};

/// Limits on clients.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Longest message answered with `FRAME_TOO_LARGE` (longer ones than `hard_frame_bytes`
    /// close the connection).
    pub frame_bytes: usize,
    /// The WebSocket layer's own limit: a message past it closes the connection (1009).
    pub hard_frame_bytes: usize,
    /// Messages per second a connection may send on average.
    pub rate_per_sec: f64,
    /// Messages a connection may send at once.
    pub burst: f64,
    /// Messages queued to a connection before it is dropped as too slow.
    pub queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            frame_bytes: 16 * 1024,
            hard_frame_bytes: 1024 * 1024,
            rate_per_sec: 20.0,
            burst: 40.0,
            queue: 512,
        }
    }
}

/// Which tables this process serves: those whose id hashes to `index` mod `count`.
#[derive(Clone, Copy, Debug)]
pub struct Shard {
    /// This process's shard.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Default for Shard {
    fn default() -> Shard {
        Shard { index: 0, count: 1 }
    }
}

impl Shard {
    /// Whether this shard serves table `id` (FNV-1a of the id, mod `count`).
    pub fn serves(&self, id: &str) -> bool {
        let h = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        h % self.count.max(1) == self.index
    }
}

/// How to run a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (port 0: any free port).
    pub listen: SocketAddr,
    /// Database URL.
    pub database: String,
    /// Static files to serve at `/` (the table page), if any.
    pub www: Option<PathBuf>,
    /// Bearer token that `POST /api/tables` requires, if any.
    pub admin_token: Option<String>,
    /// Which tables this process serves.
    pub shard: Shard,
    /// Limits on clients.
    pub limits: Limits,
}

/// A connection subscribed to a table.
struct Sub {
    conn: u64,
    viewer: Viewer,
    tx: mpsc::Sender<String>,
    kick: Arc<Notify>,
}

/// A table in memory.
struct Live {
    table: Table,
    /// Viewer name → SHA-256 of its token.
    tokens: BTreeMap<String, String>,
    subs: Vec<Sub>,
    /// Why the table is not served (its stored log did not replay to its stored hash).
    broken: Option<String>,
}

struct Hub {
    store: Store,
    tables: RwLock<HashMap<String, Arc<Mutex<Live>>>>,
    shard: Shard,
    limits: Limits,
    admin_token: Option<String>,
    next_conn: AtomicU64,
}

type Shared = Arc<Hub>;

fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_millis() as f64)
}

fn sha_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn new_token() -> String {
    let mut bytes = [0u8; 24];
    if getrandom::fill(&mut bytes).is_err() {
        // No system randomness: refuse to make guessable tokens.
        return String::new();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Viewers a table has tokens for.
const VIEWER_NAMES: [&str; 6] = ["N", "E", "S", "W", "director", "spectator"];

/// A table rebuilt from the store, checked against every stored hash.
fn restore(stored: &StoredTable) -> Result<Table, String> {
    let options: TableOptions = serde_json::from_str(&stored.options).map_err(|e| format!("options: {e}"))?;
    let mut table = Table::new(options).map_err(|e| e.to_string())?;
    if usize::try_from(stored.count).ok() != Some(stored.actions.len()) {
        return Err(format!(
            "{} actions stored, {} recorded",
            stored.actions.len(),
            stored.count
        ));
    }
    for (i, (text, hash)) in stored.actions.iter().enumerate() {
        let action = Action::from_json(text).map_err(|e| format!("action {i}: {e}"))?;
        if let Outcome::Rejected(r) = table.apply(action) {
            return Err(format!("action {i} refused on replay: {}", r.message));
        }
        if table.state_hash() != *hash {
            return Err(format!(
                "action {i}: state hash {} differs from the stored {hash}",
                table.state_hash()
            ));
        }
    }
    if table.state_hash() != stored.state_hash {
        return Err(format!(
            "state hash {} differs from the stored {}",
            table.state_hash(),
            stored.state_hash
        ));
    }
    Ok(table)
}

/// A running server.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Tables restored, and those not served because their log did not check.
    pub restored: usize,
    /// Tables whose stored log did not replay to the stored hash.
    pub broken: Vec<String>,
    /// The server task.
    pub task: tokio::task::JoinHandle<()>,
}

/// Connects to the database, restores this shard's tables, binds and serves.
///
/// # Errors
/// When the database or the address cannot be used.
pub async fn start(config: Config) -> Result<Running, String> {
    let store = Store::connect(&config.database)
        .await
        .map_err(|e| format!("database {}: {e}", config.database))?;
    let shard = config.shard;
    let stored = store.load(|id| shard.serves(id)).await.map_err(|e| e.to_string())?;
    let mut tables = HashMap::new();
    let mut broken = Vec::new();
    for s in &stored {
        let (table, why) = match restore(s) {
            Ok(t) => (t, None),
            Err(why) => {
                eprintln!("table {}: not served: {why}", s.id);
                broken.push(s.id.clone());
                let options = serde_json::from_str(&s.options).ok();
                match options.and_then(|o| Table::new(o).ok()) {
                    Some(t) => (t, Some(why)),
                    None => continue,
                }
            }
        };
        let live = Live {
            table,
            tokens: s.tokens.clone(),
            subs: Vec::new(),
            broken: why,
        };
        tables.insert(s.id.clone(), Arc::new(Mutex::new(live)));
    }
    let restored = tables.len() - broken.len().min(tables.len());
    let hub = Arc::new(Hub {
        store,
        tables: RwLock::new(tables),
        shard,
        limits: config.limits,
        admin_token: config.admin_token.clone(),
        next_conn: AtomicU64::new(1),
    });
    let mut app = Router::new()
        .route("/ws", get(ws_upgrade))
        .route("/api/tables", post(create_table))
        .route("/api/tables/{id}", get(table_status))
        .with_state(hub);
    if let Some(dir) = config.www.as_ref().filter(|d| d.is_dir()) {
        app = app.fallback_service(tower_http::services::ServeDir::new(dir));
    }
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("listen {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            eprintln!("server stopped: {e}");
        }
    });
    Ok(Running {
        addr,
        restored,
        broken,
        task,
    })
}

fn admin_ok(hub: &Hub, headers: &HeaderMap) -> bool {
    let Some(want) = &hub.admin_token else { return true };
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .is_some_and(|got| sha_hex(got) == sha_hex(want))
}

fn api_error(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "code": code, "message": message.into() }))).into_response()
}

fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `POST /api/tables` `{"id"?: "…", "options": TableOptions}` → `201 {"id", "tokens"}`: one
/// token per seat, the Director's and the spectators'. Only their hashes are stored.
async fn create_table(AxState(hub): AxState<Shared>, headers: HeaderMap, body: String) -> Response {
    if !admin_ok(&hub, &headers) {
        return api_error(StatusCode::UNAUTHORIZED, ErrorCode::BadToken, "admin token required");
    }
    let Ok(Value::Object(mut req)) = serde_json::from_str::<Value>(&body) else {
        return api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            "expected {\"options\": …}",
        );
    };
    let id = match req.remove("id") {
        Some(Value::String(id)) => id,
        None => new_token().get(..16).unwrap_or_default().to_string(),
        Some(_) => return api_error(StatusCode::BAD_REQUEST, ErrorCode::BadMessage, "id must be a string"),
    };
    if !valid_id(&id) {
        return api_error(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadMessage,
            "id: 1 to 64 of A-Z a-z 0-9 - _",
        );
    }
    if !hub.shard.serves(&id) {
        return api_error(
            StatusCode::MISDIRECTED_REQUEST,
            ErrorCode::WrongShard,
            "table id of another shard",
        );
    }
    let options_text = req.get("options").map(Value::to_string).unwrap_or_default();
    let table = match Table::from_options_json(&options_text) {
        Ok(t) => t,
        Err(e) => return api_error(StatusCode::BAD_REQUEST, ErrorCode::BadMessage, e.message),
    };
    let tokens: BTreeMap<String, String> = VIEWER_NAMES.iter().map(|v| ((*v).to_string(), new_token())).collect();
    if tokens.values().any(String::is_empty) {
        return api_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::StorageFailed,
            "no system randomness",
        );
    }
    let hashed: BTreeMap<String, String> = tokens.iter().map(|(k, v)| (k.clone(), sha_hex(v))).collect();
    let mut tables = hub.tables.write().await;
    if tables.contains_key(&id) {
        return api_error(
            StatusCode::CONFLICT,
            ErrorCode::BadMessage,
            "a table with that id exists",
        );
    }
    if let Err(e) = hub
        .store
        .create_table(&id, &options_text, &hashed, &table.state_hash())
        .await
    {
        return api_error(StatusCode::CONFLICT, ErrorCode::StorageFailed, e.to_string());
    }
    let live = Live {
        table,
        tokens: hashed,
        subs: Vec::new(),
        broken: None,
    };
    tables.insert(id.clone(), Arc::new(Mutex::new(live)));
    (StatusCode::CREATED, Json(json!({ "id": id, "tokens": tokens }))).into_response()
}

/// `GET /api/tables/{id}` (admin): the number of accepted actions and the state hash.
async fn table_status(AxState(hub): AxState<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if !admin_ok(&hub, &headers) {
        return api_error(StatusCode::UNAUTHORIZED, ErrorCode::BadToken, "admin token required");
    }
    let Some(slot) = hub.tables.read().await.get(&id).cloned() else {
        return api_error(StatusCode::NOT_FOUND, ErrorCode::UnknownTable, "no such table");
    };
    let live = slot.lock().await;
    Json(json!({
        "id": id,
        "actions": live.table.log().len(),
        "stateHash": live.table.state_hash(),
        "broken": live.broken,
    }))
    .into_response()
}

async fn ws_upgrade(AxState(hub): AxState<Shared>, ws: WebSocketUpgrade) -> Response {
    let limits = hub.limits;
    ws.max_message_size(limits.hard_frame_bytes)
        .max_frame_size(limits.hard_frame_bytes)
        .on_upgrade(move |socket| connection(hub, socket))
}

/// What a connection has joined.
struct Joined {
    slot: Arc<Mutex<Live>>,
    id: String,
    viewer: Viewer,
}

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

async fn connection(hub: Shared, socket: WebSocket) {
    let conn = hub.next_conn.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut source) = socket.split();
    let (tx, mut rx) = mpsc::channel::<String>(hub.limits.queue);
    let kick = Arc::new(Notify::new());
    // The writer: everything for this connection goes through one queue, in order.
    let writer_kick = kick.clone();
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(text) => if sink.send(Message::Text(text.into())).await.is_err() { break },
                    None => break,
                },
                () = writer_kick.notified() => {
                    let _ = sink.send(Message::Text(error(ErrorCode::TooSlow, "too far behind: reconnect and resume with since", None).into())).await;
                    let _ = sink.send(Message::Close(None)).await;
                    break;
                }
            }
        }
    });
    let mut joined: Option<Joined> = None;
    let mut bucket = Bucket {
        tokens: hub.limits.burst,
        at: Instant::now(),
    };
    let mut floods = 0u32;
    while let Some(Ok(msg)) = source.next().await {
        let text = match msg {
            Message::Text(t) => t.as_str().to_owned(),
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Binary(_) => {
                let _ = tx
                    .send(error(ErrorCode::BadMessage, "binary frames are not read", None))
                    .await;
                continue;
            }
        };
        if !bucket.take(&hub.limits) {
            floods += 1;
            // A client that keeps flooding is dropped; the table never sees its messages.
            if floods > 1000 {
                break;
            }
            if floods % 50 == 1 {
                let _ = tx.try_send(error(ErrorCode::Flood, "too many messages: dropped", None));
            }
            continue;
        }
        if text.len() > hub.limits.frame_bytes {
            let msg = format!("a message may be at most {} bytes", hub.limits.frame_bytes);
            let _ = tx.send(error(ErrorCode::FrameTooLarge, msg, None)).await;
            continue;
        }
        let reply = handle(&hub, conn, &tx, &kick, &mut joined, &text).await;
        if let Some(reply) = reply {
            if tx.send(reply).await.is_err() {
                break;
            }
        }
    }
    if let Some(j) = joined {
        j.slot.lock().await.subs.retain(|s| s.conn != conn);
    }
    drop(tx);
    let _ = tokio::time::timeout(Duration::from_secs(5), writer).await;
}

fn viewer_name(v: Viewer) -> &'static str {
    match v {
        Viewer::Seat(s) => VIEWER_NAMES.get(s.index()).copied().unwrap_or("spectator"),
        Viewer::Director => "director",
        Viewer::Spectator => "spectator",
    }
}

/// Handles one message; returns the reply, if any (entries of an accepted action go to every
/// subscribed connection, this one included, through the queues).
async fn handle(
    hub: &Hub,
    conn: u64,
    tx: &mpsc::Sender<String>,
    kick: &Arc<Notify>,
    joined: &mut Option<Joined>,
    text: &str,
) -> Option<String> {
    let msg: ClientMsg = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => return Some(error(ErrorCode::BadMessage, e.to_string(), None)),
    };
    match msg {
        ClientMsg::Ping => Some(json!({ "type": "pong" }).to_string()),
        ClientMsg::Join { table, token, since } => {
            if joined.is_some() {
                return Some(error(
                    ErrorCode::AlreadyJoined,
                    "this connection has joined a table",
                    None,
                ));
            }
            if !hub.shard.serves(&table) {
                return Some(error(
                    ErrorCode::WrongShard,
                    "this table is served by another process",
                    None,
                ));
            }
            let Some(slot) = hub.tables.read().await.get(&table).cloned() else {
                return Some(error(ErrorCode::UnknownTable, "no such table", None));
            };
            let mut live = slot.lock().await;
            if let Some(why) = &live.broken {
                return Some(error(ErrorCode::TableUnavailable, why.clone(), None));
            }
            let hashed = sha_hex(&token);
            let Some(name) = live.tokens.iter().find(|(_, h)| **h == hashed).map(|(n, _)| n.clone()) else {
                return Some(error(ErrorCode::BadToken, "not a token of this table", None));
            };
            let Ok(viewer) = name.parse::<Viewer>() else {
                return Some(error(ErrorCode::BadToken, "not a token of this table", None));
            };
            let version = live.table.stream_version(viewer);
            // The table's regulation is public to everyone at it: a page needs it to offer
            // the right forms (who alerts and explains, whether irregular calls are possible).
            let mut reply = json!({ "type": "joined", "table": table, "viewer": viewer, "version": version,
                "regulation": live.table.regulation() });
            if let Some(v) = since {
                match live.table.events_since_lent(viewer, v) {
                    Ok(entries) => reply["entries"] = json!(entries.collect::<Vec<_>>()),
                    Err(e) => return Some(error(ErrorCode::BadVersion, e.message, None)),
                }
            }
            // A fresh start, or the view after the missed entries (a client table resumes
            // with both).
            reply["view"] = json!(live.table.view(viewer));
            if viewer == Viewer::Director {
                reply["stateHash"] = json!(live.table.state_hash());
            }
            live.subs.push(Sub {
                conn,
                viewer,
                tx: tx.clone(),
                kick: kick.clone(),
            });
            drop(live);
            *joined = Some(Joined {
                slot,
                id: table,
                viewer,
            });
            Some(reply.to_string())
        }
        ClientMsg::EventsSince { version } => {
            let Some(j) = joined else {
                return Some(error(ErrorCode::NotJoined, "join a table first", None));
            };
            let live = j.slot.lock().await;
            let reply = match live.table.events_since_lent(j.viewer, version) {
                Ok(entries) => {
                    json!({ "type": "events", "table": j.id, "entries": entries.collect::<Vec<_>>() }).to_string()
                }
                Err(e) => error(ErrorCode::BadVersion, e.message, None),
            };
            Some(reply)
        }
        ClientMsg::View => {
            let Some(j) = joined else {
                return Some(error(ErrorCode::NotJoined, "join a table first", None));
            };
            let live = j.slot.lock().await;
            let version = live.table.stream_version(j.viewer);
            Some(json!({ "type": "view", "version": version, "view": live.table.view(j.viewer) }).to_string())
        }
        ClientMsg::Act { id, action } => {
            let Some(j) = joined else {
                return Some(error(ErrorCode::NotJoined, "join a table first", id));
            };
            act(hub, j, id, action).await
        }
    }
}

async fn act(hub: &Hub, j: &Joined, id: Option<u64>, mut action: Value) -> Option<String> {
    let actor = match j.viewer {
        Viewer::Seat(s) => Actor::Seat(s),
        Viewer::Director => Actor::Director,
        Viewer::Spectator => return Some(error(ErrorCode::WrongSeat, "spectators do not act", id)),
    };
    let own = viewer_name(j.viewer);
    if let Some(o) = action.as_object_mut() {
        match o.get("seat") {
            None => {
                o.insert("seat".into(), own.into());
            }
            Some(Value::String(s)) if s == own => {}
            Some(other) => {
                return Some(error(
                    ErrorCode::WrongSeat,
                    format!("this connection acts as {own}, not {other}"),
                    id,
                ));
            }
        }
    }
    let action = match Action::from_json(&action.to_string()) {
        Ok(a) if a.seat == actor => a,
        Ok(_) => {
            return Some(error(
                ErrorCode::WrongSeat,
                format!("this connection acts as {own}"),
                id,
            ))
        }
        Err(e) => return Some(error(ErrorCode::BadAction, e.message, id)),
    };
    let mut live = j.slot.lock().await;
    if let Some(why) = &live.broken {
        return Some(error(ErrorCode::TableUnavailable, why.clone(), id));
    }
    let before: Vec<u64> = live.subs.iter().map(|s| live.table.stream_version(s.viewer)).collect();
    let outcome = live.table.apply_on_server_clock(action, now_ms());
    if let Outcome::Rejected(r) = &outcome {
        return Some(json!({ "type": "ack", "id": id, "ok": false, "rejection": r }).to_string());
    }
    // Written before anyone hears of it.
    let n = live.table.log().len();
    let stored = match live.table.log().last() {
        Some(last) => serde_json::to_string(&last).unwrap_or_default(),
        None => String::new(),
    };
    if let Err(e) = hub.store.append(&j.id, n - 1, &stored, &live.table.state_hash()).await {
        // Not stored: not accepted. Rebuild the table without it.
        let mut snapshot = live.table.snapshot();
        snapshot.actions.pop();
        match Table::from_snapshot(snapshot) {
            Ok(t) => live.table = t,
            Err(r) => live.broken = Some(r.message),
        }
        return Some(error(ErrorCode::StorageFailed, format!("not accepted: {e}"), id));
    }
    let hash = live.table.state_hash();
    let mut slow = Vec::new();
    for (sub, from) in live.subs.iter().zip(before) {
        let entries = entries_of(&outcome, sub.viewer, from);
        if entries.is_empty() {
            continue;
        }
        // The viewer's view comes with his entries: a client table (`SeatTable`) is kept from
        // them alone.
        let mut msg =
            json!({ "type": "events", "table": j.id, "entries": entries, "view": live.table.view(sub.viewer) });
        if sub.viewer == Viewer::Director {
            msg["stateHash"] = json!(hash);
        }
        if sub.tx.try_send(msg.to_string()).is_err() {
            slow.push(sub.conn);
            sub.kick.notify_one();
        }
    }
    live.subs.retain(|s| !slow.contains(&s.conn));
    let version = live.table.stream_version(j.viewer);
    let mut ack = json!({ "type": "ack", "id": id, "ok": true, "version": version });
    if j.viewer == Viewer::Director {
        ack["stateHash"] = json!(hash);
    }
    Some(ack.to_string())
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn every_table_id_belongs_to_exactly_one_shard_and_shards_share_the_tables() {
        for count in 1..6u64 {
            let mut per_shard = vec![0; count as usize];
            for i in 0..400 {
                let id = format!("table-{i}");
                let owners: Vec<u64> = (0..count).filter(|k| Shard { index: *k, count }.serves(&id)).collect();
                assert_eq!(owners.len(), 1, "{id} with {count} shards: {owners:?}");
                per_shard[owners[0] as usize] += 1;
            }
            assert!(per_shard.iter().all(|n| *n > 400 / count as usize / 2), "{per_shard:?}");
        }
    }
}
