//! What the pages of both consoles show, prepared as plain values (templates only lay them
//! out), and the rules behind them: time bounds of the log's filters, a request as `curl`,
//! durations in words.

use super::chart::{self, Bar};
use api_support::ts;
use chrono::DurationRound;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use delivery_engine::deliveries::{Attempt, HourlyAttempts, SentRequest, TenantOverview};

/// Response bodies are shown up to this many bytes.
pub const EXCERPT_BYTES: usize = 2048;

/// A log filter's time bound: `YYYY-MM-DD` (midnight UTC), `YYYY-MM-DD HH:MM[:SS]` (or with a
/// `T`; read as UTC, the form's text field says so) or RFC 3339. Empty is no bound.
pub fn parse_time_bound(raw: &str) -> Result<Option<DateTime<Utc>>, String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    if let Ok(t) = DateTime::parse_from_rfc3339(raw) {
        return Ok(Some(t.with_timezone(&Utc)));
    }
    for format in ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"] {
        if let Ok(t) = NaiveDateTime::parse_from_str(raw, format) {
            return Ok(Some(t.and_utc()));
        }
    }
    if let Ok(d) = NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        return Ok(d.and_hms_opt(0, 0, 0).map(|t| t.and_utc()));
    }
    Err(format!("`{raw}` is not a date (YYYY-MM-DD) or a time (YYYY-MM-DD HH:MM, UTC)"))
}

/// A value for a POSIX shell, in single quotes.
fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// A `curl` command that sends `req` again, byte for byte: a text body in single quotes
/// (which keep every byte as it is), any other body as hex through `xxd`.
pub fn curl_command(req: &SentRequest) -> String {
    let mut cmd = format!("curl -sS -X POST {}", shell_quote(&req.url));
    for (name, value) in &req.headers {
        cmd.push_str(&format!(" \\\n  -H {}", shell_quote(&format!("{name}: {value}"))));
    }
    match std::str::from_utf8(&req.body) {
        Ok(text) if !text.contains('\0') => {
            cmd.push_str(&format!(" \\\n  --data-binary {}", shell_quote(text)));
        }
        _ => {
            let hex: String = req.body.iter().map(|b| format!("{b:02x}")).collect();
            cmd.push_str(&format!(" \\\n  --data-binary @<(echo {hex} | xxd -r -p)"));
        }
    }
    cmd
}

/// Attempts per hour for the chart: 24 columns, the last one the hour `now` is in; hours
/// before the first column count in the first (the window starts mid-hour).
pub fn hourly_columns(hourly: &[HourlyAttempts], now: DateTime<Utc>) -> Vec<chart::Column> {
    let this_hour = now.duration_trunc(chrono::TimeDelta::hours(1)).unwrap_or(now);
    let first = this_hour - chrono::TimeDelta::hours(23);
    let mut columns = vec![chart::Column { ok: 0, failed: 0 }; 24];
    for h in hourly {
        let i = ((h.hour - first).num_hours()).clamp(0, 23) as usize;
        columns[i].ok += h.ok.max(0) as u64;
        columns[i].failed += h.failed.max(0) as u64;
    }
    columns
}

/// A duration in words: "45 s", "12 min", "3 h", "2 d".
pub fn span_words(d: chrono::TimeDelta) -> String {
    let s = d.num_seconds().max(0);
    match s {
        0..=119 => format!("{s} s"),
        120..=7199 => format!("{} min", s / 60),
        7200..=172_799 => format!("{} h", s / 3600),
        _ => format!("{} d", s / 86_400),
    }
}

/// One attempt, as the timeline shows it.
#[derive(Debug, Clone)]
pub struct AttemptView {
    pub number: i32,
    pub started_at: String,
    pub duration_ms: i32,
    pub status_code: String,
    pub ok: bool,
    pub error: String,
    /// The response body's first [`EXCERPT_BYTES`], as text (invalid UTF-8 replaced).
    pub excerpt: String,
    pub truncated: bool,
    /// How long the endpoint's rate limit held the delivery back before this attempt.
    pub rate_limited_ms: Option<i32>,
    /// It left through the egress proxy.
    pub via_proxy: bool,
}

impl From<&Attempt> for AttemptView {
    fn from(a: &Attempt) -> Self {
        let body = a.response_body.as_deref().unwrap_or_default();
        let cut = &body[..body.len().min(EXCERPT_BYTES)];
        Self {
            number: a.attempt_number,
            started_at: ts(a.started_at),
            duration_ms: a.duration_ms,
            status_code: a.response_code.map_or_else(|| "no response".to_owned(), |c| c.to_string()),
            ok: a.response_code.is_some_and(|c| (200..300).contains(&c)),
            error: a.error.clone().unwrap_or_default(),
            excerpt: String::from_utf8_lossy(cut).into_owned(),
            truncated: body.len() > EXCERPT_BYTES,
            rate_limited_ms: a.rate_limited_ms,
            via_proxy: a.via_proxy,
        }
    }
}

/// The request a delivery sent, as the detail page shows it.
#[derive(Debug, Clone)]
pub struct RequestView {
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
    /// The body pretty-printed, when it is JSON (the page shows it first; the exact bytes,
    /// which the signature covers, below it).
    pub body_pretty: Option<String>,
    pub body_bytes: usize,
    pub curl: String,
    pub signature_header: String,
    pub signature: String,
}

impl RequestView {
    /// `signature_header` names the header that carries the signature (lower case).
    pub fn new(req: &SentRequest, signature_header: &str) -> Self {
        let signature = req
            .headers
            .iter()
            .find(|(n, _)| n == signature_header)
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        Self {
            url: req.url.clone(),
            headers: req.headers.clone(),
            body: String::from_utf8_lossy(&req.body).into_owned(),
            body_pretty: pretty_json(&req.body),
            body_bytes: req.body.len(),
            curl: curl_command(req),
            signature_header: signature_header.to_owned(),
            signature,
        }
    }
}

/// `body` indented, if it is a JSON document: its tokens as sent, in their order (a `Value`
/// would sort the keys), with a line per member and two spaces per level.
pub fn pretty_json(body: &[u8]) -> Option<String> {
    serde_json::from_slice::<serde::de::IgnoredAny>(body).ok()?;
    let text = std::str::from_utf8(body).ok()?;
    let (mut out, mut depth, mut in_string, mut escaped) = (String::new(), 0usize, false, false);
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            (escaped, in_string) = match (escaped, c) {
                (true, _) => (false, true),
                (false, '\\') => (true, true),
                (false, '"') => (false, false),
                _ => (false, true),
            };
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                let close = if c == '{' { '}' } else { ']' };
                while chars.next_if(|n| n.is_whitespace()).is_some() {}
                if chars.next_if_eq(&close).is_some() {
                    out.push(close);
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    Some(out)
}

/// The overview's figures, as shown.
#[derive(Debug, Clone)]
pub struct OverviewView {
    pub new_deliveries: i64,
    pub delivered: i64,
    pub given_up: i64,
    pub success_rate: String,
    pub attempts: i64,
    pub p50: String,
    pub p95: String,
    pub due: i64,
    pub scheduled: i64,
    pub in_flight: i64,
    pub dead_total: i64,
    pub oldest_due_age: String,
    pub bars: Vec<Bar>,
    /// The count axis's lines and the hour ticks (every 3 hours), in the plot's coordinates.
    pub count_ticks: Vec<chart::Tick>,
    pub hour_ticks: Vec<chart::Tick>,
    pub chart_width: f64,
    pub chart_height: f64,
    /// The SVG's size: the plot, the counts' margin on the left, the hours' below.
    pub svg_width: f64,
    pub svg_height: f64,
    pub plot_left: f64,
    pub chart_summary: String,
}

impl OverviewView {
    pub fn new(o: &TenantOverview, now: DateTime<Utc>) -> Self {
        let first =
            now.duration_trunc(chrono::TimeDelta::hours(1)).unwrap_or(now) - chrono::TimeDelta::hours(23);
        let hour = |i: usize| first + chrono::TimeDelta::hours(i as i64);
        let columns = hourly_columns(&o.hourly, now);
        let bars = chart::bars(&columns, |i| hour(i).format("%H:00 UTC").to_string());
        let tallest = columns.iter().map(|c| c.ok + c.failed).max().unwrap_or(0);
        // Read from latency buckets (`LATENCY_BOUNDS_MS`): an upper bound.
        let ms = |v: Option<i32>| v.map_or_else(|| "–".to_owned(), |v| format!("≤ {v} ms"));
        Self {
            new_deliveries: o.new_deliveries,
            delivered: o.delivered,
            given_up: o.given_up,
            success_rate: if o.attempts > 0 {
                format!("{:.1} %", o.attempts_ok as f64 * 100.0 / o.attempts as f64)
            } else {
                "–".to_owned()
            },
            attempts: o.attempts,
            p50: ms(o.latency_p50_ms),
            p95: ms(o.latency_p95_ms),
            due: o.due,
            scheduled: o.scheduled,
            in_flight: o.in_flight,
            dead_total: o.dead_total,
            oldest_due_age: o.oldest_due_at.map_or_else(|| "–".to_owned(), |t| span_words(now - t)),
            chart_summary: format!(
                "Attempts per hour over the last 24 hours: {} succeeded, {} failed.",
                o.attempts_ok,
                o.attempts - o.attempts_ok
            ),
            bars,
            count_ticks: chart::count_ticks(chart::top(tallest)),
            hour_ticks: chart::column_ticks(24, 3, |i| hour(i).format("%H:00").to_string()),
            chart_width: chart::WIDTH,
            chart_height: chart::HEIGHT,
            svg_width: chart::LEFT + chart::WIDTH + 8.0,
            svg_height: chart::HEIGHT + chart::BOTTOM + 8.0,
            plot_left: chart::LEFT,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_attempt_shows_its_status_and_any_wait_for_the_rate_limit() {
        let attempt = Attempt {
            attempt_number: 2,
            started_at: DateTime::from_timestamp(1_795_000_000, 0).unwrap(),
            duration_ms: 12,
            response_code: Some(204),
            error: None,
            response_body: None,
            rate_limited_ms: Some(600),
            via_proxy: false,
        };
        let view = AttemptView::from(&attempt);
        assert!(view.ok);
        assert_eq!(view.status_code, "204");
        assert_eq!(view.rate_limited_ms, Some(600));
        let unpaced = AttemptView::from(&Attempt { rate_limited_ms: None, response_code: None, ..attempt });
        assert_eq!((unpaced.rate_limited_ms, unpaced.status_code.as_str()), (None, "no response"));
    }

    #[test]
    fn a_json_body_is_shown_indented_and_another_is_not() {
        assert_eq!(
            pretty_json(br#"{"b":1, "a":[2,{}], "s":"x,{\"}"}"#).as_deref(),
            Some("{\n  \"b\": 1,\n  \"a\": [\n    2,\n    {}\n  ],\n  \"s\": \"x,{\\\"}\"\n}"),
            "keys in the order sent; punctuation inside strings kept"
        );
        assert_eq!(pretty_json(b"[ ]").as_deref(), Some("[]"));
        assert_eq!(pretty_json(b"not json"), None);
    }

    #[test]
    fn time_bounds_take_dates_local_times_and_rfc3339() {
        let t = |s| parse_time_bound(s).unwrap().map(ts);
        assert_eq!(t(""), None);
        assert_eq!(t("2026-11-23").as_deref(), Some("2026-11-23T00:00:00.000Z"));
        assert_eq!(t("2026-11-23T10:15").as_deref(), Some("2026-11-23T10:15:00.000Z"));
        assert_eq!(t("2026-11-23 10:15").as_deref(), Some("2026-11-23T10:15:00.000Z"));
        assert_eq!(t("2026-11-23T10:15:30+01:00").as_deref(), Some("2026-11-23T09:15:30.000Z"));
        for bad in ["yesterday", "2026-13-01", "23/11/2026", "2026-11-23T25:00"] {
            assert!(parse_time_bound(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn curl_quotes_what_a_receiver_sent_back() {
        let req = SentRequest {
            url: "https://a.example/it's".into(),
            headers: vec![("x-webhook-signature".into(), "v1=ab".into())],
            body: br#"{"a":"b'c"}"#.to_vec(),
        };
        let cmd = curl_command(&req);
        assert!(cmd.starts_with(r"curl -sS -X POST 'https://a.example/it'\''s'"), "{cmd}");
        assert!(cmd.contains(r"-H 'x-webhook-signature: v1=ab'"));
        assert!(cmd.ends_with(r#"--data-binary '{"a":"b'\''c"}'"#), "{cmd}");
        let binary = SentRequest { body: vec![0xff, 0x00], ..req };
        assert!(curl_command(&binary).ends_with("@<(echo ff00 | xxd -r -p)"));
    }

    #[test]
    fn attempts_fall_into_the_hour_they_started_in() {
        let now = DateTime::parse_from_rfc3339("2026-11-23T10:20:00Z").unwrap().with_timezone(&Utc);
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
        let h = |hour, ok, failed| HourlyAttempts { hour: at(hour), ok, failed };
        let cols = hourly_columns(
            &[
                h("2026-11-22T10:00:00Z", 1, 0),
                h("2026-11-22T11:00:00Z", 2, 1),
                h("2026-11-23T10:00:00Z", 5, 4),
            ],
            now,
        );
        assert_eq!(cols.len(), 24);
        assert_eq!((cols[0].ok, cols[0].failed), (3, 1), "the window's first, partial hour joins column 0");
        assert_eq!((cols[23].ok, cols[23].failed), (5, 4));
        assert_eq!(cols.iter().map(|c| c.ok + c.failed).sum::<u64>(), 13);
    }

    #[test]
    fn spans_read_in_the_largest_sensible_unit() {
        assert_eq!(span_words(chrono::TimeDelta::seconds(-5)), "0 s");
        assert_eq!(span_words(chrono::TimeDelta::seconds(90)), "90 s");
        assert_eq!(span_words(chrono::TimeDelta::minutes(30)), "30 min");
        assert_eq!(span_words(chrono::TimeDelta::hours(5)), "5 h");
        assert_eq!(span_words(chrono::TimeDelta::days(3)), "3 d");
    }
}
