//! The tables this process holds in memory: those whose board is not over, and a finished
//! one only while someone reviews it (loaded back from its archive in the database within
//! the review period). Memory is bounded by the live tables and the open connections.
//! With leases (`crate::cluster::lease`) a table is held only by the process that holds its lease: a
//! table not in memory is taken (its lease claimed, its log replayed) or its owner named.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::Arc;
use std::time::Instant;

use bridge_laws::Viewer;
use tokio::sync::{watch, Mutex, RwLock};

use crate::cluster::lease_rows::Claim;
use crate::config::{Limits, Shard};
use crate::http::credentials;
use crate::metrics::Metrics;
use crate::protocol::ErrorCode;
use crate::store::Store;
use crate::tables::commit::Committer;
use crate::tables::live::{review_over, Live, Slot};
use crate::tables::restore::{restore, unserved};
use crate::ws::outbox::Close;
use crate::ws::server_msg::ServerMsg;

/// What a connection has joined.
pub(crate) struct Joined {
    pub slot: Slot,
    pub id: String,
    pub viewer: Viewer,
    /// When the table's tokens expire, once its board is over.
    pub expiry: watch::Receiver<Option<Instant>>,
}

/// Every table this process holds, and what all connections share.
pub(crate) struct Hub {
    pub store: Store,
    /// Writes accepted actions of many tables in one transaction (group commit).
    pub committer: Committer,
    pub tables: RwLock<HashMap<String, Slot>>,
    pub shard: Shard,
    pub limits: Limits,
    /// SHA-256 of the admin token, if one is set.
    pub admin_digest: Option<String>,
    /// Anyone may create tables.
    pub demo: bool,
    pub next_conn: AtomicU64,
    /// Tables being created (written, not yet in `tables`): counted against the limit.
    pub creating: AtomicUsize,
    pub metrics: Arc<Metrics>,
}

/// Why a table cannot be joined.
#[derive(Debug)]
pub(crate) struct Refusal {
    pub code: ErrorCode,
    pub message: String,
    /// With `NOT_OWNER`: the address of the process that owns the table.
    pub owner: Option<String>,
}

impl Refusal {
    fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            owner: None,
        }
    }

    /// The `error` message (with `owner` for `NOT_OWNER`).
    pub fn to_message(&self) -> String {
        ServerMsg::Error {
            code: self.code,
            message: &self.message,
            id: None,
            owner: self.owner.as_deref(),
        }
        .to_text()
    }
}

fn storage(e: sqlx::Error) -> Refusal {
    Refusal::new(ErrorCode::StorageFailed, format!("table not read: {e}"))
}

fn unknown() -> Refusal {
    Refusal::new(ErrorCode::UnknownTable, "no such table")
}

impl Hub {
    /// The slot of table `id` for someone holding `token`: the table in memory, or one loaded
    /// from the database for one of its own tokens — a finished one for review while its
    /// tokens last, and with leases an unfinished one whose lease this process can take (or
    /// `NOT_OWNER` with its owner's address).
    pub async fn slot_for(&self, id: &str, token: &str) -> Result<Slot, Refusal> {
        if let Some(slot) = self.tables.read().await.get(id).cloned() {
            return Ok(slot);
        }
        let row = self.store.row(id).await.map_err(storage)?.ok_or_else(unknown)?;
        if credentials::viewer_of(&row.tokens, token).is_none() {
            return Err(Refusal::new(ErrorCode::BadToken, "not a token of this table"));
        }
        if row.finished_at.is_none() && self.store.holder().is_none() {
            // Not in memory and not finished: held by no process here (without leases a
            // table is loaded at start and leaves memory only when finished).
            return Err(unknown());
        }
        if let Some(at) = row.finished_at.filter(|&at| review_over(at, self.limits.review_grace)) {
            let why = crate::tables::expiry::expired_message(at);
            return Err(Refusal::new(ErrorCode::TokenExpired, why));
        }
        let slot = self.take(id).await?;
        let broken = slot.lock().await.broken.clone();
        if let (Some(why), Some(_)) = (broken, row.finished_at) {
            // A finished table whose archive does not check is not held for review.
            self.lost(id, &slot).await;
            return Err(Refusal::new(ErrorCode::TableUnavailable, why));
        }
        Ok(slot)
    }

    /// Takes table `id`: claims its lease (with leases), loads it and replays it against every
    /// stored hash, and holds it — not served (`broken`) if its log does not check.
    pub async fn take(&self, id: &str) -> Result<Slot, Refusal> {
        if let Claim::Held { address } = self.store.claim(id).await.map_err(storage)? {
            return Err(Refusal {
                owner: Some(address),
                ..Refusal::new(ErrorCode::NotOwner, "another process owns this table: join it there")
            });
        }
        let stored = self.store.load_one(id).await.map_err(storage)?.ok_or_else(unknown)?;
        let mut live = match restore(&stored) {
            Ok(table) => Live::new(table, stored.tokens.clone(), None),
            Err(why) => {
                eprintln!("table {id}: not served: {why}");
                let Some(table) = unserved(&stored) else {
                    return Err(Refusal::new(ErrorCode::TableUnavailable, why));
                };
                Live::new(table, stored.tokens.clone(), Some(why))
            }
        };
        if let Some(at) = stored.finished_at {
            live.finish(at, self.limits.review_grace);
        }
        let mut tables = self.tables.write().await;
        Ok(tables
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(Mutex::new(live)))
            .clone())
    }

    /// Lets go of table `id` (another process holds its lease now, or it is not served): it
    /// leaves memory, and every connection joined to it is told `NOT_OWNER` and closed (it
    /// joins again and is sent to the owner).
    pub async fn lost(&self, id: &str, slot: &Slot) {
        self.lost_to(id, slot, None).await;
    }

    /// As `lost`, telling the connections the new owner's address if it is known.
    pub async fn lost_to(&self, id: &str, slot: &Slot, owner: Option<String>) {
        let mut live = slot.lock().await;
        live.evicted = true;
        for sub in live.subs.drain(..) {
            let why = "another process owns this table now: join again";
            sub.out.close(Close::moved(why, owner.clone()));
        }
        drop(live);
        let mut tables = self.tables.write().await;
        if tables.get(id).is_some_and(|s| Arc::ptr_eq(s, slot)) {
            tables.remove(id);
        }
    }

    /// Takes connection `conn` off table `id` (if `conn` is `None`, nobody): a finished
    /// table nobody is joined to leaves memory (it stays archived in the database).
    pub async fn leave(&self, id: &str, slot: &Slot, conn: Option<u64>) {
        let mut live = slot.lock().await;
        if let Some(conn) = conn {
            live.subs.retain(|s| s.conn != conn);
        }
        if live.finished_at.is_none() || !live.subs.is_empty() || live.evicted {
            return;
        }
        live.evicted = true;
        drop(live);
        let mut tables = self.tables.write().await;
        if tables.get(id).is_some_and(|s| Arc::ptr_eq(s, slot)) {
            tables.remove(id);
        }
        drop(tables);
        // Any process may now load it for review.
        if let Err(e) = self.store.release(id).await {
            eprintln!("table {id}: lease not released: {e}");
        }
    }

    /// Tables held in memory.
    pub async fn resident(&self) -> usize {
        self.tables.read().await.len()
    }

    /// The tables in memory and their slots, copied out so the map's lock is not held while
    /// each table's is taken (the lease keeper and the idle-table check walk them).
    pub(crate) async fn slots(&self) -> Vec<(String, Slot)> {
        self.tables
            .read()
            .await
            .iter()
            .map(|(id, slot)| (id.clone(), slot.clone()))
            .collect()
    }
}
