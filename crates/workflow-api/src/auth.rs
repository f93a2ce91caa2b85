//! Session JWTs: HS256 only, `exp` required, 5 s leeway. The account id is the `sub` claim.

use actix_web::{dev::Payload, FromRequest, HttpRequest};
use api_support::ApiError;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    /// Issued-at; optional (only `exp` and `sub` are required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    iat: Option<i64>,
    exp: i64,
}

/// An account id the CLI may mint a credential for.
pub fn check_account_id(account: &str) -> anyhow::Result<()> {
    if account.is_empty() || account.chars().count() > MAX_ACCOUNT_ID || account.chars().any(char::is_control)
    {
        anyhow::bail!(
            "the account id must be 1 to {MAX_ACCOUNT_ID} characters, none of them control characters"
        );
    }
    if delivery_engine::Tenant::new(account).is_err() {
        anyhow::bail!("the account id `{account}` is reserved for the service itself");
    }
    Ok(())
}

#[derive(Clone)]
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for JwtKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JwtKeys(<redacted>)")
    }
}

/// Longest accepted account id.
pub const MAX_ACCOUNT_ID: usize = 128;

impl JwtKeys {
    pub fn new(secret: &str) -> anyhow::Result<Self> {
        if secret.len() < 32 {
            anyhow::bail!("JWT_SECRET must be at least 32 bytes");
        }
        Ok(Self {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
        })
    }

    pub fn issue(&self, account: &str, ttl: Duration) -> anyhow::Result<String> {
        Ok(self.issue_until(account, ttl)?.0)
    }

    /// A session token for `account` living `ttl` (the `token` command and the operator API's
    /// `POST /operator/v1/tokens`), and when it expires (whole seconds, as the token says).
    pub fn issue_until(
        &self,
        account: &str,
        ttl: Duration,
    ) -> anyhow::Result<(String, chrono::DateTime<chrono::Utc>)> {
        check_account_id(account)?;
        let now = chrono::Utc::now().timestamp();
        let exp = now + ttl.as_secs() as i64;
        let claims = Claims { sub: account.to_owned(), iat: Some(now), exp };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        let expires_at =
            chrono::DateTime::from_timestamp(exp, 0).ok_or_else(|| anyhow::anyhow!("ttl out of range"))?;
        Ok((token, expires_at))
    }

    /// The account (`sub`) of a valid token, and when it expires.
    fn verify(&self, token: &str) -> Result<(String, chrono::DateTime<chrono::Utc>), String> {
        if token.starts_with("ck_") {
            return Err("this is a campaign-api API key; workflow-api takes a session JWT (`workflow-api token --account <id>`)".to_owned());
        }
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256];
        validation.leeway = 5;
        validation.validate_aud = false;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).map_err(|e| match e
            .kind()
        {
            jsonwebtoken::errors::ErrorKind::ExpiredSignature => "the token has expired".to_owned(),
            jsonwebtoken::errors::ErrorKind::InvalidSignature => {
                "the token's signature is invalid".to_owned()
            }
            jsonwebtoken::errors::ErrorKind::InvalidAlgorithm => {
                "the token must be signed with HS256".to_owned()
            }
            _ => "the token is malformed".to_owned(),
        })?;
        let sub = data.claims.sub;
        if sub.is_empty() || sub.chars().count() > MAX_ACCOUNT_ID || sub.chars().any(char::is_control) {
            return Err("the token's subject is not an account id".to_owned());
        }
        let exp = chrono::DateTime::from_timestamp(data.claims.exp, 0)
            .ok_or_else(|| "the token's expiry is out of range".to_owned())?;
        Ok((sub, exp))
    }
}

/// The request's account, as the authentication step found it (`api_support::auth`).
#[derive(Debug, Clone)]
pub struct Account(pub delivery_engine::Tenant);

impl FromRequest for Account {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(api_support::auth::authenticated(req).map(Account))
    }
}

/// How workflow-api authenticates a request: the `sub` of a valid session JWT.
pub fn authenticator(keys: JwtKeys) -> api_support::auth::Authenticator {
    let expiry = keys.clone();
    api_support::auth::Authenticator {
        what: "jwt",
        check: Arc::new(move |token: String| {
            let account =
                keys.verify(&token).map(|(sub, _)| sub).map_err(|detail| ApiError::unauthorized(&detail));
            Box::pin(std::future::ready(account))
        }),
        expires_at: Some(Arc::new(move |token: &str| expiry.verify(token).ok().map(|(_, exp)| exp))),
    }
}
