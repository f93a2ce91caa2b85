//! The send tasks: one per claimed delivery, spawned by the claim loop with the slot (permit)
//! it claimed for.
//!
//! - **Owns**: nothing beyond its delivery; [`Senders`] is what all of them share (the client,
//!   the endpoint limits, the recorder's channel, the signals back to the loop and the tender).
//! - **Does**: signs the delivery with its endpoint's current secret, POSTs it outside any
//!   transaction, tells the limits how it ended, wakes the claim loop when its endpoint has
//!   room again (and the backlog tender when a backlogged one does), and hands the outcome to
//!   the recorder before it gives its slot back.
//! - **Never**: touches the database, or waits for anything but its own attempt (the claim took
//!   only rows with room, so nothing claimed waits for a slot).
//! - **Stopped by**: [`Senders::abort`] when the shutdown grace is over; the claim is then
//!   noted for release (`drain.rs`) and no outcome is recorded.

use super::limits::{lock, EndpointLimits, Pace};
use super::recorder::Completed;
use crate::access::{self, EndpointAccess, EndpointAuth};
use crate::core::Core;
use crate::http::{AttemptOutcome, OutboundClient};
use crate::metrics::Outcome;
use crate::store::model::ClaimedDelivery;
use bytes::Bytes;
use hyper::header::HeaderMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Notify, OwnedSemaphorePermit};
use tokio_util::sync::CancellationToken;
use tracing::Instrument;
use uuid::Uuid;

/// What every send task of one dispatcher shares.
pub(super) struct Senders {
    pub core: Arc<Core>,
    pub client: OutboundClient,
    pub limits: Arc<Mutex<EndpointLimits>>,
    pub tx: mpsc::Sender<Completed>,
    /// Signalled when an attempt ends and its endpoint has room for a batch again.
    pub freed: Arc<Notify>,
    /// The endpoints whose attempts ended leaving them room, since the claim loop last looked.
    pub freed_endpoints: Mutex<Vec<Uuid>>,
    /// Wakes the backlog tender: a backlogged endpoint has room again.
    pub backlog_kick: Arc<Notify>,
    /// Cancelled when the shutdown grace is over: attempts still running stop.
    pub abort: CancellationToken,
    /// The claims of attempts stopped that way, to be released.
    pub released: Mutex<Vec<(Uuid, i64)>>,
}

impl Senders {
    /// Sends `claim` on a task of its own, holding `permit` until its outcome is queued.
    /// `rate_limited`: how long its endpoint's rate limit held it back after it was due.
    pub(super) fn spawn(
        self: &Arc<Self>,
        claim: ClaimedDelivery,
        rate_limited: Option<Duration>,
        permit: OwnedSemaphorePermit,
    ) {
        let span = attempt_span(&claim);
        let task = self.clone().send(claim, rate_limited, permit, span.clone()).instrument(span);
        tokio::spawn(task);
    }

    /// The endpoints freed since the last call.
    pub(super) fn take_freed(&self) -> Vec<Uuid> {
        std::mem::take(&mut *self.freed_endpoints.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// The claims of attempts stopped by [`Senders::abort`].
    pub(super) fn take_released(&self) -> Vec<(Uuid, i64)> {
        std::mem::take(&mut *self.released.lock().unwrap_or_else(|e| e.into_inner()))
    }

    async fn send(
        self: Arc<Self>,
        claim: ClaimedDelivery,
        rate_limited: Option<Duration>,
        permit: OwnedSemaphorePermit,
        span: tracing::Span,
    ) {
        if claim.lease_expired {
            tracing::info!("sending again: an earlier claim's lease ran out before its outcome was recorded");
        }
        let started_at = self.core.now();
        let outcome = tokio::select! {
            outcome = attempt(&self.core, &self.client, &claim, started_at) => outcome,
            () = self.abort.cancelled() => {
                self.released.lock().unwrap_or_else(|e| e.into_inner()).push((claim.id, claim.fence));
                tracing::info!("stopped by shutdown; the claim is released for another worker");
                drop(permit);
                return;
            }
        };
        if !outcome.proxy_failure {
            self.core.metrics().attempt(&outcome);
            log_outcome(&span, &outcome);
        }
        self.ended(claim.endpoint_id, &outcome);
        if self.tx.send(Completed { claim, started_at, outcome, rate_limited }).await.is_err() {
            tracing::error!("outcome recorder is gone; the lease will expire and the delivery be re-sent");
        }
        drop(permit);
    }

    /// Tells the limits how an attempt to `endpoint` ended, and wakes whoever its room concerns.
    fn ended(&self, endpoint: Uuid, outcome: &AttemptOutcome) {
        let pace = if outcome.timed_out {
            Pace::TimedOut
        } else if outcome.is_success() {
            Pace::Delivered
        } else {
            Pace::Answered
        };
        let (worth_claiming, wants_fill) = {
            let mut limits = lock(&self.limits);
            (limits.finish(endpoint, pace, Instant::now()), limits.wants_fill())
        };
        if worth_claiming {
            self.freed_endpoints.lock().unwrap_or_else(|e| e.into_inner()).push(endpoint);
            self.freed.notify_one();
        }
        if wants_fill {
            self.backlog_kick.notify_one();
        }
    }
}

/// Every line logged during an attempt carries the delivery id, through this span (exported
/// as a client span when traces are). It names the endpoint by id, never by URL: a URL may
/// hold a receiver's token.
fn attempt_span(claim: &ClaimedDelivery) -> tracing::Span {
    tracing::info_span!(
        "delivery_attempt",
        otel.name = %format_args!("deliver {}", claim.event_type),
        otel.kind = "client",
        otel.status_code = tracing::field::Empty,
        delivery_id = %claim.id,
        event_id = %claim.event_id,
        event_type = %claim.event_type,
        endpoint_id = %claim.endpoint_id,
        attempt = claim.attempt_count + 1,
        http.request.method = "POST",
        http.response.status_code = tracing::field::Empty,
        outcome = tracing::field::Empty,
    )
}

/// Records the outcome on the attempt's span and logs it: failures at `info`, successes at
/// `debug` (a busy service sends thousands a second).
fn log_outcome(span: &tracing::Span, outcome: &AttemptOutcome) {
    let class = Outcome::of(outcome);
    span.record("outcome", tracing::field::debug(class));
    if let Some(status) = outcome.status {
        span.record("http.response.status_code", status);
    }
    let ms = outcome.duration.as_millis().min(u128::from(u64::MAX)) as u64;
    if outcome.is_success() {
        tracing::debug!(status = outcome.status, duration_ms = ms, "delivered");
    } else {
        span.record("otel.status_code", "ERROR");
        tracing::info!(
            outcome = ?class,
            status = outcome.status,
            error = outcome.error.as_deref().unwrap_or_default(),
            duration_ms = ms,
            "attempt failed"
        );
    }
}

/// Signs the claimed delivery with its endpoint's current secret, adds the endpoint's own
/// headers and credential, and POSTs it.
async fn attempt(
    core: &Core,
    client: &OutboundClient,
    claim: &ClaimedDelivery,
    started_at: chrono::DateTime<chrono::Utc>,
) -> AttemptOutcome {
    // A listen session's deliveries reach this claim only while no stream holds the session.
    if crate::listen::is_listen_url(&claim.url) {
        return super::listen::not_connected();
    }
    let headers = match core.sign_claim(claim, started_at) {
        Ok(headers) => headers,
        Err(error) => return AttemptOutcome::not_sent(error),
    };
    let access =
        match core.open_access(claim.endpoint_id, claim.headers.as_deref(), claim.sealed_auth.as_ref()) {
            Ok(access) => access,
            Err(error) => return AttemptOutcome::not_sent(error),
        };
    let to = Target { endpoint: claim.endpoint_id, url: &claim.url, access: &access };
    post_with_access(core, client, to, headers, Bytes::from(claim.body.clone())).await
}

/// Where a request goes: the endpoint, its URL, its own headers and credential.
pub(super) struct Target<'a> {
    pub endpoint: Uuid,
    pub url: &'a str,
    pub access: &'a EndpointAccess,
}

/// POSTs `body` with `headers` and the endpoint's own headers and credential, through a client
/// that presents its client certificate when it has one. An OAuth2 endpoint's token comes from
/// the process's cache (fetched when there is none fresh), and
/// when the receiver answers 401 it is dropped, fetched again and the request sent once more.
pub(super) async fn post_with_access(
    core: &Core,
    client: &OutboundClient,
    to: Target<'_>,
    mut headers: HeaderMap,
    body: Bytes,
) -> AttemptOutcome {
    let timeout = core.profile_for(to.endpoint).timeout;
    let EndpointAccess { headers: custom, auth, client_certificate } = to.access;
    let presenting;
    let sender = match client_certificate {
        // The endpoint's own client, which presents its certificate (HTTPS only: a plain
        // HTTP URL has no handshake to present it in).
        Some(cert) if to.url.starts_with("https:") => {
            match core.identities().client(client, to.endpoint, cert) {
                Ok(c) => {
                    presenting = c;
                    &presenting
                }
                Err(error) => return AttemptOutcome::not_sent(error),
            }
        }
        _ => client,
    };
    let Some(EndpointAuth::OAuth2(oauth2)) = auth else {
        // The common case: nothing to fetch, one request.
        if let Err(e) = access::apply(&mut headers, custom, auth.as_ref(), None) {
            return AttemptOutcome::not_sent(e.to_string());
        }
        return sender.post(to.url, headers, body, timeout).await;
    };
    let mut retried = false;
    loop {
        let token = match core.tokens().token(client, to.endpoint, oauth2, timeout).await {
            Ok(token) => token,
            Err(error) => return AttemptOutcome::not_sent(error),
        };
        let mut sent = headers.clone();
        if let Err(e) = access::apply(&mut sent, custom, auth.as_ref(), Some(&token)) {
            return AttemptOutcome::not_sent(e.to_string());
        }
        let outcome = sender.post(to.url, sent, body.clone(), timeout).await;
        if outcome.status != Some(401) || retried {
            return outcome;
        }
        core.tokens().forget(to.endpoint, &token).await;
        retried = true;
    }
}
