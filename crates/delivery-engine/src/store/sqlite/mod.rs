//! SQLite: SQL with numbered parameters (`?1`, so one value can appear twice), on diesel's
//! synchronous connection on a blocking thread (see [`crate::store::Pool`]). Types as in
//! `migrations/sqlite/engine`: timestamps as µs since the epoch (`i64::MAX` is PostgreSQL's
//! `'infinity'`), UUIDs and JSON arrays as text. Batches travel as JSON arrays (`json_each`).
//! There is no NOTIFY: the engine wakes its own dispatchers, and other processes poll.

/// The tenant's live endpoints, as a subquery; `$tenant` is the tenant's placeholder (`"?"` or
/// `"?1"`). A deleted endpoint's open deliveries were ended, so these hold every open delivery
/// of the tenant: naming them lets the open deliveries' index, which leads with the endpoint,
/// answer a tenant's question.
macro_rules! live_endpoints_of {
    ($tenant:literal) => {
        concat!(
            "(SELECT e.id FROM webhook_endpoints e WHERE e.tenant_id = ",
            $tenant,
            " AND e.deleted_at IS NULL)"
        )
    };
}

pub(crate) mod backlog;
pub(crate) mod conn;
pub(crate) mod deliveries;
pub(crate) mod endpoints;
pub(crate) mod idempotency;
pub(crate) mod listen_sessions;
pub(crate) mod probes;
pub(crate) mod queue;
pub(crate) mod recovery;
pub(crate) mod retention;
mod routes;
mod rows;
pub(crate) mod stats;
pub mod values;

use crate::error::EngineResult;
use diesel::{Connection, SqliteConnection};

/// Runs `f` atomically: in a `BEGIN IMMEDIATE` transaction of its own (see [`write_gate`]), or
/// as a savepoint of the caller's transaction (which [`crate::store::Pool::transaction`] began
/// `IMMEDIATE`). Taking the write lock first means a transaction that reads and then writes
/// never fails half-way.
fn atomically<T>(
    c: &mut SqliteConnection,
    f: impl FnOnce(&mut SqliteConnection) -> EngineResult<T>,
) -> EngineResult<T> {
    atomically_as(c, Writer::Api, f)
}

/// [`atomically`], for `writer`.
fn atomically_as<T>(
    c: &mut SqliteConnection,
    writer: Writer,
    f: impl FnOnce(&mut SqliteConnection) -> EngineResult<T>,
) -> EngineResult<T> {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let depth = AnsiTransactionManager::transaction_manager_status_mut(c).transaction_depth()?;
    if depth.is_some() {
        c.transaction(f)
    } else {
        let _turn = write_gate(writer);
        c.immediate_transaction(f)
    }
}

/// Who is asking for a write turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Writer {
    /// API requests and everything else: first come, first served.
    Api,
    /// The dispatcher's claims and outcome batches: served before waiting API writers.
    Dispatcher,
}

/// This process's writers take turns here before `BEGIN IMMEDIATE`: the dispatcher's writes
/// first, then everyone else's in arrival order.
///
/// SQLite has one writer at a time, and a writer that finds the lock taken sleeps in its busy
/// handler (1, 2, 5, … up to 100 ms between tries) while writers that arrive later can take the
/// lock first: under a stream of API commits the dispatcher's claims and outcome writes starved.
/// The dispatcher writes a few batches where the API writes one row per request, so serving it
/// first keeps delivery in step with ingest without starving the API. Writers in other
/// processes still meet SQLite's own lock and busy timeout. Only ever called on a blocking
/// thread, and never while this thread already holds a turn (nested transactions are
/// savepoints and do not come here).
pub(crate) fn write_gate(writer: Writer) -> Turn {
    WRITERS.take(writer)
}

static WRITERS: TurnQueue = TurnQueue {
    state: std::sync::Mutex::new(Queue {
        busy: false,
        waiting: std::collections::VecDeque::new(),
        next_id: 0,
    }),
    changed: std::sync::Condvar::new(),
};

/// Writers holding or waiting for a turn.
/// Unit tests that take write turns hold this for their length: the turn queue is one per
/// process, and a test that counts its waiters must not see another test's.
#[cfg(test)]
pub(crate) static TURN_TESTS: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[cfg(test)]
fn queue_len() -> usize {
    let queue = WRITERS.state.lock().unwrap_or_else(|e| e.into_inner());
    queue.waiting.len() + usize::from(queue.busy)
}

struct TurnQueue {
    state: std::sync::Mutex<Queue>,
    changed: std::sync::Condvar,
}

struct Queue {
    busy: bool,
    /// Waiting writers in the order they will be served.
    waiting: std::collections::VecDeque<(u64, Writer)>,
    next_id: u64,
}

impl TurnQueue {
    fn take(&'static self, writer: Writer) -> Turn {
        let mut queue = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if !queue.busy && queue.waiting.is_empty() {
            queue.busy = true;
            return Turn { queue: self };
        }
        let id = queue.next_id;
        queue.next_id += 1;
        let at = match writer {
            Writer::Dispatcher => queue.waiting.iter().take_while(|w| w.1 == Writer::Dispatcher).count(),
            Writer::Api => queue.waiting.len(),
        };
        queue.waiting.insert(at, (id, writer));
        while queue.busy || queue.waiting.front().map(|w| w.0) != Some(id) {
            queue = self.changed.wait(queue).unwrap_or_else(|e| e.into_inner());
        }
        queue.waiting.pop_front();
        queue.busy = true;
        Turn { queue: self }
    }
}

/// The current writer's turn; the next writer's begins when it is dropped.
pub(crate) struct Turn {
    queue: &'static TurnQueue,
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut queue = self.queue.state.lock().unwrap_or_else(|e| e.into_inner());
        queue.busy = false;
        self.queue.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::{write_gate, Writer};
    use std::sync::{Arc, Mutex};

    #[test]
    fn the_dispatcher_goes_first_and_api_writers_in_arrival_order() {
        let _alone = super::TURN_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        let order = Arc::new(Mutex::new(Vec::new()));
        let first = write_gate(Writer::Api);
        let mut waiting = Vec::new();
        let writers = [
            (0, Writer::Api),
            (1, Writer::Api),
            (2, Writer::Dispatcher),
            (3, Writer::Api),
            (4, Writer::Dispatcher),
        ];
        for (i, (name, writer)) in writers.into_iter().enumerate() {
            let order = order.clone();
            waiting.push(std::thread::spawn(move || {
                let _turn = write_gate(writer);
                order.lock().unwrap_or_else(|e| e.into_inner()).push(name);
            }));
            // Each thread queues before the next starts.
            while super::queue_len() < i + 2 {
                std::thread::yield_now();
            }
        }
        drop(first);
        for w in waiting {
            w.join().ok();
        }
        assert_eq!(*order.lock().unwrap_or_else(|e| e.into_inner()), vec![2, 4, 0, 1, 3]);
    }
}
