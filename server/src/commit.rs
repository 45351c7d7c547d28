//! Group commit: accepted actions from many tables written together, one transaction a batch,
//! each acknowledged only once its batch has committed (nothing acknowledged is ever lost).
//!
//! A table holds its lock from `apply` until its action is committed, so a batch holds at
//! most one action of a table and a table's actions commit in order. While one batch is being
//! written the next one gathers: under load a batch holds the actions of every table that
//! acted during the previous commit, and the commit's cost (the fsync above all) is shared by
//! all of them. The same code runs on SQLite (WAL) and PostgreSQL.

use tokio::sync::{mpsc, oneshot};

use crate::store::{Appended, Store};

/// Most actions written in one transaction.
pub const MAX_BATCH: usize = 512;

/// One accepted action waiting for its batch.
struct Pending {
    row: Appended,
    done: oneshot::Sender<Result<(), String>>,
}

/// The writer's handle: hands actions to the writer tasks and waits for their commit.
#[derive(Clone, Debug)]
pub struct Committer {
    tx: mpsc::Sender<Pending>,
}

impl Committer {
    /// Starts `writers` writer tasks over `store` (one for SQLite, which takes one writer at a
    /// time; a few for PostgreSQL, whose batches then commit side by side).
    pub fn start(store: Store, writers: usize) -> Committer {
        let (tx, rx) = mpsc::channel::<Pending>(MAX_BATCH * 8);
        let rx = std::sync::Arc::new(tokio::sync::Mutex::new(rx));
        for _ in 0..writers.max(1) {
            let (store, rx) = (store.clone(), rx.clone());
            tokio::spawn(async move {
                loop {
                    let batch = {
                        let mut rx = rx.lock().await;
                        let Some(first) = rx.recv().await else { return };
                        let mut batch = vec![first];
                        while batch.len() < MAX_BATCH {
                            match rx.try_recv() {
                                Ok(p) => batch.push(p),
                                Err(_) => break,
                            }
                        }
                        batch
                    };
                    let rows: Vec<&Appended> = batch.iter().map(|p| &p.row).collect();
                    let result = store.append_batch(&rows).await.map_err(|e| e.to_string());
                    for p in batch {
                        let _ = p.done.send(result.clone());
                    }
                }
            });
        }
        Committer { tx }
    }

    /// Writes one accepted action (`row`); returns once its batch has committed.
    ///
    /// # Errors
    /// The storage failure's text: nothing of the batch was written.
    pub async fn append(&self, row: Appended) -> Result<(), String> {
        let (done, wait) = oneshot::channel();
        self.tx
            .send(Pending { row, done })
            .await
            .map_err(|_| "the writer has stopped".to_string())?;
        wait.await.map_err(|_| "the writer has stopped".to_string())?
    }
}
