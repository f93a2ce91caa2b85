//! An endpoint's `headers` and `auth` as both services' APIs take and show them (an extension
//! of both specs; docs/engine.md, "Receivers behind gateways"). The rules they must meet are
//! the engine's (`delivery_engine::endpoints::AccessError`); this is their JSON form.

use delivery_engine::endpoints::{CertificateSummary, ClientCertificate, EndpointAuth, OAuth2Client};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

/// Custom headers as the API takes and shows them: a JSON object of name to value.
pub type HeadersJson = BTreeMap<String, String>;

/// `auth` as a request sets it. The secret fields are never shown again: an answer carries the
/// engine's `AuthSummary` (the type and the fields that are not secret).
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum AuthIn {
    Bearer {
        token: String,
    },
    Basic {
        username: String,
        password: String,
    },
    Header {
        name: String,
        value: String,
    },
    /// The OAuth 2.0 client-credentials grant; `scope` and `audience` are optional.
    #[serde(rename = "oauth2", rename_all = "camelCase")]
    OAuth2 {
        token_url: String,
        client_id: String,
        client_secret: String,
        #[serde(default)]
        scope: Option<String>,
        #[serde(default)]
        audience: Option<String>,
    },
}

impl From<AuthIn> for EndpointAuth {
    fn from(a: AuthIn) -> Self {
        match a {
            AuthIn::Bearer { token } => EndpointAuth::Bearer { token },
            AuthIn::Basic { username, password } => EndpointAuth::Basic { username, password },
            AuthIn::Header { name, value } => EndpointAuth::Header { name, value },
            AuthIn::OAuth2 { token_url, client_id, client_secret, scope, audience } => {
                EndpointAuth::OAuth2(OAuth2Client { token_url, client_id, client_secret, scope, audience })
            }
        }
    }
}

/// `clientCertificate` as a request sets it: a PEM chain (the endpoint's certificate first) and
/// its PEM private key, which is never shown again.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClientCertificateIn {
    pub certificate: String,
    pub private_key: String,
}

impl From<ClientCertificateIn> for ClientCertificate {
    fn from(c: ClientCertificateIn) -> Self {
        ClientCertificate { certificate: c.certificate, private_key: c.private_key }
    }
}

/// A client certificate as answers show it: its subject and expiry.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateOut {
    pub subject: String,
    pub not_after: String,
}

impl From<CertificateSummary> for CertificateOut {
    fn from(c: CertificateSummary) -> Self {
        Self { subject: c.subject, not_after: crate::ts(c.not_after) }
    }
}

/// The engine's form of a PATCH's `clientCertificate`: absent keeps it, `null` removes it.
pub fn certificate_patch(c: Option<Option<ClientCertificateIn>>) -> Option<Option<ClientCertificate>> {
    c.map(|c| c.map(ClientCertificate::from))
}

/// The engine's form of the API's headers (in name order).
pub fn headers_in(headers: Option<HeadersJson>) -> Vec<(String, String)> {
    headers.unwrap_or_default().into_iter().collect()
}

/// The API's form of an endpoint's headers.
pub fn headers_out(headers: Vec<(String, String)>) -> HeadersJson {
    headers.into_iter().collect()
}

/// The engine's form of a PATCH's `auth`: absent keeps it, `null` removes it.
pub fn auth_patch(auth: Option<Option<AuthIn>>) -> Option<Option<EndpointAuth>> {
    auth.map(|a| a.map(EndpointAuth::from))
}

/// For PATCH bodies, where `null` and absent differ: absent keeps the value (the field's
/// `#[serde(default)]` gives `None`), `null` is `Some(None)`.
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auth_reads_each_type_and_refuses_unknown_fields_and_types() {
        let read = |json: &str| serde_json::from_str::<AuthIn>(json).map(EndpointAuth::from);
        assert_eq!(
            read(r#"{"type":"basic","username":"u","password":"p"}"#).unwrap(),
            EndpointAuth::Basic { username: "u".into(), password: "p".into() }
        );
        assert_eq!(
            read(r#"{"type":"bearer","token":"t"}"#).unwrap(),
            EndpointAuth::Bearer { token: "t".into() }
        );
        assert!(read(r#"{"type":"bearer","token":"t","extra":1}"#).is_err());
        assert!(read(r#"{"type":"digest","token":"t"}"#).is_err());
        assert!(read(r#"{"type":"header","name":"X-Key"}"#).is_err(), "value missing");
        let oauth2 = read(r#"{"type":"oauth2","tokenUrl":"https://a/t","clientId":"c","clientSecret":"s"}"#);
        assert!(
            matches!(oauth2.unwrap(), EndpointAuth::OAuth2(c) if c.scope.is_none() && c.client_id == "c")
        );
    }

    #[test]
    fn headers_go_to_the_engine_in_name_order() {
        let json: HeadersJson = serde_json::from_str(r#"{"X-B":"2","X-A":"1"}"#).unwrap();
        assert_eq!(headers_in(Some(json)), vec![("X-A".into(), "1".into()), ("X-B".into(), "2".into())]);
        assert!(headers_in(None).is_empty());
    }
}
