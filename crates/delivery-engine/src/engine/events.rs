//! The outbox: an event and its deliveries, written on the caller's connection so that they
//! commit or roll back with the domain change that emits them.

use super::Engine;
use crate::error::{EngineError, EngineResult};
use crate::store::model::NewEventRow;
use crate::store::routes::{self, Targets};
use crate::store::{deliveries, queue, DbConn};
use crate::tenant::Tenant;
use std::collections::HashSet;
use uuid::Uuid;

/// What a service knows about an event when it emits one.
#[derive(Debug, Clone)]
pub struct NewEvent<'a> {
    pub tenant: &'a Tenant,
    pub event_type: &'a str,
    /// Unique per tenant; emitting the same key twice is a no-op (e.g. `<runId>:<event>`).
    pub dedupe_key: &'a str,
    /// The exact bytes to send and sign.
    pub body: &'a [u8],
    /// Send to this endpoint only, whatever its filter (for test events).
    pub only_endpoint: Option<Uuid>,
    /// The event's id, when the service puts it in the body; generated (UUIDv7) otherwise.
    pub id: Option<Uuid>,
}

/// What [`Engine::enqueue`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enqueued {
    New {
        event_id: Uuid,
        deliveries: i64,
    },
    /// The dedupe key was already used; nothing new was queued.
    Duplicate {
        event_id: Uuid,
    },
}

impl Enqueued {
    pub fn event_id(&self) -> Uuid {
        match *self {
            Enqueued::New { event_id, .. } | Enqueued::Duplicate { event_id } => event_id,
        }
    }
}

impl Engine {
    /// The outbox: records the event and its deliveries on the caller's connection, inside the
    /// caller's transaction if there is one ([`Engine::transaction`]), so they commit or roll back
    /// with the domain change.
    pub async fn enqueue(&self, conn: &mut DbConn<'_>, event: NewEvent<'_>) -> EngineResult<Enqueued> {
        let mut done = self.enqueue_all(conn, std::slice::from_ref(&event)).await?;
        Ok(done.pop().expect("one answer per event"))
    }

    /// [`Engine::enqueue`] for several events at once: each tenant's in one statement on
    /// PostgreSQL, tenants in their lock order (as every change of several tenants' routes locks
    /// them), so a batch cannot deadlock with such a change. One answer per event, in the order
    /// given. Atomic only inside [`Engine::transaction`] when the events are several tenants'.
    pub async fn enqueue_all(
        &self,
        conn: &mut DbConn<'_>,
        events: &[NewEvent<'_>],
    ) -> EngineResult<Vec<Enqueued>> {
        let catalog = &self.core.profile().catalog;
        if let Some(unknown) = events.iter().find(|e| !catalog.accepts(e.event_type)) {
            return Err(EngineError::UnknownEventTypes(vec![unknown.event_type.to_owned()]));
        }
        let given: HashSet<Uuid> = events.iter().filter_map(|e| e.id).collect();
        if given.len() < events.iter().filter(|e| e.id.is_some()).count() {
            return Err(EngineError::Internal("two events of one enqueue share an id".into()));
        }
        let now = self.core.now();
        // Tenants in their lock order, each tenant's events in the order given (a stable sort).
        let mut rows: Vec<(usize, NewEventRow<'_>)> =
            events.iter().map(|e| new_row(e, now)).enumerate().collect();
        rows.sort_by_key(|(_, row)| routes::lock_key(row.tenant_id));
        let (places, rows): (Vec<usize>, Vec<NewEventRow<'_>>) = rows.into_iter().unzip();
        let mut answers: Vec<Option<Enqueued>> = vec![None; rows.len()];
        let mut places = places.into_iter();
        for group in rows.chunk_by(|a, b| a.tenant_id == b.tenant_id) {
            let written = queue::enqueue(conn, group, Some(self.core.routes())).await?;
            // `zip` takes a place only for a row it has: each group takes its own places.
            for ((row, targets), place) in group.iter().zip(written).zip(places.by_ref()) {
                answers[place] = Some(self.enqueued(conn, row, targets).await?);
            }
        }
        Ok(answers.into_iter().flatten().collect())
    }

    /// What enqueueing `row` did: `targets` where it went (the connection's receipt names them
    /// for the wake-up after the commit), or `None` when its dedupe key was used already.
    async fn enqueued(
        &self,
        conn: &mut DbConn<'_>,
        row: &NewEventRow<'_>,
        targets: Option<Targets>,
    ) -> EngineResult<Enqueued> {
        match targets {
            Some(targets) => Ok(Enqueued::New { event_id: row.id, deliveries: targets.deliveries() }),
            None => {
                let existing = deliveries::find_event_id(conn, row.tenant_id, row.dedupe_key).await?;
                Ok(Enqueued::Duplicate { event_id: existing.unwrap_or(row.id) })
            }
        }
    }

    /// [`Engine::enqueue`] on a connection of its own, for events with no domain change beside them.
    pub async fn enqueue_now(&self, event: NewEvent<'_>) -> EngineResult<Enqueued> {
        let engine = self.clone();
        let owned = OwnedEvent::from(&event);
        self.run(crate::on_conn!(|c| engine.enqueue(c, owned.borrowed()).await)).await
    }
}

/// The event's row, created at `now` (its id drawn if the service gave none).
fn new_row<'a>(e: &NewEvent<'a>, now: chrono::DateTime<chrono::Utc>) -> NewEventRow<'a> {
    NewEventRow {
        id: e.id.unwrap_or_else(Uuid::now_v7),
        tenant_id: e.tenant.as_str(),
        event_type: e.event_type,
        dedupe_key: e.dedupe_key,
        body: e.body,
        created_at: now,
        only_endpoint: e.only_endpoint,
    }
}

/// A [`NewEvent`] that owns its parts, to cross into a connection's task.
struct OwnedEvent {
    tenant: Tenant,
    event_type: String,
    dedupe_key: String,
    body: Vec<u8>,
    only_endpoint: Option<Uuid>,
    id: Option<Uuid>,
}

impl From<&NewEvent<'_>> for OwnedEvent {
    fn from(e: &NewEvent<'_>) -> Self {
        Self {
            tenant: e.tenant.clone(),
            event_type: e.event_type.to_owned(),
            dedupe_key: e.dedupe_key.to_owned(),
            body: e.body.to_vec(),
            only_endpoint: e.only_endpoint,
            id: e.id,
        }
    }
}

impl OwnedEvent {
    fn borrowed(&self) -> NewEvent<'_> {
        NewEvent {
            tenant: &self.tenant,
            event_type: &self.event_type,
            dedupe_key: &self.dedupe_key,
            body: &self.body,
            only_endpoint: self.only_endpoint,
            id: self.id,
        }
    }
}
