//! What a receiver behind a gateway asks of each request beyond our signature: headers of its
//! own and a credential (docs/engine.md, "Receivers behind gateways"). The rules are plain
//! functions here; the store keeps the headers as JSON and the credential sealed like a signing
//! secret, and the dispatcher adds both to every attempt.

pub use crate::client_cert::ClientCertificate;
use base64::Engine as _;
use hyper::header::{HeaderMap, HeaderName, HeaderValue, AUTHORIZATION};
use serde::{Deserialize, Serialize};

/// The most custom headers an endpoint may have.
pub(crate) const MAX_HEADERS: usize = 20;
/// The most bytes of custom headers (names and values) an endpoint may have.
pub(crate) const MAX_HEADER_BYTES: usize = 4096;

/// Headers the transport or `auth` set: refused as custom headers whatever the profile.
const TRANSPORT_HEADERS: [&str; 6] =
    ["content-type", "content-length", "host", "transfer-encoding", "connection", "authorization"];

/// What a receiver behind a gateway or firewall asks of each request: headers of its own, in
/// order, a credential, and a client certificate to present over TLS (`client_cert.rs`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EndpointAccess {
    pub headers: Vec<(String, String)>,
    pub auth: Option<EndpointAuth>,
    pub client_certificate: Option<ClientCertificate>,
}

/// An endpoint's secrets beside its signing secret, sealed together in its `auth_*` columns:
/// the credential and the client certificate. A blob sealed before client certificates holds
/// the credential alone ([`AccessSecrets::read`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct AccessSecrets {
    #[serde(default)]
    pub auth: Option<EndpointAuth>,
    #[serde(default)]
    pub client_certificate: Option<ClientCertificate>,
}

impl AccessSecrets {
    pub(crate) fn is_empty(&self) -> bool {
        self.auth.is_none() && self.client_certificate.is_none()
    }

    /// The opened blob: both parts, or a credential alone as sealed before (migration 000023).
    pub(crate) fn read(plain: &[u8]) -> Option<Self> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Stored {
            Both(AccessSecrets),
            AuthAlone(EndpointAuth),
        }
        match serde_json::from_slice(plain).ok()? {
            Stored::Both(s) => Some(s),
            Stored::AuthAlone(auth) => Some(Self { auth: Some(auth), client_certificate: None }),
        }
    }
}

/// A credential the receiver asks for, with its secret part in the clear (held only while an
/// endpoint is created or changed, and while an attempt is sent).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum EndpointAuth {
    /// `Authorization: Bearer <token>`.
    Bearer { token: String },
    /// `Authorization: Basic <base64 of username:password>` (RFC 7617).
    Basic { username: String, password: String },
    /// One header of the receiver's choosing (`X-Api-Key: …`, or `Authorization: Token …`).
    Header { name: String, value: String },
    /// `Authorization: Bearer <token>`, the token from the OAuth 2.0 client-credentials grant
    /// (RFC 6749 §4.4) at `token_url` (`oauth2.rs`).
    #[serde(rename = "oauth2")]
    OAuth2(OAuth2Client),
}

/// An OAuth 2.0 client of a token server: what the client-credentials grant sends.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OAuth2Client {
    pub token_url: String,
    pub client_id: String,
    pub client_secret: String,
    pub scope: Option<String>,
    /// Asked for by some servers (Auth0) beside or instead of `scope`.
    pub audience: Option<String>,
}

impl std::fmt::Debug for OAuth2Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OAuth2Client")
            .field("token_url", &self.token_url)
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

impl std::fmt::Debug for EndpointAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.summary())
    }
}

/// What may be shown of an [`EndpointAuth`]: its type and the fields that are not secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AuthSummary {
    Bearer,
    Basic {
        username: String,
    },
    Header {
        name: String,
    },
    #[serde(rename = "oauth2", rename_all = "camelCase")]
    OAuth2 {
        token_url: String,
        client_id: String,
        scope: Option<String>,
        audience: Option<String>,
    },
}

impl AuthSummary {
    /// The header the credential is sent in.
    fn header_name(&self) -> Option<HeaderName> {
        match self {
            Self::Bearer | Self::Basic { .. } | Self::OAuth2 { .. } => Some(AUTHORIZATION),
            Self::Header { name } => HeaderName::from_bytes(name.as_bytes()).ok(),
        }
    }
}

impl EndpointAuth {
    pub fn summary(&self) -> AuthSummary {
        match self {
            Self::Bearer { .. } => AuthSummary::Bearer,
            Self::Basic { username, .. } => AuthSummary::Basic { username: username.clone() },
            Self::Header { name, .. } => AuthSummary::Header { name: name.clone() },
            Self::OAuth2(c) => AuthSummary::OAuth2 {
                token_url: c.token_url.clone(),
                client_id: c.client_id.clone(),
                scope: c.scope.clone(),
                audience: c.audience.clone(),
            },
        }
    }

    /// The header this credential sends, its value marked sensitive (HTTP/2's HPACK does not
    /// index it, and `Debug` does not print it); an OAuth2 client's carries `bearer`, the
    /// token it was given.
    fn header(&self, bearer: Option<&str>) -> Result<(HeaderName, HeaderValue), AccessError> {
        let (name, value) = match self {
            Self::OAuth2(_) => (AUTHORIZATION, format!("Bearer {}", bearer.unwrap_or_default())),
            Self::Bearer { token } => (AUTHORIZATION, format!("Bearer {token}")),
            Self::Basic { username, password } => {
                let pair = base64::engine::general_purpose::STANDARD.encode(format!("{username}:{password}"));
                (AUTHORIZATION, format!("Basic {pair}"))
            }
            Self::Header { name, value } => (header_name(name)?, value.clone()),
        };
        let mut value =
            HeaderValue::from_str(&value).map_err(|_| AccessError::InvalidAuth(self.bad_value()))?;
        value.set_sensitive(true);
        Ok((name, value))
    }

    fn bad_value(&self) -> String {
        let field = match self {
            Self::Bearer { .. } => "token",
            Self::Basic { .. } => "username and password",
            Self::Header { .. } => "value",
            Self::OAuth2(_) => "token the token URL gave",
        };
        format!("the {field} must be visible ASCII or spaces, without control characters")
    }

    /// The credential's own rules: every field given, values a header can carry, and a
    /// `header` credential's name a valid one that neither the transport nor the profile sets
    /// (`Authorization` is allowed: a scheme of the receiver's own).
    pub fn check(&self, reserved: &[HeaderName]) -> Result<(), AccessError> {
        let empty = match self {
            Self::Bearer { token } => token.is_empty().then_some("token"),
            Self::Basic { username, password } => {
                (username.is_empty() || password.is_empty()).then_some("username and password")
            }
            Self::Header { name, value } => (name.is_empty() || value.is_empty()).then_some("name and value"),
            Self::OAuth2(c) => {
                (c.token_url.is_empty() || c.client_id.is_empty() || c.client_secret.is_empty())
                    .then_some("tokenUrl, clientId and clientSecret")
            }
        };
        if let Some(field) = empty {
            return Err(AccessError::InvalidAuth(format!("the {field} must not be empty")));
        }
        if let Self::Basic { username, .. } = self {
            if username.contains(':') {
                return Err(AccessError::InvalidAuth(
                    "the username must not contain a colon (RFC 7617)".into(),
                ));
            }
        }
        let (name, _) = self.header(Some("token"))?;
        if name != AUTHORIZATION && is_reserved(&name, reserved) {
            return Err(AccessError::ReservedHeader(name.as_str().to_owned()));
        }
        Ok(())
    }
}

/// Why an endpoint's headers or credential were refused; the messages are the APIs' details.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccessError {
    #[error("{0} is set by the service and cannot be a custom header")]
    ReservedHeader(String),
    #[error("`{0}` is not a valid header name (letters, digits and !#$%&'*+-.^_`|~)")]
    InvalidHeaderName(String),
    #[error("the value of {0} must be visible ASCII or spaces, without control characters")]
    InvalidHeaderValue(String),
    #[error("{0} is named twice (header names ignore case)")]
    DuplicateHeader(String),
    #[error("at most {MAX_HEADERS} custom headers")]
    TooManyHeaders,
    #[error("the custom headers take at most {MAX_HEADER_BYTES} bytes (names and values)")]
    HeadersTooLarge,
    #[error("auth: {0}")]
    InvalidAuth(String),
    #[error("clientCertificate: {0}")]
    InvalidClientCertificate(String),
    #[error("a listen session's endpoint carries no custom headers, credential or client certificate")]
    ListenSession,
}

/// Checks an endpoint's custom headers: at most [`MAX_HEADERS`] and [`MAX_HEADER_BYTES`], each
/// name a valid token named once, none that the transport, `auth` or the profile sets
/// (`reserved`), each value one a header can carry.
pub(crate) fn check_headers(
    headers: &[(String, String)],
    auth: Option<&AuthSummary>,
    reserved: &[HeaderName],
) -> Result<(), AccessError> {
    if headers.len() > MAX_HEADERS {
        return Err(AccessError::TooManyHeaders);
    }
    if headers.iter().map(|(n, v)| n.len() + v.len()).sum::<usize>() > MAX_HEADER_BYTES {
        return Err(AccessError::HeadersTooLarge);
    }
    let auth_header = auth.and_then(AuthSummary::header_name);
    let mut seen = std::collections::HashSet::new();
    for (name, value) in headers {
        let parsed = header_name(name)?;
        if is_reserved(&parsed, reserved) || auth_header.as_ref() == Some(&parsed) {
            return Err(AccessError::ReservedHeader(name.clone()));
        }
        if !seen.insert(parsed) {
            return Err(AccessError::DuplicateHeader(name.clone()));
        }
        HeaderValue::from_str(value).map_err(|_| AccessError::InvalidHeaderValue(name.clone()))?;
    }
    Ok(())
}

fn header_name(name: &str) -> Result<HeaderName, AccessError> {
    HeaderName::from_bytes(name.as_bytes()).map_err(|_| AccessError::InvalidHeaderName(name.to_owned()))
}

fn is_reserved(name: &HeaderName, reserved: &[HeaderName]) -> bool {
    TRANSPORT_HEADERS.contains(&name.as_str()) || reserved.contains(name)
}

/// Adds an endpoint's custom headers and credential to an attempt's `headers` (after the
/// profile's, which they cannot name: checked when they were set).
pub(crate) fn apply(
    headers: &mut HeaderMap,
    custom: &[(String, String)],
    auth: Option<&EndpointAuth>,
    bearer: Option<&str>,
) -> Result<(), AccessError> {
    for (name, value) in custom {
        let value =
            HeaderValue::from_str(value).map_err(|_| AccessError::InvalidHeaderValue(name.clone()))?;
        headers.insert(header_name(name)?, value);
    }
    if let Some(auth) = auth {
        let (name, value) = auth.header(bearer)?;
        headers.insert(name, value);
    }
    Ok(())
}

/// What a request's detail shows in place of a secret.
pub(crate) const REDACTED: &str = "[redacted]";

/// The custom headers and the credential's header as a delivery's detail shows them: names in
/// lower case (as sent), the credential's value [`REDACTED`], and so is any custom header whose
/// name or value looks like a credential (the detail is read by more people than set it).
pub(crate) fn shown_headers(
    custom: &[(String, String)],
    auth: Option<&AuthSummary>,
) -> Vec<(String, String)> {
    let mut shown: Vec<(String, String)> = custom
        .iter()
        .map(|(name, value)| {
            let value = if looks_secret(name, value) { REDACTED.to_owned() } else { value.clone() };
            (name.to_ascii_lowercase(), value)
        })
        .collect();
    if let Some(name) = auth.and_then(AuthSummary::header_name) {
        shown.push((name.as_str().to_owned(), REDACTED.to_owned()));
    }
    shown
}

/// A header that probably carries a credential: its name says so, or its value has the shape
/// of one (an HTTP authentication scheme, a JWT, a long token).
fn looks_secret(name: &str, value: &str) -> bool {
    const NAMES: [&str; 9] =
        ["auth", "token", "key", "secret", "pass", "cookie", "session", "credential", "signature"];
    let name = name.to_ascii_lowercase();
    let lower = value.to_ascii_lowercase();
    let scheme = ["bearer ", "basic ", "token ", "digest "].iter().any(|s| lower.starts_with(s));
    let jwt = value.starts_with("eyJ") && value.matches('.').count() == 2;
    let token_like = value.len() >= 32
        && value.chars().all(|c| c.is_ascii_alphanumeric() || "-_+/=.".contains(c))
        && value.chars().any(|c| c.is_ascii_digit())
        && value.chars().any(|c| c.is_ascii_alphabetic());
    NAMES.iter().any(|n| name.contains(n)) || scheme || jwt || token_like
}

/// What a credential is sealed to: its endpoint, apart from the signing secret's binding.
pub(crate) fn sealed_to(endpoint: uuid::Uuid) -> Vec<u8> {
    [b"endpoint-auth:".as_slice(), endpoint.as_bytes()].concat()
}

/// The custom headers as stored: a JSON array of `[name, value]` pairs, in the order given
/// (`None` for none).
pub(crate) fn headers_to_json(headers: &[(String, String)]) -> Option<String> {
    (!headers.is_empty()).then(|| serde_json::to_string(headers).expect("pairs of strings serialise"))
}

/// [`headers_to_json`]'s inverse; `None` and anything unreadable read as no headers.
pub(crate) fn headers_from_json(stored: Option<&str>) -> Vec<(String, String)> {
    stored.and_then(|s| serde_json::from_str(s).ok()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect()
    }

    const PROFILE: [HeaderName; 1] = [HeaderName::from_static("x-webhook-signature")];

    #[test]
    fn a_blob_sealed_before_client_certificates_reads_as_its_credential() {
        let bearer = EndpointAuth::Bearer { token: "t".into() };
        let old = serde_json::to_vec(&bearer).unwrap();
        assert_eq!(
            AccessSecrets::read(&old),
            Some(AccessSecrets { auth: Some(bearer.clone()), client_certificate: None })
        );
        let both = AccessSecrets {
            auth: Some(bearer),
            client_certificate: Some(ClientCertificate { certificate: "c".into(), private_key: "k".into() }),
        };
        assert_eq!(AccessSecrets::read(&serde_json::to_vec(&both).unwrap()), Some(both));
        assert_eq!(AccessSecrets::read(b"{}"), Some(AccessSecrets::default()));
        assert_eq!(AccessSecrets::read(b"not json"), None);
    }

    #[test]
    fn headers_are_refused_when_reserved_invalid_repeated_or_too_many() {
        let check = |list: &[(&str, &str)]| check_headers(&pairs(list), None, &PROFILE);
        assert_eq!(check(&[("X-Tenant", "acme"), ("X-Env", "prod")]), Ok(()));
        for reserved in ["Content-Type", "host", "Authorization", "X-Webhook-Signature", "CONNECTION"] {
            assert_eq!(check(&[(reserved, "x")]), Err(AccessError::ReservedHeader(reserved.into())));
        }
        assert_eq!(check(&[("bad name", "x")]), Err(AccessError::InvalidHeaderName("bad name".into())));
        assert_eq!(check(&[("X-A", "line\nbreak")]), Err(AccessError::InvalidHeaderValue("X-A".into())));
        assert_eq!(check(&[("X-A", "1"), ("x-a", "2")]), Err(AccessError::DuplicateHeader("x-a".into())));
        let many: Vec<(String, String)> =
            (0..=MAX_HEADERS).map(|i| (format!("X-H{i}"), "v".into())).collect();
        assert_eq!(check_headers(&many, None, &PROFILE), Err(AccessError::TooManyHeaders));
        let big = "v".repeat(MAX_HEADER_BYTES);
        assert_eq!(check(&[("X-Big", &big)]), Err(AccessError::HeadersTooLarge));
        let key = EndpointAuth::Header { name: "X-Api-Key".into(), value: "k".into() };
        assert_eq!(
            check_headers(&pairs(&[("x-api-key", "again")]), Some(&key.summary()), &PROFILE),
            Err(AccessError::ReservedHeader("x-api-key".into())),
            "the credential's own header"
        );
    }

    #[test]
    fn each_credential_sends_its_header_and_shows_no_secret() {
        let mut headers = HeaderMap::new();
        let basic = EndpointAuth::Basic { username: "Aladdin".into(), password: "open sesame".into() };
        apply(&mut headers, &pairs(&[("X-Tenant", "acme")]), Some(&basic), None).unwrap();
        // RFC 7617's example.
        assert_eq!(headers[AUTHORIZATION], "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
        assert!(headers[AUTHORIZATION].is_sensitive());
        assert_eq!(headers["x-tenant"], "acme");
        let mut headers = HeaderMap::new();
        apply(&mut headers, &[], Some(&EndpointAuth::Bearer { token: "t0k".into() }), None).unwrap();
        assert_eq!(headers[AUTHORIZATION], "Bearer t0k");
        let mut headers = HeaderMap::new();
        let token = EndpointAuth::Header { name: "Authorization".into(), value: "Token abc".into() };
        apply(&mut headers, &[], Some(&token), None).unwrap();
        assert_eq!(headers[AUTHORIZATION], "Token abc");
        assert_eq!(format!("{basic:?}"), r#"Basic { username: "Aladdin" }"#, "Debug shows no secret");
        assert_eq!(
            serde_json::to_string(&basic.summary()).unwrap(),
            r#"{"type":"basic","username":"Aladdin"}"#
        );
    }

    #[test]
    fn a_credential_is_refused_when_empty_unsendable_or_on_a_reserved_header() {
        let refused = |a: EndpointAuth| a.check(&PROFILE).unwrap_err();
        assert!(matches!(
            refused(EndpointAuth::Bearer { token: String::new() }),
            AccessError::InvalidAuth(_)
        ));
        assert!(matches!(
            refused(EndpointAuth::Bearer { token: "a\r\nb".into() }),
            AccessError::InvalidAuth(_)
        ));
        let colon = EndpointAuth::Basic { username: "a:b".into(), password: "p".into() };
        assert!(matches!(refused(colon), AccessError::InvalidAuth(_)));
        let host = EndpointAuth::Header { name: "Host".into(), value: "x".into() };
        assert_eq!(refused(host), AccessError::ReservedHeader("host".into()));
        let signature = EndpointAuth::Header { name: "X-Webhook-Signature".into(), value: "x".into() };
        assert_eq!(refused(signature), AccessError::ReservedHeader("x-webhook-signature".into()));
        let bad = EndpointAuth::Header { name: "a b".into(), value: "x".into() };
        assert_eq!(refused(bad), AccessError::InvalidHeaderName("a b".into()));
    }

    #[test]
    fn a_detail_redacts_the_credential_and_whatever_looks_like_one() {
        let custom = pairs(&[
            ("X-Tenant", "acme"),
            ("X-Api-Key", "plain"),
            ("X-Forward", "Bearer abc"),
            ("X-Trace", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"),
            ("X-Opaque", "a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8"),
            ("X-Region", "eu-west-1"),
        ]);
        let shown = shown_headers(&custom, Some(&AuthSummary::Bearer));
        let value = |n: &str| shown.iter().find(|(name, _)| name == n).map(|(_, v)| v.as_str());
        assert_eq!(value("x-tenant"), Some("acme"));
        assert_eq!(value("x-region"), Some("eu-west-1"));
        for secret in ["x-api-key", "x-forward", "x-trace", "x-opaque", "authorization"] {
            assert_eq!(value(secret), Some(REDACTED), "{secret}");
        }
        let header = shown_headers(&[], Some(&AuthSummary::Header { name: "X-Gateway".into() }));
        assert_eq!(header, pairs(&[("x-gateway", REDACTED)]));
    }

    #[test]
    fn stored_headers_read_back_in_order() {
        let list = pairs(&[("X-B", "2"), ("X-A", "1")]);
        let json = headers_to_json(&list);
        assert_eq!(json.as_deref(), Some(r#"[["X-B","2"],["X-A","1"]]"#));
        assert_eq!(headers_from_json(json.as_deref()), list);
        assert_eq!(headers_to_json(&[]), None);
        assert!(headers_from_json(None).is_empty());
    }
}
