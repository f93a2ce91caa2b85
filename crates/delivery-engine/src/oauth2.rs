//! OAuth 2.0 client credentials (RFC 6749 §4.4) for endpoints whose receiver asks for a bearer
//! token from its own token server (docs/engine.md, "Receivers behind gateways"). A token is
//! fetched through the engine's outbound client (its address rules, no redirects, the profile's
//! timeout), kept per endpoint until shortly before it expires and shared by the process's
//! attempts and probes, and fetched by one of them at a time: the others wait for it.

use crate::access::OAuth2Client;
use crate::http::OutboundClient;
use base64::Engine as _;
use bytes::Bytes;
use hyper::header::{HeaderMap, HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use uuid::Uuid;

/// The most bytes of a token server's answer read (a JWT with many claims fits).
const ANSWER_CAP: usize = 64 * 1024;
/// How long a token without `expires_in` is kept (until a 401 says otherwise).
const UNDATED: Duration = Duration::from_secs(3600);

/// The tokens of one process, one slot per endpoint.
#[derive(Debug, Default)]
pub(crate) struct TokenCache {
    slots: Mutex<HashMap<Uuid, Arc<tokio::sync::Mutex<Slot>>>>,
}

/// An endpoint's token, and the client it was given to (a changed client fetches anew).
#[derive(Default)]
struct Slot {
    token: Option<(OAuth2Client, String, Instant)>,
}

impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Slot").field("holds_token", &self.token.is_some()).finish()
    }
}

impl TokenCache {
    /// A token for `endpoint`'s `client`: the kept one while it is fresh, else a new one. One
    /// request at a time per endpoint: callers arriving meanwhile wait for its answer.
    pub(crate) async fn token(
        &self,
        http: &OutboundClient,
        endpoint: Uuid,
        client: &OAuth2Client,
        timeout: Duration,
    ) -> Result<String, String> {
        let slot = self.slot(endpoint);
        let mut slot = slot.lock().await;
        if let Some((kept_for, token, until)) = &slot.token {
            if kept_for == client && Instant::now() < *until {
                return Ok(token.clone());
            }
        }
        let (token, lifetime) = fetch(http, client, timeout).await?;
        slot.token = Some((client.clone(), token.clone(), Instant::now() + lifetime));
        Ok(token)
    }

    /// Drops `endpoint`'s token if it is still `token` (the receiver refused it with a 401).
    pub(crate) async fn forget(&self, endpoint: Uuid, token: &str) {
        let slot = self.slot(endpoint);
        let mut slot = slot.lock().await;
        if slot.token.as_ref().is_some_and(|(_, kept, _)| kept == token) {
            slot.token = None;
        }
    }

    /// `endpoint`'s slot. Making a new one first drops the slots no attempt holds whose token
    /// has expired (a deleted endpoint's, one no longer OAuth2), so the map holds about one slot
    /// per OAuth2 endpoint in use: a scan of it per endpoint newly seen.
    fn slot(&self, endpoint: Uuid) -> Arc<tokio::sync::Mutex<Slot>> {
        let mut slots = self.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(slot) = slots.get(&endpoint) {
            return slot.clone();
        }
        let now = Instant::now();
        slots.retain(|_, slot| {
            let fresh = |s: &Slot| s.token.as_ref().is_some_and(|(_, _, until)| now < *until);
            Arc::strong_count(slot) > 1 || slot.try_lock().map_or(true, |s| fresh(&s))
        });
        slots.entry(endpoint).or_default().clone()
    }
}

/// Asks the token server for a token: the grant in a form body, the client authenticated with
/// HTTP Basic (RFC 6749 §2.3.1: each part form-encoded first). The error is an attempt's
/// `lastError`, and never holds the client secret.
async fn fetch(
    http: &OutboundClient,
    c: &OAuth2Client,
    timeout: Duration,
) -> Result<(String, Duration), String> {
    let form = grant_form(c);
    let mut headers = HeaderMap::new();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/x-www-form-urlencoded"));
    headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
    let mut basic =
        HeaderValue::from_str(&client_basic(c)).map_err(|_| "oauth2 token: unusable client id".to_owned())?;
    basic.set_sensitive(true);
    headers.insert(AUTHORIZATION, basic);
    let answer = http.post_capped(&c.token_url, headers, Bytes::from(form), timeout, ANSWER_CAP).await;
    match (answer.status, answer.error) {
        (_, Some(error)) => Err(format!("oauth2 token: {error}")),
        (Some(200..=299), None) => read_token(&answer.body),
        (Some(code), None) => Err(format!("oauth2 token: HTTP {code} from the token URL")),
        (None, None) => Err("oauth2 token: no answer from the token URL".to_owned()),
    }
}

/// The grant's form body.
fn grant_form(c: &OAuth2Client) -> String {
    let mut form = url::form_urlencoded::Serializer::new(String::new());
    form.append_pair("grant_type", "client_credentials");
    if let Some(scope) = &c.scope {
        form.append_pair("scope", scope);
    }
    if let Some(audience) = &c.audience {
        form.append_pair("audience", audience);
    }
    form.finish()
}

fn client_basic(c: &OAuth2Client) -> String {
    let enc = |s: &str| url::form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
    let pair = format!("{}:{}", enc(&c.client_id), enc(&c.client_secret));
    format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(pair))
}

/// A token answer's `access_token` (a bearer token) and how long to keep it: `expires_in`
/// less a tenth, at most a minute, so it is renewed before the receiver would refuse it.
fn read_token(body: &[u8]) -> Result<(String, Duration), String> {
    #[derive(serde::Deserialize)]
    struct Answer {
        access_token: String,
        token_type: Option<String>,
        expires_in: Option<u64>,
    }
    let a: Answer = serde_json::from_slice(body)
        .map_err(|_| "oauth2 token: the token URL's answer is not a token (no access_token)".to_owned())?;
    if a.token_type.as_deref().is_some_and(|t| !t.eq_ignore_ascii_case("bearer")) {
        return Err("oauth2 token: the token URL gave a token that is not a bearer token".to_owned());
    }
    if a.access_token.is_empty() || HeaderValue::from_str(&format!("Bearer {}", a.access_token)).is_err() {
        return Err("oauth2 token: the token URL gave a token a header cannot carry".to_owned());
    }
    Ok((a.access_token, kept_for(a.expires_in)))
}

fn kept_for(expires_in: Option<u64>) -> Duration {
    match expires_in {
        Some(s) => {
            let lifetime = Duration::from_secs(s);
            lifetime - (lifetime / 10).min(Duration::from_secs(60))
        }
        None => UNDATED,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_kept_until_shortly_before_it_expires() {
        assert_eq!(kept_for(Some(3600)), Duration::from_secs(3540), "a minute early");
        assert_eq!(kept_for(Some(100)), Duration::from_secs(90), "a tenth early");
        assert_eq!(kept_for(Some(0)), Duration::ZERO);
        assert_eq!(kept_for(None), UNDATED);
    }

    #[test]
    fn a_token_answer_is_read_or_refused_without_echoing_it() {
        let (token, lifetime) =
            read_token(br#"{"access_token":"abc","token_type":"Bearer","expires_in":60}"#).unwrap();
        assert_eq!((token.as_str(), lifetime), ("abc", Duration::from_secs(54)));
        assert!(read_token(br#"{"access_token":"abc","token_type":"mac"}"#).is_err());
        assert!(read_token(br#"{"error":"invalid_client"}"#).unwrap_err().contains("no access_token"));
        assert!(read_token(br#"{"access_token":"a\nb"}"#).is_err());
    }

    fn client() -> OAuth2Client {
        OAuth2Client {
            token_url: "https://auth.example.com/token".into(),
            client_id: "id:1".into(),
            client_secret: "s&t".into(),
            scope: None,
            audience: None,
        }
    }

    #[test]
    fn the_client_is_authenticated_with_form_encoded_basic() {
        // base64("id%3A1:s%26t")
        assert_eq!(client_basic(&client()), "Basic aWQlM0ExOnMlMjZ0");
    }

    #[test]
    fn a_new_endpoints_slot_drops_the_unheld_ones_whose_token_expired() {
        let cache = TokenCache::default();
        let [expired, fresh, held, new] = [(); 4].map(|()| Uuid::now_v7());
        let set = |id, until| cache.slot(id).try_lock().unwrap().token = Some((client(), "t".into(), until));
        set(expired, Instant::now() - Duration::from_secs(1));
        set(fresh, Instant::now() + Duration::from_secs(60));
        let _attempt = cache.slot(held);
        cache.slot(new);
        let mut left: Vec<Uuid> = cache.slots.lock().unwrap().keys().copied().collect();
        left.sort();
        assert_eq!(left, [fresh, held, new], "the expired one, held by no attempt, is gone");
    }
}
