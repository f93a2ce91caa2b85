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
    EventType { name: "campaign.created.v1", fields: &[("name", STR), ("status", STR)] },
    EventType { name: "campaign.updated.v1", fields: &[("name", STR), ("status", STR), ("changed", ARR)] },
    EventType { name: "campaign.status_changed.v1", fields: &[("from", STR), ("to", STR)] },
    EventType { name: "line_item.created.v1", fields: &[("campaignId", STR), ("name", STR)] },
    EventType { name: "line_item.updated.v1", fields: &[("campaignId", STR), ("changed", ARR)] },
    EventType { name: "creative.created.v1", fields: &[("name", STR), ("format", STR)] },
    EventType { name: "creative.updated.v1", fields: &[("changed", ARR)] },
    EventType { name: "conversion_event.created.v1", fields: &[("name", STR)] },
    EventType { name: "segment.created.v1", fields: &[("name", STR)] },
    EventType { name: "segment.evaluated.v1", fields: &[("size", NUM)] },
    EventType { name: "workspace.created.v1", fields: &[("name", STR)] },
    EventType { name: "sync.succeeded.v1", fields: &[("source", STR), ("records", NUM)] },
    EventType { name: "sync.failed.v1", fields: &[("source", STR), ("error", STR)] },
    EventType { name: "report.ready.v1", fields: &[("reportType", STR), ("url", STR)] },
    EventType {
        name: "budget.threshold.v1",
        fields: &[("campaignId", STR), ("thresholdPercent", NUM), ("spent", NUM), ("budget", NUM)],
    },
    EventType {
        name: "spend.anomaly.v1",
        fields: &[("campaignId", STR), ("expected", NUM), ("observed", NUM)],
    },
    EventType { name: "decision.applied.v1", fields: &[("decision", STR)] },
    EventType { name: "package.created.v1", fields: &[("name", STR)] },
    EventType { name: "deal.created.v1", fields: &[("name", STR)] },
    EventType { name: "proposal.created.v1", fields: &[("name", STR)] },
    EventType { name: "proposal.signed.v1", fields: &[("signedBy", STR)] },
    EventType { name: "change_request.created.v1", fields: &[("summary", STR)] },
    EventType { name: "change_request.reviewed.v1", fields: &[("outcome", STR)] },
];

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
    fn the_spec_catalog_23_types_all_v1_unique() {
        assert_eq!(CATALOG.len(), 23);
        let mut names: Vec<_> = names().collect();
        assert!(names.iter().all(|n| n.ends_with(".v1")));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 23);
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
