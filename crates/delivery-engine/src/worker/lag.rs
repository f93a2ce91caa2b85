//! What the claim loop tells the ingest gate (`crate::gate`): after each claim, how long the
//! claimed first attempts had been due, per tenant; and when it has caught up with everything
//! due. One call site in the loop; nothing here waits or touches the database.

use super::limits::EndpointLimits;
use super::next_claim::Next;
use crate::gate::IngestGate;
use crate::store::model::ClaimedDelivery;
use std::sync::Arc;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// The claim loop's side of the gate.
pub(super) struct LagReport {
    gate: Arc<IngestGate>,
}

impl LagReport {
    pub(super) fn new(gate: Arc<IngestGate>) -> Self {
        Self { gate }
    }

    /// The lags of `claimed` to report, computed before the claim's attempts start (while
    /// `limits` still say how each endpoint's last attempt went); `None` while the gate is off.
    pub(super) fn measure(
        &self,
        claimed: &[ClaimedDelivery],
        limits: &EndpointLimits,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Option<Vec<(String, Duration)>> {
        self.gate.is_armed().then(|| claim_lags(claimed, |e| limits.delivering(e), now))
    }

    /// After a claim that found nothing to look at: with no moving endpoint at its cap (a
    /// hanging one does not count), nobody is behind.
    pub(super) fn nothing_known(&self, moving_at_cap: bool) {
        if self.gate.is_armed() && !moving_at_cap {
            self.gate.caught_up();
        }
    }

    /// After a claim: every endpoint visited, nothing due that one had room for, and none that
    /// moves at its cap means the loop caught up; otherwise the lags it measured count.
    pub(super) fn after_claim(
        &self,
        lags: Option<Vec<(String, Duration)>>,
        next: Next,
        claimed_any: bool,
        moving_at_cap: bool,
    ) {
        let Some(lags) = lags else { return };
        if next == Next::Wait && !claimed_any && !moving_at_cap {
            self.gate.caught_up();
        } else {
            self.gate.observe(&lags, Instant::now());
        }
    }
}

/// Per tenant, how long the oldest first attempt of a claim had been due when claimed: the
/// ingest gate's claim lag (`crate::gate`). Only first attempts count (no retries, manual
/// re-sends or re-claims after a lease), and only those of endpoints that `counts`
/// (`EndpointLimits::delivering`): a failing, paced or backlogged endpoint's rows wait for it,
/// not for the dispatcher.
fn claim_lags(
    claimed: &[ClaimedDelivery],
    counts: impl Fn(Uuid) -> bool,
    now: chrono::DateTime<chrono::Utc>,
) -> Vec<(String, Duration)> {
    let mut lags: Vec<(String, Duration)> = Vec::new();
    for claim in claimed {
        let Some(due_at) = claim.due_at else { continue };
        let paced = claim.rate_limit_per_s.is_some();
        if claim.attempt_count > 0
            || claim.manual
            || claim.lease_expired
            || paced
            || !counts(claim.endpoint_id)
        {
            continue;
        }
        let lag = (now - due_at).to_std().unwrap_or_default();
        match lags.iter_mut().find(|l| l.0 == claim.tenant_id) {
            Some(l) => l.1 = l.1.max(lag),
            None => lags.push((claim.tenant_id.clone(), lag)),
        }
    }
    lags
}
