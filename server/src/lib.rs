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
use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use axum::serve::ListenerExt;
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::RwLock;

pub use config::{Cluster, Config, IpNet, Limits, Shard};
pub use metrics::Metrics;

use commit::Committer;
use store::Store;
use tables::hub::Hub;
use tables::idle_tables;
use tables::restore::{restore_all, Restored};

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
    let store = Store::connect(&config.database)
        .await
        .map_err(|e| format!("database {}: {e}", config.database))?;
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("listen {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let store = cluster::holding_leases(store, &config, addr)?;
    cluster::refuse_beside_cluster(&store, &config).await?;
    let presence = cluster::announce(&store, &config, addr).await?;
    // With leases, the tables are taken by the first sweep below instead.
    let mut restored = match config.cluster {
        Some(_) => Restored::default(),
        None => restore_all(&store, config.shard).await?,
    };
    let served = restored.served();
    let hub = hub_of(store, std::mem::take(&mut restored.tables), &config);
    let (restored, broken) = match config.cluster {
        Some(_) => {
            let (taken, not_served) = lease::sweep(&hub).await.map_err(|e| e.to_string())?;
            (taken - not_served.len(), not_served)
        }
        None => (served, restored.broken),
    };
    // The lease keeper runs as long as the server (aborting `task` stops both).
    let keeper = config.cluster.as_ref().map(|c| lease::keep(hub.clone(), c.ttl));
    let announced = presence.map(|me| lease_presence::keep(hub.store.clone(), me));
    let app = http::routes::router(&hub, &config);
    let task = tokio::spawn(serve_until_stopped(listener, app, hub.clone(), keeper, announced));
    Ok(Running {
        addr,
        restored,
        broken,
        metrics: hub.metrics.clone(),
        task,
        hub,
    })
}

/// The hub holding `tables`, its group commit started on `store`.
fn hub_of(store: Store, tables: HashMap<String, tables::live::Slot>, config: &Config) -> Arc<Hub> {
    // SQLite takes one writer at a time; PostgreSQL commits a few batches side by side.
    let writers = if config.database.starts_with("sqlite:") { 1 } else { 4 };
    Arc::new(Hub {
        committer: Committer::start(store.clone(), writers),
        store,
        tables: RwLock::new(tables),
        shard: config.shard,
        limits: config.limits,
        admin_digest: config.admin_token.as_deref().map(credentials::digest_hex),
        demo: config.demo,
        next_conn: AtomicU64::new(1),
        creating: Default::default(),
        metrics: Arc::new(Metrics::default()),
    })
}

/// Serves `app` on `listener` beside the tasks that run as long as it does — the lease
/// keeper, the presence's renewal, the closing of idle tables — until one of them ends.
async fn serve_until_stopped(
    listener: TcpListener,
    app: Router,
    hub: Arc<Hub>,
    keeper: Option<impl Future<Output = ()>>,
    announced: Option<impl Future<Output = ()>>,
) {
    // Small messages go out at once: with Nagle's algorithm a push or an ack waits for the
    // peer's delayed acknowledgement (~40 ms on Linux) whenever one is already in flight.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let app = app.into_make_service_with_connect_info::<SocketAddr>();
    tokio::select! {
        served = axum::serve(listener, app) => if let Err(e) = served {
            eprintln!("server stopped: {e}");
        },
        () = or_never(keeper) => {}
        () = or_never(announced) => {}
        () = idle_tables::run(hub) => {}
    }
}

/// Runs `task`, or never ends when there is none.
async fn or_never(task: Option<impl Future<Output = ()>>) {
    match task {
        Some(t) => t.await,
        None => std::future::pending().await,
    }
}
