//! campaign-api's console, under `/console`: the shared screens of `web_console` in
//! this service's words and rules (the log's `pending`, `retrying`, `delivered`, `dead`;
//! replay; search by delivery or event id), and its own pages: edit an endpoint's URL and
//! event filter, send an endpoint the example of any catalog type, the event catalog.

use crate::catalog::{self, EventType, CATALOG};
use crate::events::{self, Emit};
use crate::handlers::deliveries::{parse_status, status_name};
use crate::handlers::engine_err;
use crate::handlers::webhooks::check_url;
use crate::workspace::Workspace;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::ApiError;
use askama::Template;
use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus, ResendRule};
use delivery_engine::endpoints::EndpointPatch;
use delivery_engine::on_conn;
use delivery_engine::{Engine, EngineError};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;
use uuid::Uuid;
use web_console::screens::{self, endpoint_id, ExampleTypes};
use web_console::service::{EndpointAction, ResendAction, ServiceConsole};
use web_console::session::TenantLabel;
use web_console::{
    html, see_other, ConsoleError, ConsoleForm, ConsoleService, ConsoleSession, Layout, NavItem,
};

static TYPE_NAMES: LazyLock<Vec<&'static str>> = LazyLock::new(|| catalog::names().collect());

#[derive(Debug)]
pub struct CampaignConsole;

const SERVICE: ConsoleService = ConsoleService {
    name: "campaign-api",
    credential: "API key",
    link_command: "campaign-api console-link --workspace <name or id>",
    nav: &[
        NavItem { path: "/console", label: "Overview" },
        NavItem { path: "/console/endpoints", label: "Endpoints" },
        NavItem { path: "/console/deliveries", label: "Delivery log" },
        NavItem { path: "/console/catalog", label: "Event catalog" },
    ],
};

impl ServiceConsole for CampaignConsole {
    const SERVICE: ConsoleService = SERVICE;
    const STATUSES: [&'static str; 4] = ["pending", "retrying", "delivered", "dead"];
    const EVENTS_CHECKED: bool = false;
    const EVENTS_HINT: &'static str = "None ticked: every type, including types added later.";
    const SEARCH_HINT: &'static str = "delivery or event id";
    const SIGNATURE_PREFIX: &'static str = "sha256=";
    const RESEND: ResendAction = ResendAction {
        path: "replay",
        label: "Replay",
        rule: ResendRule::AllowDelivered,
        // Replay is never refused for what the delivery is; other errors are pages.
        refused_code: "",
        refused_notice: "",
        done_notice: "Replayed: the delivery is queued for one attempt, with the same delivery id.",
        delivered_hint:
            "Already delivered: a replay sends it once more (receivers deduplicate by delivery id).",
    };
    const ENDPOINT_ACTIONS: &'static [EndpointAction] = &[];
    const EDITABLE_ENDPOINTS: bool = true;

    fn example_body(event_type: &str) -> Option<Vec<u8>> {
        events::example_envelope(event_type)
    }

    fn subscribable() -> &'static [&'static str] {
        &TYPE_NAMES
    }

    fn log_event_types() -> &'static [&'static str] {
        &TYPE_NAMES
    }

    fn status_name(s: DeliveryStatus) -> &'static str {
        status_name(s)
    }

    fn parse_status(s: &str) -> Option<DeliveryStatus> {
        parse_status(s)
    }

    /// A UUID as a delivery id, then as an event id (`X-<Product>-Event-Id`, the body's `id`).
    fn search(term: &str, base: DeliveryQuery) -> Result<Vec<DeliveryQuery>, String> {
        let id = Uuid::parse_str(term).map_err(|_| "search takes a delivery id or an event id (UUIDs)")?;
        Ok(vec![
            DeliveryQuery { delivery_id: Some(id), ..base.clone() },
            DeliveryQuery { event_id: Some(id), ..base },
        ])
    }

    /// The engine checks the event types against the catalog; the service checks the URL.
    fn check_new_endpoint(url: &str, _events: &[String]) -> Result<(), ApiError> {
        check_url(url)
    }

    fn api_error(e: EngineError, what: &str) -> ApiError {
        engine_err(e, what)
    }
}

fn layout(session: &ConsoleSession, current: &'static str, title: &str) -> Layout {
    Layout::new(SERVICE, session, current, title.to_owned())
}

// ---- Edit an endpoint ----

#[derive(Template)]
#[template(path = "console/edit.html")]
struct EditPage {
    layout: Layout,
    id: String,
    url: String,
    /// Deliveries a second at most, as typed; empty: no limit.
    rate_limit: String,
    types: Vec<(&'static str, bool)>,
    error: String,
}

fn edit_page(
    session: &ConsoleSession,
    id: Uuid,
    (url, rate_limit): (String, String),
    ticked: &[String],
    error: String,
) -> EditPage {
    EditPage {
        layout: layout(session, "/console/endpoints", "Edit endpoint"),
        id: id.to_string(),
        url,
        rate_limit,
        types: TYPE_NAMES.iter().map(|t| (*t, ticked.iter().any(|s| s == t))).collect(),
        error,
    }
}

/// A refused edit, left for the form it redirects to (`session::put_flash`): the error and what
/// was typed.
#[derive(Debug, Serialize, Deserialize)]
struct RefusedEdit {
    endpoint: Uuid,
    url: String,
    events: Vec<String>,
    rate_limit: String,
    error: String,
}

async fn edit_form(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let e = engine.get_endpoint(&session.tenant, id).await.map_err(|e| engine_err(e, "webhook"))?;
    let refused: Option<RefusedEdit> = web_console::session::take_flash(&engine, &session).await?;
    let page = match refused.filter(|r| r.endpoint == id) {
        Some(r) => edit_page(&session, id, (r.url, r.rate_limit), &r.events, r.error),
        None => {
            let limit = e.rate_limit_per_s.map_or_else(String::new, |n| n.to_string());
            edit_page(&session, id, (e.url, limit), &e.event_types, String::new())
        }
    };
    Ok(html(StatusCode::OK, &page))
}

async fn edit(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<screens::EndpointFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let ConsoleForm { session, fields } = form;
    let url = fields.url.trim().to_owned();
    let checked = check_url(&url).and_then(|()| screens::parse_rate_limit(&fields.rate_limit));
    let updated = match checked {
        Ok(rate_limit) => {
            let patch = EndpointPatch {
                url: Some(url.clone()),
                event_types: Some(fields.events.clone()),
                rate_limit_per_s: Some(rate_limit),
                ..Default::default()
            };
            engine.update_endpoint(&session.tenant, id, patch).await.map_err(|e| engine_err(e, "webhook"))
        }
        Err(e) => Err(e),
    };
    match updated {
        Ok(_) => Ok(see_other("/console/endpoints?notice=updated")),
        // Back to the form (303: a reload sends nothing again), with the error and what was typed.
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            let refused = RefusedEdit {
                endpoint: id,
                url,
                events: fields.events,
                rate_limit: fields.rate_limit,
                error: e.detail,
            };
            web_console::session::put_flash(&engine, &session, &refused).await?;
            Ok(see_other(&format!("/console/endpoints/{id}/edit")))
        }
        Err(e) => Err(e.into()),
    }
}

// ---- Send an example ----

#[derive(Debug, Deserialize)]
struct ExampleFields {
    event_type: String,
}

/// Sends the endpoint (and only it, whatever its filter) the example of a catalog type, as a
/// real delivery in the log.
async fn send_example(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<ExampleFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    let t = catalog::find(&form.fields.event_type)
        .ok_or_else(|| ConsoleError::bad_request("that is not an event type of the catalog"))?;
    let ws = Workspace::of(form.session.tenant.clone())
        .ok_or_else(|| ConsoleError::internal("not a workspace"))?;
    // Another workspace's endpoint is 404 before anything is enqueued; a type the endpoint does
    // not take is refused, not sent past its filter.
    let endpoint = engine.get_endpoint(ws.tenant(), id).await.map_err(|e| engine_err(e, "webhook"))?;
    if !screens::takes(&endpoint.event_types, t.name) {
        return Err(ConsoleError::bad_request(format!("this endpoint does not take {}", t.name)));
    }
    let emit = Emit {
        event_type: t.name,
        entity_id: Uuid::now_v7(),
        payload: catalog::example_payload(t),
        occurred_at: chrono::Utc::now(),
    };
    events::emit_now(&engine, &ws, emit, Some(id)).await.map_err(|e| engine_err(e, "webhook"))?;
    Ok(see_other(&format!("/console/deliveries?endpoint={id}&notice=sent")))
}

// ---- The catalog ----

struct TypeRow {
    name: &'static str,
    version: &'static str,
    entity_type: &'static str,
    internal: bool,
    fields: Vec<(&'static str, &'static str)>,
    example: String,
}

impl From<&EventType> for TypeRow {
    fn from(t: &EventType) -> Self {
        Self {
            name: t.name,
            version: t.name.rsplit('.').next().unwrap_or(""),
            entity_type: t.entity_type(),
            internal: t.internal,
            fields: t.fields.iter().map(|(f, k)| (*f, k.name())).collect(),
            example: serde_json::to_string_pretty(&catalog::example_payload(t)).unwrap_or_default(),
        }
    }
}

#[derive(Template)]
#[template(path = "console/catalog.html")]
struct CatalogPage {
    layout: Layout,
    types: Vec<TypeRow>,
}

async fn catalog_page(session: ConsoleSession) -> Result<HttpResponse, ConsoleError> {
    let page = CatalogPage {
        layout: layout(&session, "/console/catalog", "Event catalog"),
        types: CATALOG.iter().map(TypeRow::from).collect(),
    };
    Ok(html(StatusCode::OK, &page))
}

/// The header names a workspace by its name (one read by primary key per page).
fn workspace_label() -> TenantLabel {
    TenantLabel(std::sync::Arc::new(|engine: Engine, tenant: delivery_engine::Tenant| {
        Box::pin(async move {
            let id = Uuid::parse_str(tenant.as_str()).ok()?;
            let name = engine
                .run(on_conn!(|c| Ok::<_, EngineError>(crate::store::workspace_name(c, id).await?)))
                .await;
            name.ok().flatten()
        })
    }))
}

/// The console's routes, inside the `/console` scope.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::Data::new(ExampleTypes(&TYPE_NAMES)))
        .app_data(workspace_label())
        .configure(web_console::configure::<CampaignConsole>)
        .service(
            web::resource("/endpoints/{id}/edit").route(web::get().to(edit_form)).route(web::post().to(edit)),
        )
        .service(web::resource("/endpoints/{id}/example").route(web::post().to(send_example)))
        .service(web::resource("/catalog").route(web::get().to(catalog_page)))
        .default_service(web::to(web_console::not_found));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use web_console::screens::LogFilter;

    fn filter(pairs: &[(&str, &str)]) -> LogFilter<CampaignConsole> {
        let q: HashMap<String, String> =
            pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        LogFilter::from_query(&q)
    }

    #[test]
    fn a_search_term_is_a_delivery_id_then_an_event_id() {
        let id = Uuid::now_v7();
        let qs = filter(&[("q", &id.to_string())]).queries().unwrap();
        assert_eq!((qs[0].delivery_id, qs[1].event_id), (Some(id), Some(id)));
        assert!(filter(&[("q", "run-1:run.completed")]).queries().is_err());
    }

    #[test]
    fn the_log_filter_takes_the_apis_status_words() {
        for s in CampaignConsole::STATUSES {
            assert!(filter(&[("status", s)]).queries().is_ok(), "{s}");
        }
        assert!(filter(&[("status", "dead_letter")]).queries().unwrap_err().contains("retrying"));
    }

    #[test]
    fn every_catalog_type_has_a_row_with_its_version() {
        let rows: Vec<TypeRow> = CATALOG.iter().map(TypeRow::from).collect();
        assert_eq!(rows.len(), 23);
        assert!(rows.iter().all(|r| r.version.starts_with('v') && !r.example.is_empty()));
    }
}
