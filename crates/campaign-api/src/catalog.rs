//! The event catalog, as data: every type the service emits, its entity type, the fields its
//! payload must carry and an example payload. Types are append-only; a new type or version is
//! a new row here. The row is the single source of each type's rules: [`EventType::check_payload`]
//! (what `POST /api/v1/events` enforces) and [`EventType::payload_schema`] (the JSON Schema
//! `GET /api/v1/event-types` publishes) both read its `fields`, so they cannot disagree
//! (docs/decisions.md D90).

use operator_cli::catalog_history::PublishedType;
use serde_json::{json, Map, Value};

/// The JSON Schema dialect of [`EventType::payload_schema`].
pub const SCHEMA_DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// JSON kinds a payload field may have; each is a JSON Schema `type` of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    String,
    /// An integer or a fraction.
    Number,
    /// Any elements (they are not checked).
    Array,
}

impl Kind {
    fn matches(self, v: &Value) -> bool {
        match self {
            Kind::String => v.is_string(),
            Kind::Number => v.is_number(),
            Kind::Array => v.is_array(),
        }
    }

    /// The JSON Schema `type` keyword's value for this kind.
    pub fn name(self) -> &'static str {
        match self {
            Kind::String => "string",
            Kind::Number => "number",
            Kind::Array => "array",
        }
    }
}

/// The JSON type of a value, as a refusal names it.
pub fn json_type_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[derive(Debug, Clone, Copy)]
pub struct EventType {
    pub name: &'static str,
    /// Emitted by the service's own routes only; `POST /api/v1/events` refuses it, so nobody
    /// can forge (say) a status change of a campaign that did not change.
    pub internal: bool,
    /// Required payload fields; more fields are allowed.
    pub fields: &'static [(&'static str, Kind)],
    /// An example payload, as JSON text (a unit test checks it is valid under the type's own
    /// schema): what the docs show, the catalog route answers and the console fills in.
    pub example: &'static str,
}

/// Why a payload does not match its type; [`PayloadError::describe`] words it for the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayloadError {
    pub event_type: &'static str,
    /// The failing field, `None` for the payload itself.
    pub field: Option<&'static str>,
    pub problem: PayloadProblem,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayloadProblem {
    /// The payload is not a JSON object; `found` is its JSON type.
    NotAnObject { found: &'static str },
    /// A required field is absent.
    Missing { expected: Kind },
    /// A required field has another JSON type.
    WrongKind { expected: Kind, found: &'static str },
}

impl PayloadError {
    /// The JSON pointer of the failing value, below `root` (the payload's own pointer in the
    /// document it came in: `/payload` in a `POST /api/v1/events` body).
    pub fn pointer(&self, root: &str) -> String {
        match self.field {
            // RFC 6901: `~` and `/` inside a name are escaped.
            Some(field) => format!("{root}/{}", field.replace('~', "~0").replace('/', "~1")),
            None => root.to_owned(),
        }
    }

    /// One sentence that starts with the pointer of the failing value below `root`.
    pub fn describe(&self, root: &str) -> String {
        let (at, t) = (self.pointer(root), self.event_type);
        match self.problem {
            PayloadProblem::NotAnObject { found } => {
                format!("`{at}` must be a JSON object ({t}), not {}", with_article(found))
            }
            PayloadProblem::Missing { expected } => {
                format!("`{at}` is required by {t} ({})", with_article(expected.name()))
            }
            PayloadProblem::WrongKind { expected, found } => {
                format!("`{at}` must be {} ({t}), not {}", with_article(expected.name()), with_article(found))
            }
        }
    }
}

fn with_article(json_type: &str) -> String {
    match json_type {
        "null" => "null".to_owned(),
        t if t.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {t}"),
        t => format!("a {t}"),
    }
}

impl EventType {
    /// The first segment: `line_item` for `line_item.created.v1`.
    pub fn entity_type(&self) -> &'static str {
        self.name.split('.').next().unwrap_or(self.name)
    }

    /// The version suffix's number: 1 for `campaign.updated.v1`; 0 for a name without one,
    /// which a unit test keeps out of the catalog.
    pub fn version(&self) -> u32 {
        self.name.rsplit_once(".v").and_then(|(_, v)| v.parse().ok()).unwrap_or(0)
    }

    /// Checks a payload against the required fields; the error names the first problem, in
    /// the order of `fields`.
    pub fn check_payload(&self, payload: &Value) -> Result<(), PayloadError> {
        let refuse = |field, problem| PayloadError { event_type: self.name, field, problem };
        let obj = payload
            .as_object()
            .ok_or_else(|| refuse(None, PayloadProblem::NotAnObject { found: json_type_of(payload) }))?;
        for &(field, expected) in self.fields {
            match obj.get(field) {
                None => return Err(refuse(Some(field), PayloadProblem::Missing { expected })),
                Some(v) if !expected.matches(v) => {
                    let found = json_type_of(v);
                    return Err(refuse(Some(field), PayloadProblem::WrongKind { expected, found }));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// The payload's JSON Schema (draft 2020-12), made from the same `fields` as
    /// [`EventType::check_payload`]: an object with these required fields of these types, and
    /// any other fields.
    pub fn payload_schema(&self) -> Value {
        let properties: Map<String, Value> = self
            .fields
            .iter()
            .map(|(field, kind)| ((*field).to_owned(), json!({ "type": kind.name() })))
            .collect();
        let required: Vec<&str> = self.fields.iter().map(|(field, _)| *field).collect();
        json!({
            "$schema": SCHEMA_DIALECT,
            "title": format!("payload of {}", self.name),
            "type": "object",
            "required": required,
            "properties": properties,
            "additionalProperties": true,
        })
    }
}

const STR: Kind = Kind::String;
const NUM: Kind = Kind::Number;
const ARR: Kind = Kind::Array;

pub const CATALOG: &[EventType] = &[
    EventType {
        name: "campaign.created.v1",
        internal: true,
        fields: &[("name", STR), ("status", STR)],
        example: r#"{"name":"Winter sale","status":"active"}"#,
    },
    EventType {
        name: "campaign.updated.v1",
        internal: true,
        fields: &[("name", STR), ("status", STR), ("changed", ARR)],
        example: r#"{"changed":["status"],"name":"Winter sale","status":"paused"}"#,
    },
    EventType {
        name: "campaign.status_changed.v1",
        internal: true,
        fields: &[("from", STR), ("to", STR)],
        example: r#"{"from":"active","to":"paused"}"#,
    },
    EventType {
        name: "line_item.created.v1",
        internal: false,
        fields: &[("campaignId", STR), ("name", STR)],
        example: r#"{"campaignId":"01a2030c-ae97-770f-8fc8-572878893c94","name":"Homepage banner"}"#,
    },
    EventType {
        name: "line_item.updated.v1",
        internal: false,
        fields: &[("campaignId", STR), ("changed", ARR)],
        example: r#"{"campaignId":"01a2030c-ae97-770f-8fc8-572878893c94","changed":["bid","endDate"]}"#,
    },
    EventType {
        name: "creative.created.v1",
        internal: false,
        fields: &[("name", STR), ("format", STR)],
        example: r#"{"format":"banner_300x250","name":"Winter hero"}"#,
    },
    EventType {
        name: "creative.updated.v1",
        internal: false,
        fields: &[("changed", ARR)],
        example: r#"{"changed":["name"]}"#,
    },
    EventType {
        name: "conversion_event.created.v1",
        internal: false,
        fields: &[("name", STR)],
        example: r#"{"name":"Purchase"}"#,
    },
    EventType {
        name: "segment.created.v1",
        internal: false,
        fields: &[("name", STR)],
        example: r#"{"name":"Cart abandoners"}"#,
    },
    EventType {
        name: "segment.evaluated.v1",
        internal: false,
        fields: &[("size", NUM)],
        example: r#"{"size":48210}"#,
    },
    EventType {
        name: "workspace.created.v1",
        internal: false,
        fields: &[("name", STR)],
        example: r#"{"name":"Acme"}"#,
    },
    EventType {
        name: "sync.succeeded.v1",
        internal: false,
        fields: &[("source", STR), ("records", NUM)],
        example: r#"{"records":1200,"source":"google_ads"}"#,
    },
    EventType {
        name: "sync.failed.v1",
        internal: false,
        fields: &[("source", STR), ("error", STR)],
        example: r#"{"error":"token expired","source":"google_ads"}"#,
    },
    EventType {
        name: "report.ready.v1",
        internal: false,
        fields: &[("reportType", STR), ("url", STR)],
        example: r#"{"reportType":"weekly_spend","url":"https://reports.example.com/r/123.csv"}"#,
    },
    EventType {
        name: "budget.threshold.v1",
        internal: false,
        fields: &[("campaignId", STR), ("thresholdPercent", NUM), ("spent", NUM), ("budget", NUM)],
        example: r#"{"budget":5000,"campaignId":"01a2030c-ae97-770f-8fc8-572878893c94","spent":4012.5,"thresholdPercent":80}"#,
    },
    EventType {
        name: "spend.anomaly.v1",
        internal: false,
        fields: &[("campaignId", STR), ("expected", NUM), ("observed", NUM)],
        example: r#"{"campaignId":"01a2030c-ae97-770f-8fc8-572878893c94","expected":310,"observed":1290.4}"#,
    },
    EventType {
        name: "decision.applied.v1",
        internal: false,
        fields: &[("decision", STR)],
        example: r#"{"decision":"raise_bid"}"#,
    },
    EventType {
        name: "package.created.v1",
        internal: false,
        fields: &[("name", STR)],
        example: r#"{"name":"Q1 premium video"}"#,
    },
    EventType {
        name: "deal.created.v1",
        internal: false,
        fields: &[("name", STR)],
        example: r#"{"name":"Q1 PMP deal"}"#,
    },
    EventType {
        name: "proposal.created.v1",
        internal: false,
        fields: &[("name", STR)],
        example: r#"{"name":"Q1 proposal"}"#,
    },
    EventType {
        name: "proposal.signed.v1",
        internal: false,
        fields: &[("signedBy", STR)],
        example: r#"{"signedBy":"jane@acme.example"}"#,
    },
    EventType {
        name: "change_request.created.v1",
        internal: false,
        fields: &[("summary", STR)],
        example: r#"{"summary":"Raise the daily cap to 600"}"#,
    },
    EventType {
        name: "change_request.reviewed.v1",
        internal: false,
        fields: &[("outcome", STR)],
        example: r#"{"outcome":"approved"}"#,
    },
];

/// The example payload of `t` (its row's `example`), valid under its schema: what the docs
/// show, the catalog route answers and the console sends.
pub fn example_payload(t: &EventType) -> Value {
    serde_json::from_str(t.example).expect("catalog examples are JSON (checked by a unit test)")
}

pub fn find(name: &str) -> Option<&'static EventType> {
    CATALOG.iter().find(|t| t.name == name)
}

pub fn names() -> impl Iterator<Item = &'static str> {
    CATALOG.iter().map(|t| t.name)
}

/// Every type as receivers see it, for the guard on the catalog's history
/// (`operator_cli::catalog_history`, `catalog-history.json`).
pub fn published() -> Vec<PublishedType> {
    CATALOG
        .iter()
        .map(|t| {
            let required: Vec<(&str, &str)> = t.fields.iter().map(|(f, k)| (*f, k.name())).collect();
            PublishedType::new(t.name, t.entity_type(), &required, t.payload_schema())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_holds_the_spec_types_once_each_with_a_version() {
        // The spec's 23 types; later versions (`.v2`, ...) are added as rows, never replacing these.
        let spec = [
            "campaign.created.v1",
            "campaign.updated.v1",
            "campaign.status_changed.v1",
            "line_item.created.v1",
            "line_item.updated.v1",
            "creative.created.v1",
            "creative.updated.v1",
            "conversion_event.created.v1",
            "segment.created.v1",
            "segment.evaluated.v1",
            "workspace.created.v1",
            "sync.succeeded.v1",
            "sync.failed.v1",
            "report.ready.v1",
            "budget.threshold.v1",
            "spend.anomaly.v1",
            "decision.applied.v1",
            "package.created.v1",
            "deal.created.v1",
            "proposal.created.v1",
            "proposal.signed.v1",
            "change_request.created.v1",
            "change_request.reviewed.v1",
        ];
        for t in spec {
            assert!(find(t).is_some(), "{t} missing");
        }
        assert!(CATALOG.iter().all(|t| t.version() > 0), "every name ends in a version (.v1, .v2, ...)");
        let mut names: Vec<_> = names().collect();
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before, "a type appears twice");
        let internal: Vec<_> = CATALOG.iter().filter(|t| t.internal).map(|t| t.name).collect();
        assert_eq!(internal, ["campaign.created.v1", "campaign.updated.v1", "campaign.status_changed.v1"]);
        assert_eq!(find("line_item.created.v1").map(EventType::entity_type), Some("line_item"));
        assert_eq!(find("campaign.status_changed.v1").map(EventType::entity_type), Some("campaign"));
        assert_eq!(find("change_request.reviewed.v1").map(EventType::entity_type), Some("change_request"));
    }

    /// The guard on the catalog's history (docs/extending.md): a published type is never
    /// removed or changed incompatibly; a new one is recorded by `cargo xtask catalog-snapshot`.
    #[test]
    fn every_published_type_is_kept_as_it_was_published() {
        operator_cli::catalog_history::assert_history_kept(env!("CARGO_MANIFEST_DIR"), &published());
    }

    #[test]
    fn versions_are_the_suffix_numbers() {
        let row = |name| EventType { name, internal: false, fields: &[], example: "{}" };
        assert_eq!(row("campaign.updated.v1").version(), 1);
        assert_eq!(row("campaign.updated.v12").version(), 12);
        assert_eq!(row("campaign.updated").version(), 0);
        assert_eq!(row("campaign.updated.vx").version(), 0);
    }

    fn status_changed() -> &'static EventType {
        find("campaign.status_changed.v1").expect("in catalog")
    }

    #[test]
    fn a_payload_needs_every_required_field_of_its_kind_and_may_have_more() {
        let t = status_changed();
        assert_eq!(t.check_payload(&json!({ "from": "active", "to": "paused" })), Ok(()));
        assert_eq!(t.check_payload(&json!({ "from": "active", "to": "paused", "by": 7 })), Ok(()));
        let refused = |payload: Value| t.check_payload(&payload).expect_err("refused");
        assert_eq!(
            refused(json!({ "from": "active" })),
            PayloadError {
                event_type: "campaign.status_changed.v1",
                field: Some("to"),
                problem: PayloadProblem::Missing { expected: Kind::String },
            }
        );
        assert_eq!(
            refused(json!({ "from": 1, "to": "x" })).problem,
            PayloadProblem::WrongKind { expected: Kind::String, found: "number" }
        );
        // A null field is a field of the wrong kind, not a missing one.
        assert_eq!(
            refused(json!({ "from": "a", "to": null })).problem,
            PayloadProblem::WrongKind { expected: Kind::String, found: "null" }
        );
        assert_eq!(refused(json!([1])).problem, PayloadProblem::NotAnObject { found: "array" });
        assert_eq!(refused(json!(null)).field, None);
        // The first problem in the order of `fields`.
        assert_eq!(refused(json!({})).field, Some("from"));
    }

    #[test]
    fn refusals_start_with_the_pointer_of_the_failing_value() {
        let t = status_changed();
        let says = |payload: Value| t.check_payload(&payload).expect_err("refused").describe("/payload");
        assert_eq!(
            says(json!({ "from": "active" })),
            "`/payload/to` is required by campaign.status_changed.v1 (a string)"
        );
        assert_eq!(
            says(json!({ "from": [], "to": "x" })),
            "`/payload/from` must be a string (campaign.status_changed.v1), not an array"
        );
        assert_eq!(
            says(json!("paused")),
            "`/payload` must be a JSON object (campaign.status_changed.v1), not a string"
        );
        assert_eq!(
            says(json!(null)),
            "`/payload` must be a JSON object (campaign.status_changed.v1), not null"
        );
        let odd = PayloadError {
            event_type: "x.v1",
            field: Some("a/b~c"),
            problem: PayloadProblem::Missing { expected: Kind::Number },
        };
        assert_eq!(odd.pointer("/payload"), "/payload/a~1b~0c");
        assert_eq!(odd.pointer(""), "/a~1b~0c");
    }

    #[test]
    fn the_schema_is_made_from_the_fields() {
        assert_eq!(
            find("sync.succeeded.v1").expect("in catalog").payload_schema(),
            json!({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "title": "payload of sync.succeeded.v1",
                "type": "object",
                "required": ["source", "records"],
                "properties": { "source": { "type": "string" }, "records": { "type": "number" } },
                "additionalProperties": true,
            })
        );
    }

    /// An independent validator (the `jsonschema` crate, tests only: D90).
    fn validator(schema: &Value) -> jsonschema::Validator {
        jsonschema::meta::validate(schema).expect("a valid draft 2020-12 schema");
        jsonschema::draft202012::new(schema).expect("compiles")
    }

    #[test]
    fn every_example_is_valid_under_its_own_schema() {
        for t in CATALOG {
            let example: Value = serde_json::from_str(t.example).expect("example is JSON");
            assert_eq!(example_payload(t), example);
            assert_eq!(t.check_payload(&example), Ok(()), "{}", t.name);
            let schema = t.payload_schema();
            assert_eq!(schema["$schema"], SCHEMA_DIALECT);
            let errors: Vec<String> =
                validator(&schema).iter_errors(&example).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{}: {errors:?}", t.name);
        }
    }

    /// Payloads near each type's example: the example, without each field, with each field of
    /// every other JSON type, with an extra field, and values that are not objects.
    fn variants(t: &EventType) -> Vec<Value> {
        let others =
            [json!(null), json!(true), json!(3), json!(2.5), json!("s"), json!([1, "x"]), json!({ "a": 1 })];
        let example = example_payload(t);
        let mut out = vec![example.clone(), json!(null), json!([]), json!("{}"), json!(7), json!({})];
        let mut extra = example.clone();
        extra["notInTheSchema"] = json!({ "deep": [1] });
        out.push(extra);
        for (field, _) in t.fields {
            let mut without = example.clone();
            without.as_object_mut().expect("object").remove(*field);
            out.push(without);
            for other in &others {
                let mut changed = example.clone();
                changed[*field] = other.clone();
                out.push(changed);
            }
        }
        out
    }

    #[test]
    fn the_checker_and_a_schema_validator_agree_on_every_type() {
        for t in CATALOG {
            let schema_validator = validator(&t.payload_schema());
            for payload in variants(t) {
                let checked = t.check_payload(&payload);
                let first_error = schema_validator.iter_errors(&payload).next();
                assert_eq!(checked.is_ok(), first_error.is_none(), "{} on {payload}: {checked:?}", t.name);
                // Where the validator points into the payload (a wrong type), it points where we do.
                if let (Err(e), Some(v)) = (&checked, &first_error) {
                    if matches!(e.problem, PayloadProblem::WrongKind { .. }) {
                        assert_eq!(v.instance_path().as_str(), e.pointer(""), "{} on {payload}", t.name);
                    }
                }
            }
        }
    }

    /// The catalog table of docs/events.md, as the code sees it.
    fn markdown_table() -> String {
        let mut out = String::from(
            "| type | entityType | publishable | required payload fields | example payload |\n\
             |---|---|---|---|---|\n",
        );
        for t in CATALOG {
            let fields: Vec<String> = t.fields.iter().map(|(f, k)| format!("`{f}` {}", k.name())).collect();
            let example = serde_json::to_string(&example_payload(t)).expect("serialises");
            out += &format!(
                "| `{}` | `{}` | {} | {} | `{example}` |\n",
                t.name,
                t.entity_type(),
                if t.internal { "no" } else { "yes" },
                fields.join(", "),
            );
        }
        out
    }

    /// The text of docs/events.md between `<!-- begin NAME -->` and `<!-- end NAME -->`.
    fn doc_block(name: &str) -> &'static str {
        let doc = include_str!("../../../docs/events.md");
        let (begin, end) = (format!("<!-- begin {name} -->\n"), format!("<!-- end {name} -->"));
        let start =
            doc.find(&begin).unwrap_or_else(|| panic!("docs/events.md has no `{begin}`")) + begin.len();
        let len = doc[start..].find(&end).unwrap_or_else(|| panic!("docs/events.md has no `{end}`"));
        &doc[start..start + len]
    }

    #[test]
    fn docs_events_md_shows_the_catalog_as_the_code_has_it() {
        let table = markdown_table();
        assert!(doc_block("catalog-table") == table, "docs/events.md's catalog table should be:\n{table}");
        let shown = doc_block("schema-example");
        let json = shown.trim().trim_start_matches("```json").trim_end_matches("```");
        let shown: Value = serde_json::from_str(json).expect("the schema example is JSON");
        assert_eq!(shown, status_changed().payload_schema());
    }
}
