//! The receiver self-test: send a receiver one correctly signed delivery and the requests a
//! correct receiver refuses, with the profile's real headers and signer, and judge its answers.
//!
//! The plan and the judging are pure functions ([`plan`], `judge`); [`run`] sends through the
//! engine's [`OutboundClient`] (no redirects, no proxies), one case after another, in order.

use crate::http::{AttemptOutcome, OutboundClient};
use crate::profile::Profile;
use crate::signing::AttemptContext;
use bytes::Bytes;
use chrono::{DateTime, Utc};
use hyper::header::{HeaderMap, HeaderValue};
use std::fmt;
use std::time::Duration;
use uuid::Uuid;

/// The event the check sends: what a service would enqueue.
#[derive(Debug, Clone)]
pub struct SampleEvent {
    pub event_id: Uuid,
    pub delivery_id: Uuid,
    pub event_type: String,
    pub dedupe_key: String,
    pub body: Vec<u8>,
}

/// What a correct receiver does with a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// Answers 2xx: it verified and processed the delivery.
    Accept,
    /// Answers 4xx: the request is not a genuine delivery.
    Reject,
    /// Answers 2xx (or we would retry it) without processing it again. Processing is not
    /// visible over HTTP, so only the status is judged; the receiver's log shows the rest.
    AcceptOnce,
}

/// One request of the check.
#[derive(Debug, Clone)]
// tidy: in the signature of plan
pub struct CheckCase {
    pub name: &'static str,
    pub what: &'static str,
    pub expect: Expect,
    pub headers: HeaderMap,
    pub body: Bytes,
}

/// The cases, in the order they are sent. Every case carries the sample's id, so a receiver
/// that deduplicates before verifying drops the genuine delivery after the forged ones (it
/// answers 2xx to both, but its log shows no processing). `wrong_secret` is a key that is not
/// the endpoint's.
pub fn plan(
    profile: &Profile,
    secret: &[u8],
    wrong_secret: &[u8],
    sample: &SampleEvent,
    now: DateTime<Utc>,
) -> Vec<CheckCase> {
    let attempt = |n: u32| AttemptContext {
        delivery_id: sample.delivery_id,
        event_id: sample.event_id,
        event_type: &sample.event_type,
        dedupe_key: &sample.dedupe_key,
        attempt_number: n,
        now,
    };
    let body = Bytes::from(sample.body.clone());
    let signed = profile.signed_headers(&attempt(1), secret, &sample.body);

    let mut missing = signed.clone();
    missing.remove(&profile.signature_header);

    let mut malformed = signed.clone();
    if let Some(upper) = signed
        .get(&profile.signature_header)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| HeaderValue::from_str(&uppercase_hex(v)).ok())
    {
        malformed.insert(profile.signature_header.clone(), upper);
    }

    let case = |name, what, expect, headers, body| CheckCase { name, what, expect, headers, body };
    vec![
        case("missing_signature", "no signature header", Expect::Reject, missing, body.clone()),
        case(
            "malformed_signature",
            "the right signature in uppercase hex",
            Expect::Reject,
            malformed,
            body.clone(),
        ),
        case(
            "wrong_signature",
            "signed with another secret",
            Expect::Reject,
            profile.signed_headers(&attempt(1), wrong_secret, &sample.body),
            body.clone(),
        ),
        case(
            "tampered_body",
            "signed, then the body changed by one byte",
            Expect::Reject,
            signed.clone(),
            Bytes::from(tamper(&sample.body)),
        ),
        case("signed", "a correctly signed delivery", Expect::Accept, signed, body.clone()),
        case(
            "duplicate",
            "the same delivery again, as a retry sends it",
            Expect::AcceptOnce,
            profile.signed_headers(&attempt(2), secret, &sample.body),
            body,
        ),
    ]
}

/// The value with its hex digits uppercased (the prefix kept), e.g. `v1=ABC…`.
fn uppercase_hex(value: &str) -> String {
    match value.split_once('=') {
        Some((prefix, hex)) => format!("{prefix}={}", hex.to_ascii_uppercase()),
        None => value.to_ascii_uppercase(),
    }
}

/// A space after the first byte: still the same JSON, different bytes.
fn tamper(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 1);
    let (first, rest) = body.split_at(body.len().min(1));
    out.extend_from_slice(first);
    out.push(b' ');
    out.extend_from_slice(rest);
    out
}

/// How one case went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// Passed, with advice (a 5xx rejection, which we would retry).
    PassWithNote(String),
    Fail(String),
}

impl Verdict {
    pub fn is_fail(&self) -> bool {
        matches!(self, Verdict::Fail(_))
    }
}

/// Judges one answer: `status` is the HTTP status (`None` when no answer came), `error` what
/// went wrong on the way (a redirect is an error: we never follow one).
pub(crate) fn judge(expect: Expect, status: Option<u16>, error: Option<&str>) -> Verdict {
    let accepted = error.is_none() && matches!(status, Some(200..=299));
    match (expect, status) {
        (_, None) => Verdict::Fail(format!("no answer: {}", error.unwrap_or("unknown error"))),
        (Expect::Accept, _) if accepted => Verdict::Pass,
        (Expect::Accept, Some(code)) => Verdict::Fail(format!(
            "a genuine delivery was not accepted ({}); check the secret and that the raw body is verified",
            error.map(str::to_owned).unwrap_or_else(|| format!("HTTP {code}"))
        )),
        (Expect::AcceptOnce, _) if accepted => Verdict::Pass,
        (Expect::AcceptOnce, Some(code)) => Verdict::Fail(format!(
            "a duplicate got HTTP {code}: answer 2xx without processing again, or the sender retries it until it is dead"
        )),
        (Expect::Reject, _) if accepted => {
            Verdict::Fail("accepted a request that is not a genuine delivery: verify the signature first".into())
        }
        (Expect::Reject, Some(400..=499)) => Verdict::Pass,
        (Expect::Reject, Some(code)) => Verdict::PassWithNote(format!(
            "rejected with HTTP {code}; answer a 4xx (400 or 401): it says the request is at fault, where other codes look like an outage or a misconfiguration"
        )),
    }
}

/// One case's result.
#[derive(Debug, Clone)]
pub struct CaseResult {
    pub name: &'static str,
    pub what: &'static str,
    pub expect: Expect,
    pub status: Option<u16>,
    pub error: Option<String>,
    pub verdict: Verdict,
}

/// Every case's result, in order.
#[derive(Debug, Clone)]
pub struct CheckReport {
    pub url: String,
    pub results: Vec<CaseResult>,
}

impl CheckReport {}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "receiver check of {}", self.url)?;
        for r in &self.results {
            let answer = match (r.status, &r.error) {
                (Some(code), None) => format!("HTTP {code}"),
                (Some(code), Some(e)) => format!("HTTP {code} ({e})"),
                (None, Some(e)) => format!("no answer ({e})"),
                (None, None) => "no answer".to_owned(),
            };
            let accepted = r.error.is_none() && matches!(r.status, Some(200..=299));
            let taken = match (accepted, r.status) {
                (true, _) => "accepted",
                (false, Some(_)) => "rejected",
                (false, None) => "not reached",
            };
            let expected = match r.expect {
                Expect::Accept => "expected accepted",
                Expect::Reject => "expected rejected",
                Expect::AcceptOnce => "expected accepted, not processed again",
            };
            let (mark, note) = match &r.verdict {
                Verdict::Pass => ("PASS", String::new()),
                Verdict::PassWithNote(n) => ("PASS", format!("\n      note: {n}")),
                Verdict::Fail(why) => ("FAIL", format!("\n      {why}")),
            };
            writeln!(f, "  {mark} {:<20} {taken} ({answer}); {expected}: {}{note}", r.name, r.what)?;
        }
        let failed = self.results.iter().filter(|r| r.verdict.is_fail()).count();
        if failed == 0 {
            write!(
                f,
                "passed: {} cases. The duplicate should appear once in your receiver's log as processed.",
                self.results.len()
            )
        } else {
            write!(f, "failed: {failed} of {} cases", self.results.len())
        }
    }
}

/// Sends each case to `url`, in order, each bounded by `timeout`, and judges the answers.
pub async fn run(
    client: &OutboundClient,
    url: &str,
    cases: Vec<CheckCase>,
    timeout: Duration,
) -> CheckReport {
    let mut results = Vec::with_capacity(cases.len());
    for case in cases {
        let AttemptOutcome { status, error, .. } = client.post(url, case.headers, case.body, timeout).await;
        let verdict = judge(case.expect, status, error.as_deref());
        results.push(CaseResult {
            name: case.name,
            what: case.what,
            expect: case.expect,
            status,
            error,
            verdict,
        });
    }
    CheckReport { url: url.to_owned(), results }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::RetryPolicy;
    use crate::profile::EventCatalog;
    use crate::signing::HeaderSet;
    use crate::signing::{HmacSha256Hex, Signer};
    use hyper::header::HeaderName;
    use std::sync::Arc;

    #[derive(Debug)]
    struct IdHeader;

    impl HeaderSet for IdHeader {
        fn apply(&self, attempt: &AttemptContext<'_>, headers: &mut HeaderMap) {
            headers.insert("x-webhook-id", HeaderValue::from_str(attempt.dedupe_key).expect("ascii"));
            headers.insert("x-attempt", HeaderValue::from(attempt.attempt_number));
        }
    }

    fn profile() -> Profile {
        Profile {
            signer: Arc::new(HmacSha256Hex::V1),
            signature_header: HeaderName::from_static("x-webhook-signature"),
            headers: Arc::new(IdHeader),
            retry: RetryPolicy::fixed(vec![]),
            timeout: Duration::from_secs(1),
            catalog: EventCatalog::default(),
            secret_prefix: "whsec_".into(),
            probe_header: HeaderName::from_static("x-webhook-probe"),
        }
    }

    fn sample() -> SampleEvent {
        SampleEvent {
            event_id: Uuid::nil(),
            delivery_id: Uuid::nil(),
            event_type: "webhook.test".into(),
            dedupe_key: "t:webhook.test".into(),
            body: br#"{"id":"t:webhook.test"}"#.to_vec(),
        }
    }

    #[test]
    fn only_the_signed_case_and_its_duplicate_verify() {
        let cases = plan(&profile(), b"whsec_right", b"whsec_wrong", &sample(), Utc::now());
        let names: Vec<_> = cases.iter().map(|c| c.name).collect();
        assert_eq!(
            names,
            [
                "missing_signature",
                "malformed_signature",
                "wrong_signature",
                "tampered_body",
                "signed",
                "duplicate"
            ]
        );
        for case in &cases {
            assert_eq!(case.headers.get("x-webhook-id").map(|v| v.as_bytes()), Some(&b"t:webhook.test"[..]));
            let verifies = case
                .headers
                .get("x-webhook-signature")
                .and_then(|v| v.to_str().ok())
                .is_some_and(|sig| HmacSha256Hex::V1.verify(b"whsec_right", &case.body, sig).is_ok());
            assert_eq!(verifies, case.expect != Expect::Reject, "{}", case.name);
        }
        let tampered = &cases[3].body;
        assert_eq!(&tampered[..], br#"{ "id":"t:webhook.test"}"#);
        // The duplicate is a second attempt, as a retry would be.
        assert_eq!(cases[5].headers.get("x-attempt").map(|v| v.as_bytes()), Some(&b"2"[..]));
    }

    #[test]
    fn answers_are_judged_by_status_class() {
        assert_eq!(judge(Expect::Accept, Some(204), None), Verdict::Pass);
        assert!(judge(Expect::Accept, Some(401), None).is_fail());
        assert!(judge(Expect::Accept, Some(302), Some("redirect 302 to /x not followed")).is_fail());
        assert_eq!(judge(Expect::Reject, Some(401), None), Verdict::Pass);
        assert!(judge(Expect::Reject, Some(200), None).is_fail());
        assert!(matches!(judge(Expect::Reject, Some(500), None), Verdict::PassWithNote(_)));
        assert_eq!(judge(Expect::AcceptOnce, Some(200), None), Verdict::Pass);
        assert!(judge(Expect::AcceptOnce, Some(409), None).is_fail());
        assert!(judge(Expect::Reject, None, Some("connection refused")).is_fail());
    }
}
