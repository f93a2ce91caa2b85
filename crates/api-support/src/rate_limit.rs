//! Per-credential rate limiting: a token bucket per authenticated account or workspace, in
//! process memory (each API process limits on its own; see docs/security.md).

use crate::ApiError;
use actix_web::{web, HttpRequest};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Buckets kept before idle, full ones are dropped.
const MAX_TRACKED: usize = 10_000;

#[derive(Debug)]
pub struct RateLimiter {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl RateLimiter {
    /// `per_second` tokens refill each second up to `burst`; a request takes one.
    pub fn new(per_second: u32, burst: u32) -> Self {
        Self {
            per_second: f64::from(per_second),
            burst: f64::from(burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
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

/// Applies the app's limiter (if one is registered) to an authenticated credential.
pub fn check(req: &HttpRequest, credential: &str) -> Result<(), ApiError> {
    match req.app_data::<web::Data<RateLimiter>>() {
        Some(limiter) => limiter.take(credential, Instant::now()).map_err(ApiError::rate_limited),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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
