//! Content filters (issue 48): an endpoint receives only the events whose body matches its
//! filter. The form is the match object the peers use (Outpost, Convoy, MongoDB's queries), so a
//! filter ports from them:
//!
//! - a JSON object whose keys are field names or dotted paths into the body, all of which must
//!   match; a value is a scalar or array (equality), an operator object (`$eq`, `$neq`, `$in`,
//!   `$nin`, `$gt`, `$gte`, `$lt`, `$lte` on numbers and RFC 3339 times, `$exists`,
//!   `$startsWith`, and `$not` around operators), or a nested match object, which matches the
//!   sub-object field by field (`{"payload": {"to": "paused"}}` is `{"payload.to": "paused"}`);
//! - `$and` and `$or` take arrays of match objects, `$not` one match object;
//! - a path through an array looks into each element, and a test of an array field holds when
//!   it holds for any element (`$neq` and `$nin`: for none), as the peers do; equality with an
//!   array also holds for the whole array;
//! - a missing field fails every test but `$neq`, `$nin` and `$exists: false`.
//!
//! [`Filter::compile`] checks a filter once, naming the offending part with a JSON pointer
//! (RFC 6901); [`Filter::decide`] evaluates it against a body parsed once, and says which clause
//! decided. Limits: 8 levels, 64 tests and combinators, 4,096 bytes of JSON, 100 values in a
//! list (`MAX_DEPTH`, `MAX_CLAUSES`, `MAX_BYTES`, `MAX_LIST`).
//! `misspelt_field` is the check of a filter's paths against the fields its event types
//! declare. Where filters are matched (once per event, in the routes the outbox caches, and in
//! a backlog's fill) and what they cost: docs/engine.md, "Content filters".

use chrono::{DateTime, Utc};
use serde_json::{Map, Value};

/// How deeply match objects and operator objects may nest.
pub(crate) const MAX_DEPTH: usize = 8;
/// How many tests and combinators a filter may hold.
pub(crate) const MAX_CLAUSES: usize = 64;
/// The most bytes a filter's JSON may take.
pub(crate) const MAX_BYTES: usize = 4096;
/// The most values an `$in` or `$nin` list may hold.
pub(crate) const MAX_LIST: usize = 100;

/// A filter that was refused: where (a JSON pointer into the filter) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{detail} (at `{pointer}`)")]
// tidy: in the signature of EngineError::InvalidFilter
pub struct FilterError {
    pub pointer: String,
    pub detail: String,
}

/// A checked filter, ready to match bodies.
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    root: Node,
}

/// What decided a match: the result and the pointer of the most specific clause that decided it
/// (a failed test; for a match of several clauses, the object holding them; for a `$or`, the
/// branch that held).
#[derive(Debug, Clone, PartialEq, Eq)]
// tidy: in the signature of Filter::decide
pub struct Decision {
    pub matched: bool,
    pub clause: String,
}

#[derive(Debug, Clone, PartialEq)]
enum Node {
    All(String, Vec<Node>),
    Any(String, Vec<Node>),
    Not(String, Box<Node>),
    Field { pointer: String, path: Vec<String>, ops: Vec<Op>, negated: bool },
}

#[derive(Debug, Clone, PartialEq)]
enum Op {
    Eq(Value),
    Neq(Value),
    In(Vec<Value>),
    Nin(Vec<Value>),
    Cmp(Ordering, Bound),
    Exists(bool),
    StartsWith(String),
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Ordering {
    Gt,
    Gte,
    Lt,
    Lte,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Bound {
    Number(f64),
    Time(DateTime<Utc>),
}

/// One step of RFC 6901: `~` and `/` escaped.
fn pointer_step(at: &str, key: &str) -> String {
    format!("{at}/{}", key.replace('~', "~0").replace('/', "~1"))
}

fn refuse(pointer: &str, detail: impl Into<String>) -> FilterError {
    FilterError { pointer: pointer.to_owned(), detail: detail.into() }
}

/// The compiler's running totals, for the limits.
struct Budget {
    clauses: usize,
}

impl Budget {
    fn take(&mut self, at: &str) -> Result<(), FilterError> {
        self.clauses += 1;
        match self.clauses > MAX_CLAUSES {
            true => Err(refuse(at, format!("a filter holds at most {MAX_CLAUSES} tests and combinators"))),
            false => Ok(()),
        }
    }
}

impl Filter {
    /// Checks `filter` and compiles it.
    pub fn compile(filter: &Value) -> Result<Self, FilterError> {
        if filter.to_string().len() > MAX_BYTES {
            return Err(refuse("", format!("a filter takes at most {MAX_BYTES} bytes of JSON")));
        }
        let object = filter.as_object().ok_or_else(|| refuse("", "a filter is a JSON object"))?;
        let root = match_object(object, "", &[], 1, &mut Budget { clauses: 0 })?;
        Ok(Self { root })
    }

    /// Whether `body` matches (what enqueue asks, once per filtered endpoint of an event:
    /// nothing is allocated unless a path steps through an array).
    pub fn matches(&self, body: &Value) -> bool {
        matched(&self.root, body)
    }

    /// Whether a body as sent (JSON text) matches; one that is not JSON matches no filter.
    pub fn matches_body(&self, body: &[u8]) -> bool {
        serde_json::from_slice(body).is_ok_and(|b| self.matches(&b))
    }

    /// Whether `body` matches, and which clause decided.
    pub fn decide(&self, body: &Value) -> Decision {
        decide(&self.root, body)
    }

    /// Every field path the filter tests, dotted (for the checks against a type's schema).
    pub fn paths(&self) -> Vec<String> {
        let mut out = Vec::new();
        collect_paths(&self.root, &mut out);
        out
    }
}

/// The first of `paths` that no declared field holds (neither the field, one above it nor a
/// declared field without declared fields of its own below which it lies) but that reads as a
/// misspelling of one, with the field meant ([`crate::suggest::closest`]). Fields beyond the
/// declared ones are allowed (payloads may carry more), so an undeclared path unlike any
/// declared one passes; so does every path when nothing is declared.
pub(crate) fn misspelt_field(paths: &[String], declared: &[&str]) -> Option<(String, String)> {
    let below = |path: &str, field: &str| path.strip_prefix(field).is_some_and(|rest| rest.starts_with('.'));
    let is_leaf = |field: &str| !declared.iter().any(|d| below(d, field));
    let holds = |path: &str, field: &str| {
        path == field || below(field, path) || (below(path, field) && is_leaf(field))
    };
    paths.iter().filter(|p| !declared.iter().any(|d| holds(p, d))).find_map(|p| {
        crate::suggest::closest(p, declared.iter().copied()).map(|meant| (p.clone(), meant.to_owned()))
    })
}

fn collect_paths(node: &Node, out: &mut Vec<String>) {
    match node {
        Node::All(_, nodes) | Node::Any(_, nodes) => nodes.iter().for_each(|n| collect_paths(n, out)),
        Node::Not(_, inner) => collect_paths(inner, out),
        Node::Field { path, .. } => out.push(path.join(".")),
    }
}

/// A match object at `at`, its fields under `prefix`: every key must hold.
fn match_object(
    object: &Map<String, Value>,
    at: &str,
    prefix: &[String],
    depth: usize,
    budget: &mut Budget,
) -> Result<Node, FilterError> {
    if depth > MAX_DEPTH {
        return Err(refuse(at, format!("a filter nests at most {MAX_DEPTH} levels")));
    }
    if object.is_empty() {
        return Err(refuse(at, "an empty match object tests nothing"));
    }
    let mut nodes = Vec::with_capacity(object.len());
    for (key, value) in object {
        let here = pointer_step(at, key);
        nodes.push(match key.as_str() {
            "$and" | "$or" => combinator(key, value, &here, prefix, depth, budget)?,
            "$not" => {
                budget.take(&here)?;
                let inner = value.as_object().ok_or_else(|| refuse(&here, "`$not` takes a match object"))?;
                Node::Not(here.clone(), Box::new(match_object(inner, &here, prefix, depth + 1, budget)?))
            }
            op if op.starts_with('$') => return Err(refuse(&here, unknown_operator(op, "a match object"))),
            field => field_test(field, value, &here, prefix, depth, budget)?,
        });
    }
    Ok(Node::All(at.to_owned(), nodes))
}

fn unknown_operator(op: &str, place: &str) -> String {
    format!(
        "`{op}` is not an operator of {place}: fields take $eq, $neq, $in, $nin, $gt, $gte, $lt, $lte, \
         $exists, $startsWith, $not; match objects take $and, $or, $not"
    )
}

/// `$and` or `$or`: an array of match objects.
fn combinator(
    key: &str,
    value: &Value,
    at: &str,
    prefix: &[String],
    depth: usize,
    budget: &mut Budget,
) -> Result<Node, FilterError> {
    budget.take(at)?;
    let items = value.as_array().filter(|a| !a.is_empty());
    let items =
        items.ok_or_else(|| refuse(at, format!("`{key}` takes a non-empty array of match objects")))?;
    let mut nodes = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let here = format!("{at}/{i}");
        let object = item.as_object().ok_or_else(|| refuse(&here, "a match object is a JSON object"))?;
        nodes.push(match_object(object, &here, prefix, depth + 1, budget)?);
    }
    Ok(match key {
        "$and" => Node::All(at.to_owned(), nodes),
        _ => Node::Any(at.to_owned(), nodes),
    })
}

/// The test of field `key` (a name or a dotted path) at `at`.
fn field_test(
    key: &str,
    value: &Value,
    at: &str,
    prefix: &[String],
    depth: usize,
    budget: &mut Budget,
) -> Result<Node, FilterError> {
    if key.is_empty() || key.split('.').any(str::is_empty) {
        return Err(refuse(at, format!("`{key}` is not a field path (names joined by dots)")));
    }
    let mut path = prefix.to_vec();
    path.extend(key.split('.').map(str::to_owned));
    if path.len() > MAX_DEPTH {
        return Err(refuse(at, format!("a field path has at most {MAX_DEPTH} names")));
    }
    let Value::Object(object) = value else {
        budget.take(at)?;
        return Ok(Node::Field {
            pointer: at.to_owned(),
            path,
            ops: vec![Op::Eq(value.clone())],
            negated: false,
        });
    };
    let operators = object.keys().filter(|k| k.starts_with('$')).count();
    match (operators, object.len()) {
        (0, _) => match_object(object, at, &path, depth + 1, budget),
        (n, len) if n == len => {
            budget.take(at)?;
            operator_object(object, at, path)
        }
        _ => Err(refuse(at, "an object mixes operators and field names: nest one inside the other")),
    }
}

/// A field's operator object: every operator must hold; `$not` negates the operators inside it
/// (plain operators: a `$not` inside a `$not` is refused, it says nothing the operators do not).
fn operator_object(object: &Map<String, Value>, at: &str, path: Vec<String>) -> Result<Node, FilterError> {
    let mut ops = Vec::with_capacity(object.len());
    let mut negated = Vec::new();
    for (key, operand) in object {
        let here = pointer_step(at, key);
        if key != "$not" {
            ops.push(operator(key, operand, &here)?);
            continue;
        }
        let inner = operand.as_object().filter(|o| !o.is_empty() && o.keys().all(|k| k.starts_with('$')));
        let inner = inner.ok_or_else(|| refuse(&here, "`$not` on a field takes an object of operators"))?;
        let mut inner_ops = Vec::with_capacity(inner.len());
        for (k, v) in inner {
            let there = pointer_step(&here, k);
            if k == "$not" {
                return Err(refuse(&there, "a `$not` inside a `$not`: write the operators themselves"));
            }
            inner_ops.push(operator(k, v, &there)?);
        }
        negated.push(Node::Field { pointer: here, path: path.clone(), ops: inner_ops, negated: true });
    }
    if negated.is_empty() {
        return Ok(Node::Field { pointer: at.to_owned(), path, ops, negated: false });
    }
    if !ops.is_empty() {
        negated.insert(0, Node::Field { pointer: at.to_owned(), path, ops, negated: false });
    }
    Ok(Node::All(at.to_owned(), negated))
}

fn operator(key: &str, operand: &Value, at: &str) -> Result<Op, FilterError> {
    let list = |v: &Value| match v.as_array() {
        Some(a) if a.len() <= MAX_LIST => Ok(a.clone()),
        Some(_) => Err(refuse(at, format!("`{key}` takes at most {MAX_LIST} values"))),
        None => Err(refuse(at, format!("`{key}` takes an array of values"))),
    };
    Ok(match key {
        "$eq" => Op::Eq(operand.clone()),
        "$neq" => Op::Neq(operand.clone()),
        "$in" => Op::In(list(operand)?),
        "$nin" => Op::Nin(list(operand)?),
        "$gt" => Op::Cmp(Ordering::Gt, bound(key, operand, at)?),
        "$gte" => Op::Cmp(Ordering::Gte, bound(key, operand, at)?),
        "$lt" => Op::Cmp(Ordering::Lt, bound(key, operand, at)?),
        "$lte" => Op::Cmp(Ordering::Lte, bound(key, operand, at)?),
        "$exists" => {
            Op::Exists(operand.as_bool().ok_or_else(|| refuse(at, "`$exists` takes true or false"))?)
        }
        "$startsWith" => Op::StartsWith(
            operand.as_str().ok_or_else(|| refuse(at, "`$startsWith` takes a string"))?.to_owned(),
        ),
        other => return Err(refuse(at, unknown_operator(other, "a field"))),
    })
}

/// A comparison's operand: a number, or a string that is an RFC 3339 time.
fn bound(key: &str, operand: &Value, at: &str) -> Result<Bound, FilterError> {
    match operand {
        Value::Number(n) => Ok(Bound::Number(n.as_f64().unwrap_or(f64::NAN))),
        Value::String(s) => time(s)
            .map(Bound::Time)
            .ok_or_else(|| refuse(at, format!("`{key}` takes a number or an RFC 3339 time, not `{s}`"))),
        _ => Err(refuse(at, format!("`{key}` takes a number or an RFC 3339 time"))),
    }
}

fn time(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s).ok().map(|t| t.with_timezone(&Utc))
}

fn decide(node: &Node, body: &Value) -> Decision {
    match node {
        Node::All(at, nodes) => {
            let mut last = None;
            for n in nodes {
                let d = decide(n, body);
                if !d.matched {
                    return d;
                }
                last = Some(d);
            }
            // One clause: it decided; several: all of them did.
            match (nodes.len(), last) {
                (1, Some(d)) => d,
                _ => Decision { matched: true, clause: at.clone() },
            }
        }
        Node::Any(at, nodes) => nodes
            .iter()
            .map(|n| decide(n, body))
            .find(|d| d.matched)
            .unwrap_or(Decision { matched: false, clause: at.clone() }),
        Node::Not(at, inner) => Decision { matched: !decide(inner, body).matched, clause: at.clone() },
        Node::Field { pointer, path, ops, negated } => {
            let held = with_found(body, path, |found| ops.iter().all(|op| holds(op, found)));
            Decision { matched: held != *negated, clause: pointer.clone() }
        }
    }
}

/// [`decide`]'s result alone, without naming the clause.
fn matched(node: &Node, body: &Value) -> bool {
    match node {
        Node::All(_, nodes) => nodes.iter().all(|n| matched(n, body)),
        Node::Any(_, nodes) => nodes.iter().any(|n| matched(n, body)),
        Node::Not(_, inner) => !matched(inner, body),
        Node::Field { path, ops, negated, .. } => {
            with_found(body, path, |found| ops.iter().all(|op| holds(op, found))) != *negated
        }
    }
}

/// `f` of the values at `path` in `body`: none, the one value, or (a step into an array)
/// each element's, collected.
fn with_found<R>(body: &Value, path: &[String], f: impl FnOnce(&[&Value]) -> R) -> R {
    let mut at = body;
    for (i, step) in path.iter().enumerate() {
        match at {
            Value::Object(o) => match o.get(step) {
                Some(v) => at = v,
                None => return f(&[]),
            },
            Value::Array(_) => {
                let mut found = Vec::new();
                resolve(at, &path[i..], &mut found);
                return f(&found);
            }
            _ => return f(&[]),
        }
    }
    f(&[at])
}

/// The values at `path` in `value`; a step into an array looks into each element.
fn resolve<'a>(value: &'a Value, path: &[String], out: &mut Vec<&'a Value>) {
    let Some((first, rest)) = path.split_first() else {
        out.push(value);
        return;
    };
    match value {
        Value::Object(o) => {
            if let Some(v) = o.get(first) {
                resolve(v, rest, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| resolve(item, path, out)),
        _ => {}
    }
}

/// Whether `op` holds for the values a path found (none: the field is missing).
fn holds(op: &Op, found: &[&Value]) -> bool {
    // Each value, and each element of an array value.
    let candidates =
        || found.iter().flat_map(|v| std::iter::once(*v).chain(v.as_array().into_iter().flatten()));
    match op {
        Op::Eq(want) => candidates().any(|v| equal(v, want)),
        Op::Neq(want) => !candidates().any(|v| equal(v, want)),
        Op::In(list) => candidates().any(|v| list.iter().any(|w| equal(v, w))),
        Op::Nin(list) => !candidates().any(|v| list.iter().any(|w| equal(v, w))),
        Op::Cmp(ord, bound) => candidates().any(|v| compare(v, *ord, *bound)),
        Op::Exists(want) => found.is_empty() != *want,
        Op::StartsWith(prefix) => {
            candidates().any(|v| v.as_str().is_some_and(|s| s.starts_with(prefix.as_str())))
        }
    }
}

/// JSON equality, numbers by value (`1` equals `1.0`).
fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal(p, q)),
        _ => a == b,
    }
}

fn compare(v: &Value, ord: Ordering, bound: Bound) -> bool {
    let order = match (v, bound) {
        (Value::Number(n), Bound::Number(b)) => n.as_f64().and_then(|x| x.partial_cmp(&b)),
        (Value::String(s), Bound::Time(b)) => time(s).map(|t| t.cmp(&b)),
        _ => None,
    };
    let Some(order) = order else { return false };
    match ord {
        Ordering::Gt => order.is_gt(),
        Ordering::Gte => order.is_ge(),
        Ordering::Lt => order.is_lt(),
        Ordering::Lte => order.is_le(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Whether `body` matches `filter`, asked both ways (enqueue's `matches` and the console's
    /// `decide`), which must agree.
    fn run(filter: Value, body: Value) -> bool {
        let filter = Filter::compile(&filter).unwrap();
        let matched = filter.matches(&body);
        assert_eq!(matched, filter.decide(&body).matched, "matches and decide agree");
        assert_eq!(matched, filter.matches_body(body.to_string().as_bytes()));
        matched
    }

    fn refused(filter: Value) -> FilterError {
        Filter::compile(&filter).unwrap_err()
    }

    #[test]
    fn a_path_like_a_declared_field_is_taken_for_its_misspelling_and_others_pass() {
        let declared = ["type", "payload", "payload.to", "payload.budget_cents"];
        let check = |paths: &[&str]| {
            misspelt_field(&paths.iter().map(|p| p.to_string()).collect::<Vec<_>>(), &declared)
        };
        assert_eq!(check(&["payload.ot"]), Some(("payload.ot".into(), "payload.to".into())));
        assert_eq!(check(&["type", "payload.budgetCents"]).map(|m| m.1), Some("payload.budget_cents".into()));
        assert_eq!(check(&["tpye"]).map(|m| m.1), Some("type".into()));
        // Declared, below a declared field, above one, or unlike any: allowed.
        assert_eq!(check(&["payload.to", "payload.budget_cents.amount", "payload", "payload.region"]), None);
        assert_eq!(misspelt_field(&["anything".into()], &[]), None);
    }

    #[test]
    fn equality_nested_and_dotted_mean_the_same() {
        let body =
            json!({"type": "campaign.status_changed.v1", "payload": {"from": "active", "to": "paused"}});
        for f in [
            json!({"type": "campaign.status_changed.v1", "payload": {"to": "paused"}}),
            json!({"payload.to": "paused"}),
            json!({"payload": {"to": {"$eq": "paused"}}}),
        ] {
            assert!(run(f.clone(), body.clone()), "{f}");
        }
        assert!(!run(json!({"payload.to": "active"}), body.clone()));
        assert!(!run(json!({"payload.missing": "x"}), body));
        assert!(run(json!({"n": 1}), json!({"n": 1.0})), "numbers by value");
    }

    #[test]
    fn every_operator_gives_its_known_answers() {
        let body = json!({"budget": 5000, "name": "billing-eu", "at": "2026-11-28T10:00:00Z", "gone": null});
        let cases = [
            (json!({"budget": {"$gt": 4999}}), true),
            (json!({"budget": {"$gt": 5000}}), false),
            (json!({"budget": {"$gte": 5000}}), true),
            (json!({"budget": {"$lt": 5000}}), false),
            (json!({"budget": {"$lte": 5000.0}}), true),
            (json!({"budget": {"$gt": 1000, "$lt": 10000}}), true),
            (json!({"at": {"$gte": "2026-11-28T09:00:00+00:00"}}), true),
            (json!({"at": {"$lt": "2026-11-28T11:00:00+01:00"}}), false),
            (json!({"name": {"$eq": "billing-eu"}}), true),
            (json!({"name": {"$neq": "billing-eu"}}), false),
            (json!({"name": {"$in": ["x", "billing-eu"]}}), true),
            (json!({"name": {"$nin": ["x", "billing-eu"]}}), false),
            (json!({"name": {"$startsWith": "billing-"}}), true),
            (json!({"name": {"$startsWith": "Billing"}}), false),
            (json!({"gone": {"$exists": true}}), true),
            (json!({"nowhere": {"$exists": false}}), true),
            (json!({"nowhere": {"$neq": 1}}), true),
            (json!({"nowhere": {"$gt": 1}}), false),
            (json!({"name": {"$gt": 1}}), false),
            (json!({"budget": {"$not": {"$gt": 9000}}}), true),
            (json!({"budget": {"$gt": 100, "$not": {"$in": [5000]}}}), false),
        ];
        for (filter, expected) in cases {
            assert_eq!(run(filter.clone(), body.clone()), expected, "{filter}");
        }
    }

    #[test]
    fn and_or_not_combine_match_objects() {
        let body = json!({"status": "failed", "workflow_id": "billing-7"});
        assert!(run(
            json!({"$or": [{"status": "succeeded"}, {"workflow_id": {"$startsWith": "billing-"}}]}),
            body.clone()
        ));
        assert!(!run(json!({"$and": [{"status": "failed"}, {"workflow_id": "other"}]}), body.clone()));
        assert!(run(json!({"$not": {"status": "succeeded"}}), body.clone()));
        assert!(!run(json!({"$not": {"status": "failed"}, "workflow_id": "billing-7"}), body));
    }

    #[test]
    fn an_array_field_matches_when_any_element_does_and_negations_when_none_does() {
        let body = json!({"tags": ["a", "b"], "items": [{"sku": "x", "qty": 2}, {"sku": "y", "qty": 9}]});
        assert!(run(json!({"tags": "b"}), body.clone()));
        assert!(run(json!({"tags": ["a", "b"]}), body.clone()), "the whole array too");
        assert!(!run(json!({"tags": {"$neq": "a"}}), body.clone()));
        assert!(run(json!({"tags": {"$nin": ["c"]}}), body.clone()));
        assert!(run(json!({"items.sku": "y"}), body.clone()), "a path through an array");
        assert!(run(json!({"items.qty": {"$gt": 5}}), body.clone()));
        assert!(!run(json!({"items.qty": {"$gt": 10}}), body));
    }

    #[test]
    fn the_deciding_clause_is_named_by_its_pointer() {
        let f = Filter::compile(&json!({"status": "failed", "payload": {"a/b": {"$gt": 3}}})).unwrap();
        let d = f.decide(&json!({"status": "failed", "payload": {"a/b": 1}}));
        assert_eq!(d, Decision { matched: false, clause: "/payload/a~1b".into() });
        let any = Filter::compile(&json!({"$or": [{"x": 1}, {"y": 2}]})).unwrap();
        assert_eq!(any.decide(&json!({"y": 2})), Decision { matched: true, clause: "/$or/1/y".into() });
        assert_eq!(any.decide(&json!({})), Decision { matched: false, clause: "/$or".into() });
        assert_eq!(f.paths(), ["payload.a/b", "status"], "in key order");
    }

    #[test]
    fn a_wrong_filter_is_refused_with_the_place_named() {
        let cases = [
            (json!([1]), ""),
            (json!({"payload": {"to": {"$gtx": 1}}}), "/payload/to/$gtx"),
            (json!({"$nor": []}), "/$nor"),
            (json!({"budget": {"$gt": "soon"}}), "/budget/$gt"),
            (json!({"budget": {"$in": 3}}), "/budget/$in"),
            (json!({"x": {"$exists": "yes"}}), "/x/$exists"),
            (json!({"x": {"$startsWith": 1}}), "/x/$startsWith"),
            (json!({"x": {"$eq": 1, "y": 2}}), "/x"),
            (json!({"$or": [{"a": 1}, 3]}), "/$or/1"),
            (json!({"$and": []}), "/$and"),
            (json!({"a..b": 1}), "/a..b"),
            (json!({"x": {}}), "/x"),
            (json!({"x": {"$not": 1}}), "/x/$not"),
            (json!({"x": {"$not": {"$not": {"$gt": 1}}}}), "/x/$not/$not"),
        ];
        for (filter, pointer) in cases {
            assert_eq!(refused(filter.clone()).pointer, pointer, "{filter}");
        }
    }

    #[test]
    fn the_limits_are_kept() {
        let mut deep = json!({"leaf": 1});
        for i in 0..MAX_DEPTH {
            deep = json!({ format!("l{i}"): deep });
        }
        assert!(refused(deep).detail.contains("nests at most"));
        let many: Map<String, Value> = (0..=MAX_CLAUSES).map(|i| (format!("f{i}"), json!(i))).collect();
        assert!(refused(Value::Object(many)).detail.contains("at most 64"));
        let long: Vec<Value> = (0..=MAX_LIST).map(|i| json!(i)).collect();
        assert!(refused(json!({"x": {"$in": long}})).detail.contains("at most 100"));
        assert!(refused(json!({"x": "y".repeat(MAX_BYTES)})).detail.contains("bytes"));
    }
}
