//! Endpoints: registering, listing, changing, rotating a secret, deleting; and the rules a URL,
//! an event-type filter and a rate limit must meet (headers and credentials: `access.rs`).

use super::Engine;
use crate::access::{self, AccessSecrets, ClientCertificate, EndpointAccess, EndpointAuth};
use crate::error::{EngineError, EngineResult};
use crate::ops::{self, EnabledBy, OpsEvent};
use crate::secrets::SigningSecret;
use crate::store::model::{
    AccessChange, DisableCause, EndpointChanges, EndpointRef, EndpointUpdate, NewEndpointRow, StoredSecrets,
};
use crate::store::{endpoints, Endpoint, EndpointPage};
use crate::tenant::Tenant;
use hyper::header::HeaderName;
use uuid::Uuid;

/// URL rules for registration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlRule {
    HttpOrHttps,
    HttpsOnly,
}

#[derive(Debug, Clone, Default)]
pub struct NewEndpoint {
    pub url: String,
    /// Empty means every type.
    pub event_types: Vec<String>,
    /// Deliveries per second at most, per worker process, 1 to 10,000 (`None`: no
    /// limit). See docs/engine.md.
    pub rate_limit_per_s: Option<i64>,
    /// Headers of the receiver's own and a credential, sent on every attempt.
    pub access: EndpointAccess,
    /// A content filter (`crate::filter`): only events whose body matches it are delivered.
    pub content_filter: Option<serde_json::Value>,
}

/// The rate limits an endpoint may have, in deliveries per second.
pub const RATE_LIMIT_RANGE: std::ops::RangeInclusive<i64> = 1..=10_000;

#[derive(Debug, Clone, Default)]
pub struct EndpointPatch {
    pub url: Option<String>,
    pub event_types: Option<Vec<String>>,
    /// `Some(true)` disables (with the reason), `Some(false)` enables.
    pub disabled: Option<bool>,
    pub disabled_reason: Option<String>,
    /// `Some(None)` removes the limit.
    pub rate_limit_per_s: Option<Option<i64>>,
    /// Replaces the custom headers (`Some(vec![])` removes them).
    pub headers: Option<Vec<(String, String)>>,
    /// `Some(None)` removes the credential.
    pub auth: Option<Option<EndpointAuth>>,
    /// `Some(None)` removes the client certificate.
    pub client_certificate: Option<Option<ClientCertificate>>,
    /// `Some(None)` removes the content filter.
    pub content_filter: Option<Option<serde_json::Value>>,
}

/// An endpoint with its secret in the clear: returned by creation only.
#[derive(Debug, Clone)]
pub struct CreatedEndpoint {
    pub endpoint: Endpoint,
    pub secret: SigningSecret,
}

impl Engine {
    /// Checks a URL against the engine's rules: absolute, http(s) (or https only), a host,
    /// no credentials, and no IP literal in a forbidden range.
    pub(crate) fn validate_url(&self, url: &str) -> EngineResult<()> {
        let https_only = self.config.url_rule == UrlRule::HttpsOnly;
        let parsed = crate::http::parse_target(url, https_only).map_err(|e| match e {
            crate::http::TargetError::NotHttps => EngineError::UrlNotHttps,
            crate::http::TargetError::Invalid(d) => EngineError::InvalidUrl(d),
        })?;
        let policy = &self.config.address_policy;
        if let Some(ip) = crate::http::host_ip(&parsed) {
            policy.check(ip).map_err(|e| EngineError::ForbiddenAddress(e.to_string()))?;
        } else if let Some(name) = parsed.host_str().filter(|h| is_localhost_name(h)) {
            // Names are vetted again at connect time; `localhost` is refused now, unless loopback is allowed.
            if policy.check(std::net::Ipv4Addr::LOCALHOST.into()).is_err() {
                return Err(EngineError::ForbiddenAddress(format!("{name} is a loopback name")));
            }
        }
        Ok(())
    }

    /// `types` without repeats (first mention kept), each in the service's catalog.
    pub(super) fn checked_types(&self, mut types: Vec<String>) -> EngineResult<Vec<String>> {
        let unknown = self.core.profile().catalog.unknown(&types);
        if !unknown.is_empty() {
            return Err(EngineError::UnknownEventTypes(unknown.into_iter().map(str::to_owned).collect()));
        }
        let mut seen = std::collections::HashSet::new();
        types.retain(|t| seen.insert(t.clone()));
        Ok(types)
    }

    /// A content filter checked (`filter::Filter::compile`) and its paths against the fields
    /// `types` declare (`filter::misspelt_field`), in its stored form (compact JSON).
    pub(super) fn checked_filter(
        &self,
        filter: &serde_json::Value,
        types: &[String],
    ) -> EngineResult<String> {
        let compiled = crate::filter::Filter::compile(filter)?;
        let declared = self.core.profile().catalog.declared_fields(types);
        if let Some((path, meant)) = crate::filter::misspelt_field(&compiled.paths(), &declared) {
            return Err(EngineError::UnknownFilterField { path, meant });
        }
        Ok(filter.to_string())
    }

    pub async fn create_endpoint(&self, tenant: &Tenant, new: NewEndpoint) -> EngineResult<CreatedEndpoint> {
        self.validate_url(&new.url)?;
        let types = self.checked_types(new.event_types)?;
        let content_filter =
            new.content_filter.as_ref().map(|f| self.checked_filter(f, &types)).transpose()?;
        let rate_limit_per_s = validate_rate_limit(new.rate_limit_per_s)?;
        let id = Uuid::now_v7();
        let reserved = self.core.profile().own_header_names();
        let EndpointAccess { headers, auth, client_certificate } = new.access;
        access::check_headers(&headers, auth.as_ref().map(EndpointAuth::summary).as_ref(), &reserved)?;
        let secrets = AccessSecrets { auth, client_certificate };
        let access = AccessChange {
            headers: access::headers_to_json(&headers).map(Some),
            secrets: (!secrets.is_empty())
                .then(|| self.stored_secrets(id, &secrets, &reserved))
                .transpose()?,
        };
        let secret = self.core.profile().new_secret();
        let sealed = self.core.keyring().seal(id, &secret);
        let (tenant, url, now) = (tenant.clone(), new.url, self.core.now());
        let endpoint = self
            .transaction(crate::on_conn!(|c| {
                let row = NewEndpointRow {
                    id,
                    tenant_id: tenant.as_str(),
                    url: &url,
                    event_types: &types,
                    content_filter: content_filter.as_deref(),
                    sealed: &sealed,
                    rate_limit_per_s,
                    created_at: now,
                };
                let endpoint = endpoints::insert_endpoint(c, row).await?;
                if !access.is_empty() {
                    endpoints::store_access(c, tenant.as_str(), id, &access, now).await?;
                    return endpoints::get_endpoint(c, tenant.as_str(), id).await;
                }
                Ok(endpoint)
            }))
            .await?;
        Ok(CreatedEndpoint { endpoint, secret })
    }

    /// The tenant's endpoints, without its listen sessions' (they come and go with a developer's
    /// CLI; a client that keeps its endpoints in sync must not see them).
    pub async fn list_endpoints(&self, tenant: &Tenant) -> EngineResult<Vec<Endpoint>> {
        let tenant = tenant.clone();
        self.run(crate::on_conn!(|c| endpoints::list_endpoints(c, tenant.as_str(), None).await)).await
    }

    /// A page of the tenant's endpoints, oldest first (listen sessions' are not listed).
    pub async fn list_endpoints_page(
        &self,
        tenant: &Tenant,
        page: EndpointPage,
    ) -> EngineResult<Vec<Endpoint>> {
        let tenant = tenant.clone();
        self.run(crate::on_conn!(|c| endpoints::list_endpoints(c, tenant.as_str(), Some(page)).await)).await
    }

    pub async fn get_endpoint(&self, tenant: &Tenant, id: Uuid) -> EngineResult<Endpoint> {
        let tenant = tenant.clone();
        self.run(crate::on_conn!(|c| endpoints::get_endpoint(c, tenant.as_str(), id).await)).await
    }

    pub async fn update_endpoint(
        &self,
        tenant: &Tenant,
        id: Uuid,
        patch: EndpointPatch,
    ) -> EngineResult<Endpoint> {
        if let Some(url) = &patch.url {
            self.validate_url(url)?;
        }
        let changes_secrets = patch.auth.is_some() || patch.client_certificate.is_some();
        let changes_access = patch.headers.is_some() || changes_secrets;
        // A filter alone is checked against the types the endpoint keeps.
        let filter_alone = patch.content_filter.is_some() && patch.event_types.is_none();
        // What a URL, access or filter change is checked against (one read, only when needed).
        let current = match patch.url.is_some() || changes_access || filter_alone {
            true => Some(self.get_endpoint(tenant, id).await?),
            false => None,
        };
        let kept_types = current.as_ref().filter(|_| filter_alone).map(|c| c.event_types.as_slice());
        let changes = self.endpoint_changes(patch.clone(), kept_types)?;
        // A listen session's endpoint has no address to change (its stream is its address).
        if patch.url.is_some() && current.as_ref().is_some_and(|c| crate::listen::is_listen_url(&c.url)) {
            return Err(EngineError::InvalidUrl("a listen session's endpoint has no URL to change".into()));
        }
        // The secrets are sealed together: a change of one reseals both.
        let secrets = match changes_secrets {
            true => Some(Box::pin(self.current_secrets(tenant, id)).await?),
            false => None,
        };
        let access = match current.filter(|_| changes_access) {
            Some(current) => self.patched_access(id, &patch, current, secrets)?,
            None => AccessChange::default(),
        };
        let (tenant, ops, reason, now) =
            (tenant.clone(), self.core.ops().cloned(), patch.disabled_reason, self.core.now());
        let update = self
            .transaction(crate::on_conn!(|c| {
                if !access.is_empty() {
                    endpoints::store_access(c, tenant.as_str(), id, &access, now).await?;
                }
                let update = endpoints::update_endpoint(c, tenant.as_str(), id, changes, now).await?;
                if let Some(feed) = ops {
                    ops::enqueue(c, &feed, &manual_change_events(&update, reason), now).await?;
                }
                Ok::<_, EngineError>(update)
            }))
            .await?;
        Ok(update.endpoint)
    }

    /// The stored form of an endpoint's secrets as they are to be: each checked (the credential
    /// against the profile's `reserved` headers and, for OAuth2, its token URL as an endpoint
    /// URL; the client certificate as of now), summarised, and both sealed to endpoint `id`.
    fn stored_secrets(
        &self,
        id: Uuid,
        secrets: &AccessSecrets,
        reserved: &[HeaderName],
    ) -> EngineResult<StoredSecrets> {
        let auth_summary = match &secrets.auth {
            Some(a) => {
                a.check(reserved)?;
                if let EndpointAuth::OAuth2(c) = a {
                    // The token URL obeys the endpoint URLs' rules (the same client sends to it).
                    self.validate_url(&c.token_url)
                        .map_err(|e| access::AccessError::InvalidAuth(format!("tokenUrl: {e}")))?;
                }
                Some(serde_json::to_string(&a.summary()).expect("a summary serialises"))
            }
            None => None,
        };
        let client_cert = match &secrets.client_certificate {
            Some(c) => {
                let summary =
                    c.check(self.core.now()).map_err(access::AccessError::InvalidClientCertificate)?;
                Some((serde_json::to_string(&summary).expect("a summary serialises"), summary.not_after))
            }
            None => None,
        };
        let sealed = (!secrets.is_empty()).then(|| self.core.seal_secrets(id, secrets));
        Ok(StoredSecrets { auth_summary, client_cert, sealed })
    }

    /// The endpoint's credential and client certificate as sealed now (none: empty).
    async fn current_secrets(&self, tenant: &Tenant, id: Uuid) -> EngineResult<AccessSecrets> {
        let tenant = tenant.clone();
        let sealed =
            self.run(crate::on_conn!(|c| endpoints::sealed_secrets(c, tenant.as_str(), id).await)).await?;
        match sealed {
            Some(sealed) => self.core.open_secrets(id, &sealed).map_err(EngineError::Internal),
            None => Ok(AccessSecrets::default()),
        }
    }

    /// What a patch changes of the headers and secrets, checked with what it leaves as is
    /// (`current`, and `secrets`, the secrets as sealed now, read when the patch changes one).
    fn patched_access(
        &self,
        id: Uuid,
        patch: &EndpointPatch,
        current: Endpoint,
        secrets: Option<AccessSecrets>,
    ) -> EngineResult<AccessChange> {
        if crate::listen::is_listen_url(&current.url) {
            return Err(access::AccessError::ListenSession.into());
        }
        let headers = patch.headers.as_ref().unwrap_or(&current.headers);
        let auth = match &patch.auth {
            Some(a) => a.as_ref().map(EndpointAuth::summary),
            None => current.auth,
        };
        let reserved = self.core.profile().own_header_names();
        access::check_headers(headers, auth.as_ref(), &reserved)?;
        let secrets = secrets
            .map(|now| AccessSecrets {
                auth: patch.auth.clone().unwrap_or(now.auth),
                client_certificate: patch.client_certificate.clone().unwrap_or(now.client_certificate),
            })
            .map(|s| self.stored_secrets(id, &s, &reserved))
            .transpose()?;
        Ok(AccessChange { headers: patch.headers.as_ref().map(|h| access::headers_to_json(h)), secrets })
    }

    /// The stored changes a patch makes, its parts checked (a filter against the patch's types,
    /// else against `kept_types`, those the endpoint has).
    fn endpoint_changes(
        &self,
        patch: EndpointPatch,
        kept_types: Option<&[String]>,
    ) -> EngineResult<EndpointChanges> {
        let event_types = patch.event_types.map(|t| self.checked_types(t)).transpose()?;
        let types = event_types.as_deref().or(kept_types).unwrap_or_default();
        let content_filter = match &patch.content_filter {
            Some(Some(f)) => Some(Some(self.checked_filter(f, types)?)),
            Some(None) => Some(None),
            None => None,
        };
        let rate_limit_per_s = patch.rate_limit_per_s.map(validate_rate_limit).transpose()?;
        let now = self.core.now();
        let reason = patch.disabled_reason;
        Ok(EndpointChanges {
            url: patch.url,
            event_types,
            content_filter,
            disabled_at: patch.disabled.map(|d| d.then_some(now)),
            disabled_reason: patch.disabled.map(|d| if d { reason.clone() } else { None }),
            disabled_cause: patch.disabled.map(|d| d.then_some(DisableCause::Manual)),
            failing_since: (patch.disabled == Some(false)).then_some(None),
            rate_limit_per_s,
            updated_at: Some(now),
        })
    }

    /// Replaces the endpoint's secret; the new one is returned once and signs every attempt
    /// from now on, including retries of earlier events.
    pub async fn rotate_secret(&self, tenant: &Tenant, id: Uuid) -> EngineResult<SigningSecret> {
        let secret = self.core.profile().new_secret();
        let sealed = self.core.keyring().seal(id, &secret);
        let (tenant, now) = (tenant.clone(), self.core.now());
        self.run(crate::on_conn!(|c| endpoints::store_secret(c, tenant.as_str(), id, &sealed, now).await))
            .await?;
        Ok(secret)
    }

    /// Removes the endpoint; its open deliveries end as dead with "endpoint deleted".
    pub async fn delete_endpoint(&self, tenant: &Tenant, id: Uuid) -> EngineResult<()> {
        let (tenant, now) = (tenant.clone(), self.core.now());
        self.run(crate::on_conn!(|c| endpoints::delete_endpoint(c, tenant.as_str(), id, now).await)).await
    }
}

/// `Ok` for no limit or a limit in [`RATE_LIMIT_RANGE`].
fn validate_rate_limit(rate: Option<i64>) -> EngineResult<Option<i32>> {
    match rate {
        None => Ok(None),
        Some(r) if RATE_LIMIT_RANGE.contains(&r) => Ok(Some(r as i32)),
        Some(r) => Err(EngineError::InvalidRateLimit(r)),
    }
}

/// The operational events of a change a user made (`Engine::update_endpoint`): disabling an
/// enabled endpoint, or enabling a disabled one.
fn manual_change_events(update: &EndpointUpdate, reason: Option<String>) -> Vec<OpsEvent> {
    let e = &update.endpoint;
    let endpoint = EndpointRef { id: e.id, tenant_id: e.tenant_id.clone() };
    match (update.was_disabled, e.disabled_at.is_some()) {
        (false, true) => vec![OpsEvent::EndpointDisabled {
            endpoint,
            cause: DisableCause::Manual,
            reason: reason
                .or_else(|| e.disabled_reason.clone())
                .unwrap_or_else(|| "disabled by a user".into()),
            failing_since: None,
            next_probe_at: None,
            last_attempt: None,
        }],
        (true, false) => {
            vec![OpsEvent::EndpointEnabled { endpoint, by: EnabledBy::Manual, last_attempt: None }]
        }
        _ => vec![],
    }
}

/// `localhost`, `*.localhost` (RFC 6761), with or without the trailing dot.
fn is_localhost_name(host: &str) -> bool {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    host == "localhost" || host.ends_with(".localhost")
}
