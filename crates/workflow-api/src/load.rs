//! What `workflow-api load` publishes (`operator_cli::load`): one run per event, created and
//! settled as succeeded (two API calls), to an endpoint that takes `run.completed`. Latency
//! counts from when the run was due to be created.

use hyper::Method;
use operator_cli::listen::ServerClient;
use operator_cli::load::{LoadEvent, LoadKey, LoadTarget};
use serde_json::json;

#[derive(Debug)]
pub struct WorkflowLoad;

#[async_trait::async_trait]
impl LoadTarget for WorkflowLoad {
    fn name(&self) -> &'static str {
        "workflow-api"
    }

    fn probe_path(&self) -> &'static str {
        "/webhooks"
    }

    /// Create, then settle.
    fn calls_per_event(&self) -> u32 {
        2
    }

    /// Filtered: only runs of workflows named `load-…` (the events not kept are `filtered-load-…`).
    async fn register(&self, api: &ServerClient, url: &str, filtered: bool) -> anyhow::Result<String> {
        let mut endpoint = json!({ "url": url, "events": ["run.completed"] });
        if filtered {
            endpoint["filter"] = json!({ "workflow_id": { "$startsWith": "load-" } });
        }
        let created = api
            .call(Method::POST, "/webhooks", Some(&endpoint))
            .await?
            .success("registering the load's endpoint")?
            .json();
        let id =
            created["endpointId"].as_str().ok_or_else(|| anyhow::anyhow!("no endpointId in {created}"))?;
        Ok(format!("/webhooks/{id}"))
    }

    async fn publish(&self, api: &ServerClient, event: &LoadEvent<'_>) -> anyhow::Result<LoadKey> {
        let prefix = if event.kept { "" } else { "filtered-" };
        let run = json!({ "workflow_id": format!("{prefix}load-{}", event.run) });
        let run = api.call(Method::POST, "/runs", Some(&run)).await?.success("creating a run")?.json();
        let id = run["id"].as_str().ok_or_else(|| anyhow::anyhow!("no id in {run}"))?;
        let key = run_key(id).ok_or_else(|| anyhow::anyhow!("run id {id} is not a UUID"))?;
        let settle = json!({ "status": "succeeded" });
        api.call(Method::POST, &format!("/runs/{id}/settle"), Some(&settle))
            .await?
            .success("settling a run")?;
        Ok(key)
    }

    /// Runs are this load's own (their ids are new), so the run number is not needed.
    fn key(&self, _run: u64, body: &[u8]) -> Option<LoadKey> {
        let delivery: serde_json::Value = serde_json::from_slice(body).ok()?;
        run_key(delivery["id"].as_str()?.strip_suffix(":run.completed")?)
    }
}

fn run_key(id: &str) -> Option<LoadKey> {
    uuid::Uuid::parse_str(id).ok().map(|u| u.as_u128())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delivery_is_known_by_its_run() {
        let run = "01a202fc-9077-77ee-9fd2-6488863392c0";
        let body = format!(r#"{{"event":"run.completed","id":"{run}:run.completed"}}"#);
        assert_eq!(WorkflowLoad.key(1, body.as_bytes()), run_key(run));
        assert!(run_key(run).is_some());
        assert_eq!(WorkflowLoad.key(1, br#"{"event":"webhook.test","id":"x"}"#), None);
    }
}
