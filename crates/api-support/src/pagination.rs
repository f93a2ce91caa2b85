//! Lists, one rule for every list of both services: newest first, `limit` items at a time, and
//! for the lists that page (runs, campaigns) a keyset cursor: `before=<id>`, the id of the
//! last item of the previous page, answers the items older than it (by creation time, then
//! id). A full page that has more after it carries `Link: <…?limit=N&before=<id>>; rel="next"`.

use crate::{codes, ApiError};
use actix_web::http::header;
use actix_web::HttpResponse;
use serde::Serialize;
use std::collections::HashMap;
use uuid::Uuid;

/// How many items one answer of a list may hold: `limit`, from 1 to `max`, `default` when
/// absent. Each service has one for all its lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub default: i64,
    pub max: i64,
}

/// One page asked for: how many, and older than which item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub limit: i64,
    pub before: Option<Uuid>,
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

    /// `limit` and `before` (the id of an item of this list, else 422 `invalid_cursor`;
    /// whether the id names one is the list's own check, [`unknown_cursor`]).
    pub fn page(&self, query: &HashMap<String, String>) -> Result<PageRequest, ApiError> {
        let limit = self.limit(query)?;
        let before = match query.get("before") {
            None => None,
            Some(raw) => Some(Uuid::parse_str(raw).map_err(|_| {
                ApiError::invalid(codes::INVALID_CURSOR, "before must be the id of an item of this list")
            })?),
        };
        Ok(PageRequest { limit, before })
    }
}

/// The answer to a `before` that names no item of the list (unknown, or another tenant's:
/// the same answer for both).
pub fn unknown_cursor(what: &str) -> ApiError {
    ApiError::invalid(codes::INVALID_CURSOR, format!("before must be the id of one of your {what}"))
}

impl PageRequest {
    /// How many rows to read: one more than the page, to know whether another page follows.
    pub fn rows_to_read(&self) -> i64 {
        self.limit + 1
    }
}

/// A page of a list, newest first, and the id to ask the next page `before`, if there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next_before: Option<Uuid>,
}

impl<T> Page<T> {
    /// The page from the rows read for `request` (at most [`PageRequest::rows_to_read`]):
    /// a row beyond `limit` means that a next page exists.
    pub fn from_rows(mut rows: Vec<T>, request: &PageRequest, id: impl Fn(&T) -> Uuid) -> Self {
        let limit = usize::try_from(request.limit).unwrap_or(usize::MAX);
        let more = rows.len() > limit;
        rows.truncate(limit);
        let next_before = if more { rows.last().map(id) } else { None };
        Self { items: rows, next_before }
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page { items: self.items.into_iter().map(f).collect(), next_before: self.next_before }
    }
}

impl<T: Serialize> Page<T> {
    /// 200 with the items as a bare JSON array, and a `Link` to the next page of `path` when
    /// there is one.
    pub fn respond(&self, path: &str, request: &PageRequest) -> HttpResponse {
        let mut res = HttpResponse::Ok();
        if let Some(next) = self.next_before {
            res.insert_header((header::LINK, next_link(path, request.limit, next)));
        }
        res.json(&self.items)
    }
}

/// `<path?limit=N&before=id>; rel="next"` (RFC 8288).
pub fn next_link(path: &str, limit: i64, before: Uuid) -> String {
    format!("<{path}?limit={limit}&before={before}>; rel=\"next\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits { default: 20, max: 100 };

    fn query(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
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
    fn before_is_an_id_or_invalid_cursor() {
        let id = Uuid::now_v7();
        let page = LIMITS.page(&query(&[("before", &id.to_string()), ("limit", "5")])).expect("valid");
        assert_eq!(page, PageRequest { limit: 5, before: Some(id) });
        assert_eq!(page.rows_to_read(), 6);
        for bad in ["", "x", "123", &format!("{id}0")] {
            let e = LIMITS.page(&query(&[("before", bad)])).expect_err(bad);
            assert_eq!((e.status.as_u16(), e.code), (422, codes::INVALID_CURSOR), "{bad:?}");
        }
        let limit_first = LIMITS.page(&query(&[("before", "x"), ("limit", "0")])).expect_err("both bad");
        assert_eq!(limit_first.code, codes::INVALID_LIMIT);
    }

    #[test]
    fn a_row_beyond_the_limit_means_a_next_page_before_the_last_item() {
        let ids: Vec<Uuid> = (0..4).map(|_| Uuid::now_v7()).collect();
        let request = PageRequest { limit: 3, before: None };
        let page = Page::from_rows(ids.clone(), &request, |id| *id);
        assert_eq!(page.items, ids[..3]);
        assert_eq!(page.next_before, Some(ids[2]));
        let last = Page::from_rows(ids[..3].to_vec(), &request, |id| *id);
        assert_eq!((last.items.len(), last.next_before), (3, None));
        let empty = Page::from_rows(Vec::<Uuid>::new(), &request, |id| *id);
        assert_eq!((empty.items.len(), empty.next_before), (0, None));
        assert_eq!(next_link("/runs", 3, ids[2]), format!("</runs?limit=3&before={}>; rel=\"next\"", ids[2]));
    }
}
