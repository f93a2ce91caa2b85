//! Raw SQL that is prepared once per connection.
//!
//! diesel's `sql_query` marks every statement unsafe to cache, because its text may be built at
//! run time, so each call is parsed (and on PostgreSQL planned) again: on the embedded store
//! that was 15 % of the service's CPU during a fan-out burst (`docs/benchmarks.md`). A
//! [`prepared`] statement's text is a `&'static str`, so the set of texts is fixed at compile
//! time and each connection's statement cache (keyed by the text) stays bounded: diesel
//! prepares it on first use and reuses it after. Text built at run time (`format!`) keeps
//! using `sql_query`.
//!
//! The text is written as for `sql_query`, with numbered placeholders (`$1` on PostgreSQL,
//! `?1` on SQLite; a number may appear more than once), and values are bound in number order.
//! diesel only caches a statement whose binds it placed itself, so the text is cut at each
//! placeholder and the bound value pushed there (`pieces`); placeholders inside quotes and
//! comments are left alone.

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::query_dsl::RunQueryDsl;
use diesel::serialize::ToSql;
use diesel::sql_types::{HasSqlType, Untyped};
use diesel::{Connection, QueryResult};
use std::marker::PhantomData;

/// A statement whose text is known at compile time, with its binds; see the module
/// documentation.
#[must_use = "Queries are only executed when calling `load`, `get_result` or similar."]
pub struct Prepared<'f, DB: Backend> {
    sql: &'static str,
    binds: Vec<Box<dyn PushBind<DB> + Send + 'f>>,
}

/// A statement prepared once per connection and cached by its text.
pub fn prepared<'f, DB: Backend>(sql: &'static str) -> Prepared<'f, DB> {
    Prepared { sql, binds: Vec::new() }
}

impl<DB: Backend> std::fmt::Debug for Prepared<'_, DB> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared").field("sql", &self.sql).field("binds", &self.binds.len()).finish()
    }
}

impl<'f, DB: Backend> Prepared<'f, DB> {
    /// Binds the value of the next placeholder number, as `sql_query(…).bind` does.
    pub fn bind<ST, Value>(mut self, value: Value) -> Self
    where
        DB: HasSqlType<ST>,
        Value: ToSql<ST, DB> + Send + 'f,
        ST: Send + 'f,
    {
        self.binds.push(Box::new(Bound::<ST, Value> { value, sql_type: PhantomData }));
        self
    }
}

/// One bound value, pushed where its placeholder stands.
trait PushBind<DB: Backend> {
    fn push<'b>(&'b self, out: &mut AstPass<'_, 'b, DB>) -> QueryResult<()>;
}

struct Bound<ST, Value> {
    value: Value,
    sql_type: PhantomData<ST>,
}

impl<ST, Value, DB> PushBind<DB> for Bound<ST, Value>
where
    DB: Backend + HasSqlType<ST>,
    Value: ToSql<ST, DB>,
{
    fn push<'b>(&'b self, out: &mut AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_bind_param::<ST, Value>(&self.value)
    }
}

impl<DB: Backend> QueryId for Prepared<'_, DB> {
    type QueryId = ();
    // No static id: the statement cache keys it by its text.
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<DB: Backend> QueryFragment<DB> for Prepared<'_, DB> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        for piece in cut(self.sql).iter().copied() {
            match piece {
                Piece::Text(text) => out.push_sql(text),
                Piece::Placeholder(n) => match n.checked_sub(1).and_then(|i| self.binds.get(i)) {
                    Some(bind) => bind.push(&mut out)?,
                    None => {
                        return Err(diesel::result::Error::QueryBuilderError(
                            format!("placeholder {n} has no bound value ({} bound)", self.binds.len()).into(),
                        ))
                    }
                },
            }
        }
        Ok(())
    }
}

impl<DB: Backend> Query for Prepared<'_, DB> {
    type SqlType = Untyped;
}

impl<Conn: Connection> RunQueryDsl<Conn> for Prepared<'_, Conn::Backend> {}

/// `sql` cut into [`pieces`], once per process: diesel walks a statement several times per
/// execution (for its cache key, its binds, ...). The set of texts is fixed at compile time,
/// so each cut is kept (leaked) for the life of the process, a few kilobytes in all.
fn cut(sql: &'static str) -> &'static [Piece<'static>] {
    use std::collections::HashMap;
    use std::sync::{OnceLock, RwLock};
    /// By the text's address and length: a `&'static str` names one place in the binary.
    type Cuts = RwLock<HashMap<(usize, usize), &'static [Piece<'static>]>>;
    static CUTS: OnceLock<Cuts> = OnceLock::new();
    let cuts = CUTS.get_or_init(Default::default);
    let key = (sql.as_ptr() as usize, sql.len());
    if let Some(cut) = cuts.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return cut;
    }
    let mut cuts = cuts.write().unwrap_or_else(|e| e.into_inner());
    cuts.entry(key).or_insert_with(|| Box::leak(pieces(sql).collect::<Vec<_>>().into_boxed_slice()))
}

/// A piece of statement text: text as written, or a placeholder's number (from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece<'a> {
    Text(&'a str),
    Placeholder(usize),
}

/// Cuts `sql` at its placeholders: `$N` or `?N`, or a bare `?` (the number after the previous
/// placeholder's, as SQLite numbers it), outside quoted strings, quoted names and comments.
fn pieces(sql: &str) -> impl Iterator<Item = Piece<'_>> {
    let bytes = sql.as_bytes();
    let (mut at, mut text_from, mut previous) = (0, 0, 0);
    let mut pending: Option<Piece<'_>> = None;
    std::iter::from_fn(move || {
        if let Some(piece) = pending.take() {
            return Some(piece);
        }
        while at < bytes.len() {
            let start = at;
            match bytes[at] {
                quote @ (b'\'' | b'"') => {
                    // To the closing quote; a doubled quote closes and reopens.
                    at += 1;
                    while at < bytes.len() && bytes[at] != quote {
                        at += 1;
                    }
                    at += 1;
                }
                b'-' if bytes.get(at + 1) == Some(&b'-') => {
                    while at < bytes.len() && bytes[at] != b'\n' {
                        at += 1;
                    }
                }
                b'/' if bytes.get(at + 1) == Some(&b'*') => {
                    at += 2;
                    while at < bytes.len() && !(bytes[at] == b'*' && bytes.get(at + 1) == Some(&b'/')) {
                        at += 1;
                    }
                    at += 2;
                }
                sigil @ (b'$' | b'?') => {
                    at += 1;
                    let digits_from = at;
                    while at < bytes.len() && bytes[at].is_ascii_digit() {
                        at += 1;
                    }
                    let number = match sql[digits_from..at].parse::<usize>() {
                        Ok(n) => Some(n),
                        // `$` without a number is not a placeholder (`'$.path'` is skipped as a
                        // string already); a bare `?` is.
                        Err(_) if sigil == b'?' => Some(previous + 1),
                        Err(_) => None,
                    };
                    if let Some(n) = number {
                        previous = n;
                        let text = &sql[text_from..start];
                        text_from = at;
                        if text.is_empty() {
                            return Some(Piece::Placeholder(n));
                        }
                        pending = Some(Piece::Placeholder(n));
                        return Some(Piece::Text(text));
                    }
                }
                _ => at += 1,
            }
        }
        at = at.min(bytes.len());
        if text_from < bytes.len() {
            let text = &sql[text_from..];
            text_from = bytes.len();
            return Some(Piece::Text(text));
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::prepared;
    use diesel::connection::{InstrumentationEvent, SimpleConnection};
    use diesel::sql_types::{BigInt, Text};
    use diesel::{Connection, QueryableByName, RunQueryDsl, SqliteConnection};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[derive(QueryableByName, Debug, PartialEq)]
    struct Row {
        #[diesel(sql_type = Text)]
        name: String,
        #[diesel(sql_type = BigInt)]
        n: i64,
    }

    /// A connection that counts the statements diesel puts in its cache.
    fn counting_connection() -> (SqliteConnection, Arc<AtomicUsize>) {
        let mut c = SqliteConnection::establish(":memory:").unwrap();
        c.batch_execute("CREATE TABLE t (name TEXT NOT NULL, n INTEGER NOT NULL)").unwrap();
        let cached = Arc::new(AtomicUsize::new(0));
        let counter = cached.clone();
        c.set_instrumentation(move |event: InstrumentationEvent<'_>| {
            if matches!(event, InstrumentationEvent::CacheQuery { .. }) {
                counter.fetch_add(1, Ordering::Relaxed);
            }
        });
        (c, cached)
    }

    #[test]
    fn binds_go_to_their_placeholders_and_the_statement_is_prepared_once() {
        let (mut c, cached) = counting_connection();
        for (name, n) in [("a", 1), ("b", 2), ("c", 3)] {
            prepared("INSERT INTO t (name, n) VALUES (?1, ?2)")
                .bind::<Text, _>(name)
                .bind::<BigInt, _>(n)
                .execute(&mut c)
                .unwrap();
        }
        assert_eq!(cached.load(Ordering::Relaxed), 1, "three inserts, one statement prepared");
        let rows: Vec<Row> = prepared("SELECT name, n FROM t WHERE n >= ?1 AND name <> ?2 ORDER BY n")
            .bind::<BigInt, _>(2)
            .bind::<Text, _>("c")
            .load(&mut c)
            .unwrap();
        assert_eq!(rows, [Row { name: "b".into(), n: 2 }]);
        assert_eq!(cached.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn a_number_used_twice_binds_the_same_value_twice() {
        let (mut c, _) = counting_connection();
        prepared("INSERT INTO t (name, n) SELECT ?2, ?1 WHERE ?2 <> 'z' AND ?1 > 0")
            .bind::<BigInt, _>(7)
            .bind::<Text, _>("q")
            .execute(&mut c)
            .unwrap();
        let rows: Vec<Row> = prepared("SELECT name, n FROM t").load(&mut c).unwrap();
        assert_eq!(rows, [Row { name: "q".into(), n: 7 }]);
    }

    #[test]
    fn a_placeholder_without_a_value_is_an_error_not_a_panic() {
        let (mut c, _) = counting_connection();
        let e = prepared("SELECT name, n FROM t WHERE n = ?1 AND name = ?2")
            .bind::<BigInt, _>(1)
            .load::<Row>(&mut c)
            .unwrap_err();
        assert!(e.to_string().contains("placeholder 2 has no bound value"), "{e}");
    }

    #[test]
    fn placeholders_are_cut_out_of_the_text_but_not_out_of_strings_or_comments() {
        use super::{pieces, Piece::*};
        let got: Vec<_> = pieces(
            "SELECT $1::uuid, '$2 ?3', \"a?4\" -- $5 here\n/* ?6 */ FROM t WHERE x = ?7 AND y = ? AND z = $",
        )
        .collect();
        assert_eq!(
            got,
            [
                Text("SELECT "),
                Placeholder(1),
                Text("::uuid, '$2 ?3', \"a?4\" -- $5 here\n/* ?6 */ FROM t WHERE x = "),
                Placeholder(7),
                Text(" AND y = "),
                Placeholder(8),
                Text(" AND z = $"),
            ]
        );
        assert_eq!(pieces("?1").collect::<Vec<_>>(), [Placeholder(1)]);
        assert_eq!(pieces("'it''s $1'").collect::<Vec<_>>(), [Text("'it''s $1'")]);
        assert_eq!(pieces("").count(), 0);
        // An unclosed quote or comment runs to the end without reading past it.
        assert_eq!(pieces("x = '$1").collect::<Vec<_>>(), [Text("x = '$1")]);
        assert_eq!(pieces("x /* $1").collect::<Vec<_>>(), [Text("x /* $1")]);
    }

    #[test]
    fn a_text_is_cut_once_and_the_cut_is_its_pieces() {
        use super::{cut, pieces};
        const SQL: &str = "SELECT ?1 || ?2";
        let first = cut(SQL);
        assert_eq!(first, pieces(SQL).collect::<Vec<_>>().as_slice());
        assert!(std::ptr::eq(first, cut(SQL)), "the second call returns the kept cut");
        // Another text, even a prefix of the first, is cut on its own.
        assert_eq!(cut(&SQL[..9]), pieces("SELECT ?1").collect::<Vec<_>>().as_slice());
    }

    #[test]
    fn sql_query_is_prepared_on_every_call() {
        // Why this module exists: were diesel to start caching `sql_query`, it could go.
        let (mut c, cached) = counting_connection();
        for n in 0..3 {
            diesel::sql_query("INSERT INTO t (name, n) VALUES ('x', ?1)")
                .bind::<BigInt, _>(n)
                .execute(&mut c)
                .unwrap();
        }
        assert_eq!(cached.load(Ordering::Relaxed), 0);
    }
}
