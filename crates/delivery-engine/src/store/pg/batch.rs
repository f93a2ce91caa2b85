//! Group commit for the API's transactions on PostgreSQL.
//!
//! Each API write used to be a transaction of its own, so a burst cost one commit (one WAL
//! flush, one round of lock and snapshot bookkeeping) per request. Here a few batch workers
//! each take the transactions waiting at that moment, run them one after another in one
//! database transaction, each inside a savepoint of its own, and commit once. A transaction
//! whose closure fails rolls back to its savepoint and leaves the others alone; a batch whose
//! commit fails answers every transaction in it with an error. Nobody is told "committed"
//! before the commit: each transaction's answer is held until the batch's fate is known.
//!
//! Transactions of one batch see each other's writes in order, as if they had run one after
//! another, which they did.

use super::conn::PgPool;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use futures_util::future::BoxFuture;
use std::sync::Arc;
use tokio::sync::{mpsc, Mutex};

/// Transactions one batch takes at most.
const MAX_BATCH: usize = 16;

/// One caller's transaction, type-erased for the queue.
pub(crate) trait BatchJob: Send {
    /// Runs the transaction as a savepoint on `conn` and returns what answers the caller
    /// once the batch has committed. Dropping the answer unsent tells the caller the batch
    /// failed.
    fn run<'c>(self: Box<Self>, conn: &'c mut AsyncPgConnection) -> BoxFuture<'c, Answer>;
}

/// Sends a transaction's result to its caller.
pub(crate) type Answer = Box<dyn FnOnce() + Send>;

/// The queue in front of the batch workers.
#[derive(Debug, Clone)]
pub(crate) struct Batcher {
    queue: mpsc::Sender<Box<dyn BatchJob>>,
}

impl std::fmt::Debug for dyn BatchJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BatchJob")
    }
}

impl Batcher {
    /// Starts `workers` batch workers on the current runtime, drawing connections from `pool`.
    pub(crate) fn start(pool: PgPool, workers: usize) -> Self {
        let (queue, jobs) = mpsc::channel::<Box<dyn BatchJob>>(1024);
        let jobs = Arc::new(Mutex::new(jobs));
        for _ in 0..workers.max(1) {
            tokio::spawn(work(pool.clone(), jobs.clone()));
        }
        Self { queue }
    }

    /// Queues a transaction; `Err` gives it back when the workers are gone.
    pub(crate) async fn submit(&self, job: Box<dyn BatchJob>) -> Result<(), Box<dyn BatchJob>> {
        self.queue.send(job).await.map_err(|e| e.0)
    }
}

/// One batch worker: takes what waits, runs it as one transaction, answers, repeats.
async fn work(pool: PgPool, jobs: Arc<Mutex<mpsc::Receiver<Box<dyn BatchJob>>>>) {
    loop {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        {
            let mut jobs = jobs.lock().await;
            if jobs.recv_many(&mut batch, MAX_BATCH).await == 0 {
                return;
            }
        }
        let mut conn = match pool.get().await {
            Ok(conn) => conn,
            Err(e) => {
                // The callers see their answers dropped: the database is unavailable.
                tracing::warn!(error = %e, count = batch.len(), "no connection for a batch of transactions");
                continue;
            }
        };
        let conn: &mut AsyncPgConnection = &mut conn;
        let committed = conn
            .transaction::<_, diesel::result::Error, _>(async |c| {
                let mut answers = Vec::with_capacity(batch.len());
                for job in batch {
                    answers.push(job.run(&mut *c).await);
                }
                Ok(answers)
            })
            .await;
        match committed {
            Ok(answers) => answers.into_iter().for_each(|answer| answer()),
            Err(e) => tracing::warn!(error = %e, "a batch of transactions failed to commit"),
        }
    }
}
