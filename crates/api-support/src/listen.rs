//! What both services' listen routes share (docs/receiving.md "Listen on your laptop"): the
//! stream request's rules, the Server-Sent Events encoding of the engine's frames, the reply
//! body, and the settings. The routes themselves are each service's (its paths and its
//! authentication); the sessions are the engine's ([`delivery_engine::Engine::listen`]).

use crate::{codes, ApiError};
use actix_web::http::{header, StatusCode};
use actix_web::{HttpRequest, HttpResponse};
use base64::Engine as _;
use bytes::Bytes;
use clap::Args;
use delivery_engine::listen::{ListenConfig, ListenFrame, ListenOpen, ListenReply, ListenStream};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use uuid::Uuid;

/// The settings of listen sessions, part of every service's `serve` configuration.
#[derive(Debug, Clone, Args)]
pub struct ListenSettings {
    /// How long a listen session (`listen` subcommand) lives after its stream was last seen;
    /// then its endpoint is deleted and what it had not delivered ends dead.
    #[arg(long, env = "LISTEN_SESSION_TTL", default_value = "15m", value_parser = crate::cli::duration_arg)]
    pub listen_session_ttl: Duration,
    /// Live listen sessions a tenant may have at once; 0 switches listening off.
    #[arg(long, env = "LISTEN_MAX_SESSIONS", default_value_t = 5)]
    pub listen_max_sessions: u32,
}

impl ListenSettings {
    pub fn config(&self) -> ListenConfig {
        ListenConfig { ttl: self.listen_session_ttl, max_sessions: self.listen_max_sessions }
    }
}

/// The query of the stream request: `session` to take a session again, `events` (comma
/// separated) and `filter` (a content filter as JSON, as an endpoint's `filter`) to filter a
/// new one.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListenQuery {
    pub session: Option<String>,
    pub events: Option<String>,
    pub filter: Option<String>,
}

/// The stream request's rules: it must accept `text/event-stream` (what an EventSource and our
/// CLI send; anything else gets a JSON 406 rather than a stream that never ends); a `session`
/// that is no UUID is no session of the caller's (404); `events` is a comma-separated list;
/// `filter` is JSON (the engine checks it as a filter).
pub fn listen_open(req: &HttpRequest, query: ListenQuery) -> Result<ListenOpen, ApiError> {
    let accepts = req
        .headers()
        .get_all(header::ACCEPT)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case("text/event-stream")));
    if !accepts {
        return Err(ApiError::new(
            StatusCode::NOT_ACCEPTABLE,
            codes::NOT_ACCEPTABLE,
            "the listen stream is Server-Sent Events: send Accept: text/event-stream",
        ));
    }
    let session = match query.session.as_deref() {
        Some(raw) => Some(Uuid::parse_str(raw).map_err(|_| ApiError::not_found("listen session"))?),
        None => None,
    };
    let event_types = query
        .events
        .as_deref()
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect();
    let content_filter = match query.filter.as_deref() {
        Some(raw) => Some(serde_json::from_str(raw).map_err(|e| {
            ApiError::invalid(codes::INVALID_FILTER, format!("`filter` is not JSON: {e}"))
                .with_related("pointer", "/filter")
        })?),
        None => None,
    };
    Ok(ListenOpen { session, event_types, content_filter })
}

/// The engine's refusals of a stream, reply or end, with the listen routes' codes.
pub fn listen_error(e: delivery_engine::EngineError) -> ApiError {
    ApiError::from_engine(e, "listen session")
}

/// The stream as Server-Sent Events: `session`, `delivery` and `end` events with JSON data, and
/// a comment line as keep-alive. Never buffered by proxies that honour `X-Accel-Buffering`.
pub fn sse_response(stream: ListenStream) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("x-accel-buffering", "no"))
        .streaming(stream.map(|frame| Ok::<_, actix_web::Error>(Bytes::from(encode(&frame)))))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SessionData<'a> {
    session_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    secret: Option<&'a str>,
    event_types: &'a [String],
    /// Only when the session has a content filter.
    #[serde(skip_serializing_if = "Option::is_none")]
    filter: Option<&'a serde_json::Value>,
    resumed: bool,
    timeout_ms: u128,
    ttl_seconds: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DeliveryData<'a> {
    delivery_id: String,
    event_type: &'a str,
    attempt: u32,
    reply_token: &'a str,
    /// `[name, value]` pairs in the order sent, names in lower case.
    headers: &'a [(String, String)],
    /// The exact bytes, base64 (standard alphabet, padded).
    body: String,
}

#[derive(Serialize)]
struct EndData<'a> {
    reason: &'a str,
    /// The session lives on: connect again (the process that held the stream is stopping).
    reconnect: bool,
}

/// One frame as an SSE event (ending in a blank line).
pub fn encode(frame: &ListenFrame) -> String {
    let event = |name: &str, data: String| format!("event: {name}\ndata: {data}\n\n");
    match frame {
        ListenFrame::Session(s) => event(
            "session",
            json(&SessionData {
                session_id: s.session_id.to_string(),
                secret: s.secret.as_deref(),
                event_types: &s.event_types,
                filter: s.content_filter.as_ref(),
                resumed: s.resumed,
                timeout_ms: s.timeout.as_millis(),
                ttl_seconds: s.ttl.as_secs(),
            }),
        ),
        ListenFrame::Delivery(d) => format!(
            "id: {}\n{}",
            d.delivery_id,
            event(
                "delivery",
                json(&DeliveryData {
                    delivery_id: d.delivery_id.to_string(),
                    event_type: &d.event_type,
                    attempt: d.attempt,
                    reply_token: &d.reply_token,
                    headers: &d.headers,
                    body: base64::engine::general_purpose::STANDARD.encode(&d.body),
                })
            )
        ),
        ListenFrame::Ping => ": ping\n\n".to_owned(),
        ListenFrame::End { reason, reconnect } => {
            event("end", json(&EndData { reason, reconnect: *reconnect }))
        }
    }
}

/// An event's data: one line of JSON.
fn json<T: Serialize>(data: &T) -> String {
    serde_json::to_string(data).unwrap_or_else(|_| "{}".to_owned())
}

/// The body of a reply: what the local target answered to one delivery.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplyIn {
    pub delivery_id: Uuid,
    pub reply_token: String,
    /// The local target's HTTP status; null when there was none (see `error`).
    pub status: Option<u16>,
    pub error: Option<String>,
    /// The first bytes of the local answer, as text.
    #[serde(default)]
    pub body: String,
    #[serde(default)]
    pub duration_ms: u64,
    #[serde(default)]
    pub timed_out: bool,
}

impl ReplyIn {
    /// The reply as the engine takes it; a reply with neither a status nor an error says
    /// nothing and is refused (422 `invalid_body`).
    pub fn into_reply(self) -> Result<ListenReply, ApiError> {
        if self.status.is_none() && self.error.is_none() {
            return Err(ApiError::invalid(codes::INVALID_BODY, "a reply carries a status or an error"));
        }
        if self.status.is_some_and(|s| !(100..=599).contains(&s)) {
            return Err(ApiError::invalid(codes::INVALID_BODY, "status must be an HTTP status (100 to 599)"));
        }
        Ok(ListenReply {
            delivery_id: self.delivery_id,
            reply_token: self.reply_token,
            status: self.status,
            error: self.error,
            body: self.body.into_bytes(),
            duration: Duration::from_millis(self.duration_ms),
            timed_out: self.timed_out,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;
    use delivery_engine::listen::{ListenDelivery, ListenSessionInfo};

    #[test]
    fn a_stream_needs_an_event_stream_accept_header() {
        let plain = TestRequest::default().to_http_request();
        let e = listen_open(&plain, ListenQuery::default()).expect_err("refused");
        assert_eq!((e.status.as_u16(), e.code), (406, "not_acceptable"));
        let sse = TestRequest::default()
            .insert_header((header::ACCEPT, "application/json, text/event-stream;q=0.9"))
            .to_http_request();
        let query = ListenQuery { session: None, events: Some("a.v1, b.v1,,".into()), filter: None };
        let open = listen_open(&sse, query).expect("accepted");
        assert_eq!(open.event_types, ["a.v1", "b.v1"]);
        assert_eq!(open.session, None);
        let bad = ListenQuery { session: Some("nope".into()), events: None, filter: None };
        assert_eq!(listen_open(&sse, bad).expect_err("refused").status.as_u16(), 404);
        let filtered =
            ListenQuery { filter: Some(r#"{"payload.to": "paused"}"#.into()), ..Default::default() };
        let open = listen_open(&sse, filtered).expect("accepted");
        assert_eq!(open.content_filter, Some(serde_json::json!({"payload.to": "paused"})));
        let garbled = ListenQuery { filter: Some("{payload".into()), ..Default::default() };
        let e = listen_open(&sse, garbled).expect_err("refused");
        assert_eq!((e.status.as_u16(), e.code), (422, "invalid_filter"));
    }

    #[test]
    fn frames_are_server_sent_events_with_json_data() {
        let id = Uuid::nil();
        let session = ListenFrame::Session(ListenSessionInfo {
            session_id: id,
            secret: Some("whsec_x".into()),
            event_types: vec![],
            content_filter: None,
            resumed: false,
            timeout: Duration::from_secs(10),
            ttl: Duration::from_secs(900),
        });
        assert_eq!(
            encode(&session),
            "event: session\ndata: {\"sessionId\":\"00000000-0000-0000-0000-000000000000\",\"secret\":\"whsec_x\",\
             \"eventTypes\":[],\"resumed\":false,\"timeoutMs\":10000,\"ttlSeconds\":900}\n\n"
        );
        let delivery = ListenFrame::Delivery(ListenDelivery {
            delivery_id: id,
            event_type: "t".into(),
            attempt: 2,
            reply_token: "42".into(),
            headers: vec![("x-a".into(), "1".into())],
            body: b"{}".to_vec(),
        });
        assert_eq!(
            encode(&delivery),
            "id: 00000000-0000-0000-0000-000000000000\nevent: delivery\ndata: {\"deliveryId\":\
             \"00000000-0000-0000-0000-000000000000\",\"eventType\":\"t\",\"attempt\":2,\"replyToken\":\"42\",\
             \"headers\":[[\"x-a\",\"1\"]],\"body\":\"e30=\"}\n\n"
        );
        assert_eq!(encode(&ListenFrame::Ping), ": ping\n\n");
        let end = ListenFrame::End { reason: "r".into(), reconnect: false };
        assert_eq!(encode(&end), "event: end\ndata: {\"reason\":\"r\",\"reconnect\":false}\n\n");
    }

    #[test]
    fn a_reply_needs_a_status_or_an_error() {
        let reply = |status, error| ReplyIn {
            delivery_id: Uuid::nil(),
            reply_token: "1".into(),
            status,
            error,
            body: String::new(),
            duration_ms: 3,
            timed_out: false,
        };
        assert!(reply(None, None).into_reply().is_err());
        assert!(reply(Some(99), None).into_reply().is_err());
        let ok = reply(Some(204), None).into_reply().expect("valid");
        assert_eq!((ok.status, ok.duration), (Some(204), Duration::from_millis(3)));
        assert!(reply(None, Some("connection refused".into())).into_reply().is_ok());
    }
}
