//! SQLite: SQL with numbered parameters (`?1`, so one value can appear twice), on diesel's
//! synchronous connection on a blocking thread (see [`crate::store::Pool`]). Types as in
//! `migrations/sqlite/engine`: timestamps as µs since the epoch (`i64::MAX` is PostgreSQL's
//! `'infinity'`), UUIDs and JSON arrays as text. Batches travel as JSON arrays (`json_each`).
//! There is no NOTIFY: the engine wakes its own dispatchers, and other processes poll.

pub(crate) mod conn;
pub(crate) mod deliveries;
pub(crate) mod endpoints;
pub(crate) mod idempotency;
pub(crate) mod queue;
mod rows;
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
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let depth = AnsiTransactionManager::transaction_manager_status_mut(c).transaction_depth()?;
    if depth.is_some() {
        c.transaction(f)
    } else {
        let _turn = write_gate();
        c.immediate_transaction(f)
    }
}

/// This process's writers take turns here, first come first served, before `BEGIN IMMEDIATE`.
///
/// SQLite has one writer at a time, and a writer that finds the lock taken sleeps in its busy
/// handler (1, 2, 5, … up to 100 ms between tries) while writers that arrive later can take the
/// lock first: under a stream of API commits the dispatcher's claims and outcome writes starved.
/// A FIFO queue in front of the lock gives every writer its turn in order. Writers in other
/// processes still meet SQLite's own lock and busy timeout. Only ever called on a blocking
/// thread, and never while this thread already holds a turn (nested transactions are
/// savepoints and do not come here).
pub(crate) fn write_gate() -> Turn {
    WRITERS.take()
}

static WRITERS: TicketQueue = TicketQueue {
    tickets: std::sync::Mutex::new(Tickets { next: 0, serving: 0 }),
    turn_changed: std::sync::Condvar::new(),
};

/// Writers holding or waiting for a turn.
#[cfg(test)]
fn queue_len() -> u64 {
    let tickets = WRITERS.tickets.lock().unwrap_or_else(|e| e.into_inner());
    tickets.next - tickets.serving
}

/// A FIFO queue of writers: a ticket lock.
struct TicketQueue {
    tickets: std::sync::Mutex<Tickets>,
    turn_changed: std::sync::Condvar,
}

struct Tickets {
    next: u64,
    serving: u64,
}

impl TicketQueue {
    fn take(&'static self) -> Turn {
        let mut tickets = self.tickets.lock().unwrap_or_else(|e| e.into_inner());
        let mine = tickets.next;
        tickets.next += 1;
        while tickets.serving != mine {
            tickets = self.turn_changed.wait(tickets).unwrap_or_else(|e| e.into_inner());
        }
        Turn { queue: self }
    }
}

/// The current writer's turn; the next writer's begins when it is dropped.
pub(crate) struct Turn {
    queue: &'static TicketQueue,
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut tickets = self.queue.tickets.lock().unwrap_or_else(|e| e.into_inner());
        tickets.serving += 1;
        self.queue.turn_changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::write_gate;
    use std::sync::{Arc, Mutex};

    #[test]
    fn writers_take_turns_in_arrival_order() {
        let order = Arc::new(Mutex::new(Vec::new()));
        let first = write_gate();
        let mut waiting = Vec::new();
        for i in 0..4 {
            let order = order.clone();
            waiting.push(std::thread::spawn(move || {
                let _turn = write_gate();
                order.lock().unwrap_or_else(|e| e.into_inner()).push(i);
            }));
            // Each thread queues before the next starts: its ticket is taken under the lock.
            while super::queue_len() < i + 2 {
                std::thread::yield_now();
            }
        }
        drop(first);
        for w in waiting {
            w.join().ok();
        }
        assert_eq!(*order.lock().unwrap_or_else(|e| e.into_inner()), vec![0, 1, 2, 3]);
    }
}
