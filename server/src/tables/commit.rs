//! Group commit: accepted actions from many tables written together, one transaction a batch,
//! each acknowledged only once its batch has committed (nothing acknowledged is ever lost).
//!
//! A table holds its lock from `apply` until its action is committed, so a batch holds at
//! most one action of a table and a table's actions commit in order. While one batch is being
//! written the next one gathers: under load a batch holds the actions of every table that
//! acted during the previous commit, and the commit's cost (the fsync above all) is shared by
//! all of them. A new table is written the same way, in the batch of the actions around it
//! (its creation is answered once committed). The same code runs on SQLite (WAL) and
//! PostgreSQL. With leases, an action of a table this process no longer owns is left out of
//! its batch and refused (`Fenced`).

use tokio::sync::{mpsc, oneshot};

use crate::protocol::ErrorCode;
use crate::store::{Appended, NewTable, Store};

/// Why an action was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommitError {
    /// This process no longer holds the table's lease: another may own it. Nothing of it was
    /// written.
    Fenced,
    /// A table with that id exists: the new table was not written.
    Exists,
    /// The database failed: nothing of the batch was written.
    Storage(String),
}

impl CommitError {
    /// The protocol code the client is sent.
    pub fn code(&self) -> ErrorCode {
        match self {
            CommitError::Fenced => ErrorCode::NotOwner,
            CommitError::Storage(_) | CommitError::Exists => ErrorCode::StorageFailed,
        }
    }
}

impl std::fmt::Display for CommitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommitError::Fenced => f.write_str("this process no longer owns the table"),
            CommitError::Exists => f.write_str("a table with that id exists"),
            CommitError::Storage(e) => f.write_str(e),
        }
    }
}

/// Most actions written in one transaction.
pub const MAX_BATCH: usize = 512;

/// What a batch writes.
enum Work {
    /// An accepted action.
    Append(Appended),
    /// A new table.
    Create(NewTable),
}

/// One accepted action or new table waiting for its batch.
struct Pending {
    work: Work,
    done: oneshot::Sender<Result<(), CommitError>>,
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
                    let (mut created, mut rows): (Vec<&NewTable>, Vec<&Appended>) = (Vec::new(), Vec::new());
                    for p in &batch {
                        match &p.work {
                            Work::Create(t) => created.push(t),
                            Work::Append(r) => rows.push(r),
                        }
                    }
                    match store.write_batch(&created, &rows).await {
                        Ok((made, written)) => {
                            let (mut made, mut written) = (made.into_iter(), written.into_iter());
                            for p in batch {
                                let result = match p.work {
                                    Work::Create(_) => {
                                        made.next().unwrap_or(false).then_some(()).ok_or(CommitError::Exists)
                                    }
                                    Work::Append(_) => {
                                        written.next().unwrap_or(false).then_some(()).ok_or(CommitError::Fenced)
                                    }
                                };
                                let _ = p.done.send(result);
                            }
                        }
                        Err(e) => {
                            let e = CommitError::Storage(e.to_string());
                            for p in batch {
                                let _ = p.done.send(Err(e.clone()));
                            }
                        }
                    }
                }
            });
        }
        Committer { tx }
    }

    /// Writes one accepted action (`row`); returns once its batch has committed.
    ///
    /// # Errors
    /// `Fenced` (the table's lease is another's), or the storage failure: not written.
    pub async fn append(&self, row: Appended) -> Result<(), CommitError> {
        self.write(Work::Append(row)).await
    }

    /// Writes a new table (with its lease, if the store holds leases); returns once its batch
    /// has committed.
    ///
    /// # Errors
    /// `Exists` (its id is taken), or the storage failure: not written.
    pub async fn create(&self, table: NewTable) -> Result<(), CommitError> {
        self.write(Work::Create(table)).await
    }

    /// Hands `work` to a writer and waits for its batch's commit.
    async fn write(&self, work: Work) -> Result<(), CommitError> {
        let (done, wait) = oneshot::channel();
        let stopped = || CommitError::Storage("the writer has stopped".into());
        self.tx.send(Pending { work, done }).await.map_err(|_| stopped())?;
        wait.await.map_err(|_| stopped())?
    }
}
