//! The outbox: an event and its deliveries, written on the caller's connection so that they
//! commit or roll back with the domain change that emits them.

use super::Engine;
use crate::error::{EngineError, EngineResult};
use crate::store::model::NewEventRow;
use crate::store::{deliveries, queue, DbConn};
use crate::tenant::Tenant;
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
        if !self.core.profile().catalog.accepts(event.event_type) {
            return Err(EngineError::UnknownEventTypes(vec![event.event_type.to_owned()]));
        }
        let id = event.id.unwrap_or_else(Uuid::now_v7);
        let row = NewEventRow {
            id,
            tenant_id: event.tenant.as_str(),
            event_type: event.event_type,
            dedupe_key: event.dedupe_key,
            body: event.body,
            created_at: self.core.now(),
            only_endpoint: event.only_endpoint,
        };
        match queue::enqueue(conn, &row, Some(self.core.routes())).await? {
            Some(targets) => {
                // Acted on by `Engine::run` or `Engine::transaction` once `conn` has committed.
                crate::wake::note_enqueued(event.event_type, &targets.eager, targets.owed > 0);
                Ok(Enqueued::New { event_id: id, deliveries: targets.deliveries() })
            }
            None => {
                let existing =
                    deliveries::find_event_id(conn, event.tenant.as_str(), event.dedupe_key).await?;
                Ok(Enqueued::Duplicate { event_id: existing.unwrap_or(id) })
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
