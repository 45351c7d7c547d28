//! Many processes over one PostgreSQL database: table leases, their rows, and which kind of
//! process serves the database.

pub mod lease;
pub mod lease_presence;
pub(crate) mod lease_rows;

use std::net::SocketAddr;

use crate::config::Config;
use crate::store::Store;

/// The store a `--cluster` process writes through: holding leases as this node (PostgreSQL
/// only, and never with `--shard`); `store` itself without `--cluster`.
pub(crate) fn holding_leases(store: Store, config: &Config, addr: SocketAddr) -> Result<Store, String> {
    let Some(cluster) = &config.cluster else {
        return Ok(store);
    };
    if !config.database.starts_with("postgres") {
        return Err("--cluster needs PostgreSQL (SQLite is one process, which owns every table)".into());
    }
    if config.shard.count > 1 {
        return Err("--cluster and --shard exclude each other".into());
    }
    Ok(store.holding(lease::Holder {
        node: cluster.node.clone(),
        address: cluster.advertise.clone().unwrap_or_else(|| format!("ws://{addr}/ws")),
        ttl_ms: i64::try_from(cluster.ttl.as_millis()).unwrap_or(i64::MAX).max(1),
    }))
}

/// Refuses to start a process without leases on a PostgreSQL database live `--cluster`
/// processes hold leases of (`SERVED_BY_CLUSTER`).
pub(crate) async fn refuse_beside_cluster(store: &Store, config: &Config) -> Result<(), String> {
    if config.cluster.is_some() || !config.database.starts_with("postgres") {
        return Ok(());
    }
    // A process without leases writes unfenced: beside live cluster processes it would
    // write tables they own (docs/SERVER.md, "Many processes").
    let live = store.live_leases().await.map_err(|e| e.to_string())?;
    if live.is_empty() {
        return Ok(());
    }
    let nodes: Vec<String> = live.iter().map(|(n, k)| format!("{n} ({k} tables)")).collect();
    Err(format!(
        "SERVED_BY_CLUSTER: this database has live leases of --cluster processes: {}; start \
         with --cluster too, or stop them and wait for their leases to lapse",
        nodes.join(", ")
    ))
}

/// Announces this process's kind (PostgreSQL); the other kind refuses to start beside it
/// (`lease_presence`: a --cluster process would take the tables of one without leases).
pub(crate) async fn announce(
    store: &Store,
    config: &Config,
    addr: SocketAddr,
) -> Result<Option<lease_presence::Presence>, String> {
    let presence = lease_presence::Presence::of(config, store, addr);
    if let Some(me) = &presence {
        store.announce(me).await.map_err(|e| e.to_string())?;
    }
    Ok(presence)
}
