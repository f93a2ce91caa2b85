//! Campaigns: the one entity this service models itself. The rules (names, states and
//! transitions, which events a change emits) are pure functions; the operations apply them
//! and commit each change with its events in one transaction.
//!
//! States and transitions (anything else is refused):
//! draft → active | archived; active → paused | completed; paused → active | completed | archived;
//! completed → archived; archived is final. New campaigns start as draft, active or paused.

use crate::events::{emit, Emit};
use crate::store::{self, Campaign};
use crate::workspace::Workspace;
use api_support::pagination::{Page, PageRequest};
use chrono::{DateTime, Utc};
use delivery_engine::db::DbConn;
use delivery_engine::deliveries::LogPosition;
use delivery_engine::on_conn;
use delivery_engine::{Engine, EngineError};
use serde_json::json;
use uuid::Uuid;

pub const STATES: [&str; 5] = ["draft", "active", "paused", "completed", "archived"];
pub const INITIAL_STATES: [&str; 3] = ["draft", "active", "paused"];
pub const DEFAULT_STATE: &str = "draft";
pub const MAX_NAME: usize = 200;

pub const CREATED: &str = "campaign.created.v1";
pub const UPDATED: &str = "campaign.updated.v1";
pub const STATUS_CHANGED: &str = "campaign.status_changed.v1";

/// Why a campaign operation was refused; the messages are the API's `detail`s.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    #[error("name must be 1 to {MAX_NAME} characters, without control characters")]
    InvalidName,
    #[error("status must be one of {}", allowed.join(", "))]
    InvalidStatus { allowed: &'static [&'static str] },
    #[error("no such campaign")]
    NotFound,
    #[error("a campaign cannot go from {from} to {to}")]
    InvalidTransition { from: String, to: String },
    #[error(transparent)]
    Engine(#[from] EngineError),
}

impl From<diesel::result::Error> for CampaignError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Engine(e.into())
    }
}

pub fn can_transition(from: &str, to: &str) -> bool {
    matches!(
        (from, to),
        ("draft", "active" | "archived")
            | ("active", "paused" | "completed")
            | ("paused", "active" | "completed" | "archived")
            | ("completed", "archived")
    )
}

pub fn check_name(name: &str) -> Result<(), CampaignError> {
    if name.trim().is_empty() || name.chars().count() > MAX_NAME || api_support::has_control_chars(name) {
        return Err(CampaignError::InvalidName);
    }
    Ok(())
}

pub fn check_state(status: &str, allowed: &'static [&'static str]) -> Result<(), CampaignError> {
    if !allowed.contains(&status) {
        return Err(CampaignError::InvalidStatus { allowed });
    }
    Ok(())
}

/// A campaign event about to be emitted: its type and payload.
#[derive(Debug, Clone, PartialEq)]
pub struct CampaignEvent {
    pub event_type: &'static str,
    pub payload: serde_json::Value,
}

/// A campaign to create, as received; `status` defaults to [`DEFAULT_STATE`].
#[derive(Debug, Clone)]
pub struct NewCampaign {
    pub name: String,
    pub status: Option<String>,
}

/// The new campaign and its `campaign.created.v1` event.
pub fn new_campaign(
    workspace: Uuid,
    new: NewCampaign,
    now: DateTime<Utc>,
) -> Result<(Campaign, CampaignEvent), CampaignError> {
    let status = new.status.unwrap_or_else(|| DEFAULT_STATE.to_owned());
    check_name(&new.name)?;
    check_state(&status, &INITIAL_STATES)?;
    let campaign = Campaign {
        id: Uuid::now_v7(),
        workspace_id: workspace,
        name: new.name,
        status,
        created_at: now,
        updated_at: now,
    };
    let event = CampaignEvent {
        event_type: CREATED,
        payload: json!({ "name": campaign.name, "status": campaign.status }),
    };
    Ok((campaign, event))
}

/// A change to a campaign, as received; absent fields stay as they are.
#[derive(Debug, Clone, Default)]
pub struct CampaignPatch {
    pub name: Option<String>,
    pub status: Option<String>,
}

/// The checks that need no stored campaign: a valid name, a known state.
pub fn check_patch(patch: &CampaignPatch) -> Result<(), CampaignError> {
    if let Some(name) = &patch.name {
        check_name(name)?;
    }
    if let Some(status) = &patch.status {
        check_state(status, &STATES)?;
    }
    Ok(())
}

/// The update rule: the patched campaign and the events the change emits,
/// `campaign.updated.v1` when anything changed and `campaign.status_changed.v1` too when the
/// status changed. A patch that changes nothing yields the campaign untouched and no events.
pub fn apply_patch(
    mut campaign: Campaign,
    patch: CampaignPatch,
    now: DateTime<Utc>,
) -> Result<(Campaign, Vec<CampaignEvent>), CampaignError> {
    let mut changed = Vec::new();
    if let Some(name) = patch.name.filter(|n| *n != campaign.name) {
        campaign.name = name;
        changed.push("name");
    }
    let mut status_change = None;
    if let Some(to) = patch.status.filter(|s| *s != campaign.status) {
        if !can_transition(&campaign.status, &to) {
            return Err(CampaignError::InvalidTransition { from: campaign.status, to });
        }
        status_change = Some(json!({ "from": campaign.status, "to": to }));
        campaign.status = to;
        changed.push("status");
    }
    if changed.is_empty() {
        return Ok((campaign, Vec::new()));
    }
    campaign.updated_at = now;
    let mut events = vec![CampaignEvent {
        event_type: UPDATED,
        payload: json!({ "name": campaign.name, "status": campaign.status, "changed": changed }),
    }];
    events.extend(status_change.map(|payload| CampaignEvent { event_type: STATUS_CHANGED, payload }));
    Ok((campaign, events))
}

async fn emit_all(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    ws: &Workspace,
    campaign: &Campaign,
    events: Vec<CampaignEvent>,
    at: DateTime<Utc>,
) -> Result<(), EngineError> {
    for e in events {
        let e =
            Emit { event_type: e.event_type, entity_id: campaign.id, payload: e.payload, occurred_at: at };
        emit(engine, conn, ws, e).await?;
    }
    Ok(())
}

/// Creates a campaign and emits `campaign.created.v1`, in one transaction.
pub async fn create_campaign(
    engine: &Engine,
    ws: &Workspace,
    new: NewCampaign,
) -> Result<Campaign, CampaignError> {
    let now = Utc::now();
    let (campaign, event) = new_campaign(ws.id(), new, now)?;
    let (outbox, stored, ws) = (engine.clone(), campaign.clone(), ws.clone());
    engine
        .transaction(on_conn!(|c| {
            store::insert_campaign(c, &stored).await?;
            emit_all(&outbox, c, &ws, &stored, vec![event], now).await?;
            Ok::<_, CampaignError>(())
        }))
        .await?;
    Ok(campaign)
}

/// The workspace's campaign.
pub async fn get_campaign(engine: &Engine, ws: &Workspace, id: Uuid) -> Result<Campaign, CampaignError> {
    let workspace = ws.id();
    engine
        .run(on_conn!(|c| store::get_campaign(c, workspace, id).await.map_err(CampaignError::from)))
        .await?
        .ok_or(CampaignError::NotFound)
}

/// A page of the workspace's campaigns, newest first, after `page.after` if given.
pub async fn list_campaigns(
    engine: &Engine,
    ws: &Workspace,
    page: PageRequest,
) -> Result<Page<Campaign>, CampaignError> {
    let workspace = ws.id();
    let rows = engine
        .run(on_conn!(|c| store::list_campaigns(c, workspace, page.after, page.rows_to_read())
            .await
            .map_err(CampaignError::from)))
        .await?;
    Ok(Page::from_rows(rows, page.limit, |c| LogPosition { created_at: c.created_at, id: c.id }))
}

/// Applies a patch and emits its events, in one transaction.
pub async fn update_campaign(
    engine: &Engine,
    ws: &Workspace,
    id: Uuid,
    patch: CampaignPatch,
) -> Result<Campaign, CampaignError> {
    check_patch(&patch)?;
    let (outbox, ws) = (engine.clone(), ws.clone());
    engine.transaction(on_conn!(|c| update_on(&outbox, c, &ws, id, patch, Utc::now()).await)).await
}

/// [`update_campaign`] on the caller's connection, inside the caller's transaction.
pub async fn update_on(
    engine: &Engine,
    conn: &mut DbConn<'_>,
    ws: &Workspace,
    id: Uuid,
    patch: CampaignPatch,
    now: DateTime<Utc>,
) -> Result<Campaign, CampaignError> {
    let campaign = store::lock_campaign(conn, ws.id(), id).await?.ok_or(CampaignError::NotFound)?;
    let (campaign, events) = apply_patch(campaign, patch, now)?;
    if events.is_empty() {
        return Ok(campaign);
    }
    store::update_campaign(conn, &campaign).await?;
    emit_all(engine, conn, ws, &campaign, events, now).await?;
    Ok(campaign)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(secs: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, secs).single().expect("valid")
    }

    fn campaign(status: &str) -> Campaign {
        Campaign {
            id: Uuid::now_v7(),
            workspace_id: Uuid::now_v7(),
            name: "Spring".into(),
            status: status.into(),
            created_at: at(0),
            updated_at: at(0),
        }
    }

    fn patch(name: Option<&str>, status: Option<&str>) -> CampaignPatch {
        CampaignPatch { name: name.map(Into::into), status: status.map(Into::into) }
    }

    #[test]
    fn transitions() {
        assert!(can_transition("active", "paused"));
        assert!(can_transition("paused", "active"));
        assert!(can_transition("draft", "active"));
        assert!(!can_transition("archived", "active"));
        assert!(!can_transition("completed", "active"));
        assert!(!can_transition("draft", "paused"));
        for s in STATES {
            assert!(!can_transition(s, s));
        }
    }

    #[test]
    fn a_new_campaign_starts_as_draft_and_emits_created() {
        let ws = Uuid::now_v7();
        let (c, event) =
            new_campaign(ws, NewCampaign { name: "Spring".into(), status: None }, at(1)).expect("valid");
        assert_eq!(
            (c.workspace_id, c.status.as_str(), c.created_at, c.updated_at),
            (ws, "draft", at(1), at(1))
        );
        assert_eq!(
            event,
            CampaignEvent { event_type: CREATED, payload: json!({ "name": "Spring", "status": "draft" }) }
        );
        let archived = NewCampaign { name: "x".into(), status: Some("archived".into()) };
        let refused = new_campaign(ws, archived, at(1)).expect_err("not an initial state");
        assert_eq!(refused.to_string(), "status must be one of draft, active, paused");
        let blank = NewCampaign { name: " ".into(), status: None };
        assert!(matches!(new_campaign(ws, blank, at(1)), Err(CampaignError::InvalidName)));
    }

    #[test]
    fn a_status_change_emits_updated_and_status_changed() {
        let (c, events) =
            apply_patch(campaign("active"), patch(Some("Summer"), Some("paused")), at(9)).expect("allowed");
        assert_eq!((c.name.as_str(), c.status.as_str(), c.updated_at), ("Summer", "paused", at(9)));
        assert_eq!(
            events,
            [
                CampaignEvent {
                    event_type: UPDATED,
                    payload: json!({ "name": "Summer", "status": "paused", "changed": ["name", "status"] })
                },
                CampaignEvent {
                    event_type: STATUS_CHANGED,
                    payload: json!({ "from": "active", "to": "paused" })
                },
            ]
        );
        let (_, events) =
            apply_patch(campaign("active"), patch(Some("Summer"), None), at(9)).expect("allowed");
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].payload["changed"], json!(["name"]));
    }

    #[test]
    fn a_patch_that_changes_nothing_emits_nothing() {
        let before = campaign("active");
        let (after, events) =
            apply_patch(before.clone(), patch(Some("Spring"), Some("active")), at(9)).expect("no-op");
        assert_eq!((after, events), (before, vec![]));
    }

    /// Every event the rules can emit carries exactly its catalog type's required fields, of
    /// their types (so it is valid under the published schema, which is made from the same row).
    #[test]
    fn emitted_payloads_match_their_catalog_types() {
        let ws = Uuid::now_v7();
        let mut emitted = Vec::new();
        for status in INITIAL_STATES {
            let new = NewCampaign { name: "Spring".into(), status: Some(status.into()) };
            emitted.push(new_campaign(ws, new, at(1)).expect("valid").1);
        }
        for from in STATES {
            for to in STATES.into_iter().filter(|to| can_transition(from, to)) {
                for name in [None, Some("Summer")] {
                    emitted.extend(
                        apply_patch(campaign(from), patch(name, Some(to)), at(9)).expect("allowed").1,
                    );
                }
            }
        }
        emitted
            .extend(apply_patch(campaign("draft"), patch(Some("Summer"), None), at(9)).expect("allowed").1);
        let types: std::collections::BTreeSet<_> = emitted.iter().map(|e| e.event_type).collect();
        assert_eq!(types, [CREATED, UPDATED, STATUS_CHANGED].into());
        for e in emitted {
            let t = crate::catalog::find(e.event_type).expect("in the catalog");
            assert!(t.internal, "{} is emitted by the routes, so it is internal", t.name);
            assert_eq!(t.check_payload(&e.payload), Ok(()), "{e:?}");
            let mut keys: Vec<&str> =
                e.payload.as_object().expect("object").keys().map(String::as_str).collect();
            let mut fields: Vec<&str> = t.fields.iter().map(|(f, _)| *f).collect();
            keys.sort_unstable();
            fields.sort_unstable();
            assert_eq!(keys, fields, "the service's own payloads have exactly the required fields");
        }
    }

    #[test]
    fn a_forbidden_transition_is_refused_whole() {
        let refused =
            apply_patch(campaign("archived"), patch(Some("New"), Some("active")), at(9)).expect_err("final");
        assert_eq!(refused.to_string(), "a campaign cannot go from archived to active");
        assert!(check_patch(&patch(None, Some("deleted"))).is_err());
        assert!(check_patch(&patch(Some(""), None)).is_err());
    }
}
