//! Persistence: one code path over SQLite (embedded, the default) and PostgreSQL (by URL),
//! through `sqlx::Any`. Two tables: `bridge_tables` (options, hashed tokens, the deal, and
//! the number of actions and the state hash as of its creation and, once its board is over,
//! as of its end, with when that was) and `bridge_actions` (every accepted action with the
//! state hash after it: a live table's count and hash are its last action's, so an action
//! writes one row, not two). An action is committed before it is acknowledged. A finished
//! table stays in the database (its archive) and leaves memory.
//! On PostgreSQL a third, `bridge_leases`, says which process owns which table
//! (`crate::cluster::lease`); a store that holds leases writes only the tables it still owns.

use std::collections::BTreeMap;
use std::sync::Arc;

use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::{AnyPool, Row};

use crate::cluster::lease_rows::{self as lease, Holder};

mod batch;
mod schema;
use batch::{append_rows, create_tables, write_batch_in_one_query, write_batch_in_one_statement};

/// A stored table: what restoring it needs.
#[derive(Clone, Debug, Default)]
pub struct StoredTable {
    /// The table's id.
    pub id: String,
    /// `TableOptions` as JSON.
    pub options: String,
    /// Viewer name → SHA-256 (hex) of its token.
    pub tokens: BTreeMap<String, String>,
    /// Accepted actions, in order, as JSON, each with the state hash after it.
    pub actions: Vec<(String, String)>,
    /// The number of accepted actions the store records (the last one's number + 1).
    pub count: i64,
    /// The state hash the store records after the last action (or at creation).
    pub state_hash: String,
    /// When its board was over (milliseconds since the Unix epoch), if it is.
    pub finished_at: Option<i64>,
    /// The deal, as JSON (`crate::tables::deal::to_stored`), if the table was dealt: handed to the
    /// table when it is rebuilt (`crate::tables::deal::options_of`).
    pub deal: Option<String>,
}

/// A table's row, without its actions: enough to check a token or report its status.
#[derive(Clone, Debug)]
pub struct TableRow {
    /// `TableOptions` as JSON.
    pub options: String,
    /// Viewer name → SHA-256 (hex) of its token.
    pub tokens: BTreeMap<String, String>,
    /// The number of accepted actions.
    pub count: i64,
    /// The state hash after the last one.
    pub state_hash: String,
    /// When its board was over (milliseconds since the Unix epoch), if it is.
    pub finished_at: Option<i64>,
    /// The hands dealt, as JSON, if the table was dealt.
    pub deal: Option<String>,
}

/// One accepted action as stored: its table, its number (0-based), the action as JSON, the
/// state hash after it, and when the board ended if this action ended it.
#[derive(Clone, Debug)]
pub struct Appended {
    /// The table's id.
    pub table: String,
    /// The action's number in its table's log.
    pub seq: i64,
    /// The action, as JSON.
    pub action: String,
    /// The table's state hash after it.
    pub state_hash: String,
    /// When the board ended (ms since the epoch), if this action ended it.
    pub finished_at: Option<i64>,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pub(crate) pool: AnyPool,
    /// This process's identity when tables are owned by lease (PostgreSQL, `--cluster`).
    pub(crate) holder: Option<Arc<Holder>>,
    /// How the batch's statements name their parameters.
    params: Params,
}

/// How a statement of the group commit names its parameters: `$1, $2, …` on PostgreSQL, `?`
/// each on SQLite. SQLite finds a numbered parameter by scanning the names before it, when it
/// parses the statement and again when each value is bound, so a batch of n numbered
/// parameters cost O(n²): at 1 000 tables in flight that scan (`sqlite3_bind_parameter_name`,
/// `strncmp`) was a sixth of the server's CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Params {
    /// `$1, $2, …` (PostgreSQL's only form).
    Numbered,
    /// `?`, bound in the order written (SQLite).
    Anonymous,
}

impl Params {
    /// Appends the `i`th parameter (from 1; the statement's parameters are written in order).
    fn push(self, sql: &mut String, i: usize) {
        use std::fmt::Write;
        match self {
            Params::Numbered => {
                let _ = write!(sql, "${i}");
            }
            Params::Anonymous => sql.push('?'),
        }
    }
}

/// A storage failure, as text (the client sees only the code `STORAGE_FAILED`).
pub type StoreError = sqlx::Error;

impl Store {
    /// Connects to `url` (`sqlite:path?mode=rwc`, `sqlite::memory:`, `postgres://…`) and
    /// creates the two tables when absent.
    ///
    /// # Errors
    /// When the database cannot be reached or the tables cannot be created.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        // SQLite takes one writer at a time: one connection avoids "database is locked"
        // under concurrent tables (writes are short; a table's writes are serialized anyway).
        let sqlite = url.starts_with("sqlite:");
        let max = if sqlite { 1 } else { 8 };
        // An embedded database cannot go stale: no ping before each use of its connection
        // (a round trip to sqlx's SQLite thread, one more a group commit).
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .test_before_acquire(!sqlite)
            .connect(url)
            .await?;
        let postgres = url.starts_with("postgres");
        schema::create(&pool, postgres).await?;
        if url.starts_with("sqlite:") && !url.contains(":memory:") {
            // Write-ahead logging: a commit appends to the log instead of rewriting pages, and
            // readers do not wait for the writer. Kept in the file; `synchronous` stays FULL, so
            // a committed batch survives a power cut too.
            sqlx::query("PRAGMA journal_mode=WAL").execute(&pool).await?;
        }
        let params = if postgres { Params::Numbered } else { Params::Anonymous };
        Ok(Store {
            pool,
            holder: None,
            params,
        })
    }

    /// This store, writing as `holder`: a table is created with its lease, and an action is
    /// written only while `holder` holds its table's lease (PostgreSQL only).
    pub fn holding(self, holder: Holder) -> Store {
        Store {
            holder: Some(Arc::new(holder)),
            ..self
        }
    }

    /// The identity this store writes as, when tables are owned by lease.
    pub fn holder(&self) -> Option<&Holder> {
        self.holder.as_deref()
    }

    /// Records a new table (with its lease, to this store's holder, if it holds leases), in a
    /// transaction of its own. Fails when the id is taken.
    ///
    /// # Errors
    /// A duplicate id or a storage failure.
    pub async fn create_table(
        &self,
        id: &str,
        options: &str,
        tokens: &BTreeMap<String, String>,
        state_hash: &str,
    ) -> Result<(), StoreError> {
        let table = NewTable::new(id, options, tokens, state_hash);
        let (created, _) = self.write_batch(&[&table], &[]).await?;
        if created.first() == Some(&true) {
            Ok(())
        } else {
            Err(sqlx::Error::Protocol(format!("a table with id {id} exists")))
        }
    }

    /// Writes a batch of accepted actions (at most one per table), each table's new count and
    /// hash, and the end of the board where an action ended it, in one transaction. Returns
    /// once committed, telling for each row whether it was written: a store that holds leases
    /// writes only the rows of tables whose lease it still holds (fencing: a process that
    /// lost a table never writes to it), the others are left out.
    ///
    /// # Errors
    /// A storage failure (nothing of the batch is written then).
    pub async fn append_batch(&self, rows: &[&Appended]) -> Result<Vec<bool>, StoreError> {
        Ok(self.write_batch(&[], rows).await?.1)
    }

    /// Writes new tables (each with its lease, if this store holds leases) and accepted
    /// actions (as `append_batch`) in one transaction: one commit, one fsync, for all of them.
    /// Returns once committed, telling for each new table whether it was created (not when
    /// its id is taken, in the database or earlier in `created`) and for each action whether
    /// it was written.
    ///
    /// # Errors
    /// A storage failure (nothing of the batch is written then).
    pub async fn write_batch(
        &self,
        created: &[&NewTable],
        rows: &[&Appended],
    ) -> Result<(Vec<bool>, Vec<bool>), StoreError> {
        if self.holder.is_none() {
            let mut conn = self.pool.acquire().await?;
            return match self.params {
                Params::Anonymous => write_batch_in_one_query(&mut conn, created, rows).await,
                Params::Numbered => write_batch_in_one_statement(&mut conn, created, rows).await,
            };
        }
        let mut tx = self.pool.begin().await?;
        let made = create_tables(&mut tx, self.params, created).await?;
        if let Some(holder) = &self.holder {
            for (t, _) in created.iter().zip(&made).filter(|(_, m)| **m) {
                lease::grant(&mut tx, holder, &t.id).await?;
            }
        }
        let written = match &self.holder {
            Some(holder) if !rows.is_empty() => {
                let tables: Vec<&str> = rows.iter().map(|r| r.table.as_str()).collect();
                lease::held_for_write(&mut tx, holder, &tables).await?
            }
            _ => vec![true; rows.len()],
        };
        let kept: Vec<&Appended> = rows.iter().zip(&written).filter_map(|(r, w)| w.then_some(*r)).collect();
        if kept.is_empty() && !made.contains(&true) {
            tx.rollback().await?;
            return Ok((made, written));
        }
        if !kept.is_empty() {
            append_rows(&mut tx, self.params, &kept).await?;
        }
        tx.commit().await?;
        Ok((made, written))
    }

    /// Every stored table whose id `keep` accepts and whose board is not over, with its
    /// actions (finished tables stay archived until someone joins one to review it).
    ///
    /// # Errors
    /// A storage failure.
    pub async fn load(&self, keep: impl Fn(&str) -> bool) -> Result<Vec<StoredTable>, StoreError> {
        let rows = sqlx::query("SELECT id FROM bridge_tables WHERE finished_at IS NULL ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        let mut tables = Vec::new();
        for row in rows {
            let id: String = row.try_get(0)?;
            if !keep(&id) {
                continue;
            }
            if let Some(table) = self.load_one(&id).await? {
                tables.push(table);
            }
        }
        Ok(tables)
    }

    /// Table `id`'s row, if it exists.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn row(&self, id: &str) -> Result<Option<TableRow>, StoreError> {
        // The count and hash are the last action's; the table's own row holds them as of its
        // creation and its end (a live table's row is not rewritten an action).
        let Some(row) = sqlx::query(
            "SELECT t.options, t.tokens, t.actions, t.state_hash, t.finished_at, t.deal, a.seq, a.state_hash \
             FROM bridge_tables t LEFT JOIN bridge_actions a ON a.table_id = t.id \
             AND a.seq = (SELECT MAX(seq) FROM bridge_actions WHERE table_id = t.id) \
             WHERE t.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let tokens: String = row.try_get(1)?;
        let last = match (row.try_get::<Option<i64>, _>(6)?, row.try_get::<Option<String>, _>(7)?) {
            (Some(seq), Some(hash)) => Some((seq.saturating_add(1), hash)),
            _ => None,
        };
        let (count, state_hash) = match last {
            Some(last) => last,
            None => (row.try_get(2)?, row.try_get(3)?),
        };
        Ok(Some(TableRow {
            options: row.try_get(0)?,
            tokens: serde_json::from_str(&tokens).unwrap_or_default(),
            count,
            state_hash,
            finished_at: row.try_get::<Option<i64>, _>(4)?,
            deal: row.try_get::<Option<String>, _>(5)?,
        }))
    }

    /// Table `id` with its actions, if it exists.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn load_one(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let Some(row) = self.row(id).await? else {
            return Ok(None);
        };
        let actions = sqlx::query("SELECT action, state_hash FROM bridge_actions WHERE table_id = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| Ok((r.try_get::<String, _>(0)?, r.try_get::<String, _>(1)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        Ok(Some(StoredTable {
            id: id.to_string(),
            options: row.options,
            tokens: row.tokens,
            actions,
            count: row.count,
            state_hash: row.state_hash,
            finished_at: row.finished_at,
            deal: row.deal,
        }))
    }

    /// Records that table `id`'s board was over at `at` (ms since the epoch), if not yet
    /// recorded (a table stored before boards were archived).
    ///
    /// # Errors
    /// A storage failure.
    pub async fn finish(&self, id: &str, at: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE bridge_tables SET finished_at = $1 WHERE id = $2 AND finished_at IS NULL")
            .bind(at)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Overwrites the state hash recorded after a table's last action (tests: a tampered
    /// store must be detected).
    ///
    /// # Errors
    /// A storage failure.
    pub async fn set_state_hash(&self, id: &str, state_hash: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE bridge_actions SET state_hash = $1 WHERE table_id = $2 \
             AND seq = (SELECT MAX(seq) FROM bridge_actions WHERE table_id = $2)",
        )
        .bind(state_hash)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Closes the pool.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// A table to create: its id, options (JSON), its tokens' digests (JSON) and state hash.
#[derive(Clone, Debug)]
pub struct NewTable {
    /// The table's id.
    pub id: String,
    /// `TableOptions` as JSON.
    pub options: String,
    /// Viewer name → SHA-256 (hex) of its token, as JSON.
    pub tokens: String,
    /// The state hash of the new table.
    pub state_hash: String,
    /// The deal, as JSON (`crate::tables::deal::to_stored`), if the server dealt it.
    pub deal: Option<String>,
}

impl NewTable {
    /// The row of a new table `id`.
    pub fn new(id: &str, options: &str, tokens: &BTreeMap<String, String>, state_hash: &str) -> NewTable {
        NewTable {
            id: id.to_string(),
            options: options.to_string(),
            tokens: serde_json::to_string(tokens).unwrap_or_default(),
            state_hash: state_hash.to_string(),
            deal: None,
        }
    }

    /// The same row with the deal (as JSON: `crate::tables::deal::to_stored`).
    #[must_use]
    pub fn dealt(mut self, deal: &str) -> NewTable {
        self.deal = Some(deal.to_string());
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_table(id: &str) -> NewTable {
        NewTable::new(id, "{}", &BTreeMap::new(), "h0")
    }

    fn action(table: &str) -> Appended {
        Appended {
            table: table.into(),
            seq: 0,
            action: "{}".into(),
            state_hash: "h1".into(),
            finished_at: None,
        }
    }

    /// A fresh SQLite file, an in-memory database, and with `BRIDGE_TEST_PG_URL` set
    /// (scripts/test-server.sh) a fresh schema of that PostgreSQL database.
    async fn stores() -> Vec<Store> {
        let dir = std::env::temp_dir().join(format!(
            "bridge-store-test-{}-{:?}",
            std::process::id(),
            std::time::SystemTime::now()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let file = format!("sqlite:{}?mode=rwc", dir.join("t.db").display());
        let mut stores = vec![
            Store::connect(&file).await.unwrap(),
            Store::connect("sqlite::memory:").await.unwrap(),
        ];
        if let Some(url) = std::env::var("BRIDGE_TEST_PG_URL").ok().filter(|u| !u.is_empty()) {
            static SCHEMAS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = SCHEMAS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let nanos = std::time::UNIX_EPOCH.elapsed().unwrap().as_nanos();
            let schema = format!("store_test_{}_{nanos}_{n}", std::process::id());
            let admin = Store::connect(&url).await.unwrap();
            sqlx::query(&format!("CREATE SCHEMA {schema}"))
                .execute(&admin.pool)
                .await
                .unwrap();
            admin.close().await;
            let sep = if url.contains('?') { '&' } else { '?' };
            let url = format!("{url}{sep}options[search_path]={schema}");
            stores.push(Store::connect(&url).await.unwrap());
        }
        stores
    }

    #[tokio::test]
    async fn a_batch_creates_each_free_id_once_and_writes_its_actions_beside_a_taken_id() {
        for store in stores().await {
            store.create_table("old", "{}", &BTreeMap::new(), "h0").await.unwrap();
            let (a, again, old) = (new_table("a"), new_table("a"), new_table("old"));
            let act = action("old");
            let (made, written) = store.write_batch(&[&a, &again, &old], &[&act]).await.unwrap();
            assert_eq!(made, [true, false, false], "the first of two same ids, not a stored id");
            assert_eq!(written, [true], "a taken id does not fail the batch's actions");
            let row = store.row("a").await.unwrap().expect("created");
            assert_eq!((row.count, row.state_hash.as_str()), (0, "h0"));
            let old = store.row("old").await.unwrap().expect("stored");
            assert_eq!((old.count, old.state_hash.as_str()), (1, "h1"));
            assert!(store.create_table("a", "{}", &BTreeMap::new(), "h0").await.is_err());
        }
    }

    #[tokio::test]
    async fn a_batch_of_many_tables_stores_each_action_with_its_own_count_hash_and_end() {
        for store in stores().await {
            let ids: Vec<String> = (0..5).map(|i| format!("t{i}")).collect();
            let tables: Vec<NewTable> = ids.iter().map(|id| new_table(id)).collect();
            let (made, _) = store
                .write_batch(&tables.iter().collect::<Vec<_>>(), &[])
                .await
                .unwrap();
            assert_eq!(made, [true; 5]);
            // Two actions beside three new tables, then actions of every table, one ending its board.
            let fresh: Vec<NewTable> = (0..3).map(|i| new_table(&format!("n{i}"))).collect();
            let first: Vec<Appended> = ids[..2]
                .iter()
                .map(|id| Appended {
                    action: format!("{{\"first\":\"{id}\"}}"),
                    state_hash: format!("{id}-1"),
                    ..action(id)
                })
                .collect();
            let (made, written) = store
                .write_batch(&fresh.iter().collect::<Vec<_>>(), &first.iter().collect::<Vec<_>>())
                .await
                .unwrap();
            assert_eq!((made, written), (vec![true; 3], vec![true; 2]));
            let second: Vec<Appended> = ids
                .iter()
                .enumerate()
                .map(|(i, id)| Appended {
                    seq: i64::from(i < 2),
                    action: format!("{{\"second\":\"{id}\"}}"),
                    state_hash: format!("{id}-2"),
                    finished_at: (i == 3).then_some(1234),
                    ..action(id)
                })
                .collect();
            store.append_batch(&second.iter().collect::<Vec<_>>()).await.unwrap();
            for (i, id) in ids.iter().enumerate() {
                assert_first_second_and_end(&store, id, i < 2, i == 3).await;
            }
            for id in ["n0", "n1", "n2"] {
                let row = store.row(id).await.unwrap().expect("created beside the actions");
                assert_eq!((row.count, row.state_hash.as_str()), (0, "h0"));
            }
        }
    }

    /// Table `id` holds its first action (if `first`) and its second, the second's count and
    /// hash, and its end if `ended`; its own row is as of its creation, or of its end.
    async fn assert_first_second_and_end(store: &Store, id: &str, first: bool, ended: bool) {
        let t = store.load_one(id).await.unwrap().expect("stored");
        let mut want = Vec::new();
        if first {
            want.push((format!("{{\"first\":\"{id}\"}}"), format!("{id}-1")));
        }
        want.push((format!("{{\"second\":\"{id}\"}}"), format!("{id}-2")));
        assert_eq!(t.actions, want, "{id}");
        assert_eq!(t.count, want.len() as i64, "{id}");
        assert_eq!(t.state_hash, format!("{id}-2"), "{id}");
        assert_eq!(t.finished_at, ended.then_some(1234), "{id}");
        // The table's own row is written at its creation and at its board's end, not
        // at every action.
        let own = sqlx::query("SELECT actions, state_hash FROM bridge_tables WHERE id = $1")
            .bind(id)
            .fetch_one(&store.pool)
            .await
            .unwrap();
        let own: (i64, String) = (own.try_get(0).unwrap(), own.try_get(1).unwrap());
        let want_own = if ended {
            (want.len() as i64, format!("{id}-2"))
        } else {
            (0, "h0".to_string())
        };
        assert_eq!(own, want_own, "{id}");
    }

    #[tokio::test]
    async fn a_full_batch_binds_every_value_to_its_own_row() {
        let n = crate::tables::commit::MAX_BATCH;
        for store in stores().await {
            let ids: Vec<String> = (0..n).map(|i| format!("full{i}")).collect();
            let tables: Vec<NewTable> = ids
                .iter()
                .map(|id| NewTable::new(id, "{}", &BTreeMap::new(), &format!("{id}-0")).dealt(id))
                .collect();
            let (made, _) = store
                .write_batch(&tables.iter().collect::<Vec<_>>(), &[])
                .await
                .unwrap();
            assert_eq!(made, vec![true; n]);
            let rows: Vec<Appended> = ids
                .iter()
                .map(|id| Appended {
                    action: format!("{{\"of\":\"{id}\"}}"),
                    state_hash: format!("{id}-1"),
                    ..action(id)
                })
                .collect();
            let written = store.append_batch(&rows.iter().collect::<Vec<_>>()).await.unwrap();
            assert_eq!(written, vec![true; n]);
            for id in [&ids[0], &ids[n / 2], &ids[n - 1]] {
                let t = store.load_one(id).await.unwrap().expect("stored");
                assert_eq!(t.deal.as_deref(), Some(id.as_str()), "{id}");
                assert_eq!(t.actions, [(format!("{{\"of\":\"{id}\"}}"), format!("{id}-1"))], "{id}");
                assert_eq!(
                    (t.count, t.state_hash.as_str()),
                    (1, format!("{id}-1").as_str()),
                    "{id}"
                );
            }
        }
    }

    #[tokio::test]
    async fn a_failed_batch_writes_nothing_and_the_next_one_is_written() {
        for store in stores().await {
            store.create_table("t", "{}", &BTreeMap::new(), "h0").await.unwrap();
            let ok = action("t");
            store.append_batch(&[&ok]).await.unwrap();
            // The same action number again: the primary key refuses it, after the other
            // table's creation and beside another action in the same batch.
            let fresh = new_table("u");
            let (other, dup) = (action("u"), action("t"));
            store.create_table("v", "{}", &BTreeMap::new(), "h0").await.unwrap();
            let v = action("v");
            assert!(store.write_batch(&[&fresh], &[&v, &dup]).await.is_err());
            assert!(store.row("u").await.unwrap().is_none(), "the new table is not written");
            let row = store.row("v").await.unwrap().unwrap();
            assert_eq!((row.count, row.state_hash.as_str()), (0, "h0"), "nor the other action");
            let (made, written) = store.write_batch(&[&fresh], &[&v]).await.unwrap();
            assert_eq!((made, written), (vec![true], vec![true]));
            store.append_batch(&[&other]).await.unwrap();
            assert_eq!(store.row("u").await.unwrap().unwrap().count, 1);
            assert_eq!(store.row("v").await.unwrap().unwrap().count, 1);
        }
    }
}
