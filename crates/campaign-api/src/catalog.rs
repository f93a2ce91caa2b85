//! The event catalog, as data: every type the service emits, its entity type and the fields
//! its payload must carry. Types are append-only; a new type or version is a new row here.

use serde_json::Value;

/// JSON kinds a payload field may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    String,
    Number,
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

    pub fn name(self) -> &'static str {
        match self {
            Kind::String => "string",
            Kind::Number => "number",
            Kind::Array => "array",
        }
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
}

impl EventType {
    /// The first segment: `line_item` for `line_item.created.v1`.
    pub fn entity_type(&self) -> &'static str {
        self.name.split('.').next().unwrap_or(self.name)
    }

    /// Checks a payload against the required fields; the error names the first problem.
    pub fn check_payload(&self, payload: &Value) -> Result<(), String> {
        let obj = payload.as_object().ok_or("payload must be a JSON object")?;
        for (field, kind) in self.fields {
            match obj.get(*field) {
                None => return Err(format!("payload of {} needs `{field}` ({})", self.name, kind.name())),
                Some(v) if !kind.matches(v) => {
                    return Err(format!("payload field `{field}` of {} must be a {}", self.name, kind.name()))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

const STR: Kind = Kind::String;
const NUM: Kind = Kind::Number;
const ARR: Kind = Kind::Array;

pub const CATALOG: &[EventType] = &[
    EventType { name: "campaign.created.v1", internal: true, fields: &[("name", STR), ("status", STR)] },
    EventType {
        name: "campaign.updated.v1",
        internal: true,
        fields: &[("name", STR), ("status", STR), ("changed", ARR)],
    },
    EventType { name: "campaign.status_changed.v1", internal: true, fields: &[("from", STR), ("to", STR)] },
    EventType {
        name: "line_item.created.v1",
        internal: false,
        fields: &[("campaignId", STR), ("name", STR)],
    },
    EventType {
        name: "line_item.updated.v1",
        internal: false,
        fields: &[("campaignId", STR), ("changed", ARR)],
    },
    EventType { name: "creative.created.v1", internal: false, fields: &[("name", STR), ("format", STR)] },
    EventType { name: "creative.updated.v1", internal: false, fields: &[("changed", ARR)] },
    EventType { name: "conversion_event.created.v1", internal: false, fields: &[("name", STR)] },
    EventType { name: "segment.created.v1", internal: false, fields: &[("name", STR)] },
    EventType { name: "segment.evaluated.v1", internal: false, fields: &[("size", NUM)] },
    EventType { name: "workspace.created.v1", internal: false, fields: &[("name", STR)] },
    EventType { name: "sync.succeeded.v1", internal: false, fields: &[("source", STR), ("records", NUM)] },
    EventType { name: "sync.failed.v1", internal: false, fields: &[("source", STR), ("error", STR)] },
    EventType { name: "report.ready.v1", internal: false, fields: &[("reportType", STR), ("url", STR)] },
    EventType {
        name: "budget.threshold.v1",
        internal: false,
        fields: &[("campaignId", STR), ("thresholdPercent", NUM), ("spent", NUM), ("budget", NUM)],
    },
    EventType {
        name: "spend.anomaly.v1",
        internal: false,
        fields: &[("campaignId", STR), ("expected", NUM), ("observed", NUM)],
    },
    EventType { name: "decision.applied.v1", internal: false, fields: &[("decision", STR)] },
    EventType { name: "package.created.v1", internal: false, fields: &[("name", STR)] },
    EventType { name: "deal.created.v1", internal: false, fields: &[("name", STR)] },
    EventType { name: "proposal.created.v1", internal: false, fields: &[("name", STR)] },
    EventType { name: "proposal.signed.v1", internal: false, fields: &[("signedBy", STR)] },
    EventType { name: "change_request.created.v1", internal: false, fields: &[("summary", STR)] },
    EventType { name: "change_request.reviewed.v1", internal: false, fields: &[("outcome", STR)] },
];

/// A payload that satisfies `t`'s required fields: what the console sends as its example.
pub fn example_payload(t: &EventType) -> Value {
    let fields = t.fields.iter().map(|(name, kind)| {
        let v = match kind {
            Kind::String => Value::from(format!("example {name}")),
            Kind::Number => Value::from(1),
            Kind::Array => Value::Array(Vec::new()),
        };
        ((*name).to_owned(), v)
    });
    Value::Object(fields.collect())
}

pub fn find(name: &str) -> Option<&'static EventType> {
    CATALOG.iter().find(|t| t.name == name)
}

pub fn names() -> impl Iterator<Item = &'static str> {
    CATALOG.iter().map(|t| t.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
        let mut names: Vec<_> = names().collect();
        assert!(names.iter().all(|n| n.rsplit_once(".v").is_some_and(|(_, v)| v.parse::<u32>().is_ok())));
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

    #[test]
    fn payloads_are_checked_against_required_fields() {
        let t = find("campaign.status_changed.v1").expect("in catalog");
        assert_eq!(t.check_payload(&json!({ "from": "active", "to": "paused" })), Ok(()));
        assert!(t.check_payload(&json!({ "from": "active" })).expect_err("missing field").contains("`to`"));
        assert!(t
            .check_payload(&json!({ "from": 1, "to": "x" }))
            .expect_err("wrong kind")
            .contains("must be a string"));
        assert!(t.check_payload(&json!([1])).is_err());
    }
}
