//! The operator API (`/operator/v1`): a product that runs workflow-api for its customers mints
//! their accounts' session tokens and console links. Every handler takes [`Operator`]: the
//! request carried an operator key (`OPERATOR_KEYS`), never an account's token. The command line
//! (`token`, `console-link`) calls the same code.

use crate::auth::{check_account_id, JwtKeys};
use crate::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use api_support::auth::Operator;
use api_support::{codes, ts, ApiError};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A token's lifetime: one hour unless asked, at most 30 days.
pub const DEFAULT_TTL_SECONDS: u64 = 3600;
pub const MAX_TTL_SECONDS: u64 = 30 * 24 * 3600;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TokenIn {
    account: String,
    ttl_seconds: Option<u64>,
}

/// The lifetime asked for, or the 422 that says what is allowed.
pub fn token_ttl(asked: Option<u64>) -> Result<Duration, ApiError> {
    match asked.unwrap_or(DEFAULT_TTL_SECONDS) {
        s @ 60..=MAX_TTL_SECONDS => Ok(Duration::from_secs(s)),
        _ => Err(ApiError::invalid(
            codes::INVALID_BODY,
            format!(
                "ttlSeconds must be from 60 to {MAX_TTL_SECONDS} (30 days); default {DEFAULT_TTL_SECONDS}"
            ),
        )),
    }
}

/// A session token for an account (any account id: accounts are the product's own).
pub async fn token(
    keys: web::Data<JwtKeys>,
    _: Operator,
    body: web::Json<TokenIn>,
) -> Result<HttpResponse, ApiError> {
    let ttl = token_ttl(body.ttl_seconds)?;
    // `issue_until` checks the account id (as the `token` command's does).
    let (token, expires_at) = keys
        .issue_until(&body.account, ttl)
        .map_err(|e| ApiError::invalid(codes::INVALID_BODY, e.to_string()))?;
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct TokenOut<'a> {
        account: &'a str,
        token: String,
        expires_at: String,
    }
    Ok(HttpResponse::Created().json(TokenOut { account: &body.account, token, expires_at: ts(expires_at) }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleLinkIn {
    account: String,
    page: Option<String>,
}

/// A single-use console sign-in link for an account, opening `page`.
pub async fn console_link(
    state: web::Data<AppState>,
    _: Operator,
    req: HttpRequest,
    body: web::Json<ConsoleLinkIn>,
) -> Result<HttpResponse, ApiError> {
    check_account_id(&body.account).map_err(|e| ApiError::invalid(codes::INVALID_BODY, e.to_string()))?;
    let page = body.page.as_deref().unwrap_or("/console");
    web_console::session::link_answer(state.engine.pool(), &body.account, &req, page).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_lives_an_hour_unless_asked_and_thirty_days_at_most() {
        assert_eq!(token_ttl(None).map_err(|e| e.code), Ok(Duration::from_secs(3600)));
        assert_eq!(token_ttl(Some(60)).map_err(|e| e.code), Ok(Duration::from_secs(60)));
        assert_eq!(
            token_ttl(Some(MAX_TTL_SECONDS)).map_err(|e| e.code),
            Ok(Duration::from_secs(MAX_TTL_SECONDS))
        );
        for bad in [0, 59, MAX_TTL_SECONDS + 1] {
            assert_eq!(token_ttl(Some(bad)).map_err(|e| e.code), Err(codes::INVALID_BODY), "{bad}");
        }
    }
}
