//! Lists, one rule for all of them (the API's lists of runs and campaigns, the consoles'
//! delivery log): newest first by (`created_at`, `id`) (the endpoint and workspace lists:
//! oldest first, and paged only when asked, [`Limits::page_if_asked`]), at most `limit` items, and a keyset
//! cursor, the engine's [`LogPosition`] of the last item shown (`<microseconds>.<id>`), that
//! asks for the items after it in that order. One row more than the page is read; if it
//! exists, another page follows, and an API answer says so in `Link: <…?limit=N&after=…>;
//! rel="next"`.

use crate::{codes, ApiError};
use actix_web::http::header;
use actix_web::HttpResponse;
use chrono::{DateTime, Utc};
use delivery_engine::deliveries::LogPosition;
use serde::Serialize;
use std::collections::HashMap;

/// How many items one answer of a list may hold: `limit`, from 1 to `max`, `default` when
/// absent. Each service has one for all its lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub default: i64,
    pub max: i64,
}

/// One page asked for: how many, and after which item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub limit: i64,
    pub after: Option<LogPosition>,
}

impl Limits {
    /// The `limit` query parameter, or 422 `invalid_limit` (`0`, above `max`, `1.5`, `abc`,
    /// an empty value).
    pub fn limit(&self, query: &HashMap<String, String>) -> Result<i64, ApiError> {
        let Some(raw) = query.get("limit") else { return Ok(self.default) };
        match raw.parse::<i64>() {
            Ok(n) if (1..=self.max).contains(&n) => Ok(n),
            _ => Err(ApiError::invalid(
                codes::INVALID_LIMIT,
                format!("limit must be an integer from 1 to {} (default {})", self.max, self.default),
            )),
        }
    }

    /// `limit` and `after`, a cursor from a previous page's `Link` (else 422 `invalid_cursor`).
    pub fn page(&self, query: &HashMap<String, String>) -> Result<PageRequest, ApiError> {
        let limit = self.limit(query)?;
        let after = match query.get("after") {
            None => None,
            Some(raw) => Some(LogPosition::parse_cursor(raw).ok_or_else(|| {
                ApiError::invalid(
                    codes::INVALID_CURSOR,
                    "after must be a cursor from the `Link` header of a previous page",
                )
            })?),
        };
        Ok(PageRequest { limit, after })
    }

    /// A page when the query asks for one (`limit` or `after`), `None` for a list that answers
    /// every item (the endpoint lists: paging is opt-in there).
    pub fn page_if_asked(&self, query: &HashMap<String, String>) -> Result<Option<PageRequest>, ApiError> {
        if query.contains_key("limit") || query.contains_key("after") {
            self.page(query).map(Some)
        } else {
            Ok(None)
        }
    }
}

/// The log's time filters, `createdFrom` (at or after) and `createdBefore` (strictly before):
/// RFC 3339 timestamps (`2026-11-22T10:15:30.123Z`), or 422 `invalid_query` naming the one.
pub fn created_range(query: &HashMap<String, String>) -> Result<CreatedRange, ApiError> {
    let time = |name: &str| -> Result<Option<DateTime<Utc>>, ApiError> {
        let Some(raw) = query.get(name) else { return Ok(None) };
        let t = DateTime::parse_from_rfc3339(raw).map_err(|_| {
            ApiError::invalid(
                codes::INVALID_QUERY,
                format!("{name} must be an RFC 3339 timestamp (2026-11-22T10:15:30.123Z)"),
            )
        })?;
        Ok(Some(t.with_timezone(&Utc)))
    };
    Ok(CreatedRange { from: time("createdFrom")?, before: time("createdBefore")? })
}

/// A list's creation-time filter: at or after `from`, strictly before `before`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CreatedRange {
    pub from: Option<DateTime<Utc>>,
    pub before: Option<DateTime<Utc>>,
}

/// A tenant's endpoints as a list answers them: every one, or the page asked for (oldest
/// first, with the `Link` to the next page of `path`).
pub async fn endpoints<T: Serialize>(
    engine: &delivery_engine::Engine,
    tenant: &delivery_engine::Tenant,
    page: Option<PageRequest>,
    path: &str,
    view: impl Fn(delivery_engine::endpoints::Endpoint) -> T,
) -> Result<HttpResponse, delivery_engine::EngineError> {
    let Some(page) = page else {
        let all = engine.list_endpoints(tenant).await?;
        return Ok(HttpResponse::Ok().json(all.into_iter().map(view).collect::<Vec<_>>()));
    };
    let asked = delivery_engine::endpoints::EndpointPage { after: page.after, rows: page.rows_to_read() };
    let rows = engine.list_endpoints_page(tenant, asked).await?;
    let position =
        |e: &delivery_engine::endpoints::Endpoint| LogPosition { created_at: e.created_at, id: e.id };
    Ok(Page::from_rows(rows, page.limit, position).map(view).respond(path, &page))
}

impl PageRequest {
    /// How many rows to read: one more than the page, to know whether another page follows.
    pub fn rows_to_read(&self) -> i64 {
        self.limit + 1
    }
}

/// A page of a list, newest first, and the position to ask the next page `after`, if there
/// is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<LogPosition>,
}

impl<T> Page<T> {
    /// The page of `limit` items from the rows read for it (at most `limit + 1`): a row beyond
    /// `limit` means that a next page exists, after the last item kept.
    pub fn from_rows(mut rows: Vec<T>, limit: i64, position: impl Fn(&T) -> LogPosition) -> Self {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let more = rows.len() > limit;
        rows.truncate(limit);
        let next = if more { rows.last().map(position) } else { None };
        Self { items: rows, next }
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page { items: self.items.into_iter().map(f).collect(), next: self.next }
    }
}

impl<T: Serialize> Page<T> {
    /// 200 with the items as a bare JSON array, and a `Link` to the next page of `path` when
    /// there is one.
    pub fn respond(&self, path: &str, request: &PageRequest) -> HttpResponse {
        let mut res = HttpResponse::Ok();
        if let Some(next) = self.next {
            res.insert_header((header::LINK, next_link(path, request.limit, next)));
        }
        res.json(&self.items)
    }
}

/// `<path?limit=N&after=cursor>; rel="next"` (RFC 8288); `path` may carry the list's filters
/// ([`with_filters`]), which the next page keeps.
pub fn next_link(path: &str, limit: i64, after: LogPosition) -> String {
    let sep = if path.contains('?') { '&' } else { '?' };
    format!("<{path}{sep}limit={limit}&after={}>; rel=\"next\"", after.to_cursor())
}

/// `path` and the filters a list was asked with (form-encoded), for its next page's link.
pub fn with_filters(path: &str, filters: &[(&str, &str)]) -> String {
    match serde_html_form::to_string(filters) {
        Ok(query) if !query.is_empty() => format!("{path}?{query}"),
        _ => path.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Utc};
    use uuid::Uuid;

    const LIMITS: Limits = Limits { default: 20, max: 100 };

    fn query(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    fn position(micros: i64) -> LogPosition {
        let created_at: DateTime<Utc> = DateTime::from_timestamp_micros(micros).expect("valid");
        LogPosition { created_at, id: Uuid::now_v7() }
    }

    #[test]
    fn limit_is_one_to_max_with_a_default() {
        assert_eq!(LIMITS.limit(&query(&[])).map_err(|e| e.code), Ok(20));
        assert_eq!(LIMITS.limit(&query(&[("limit", "1")])).map_err(|e| e.code), Ok(1));
        assert_eq!(LIMITS.limit(&query(&[("limit", "100")])).map_err(|e| e.code), Ok(100));
        for bad in ["0", "101", "-1", "1.5", "abc", "", " 5"] {
            let e = LIMITS.limit(&query(&[("limit", bad)])).expect_err(bad);
            assert_eq!((e.status.as_u16(), e.code), (422, codes::INVALID_LIMIT), "{bad:?}");
            assert_eq!(e.detail, "limit must be an integer from 1 to 100 (default 20)");
        }
    }

    #[test]
    fn after_is_a_cursor_of_a_previous_page_or_invalid_cursor() {
        let at = position(1_790_000_000_123_456);
        let page = LIMITS.page(&query(&[("after", &at.to_cursor()), ("limit", "5")])).expect("valid");
        assert_eq!(page, PageRequest { limit: 5, after: Some(at) });
        assert_eq!(page.rows_to_read(), 6);
        let id = Uuid::now_v7();
        for bad in [
            "",
            "x",
            "123",
            &id.to_string(),
            &format!("x.{}", id.simple()),
            "1.nope",
            "99999999999999999999.0",
        ] {
            let e = LIMITS.page(&query(&[("after", bad)])).expect_err(bad);
            assert_eq!((e.status.as_u16(), e.code), (422, codes::INVALID_CURSOR), "{bad:?}");
        }
        let limit_first = LIMITS.page(&query(&[("after", "x"), ("limit", "0")])).expect_err("both bad");
        assert_eq!(limit_first.code, codes::INVALID_LIMIT);
    }

    #[test]
    fn a_row_beyond_the_limit_means_a_next_page_after_the_last_item() {
        let rows: Vec<LogPosition> = (0..4).map(|i| position(1_000 - i)).collect();
        let page = Page::from_rows(rows.clone(), 3, |p| *p);
        assert_eq!((page.items.as_slice(), page.next), (&rows[..3], Some(rows[2])));
        let last = Page::from_rows(rows[..3].to_vec(), 3, |p| *p);
        assert_eq!((last.items.len(), last.next), (3, None));
        let empty = Page::from_rows(Vec::<LogPosition>::new(), 3, |p| *p);
        assert_eq!((empty.items.len(), empty.next), (0, None));
        assert_eq!(
            next_link("/runs", 3, rows[2]),
            format!("</runs?limit=3&after={}>; rel=\"next\"", rows[2].to_cursor())
        );
    }

    #[test]
    fn the_next_page_keeps_the_filters() {
        let at = position(1_000);
        let path = with_filters("/log", &[("status", "dead"), ("event", "a b&c")]);
        assert_eq!(path, "/log?status=dead&event=a+b%26c");
        assert_eq!(
            next_link(&path, 5, at),
            format!("</log?status=dead&event=a+b%26c&limit=5&after={}>; rel=\"next\"", at.to_cursor())
        );
        assert_eq!(with_filters("/log", &[]), "/log");
    }
}
