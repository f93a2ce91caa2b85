//! The overview: the tenant's last 24 hours and what waits now, and the endpoints that need
//! attention (disabled, with why, or failing).

use super::shared::{layout, RECENT};
use crate::error::ConsoleError;
use crate::layout::Layout;
use crate::render::html;
use crate::service::ServiceConsole;
use crate::session::ConsoleSession;
use crate::views::{span_words, OverviewView};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use chrono::{DateTime, Utc};
use delivery_engine::deliveries::{EndpointActivity, TenantOverview};
use delivery_engine::endpoints::Endpoint;
use delivery_engine::Engine;

/// An endpoint the overview points out: disabled (with why), or failing.
struct Attention {
    id: String,
    url: String,
    state: String,
}

impl Attention {
    /// `e`, if it needs attention: disabled, or with failed attempts in `activity` (its own
    /// figures for the window, if it had any).
    fn of(e: &Endpoint, activity: Option<&EndpointActivity>, now: DateTime<Utc>) -> Option<Self> {
        let state = match e.disabled_at {
            Some(at) => format!(
                "disabled {} ago: {}",
                span_words(now - at),
                e.disabled_reason.as_deref().unwrap_or("no reason recorded")
            ),
            None => failing(activity?.failed)?,
        };
        Some(Self { id: e.id.to_string(), url: e.url.clone(), state })
    }
}

/// "3 failed attempts in 24 h"; none when no attempt failed.
fn failing(failed: i64) -> Option<String> {
    let plural = if failed == 1 { "" } else { "s" };
    (failed > 0).then(|| format!("{failed} failed attempt{plural} in 24 h"))
}

#[derive(Template)]
#[template(path = "console/overview.html")]
struct OverviewPage {
    layout: Layout,
    overview: OverviewView,
    attention: Vec<Attention>,
}

impl OverviewPage {
    fn new(
        layout: Layout,
        figures: &TenantOverview,
        endpoints: &[Endpoint],
        activity: &[EndpointActivity],
        now: DateTime<Utc>,
    ) -> Self {
        let attention = endpoints
            .iter()
            .filter_map(|e| Attention::of(e, activity.iter().find(|a| a.endpoint_id == e.id), now))
            .collect();
        Self { layout, overview: OverviewView::new(figures, now), attention }
    }
}

pub(super) async fn overview<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
) -> Result<HttpResponse, ConsoleError> {
    let now = Utc::now();
    let since = now - RECENT;
    let figures = engine.tenant_overview(&session.tenant, since).await?;
    let activity = engine.endpoint_activity(&session.tenant, since).await?;
    let endpoints = engine.list_endpoints(&session.tenant).await?;
    let layout = layout::<S>(&session, "/console", "Overview");
    Ok(html(StatusCode::OK, &OverviewPage::new(layout, &figures, &endpoints, &activity, now)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::testing::{at, endpoint, test_layout, NOW};

    fn page(endpoints: &[Endpoint], activity: &[EndpointActivity]) -> String {
        let page = OverviewPage::new(test_layout(), &TenantOverview::default(), endpoints, activity, at(NOW));
        page.render().unwrap()
    }

    fn activity(e: &Endpoint, delivered: i64, failed: i64) -> EndpointActivity {
        EndpointActivity { endpoint_id: e.id, last_attempt_at: at(NOW), delivered, failed }
    }

    #[test]
    fn disabled_and_failing_endpoints_need_attention_with_why() {
        let mut disabled = endpoint("https://down.example/<b>hook</b>");
        disabled.disabled_at = Some(at(NOW) - chrono::TimeDelta::hours(3));
        disabled.disabled_reason = Some("410 Gone from the receiver".to_owned());
        let failing = endpoint("https://failing.example/hook");
        let html = page(&[disabled.clone(), failing.clone()], &[activity(&failing, 1, 7)]);
        assert!(html.contains("disabled 3 h ago: 410 Gone from the receiver"), "{html}");
        assert!(html.contains("7 failed attempts in 24 h"), "{html}");
        assert!(html.contains(&format!("href=\"/console/deliveries?endpoint={}\"", failing.id)));
        assert!(html.contains("https://down.example/&#60;b&#62;hook&#60;/b&#62;"), "the URL is escaped");
        assert!(!html.contains("<b>hook"));
    }

    #[test]
    fn healthy_endpoints_leave_the_attention_list_empty() {
        let quiet = endpoint("https://quiet.example/hook");
        let healthy = endpoint("https://healthy.example/hook");
        let html = page(&[quiet, healthy.clone()], &[activity(&healthy, 9, 0)]);
        assert!(html.contains("None: every endpoint is active and no attempt of the last 24 hours failed."));
        assert!(!html.contains("healthy.example"), "an endpoint without failures is not listed");
    }

    #[test]
    fn one_failed_attempt_is_singular() {
        let e = endpoint("https://once.example/");
        let html = page(std::slice::from_ref(&e), &[activity(&e, 4, 1)]);
        assert!(html.contains("<td>1 failed attempt in 24 h</td>"), "{html}");
    }

    #[test]
    fn a_disabled_endpoint_without_a_reason_says_so() {
        let mut e = endpoint("https://x.example/");
        e.disabled_at = Some(at(NOW) - chrono::TimeDelta::minutes(30));
        let html = page(&[e], &[]);
        assert!(html.contains("disabled 30 min ago: no reason recorded"), "{html}");
    }
}
