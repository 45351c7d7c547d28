//! The rows of `bridge_leases` that the store reads and writes inside its own transactions:
//! who holds leases ([`Holder`]), the lease a new table is granted, and the fencing check of a
//! batch (`crate::cluster::lease` renews, claims and sweeps them).

use std::collections::HashSet;

use sqlx::{AnyConnection, Row};

/// The lease table (PostgreSQL).
pub(crate) const DDL: &str = "CREATE TABLE IF NOT EXISTS bridge_leases (
    table_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    address TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
)";

/// Ids bound in one statement (PostgreSQL takes at most 65 535 parameters).
pub(crate) const CHUNK: usize = 1000;

/// Who holds leases: this process's identity, the address clients are sent to, how long a
/// lease lasts unless renewed.
#[derive(Clone, Debug)]
pub struct Holder {
    /// Unique per running process.
    pub node: String,
    /// `ws://host:port/ws`, told to clients that join a table of this process elsewhere.
    pub address: String,
    /// A lease's life, in milliseconds.
    pub ttl_ms: i64,
}

/// The outcome of claiming a table's lease.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This process holds it now.
    Mine,
    /// Another process holds it, reachable at `address`.
    Held {
        /// The owner's advertised address.
        address: String,
    },
}

/// `$first, $first+1, …` for `n` parameters.
pub(crate) fn params(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The lease of a new table, to `holder` (in the transaction that creates the table).
pub(crate) async fn grant(conn: &mut AnyConnection, holder: &Holder, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO bridge_leases (table_id, owner, address, expires_at)
         VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond')
         ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, address = EXCLUDED.address,
             expires_at = EXCLUDED.expires_at",
    )
    .bind(id)
    .bind(&holder.node)
    .bind(&holder.address)
    .bind(holder.ttl_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// For each table of a batch's rows, whether `holder` still holds its lease; those leases are
/// locked (`FOR SHARE`) until the batch's transaction ends, so none changes hands before the
/// batch is committed.
pub(crate) async fn held_for_write(
    conn: &mut AnyConnection,
    holder: &Holder,
    tables: &[&str],
) -> Result<Vec<bool>, sqlx::Error> {
    let mut held = HashSet::new();
    for chunk in tables.chunks(CHUNK) {
        let sql = format!(
            "SELECT table_id FROM bridge_leases WHERE owner = $1 AND expires_at > clock_timestamp()
             AND table_id IN ({}) ORDER BY table_id FOR SHARE",
            params(2, chunk.len())
        );
        let mut q = sqlx::query(&sql).bind(&holder.node);
        for table in chunk {
            q = q.bind(*table);
        }
        for row in q.fetch_all(&mut *conn).await? {
            held.insert(row.try_get::<String, _>(0)?);
        }
    }
    Ok(tables.iter().map(|t| held.contains(*t)).collect())
}
