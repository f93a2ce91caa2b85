//! The delivery log: listing, one delivery with its attempts, the request an attempt sent, the
//! consoles' overview, and sending a delivery again.

use super::Engine;
use crate::error::{EngineError, EngineResult};
use crate::signing::AttemptContext;
use crate::store::model::RequestParts;
use crate::store::TenantOverview;
use crate::store::{
    deliveries, queue, stats, Attempt, Delivery, DeliveryQuery, EndpointActivity, ResendRule,
};
use crate::tenant::Tenant;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// A delivery's request as it was sent (see [`Engine::sent_request`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentRequest {
    pub url: String,
    /// In the order they were sent; names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Engine {
    /// The delivery log, newest first.
    pub async fn list_deliveries(
        &self,
        tenant: &Tenant,
        query: &DeliveryQuery,
    ) -> EngineResult<Vec<Delivery>> {
        let (tenant, query) = (tenant.clone(), query.clone());
        self.run(crate::on_conn!(|c| deliveries::list_deliveries(c, tenant.as_str(), &query).await)).await
    }

    pub async fn get_delivery(&self, tenant: &Tenant, id: Uuid) -> EngineResult<(Delivery, Vec<Attempt>)> {
        let tenant = tenant.clone();
        self.run(crate::on_conn!(|c| deliveries::get_delivery(c, tenant.as_str(), id).await)).await
    }

    /// The tenant's waiting deliveries now and its activity since `since` (the consoles'
    /// overview).
    pub async fn tenant_overview(
        &self,
        tenant: &Tenant,
        since: DateTime<Utc>,
    ) -> EngineResult<TenantOverview> {
        let (tenant, now) = (tenant.clone(), self.core.now());
        self.run(crate::on_conn!(|c| stats::tenant_overview(c, tenant.as_str(), since, now).await)).await
    }

    /// Per endpoint of the tenant with deliveries since `since`: the latest one's time and how
    /// many were delivered or are failing (the consoles' endpoint list and overview).
    pub async fn endpoint_activity(
        &self,
        tenant: &Tenant,
        since: DateTime<Utc>,
    ) -> EngineResult<Vec<EndpointActivity>> {
        let tenant = tenant.clone();
        self.run(crate::on_conn!(|c| stats::endpoint_activity(c, tenant.as_str(), since).await)).await
    }

    /// The request a delivery's attempt `attempt_number`, started at `started_at`, sent: its
    /// URL, every header (the signature under the endpoint's current secret, so an attempt
    /// from before a rotation shows what the new secret signs; the endpoint's own headers as
    /// set now, its credential and what looks like one redacted) and the body. Built by the code
    /// the dispatcher sends with, so the two cannot differ.
    pub async fn sent_request(
        &self,
        tenant: &Tenant,
        delivery_id: Uuid,
        attempt_number: u32,
        started_at: DateTime<Utc>,
    ) -> EngineResult<SentRequest> {
        let parts = self.request_parts(tenant, delivery_id).await?;
        let headers = self.attempt_headers(delivery_id, &parts, attempt_number, started_at)?;
        Ok(SentRequest { url: parts.url, headers, body: parts.body })
    }

    /// The headers each of a delivery's `attempts` (number, start) sent, as
    /// [`Engine::sent_request`] shows them, from one read: the API's delivery detail. `None` when
    /// the delivery has no attempt yet.
    pub async fn sent_headers(
        &self,
        tenant: &Tenant,
        delivery_id: Uuid,
        attempts: &[(u32, DateTime<Utc>)],
    ) -> EngineResult<Option<Vec<Vec<(String, String)>>>> {
        if attempts.is_empty() {
            return Ok(None);
        }
        let parts = self.request_parts(tenant, delivery_id).await?;
        let headers = attempts
            .iter()
            .map(|&(number, started)| self.attempt_headers(delivery_id, &parts, number, started))
            .collect::<EngineResult<Vec<_>>>()?;
        Ok(Some(headers))
    }

    async fn request_parts(&self, tenant: &Tenant, delivery_id: Uuid) -> EngineResult<RequestParts> {
        let tenant = tenant.clone();
        self.run(crate::on_conn!(|c| deliveries::request_parts(c, tenant.as_str(), delivery_id).await)).await
    }

    /// Every header attempt `number`, started at `started`, sent, in order, names in lower case:
    /// the profile's, the fixed ones, then the endpoint's own with what looks like a credential
    /// redacted (`access::shown_headers`).
    fn attempt_headers(
        &self,
        delivery_id: Uuid,
        parts: &RequestParts,
        number: u32,
        started: DateTime<Utc>,
    ) -> EngineResult<Vec<(String, String)>> {
        let attempt = AttemptContext {
            delivery_id,
            event_id: parts.event_id,
            event_type: &parts.event_type,
            dedupe_key: &parts.dedupe_key,
            attempt_number: number,
            now: started,
        };
        let mut headers = self
            .core
            .sign_attempt(parts.endpoint_id, &parts.sealed_secret, &attempt, &parts.body)
            .map_err(|e| EngineError::Internal(format!("signing secret unavailable: {e}")))?;
        crate::http::add_fixed_headers(&mut headers);
        let mut pairs = crate::http::header_pairs(&headers);
        let (custom, auth) = &parts.access;
        pairs.extend(crate::access::shown_headers(custom, auth.as_ref()));
        Ok(pairs)
    }

    /// Sends a delivery again now, under the service's rule for delivered ones.
    pub async fn resend(&self, tenant: &Tenant, id: Uuid, rule: ResendRule) -> EngineResult<Delivery> {
        let (tenant, now) = (tenant.clone(), self.core.now());
        let (delivery, _) = self
            .run(crate::on_conn!(|c| {
                queue::resend(c, tenant.as_str(), id, rule, now).await?;
                deliveries::get_delivery(c, tenant.as_str(), id).await
            }))
            .await?;
        Ok(delivery)
    }
}
