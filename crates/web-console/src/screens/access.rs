//! An endpoint's headers, credential and client certificate in the consoles (docs/engine.md,
//! "Receivers behind gateways", "Client certificates"): the fields the registration form and
//! the endpoint's own page share, read into what the engine takes, and that page
//! (`/console/endpoints/{id}/access`). The rules are the engine's; a refused form shows the
//! engine's words, as the API answers them. Secrets are write-only: the page says which
//! credential and certificate are set, never a secret or key, and the form keeps, replaces or
//! removes each. A refused form keeps what was typed except secrets.

use super::shared::{endpoint_id, layout, save_endpoint_change};
use crate::error::ConsoleError;
use crate::layout::Layout;
use crate::render::html;
use crate::service::ServiceConsole;
use crate::session::{self, ConsoleForm, ConsoleSession};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::ts;
use api_support::{codes, ApiError};
use askama::Template;
use chrono::{DateTime, Utc};
use delivery_engine::endpoints::{
    AuthSummary, CertificateSummary, ClientCertificate, Endpoint, EndpointAuth, EndpointPatch, OAuth2Client,
};
use delivery_engine::Engine;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// The form fields for headers and a credential (`auth` is `keep`, `none`, or a type).
#[derive(Debug, Default, Deserialize)]
pub struct AccessFields {
    /// One `Name: value` a line.
    #[serde(default)]
    pub headers: String,
    #[serde(default)]
    pub auth: String,
    #[serde(default)]
    pub auth_token: String,
    #[serde(default)]
    pub auth_username: String,
    #[serde(default)]
    pub auth_password: String,
    #[serde(default)]
    pub auth_header_name: String,
    #[serde(default)]
    pub auth_header_value: String,
    #[serde(default)]
    pub auth_token_url: String,
    #[serde(default)]
    pub auth_client_id: String,
    #[serde(default)]
    pub auth_client_secret: String,
    #[serde(default)]
    pub auth_scope: String,
    #[serde(default)]
    pub auth_audience: String,
    /// `keep`, `none` or `set`.
    #[serde(default)]
    pub client_cert: String,
    #[serde(default)]
    pub client_cert_pem: String,
    #[serde(default)]
    pub client_cert_key: String,
}

/// What the form asks of one of the endpoint's secrets (its credential, its certificate).
#[derive(Debug, PartialEq, Eq)]
pub enum Choice<T> {
    Keep,
    Remove,
    Set(T),
}

impl<T> Choice<T> {
    /// As a patch takes it: `None` keeps, `Some(None)` removes.
    fn patch(self) -> Option<Option<T>> {
        match self {
            Self::Keep => None,
            Self::Remove => Some(None),
            Self::Set(t) => Some(Some(t)),
        }
    }

    /// As a registration takes it: only a secret set.
    pub fn set(self) -> Option<T> {
        match self {
            Self::Set(t) => Some(t),
            Self::Keep | Self::Remove => None,
        }
    }
}

impl AccessFields {
    /// The headers, in the order typed.
    pub fn header_pairs(&self) -> Result<Vec<(String, String)>, ApiError> {
        parse_header_lines(&self.headers)
    }

    /// The credential asked for. Empty fields go to the engine as typed, which refuses them in
    /// the API's words; an empty optional field (scope, audience) is left out.
    pub fn auth_choice(&self) -> Result<Choice<EndpointAuth>, ApiError> {
        let text = |s: &str| s.trim().to_owned();
        let optional = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        Ok(match self.auth.as_str() {
            "keep" => Choice::Keep,
            "" | "none" => Choice::Remove,
            "bearer" => Choice::Set(EndpointAuth::Bearer { token: text(&self.auth_token) }),
            "basic" => Choice::Set(EndpointAuth::Basic {
                username: text(&self.auth_username),
                password: self.auth_password.clone(),
            }),
            "header" => Choice::Set(EndpointAuth::Header {
                name: text(&self.auth_header_name),
                value: text(&self.auth_header_value),
            }),
            "oauth2" => Choice::Set(EndpointAuth::OAuth2(OAuth2Client {
                token_url: text(&self.auth_token_url),
                client_id: text(&self.auth_client_id),
                client_secret: text(&self.auth_client_secret),
                scope: optional(&self.auth_scope),
                audience: optional(&self.auth_audience),
            })),
            other => {
                return Err(ApiError::invalid(
                    codes::INVALID_AUTH,
                    format!("`{other}` is not a credential type: bearer, basic, header or oauth2"),
                ))
            }
        })
    }

    /// The client certificate asked for (the engine checks the pair).
    pub fn certificate_choice(&self) -> Result<Choice<ClientCertificate>, ApiError> {
        Ok(match self.client_cert.as_str() {
            "keep" => Choice::Keep,
            "" | "none" => Choice::Remove,
            "set" => Choice::Set(ClientCertificate {
                certificate: self.client_cert_pem.trim().to_owned(),
                private_key: self.client_cert_key.trim().to_owned(),
            }),
            other => {
                return Err(ApiError::invalid(
                    codes::INVALID_CLIENT_CERTIFICATE,
                    format!("`{other}` is not a choice: keep, none or set"),
                ))
            }
        })
    }

    /// The change the endpoint's page asks for: the headers as typed (none clears them), the
    /// credential and the certificate each kept, removed or replaced.
    fn patch(&self) -> Result<EndpointPatch, ApiError> {
        Ok(EndpointPatch {
            headers: Some(self.header_pairs()?),
            auth: self.auth_choice()?.patch(),
            client_certificate: self.certificate_choice()?.patch(),
            ..Default::default()
        })
    }
}

/// Headers typed one `Name: value` a line (blank lines skipped, spaces around both trimmed).
/// Only the form's own syntax is checked here; names, values, duplicates and limits are the
/// engine's to check.
pub fn parse_header_lines(text: &str) -> Result<Vec<(String, String)>, ApiError> {
    let mut pairs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(ApiError::invalid(
                codes::INVALID_HEADERS,
                format!("line {} has no colon: write each header as `Name: value`", i + 1),
            ));
        };
        pairs.push((name.trim().to_owned(), value.trim().to_owned()));
    }
    Ok(pairs)
}

/// Headers as the form shows them, one `Name: value` a line.
pub fn header_lines(headers: &[(String, String)]) -> String {
    headers.iter().map(|(n, v)| format!("{n}: {v}")).collect::<Vec<_>>().join("\n")
}

/// A credential in words, without its secret.
pub fn auth_words(auth: &AuthSummary) -> String {
    match auth {
        AuthSummary::Bearer => "bearer token".to_owned(),
        AuthSummary::Basic { username } => format!("basic, user {username}"),
        AuthSummary::Header { name } => format!("header {name}"),
        AuthSummary::OAuth2 { token_url, client_id, scope, audience } => {
            let mut words = format!("OAuth2 client {client_id} at {token_url}");
            if let Some(s) = scope {
                words.push_str(&format!(", scope {s}"));
            }
            if let Some(a) = audience {
                words.push_str(&format!(", audience {a}"));
            }
            words
        }
    }
}

/// A client certificate in words: its subject and expiry, and a warning when it is near.
pub fn certificate_words(c: &CertificateSummary, now: DateTime<Utc>) -> String {
    let days = (c.not_after - now).num_days();
    let when = format!(
        "{} ({})",
        ts(c.not_after),
        if days > 0 { format!("in {days} days") } else { "today".into() }
    );
    match c.expires_soon(now) {
        true => format!("{}, expires soon: {when}", c.subject),
        false => format!("{}, expires {when}", c.subject),
    }
}

/// The endpoint list's line about an endpoint's headers, credential and client certificate;
/// empty without any.
pub fn access_summary(e: &Endpoint, now: DateTime<Utc>) -> String {
    let mut parts = Vec::new();
    if !e.headers.is_empty() {
        let names: Vec<&str> = e.headers.iter().map(|(n, _)| n.as_str()).collect();
        parts.push(format!("headers {}", names.join(", ")));
    }
    if let Some(a) = &e.auth {
        parts.push(format!("auth: {}", auth_words(a)));
    }
    if let Some(c) = &e.client_certificate {
        parts.push(format!("client certificate {}", certificate_words(c, now)));
    }
    parts.join(" · ")
}

#[derive(Template)]
#[template(path = "console/access.html")]
struct AccessPage {
    layout: Layout,
    id: String,
    url: String,
    headers_text: String,
    /// The credential set now, in words; empty: none.
    auth_now: String,
    /// The client certificate set now, in words; empty: none.
    cert_now: String,
    /// It expires within 30 days.
    cert_soon: bool,
    error: String,
}

impl AccessPage {
    fn new(layout: Layout, e: &Endpoint, refused: Option<RefusedAccess>, now: DateTime<Utc>) -> Self {
        let (headers_text, error) = match refused {
            Some(r) => (r.headers, r.error),
            None => (header_lines(&e.headers), String::new()),
        };
        Self {
            layout,
            id: e.id.to_string(),
            url: e.url.clone(),
            headers_text,
            auth_now: e.auth.as_ref().map(auth_words).unwrap_or_default(),
            cert_now: e.client_certificate.as_ref().map(|c| certificate_words(c, now)).unwrap_or_default(),
            cert_soon: e.client_certificate.as_ref().is_some_and(|c| c.expires_soon(now)),
            error,
        }
    }
}

/// A refused change, left for the page it redirects to: the error and the headers as typed
/// (never a secret).
#[derive(Debug, Serialize, Deserialize)]
struct RefusedAccess {
    endpoint: Uuid,
    headers: String,
    error: String,
}

pub(super) async fn access_form<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let e = engine.get_endpoint(&session.tenant, id).await.map_err(|e| S::api_error(e, "endpoint"))?;
    let refused: Option<RefusedAccess> = session::take_flash(&engine, &session).await?;
    let layout = layout::<S>(&session, "/console/endpoints", "Headers and authentication");
    let page = AccessPage::new(layout, &e, refused.filter(|r| r.endpoint == id), Utc::now());
    Ok(html(StatusCode::OK, &page))
}

/// Saves the headers and the credential; answers 303 to the list, or back to the form with the
/// engine's error (a reload sends nothing again).
pub(super) async fn save_access<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<AccessFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let ConsoleForm { session, fields } = form;
    let patch = fields.patch();
    save_endpoint_change::<S, _>(&engine, &session, id, patch, "access", |error| RefusedAccess {
        endpoint: id,
        headers: fields.headers,
        error,
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::testing::{at, endpoint, has_csrf_form, test_layout, NOW};

    fn fields(auth: &str) -> AccessFields {
        AccessFields { auth: auth.to_owned(), ..Default::default() }
    }

    #[test]
    fn header_lines_read_name_and_value_and_name_the_line_without_a_colon() {
        let pairs = parse_header_lines("X-Tenant: acme\r\n\n  X-Region :eu-west: 1 \n").unwrap();
        assert_eq!(pairs, [("X-Tenant".into(), "acme".into()), ("X-Region".into(), "eu-west: 1".into())]);
        assert_eq!(header_lines(&pairs), "X-Tenant: acme\nX-Region: eu-west: 1");
        assert!(parse_header_lines("").unwrap().is_empty());
        let refused = parse_header_lines("X-A: 1\nno colon here").unwrap_err();
        assert_eq!((refused.code, refused.detail.contains("line 2")), (codes::INVALID_HEADERS, true));
    }

    #[test]
    fn the_credential_choice_keeps_removes_or_sets_each_type() {
        assert_eq!(fields("keep").auth_choice().unwrap(), Choice::Keep);
        assert_eq!(fields("none").auth_choice().unwrap(), Choice::Remove);
        assert_eq!(fields("").auth_choice().unwrap(), Choice::Remove, "the register form's default");
        let basic =
            AccessFields { auth_username: " hooks ".into(), auth_password: " pw ".into(), ..fields("basic") };
        assert_eq!(
            basic.auth_choice().unwrap(),
            Choice::Set(EndpointAuth::Basic { username: "hooks".into(), password: " pw ".into() }),
            "a password is taken as typed"
        );
        let oauth2 = AccessFields {
            auth_token_url: "https://auth.example/token".into(),
            auth_client_id: "c".into(),
            auth_client_secret: "s".into(),
            auth_scope: " ".into(),
            auth_audience: "api".into(),
            ..fields("oauth2")
        };
        let Choice::Set(EndpointAuth::OAuth2(c)) = oauth2.auth_choice().unwrap() else { panic!() };
        assert_eq!((c.scope, c.audience.as_deref()), (None, Some("api")));
        assert_eq!(fields("digest").auth_choice().unwrap_err().code, codes::INVALID_AUTH);
    }

    #[test]
    fn a_page_patch_replaces_the_headers_and_keeps_the_credential_unless_asked() {
        let keep = AccessFields { headers: "X-A: 1".into(), ..fields("keep") }.patch().unwrap();
        assert_eq!((keep.headers, keep.auth), (Some(vec![("X-A".into(), "1".into())]), None));
        let clear = fields("none").patch().unwrap();
        assert_eq!(
            (clear.headers, clear.auth, clear.client_certificate),
            (Some(Vec::new()), Some(None), Some(None))
        );
        let cert = AccessFields {
            client_cert: "set".into(),
            client_cert_pem: " PEM \n".into(),
            client_cert_key: "KEY".into(),
            ..fields("keep")
        };
        let set = ClientCertificate { certificate: "PEM".into(), private_key: "KEY".into() };
        assert_eq!(cert.patch().unwrap().client_certificate, Some(Some(set)));
        let kept = AccessFields { client_cert: "keep".into(), ..fields("keep") };
        assert_eq!(kept.patch().unwrap().client_certificate, None);
        assert_eq!(
            AccessFields { client_cert: "maybe".into(), ..fields("keep") }
                .certificate_choice()
                .unwrap_err()
                .code,
            codes::INVALID_CLIENT_CERTIFICATE
        );
    }

    #[test]
    fn a_certificate_shows_its_subject_and_expiry_and_warns_within_30_days() {
        let mut e = endpoint("https://mtls.example/hook");
        let soon = at(NOW) + chrono::TimeDelta::days(12);
        e.client_certificate = Some(CertificateSummary { subject: "CN=hooks".into(), not_after: soon });
        let html = AccessPage::new(test_layout(), &e, None, at(NOW)).render().unwrap();
        assert!(
            html.contains("<p id=\"cert-now\" class=\"warning\">Set now: CN=hooks, expires soon: "),
            "{html}"
        );
        assert!(html.contains("(in 12 days)"), "{html}");
        assert!(html.contains("<option value=\"keep\" selected>Keep it</option>"), "{html}");
        assert!(html.contains("name=\"client_cert_key\""), "{html}");
        let far = CertificateSummary {
            subject: "CN=hooks".into(),
            not_after: at(NOW) + chrono::TimeDelta::days(90),
        };
        assert_eq!(
            certificate_words(&far, at(NOW)),
            "CN=hooks, expires 2027-02-21T10:20:00.000Z (in 90 days)"
        );
    }

    #[test]
    fn the_page_shows_the_credential_in_words_never_a_secret_field_filled() {
        let mut e = endpoint("https://gw.example/hook");
        e.headers = vec![("X-Tenant".into(), "<acme>".into())];
        e.auth = Some(AuthSummary::Basic { username: "hooks".into() });
        let html = AccessPage::new(test_layout(), &e, None, at(NOW)).render().unwrap();
        assert!(has_csrf_form(&html, &format!("/console/endpoints/{}/access", e.id)), "{html}");
        assert!(html.contains(">X-Tenant: &#60;acme&#62;</textarea>"), "escaped: {html}");
        assert!(html.contains("<p id=\"auth-now\">Set now: basic, user hooks"), "{html}");
        assert!(html.contains("<option value=\"keep\" selected>"), "{html}");
        for secret in ["auth_token", "auth_password", "auth_header_value", "auth_client_secret"] {
            assert!(
                html.contains(&format!("name=\"{secret}\" type=\"password\" autocomplete=\"off\">")),
                "{secret} is write-only and empty: {html}"
            );
        }
        assert_eq!(
            access_summary(&e, at(NOW)),
            "headers X-Tenant · auth: basic, user hooks",
            "the list's line: names, never values"
        );
    }

    #[test]
    fn without_a_credential_the_page_offers_none_and_a_refusal_keeps_the_typed_headers() {
        let e = endpoint("https://gw.example/hook");
        let refused = RefusedAccess {
            endpoint: e.id,
            headers: "Host: x".into(),
            error: "the header `Host` is reserved".into(),
        };
        let html = AccessPage::new(test_layout(), &e, Some(refused), at(NOW)).render().unwrap();
        assert!(!html.contains("auth-now") && !html.contains("value=\"keep\""), "{html}");
        assert!(html.contains("<option value=\"none\" selected>"), "{html}");
        assert!(html.contains(">Host: x</textarea>"), "{html}");
        assert!(html.contains("id=\"form-error\">the header `Host` is reserved</p>"), "{html}");
        assert_eq!(access_summary(&e, at(NOW)), "");
    }
}
