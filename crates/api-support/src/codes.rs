//! The error `code`s api-support itself produces (extractors, middleware, authentication, the
//! engine-error mapping). Each service lists what it can return in its `error_codes.rs`:
//! [`SHARED`], the engine-rule codes that apply to it, and its own; a test there keeps that
//! list equal to the service's documentation.

pub const MALFORMED_JSON: &str = "malformed_json";
pub const BAD_REQUEST: &str = "bad_request";
pub const UNAUTHORIZED: &str = "unauthorized";
pub const NOT_FOUND: &str = "not_found";
pub const METHOD_NOT_ALLOWED: &str = "method_not_allowed";
pub const PAYLOAD_TOO_LARGE: &str = "payload_too_large";
pub const UNSUPPORTED_MEDIA_TYPE: &str = "unsupported_media_type";
pub const INVALID_BODY: &str = "invalid_body";
pub const INVALID_QUERY: &str = "invalid_query";
/// A write body with a field its route does not take (422; the detail names the known field it
/// resembles, if any): a misspelt field is never ignored.
pub const UNKNOWN_FIELD: &str = "unknown_field";
pub const UNKNOWN_QUERY_PARAMETER: &str = "unknown_query_parameter";
pub const INVALID_IDEMPOTENCY_KEY: &str = "invalid_idempotency_key";
pub const IDEMPOTENCY_KEY_REUSED: &str = "idempotency_key_reused";
pub const IDEMPOTENCY_REQUEST_IN_PROGRESS: &str = "idempotency_request_in_progress";
pub const RATE_LIMITED: &str = "rate_limited";
pub const INTERNAL_ERROR: &str = "internal_error";
pub const DATABASE_UNAVAILABLE: &str = "database_unavailable";
pub const STORAGE_FULL: &str = "storage_full";
pub const PAYLOAD_EXPIRED: &str = "payload_expired";
pub const INVALID_TEXT: &str = "invalid_text";
pub const INVALID_URL: &str = "invalid_url";
pub const URL_FORBIDDEN_ADDRESS: &str = "url_forbidden_address";
pub const ENDPOINT_DELETED: &str = "endpoint_deleted";
/// An endpoint's `rateLimit` that is not a whole number from 1 to 10000 (the engine's
/// `InvalidRateLimit`).
pub const INVALID_RATE_LIMIT: &str = "invalid_rate_limit";
/// An endpoint's custom header that the service, the transport or `auth` sets (the engine's
/// `AccessError::ReservedHeader`); other header rules broken; a credential that breaks its rules.
pub const RESERVED_HEADER: &str = "reserved_header";
pub const INVALID_HEADERS: &str = "invalid_headers";
pub const INVALID_AUTH: &str = "invalid_auth";
/// A client certificate that does not parse, whose key is not its own, or that has expired.
pub const INVALID_CLIENT_CERTIFICATE: &str = "invalid_client_certificate";
/// An endpoint's `filter` that is not a filter (with a `pointer` to the offending part), or one
/// that tests a misspelling of a field its event types declare (the engine's `InvalidFilter`,
/// `UnknownFilterField`).
pub const INVALID_FILTER: &str = "invalid_filter";
pub const UNKNOWN_FILTER_FIELD: &str = "unknown_filter_field";
/// `GET /readyz` only (see `health`).
pub const NOT_READY: &str = "not_ready";

/// Bulk recovery (`recovery`): `since` / `until` unreadable, out of order or in the future; a
/// window over 90 days; a second job while one is active; cancelling a job that has ended.
pub const INVALID_WINDOW: &str = "invalid_window";
pub const WINDOW_TOO_LONG: &str = "window_too_long";
pub const RECOVERY_ALREADY_ACTIVE: &str = "recovery_already_active";
pub const RECOVERY_JOB_ENDED: &str = "recovery_job_ended";

/// Listen sessions (`listen`): a stream request that does not accept `text/event-stream`; a
/// tenant at its cap of live sessions; a reply for a delivery that is not awaiting one.
pub const NOT_ACCEPTABLE: &str = "not_acceptable";
pub const LISTEN_SESSION_LIMIT: &str = "listen_session_limit";
pub const LISTEN_REPLY_NOT_EXPECTED: &str = "listen_reply_not_expected";

/// Engine-error codes that only some services can meet: `url_not_https` under
/// `UrlRule::HttpsOnly`, `invalid_events` where a service keeps the shared mapping of unknown
/// event types, `already_delivered` under `ResendRule::RejectDelivered`.
pub const URL_NOT_HTTPS: &str = "url_not_https";
pub const INVALID_EVENTS: &str = "invalid_events";
pub const ALREADY_DELIVERED: &str = "already_delivered";

/// The codes of lists (`pagination`), for the services whose lists use them: a `limit` out of
/// range, a `before` that names no item of the list.
pub const INVALID_LIMIT: &str = "invalid_limit";
pub const INVALID_CURSOR: &str = "invalid_cursor";

/// The codes every service on api-support can return.
pub const SHARED: &[&str] = &[
    MALFORMED_JSON,
    BAD_REQUEST,
    UNAUTHORIZED,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    PAYLOAD_TOO_LARGE,
    UNSUPPORTED_MEDIA_TYPE,
    INVALID_BODY,
    INVALID_QUERY,
    UNKNOWN_FIELD,
    UNKNOWN_QUERY_PARAMETER,
    INVALID_IDEMPOTENCY_KEY,
    IDEMPOTENCY_KEY_REUSED,
    IDEMPOTENCY_REQUEST_IN_PROGRESS,
    RATE_LIMITED,
    INTERNAL_ERROR,
    DATABASE_UNAVAILABLE,
    STORAGE_FULL,
    PAYLOAD_EXPIRED,
    INVALID_TEXT,
    INVALID_URL,
    INVALID_RATE_LIMIT,
    RESERVED_HEADER,
    INVALID_HEADERS,
    INVALID_AUTH,
    INVALID_CLIENT_CERTIFICATE,
    INVALID_FILTER,
    UNKNOWN_FILTER_FIELD,
    URL_FORBIDDEN_ADDRESS,
    ENDPOINT_DELETED,
    NOT_READY,
    INVALID_WINDOW,
    WINDOW_TOO_LONG,
    RECOVERY_ALREADY_ACTIVE,
    RECOVERY_JOB_ENDED,
    NOT_ACCEPTABLE,
    LISTEN_SESSION_LIMIT,
    LISTEN_REPLY_NOT_EXPECTED,
];

/// The codes an error table in a Markdown reference documents: the first `` `code` `` of each
/// table row under `heading` (up to the next `## ` heading).
/// Checks a service's table of codes against its docs: the Markdown reference (the table under
/// `heading` in `reference`, named `reference_name` in messages) documents exactly the codes, and
/// the OpenAPI description names none outside them. The error says what is missing or extra.
pub fn check_documented(
    codes: &std::collections::BTreeSet<&'static str>,
    reference_name: &str,
    reference: &str,
    heading: &str,
    openapi: &str,
) -> Result<(), String> {
    let table: std::collections::BTreeSet<String> = codes.iter().map(|c| (*c).to_owned()).collect();
    let documented = documented_in_markdown(reference, heading)?;
    let undocumented: Vec<_> = table.difference(&documented).collect();
    if !undocumented.is_empty() {
        return Err(format!("codes missing from {reference_name}: {undocumented:?}"));
    }
    let unknown: Vec<_> = documented.difference(&table).collect();
    if !unknown.is_empty() {
        return Err(format!("{reference_name} documents codes the service never returns: {unknown:?}"));
    }
    let described = documented_in_openapi(openapi)?;
    let unknown: Vec<_> = described.difference(&table).collect();
    if !unknown.is_empty() {
        return Err(format!("openapi.json names codes the service never returns: {unknown:?}"));
    }
    Ok(())
}

pub fn documented_in_markdown(
    doc: &str,
    heading: &str,
) -> Result<std::collections::BTreeSet<String>, String> {
    let start = doc.find(heading).ok_or_else(|| format!("no `{heading}` section"))?;
    let section = &doc[start + heading.len()..];
    let section = section.find("\n## ").map_or(section, |end| &section[..end]);
    let codes: std::collections::BTreeSet<String> = section
        .lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|row| row.split('`').nth(1))
        .filter(|c| *c != "code" && !c.is_empty() && c.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        .map(str::to_owned)
        .collect();
    if codes.is_empty() {
        return Err(format!("no error table under `{heading}`"));
    }
    Ok(codes)
}

/// Every `code` an OpenAPI document lists: each error response's body is the shared `Error`
/// schema and its codes are listed beside it in `x-error-codes` (so a generated client has one
/// error type, and the codes stay documented per response); an error response that breaks
/// either rule is an error.
pub fn documented_in_openapi(doc: &str) -> Result<std::collections::BTreeSet<String>, String> {
    let doc: serde_json::Value = serde_json::from_str(doc).map_err(|e| e.to_string())?;
    let mut codes = std::collections::BTreeSet::new();
    for (name, response) in error_responses(&doc) {
        let schema = &response["content"]["application/json"]["schema"]["$ref"];
        if schema != "#/components/schemas/Error" {
            return Err(format!("{name}: an error response's body is not the shared `Error` schema"));
        }
        let listed = response["x-error-codes"].as_array().filter(|c| !c.is_empty());
        let listed = listed.ok_or_else(|| format!("{name}: an error response lists no `x-error-codes`"))?;
        codes.extend(listed.iter().filter_map(|c| c.as_str()).map(str::to_owned));
    }
    Ok(codes)
}

/// Every 4xx and 5xx response of an OpenAPI document (the shared ones under
/// `components/responses`, and those written out in an operation), named for messages.
fn error_responses(doc: &serde_json::Value) -> Vec<(String, &serde_json::Value)> {
    let mut found = Vec::new();
    if let Some(shared) = doc["components"]["responses"].as_object() {
        found.extend(shared.iter().map(|(name, r)| (format!("components/responses/{name}"), r)));
    }
    let operations = doc["paths"].as_object().into_iter().flatten().flat_map(|(path, item)| {
        item.as_object().into_iter().flatten().map(move |(method, op)| (format!("{method} {path}"), op))
    });
    for (op_name, op) in operations {
        let responses = op["responses"].as_object().into_iter().flatten();
        let is_error = |status: &str| status.parse::<u16>().is_ok_and(|s| s >= 400);
        let errors = responses.filter(|(status, r)| is_error(status) && r.get("$ref").is_none());
        found.extend(errors.map(|(status, r)| (format!("{op_name} {status}"), r)));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_markdown_error_table_yields_its_codes() {
        let doc = "# X\n## 7. Errors\n\n| HTTP | `code` | Meaning |\n|---|---|---|\n\
                   | 401 | `unauthorized` | no `Bearer` |\n| `not_found` | 404 | gone |\n\n## 8. Next\n\
                   | `elsewhere` | 1 |\n";
        let codes = documented_in_markdown(doc, "## 7. Errors").expect("table");
        assert_eq!(codes.into_iter().collect::<Vec<_>>(), ["not_found", "unauthorized"]);
        assert!(documented_in_markdown(doc, "## 9. Missing").is_err());
    }

    #[test]
    fn an_openapi_document_lists_each_error_responses_codes_beside_the_shared_schema() {
        let error =
            serde_json::json!({ "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } });
        let mut doc = serde_json::json!({
            "components": { "responses": { "NotFound": { "x-error-codes": ["not_found"], "content": error } } },
            "paths": { "/a": { "post": { "responses": {
                "201": { "description": "made" },
                "404": { "$ref": "#/components/responses/NotFound" },
                "422": { "x-error-codes": ["x", "y"], "content": error },
            } } } },
        });
        let codes = documented_in_openapi(&doc.to_string()).expect("listed");
        assert_eq!(codes.into_iter().collect::<Vec<_>>(), ["not_found", "x", "y"]);
        let unprocessable = &mut doc["paths"]["/a"]["post"]["responses"]["422"];
        unprocessable["content"]["application/json"]["schema"] = serde_json::json!({ "type": "object" });
        let inline = documented_in_openapi(&doc.to_string()).unwrap_err();
        assert_eq!(inline, "post /a 422: an error response's body is not the shared `Error` schema");
        let unprocessable = &mut doc["paths"]["/a"]["post"]["responses"]["422"];
        unprocessable["content"] = error;
        unprocessable["x-error-codes"] = serde_json::json!([]);
        let unlisted = documented_in_openapi(&doc.to_string()).unwrap_err();
        assert_eq!(unlisted, "post /a 422: an error response lists no `x-error-codes`");
    }

    #[test]
    fn shared_codes_are_listed_once() {
        let unique: std::collections::BTreeSet<_> = SHARED.iter().collect();
        assert_eq!(unique.len(), SHARED.len());
    }
}
