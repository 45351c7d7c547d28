//! Many processes over one PostgreSQL database: each table is owned by the process holding
//! its lease, a row of `bridge_leases` (table, owner, the owner's address, expiry on the
//! database's clock). The owner renews the leases of the tables it holds every third of the
//! lease's life; a process that dies stops renewing, and once its leases lapse another takes
//! its tables (on a client's join, or its own sweep of unowned tables), replays them to their
//! stored hashes and serves them.
//!
//! Fencing: an action is written only in a transaction that holds its table's lease row
//! (`FOR SHARE`, owner = this process, not expired), so a process that lost a table — paused,
//! cut off, or late — never writes to it, and the action is not acknowledged. A takeover
//! updates that row, so it waits for such a transaction to commit and then reads its action.
//! Rows are locked in table order everywhere, so writers and renewals cannot deadlock.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use sqlx::Row;

use crate::cluster::lease_rows::{params, CHUNK};
pub use crate::cluster::lease_rows::{Claim, Holder};
use crate::protocol::ErrorCode;
use crate::store::{Store, StoreError};
use crate::tables::hub::Hub;

/// Most unowned tables one sweep takes.
const SWEEP_MAX: usize = 256;

impl Store {
    /// Claims table `id`'s lease for this store's holder: granted when nobody holds it, its
    /// lease has lapsed, or it is already ours; otherwise the owner's address. Without a
    /// holder (one process owns everything) always `Mine`.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn claim(&self, id: &str) -> Result<Claim, StoreError> {
        let Some(holder) = &self.holder else {
            return Ok(Claim::Mine);
        };
        let got = sqlx::query(
            "INSERT INTO bridge_leases (table_id, owner, address, expires_at)
             VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond')
             ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, address = EXCLUDED.address,
                 expires_at = EXCLUDED.expires_at
             WHERE bridge_leases.owner = EXCLUDED.owner OR bridge_leases.expires_at < clock_timestamp()
             RETURNING owner",
        )
        .bind(id)
        .bind(&holder.node)
        .bind(&holder.address)
        .bind(holder.ttl_ms)
        .fetch_optional(&self.pool)
        .await?;
        if got.is_some() {
            return Ok(Claim::Mine);
        }
        let address = sqlx::query("SELECT address FROM bridge_leases WHERE table_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| r.try_get::<String, _>(0))
            .transpose()?
            .unwrap_or_default();
        Ok(Claim::Held { address })
    }

    /// Renews the leases of `ids` this store's holder still holds (lapsed or not: a lapsed
    /// lease nobody took was never anyone else's); the ids renewed. The others were taken.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn renew(&self, ids: &[String]) -> Result<HashSet<String>, StoreError> {
        let mut kept = HashSet::new();
        let Some(holder) = &self.holder else {
            return Ok(ids.iter().cloned().collect());
        };
        for chunk in ids.chunks(CHUNK) {
            let sql = format!(
                "UPDATE bridge_leases SET expires_at = clock_timestamp() + $2 * interval '1 millisecond'
                 FROM (SELECT table_id FROM bridge_leases WHERE owner = $1 AND table_id IN ({})
                       ORDER BY table_id FOR UPDATE) AS mine
                 WHERE bridge_leases.table_id = mine.table_id RETURNING bridge_leases.table_id",
                params(3, chunk.len())
            );
            let mut q = sqlx::query(&sql).bind(&holder.node).bind(holder.ttl_ms);
            for id in chunk {
                q = q.bind(id);
            }
            for row in q.fetch_all(&self.pool).await? {
                kept.insert(row.try_get::<String, _>(0)?);
            }
        }
        Ok(kept)
    }

    /// Up to `limit` tables whose board is not over and whose lease has lapsed or was never
    /// granted (their process died, or the cluster was stopped), in random order so the
    /// surviving processes share them.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn unowned(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id FROM bridge_tables t LEFT JOIN bridge_leases l ON l.table_id = t.id
             WHERE t.finished_at IS NULL AND (l.table_id IS NULL OR l.expires_at < clock_timestamp())
             ORDER BY random() LIMIT $1",
        )
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get::<String, _>(0)).collect()
    }

    /// The address of the process holding table `id`'s unexpired lease, if any.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn owner(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row =
            sqlx::query("SELECT address FROM bridge_leases WHERE table_id = $1 AND expires_at > clock_timestamp()")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| r.try_get::<String, _>(0)).transpose()
    }

    /// The nodes holding an unexpired lease, with how many tables each (at most 8 nodes named):
    /// live processes of a cluster over this database.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn live_leases(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT owner, COUNT(*) FROM bridge_leases WHERE expires_at > clock_timestamp()
             GROUP BY owner ORDER BY owner LIMIT 8",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get::<String, _>(0)?, r.try_get::<i64, _>(1)?)))
            .collect()
    }

    /// Gives up table `id`'s lease if this store's holder holds it (a finished table that
    /// left memory: another process may load it for review at once).
    ///
    /// # Errors
    /// A storage failure.
    pub async fn release(&self, id: &str) -> Result<(), StoreError> {
        if let Some(holder) = &self.holder {
            sqlx::query("DELETE FROM bridge_leases WHERE table_id = $1 AND owner = $2")
                .bind(id)
                .bind(&holder.node)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }
}

/// Renews the leases of the tables in memory and lets go of those another process took
/// (their connections are told `NOT_OWNER`).
async fn renew_resident(hub: &Hub) -> Result<(), StoreError> {
    let resident = hub.slots().await;
    let ids: Vec<String> = resident.iter().map(|(id, _)| id.clone()).collect();
    let kept = hub.store.renew(&ids).await?;
    for (id, slot) in resident {
        if !kept.contains(&id) {
            eprintln!("table {id}: lease taken by another process");
            let owner = hub.store.owner(&id).await.ok().flatten();
            hub.lost_to(&id, &slot, owner).await;
        }
    }
    Ok(())
}

/// Takes the tables nobody owns (up to this process's room for tables); the number taken and
/// the ids of those whose stored log did not check.
///
/// # Errors
/// A storage failure.
pub(crate) async fn sweep(hub: &Hub) -> Result<(usize, Vec<String>), StoreError> {
    let room = hub.limits.tables.saturating_sub(hub.resident().await);
    let mut taken = 0;
    let mut broken = Vec::new();
    for id in hub.store.unowned(room.min(SWEEP_MAX)).await? {
        match hub.take(&id).await {
            Ok(slot) => {
                taken += 1;
                if slot.lock().await.broken.is_some() {
                    broken.push(id);
                }
            }
            Err(r) if r.code == ErrorCode::StorageFailed => eprintln!("table {id}: {}", r.message),
            Err(_) => {}
        }
    }
    Ok((taken, broken))
}

/// Keeps this process's leases for as long as it runs, renewing them every third of a lease's
/// life, and as often takes the tables nobody owns — in two loops, so a long sweep never
/// delays a renewal.
pub(crate) async fn keep(hub: Arc<Hub>, ttl: Duration) {
    let period = (ttl / 3).max(Duration::from_millis(10));
    let renewing = every(period, "leases not renewed", || renew_resident(&hub));
    let sweeping = every(period, "unowned tables not swept", || async {
        sweep(&hub).await.map(drop)
    });
    tokio::join!(renewing, sweeping);
}

/// Runs `work` every `period` from one period on (a late tick delays the next), for as long
/// as the process runs, saying `failed` with the error when it fails.
async fn every<W, F>(period: Duration, failed: &str, mut work: W)
where
    W: FnMut() -> F,
    F: std::future::Future<Output = Result<(), StoreError>>,
{
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    loop {
        tick.tick().await;
        if let Err(e) = work().await {
            eprintln!("{failed}: {e}");
        }
    }
}
