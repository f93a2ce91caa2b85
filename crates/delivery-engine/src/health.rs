//! Endpoint health as plain rules (no database, the clock passed in): what one batch of
//! outcomes means for an endpoint, judged from its health before the batch. A run of failures
//! warns at 50, 75 and 90 % of the disable window (each level once per run), disables the
//! endpoint once it has lasted the whole window, and a success after a warning is a recovery.
//! A `410 Gone` disables at once. The recorder (`worker/recorder.rs`) writes what this decides.

use crate::store::model::{DisableCause, HealthBefore};
use chrono::{DateTime, Utc};
use std::time::Duration;

/// The failing warning levels: the share of the disable window (in percent) a run of failures
/// has lasted when each is sent.
pub const FAILING_LEVELS: [u8; 3] = [50, 75, 90];

/// What one batch's outcomes mean for one endpoint.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Verdict {
    /// Failing warnings to send now, lowest first (never one sent before in this run).
    pub warn: Vec<u8>,
    /// Disable the endpoint, for this cause.
    pub disable: Option<DisableCause>,
    /// A run of failures that had been warned about ended with a success.
    pub recovered: bool,
}

/// Judges an endpoint from its health before the batch (`before`), whether the batch's latest
/// outcome for it succeeded (`ok`) and whether any of its outcomes was a `410 Gone` (`gone`),
/// at `now`, with the disable window `window` (`None`: never disabled for failing, and so
/// never warned either).
///
/// A run of failures is judged by when it began before this batch, so a run that starts with
/// this batch is neither warned about nor disabled yet. Every level the run has reached and
/// that was not sent yet is sent, lowest first, even in the batch that disables the endpoint:
/// a receiver of the warnings sees 50, 75 and 90 once each before the disable, however sparse
/// the attempts were. A disabled or deleted endpoint is neither warned about nor disabled
/// again; a success clears its warnings all the same (an explicit re-send reached it).
pub(crate) fn judge(
    before: &HealthBefore,
    ok: bool,
    gone: bool,
    now: DateTime<Utc>,
    window: Option<Duration>,
) -> Verdict {
    if gone {
        return Verdict { disable: before.open.then_some(DisableCause::Gone), ..Verdict::default() };
    }
    if ok {
        let recovered = before.failing_since.is_some() && before.failing_warned > 0;
        return Verdict { recovered, ..Verdict::default() };
    }
    let (Some(since), Some(window), true) = (before.failing_since, window, before.open) else {
        return Verdict::default();
    };
    let lasted = (now - since).to_std().unwrap_or_default();
    Verdict {
        warn: warnings_due(lasted, window, before.failing_warned),
        disable: (lasted >= window).then_some(DisableCause::Failing),
        recovered: false,
    }
}

/// The levels a run of failures that has `lasted` this long has reached, of a disable window
/// `window`, above the highest level already sent (`sent`; 0 for none), lowest first.
pub(crate) fn warnings_due(lasted: Duration, window: Duration, sent: i16) -> Vec<u8> {
    FAILING_LEVELS
        .into_iter()
        .filter(|&level| i16::from(level) > sent)
        .filter(|&level| lasted.as_nanos() * 100 >= window.as_nanos() * u128::from(level))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    const WINDOW: Duration = Duration::from_secs(100);

    fn t(s: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + s, 0).unwrap()
    }

    fn health(failing_since: Option<i64>, failing_warned: i16) -> HealthBefore {
        HealthBefore {
            endpoint_id: Uuid::nil(),
            tenant_id: "t".into(),
            failing_since: failing_since.map(t),
            failing_warned,
            open: true,
        }
    }

    #[test]
    fn each_level_is_due_once_it_is_reached_and_only_above_what_was_sent() {
        let at = |s| warnings_due(Duration::from_secs(s), WINDOW, 0);
        assert!(at(0).is_empty());
        assert!(at(49).is_empty());
        assert_eq!(at(50), [50]);
        assert_eq!(at(74), [50]);
        assert_eq!(at(75), [50, 75]);
        assert_eq!(at(90), [50, 75, 90]);
        assert_eq!(at(500), [50, 75, 90]);
        assert_eq!(warnings_due(Duration::from_secs(80), WINDOW, 50), [75]);
        assert!(warnings_due(Duration::from_secs(80), WINDOW, 75).is_empty());
        assert!(warnings_due(Duration::from_secs(95), WINDOW, 90).is_empty());
        // Fractions of a second count: a 2 s window warns at 1 s, 1.5 s and 1.8 s.
        let short = Duration::from_secs(2);
        assert!(warnings_due(Duration::from_millis(999), short, 0).is_empty());
        assert_eq!(warnings_due(Duration::from_millis(1_500), short, 0), [50, 75]);
        assert_eq!(warnings_due(Duration::from_millis(1_800), short, 50), [75, 90]);
    }

    /// A run of failures observed batch by batch, with the warned level written back as the
    /// recorder writes it: every level once, in order, then the disable.
    #[test]
    fn a_run_of_failures_warns_at_each_level_once_then_disables() {
        let mut before = health(None, 0);
        let mut sent = Vec::new();
        let mut disabled_at = None;
        for s in (0..=120).step_by(5) {
            let v = judge(&before, false, false, t(s), Some(WINDOW));
            assert!(!v.recovered);
            sent.extend(v.warn.iter().copied());
            if let Some(&level) = v.warn.last() {
                before.failing_warned = i16::from(level);
            }
            if v.disable.is_some() {
                assert_eq!(v.disable, Some(DisableCause::Failing));
                disabled_at = Some(s);
                break;
            }
            before.failing_since.get_or_insert(t(s));
        }
        assert_eq!(sent, [50, 75, 90]);
        assert_eq!(disabled_at, Some(100), "disabled once the run lasted the window");
    }

    #[test]
    fn sparse_attempts_still_send_every_level_before_the_disable() {
        let v = judge(&health(Some(0), 0), false, false, t(130), Some(WINDOW));
        assert_eq!(v.warn, [50, 75, 90]);
        assert_eq!(v.disable, Some(DisableCause::Failing));
        let v = judge(&health(Some(0), 75), false, false, t(100), Some(WINDOW));
        assert_eq!((v.warn, v.disable), (vec![90], Some(DisableCause::Failing)));
    }

    #[test]
    fn a_run_that_starts_now_is_not_judged_yet() {
        assert_eq!(judge(&health(None, 0), false, false, t(1_000), Some(WINDOW)), Verdict::default());
    }

    #[test]
    fn a_success_after_a_warning_is_a_recovery_and_without_one_is_nothing() {
        assert!(judge(&health(Some(0), 50), true, false, t(60), Some(WINDOW)).recovered);
        assert_eq!(judge(&health(Some(0), 0), true, false, t(40), Some(WINDOW)), Verdict::default());
        assert_eq!(judge(&health(None, 0), true, false, t(40), Some(WINDOW)), Verdict::default());
        // A re-send that reaches a disabled endpoint still ends its run.
        let disabled = HealthBefore { open: false, ..health(Some(0), 90) };
        assert!(judge(&disabled, true, false, t(200), Some(WINDOW)).recovered);
    }

    #[test]
    fn a_410_disables_an_open_endpoint_at_once_without_warnings() {
        let v = judge(&health(Some(0), 0), false, true, t(95), Some(WINDOW));
        assert_eq!(v, Verdict { disable: Some(DisableCause::Gone), ..Verdict::default() });
        let closed = HealthBefore { open: false, ..health(None, 0) };
        assert_eq!(judge(&closed, false, true, t(1), Some(WINDOW)), Verdict::default());
        // Without a window a 410 still disables.
        assert_eq!(judge(&health(None, 0), false, true, t(1), None).disable, Some(DisableCause::Gone));
    }

    #[test]
    fn without_a_window_or_when_disabled_nothing_is_warned_or_disabled() {
        assert_eq!(judge(&health(Some(0), 0), false, false, t(1_000), None), Verdict::default());
        let closed = HealthBefore { open: false, ..health(Some(0), 0) };
        assert_eq!(judge(&closed, false, false, t(1_000), Some(WINDOW)), Verdict::default());
    }
}
