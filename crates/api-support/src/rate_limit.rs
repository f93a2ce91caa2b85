//! The second step of every API request: per-credential rate limiting, a token bucket per
//! authenticated account or workspace, in process memory (each API process limits on its own;
//! see docs/security.md). [`middleware`] takes a token for each request the authentication step
//! let through; no limiter registered (`RATE_LIMIT=0`) means no limit. Every answer to an
//! authenticated request carries the limit as `RateLimit-Policy` (the IETF httpapi draft's
//! field: `"per-credential";q=<requests>;w=1`), so a client (`load`) can tell before it starts
//! whether the rate it wants will be refused.

use crate::ApiError;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Buckets kept before idle, full ones are dropped.
const MAX_TRACKED: usize = 10_000;

/// The response field that states the limit.
pub const POLICY_HEADER: HeaderName = HeaderName::from_static("ratelimit-policy");

#[derive(Debug)]
pub struct RateLimiter {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
    /// [`POLICY_HEADER`]'s value, made once.
    policy: HeaderValue,
}

impl RateLimiter {
    /// `per_second` tokens refill each second up to `burst`; a request takes one.
    pub fn new(per_second: u32, burst: u32) -> Self {
        Self {
            per_second: f64::from(per_second),
            burst: f64::from(burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
            policy: policy_value(per_second),
        }
    }

    /// Takes a token for `credential` at `now`, or says how many seconds until one is free.
    pub fn take(&self, credential: &str, now: Instant) -> Result<(), u64> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_TRACKED {
            let (rate, burst) = (self.per_second, self.burst);
            buckets.retain(|_, (tokens, at)| *tokens + now.duration_since(*at).as_secs_f64() * rate < burst);
        }
        let (tokens, at) = buckets.entry(credential.to_owned()).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.per_second).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - *tokens) / self.per_second).ceil().max(1.0) as u64)
        }
    }
}

/// `"per-credential";q=<per_second>;w=1`: so many requests in a window of one second.
fn policy_value(per_second: u32) -> HeaderValue {
    HeaderValue::from_str(&format!("\"per-credential\";q={per_second};w=1")).expect("ASCII digits")
}

/// The requests a second a `RateLimit-Policy` value allows (its `q` over its `w`), if it is one
/// this module writes or one of the same shape.
pub fn allowed_per_second(policy: &str) -> Option<f64> {
    let param = |name: &str| {
        policy
            .split(';')
            .skip(1)
            .find_map(|p| p.trim().strip_prefix(name)?.strip_prefix('=')?.parse::<f64>().ok())
    };
    let (q, w) = (param("q")?, param("w").unwrap_or(1.0));
    (w > 0.0).then(|| q / w)
}

/// Step two, as middleware: an authenticated request takes a token of its principal's bucket,
/// or is answered 429 with `Retry-After`. Requests without a principal pass untouched.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let limiter = req.app_data::<web::Data<RateLimiter>>().cloned();
    let (Some(limiter), Some(principal)) = (limiter, crate::auth::principal(req.request())) else {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    let mut res = match limiter.take(principal.as_str(), Instant::now()) {
        Ok(()) => next.call(req).await?.map_into_boxed_body(),
        Err(wait) => req.error_response(ApiError::rate_limited(wait)).map_into_boxed_body(),
    };
    res.headers_mut().insert(POLICY_HEADER, limiter.policy.clone());
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::StaticKeys;
    use crate::RouteTable;
    use actix_web::http::StatusCode;
    use actix_web::test::{call_service, init_service, TestRequest};
    use actix_web::{App, HttpResponse};
    use std::time::Duration;

    #[actix_web::test]
    async fn an_authenticated_request_takes_a_token_and_others_pass() {
        let keys: StaticKeys = "acme:key-of-acme-0123456".parse().expect("valid");
        let app = init_service(
            App::new()
                .wrap(actix_web::middleware::from_fn(middleware))
                .wrap(actix_web::middleware::from_fn(crate::auth::middleware))
                .app_data(keys.authenticator())
                .app_data(web::Data::new(RateLimiter::new(1, 1)))
                .app_data(RouteTable {
                    routes: &[("GET", "/a"), ("GET", "/doc")],
                    public: &[("GET", "/doc")],
                    operator: &[],
                })
                .service(web::resource("/a").route(web::get().to(HttpResponse::Ok)))
                .service(web::resource("/doc").route(web::get().to(HttpResponse::Ok))),
        )
        .await;
        let signed =
            || TestRequest::get().uri("/a").insert_header(("Authorization", "Bearer key-of-acme-0123456"));
        let policy = |res: &ServiceResponse| {
            res.headers().get(POLICY_HEADER).map(|v| v.to_str().expect("ASCII").to_owned())
        };
        let passed = call_service(&app, signed().to_request()).await;
        assert_eq!(passed.status(), StatusCode::OK);
        assert_eq!(policy(&passed).as_deref(), Some(r#""per-credential";q=1;w=1"#));
        let limited = call_service(&app, signed().to_request()).await;
        assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(limited.headers().get("retry-after").and_then(|v| v.to_str().ok()), Some("1"));
        assert_eq!(policy(&limited), policy(&passed), "a refusal states the limit too");
        for _ in 0..3 {
            let public = call_service(&app, TestRequest::get().uri("/doc").to_request()).await;
            assert_eq!(public.status(), StatusCode::OK, "no principal, no bucket");
            assert_eq!(policy(&public), None);
        }
    }

    #[test]
    fn a_policy_reads_as_requests_a_second() {
        let ours = policy_value(100);
        assert_eq!(allowed_per_second(ours.to_str().expect("ASCII")), Some(100.0));
        assert_eq!(allowed_per_second(r#""default";q=600;w=60"#), Some(10.0));
        assert_eq!(allowed_per_second(r#""default";w=1"#), None, "no quota");
        assert_eq!(allowed_per_second("garbage"), None);
    }

    #[test]
    fn bursts_then_refills_per_credential() {
        let l = RateLimiter::new(2, 3);
        let t0 = Instant::now();
        assert_eq!((l.take("a", t0), l.take("a", t0), l.take("a", t0)), (Ok(()), Ok(()), Ok(())));
        assert_eq!(l.take("a", t0), Err(1));
        assert_eq!(l.take("b", t0), Ok(()), "another credential has its own bucket");
        assert_eq!(l.take("a", t0 + Duration::from_millis(500)), Ok(()), "half a second refills one token");
        assert_eq!(l.take("a", t0 + Duration::from_millis(500)), Err(1));
    }
}
