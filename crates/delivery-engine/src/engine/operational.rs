//! The operational webhooks' endpoint (docs/operational-webhooks.md): the reserved tenant's one
//! endpoint, brought in line with the operator's settings by every process as it starts.

use super::Engine;
use crate::error::{EngineError, EngineResult};
use crate::ops::{OpsEndpointPlan, OpsTarget, OPS_ENDPOINT_ID, OPS_TENANT, UNSET_REASON};
use crate::secrets::SealedSecret;
use crate::store::model::{DisableCause, EndpointChanges, NewEndpointRow};
use crate::store::{endpoints, DbConn};
use chrono::{DateTime, Utc};

impl Engine {
    /// Registers, updates or disables the ops endpoint to match the settings (`None`: unset),
    /// idempotently: every process calls it at start. With a target, the endpoint gets its URL
    /// (checked by the same rules as any endpoint's) and secret, and is enabled if it was
    /// disabled; without one, an endpoint registered earlier is disabled (manually, so it is
    /// not probed) and its undelivered events wait for the setting to come back.
    pub async fn configure_ops_endpoint(&self, target: Option<&OpsTarget>) -> EngineResult<()> {
        if let Some(target) = target {
            self.validate_url(&target.url)?;
        }
        // Two processes starting at once may both try to register it: the loser finds it.
        let mut tries = 0;
        loop {
            tries += 1;
            match self.configure_ops_endpoint_once(target).await {
                Err(e) if tries < 2 && target.is_some() => {
                    tracing::info!(error = %e, "configuring the ops endpoint raced another process; again");
                }
                result => return result,
            }
        }
    }

    async fn configure_ops_endpoint_once(&self, target: Option<&OpsTarget>) -> EngineResult<()> {
        let now = self.core.now();
        let wanted = target.map(|t| (t.url.clone(), self.core.keyring().seal(OPS_ENDPOINT_ID, &t.secret)));
        self.transaction(crate::on_conn!(|c| {
            let stored = match endpoints::get_endpoint(c, OPS_TENANT, OPS_ENDPOINT_ID).await {
                Ok(e) => Some(e),
                Err(EngineError::NotFound) => None,
                Err(e) => return Err(e),
            };
            let plan = OpsEndpointPlan::new(stored.as_ref(), wanted.as_ref().map(|w| w.0.as_str()));
            carry_out(c, plan, wanted, now).await
        }))
        .await
    }
}

/// Does what `plan` says with the wanted URL and sealed secret (enabling the endpoint makes its
/// parked deliveries due: the update's receipt says so).
async fn carry_out(
    c: &mut DbConn<'_>,
    plan: OpsEndpointPlan,
    wanted: Option<(String, SealedSecret)>,
    now: DateTime<Utc>,
) -> EngineResult<()> {
    match (plan, wanted) {
        (OpsEndpointPlan::Create, Some((url, sealed))) => {
            let row = NewEndpointRow {
                id: OPS_ENDPOINT_ID,
                tenant_id: OPS_TENANT,
                url: &url,
                event_types: &[],
                content_filter: None,
                sealed: &sealed,
                rate_limit_per_s: None,
                created_at: now,
            };
            endpoints::insert_endpoint(c, row).await?;
        }
        (OpsEndpointPlan::Update { url, enable }, Some((_, sealed))) => {
            endpoints::store_secret(c, OPS_TENANT, OPS_ENDPOINT_ID, &sealed, now).await?;
            let changes = EndpointChanges {
                url,
                disabled_at: enable.then_some(None),
                disabled_reason: enable.then_some(None),
                disabled_cause: enable.then_some(None),
                failing_since: enable.then_some(None),
                updated_at: Some(now),
                ..EndpointChanges::default()
            };
            endpoints::update_endpoint(c, OPS_TENANT, OPS_ENDPOINT_ID, changes, now).await?;
        }
        (OpsEndpointPlan::Disable, _) => {
            let changes = EndpointChanges {
                disabled_at: Some(Some(now)),
                disabled_reason: Some(Some(UNSET_REASON.to_owned())),
                disabled_cause: Some(Some(DisableCause::Manual)),
                updated_at: Some(now),
                ..EndpointChanges::default()
            };
            endpoints::update_endpoint(c, OPS_TENANT, OPS_ENDPOINT_ID, changes, now).await?;
        }
        _ => {}
    }
    Ok(())
}
