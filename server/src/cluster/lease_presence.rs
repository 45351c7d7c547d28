//! Which kind of process serves a PostgreSQL database. Every process announces itself in
//! `bridge_processes` — its node, `cluster` or not (`single`, `shard K/N`), its address, an
//! expiry on the database's clock it renews every third of its life — so that the two kinds
//! never serve one database together: a process without `--cluster` writes unfenced (no
//! lease), so a `--cluster` process beside it would take its tables, and it would write the
//! cluster's. Whichever starts second refuses to (`SERVED_BY_SINGLE_PROCESS`,
//! `SERVED_BY_CLUSTER`) while the other's announcement lives, and starts once it has lapsed.
//! The check and the announcement are one transaction under an advisory lock, so two
//! processes starting at once cannot both miss each other. Processes of one kind share a
//! database as before (a cluster's nodes; `--shard` processes; a restarted process).

use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

use sqlx::Row;

use crate::config::{Cluster, Config};
use crate::store::{Store, StoreError};

/// The announcements (PostgreSQL).
const DDL: &str = "CREATE TABLE IF NOT EXISTS bridge_processes (
    node TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    address TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
)";

/// The advisory lock taken by every process's start (`Store::connect` takes it for its DDL).
const START_LOCK: i64 = 7_262_013;

/// How long a process without `--cluster` is announced for unless it renews (a `--cluster`
/// process uses its lease's life): a `--cluster` process may start this long after it died.
pub const SINGLE_TTL: Duration = Duration::from_secs(3);

/// Most processes named in a refusal.
const NAMED: i64 = 8;

/// A process as it announces itself.
#[derive(Clone, Debug)]
pub struct Presence {
    /// Unique per running process.
    pub node: String,
    /// `cluster`, `single` or `shard K/N`.
    pub mode: String,
    /// Where its clients connect (`ws://host:port/ws`).
    pub address: String,
    /// How long the announcement lives unless renewed.
    pub ttl: Duration,
}

impl Presence {
    /// How the process `config` describes announces itself, listening on `addr` (`None` off
    /// PostgreSQL: SQLite is one process). A `--cluster` one by its lease holder's identity,
    /// address and TTL.
    pub fn of(config: &Config, store: &Store, addr: SocketAddr) -> Option<Presence> {
        if !config.database.starts_with("postgres") {
            return None;
        }
        let holder = store.holder().filter(|_| config.cluster.is_some());
        let mode = match (&config.cluster, config.shard.count) {
            (Some(_), _) => "cluster".into(),
            (None, 0 | 1) => "single".into(),
            (None, n) => format!("shard {}/{n}", config.shard.index),
        };
        Some(Presence {
            node: holder.map_or_else(|| Cluster::new().node, |h| h.node.clone()),
            mode,
            address: holder.map_or_else(|| format!("ws://{addr}/ws"), |h| h.address.clone()),
            ttl: config.cluster.as_ref().map_or(SINGLE_TTL, |c| c.ttl),
        })
    }

    /// Whether the process owns tables by lease (`--cluster`).
    fn is_cluster(&self) -> bool {
        self.mode == "cluster"
    }

    fn ttl_ms(&self) -> i64 {
        i64::try_from(self.ttl.as_millis()).unwrap_or(i64::MAX).max(1)
    }
}

/// Why a process may not serve the database now: the live processes of the other kind.
#[derive(Debug)]
pub enum Refused {
    /// Processes of the other kind serve the database (`node`, `mode`, `address`).
    Served {
        /// Whether the refused process is a `--cluster` one.
        cluster: bool,
        /// The live processes in the way.
        by: Vec<(String, String, String)>,
    },
    /// The database could not be read or written.
    Storage(StoreError),
}

impl Refused {
    /// The refusal's code: `SERVED_BY_SINGLE_PROCESS` (a `--cluster` process refused),
    /// `SERVED_BY_CLUSTER` (a process without it refused), `STORAGE_FAILED`.
    pub fn code(&self) -> &'static str {
        match self {
            Refused::Served { cluster: true, .. } => "SERVED_BY_SINGLE_PROCESS",
            Refused::Served { cluster: false, .. } => "SERVED_BY_CLUSTER",
            Refused::Storage(_) => "STORAGE_FAILED",
        }
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = self.code();
        match self {
            Refused::Served { cluster, by } => {
                let names: Vec<String> = by
                    .iter()
                    .map(|(node, mode, address)| format!("{node} ({mode}) at {address}"))
                    .collect();
                let names = names.join(", ");
                if *cluster {
                    write!(
                        f,
                        "{code}: this database is served by a process without --cluster: {names}; a --cluster \
                         process beside it would take its tables. Stop it and start again once its \
                         announcement lapses (within {} s), or run every process with --cluster",
                        SINGLE_TTL.as_secs()
                    )
                } else {
                    write!(
                        f,
                        "{code}: this database is served by live --cluster processes: {names}; start with \
                         --cluster too, or stop them and wait for their leases to lapse"
                    )
                }
            }
            Refused::Storage(e) => write!(f, "{code}: processes not checked: {e}"),
        }
    }
}

impl From<sqlx::Error> for Refused {
    fn from(e: sqlx::Error) -> Refused {
        Refused::Storage(e)
    }
}

impl Store {
    /// Announces `me` unless a live process of the other kind serves this database (then
    /// nothing is written and the refusal names it). PostgreSQL only.
    ///
    /// # Errors
    /// `Refused::Served`, or a storage failure.
    pub async fn announce(&self, me: &Presence) -> Result<(), Refused> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(START_LOCK)
            .execute(&mut *tx)
            .await?;
        sqlx::query(DDL).execute(&mut *tx).await?;
        let others = sqlx::query(
            "SELECT node, mode, address FROM bridge_processes
             WHERE expires_at > clock_timestamp() AND node <> $1 AND (mode = 'cluster') <> $2
             ORDER BY node LIMIT $3",
        )
        .bind(&me.node)
        .bind(me.is_cluster())
        .bind(NAMED)
        .fetch_all(&mut *tx)
        .await?;
        if !others.is_empty() {
            let by = others
                .iter()
                .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
                .collect::<Result<Vec<_>, sqlx::Error>>()?;
            return Err(Refused::Served {
                cluster: me.is_cluster(),
                by,
            });
        }
        upsert(&mut tx, me).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Renews `me`'s announcement (written again if it was removed).
    ///
    /// # Errors
    /// A storage failure.
    pub async fn renew_presence(&self, me: &Presence) -> Result<(), StoreError> {
        let mut conn = self.pool.acquire().await?;
        upsert(&mut conn, me).await?;
        Ok(())
    }
}

/// Writes `me`'s announcement, to live its `ttl` from now.
async fn upsert(conn: &mut sqlx::AnyConnection, me: &Presence) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO bridge_processes (node, mode, address, expires_at)
         VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond')
         ON CONFLICT (node) DO UPDATE SET mode = EXCLUDED.mode, address = EXCLUDED.address,
             expires_at = EXCLUDED.expires_at",
    )
    .bind(&me.node)
    .bind(&me.mode)
    .bind(&me.address)
    .bind(me.ttl_ms())
    .execute(conn)
    .await?;
    Ok(())
}

/// Keeps `me` announced for as long as the process runs: renewed every third of its life.
pub(crate) async fn keep(store: Store, me: Presence) {
    let mut tick = tokio::time::interval((me.ttl / 3).max(Duration::from_millis(10)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    loop {
        tick.tick().await;
        if let Err(e) = store.renew_presence(&me).await {
            eprintln!("presence not renewed: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Refused;

    #[test]
    fn a_refusal_starts_with_its_code_and_names_the_processes_in_the_way() {
        let by = vec![(
            "a1b2".to_string(),
            "single".to_string(),
            "ws://10.0.0.1:8080/ws".to_string(),
        )];
        let cluster = Refused::Served { cluster: true, by }.to_string();
        assert!(cluster.starts_with("SERVED_BY_SINGLE_PROCESS: "), "{cluster}");
        assert!(cluster.contains("a1b2 (single) at ws://10.0.0.1:8080/ws") && cluster.contains("without --cluster"));
        let by = vec![("n1".to_string(), "cluster".to_string(), "ws://b/ws".to_string())];
        let single = Refused::Served { cluster: false, by }.to_string();
        assert!(
            single.starts_with("SERVED_BY_CLUSTER: ") && single.contains("n1 (cluster) at ws://b/ws"),
            "{single}"
        );
        assert!(single.contains("start with --cluster too"), "{single}");
    }
}
