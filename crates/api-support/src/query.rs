//! Query parameters as strict as bodies: a request for an operation of the service's OpenAPI
//! document may carry only the query parameters that operation declares; any other is refused
//! with 422 `unknown_query_parameter`, naming the parameter meant when one is close, as an
//! unknown body field is refused with `unknown_field`. A misspelt filter
//! (`?eventType=` where the route takes `event`) would otherwise answer unfiltered rows.
//!
//! The allowed names are read from the document itself, so it and the routes cannot disagree;
//! a service registers [`QueryParameters`] as app data and [`middleware`] runs after
//! authentication and rate limiting. Public routes (`GET /openapi.json`) and routes outside the
//! document (the consoles) are not checked. Cost: one hash lookup per request; a service that
//! registers no [`QueryParameters`] checks nothing.

use crate::{codes, ApiError, RouteTable};
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web;
use std::collections::HashMap;

/// The query parameters each operation declares, by (METHOD, path pattern).
#[derive(Debug, Default)]
pub struct QueryParameters(HashMap<(String, String), Vec<String>>);

impl QueryParameters {
    /// The declared `in: query` parameters of every operation of an OpenAPI 3 document (the
    /// operation's own and its path item's, `$ref`s to `components/parameters` followed).
    pub fn from_openapi(doc: &str) -> Result<Self, String> {
        let doc: serde_json::Value = serde_json::from_str(doc).map_err(|e| e.to_string())?;
        let paths = doc["paths"].as_object().ok_or("no paths object")?;
        let mut operations = HashMap::new();
        for (path, item) in paths {
            let item = item.as_object().ok_or("a path item is not an object")?;
            let shared = item.get("parameters").and_then(|p| p.as_array()).cloned().unwrap_or_default();
            for (method, op) in item.iter().filter(|(m, _)| *m != "parameters") {
                let own = op["parameters"].as_array().cloned().unwrap_or_default();
                let mut names = Vec::new();
                for parameter in shared.iter().chain(&own) {
                    let parameter = resolve(&doc, parameter)?;
                    if parameter["in"] == "query" {
                        names.push(parameter["name"].as_str().ok_or("a parameter has no name")?.to_owned());
                    }
                }
                operations.insert((method.to_uppercase(), path.clone()), names);
            }
        }
        Ok(Self(operations))
    }

    /// The 422 for the first query parameter of `query` the operation does not declare; `None`
    /// when every one is declared, or the operation is not in the document.
    pub fn refusal(&self, method: &str, pattern: &str, query: &str) -> Option<ApiError> {
        let declared = self.0.get(&(method.to_owned(), pattern.to_owned()))?;
        let given: Vec<(String, String)> = serde_html_form::from_str(query).unwrap_or_default();
        let (unknown, _) = given.iter().find(|(name, _)| !declared.contains(name))?;
        let hint = crate::suggest::did_you_mean(unknown, declared.iter().map(String::as_str));
        let names = declared.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ");
        let names = if names.is_empty() { "none".to_owned() } else { names };
        let detail = format!(
            "unknown query parameter `{unknown}`{hint}; the query parameters of this route are {names}"
        );
        Some(ApiError::invalid(codes::UNKNOWN_QUERY_PARAMETER, detail))
    }
}

/// A parameter, or the one its `$ref` names.
fn resolve<'a>(
    doc: &'a serde_json::Value,
    parameter: &'a serde_json::Value,
) -> Result<&'a serde_json::Value, String> {
    match parameter["$ref"].as_str() {
        None => Ok(parameter),
        Some(r) => {
            let name =
                r.strip_prefix("#/components/parameters/").ok_or_else(|| format!("unsupported $ref {r}"))?;
            let found = &doc["components"]["parameters"][name];
            if found.is_null() {
                return Err(format!("no parameter {r}"));
            }
            Ok(found)
        }
    }
}

/// Refuses a request to a documented, non-public route whose query names a parameter the
/// route does not declare ([`QueryParameters::refusal`]).
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if !req.query_string().is_empty() {
        if let Some(refusal) = refusal(&req) {
            return Ok(req.error_response(refusal).map_into_boxed_body());
        }
    }
    next.call(req).await.map(ServiceResponse::map_into_boxed_body)
}

fn refusal(req: &ServiceRequest) -> Option<ApiError> {
    let parameters = req.app_data::<web::Data<QueryParameters>>()?;
    let pattern = req.match_pattern()?;
    let method = req.method().as_str();
    let public = req.app_data::<RouteTable>().is_some_and(|t| t.public.contains(&(method, pattern.as_str())));
    if public {
        return None;
    }
    parameters.refusal(method, &pattern, req.query_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::StatusCode;

    const DOC: &str = r##"{
        "components": {"parameters": {"Limit": {"name": "limit", "in": "query"}}},
        "paths": {
            "/log": {"get": {"parameters": [{"$ref": "#/components/parameters/Limit"},
                                            {"name": "event", "in": "query"},
                                            {"name": "Idempotency-Key", "in": "header"}]}},
            "/things/{id}": {"parameters": [{"name": "id", "in": "path"}], "get": {}}
        }
    }"##;

    #[test]
    fn only_declared_query_parameters_pass() {
        let params = QueryParameters::from_openapi(DOC).expect("document");
        assert!(params.refusal("GET", "/log", "limit=5&event=run.failed").is_none());
        assert!(params.refusal("GET", "/log", "").is_none());
        let refused = params.refusal("GET", "/log", "limit=5&evnt=run.failed").expect("unknown");
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(refused.code, codes::UNKNOWN_QUERY_PARAMETER);
        assert_eq!(
            refused.detail,
            "unknown query parameter `evnt` (did you mean `event`?); the query parameters of this route are `limit`, `event`"
        );
        let header_name =
            params.refusal("GET", "/log", "Idempotency-Key=x").expect("a header is not a query parameter");
        assert!(header_name.detail.starts_with("unknown query parameter `Idempotency-Key`"));
        let none = params.refusal("GET", "/things/{id}", "id=1").expect("a path parameter is not one either");
        assert!(none.detail.ends_with("the query parameters of this route are none"), "{}", none.detail);
        assert!(params.refusal("GET", "/console", "anything=1").is_none(), "not in the document");
    }

    #[test]
    fn a_reference_to_a_missing_parameter_is_an_error() {
        let broken = DOC.replace("parameters/Limit\"}", "parameters/Nope\"}");
        assert_eq!(
            QueryParameters::from_openapi(&broken).unwrap_err(),
            "no parameter #/components/parameters/Nope"
        );
    }
}
