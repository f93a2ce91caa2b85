//! Catalog events: the envelope every delivery carries, emitting an event inside the caller's
//! transaction, and publishing one through `POST /api/v1/events` (for mutations of entities
//! this service does not model itself yet), in batches with the publishes beside it
//! ([`Publisher`]).

use crate::catalog::{self, EventType, PayloadError};
use crate::workspace::Workspace;
use api_support::ts;
use chrono::{DateTime, Utc};
use delivery_engine::batch::Batcher;
use delivery_engine::db::DbConn;
use delivery_engine::{on_conn, Engine, EngineError, NewEvent, Tenant};
use serde::Serialize;
use std::sync::Arc;
use uuid::Uuid;

/// A catalog event about to be emitted.
#[derive(Debug)]
pub struct Emit<'a> {
    pub event_type: &'a str,
    pub entity_id: Uuid,
    pub payload: serde_json::Value,
    pub occurred_at: DateTime<Utc>,
}

/// The delivery body: exactly these fields, in this order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Envelope<'a> {
    id: Uuid,
    #[serde(rename = "type")]
    event_type: &'a str,
    entity_type: &'a str,
    entity_id: Uuid,
    workspace_id: Uuid,
    payload: &'a serde_json::Value,
    occurred_at: String,
}

/// The envelope's fields as receivers read them (and content filters name them).
pub const ENVELOPE_FIELDS: [&str; 7] =
    ["id", "type", "entityType", "entityId", "workspaceId", "payload", "occurredAt"];

/// The body fields an event of `t` declares: the envelope's, and its payload's under `payload.`
/// (what an endpoint's content filter is checked against for misspellings).
pub fn declared_fields(t: &EventType) -> Vec<String> {
    let payload = t.fields.iter().map(|(f, _)| format!("payload.{f}"));
    ENVELOPE_FIELDS.iter().map(|f| (*f).to_owned()).chain(payload).collect()
}

/// The envelope of event `id` of `workspace`, as the exact bytes sent and signed. The entity
/// type is the event type's first segment (`line_item` for `line_item.created.v1`).
pub fn envelope(id: Uuid, workspace: Uuid, e: &Emit<'_>) -> Vec<u8> {
    serde_json::to_vec(&Envelope {
        id,
        event_type: e.event_type,
        entity_type: e.event_type.split('.').next().unwrap_or(e.event_type),
        entity_id: e.entity_id,
        workspace_id: workspace,
        payload: &e.payload,
        occurred_at: ts(e.occurred_at),
    })
    .expect("an envelope of strings and JSON values serialises")
}

/// The envelope of an example event of `event_type` (the catalog's example payload, fixed
/// ids and time): what the console's filter page tries filters on.
pub fn example_envelope(event_type: &str) -> Option<Vec<u8>> {
    let t = catalog::find(event_type)?;
    let at = DateTime::parse_from_rfc3339("2026-11-01T09:00:00Z").ok()?.with_timezone(&Utc);
    let example = |n: u128| Uuid::from_u128(0x0190_0000_0000_7000_8000_0000_0000_0000 + n);
    let emit = Emit {
        event_type: t.name,
        entity_id: example(2),
        payload: catalog::example_payload(t),
        occurred_at: at,
    };
    Some(envelope(example(1), example(3), &emit))
}

/// Builds the envelope and enqueues it on `conn` (inside the caller's transaction, if any).
/// Returns the event id.
pub async fn emit(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    ws: &Workspace,
    e: Emit<'_>,
) -> Result<Uuid, EngineError> {
    emit_to(engine, conn, ws, e, None).await
}

/// [`emit`], to one endpoint only when `only` is set (whatever its filter): the console's
/// examples.
pub async fn emit_to(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    ws: &Workspace,
    e: Emit<'_>,
    only: Option<Uuid>,
) -> Result<Uuid, EngineError> {
    let out = Outgoing::new(ws, &e);
    engine.enqueue(conn, out.event(ws.tenant(), e.event_type, only)).await?;
    Ok(out.id)
}

/// An event's id and exact body, ready to enqueue.
#[derive(Debug, Clone)]
struct Outgoing {
    id: Uuid,
    key: String,
    body: Vec<u8>,
}

impl Outgoing {
    fn new(ws: &Workspace, e: &Emit<'_>) -> Self {
        let id = Uuid::now_v7();
        Self { id, key: id.to_string(), body: envelope(id, ws.id(), e) }
    }

    /// The engine's event of `tenant`, its dedupe key the event id.
    fn event<'a>(&'a self, tenant: &'a Tenant, event_type: &'a str, only: Option<Uuid>) -> NewEvent<'a> {
        NewEvent {
            tenant,
            event_type,
            dedupe_key: &self.key,
            body: &self.body,
            only_endpoint: only,
            id: Some(self.id),
        }
    }
}

/// Why a published event was refused; the messages are the API's `detail`s.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error("`{0}` is not an event type of the catalog{hint}", hint = api_support::suggest::did_you_mean(.0, crate::catalog::names()))]
    UnknownEventType(String),
    #[error("{0} is emitted by this service's own routes and cannot be published")]
    NotPublishable(&'static str),
    #[error("{event_type} is about a `{expected}`, not a `{given}`")]
    EntityTypeMismatch { event_type: &'static str, expected: &'static str, given: String },
    #[error("entityId must be a UUID")]
    InvalidEntityId,
    /// The payload does not match its type's schema; the detail starts with the JSON pointer
    /// of the failing value in the request body (`/payload/name`).
    #[error("{}", .0.describe(PAYLOAD_POINTER))]
    InvalidPayload(PayloadError),
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// Where the payload is in a `POST /api/v1/events` body, as a JSON pointer.
pub const PAYLOAD_POINTER: &str = "/payload";

/// An event a client publishes, as received.
#[derive(Debug, Clone)]
pub struct Publish {
    pub event_type: String,
    pub entity_type: String,
    pub entity_id: String,
    pub payload: serde_json::Value,
}

/// The publishing rule: a catalog type that is not internal, about the entity type it names,
/// a UUID entity id and a payload valid under the type's schema (its required fields, of their
/// JSON types). Checked in that order.
pub fn check_publishable(p: &Publish) -> Result<(&'static EventType, Uuid), PublishError> {
    let t =
        catalog::find(&p.event_type).ok_or_else(|| PublishError::UnknownEventType(p.event_type.clone()))?;
    if t.internal {
        return Err(PublishError::NotPublishable(t.name));
    }
    if p.entity_type != t.entity_type() {
        return Err(PublishError::EntityTypeMismatch {
            event_type: t.name,
            expected: t.entity_type(),
            given: p.entity_type.clone(),
        });
    }
    let entity_id = Uuid::parse_str(&p.entity_id).map_err(|_| PublishError::InvalidEntityId)?;
    t.check_payload(&p.payload).map_err(PublishError::InvalidPayload)?;
    Ok((t, entity_id))
}

/// Publishes a client's event for the workspace; returns its id once it committed. No domain
/// change goes with it: it is written with the publishes waiting beside it ([`Publisher`]).
pub async fn publish(publisher: &Publisher, ws: &Workspace, p: Publish) -> Result<Uuid, PublishError> {
    let (t, entity_id) = check_publishable(&p)?;
    let e = Emit { event_type: t.name, entity_id, payload: p.payload, occurred_at: Utc::now() };
    let out = Outgoing::new(ws, &e);
    Ok(publisher.batcher.write(Published { tenant: ws.tenant().clone(), event_type: t.name, out }).await?)
}

/// Published events, written in batches (`delivery_engine::batch`; docs/engine.md, "Write
/// batching"): the publishes waiting at once go in one transaction, one `Engine::enqueue_all`
/// (on PostgreSQL one statement per workspace). Each publish is answered after its own event
/// committed, with its own id. Handles are cheap to clone and share the lanes.
#[derive(Debug, Clone)]
pub struct Publisher {
    batcher: Batcher<Published, Uuid, EngineError>,
}

/// A checked event waiting for its batch.
#[derive(Debug, Clone)]
struct Published {
    tenant: Tenant,
    event_type: &'static str,
    out: Outgoing,
}

impl Publisher {
    /// Starts the lanes: batches of at most `max` events (`WRITE_BATCH`; 1 writes each alone).
    pub fn spawn(engine: &Engine, max: usize) -> Self {
        let batcher =
            Batcher::on_engine(
                engine,
                max,
                |engine, batch| async move { write_published(&engine, batch).await },
            );
        Self { batcher }
    }
}

/// Writes a batch of published events in one transaction (on PostgreSQL one statement per
/// workspace); an event alone, as a lone publish under a light load is, needs none (its enqueue
/// is atomic by itself) and saves `BEGIN` and `COMMIT`. One id per event, in order.
async fn write_published(
    engine: &Engine,
    batch: Arc<[Published]>,
) -> Result<Vec<Result<Uuid, EngineError>>, EngineError> {
    let outbox = engine.clone();
    let written = match batch.len() {
        1 => engine.run(on_conn!(|c| enqueue_batch(&outbox, c, &batch).await)).await?,
        _ => engine.transaction(on_conn!(|c| enqueue_batch(&outbox, c, &batch).await)).await?,
    };
    Ok(written.iter().map(|e| Ok(e.event_id())).collect())
}

/// The batch's events on `conn`, in one `Engine::enqueue_all`.
async fn enqueue_batch(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    batch: &[Published],
) -> Result<Vec<delivery_engine::Enqueued>, EngineError> {
    let events: Vec<NewEvent<'_>> =
        batch.iter().map(|p| p.out.event(&p.tenant, p.event_type, None)).collect();
    engine.enqueue_all(conn, &events).await
}

/// [`emit_to`] on a connection of the engine's own, for an event with no domain change beside it
/// (a published event, the console's examples).
pub async fn emit_now(
    engine: &Engine,
    ws: &Workspace,
    e: Emit<'_>,
    only: Option<Uuid>,
) -> Result<Uuid, EngineError> {
    let out = Outgoing::new(ws, &e);
    engine.enqueue_now(out.event(ws.tenant(), e.event_type, only)).await?;
    Ok(out.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of docs/events.md's filter examples: each filter against its type's example.
    #[test]
    fn docs_events_md_filter_examples_answer_as_shown() {
        let doc = include_str!("../../../docs/events.md");
        let (begin, end) = ("<!-- begin filter-examples -->\n", "<!-- end filter-examples -->");
        let start = doc.find(begin).expect("docs/events.md has its filter examples") + begin.len();
        let rows = &doc[start..start + doc[start..].find(end).expect("and their end")];
        let mut checked = 0;
        for row in rows.lines().skip(2) {
            let cells: Vec<&str> =
                row.split(" | ").map(|c| c.trim_matches(|ch| ch == '|' || ch == ' ' || ch == '`')).collect();
            let [filter, event_type, matches] = cells[..] else { panic!("a row of three cells: {row}") };
            let filter =
                delivery_engine::filter::Filter::compile(&serde_json::from_str(filter).unwrap()).unwrap();
            let body = example_envelope(event_type).unwrap_or_else(|| panic!("no example of {event_type}"));
            assert_eq!(filter.matches_body(&body), matches == "yes", "{row}");
            checked += 1;
        }
        assert_eq!(checked, 8);
    }

    #[test]
    fn the_declared_fields_are_the_envelopes_keys_and_the_payloads_fields() {
        let t = catalog::find("campaign.status_changed.v1").unwrap();
        let payload = catalog::example_payload(t);
        let emit = Emit { event_type: t.name, entity_id: Uuid::nil(), payload, occurred_at: Utc::now() };
        let body: serde_json::Value =
            serde_json::from_slice(&envelope(Uuid::nil(), Uuid::nil(), &emit)).unwrap();
        let keys: Vec<&str> = body.as_object().unwrap().keys().map(String::as_str).collect();
        let mut expected = ENVELOPE_FIELDS.to_vec();
        expected.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, expected);
        let declared = declared_fields(t);
        assert!(
            declared.contains(&"payload.to".to_owned()) && declared.contains(&"occurredAt".to_owned()),
            "{declared:?}"
        );
    }
    use chrono::TimeZone;
    use serde_json::json;

    fn uuid(s: &str) -> Uuid {
        Uuid::parse_str(s).expect("uuid")
    }

    #[test]
    fn the_envelope_has_its_fields_in_order() {
        let e = Emit {
            event_type: "line_item.created.v1",
            entity_id: uuid("01a20300-0000-7000-8000-000000000002"),
            payload: json!({ "name": "LI", "campaignId": "c" }),
            occurred_at: Utc.with_ymd_and_hms(2026, 11, 22, 10, 15, 30).single().expect("valid"),
        };
        let body = envelope(
            uuid("01a20300-0000-7000-8000-000000000001"),
            uuid("01a20300-0000-7000-8000-000000000003"),
            &e,
        );
        assert_eq!(
            String::from_utf8(body).expect("utf-8"),
            r#"{"id":"01a20300-0000-7000-8000-000000000001","type":"line_item.created.v1","#.to_owned()
                + r#""entityType":"line_item","entityId":"01a20300-0000-7000-8000-000000000002","#
                + r#""workspaceId":"01a20300-0000-7000-8000-000000000003","#
                + r#""payload":{"campaignId":"c","name":"LI"},"occurredAt":"2026-11-22T10:15:30.000Z"}"#
        );
    }

    fn publish(event_type: &str, entity_type: &str, entity_id: &str, payload: serde_json::Value) -> Publish {
        Publish {
            event_type: event_type.into(),
            entity_type: entity_type.into(),
            entity_id: entity_id.into(),
            payload,
        }
    }

    #[test]
    fn only_well_formed_public_catalog_events_are_publishable() {
        let id = "01a20300-0000-7000-8000-000000000002";
        let ok = publish("segment.evaluated.v1", "segment", id, json!({ "size": 3 }));
        let (t, entity) = check_publishable(&ok).expect("publishable");
        assert_eq!((t.name, entity), ("segment.evaluated.v1", uuid(id)));

        let refusal = |p: Publish| check_publishable(&p).expect_err("refused").to_string();
        assert_eq!(
            refusal(publish("segment.deleted.v1", "segment", id, json!({}))),
            "`segment.deleted.v1` is not an event type of the catalog"
        );
        assert_eq!(
            refusal(publish(
                "campaign.created.v1",
                "campaign",
                id,
                json!({ "name": "x", "status": "draft" })
            )),
            "campaign.created.v1 is emitted by this service's own routes and cannot be published"
        );
        assert_eq!(
            refusal(publish("segment.evaluated.v1", "creative", id, json!({ "size": 3 }))),
            "segment.evaluated.v1 is about a `segment`, not a `creative`"
        );
        assert_eq!(
            refusal(publish("segment.evaluated.v1", "segment", "x", json!({ "size": 3 }))),
            "entityId must be a UUID"
        );
        assert_eq!(
            refusal(publish("segment.evaluated.v1", "segment", id, json!({ "size": "3" }))),
            "`/payload/size` must be a number (segment.evaluated.v1), not a string"
        );
        assert_eq!(
            refusal(publish("segment.evaluated.v1", "segment", id, json!({}))),
            "`/payload/size` is required by segment.evaluated.v1 (a number)"
        );
        assert_eq!(
            refusal(publish("segment.evaluated.v1", "segment", id, json!([]))),
            "`/payload` must be a JSON object (segment.evaluated.v1), not an array"
        );
    }
}
