//! How a group commit's batch is written: the statements' SQL (new tables, actions, the
//! boards they ended), their arguments bound in the same order, and the three ways a batch is
//! sent — SQLite's one multi-statement query, PostgreSQL's one statement, and statement by
//! statement inside a transaction when leases are checked between them.

use sqlx::Row;

use super::{Appended, NewTable, Params, StoreError};

/// A query of the group commit, its arguments bound as it is built.
type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Whether each new table is tried (only the first of an id in the batch), and those tried.
fn first_of_each<'a>(tables: &[&'a NewTable]) -> (Vec<bool>, Vec<&'a NewTable>) {
    let mut first = std::collections::HashSet::new();
    let fresh: Vec<bool> = tables.iter().map(|t| first.insert(t.id.as_str())).collect();
    let tried = tables.iter().zip(&fresh).filter_map(|(t, f)| f.then_some(*t)).collect();
    (fresh, tried)
}

/// The values a new table's row is written with (`insert_tables_sql`, `bind_tables`).
const TABLE_VALUES: usize = 6;

/// The values an action's row, or a finished table's end, is written with.
const ROW_VALUES: usize = 4;

/// `INSERT` of `n` new tables, returning the ids it made (a taken one is skipped); its
/// parameters numbered from `first`.
fn insert_tables_sql(params: Params, n: usize, first: usize) -> String {
    let head = String::from("INSERT INTO bridge_tables (id, options, tokens, actions, state_hash, deal) VALUES ");
    let mut sql = values_sql(head, params, n, TABLE_VALUES, first);
    sql.push_str(" ON CONFLICT (id) DO NOTHING RETURNING id");
    sql
}

/// Binds the new tables' values, in `insert_tables_sql`'s order (a new table has no action).
fn bind_tables<'q>(mut q: Query<'q>, tables: &[&'q NewTable]) -> Query<'q> {
    for t in tables {
        q = q
            .bind(&t.id)
            .bind(&t.options)
            .bind(&t.tokens)
            .bind(0_i64)
            .bind(&t.state_hash)
            .bind(&t.deal);
    }
    q
}

/// Which of `tables` were made, from the ids the insert returned.
fn made(tables: &[&NewTable], fresh: Vec<bool>, returned: Vec<sqlx::any::AnyRow>) -> Result<Vec<bool>, StoreError> {
    let mut made = std::collections::HashSet::new();
    for row in returned {
        made.insert(row.try_get::<String, _>(0)?);
    }
    Ok(tables
        .iter()
        .zip(fresh)
        .map(|(t, f)| f && made.contains(&t.id))
        .collect())
}

/// Inserts new tables whose id is free (each once); whether each was made.
pub(super) async fn create_tables(
    conn: &mut sqlx::AnyConnection,
    params: Params,
    tables: &[&NewTable],
) -> Result<Vec<bool>, StoreError> {
    let (fresh, tried) = first_of_each(tables);
    if tried.is_empty() {
        return Ok(fresh);
    }
    let sql = insert_tables_sql(params, tried.len(), 1);
    let returned = bind_tables(sqlx::query(&sql), &tried).fetch_all(&mut *conn).await?;
    made(tables, fresh, returned)
}

/// `INSERT` of `n` accepted actions (at most one a table), its parameters numbered from
/// `first`.
fn insert_rows_sql(params: Params, n: usize, first: usize) -> String {
    values_sql(
        String::from("INSERT INTO bridge_actions (table_id, seq, action, state_hash) VALUES "),
        params,
        n,
        ROW_VALUES,
        first,
    )
}

/// `UPDATE` of the `n` tables whose board the batch ended: their final count, hash and end
/// (a live table's row is not written an action: its count and hash are its last action's,
/// `Store::row`); its parameters numbered from `first`.
fn finish_tables_sql(params: Params, n: usize, first: usize) -> String {
    let mut update = values_sql(
        String::from(
            "UPDATE bridge_tables SET actions = v.column2, state_hash = v.column3, \
             finished_at = v.column4 FROM (VALUES ",
        ),
        params,
        n,
        ROW_VALUES,
        first,
    );
    update.push_str(") AS v WHERE bridge_tables.id = v.column1");
    update
}

/// `head` followed by `n` tuples of `width` parameters, numbered from `first`.
fn values_sql(mut sql: String, params: Params, n: usize, width: usize, first: usize) -> String {
    for i in 0..n {
        sql.push_str(if i == 0 { "(" } else { ", (" });
        for k in 0..width {
            params.push(&mut sql, first + width * i + k);
            sql.push_str(if k + 1 == width { ")" } else { ", " });
        }
    }
    sql
}

/// A batch's statements in the order they are written and bound, each named (`made`: the
/// new tables; `acts`: the actions; `ends`: the boards they ended) and its parameters
/// numbered from where the one before ended; a statement with nothing to write is left out.
fn statements(params: Params, tables: usize, rows: usize, finished: usize) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let acts = 1 + TABLE_VALUES * tables;
    let ends = acts + ROW_VALUES * rows;
    if tables > 0 {
        out.push(("made", insert_tables_sql(params, tables, 1)));
    }
    if rows > 0 {
        out.push(("acts", insert_rows_sql(params, rows, acts)));
    }
    if finished > 0 {
        out.push(("ends", finish_tables_sql(params, finished, ends)));
    }
    out
}

/// The rows of `rows` whose action ended its board.
fn finishing<'a>(rows: &[&'a Appended]) -> Vec<&'a Appended> {
    rows.iter().copied().filter(|r| r.finished_at.is_some()).collect()
}

/// Binds the actions' rows, in `insert_rows_sql`'s order.
fn bind_rows<'q>(mut q: Query<'q>, rows: &[&'q Appended]) -> Query<'q> {
    for r in rows {
        q = q.bind(&r.table).bind(r.seq).bind(&r.action).bind(&r.state_hash);
    }
    q
}

/// Binds the finished tables' counts, hashes and ends, in `finish_tables_sql`'s order.
fn bind_finished<'q>(mut q: Query<'q>, finished: &[&'q Appended]) -> Query<'q> {
    for r in finished {
        q = q.bind(&r.table).bind(r.seq + 1).bind(&r.state_hash).bind(r.finished_at);
    }
    q
}

/// Binds a whole batch's arguments in the order its statements are written: the new tables,
/// the actions' rows, the finished tables.
fn bind_batch<'q>(
    q: Query<'q>,
    tables: &[&'q NewTable],
    rows: &[&'q Appended],
    finished: &[&'q Appended],
) -> Query<'q> {
    bind_finished(bind_rows(bind_tables(q, tables), rows), finished)
}

/// Inserts accepted actions (at most one per table) and records the end of the boards they
/// ended: one or two statements.
pub(super) async fn append_rows(
    conn: &mut sqlx::AnyConnection,
    params: Params,
    rows: &[&Appended],
) -> Result<(), StoreError> {
    let insert = insert_rows_sql(params, rows.len(), 1);
    bind_rows(sqlx::query(&insert), rows).execute(&mut *conn).await?;
    let finished = finishing(rows);
    if !finished.is_empty() {
        let update = finish_tables_sql(params, finished.len(), 1);
        bind_finished(sqlx::query(&update), &finished)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A batch sent whole (`write_batch_in_one_query`, `write_batch_in_one_statement`): the new
/// tables tried (the first of each id), the actions, and those that ended their board.
struct WholeBatch<'a> {
    created: &'a [&'a NewTable],
    rows: &'a [&'a Appended],
    fresh: Vec<bool>,
    tried: Vec<&'a NewTable>,
    finished: Vec<&'a Appended>,
}

impl<'a> WholeBatch<'a> {
    fn new(created: &'a [&'a NewTable], rows: &'a [&'a Appended]) -> WholeBatch<'a> {
        let (fresh, tried) = first_of_each(created);
        WholeBatch {
            created,
            rows,
            fresh,
            tried,
            finished: finishing(rows),
        }
    }

    /// Its statements, named, their parameters written as `params` names them.
    fn statements(&self, params: Params) -> Vec<(&'static str, String)> {
        statements(params, self.tried.len(), self.rows.len(), self.finished.len())
    }

    /// `q` with every argument of the batch bound, in the order of its statements.
    fn bind<'q>(&'q self, q: Query<'q>) -> Query<'q> {
        bind_batch(q, &self.tried, self.rows, &self.finished)
    }

    /// Whether each new table was made (from the ids returned), and every action written.
    fn written(self, returned: Vec<sqlx::any::AnyRow>) -> Result<(Vec<bool>, Vec<bool>), StoreError> {
        Ok((made(self.created, self.fresh, returned)?, vec![true; self.rows.len()]))
    }
}

/// SQLite: a batch as one query — `BEGIN IMMEDIATE`, the new tables, the actions, the
/// boards they ended, `COMMIT` — so sqlx's SQLite thread is handed one command a batch, not one
/// a statement (each a wake-up of that thread and one back: most of a call's thread
/// switches when batches are small). Its `?` are bound in order across the statements. On a
/// failure the transaction is rolled back: nothing of the batch is written.
pub(super) async fn write_batch_in_one_query(
    conn: &mut sqlx::AnyConnection,
    created: &[&NewTable],
    rows: &[&Appended],
) -> Result<(Vec<bool>, Vec<bool>), StoreError> {
    let batch = WholeBatch::new(created, rows);
    let mut sql = String::from("BEGIN IMMEDIATE;\n");
    for (_, statement) in batch.statements(Params::Anonymous) {
        sql.push_str(&statement);
        sql.push_str(";\n");
    }
    sql.push_str("COMMIT;");
    let sent = batch.bind(sqlx::query(&sql)).fetch_all(&mut *conn).await;
    match sent {
        Ok(returned) => batch.written(returned),
        Err(e) => {
            // Whichever statement failed, none of the batch stays (with no transaction open,
            // SQLite refuses the rollback: nothing to undo).
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            Err(e)
        }
    }
}

/// PostgreSQL without leases: a batch as one statement — the new tables, the actions and
/// the boards they ended as data-modifying common table expressions — one round trip, and its
/// own transaction (a statement is atomic: on a failure nothing of it is written). A table's
/// creation and its first action are never in one batch (an action waits for its table's
/// creation to commit), so its two writes to `bridge_tables` touch different rows.
pub(super) async fn write_batch_in_one_statement(
    conn: &mut sqlx::AnyConnection,
    created: &[&NewTable],
    rows: &[&Appended],
) -> Result<(Vec<bool>, Vec<bool>), StoreError> {
    let batch = WholeBatch::new(created, rows);
    let parts: Vec<String> = batch
        .statements(Params::Numbered)
        .into_iter()
        .map(|(name, statement)| format!("{name} AS ({statement})"))
        .collect();
    if parts.is_empty() {
        return Ok((batch.fresh, Vec::new()));
    }
    let made_ids = if batch.tried.is_empty() {
        "SELECT id FROM bridge_tables WHERE false"
    } else {
        "SELECT id FROM made"
    };
    let sql = format!("WITH {} {made_ids}", parts.join(", "));
    let returned = batch.bind(sqlx::query(&sql)).fetch_all(&mut *conn).await?;
    batch.written(returned)
}
