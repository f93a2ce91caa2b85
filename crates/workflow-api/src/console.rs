//! workflow-api's developer dashboard, under `/console`: the shared screens of
//! `web_console` in this service's words and rules (the log's `pending`, `failed`,
//! `delivered`, `dead_letter`; retry, which answers 409 for a delivered delivery; search by
//! delivery, event or run id), and the test event.

use crate::error_codes as codes;
use crate::handlers::deliveries::{parse_status, status_name};
use crate::handlers::webhooks::check_endpoint_in;
use crate::profile::{RUN_COMPLETED, RUN_FAILED, SUBSCRIBABLE, WEBHOOK_TEST};
use crate::test_event;
use actix_web::{web, HttpResponse};
use api_support::ApiError;
use delivery_engine::deliveries::{DeliveryQuery, DeliveryStatus, KeyMatch, ResendRule};
use delivery_engine::{Engine, EngineError};
use uuid::Uuid;
use web_console::screens::endpoint_id;
use web_console::service::{EndpointAction, ResendAction, ServiceConsole};
use web_console::NoFields;
use web_console::{see_other, ConsoleError, ConsoleForm, ConsoleService, NavItem};

#[derive(Debug)]
pub struct WorkflowConsole;

impl ServiceConsole for WorkflowConsole {
    const SERVICE: ConsoleService = ConsoleService {
        name: "workflow-api",
        credential: "session token (JWT)",
        link_command: "workflow-api console-link --account <id>",
        nav: &[
            NavItem { path: "/console", label: "Overview" },
            NavItem { path: "/console/endpoints", label: "Endpoints" },
            NavItem { path: "/console/deliveries", label: "Delivery log" },
        ],
    };
    const STATUSES: [&'static str; 4] = ["pending", "failed", "delivered", "dead_letter"];
    const EVENTS_CHECKED: bool = true;
    const EVENTS_HINT: &'static str = "At least one.";
    const SEARCH_HINT: &'static str = "delivery, event or run id";
    const SIGNATURE_PREFIX: &'static str = "v1=";
    const RESEND: ResendAction = ResendAction {
        path: "retry",
        label: "Retry now",
        rule: ResendRule::RejectDelivered,
        refused_code: codes::ALREADY_DELIVERED,
        refused_notice:
            "This delivery was already delivered: the spec's retry answers 409 and sends nothing.",
        done_notice: "The delivery is queued for one more attempt.",
        delivered_hint: "Already delivered: a retry answers 409, as the API does.",
    };
    const ENDPOINT_ACTIONS: &'static [EndpointAction] =
        &[EndpointAction { path: "test", label: "Send test event" }];
    const EDITABLE_ENDPOINTS: bool = false;

    fn example_body(event_type: &str) -> Option<Vec<u8>> {
        crate::runs::example_body(event_type)
    }

    fn subscribable() -> &'static [&'static str] {
        &SUBSCRIBABLE
    }

    fn log_event_types() -> &'static [&'static str] {
        &[RUN_COMPLETED, RUN_FAILED, WEBHOOK_TEST]
    }

    fn status_name(s: DeliveryStatus) -> &'static str {
        status_name(s)
    }

    fn parse_status(s: &str) -> Option<DeliveryStatus> {
        parse_status(s)
    }

    /// An event id (`<runId>:<event>`) exactly; a UUID as a delivery id, then as a run id.
    fn search(term: &str, base: DeliveryQuery) -> Result<Vec<DeliveryQuery>, String> {
        if term.contains(':') {
            return Ok(vec![DeliveryQuery { dedupe_key: Some(KeyMatch::Exact(term.to_owned())), ..base }]);
        }
        let id = Uuid::parse_str(term)
            .map_err(|_| "search takes a delivery id, an event id (<runId>:<event>) or a run id")?;
        Ok(vec![
            DeliveryQuery { delivery_id: Some(id), ..base.clone() },
            DeliveryQuery { dedupe_key: Some(KeyMatch::Prefix(format!("{id}:"))), ..base },
        ])
    }

    fn check_new_endpoint(url: &str, events: &[String]) -> Result<(), ApiError> {
        check_endpoint_in(url, events)
    }

    fn api_error(e: EngineError, what: &str) -> ApiError {
        ApiError::from_engine(e, what)
    }
}

async fn send_test(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = endpoint_id(&id)?;
    test_event::send_test_event(&engine, &form.session.tenant, id).await.map_err(ApiError::from)?;
    Ok(see_other(&format!("/console/deliveries?endpoint={id}&notice=sent")))
}

/// The console's routes, inside the `/console` scope.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(web_console::configure::<WorkflowConsole>)
        .service(web::resource("/endpoints/{id}/test").route(web::post().to(send_test)))
        .default_service(web::to(web_console::not_found));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use web_console::screens::{notice_text, LogFilter, PAGE_SIZE};

    fn filter(pairs: &[(&str, &str)]) -> LogFilter<WorkflowConsole> {
        let q: HashMap<String, String> =
            pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        LogFilter::from_query(&q)
    }

    #[test]
    fn a_search_term_is_read_as_the_id_it_can_be() {
        let id = Uuid::now_v7();
        let qs = filter(&[("q", &id.to_string())]).queries().unwrap();
        assert_eq!(qs.len(), 2);
        assert_eq!(qs[0].delivery_id, Some(id));
        assert_eq!(qs[1].dedupe_key, Some(KeyMatch::Prefix(format!("{id}:"))));
        let event_id = format!("{id}:run.completed");
        let qs = filter(&[("q", &event_id)]).queries().unwrap();
        assert_eq!(qs.len(), 1);
        assert_eq!(qs[0].dedupe_key, Some(KeyMatch::Exact(event_id)));
        assert!(filter(&[("q", "hello")]).queries().is_err());
    }

    #[test]
    fn filters_are_checked_in_the_logs_words_and_kept_in_the_url() {
        let f = filter(&[("status", "dead_letter"), ("from", "2026-11-20"), ("event", "run.failed")]);
        let q = &f.queries().unwrap()[0];
        assert_eq!(q.status, Some(DeliveryStatus::Dead));
        assert_eq!(q.limit, PAGE_SIZE + 1, "one more than a page, to know whether there is a next");
        assert_eq!(f.to_query(Some("c")), "status=dead_letter&event=run.failed&from=2026-11-20&after=c");
        assert!(filter(&[("status", "dead")]).queries().unwrap_err().contains("dead_letter"));
        assert!(filter(&[("endpoint", "x")]).queries().is_err());
        assert!(filter(&[("after", "nope")]).queries().is_err());
        assert!(filter(&[("to", "tomorrow")]).queries().is_err());
        for s in WorkflowConsole::STATUSES {
            assert!(filter(&[("status", s)]).queries().is_ok(), "{s}");
        }
    }

    #[test]
    fn notices_are_fixed_texts() {
        assert_eq!(notice_text::<WorkflowConsole>("<script>"), "");
        assert!(notice_text::<WorkflowConsole>("refused").contains("409"));
    }
}
