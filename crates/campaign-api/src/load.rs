//! What `campaign-api load` publishes (`operator_cli::load`): `segment.evaluated.v1` events whose
//! payload carries the run and the event's number, to an endpoint that takes that type only.

use hyper::Method;
use operator_cli::listen::ServerClient;
use operator_cli::load::{LoadEvent, LoadKey, LoadTarget};
use serde_json::json;

/// The type published: any payload with a number `size` is valid.
const EVENT_TYPE: &str = "segment.evaluated.v1";

#[derive(Debug)]
pub struct CampaignLoad;

#[async_trait::async_trait]
impl LoadTarget for CampaignLoad {
    fn name(&self) -> &'static str {
        "campaign-api"
    }

    fn probe_path(&self) -> &'static str {
        "/api/v1/webhooks?limit=1"
    }

    /// Filtered: only events whose payload says `kept`.
    async fn register(&self, api: &ServerClient, url: &str, filtered: bool) -> anyhow::Result<String> {
        let mut endpoint = json!({ "url": url, "eventTypes": [EVENT_TYPE] });
        if filtered {
            endpoint["filter"] = json!({ "payload.kept": true });
        }
        let created = api
            .call(Method::POST, "/api/v1/webhooks", Some(&endpoint))
            .await?
            .success("registering the load's endpoint")?
            .json();
        let id = created["id"].as_str().ok_or_else(|| anyhow::anyhow!("no id in {created}"))?;
        Ok(format!("/api/v1/webhooks/{id}"))
    }

    async fn publish(&self, api: &ServerClient, event: &LoadEvent<'_>) -> anyhow::Result<LoadKey> {
        let body = json!({
            "type": EVENT_TYPE,
            "entityType": "segment",
            "entityId": uuid::Uuid::now_v7(),
            "payload": { "size": event.seq, "load": { "run": event.run, "seq": event.seq }, "kept": event.kept,
                "pad": event.pad },
        });
        api.call(Method::POST, "/api/v1/events", Some(&body)).await?.success("publishing")?;
        Ok(LoadKey::from(event.seq))
    }

    fn key(&self, run: u64, body: &[u8]) -> Option<LoadKey> {
        let envelope: serde_json::Value = serde_json::from_slice(body).ok()?;
        let load = &envelope["payload"]["load"];
        if load["run"].as_u64()? != run {
            return None;
        }
        load["seq"].as_u64().map(LoadKey::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delivery_is_known_by_its_number_within_its_run_only() {
        let body = |run: u64| format!(r#"{{"payload":{{"size":7,"load":{{"run":{run},"seq":7}}}}}}"#);
        assert_eq!(CampaignLoad.key(5, body(5).as_bytes()), Some(7));
        assert_eq!(CampaignLoad.key(5, body(6).as_bytes()), None, "another run's");
        assert_eq!(CampaignLoad.key(5, b"not json"), None);
    }
}
