//! Bulk recovery as both services take it (docs/decisions.md D33, D60): the body of
//! `POST …/recoveries`, the rule that turns it into the engine's [`RecoveryWindow`], and the
//! answers of starting a job. The routes differ per service; this part does not.

use crate::views::RecoveryJobOut;
use crate::{codes, ApiError};
use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;
use chrono::{DateTime, SubsecRound, Utc};
use delivery_engine::recovery::{RecoveryWindow, StartRecovery, WindowError};
use serde::Deserialize;
use uuid::Uuid;

/// The body of `POST …/recoveries`. Timestamps are strings so that a bad one gets a code of its
/// own (`invalid_window`) rather than the generic `invalid_body`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RecoveryIn {
    /// The window's start, included (RFC 3339).
    pub since: String,
    /// The window's end, excluded (RFC 3339); absent or `null`: now.
    #[serde(default)]
    pub until: Option<String>,
    /// Re-send delivered deliveries of the window too.
    #[serde(default)]
    pub include_delivered: bool,
    /// Only count what a job would re-send now; start nothing.
    #[serde(default)]
    pub dry_run: bool,
}

/// What a `POST …/recoveries` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecoveryRequest {
    pub window: RecoveryWindow,
    pub dry_run: bool,
}

/// Why a recovery request was refused; the messages are the API's `detail`s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecoveryRequestError {
    #[error("`{0}` must be an RFC 3339 timestamp with a time zone, e.g. 2026-11-22T10:00:00Z")]
    NotATimestamp(&'static str),
    #[error(transparent)]
    Window(#[from] WindowError),
}

impl RecoveryIn {
    /// The window and whether this is a dry run. Timestamps are taken to the millisecond (finer
    /// digits are dropped), the precision of every timestamp the API shows, so the window a job
    /// echoes is exactly the one it covers; `until` defaults to `now`.
    pub fn parse(&self, now: DateTime<Utc>) -> Result<RecoveryRequest, RecoveryRequestError> {
        let since = timestamp(&self.since, "since")?;
        let until = self.until.as_deref().map(|u| timestamp(u, "until")).transpose()?;
        let window = RecoveryWindow::new(since, until, self.include_delivered, now.trunc_subsecs(3))?;
        Ok(RecoveryRequest { window, dry_run: self.dry_run })
    }
}

fn timestamp(raw: &str, field: &'static str) -> Result<DateTime<Utc>, RecoveryRequestError> {
    DateTime::parse_from_rfc3339(raw)
        .map(|t| t.with_timezone(&Utc).trunc_subsecs(3))
        .map_err(|_| RecoveryRequestError::NotATimestamp(field))
}

impl From<RecoveryRequestError> for ApiError {
    fn from(e: RecoveryRequestError) -> Self {
        let code = match e {
            RecoveryRequestError::Window(WindowError::TooLong) => codes::WINDOW_TOO_LONG,
            _ => codes::INVALID_WINDOW,
        };
        ApiError::invalid(code, e.to_string())
    }
}

/// The answer to starting a job: `202` with the job and its `Location` (`location_of(job id)`),
/// or `409 recovery_already_active` naming the endpoint's active job in `activeRecoveryId`.
pub fn started_response(
    started: StartRecovery,
    location_of: impl FnOnce(Uuid) -> String,
) -> Result<HttpResponse, ApiError> {
    match started {
        StartRecovery::Started(job) => Ok(HttpResponse::Accepted()
            .insert_header((header::LOCATION, location_of(job.id)))
            .json(RecoveryJobOut::from(job))),
        StartRecovery::AlreadyActive(active) => Err(ApiError::new(
            StatusCode::CONFLICT,
            codes::RECOVERY_ALREADY_ACTIVE,
            format!(
                "the endpoint already has an active recovery job ({active}); cancel it or wait for it to end"
            ),
        )
        .with_related("activeRecoveryId", active.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn body(since: &str, until: Option<&str>) -> RecoveryIn {
        RecoveryIn {
            since: since.to_owned(),
            until: until.map(str::to_owned),
            include_delivered: false,
            dry_run: false,
        }
    }

    const NOW: &str = "2026-11-23T12:00:00.987654Z";

    #[test]
    fn the_body_takes_camel_case_fields_with_defaults() {
        let b: RecoveryIn = serde_json::from_str(r#"{"since": "2026-11-23T10:00:00Z"}"#).unwrap();
        assert_eq!((b.until, b.include_delivered, b.dry_run), (None, false, false));
        let b: RecoveryIn = serde_json::from_str(
            r#"{"since": "x", "until": null, "includeDelivered": true, "dryRun": true}"#,
        )
        .unwrap();
        assert_eq!((b.until, b.include_delivered, b.dry_run), (None, true, true));
        let unknown = serde_json::from_str::<RecoveryIn>(r#"{"since": "x", "dry_run": true}"#);
        assert!(
            unknown.is_err_and(|e| e.to_string().starts_with("unknown field `dry_run`")),
            "refused, not ignored"
        );
        assert!(serde_json::from_str::<RecoveryIn>(r#"{"until": "2026-11-23T10:00:00Z"}"#).is_err());
        assert!(serde_json::from_str::<RecoveryIn>(r#"{"since": 1}"#).is_err());
    }

    #[test]
    fn until_defaults_to_now_and_timestamps_keep_milliseconds_in_utc() {
        let r = body("2026-11-23T10:00:00.123999+02:00", None).parse(t(NOW)).unwrap();
        assert_eq!(r.window.since, t("2026-11-23T08:00:00.123Z"));
        assert_eq!(r.window.until, t("2026-11-23T12:00:00.987Z"));
        assert!(!r.dry_run && !r.window.include_delivered);
        let r = body("2026-11-23T10:00:00Z", Some("2026-11-23T11:00:00.5Z")).parse(t(NOW)).unwrap();
        assert_eq!(r.window.until, t("2026-11-23T11:00:00.500Z"));
        let mut dry = body("2026-11-23T10:00:00Z", None);
        (dry.dry_run, dry.include_delivered) = (true, true);
        let r = dry.parse(t(NOW)).unwrap();
        assert!(r.dry_run && r.window.include_delivered);
    }

    #[test]
    fn a_bad_window_says_which_rule_it_broke() {
        let now = t(NOW);
        let refused = |since: &str, until: Option<&str>| body(since, until).parse(now).unwrap_err();
        for bad in ["", "yesterday", "2026-11-23", "2026-11-23T10:00:00", "2026-13-01T00:00:00Z"] {
            assert_eq!(refused(bad, None), RecoveryRequestError::NotATimestamp("since"), "{bad:?}");
        }
        assert_eq!(
            refused("2026-11-23T10:00:00Z", Some("soon")),
            RecoveryRequestError::NotATimestamp("until")
        );
        let window = |e: WindowError| RecoveryRequestError::Window(e);
        assert_eq!(refused("2026-11-23T13:00:00Z", None), window(WindowError::Empty));
        assert_eq!(refused("2026-11-23T10:00:00Z", Some("2026-11-23T10:00:00Z")), window(WindowError::Empty));
        assert_eq!(
            refused("2026-11-23T10:00:00Z", Some("2026-11-23T12:00:01Z")),
            window(WindowError::InFuture)
        );
        assert_eq!(refused("2026-08-01T00:00:00Z", None), window(WindowError::TooLong));
        // Exactly 90 days is allowed.
        assert!(body("2026-08-25T12:00:00Z", Some("2026-11-23T12:00:00Z")).parse(now).is_ok());

        let code = |e: RecoveryRequestError| ApiError::from(e).code;
        assert_eq!(code(window(WindowError::TooLong)), codes::WINDOW_TOO_LONG);
        for e in [
            window(WindowError::Empty),
            window(WindowError::InFuture),
            RecoveryRequestError::NotATimestamp("since"),
        ] {
            let api = ApiError::from(e.clone());
            assert_eq!(
                (api.status, api.code),
                (StatusCode::UNPROCESSABLE_ENTITY, codes::INVALID_WINDOW),
                "{e}"
            );
        }
        assert!(ApiError::from(RecoveryRequestError::NotATimestamp("until"))
            .detail
            .starts_with("`until` must be"));
    }

    #[test]
    fn a_second_job_is_a_conflict_naming_the_active_one() {
        let active = Uuid::now_v7();
        let e = started_response(StartRecovery::AlreadyActive(active), |_| unreachable!()).unwrap_err();
        assert_eq!((e.status, e.code), (StatusCode::CONFLICT, codes::RECOVERY_ALREADY_ACTIVE));
        assert_eq!(e.related, Some(("activeRecoveryId", active.to_string())));
    }
}
