//! One delivery: its state in the service's words, its attempts, the request it sent (with its
//! signature and a `curl` that sends it again), and the service's re-send (retry, replay).

use super::log::LogRow;
use super::shared::{layout, notice_text, NoticeQuery};
use crate::error::ConsoleError;
use crate::layout::Layout;
use crate::render::{html, see_other};
use crate::service::ServiceConsole;
use crate::session::{ConsoleForm, ConsoleSession, NoFields};
use crate::views::{span_words, AttemptView, RequestView};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use api_support::ts;
use askama::Template;
use chrono::{DateTime, Utc};
use delivery_engine::deliveries::{Attempt, Delivery, ResendRule, SentRequest};
use delivery_engine::Engine;
use uuid::Uuid;

#[derive(Template)]
#[template(path = "console/delivery.html")]
struct DeliveryPage {
    layout: Layout,
    d: LogRow,
    endpoint_url: String,
    last_error: String,
    /// When the next attempt is due, and how long until then as of the page (the script
    /// counts it down).
    next_attempt_left: String,
    next_attempt: String,
    delivered: bool,
    max_attempts: u32,
    resend_path: &'static str,
    resend_label: &'static str,
    delivered_hint: &'static str,
    /// A delivered delivery under `ResendRule::RejectDelivered` offers no button (the API
    /// would answer 409), only the hint.
    can_resend: bool,
    attempts: Vec<AttemptView>,
    request: RequestView,
    signature_prefix: &'static str,
    notice: &'static str,
}

impl DeliveryPage {
    /// The page of a delivery and its attempts, with the request its latest attempt
    /// sent; `max_attempts` and `signature_header` are the engine's profile's.
    fn new<S: ServiceConsole>(
        layout: Layout,
        (d, attempts): (Delivery, Vec<Attempt>),
        sent: &SentRequest,
        max_attempts: u32,
        signature_header: &str,
        notice: &'static str,
        now: DateTime<Utc>,
    ) -> Self {
        Self {
            layout,
            endpoint_url: sent.url.clone(),
            last_error: d.last_error.clone().unwrap_or_default(),
            next_attempt: d.next_attempt_at.map_or_else(String::new, ts),
            next_attempt_left: d.next_attempt_at.map_or_else(String::new, |t| time_left(t, now)),
            delivered: d.delivered_at.is_some(),
            can_resend: d.delivered_at.is_none() || S::RESEND.rule != ResendRule::RejectDelivered,
            max_attempts,
            resend_path: S::RESEND.path,
            resend_label: S::RESEND.label,
            delivered_hint: S::RESEND.delivered_hint,
            d: LogRow::new::<S>(d),
            attempts: attempts.iter().map(AttemptView::from).collect(),
            request: RequestView::new(sent, signature_header),
            signature_prefix: S::SIGNATURE_PREFIX,
            notice,
        }
    }
}

/// How long until `t`, as of `now`: "(in 5 min)", or "(due now)" once it has passed.
fn time_left(t: DateTime<Utc>, now: DateTime<Utc>) -> String {
    if t > now {
        format!("(in {})", span_words(t - now))
    } else {
        "(due now)".to_owned()
    }
}

fn delivery_id(raw: &str) -> Result<Uuid, ConsoleError> {
    Uuid::parse_str(raw).map_err(|_| ConsoleError::not_found("delivery"))
}

pub(super) async fn delivery<S: ServiceConsole>(
    engine: web::Data<Engine>,
    session: ConsoleSession,
    id: web::Path<String>,
    q: web::Query<NoticeQuery>,
) -> Result<HttpResponse, ConsoleError> {
    let id = delivery_id(&id)?;
    let (d, attempts) =
        engine.get_delivery(&session.tenant, id).await.map_err(|e| S::api_error(e, "delivery"))?;
    let (number, started) =
        attempts.last().map_or((1, d.created_at), |a| (a.attempt_number as u32, a.started_at));
    let sent = engine.sent_request(&session.tenant, id, number, started).await?;
    let profile = engine.profile();
    let page = DeliveryPage::new::<S>(
        layout::<S>(&session, "/console/deliveries", format!("Delivery {id}")),
        (d, attempts),
        &sent,
        profile.retry.max_attempts(),
        profile.signature_header.as_str(),
        notice_text::<S>(&q.notice),
        Utc::now(),
    );
    Ok(html(StatusCode::OK, &page))
}

pub(super) async fn resend<S: ServiceConsole>(
    engine: web::Data<Engine>,
    id: web::Path<String>,
    form: ConsoleForm<NoFields>,
) -> Result<HttpResponse, ConsoleError> {
    let id = delivery_id(&id)?;
    match engine
        .resend(&form.session.tenant, id, S::RESEND.rule)
        .await
        .map_err(|e| S::api_error(e, "delivery"))
    {
        Ok(_) => Ok(see_other(&format!("/console/deliveries/{id}?notice=resent"))),
        Err(e) if e.code == S::RESEND.refused_code => {
            Ok(see_other(&format!("/console/deliveries/{id}?notice=refused")))
        }
        Err(e) if e.code == api_support::codes::PAYLOAD_EXPIRED => {
            Ok(see_other(&format!("/console/deliveries/{id}?notice=expired")))
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::testing::{at, delivery, has_csrf_form, test_layout, TestConsole, NOW};
    use delivery_engine::deliveries::DeliveryStatus;

    fn sent() -> SentRequest {
        SentRequest {
            url: "https://x/<script>".to_owned(),
            headers: vec![("x-test-signature".to_owned(), "t1=abcd".to_owned())],
            body: br#"{"a":1}"#.to_vec(),
        }
    }

    fn render(d: Delivery, attempts: Vec<Attempt>) -> String {
        let page = DeliveryPage::new::<TestConsole>(
            test_layout(),
            (d, attempts),
            &sent(),
            5,
            "x-test-signature",
            notice_text::<TestConsole>("resent"),
            at(NOW),
        );
        page.render().unwrap()
    }

    #[test]
    fn a_failed_delivery_offers_the_services_resend_with_the_token_and_counts_down() {
        let mut d = delivery(Uuid::now_v7(), DeliveryStatus::Failed);
        d.last_error = Some("connection refused".to_owned());
        d.next_attempt_at = Some(at(NOW) + chrono::TimeDelta::minutes(5));
        let id = d.id;
        let html = render(d, Vec::new());
        assert!(html.contains("id=\"delivery-status\">retrying</span>"), "{html}");
        assert!(has_csrf_form(&html, &format!("/console/deliveries/{id}/again")), "{html}");
        assert!(html.contains("<button type=\"submit\" id=\"resend\">Send it again</button>"));
        assert!(html.contains("2026-11-23T10:25:00.000Z <span class=\"left\">(in 5 min)</span>"), "{html}");
        assert!(html.contains("<dd class=\"error\">connection refused</dd>"));
        assert!(html.contains("<dd>1 of at most 5</dd>"));
        assert!(html.contains("Queued once more."), "the notice");
        assert!(html.contains("<span id=\"request-url\">https://x/&#60;script&#62;</span>"), "{html}");
        assert!(html.contains("<span id=\"signature\">t1=abcd</span>"));
        assert!(html.contains("after the <code>t1=</code> prefix"));
    }

    #[test]
    fn a_delivered_delivery_under_reject_delivered_offers_only_the_hint() {
        let mut d = delivery(Uuid::now_v7(), DeliveryStatus::Delivered);
        d.delivered_at = Some(at("2026-11-23T10:01:00Z"));
        let html = render(d, Vec::new());
        assert!(!html.contains("id=\"resend\""), "{html}");
        assert!(html.contains(
            "<span class=\"muted\" id=\"delivered-hint\">Delivered already: sending again is refused.</span>"
        ));
        assert!(html.contains(">arrived</span>"));
    }

    #[test]
    fn an_expired_delivery_cannot_be_sent_again_and_shows_no_request() {
        let mut d = delivery(Uuid::now_v7(), DeliveryStatus::Dead);
        d.payload_erased_at = Some(at("2026-11-23T10:10:00Z"));
        let id = d.id;
        let html = render(d, Vec::new());
        assert!(html.contains("id=\"payload-expired\""), "{html}");
        assert!(!html.contains(&format!("/console/deliveries/{id}/again")));
        assert!(!html.contains("id=\"request-url\""));
    }

    #[test]
    fn attempts_are_listed_with_what_the_receiver_answered_escaped() {
        let attempt = Attempt {
            attempt_number: 1,
            started_at: at("2026-11-23T10:00:01Z"),
            duration_ms: 40,
            response_code: Some(500),
            error: None,
            response_body: Some(b"<h1>oops</h1>".to_vec()),
            rate_limited_ms: None,
            via_proxy: true,
        };
        let html = render(delivery(Uuid::now_v7(), DeliveryStatus::Failed), vec![attempt]);
        assert!(html.contains("<span class=\"attempt-status\">500</span>"), "{html}");
        assert!(html.contains("&#60;h1&#62;oops&#60;/h1&#62;") && !html.contains("<h1>oops"), "{html}");
        assert!(html.contains("<span class=\"attempt-proxy\">through the egress proxy</span>"), "{html}");
    }

    #[test]
    fn a_past_due_attempt_is_due_now() {
        assert_eq!(time_left(at(NOW) - chrono::TimeDelta::seconds(1), at(NOW)), "(due now)");
        assert_eq!(time_left(at(NOW) + chrono::TimeDelta::hours(3), at(NOW)), "(in 3 h)");
    }
}
