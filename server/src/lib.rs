//! The reference server for online tables: the crate used natively, one
//! authoritative `Table` per board, many tables per process; secure by default
//! (docs/SERVER.md).
//!
//! - A connection joins a table with a per-seat token (or the Director's, or the spectators')
//!   and can act only as that seat; it receives only its viewer's stream, versioned
//!   (`bridge_laws::stream`), and resumes with `since` / `events_since`. A seat's second
//!   connection replaces the first.
//! - Tempo is on the server's clock (`Table::apply_on_server_clock`).
//! - Every accepted action is committed to the database before it is acknowledged or shown to
//!   anyone; on start every live table is replayed and checked against its stored state hash.
//!   A finished table leaves memory; its tokens join it for review until they expire.
//! - Every byte owed to a connection counts against its budget; connections are limited per
//!   token, table and process.
//! - Tables are independent: several processes share one PostgreSQL database, each owning
//!   the tables whose lease it holds (`--cluster`, `lease`: a killed process's tables are
//!   taken over once its leases lapse), or statically those whose id hashes to K mod N
//!   (`--shard K/N`); the two kinds never serve one database together (`lease_presence`).

mod cluster;
pub mod config;
mod http;
mod limits;
pub mod metrics;
pub mod protocol;
pub mod store;
mod tables;
#[cfg(test)]
mod typescript;
mod ws;

pub use cluster::{lease, lease_presence};
pub use http::credentials;
pub use limits::client_addr;
pub use tables::{commit, deal};
pub use ws::{catchup, outbox, push, server_msg};

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use axum::{middleware, Extension, Router};
use bridge_laws::Phase;
use tokio::sync::{Mutex, RwLock};

pub use config::{Cluster, Config, IpNet, Limits, Shard};
pub use metrics::Metrics;

use client_addr::ClientIp;
use commit::Committer;
use http::admin;
use http::http_body::api_error;
use limits::{ip_limits, rate_limit};
use protocol::ErrorCode;
use store::Store;
use tables::hub::{self, restore, Hub, Live};
use tables::idle_tables;
use ws::connection;

/// A running server.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Tables restored, and those not served because their log did not check.
    pub restored: usize,
    /// Tables whose stored log did not replay to the stored hash.
    pub broken: Vec<String>,
    /// The server's counters (queued bytes, connections).
    pub metrics: Arc<Metrics>,
    /// The server task.
    pub task: tokio::task::JoinHandle<()>,
    hub: Arc<Hub>,
}

impl Running {
    /// Tables held in memory now.
    pub async fn resident_tables(&self) -> usize {
        self.hub.resident().await
    }

    /// Whether table `id` is held in memory now.
    pub async fn holds(&self, id: &str) -> bool {
        self.hub.tables.read().await.contains_key(id)
    }
}

/// Connects to the database, binds, takes its tables — this shard's live tables, or with
/// `cluster` those nobody owns — and serves.
///
/// # Errors
/// When the database or the address cannot be used, or `cluster` is asked of SQLite.
pub async fn start(config: Config) -> Result<Running, String> {
    let mut store = Store::connect(&config.database)
        .await
        .map_err(|e| format!("database {}: {e}", config.database))?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("listen {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    if let Some(cluster) = &config.cluster {
        if !config.database.starts_with("postgres") {
            return Err("--cluster needs PostgreSQL (SQLite is one process, which owns every table)".into());
        }
        if config.shard.count > 1 {
            return Err("--cluster and --shard exclude each other".into());
        }
        store = store.holding(lease::Holder {
            node: cluster.node.clone(),
            address: cluster.advertise.clone().unwrap_or_else(|| format!("ws://{addr}/ws")),
            ttl_ms: i64::try_from(cluster.ttl.as_millis()).unwrap_or(i64::MAX).max(1),
        });
    }
    if config.cluster.is_none() && config.database.starts_with("postgres") {
        // A process without leases writes unfenced: beside live cluster processes it would
        // write tables they own (docs/SERVER.md, "Many processes").
        let live = store.live_leases().await.map_err(|e| e.to_string())?;
        if !live.is_empty() {
            let nodes: Vec<String> = live.iter().map(|(n, k)| format!("{n} ({k} tables)")).collect();
            return Err(format!(
                "SERVED_BY_CLUSTER: this database has live leases of --cluster processes: {}; start \
                 with --cluster too, or stop them and wait for their leases to lapse",
                nodes.join(", ")
            ));
        }
    }
    // Each kind of process announces itself; the other kind refuses to start beside it
    // (`lease_presence`: a --cluster process would take the tables of one without leases).
    let presence = lease_presence::Presence::of(&config, &store, addr);
    if let Some(me) = &presence {
        store.announce(me).await.map_err(|e| e.to_string())?;
    }
    let shard = config.shard;
    // With leases, the tables are taken by the first sweep below instead.
    let stored = match config.cluster {
        Some(_) => Vec::new(),
        None => store.load(|id| shard.serves(id)).await.map_err(|e| e.to_string())?,
    };
    let mut tables = HashMap::new();
    let mut broken = Vec::new();
    for s in &stored {
        let (table, why) = match restore(s) {
            // Over, but stored before boards were archived: archived now, not held.
            Ok(t) if t.phase() == Phase::Ended => {
                let now = i64::try_from(hub::now_ms()).unwrap_or(i64::MAX);
                store.finish(&s.id, now).await.map_err(|e| e.to_string())?;
                continue;
            }
            Ok(t) => (t, None),
            Err(why) => {
                eprintln!("table {}: not served: {why}", s.id);
                broken.push(s.id.clone());
                match hub::unserved(s) {
                    Some(t) => (t, Some(why)),
                    None => continue,
                }
            }
        };
        let live = Live::new(table, s.tokens.clone(), why);
        tables.insert(s.id.clone(), Arc::new(Mutex::new(live)));
    }
    let mut restored = tables.len() - broken.len().min(tables.len());
    let metrics = Arc::new(Metrics::default());
    // SQLite takes one writer at a time; PostgreSQL commits a few batches side by side.
    let writers = if config.database.starts_with("sqlite:") { 1 } else { 4 };
    let hub = Arc::new(Hub {
        committer: Committer::start(store.clone(), writers),
        store,
        tables: RwLock::new(tables),
        shard,
        limits: config.limits,
        admin_digest: config.admin_token.as_deref().map(credentials::digest_hex),
        demo: config.demo,
        next_conn: AtomicU64::new(1),
        creating: Default::default(),
        metrics: metrics.clone(),
    });
    if config.cluster.is_some() {
        let (taken, not_served) = lease::sweep(&hub).await.map_err(|e| e.to_string())?;
        restored = taken - not_served.len();
        broken = not_served;
    }
    // The lease keeper runs as long as the server (aborting `task` stops both).
    let keeper = config.cluster.as_ref().map(|c| lease::keep(hub.clone(), c.ttl));
    let http_limiter = rate_limit::HttpLimiter::new(&config.limits, hub.admin_digest.clone());
    let api = Router::new()
        .route("/api/tables", post(admin::create_table))
        .route("/api/tables/{id}", get(admin::table_status))
        .route_layer(middleware::from_fn_with_state(http_limiter, rate_limit::limit));
    let mut app = Router::new()
        .route("/ws", get(ws_upgrade))
        .merge(api)
        .layer(Extension(ip_limits::PerIp::new(config.limits.connections_per_ip)))
        .layer(Extension(Arc::new(client_addr::TrustedProxies::new(
            config.trusted_proxies.clone(),
        ))))
        .with_state(hub.clone());
    if let Some(dir) = config.www.as_ref().filter(|d| d.is_dir()) {
        app = app.fallback_service(tower_http::services::ServeDir::new(dir));
    }
    // Small messages go out at once: with Nagle's algorithm a push or an ack waits for the
    // peer's delayed acknowledgement (~40 ms on Linux) whenever one is already in flight.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let idle = idle_tables::run(hub.clone());
    let announced = presence.map(|me| lease_presence::keep(hub.store.clone(), me));
    let task = tokio::spawn(async move {
        let leases = async {
            match keeper {
                Some(k) => k.await,
                None => std::future::pending().await,
            }
        };
        let app = app.into_make_service_with_connect_info::<SocketAddr>();
        tokio::select! {
            served = axum::serve(listener, app) => if let Err(e) = served {
                eprintln!("server stopped: {e}");
            },
            () = leases => {}
            () = async {
                match announced {
                    Some(a) => a.await,
                    None => std::future::pending().await,
                }
            } => {}
            () = idle => {}
        }
    });
    Ok(Running {
        addr,
        restored,
        broken,
        metrics,
        task,
        hub,
    })
}

/// `GET /ws`: the upgrade, refused `TOO_MANY_CONNECTIONS` with 429 when the client's address
/// (`client_addr`: behind a trusted proxy, the one it forwards) holds its limit of
/// connections, with 503 when the process holds its own.
async fn ws_upgrade(
    State(hub): State<Arc<Hub>>,
    ClientIp(client): ClientIp,
    Extension(per_ip): Extension<Arc<ip_limits::PerIp>>,
    ws: WebSocketUpgrade,
) -> Response {
    let limits = hub.limits;
    let Some(ip_slot) = per_ip.open(client) else {
        let message = format!("at most {} connections from one address", limits.connections_per_ip);
        return api_error(StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManyConnections, message);
    };
    let Some(slot) = hub.metrics.open_connection(limits.connections) else {
        let message = format!("this process serves at most {} connections", limits.connections);
        return api_error(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::TooManyConnections, message);
    };
    ws.max_message_size(limits.hard_frame_bytes)
        .max_frame_size(limits.hard_frame_bytes)
        .read_buffer_size(connection::READ_BUFFER)
        .on_upgrade(move |socket| async move {
            connection::serve(hub, socket, slot).await;
            drop(ip_slot);
        })
}
