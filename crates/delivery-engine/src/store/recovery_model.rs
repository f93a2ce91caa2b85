//! Bulk recovery jobs as the store and the engine see them, and the rules that need no
//! database.

use super::model::corrupt;
use crate::error::{EngineError, EngineResult};
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// The longest window one job may cover.
pub const MAX_RECOVERY_WINDOW: chrono::TimeDelta = chrono::TimeDelta::days(90);

/// Deliveries one batch of a job re-sends at most, in one transaction.
pub(crate) const RECOVERY_BATCH: i64 = 200;

/// A recovery job's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecoveryStatus {
    Queued,
    Running,
    Finished,
    Cancelled,
    /// Stopped by something it could not get past (its endpoint was deleted); see `error`.
    Failed,
}

impl RecoveryStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Running => "running",
            Self::Finished => "finished",
            Self::Cancelled => "cancelled",
            Self::Failed => "failed",
        }
    }

    pub(crate) fn parse_stored(s: &str) -> EngineResult<Self> {
        Ok(match s {
            "queued" => Self::Queued,
            "running" => Self::Running,
            "finished" => Self::Finished,
            "cancelled" => Self::Cancelled,
            "failed" => Self::Failed,
            _ => return Err(corrupt(format!("unknown recovery job status `{s}`"))),
        })
    }

    /// Queued or running: the endpoint's one active job.
    pub fn is_active(self) -> bool {
        matches!(self, Self::Queued | Self::Running)
    }
}

/// Which deliveries of an endpoint a recovery re-sends: those created in `[since, until)`
/// that ended failed (awaiting a retry) or dead, and, with `include_delivered`, delivered ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecoveryWindow {
    pub since: DateTime<Utc>,
    pub until: DateTime<Utc>,
    pub include_delivered: bool,
}

/// Why a window cannot be recovered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WindowError {
    #[error("`since` must be before `until`")]
    Empty,
    #[error("the window may span at most 90 days; split it into several jobs")]
    TooLong,
    #[error("`until` may not be in the future")]
    InFuture,
}

impl RecoveryWindow {
    /// `until` defaults to `now`. A window ending in the future would take in deliveries that
    /// have not failed yet.
    pub fn new(
        since: DateTime<Utc>,
        until: Option<DateTime<Utc>>,
        include_delivered: bool,
        now: DateTime<Utc>,
    ) -> Result<Self, WindowError> {
        let until = until.unwrap_or(now);
        if until > now {
            return Err(WindowError::InFuture);
        }
        if since >= until {
            return Err(WindowError::Empty);
        }
        if until - since > MAX_RECOVERY_WINDOW {
            return Err(WindowError::TooLong);
        }
        Ok(Self { since, until, include_delivered })
    }

    /// The delivery states the window takes in, as stored.
    pub(crate) fn statuses(&self) -> Vec<&'static str> {
        let mut s = vec!["failed", "dead"];
        if self.include_delivered {
            s.push("delivered");
        }
        s
    }
}

/// A recovery job as its owner reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecoveryJob {
    pub id: Uuid,
    pub endpoint_id: Uuid,
    pub window: RecoveryWindow,
    pub status: RecoveryStatus,
    /// Deliveries in the window when the job was created (the dry run's answer then).
    pub total: i64,
    /// Deliveries of the window the job has gone through.
    pub processed: i64,
    /// Of those, how many it sent again (the others had been delivered meanwhile, or were
    /// being sent).
    pub resent: i64,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

/// What starting a job can run into besides an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartRecovery {
    Started(RecoveryJob),
    /// The endpoint already has an active job (its id).
    AlreadyActive(Uuid),
}

/// A job a runner took, with the fence its batches must show.
#[derive(Debug, Clone)]
pub(crate) struct ClaimedJob {
    pub id: Uuid,
    pub fence: i64,
}

/// What one batch did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BatchOutcome {
    /// More may follow.
    Progressed { resent: i64 },
    /// The job is finished (or failed); nothing more to do.
    Done { resent: i64 },
    /// The job was cancelled, or another runner holds it now.
    Stopped,
}

/// Why a job cannot be cancelled.
pub(crate) fn cancel_conflict(status: RecoveryStatus) -> Option<EngineError> {
    (!status.is_active()).then_some(EngineError::RecoveryJobEnded)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_window_is_non_empty_in_the_past_and_at_most_90_days() {
        let now = t("2026-11-23T12:00:00Z");
        let ok = RecoveryWindow::new(t("2026-11-22T00:00:00Z"), None, false, now).unwrap();
        assert_eq!(ok.until, now);
        assert_eq!(ok.statuses(), ["failed", "dead"]);
        assert_eq!(RecoveryWindow::new(now, None, false, now), Err(WindowError::Empty));
        assert_eq!(
            RecoveryWindow::new(t("2026-11-22T00:00:00Z"), Some(t("2026-11-24T00:00:00Z")), false, now),
            Err(WindowError::InFuture)
        );
        assert_eq!(
            RecoveryWindow::new(t("2026-08-01T00:00:00Z"), None, false, now),
            Err(WindowError::TooLong)
        );
        let all = RecoveryWindow::new(t("2026-11-22T00:00:00Z"), None, true, now).unwrap();
        assert_eq!(all.statuses(), ["failed", "dead", "delivered"]);
    }

    #[test]
    fn only_an_active_job_can_be_cancelled() {
        assert!(cancel_conflict(RecoveryStatus::Queued).is_none());
        assert!(cancel_conflict(RecoveryStatus::Running).is_none());
        for s in [RecoveryStatus::Finished, RecoveryStatus::Cancelled, RecoveryStatus::Failed] {
            assert!(matches!(cancel_conflict(s), Some(EngineError::RecoveryJobEnded)));
        }
    }
}
