//! The schema: the two tables (and on PostgreSQL the leases), created when absent, and the
//! columns added since, added to a database made before them.

use sqlx::AnyPool;

use crate::cluster::lease_rows as lease;
use crate::store::StoreError;

/// The tables' definitions.
const TABLES: [&str; 2] = [
    "CREATE TABLE IF NOT EXISTS bridge_tables (
        id TEXT PRIMARY KEY,
        options TEXT NOT NULL,
        tokens TEXT NOT NULL,
        actions BIGINT NOT NULL,
        state_hash TEXT NOT NULL,
        finished_at BIGINT,
        deal TEXT
    )",
    "CREATE TABLE IF NOT EXISTS bridge_actions (
        table_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        action TEXT NOT NULL,
        state_hash TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )",
];

/// Columns of `bridge_tables` a database made before them lacks, with their types:
/// `finished_at` (databases made before finished tables were archived) and `deal` (tables
/// made before the server dealt).
const ADDED_COLUMNS: [(&str, &str); 2] = [("finished_at", "BIGINT"), ("deal", "TEXT")];

/// Creates the tables when absent and adds the columns a database made before them lacks.
/// One transaction, and on PostgreSQL under an advisory lock: two processes (or tests)
/// starting at once would otherwise race on `CREATE TABLE IF NOT EXISTS` (PostgreSQL's
/// catalog refuses the second with a unique-key error).
pub(super) async fn create(pool: &AnyPool, postgres: bool) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    if postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(7262013)")
            .execute(&mut *tx)
            .await?;
    }
    for ddl in TABLES {
        sqlx::query(ddl).execute(&mut *tx).await?;
    }
    if postgres {
        sqlx::query(lease::DDL).execute(&mut *tx).await?;
        // PostgreSQL adds a column only if it does not exist …
        for (column, kind) in ADDED_COLUMNS {
            let alter = format!("ALTER TABLE bridge_tables ADD COLUMN IF NOT EXISTS {column} {kind}");
            sqlx::query(&alter).execute(&mut *tx).await?;
        }
    }
    tx.commit().await?;
    if !postgres {
        // … SQLite has no `IF NOT EXISTS` for a column: a column it cannot select is added.
        for (column, kind) in ADDED_COLUMNS {
            let probe = format!("SELECT {column} FROM bridge_tables LIMIT 1");
            if sqlx::query(&probe).fetch_all(pool).await.is_err() {
                let alter = format!("ALTER TABLE bridge_tables ADD COLUMN {column} {kind}");
                sqlx::query(&alter).execute(pool).await?;
            }
        }
    }
    Ok(())
}
