//! Write batching: requests that each write one small row of a service's own table hand it to a
//! [`Batcher`] and wait; a few lanes take whatever is waiting, up to a batch's worth, and write it
//! in one transaction with one result per request. Nothing waits for company: a lane takes what
//! is there when it is free, so a lone request goes at once and batches grow only while the
//! database is busy. The mechanism, its cost and how to switch it off: docs/engine.md, "Write
//! batching"; decision D115.

use crate::error::EngineError;
use crate::Engine;
use futures_util::future::BoxFuture;
use std::future::Future;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, Mutex};

/// Writes a batch in one transaction: one result per item, in the items' order. `Err` when the
/// batch failed as a whole (the transaction rolled back): see [`BatchFailure`].
pub(crate) type WriteBatch<I, O, E> =
    Arc<dyn Fn(Arc<[I]>) -> BoxFuture<'static, Result<Vec<Result<O, E>>, E>> + Send + Sync>;

/// How a batch's failure reaches its items.
pub trait BatchFailure: Sized + std::fmt::Display {
    /// The failure may be one item's doing (a constraint it broke, a deadlock with another batch
    /// over its rows): each item is then written again alone, one after another, so it reaches
    /// only the items it belongs to. Otherwise (the database away, the disk full) every item is
    /// answered with it.
    fn may_be_one_items(&self) -> bool;
    /// The same failure, for another item of the batch.
    fn for_another_item(&self) -> Self;
    /// The lanes have stopped: the process is stopping.
    fn lanes_stopped() -> Self;
    /// No answer within the deadline (queueing behind a slow batch included): the write may
    /// still happen, its outcome is unknown.
    fn deadline_passed() -> Self;
}

impl BatchFailure for EngineError {
    /// A database error that is neither the database away nor a full disk: a deadlock with
    /// another batch, or a constraint one item broke.
    fn may_be_one_items(&self) -> bool {
        matches!(self, EngineError::Database(_))
    }

    fn for_another_item(&self) -> Self {
        match self {
            EngineError::Unavailable(e) => EngineError::Unavailable(e.clone()),
            EngineError::StorageFull(e) => EngineError::StorageFull(e.clone()),
            other => EngineError::Internal(other.to_string()),
        }
    }

    fn lanes_stopped() -> Self {
        EngineError::Unavailable("the service is stopping".into())
    }

    fn deadline_passed() -> Self {
        EngineError::Unavailable("no answer from the database within DATABASE_TIMEOUT".into())
    }
}

/// One waiting write and where its result goes.
struct Job<I, O, E> {
    item: I,
    reply: oneshot::Sender<Result<O, E>>,
}

/// The queue in front of a batch writer ([`Batcher::on_engine`]); cloned handles share it.
pub struct Batcher<I, O, E> {
    queue: mpsc::Sender<Job<I, O, E>>,
    /// How long a caller waits for its write's answer, queueing included (`DATABASE_TIMEOUT`
    /// on PostgreSQL; none on SQLite).
    deadline: Option<std::time::Duration>,
}

impl<I, O, E> Clone for Batcher<I, O, E> {
    fn clone(&self) -> Self {
        Self { queue: self.queue.clone(), deadline: self.deadline }
    }
}

impl<I, O, E> std::fmt::Debug for Batcher<I, O, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batcher").finish_non_exhaustive()
    }
}

impl<I, O, E> Batcher<I, O, E>
where
    I: Clone + Send + Sync + 'static,
    O: Send + 'static,
    E: BatchFailure + Send + 'static,
{
    /// Starts the lanes writing batches of at most `max` items (`max` 1: every item alone,
    /// batching off) with `write(engine, batch)`, which writes a batch in one transaction and
    /// gives one result per item, in the items' order (`Err`: the batch failed as a whole, see
    /// [`BatchFailure`]). The engine's store says how many lanes (`Pool::write_lanes`).
    /// Must be called inside a tokio runtime; the lanes end when every handle is dropped, after
    /// writing what was queued.
    pub fn on_engine<F, Fut>(engine: &Engine, max: usize, write: F) -> Self
    where
        F: Fn(Engine, Arc<[I]>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Vec<Result<O, E>>, E>> + Send + 'static,
    {
        let (lanes, deadline) = (engine.write_lanes(), engine.write_deadline());
        let engine = engine.clone();
        let batcher = Self::spawn(max, lanes, Arc::new(move |batch| Box::pin(write(engine.clone(), batch))));
        Self { deadline, ..batcher }
    }

    /// [`Batcher::on_engine`] with `lanes` lanes and a writer that needs no engine.
    fn spawn(max: usize, lanes: usize, write: WriteBatch<I, O, E>) -> Self {
        let (max, lanes) = (max.max(1), lanes.max(1));
        let (queue, waiting) = mpsc::channel(max * lanes);
        let waiting = Arc::new(Mutex::new(waiting));
        for _ in 0..lanes {
            tokio::spawn(lane(waiting.clone(), max, write.clone()));
        }
        Self { queue, deadline: None }
    }

    /// Writes `item` with the next batch and returns its result, or, past the deadline,
    /// [`BatchFailure::deadline_passed`]. The write goes on to its end even if the caller
    /// stops waiting.
    pub async fn write(&self, item: I) -> Result<O, E> {
        let written = async {
            let (reply, answer) = oneshot::channel();
            self.queue.send(Job { item, reply }).await.map_err(|_| E::lanes_stopped())?;
            answer.await.unwrap_or_else(|_| Err(E::lanes_stopped()))
        };
        match self.deadline {
            Some(deadline) => {
                tokio::time::timeout(deadline, written).await.unwrap_or_else(|_| Err(E::deadline_passed()))
            }
            None => written.await,
        }
    }
}

/// Takes what is waiting (at most `max`) whenever it is free, and writes it.
async fn lane<I: Clone, O, E: BatchFailure>(
    waiting: Arc<Mutex<mpsc::Receiver<Job<I, O, E>>>>,
    max: usize,
    write: WriteBatch<I, O, E>,
) {
    loop {
        let mut jobs = Vec::new();
        {
            let mut waiting = waiting.lock().await;
            if waiting.recv_many(&mut jobs, max).await == 0 {
                return;
            }
        }
        write_jobs(&write, jobs).await;
    }
}

/// Writes `jobs` as one batch; if the batch failed as a whole, see [`BatchFailure`].
async fn write_jobs<I: Clone, O, E: BatchFailure>(write: &WriteBatch<I, O, E>, jobs: Vec<Job<I, O, E>>) {
    let (items, replies): (Vec<I>, Vec<_>) = jobs.into_iter().map(|j| (j.item, j.reply)).unzip();
    let (items, n): (Arc<[I]>, usize) = (items.into(), replies.len());
    let results = match write(Arc::clone(&items)).await {
        Ok(results) => results,
        Err(e) if n == 1 => vec![Err(e)],
        Err(e) if e.may_be_one_items() => {
            tracing::warn!(error = %e, items = n, "a batch of writes failed; writing each alone");
            let mut results = Vec::with_capacity(n);
            for item in items.iter() {
                results.push(write_alone(write, item.clone()).await);
            }
            results
        }
        Err(e) => {
            let mut results: Vec<Result<O, E>> = (1..n).map(|_| Err(e.for_another_item())).collect();
            results.push(Err(e));
            results
        }
    };
    debug_assert_eq!(results.len(), n, "one result per item");
    for (reply, result) in replies.into_iter().zip(results) {
        // A caller that stopped waiting has dropped its receiver; its write stands.
        let _ = reply.send(result);
    }
}

async fn write_alone<I, O, E: BatchFailure>(write: &WriteBatch<I, O, E>, item: I) -> Result<O, E> {
    let results = write(Arc::from([item])).await?;
    results.into_iter().next().unwrap_or_else(|| Err(E::lanes_stopped()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::future::join_all;
    use std::sync::Mutex as StdMutex;

    /// A failure of the tests' batches: `Split` may be one item's.
    #[derive(Debug, Clone, PartialEq, Eq)]
    enum Failed {
        Split(String),
        Whole(String),
        Stopped,
        Late,
    }

    impl std::fmt::Display for Failed {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{self:?}")
        }
    }

    impl BatchFailure for Failed {
        fn may_be_one_items(&self) -> bool {
            matches!(self, Failed::Split(_))
        }
        fn for_another_item(&self) -> Self {
            self.clone()
        }
        fn lanes_stopped() -> Self {
            Failed::Stopped
        }
        fn deadline_passed() -> Self {
            Failed::Late
        }
    }

    /// A batch writer that records the batches it saw and fails any batch holding `poison`
    /// beside other items; `poison` alone fails as an item. A batch holding [`DOWN`] fails whole.
    fn recording(seen: Arc<StdMutex<Vec<Vec<u32>>>>, poison: u32) -> WriteBatch<u32, u32, Failed> {
        Arc::new(move |items: Arc<[u32]>| {
            seen.lock().unwrap().push(items.to_vec());
            Box::pin(async move {
                if items.contains(&DOWN) {
                    return Err(Failed::Whole("the database is away".to_owned()));
                }
                if items.len() > 1 && items.contains(&poison) {
                    return Err(Failed::Split("the batch rolled back".to_owned()));
                }
                Ok(items
                    .iter()
                    .map(
                        |&i| {
                            if i == poison {
                                Err(Failed::Split(format!("{i} refused")))
                            } else {
                                Ok(i * 10)
                            }
                        },
                    )
                    .collect())
            })
        })
    }

    const DOWN: u32 = 1000;

    #[tokio::test]
    async fn waiting_writes_go_together_and_each_gets_its_own_result() {
        let seen = Arc::default();
        let batcher = Batcher::spawn(64, 4, recording(Arc::clone(&seen), 0));
        let results = join_all((1..=40).map(|i| batcher.write(i))).await;
        assert_eq!(results, (1..=40).map(|i| Ok(i * 10)).collect::<Vec<_>>());
        let batches = seen.lock().unwrap().clone();
        assert!(batches.len() < 40, "40 writes queued at once go in fewer batches: {batches:?}");
        assert_eq!(batches.iter().map(Vec::len).sum::<usize>(), 40);
    }

    /// A write queued behind a batch that does not end (the database gone quiet) is answered at
    /// the deadline, not when the batch ends.
    #[tokio::test]
    async fn a_write_is_answered_at_the_deadline_when_its_batch_does_not_end() {
        let hangs: WriteBatch<u32, u32, Failed> = Arc::new(|_| Box::pin(std::future::pending()));
        let deadline = std::time::Duration::from_millis(100);
        let batcher = Batcher { deadline: Some(deadline), ..Batcher::spawn(1, 1, hangs) };
        let started = tokio::time::Instant::now();
        // The second waits behind the first's batch, which never ends: both answer at the deadline
        // (without one they would never answer: the outer bound fails the test instead).
        let both =
            tokio::time::timeout(deadline * 10, async { tokio::join!(batcher.write(1), batcher.write(2)) });
        let (first, second) = both.await.expect("answered at the deadline");
        assert_eq!((first, second), (Err(Failed::Late), Err(Failed::Late)));
        assert!(started.elapsed() < deadline * 5, "answered after {:?}", started.elapsed());
    }

    #[tokio::test]
    async fn a_failed_batch_is_written_again_item_by_item() {
        let seen = Arc::default();
        let batcher = Batcher::spawn(64, 4, recording(Arc::clone(&seen), 7));
        let results = join_all((1..=10).map(|i| batcher.write(i))).await;
        for (i, result) in (1..=10).zip(&results) {
            let expected = if i == 7 { Err(Failed::Split("7 refused".to_owned())) } else { Ok(i * 10) };
            assert_eq!(result, &expected);
        }
        assert!(seen.lock().unwrap().iter().any(|b| b == &vec![7]), "7 was written alone");
    }

    #[tokio::test]
    async fn a_failure_of_the_whole_batch_answers_every_item_without_writing_again() {
        let seen = Arc::default();
        let batcher = Batcher::spawn(64, 4, recording(Arc::clone(&seen), 0));
        let results = join_all([1, DOWN, 3].map(|i| batcher.write(i))).await;
        let away = Err(Failed::Whole("the database is away".to_owned()));
        assert_eq!(results, vec![away.clone(), away.clone(), away]);
        assert_eq!(seen.lock().unwrap().len(), 1, "written once, not again item by item");
    }

    #[tokio::test]
    async fn a_batch_of_one_is_batching_off() {
        let seen = Arc::default();
        let batcher = Batcher::spawn(1, 4, recording(Arc::clone(&seen), 0));
        join_all((1..=10).map(|i| batcher.write(i))).await;
        assert!(seen.lock().unwrap().iter().all(|b| b.len() == 1));
    }
}
