//! The `webhook.test` event: what its body contains, and sending it to one endpoint.

use crate::profile::WEBHOOK_TEST;
use api_support::ts;
use chrono::{DateTime, Utc};
use delivery_engine::{Engine, EngineError, NewEvent, Tenant};
use serde::Serialize;
use uuid::Uuid;

#[derive(Debug, thiserror::Error)]
pub enum TestEventError {
    #[error("the endpoint is disabled and receives nothing; enable it first")]
    EndpointDisabled,
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// The `webhook.test` body: the production field set, so a receiver parses it with the same
/// code; `id` keeps the `<source>:<event>` form with a `test_<uuid>` source.
#[derive(Serialize)]
struct TestBody<'a> {
    event: &'a str,
    id: &'a str,
    run_id: Option<&'a str>,
    workflow_id: Option<&'a str>,
    status: &'a str,
    created_at: &'a str,
    completed_at: &'a str,
}

/// A test event: its id (the dedupe key receivers see) and exact body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestEvent {
    pub id: String,
    pub body: Vec<u8>,
}

/// The test event for source `source`, created at `now`.
pub fn test_event(source: Uuid, now: DateTime<Utc>) -> TestEvent {
    let id = format!("test_{source}:{WEBHOOK_TEST}");
    let now = ts(now);
    let body = serde_json::to_vec(&TestBody {
        event: WEBHOOK_TEST,
        id: &id,
        run_id: None,
        workflow_id: None,
        status: "test",
        created_at: &now,
        completed_at: &now,
    })
    .expect("a struct of strings serialises");
    TestEvent { id, body }
}

/// Queues a test event for one enabled endpoint of the account; returns the event id.
pub async fn send_test_event(
    engine: &Engine,
    account: &Tenant,
    endpoint: Uuid,
) -> Result<String, TestEventError> {
    if engine.get_endpoint(account, endpoint).await?.disabled_at.is_some() {
        return Err(TestEventError::EndpointDisabled);
    }
    let event = test_event(Uuid::now_v7(), Utc::now());
    engine
        .enqueue_now(NewEvent {
            tenant: account,
            event_type: WEBHOOK_TEST,
            dedupe_key: &event.id,
            body: &event.body,
            only_endpoint: Some(endpoint),
            id: None,
        })
        .await?;
    Ok(event.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_test_body_has_the_run_fields_with_nulls_and_a_test_source() {
        let source = Uuid::parse_str("01a20301-99f1-7458-874a-29257b7e372c").expect("uuid");
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 11, 26, 6).single().expect("valid");
        let event = test_event(source, now);
        assert_eq!(event.id, "test_01a20301-99f1-7458-874a-29257b7e372c:webhook.test");
        assert_eq!(
            String::from_utf8(event.body).expect("utf-8"),
            r#"{"event":"webhook.test","id":"test_01a20301-99f1-7458-874a-29257b7e372c:webhook.test","#
                .to_owned()
                + r#""run_id":null,"workflow_id":null,"status":"test","#
                + r#""created_at":"2026-11-22T11:26:06.000Z","completed_at":"2026-11-22T11:26:06.000Z"}"#
        );
    }
}
