//! Reads what an OTLP/HTTP trace exporter sent: point `OTEL_EXPORTER_OTLP_ENDPOINT` at a
//! [`crate::Receiver`] and decode the bodies it recorded on `/v1/traces`.

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::any_value::Value;
use prost::Message;

/// One exported span, flattened for assertions.
#[derive(Debug, Clone)]
pub struct ExportedSpan {
    pub service_name: String,
    pub name: String,
    /// 1 internal, 2 server, 3 client (OTLP's `SpanKind`).
    pub kind: i32,
    pub trace_id: String,
    pub span_id: String,
    pub parent_span_id: String,
    /// Attribute values as text.
    pub attributes: Vec<(String, String)>,
    /// Every event's name and attribute values (log lines recorded on the span).
    pub events: Vec<String>,
}

impl ExportedSpan {
    pub fn attribute(&self, key: &str) -> Option<&str> {
        self.attributes.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

fn text(v: Option<&opentelemetry_proto::tonic::common::v1::AnyValue>) -> String {
    match v.and_then(|v| v.value.as_ref()) {
        Some(Value::StringValue(s)) => s.clone(),
        Some(Value::IntValue(i)) => i.to_string(),
        Some(Value::BoolValue(b)) => b.to_string(),
        Some(Value::DoubleValue(d)) => d.to_string(),
        Some(other) => format!("{other:?}"),
        None => String::new(),
    }
}

/// The spans of one OTLP/HTTP protobuf export request body.
pub fn decode_spans(body: &[u8]) -> anyhow::Result<Vec<ExportedSpan>> {
    let request = ExportTraceServiceRequest::decode(body)?;
    let mut spans = Vec::new();
    for resource_spans in request.resource_spans {
        let service_name = resource_spans
            .resource
            .iter()
            .flat_map(|r| &r.attributes)
            .find(|a| a.key == "service.name")
            .map(|a| text(a.value.as_ref()))
            .unwrap_or_default();
        for scope in resource_spans.scope_spans {
            for span in scope.spans {
                spans.push(ExportedSpan {
                    service_name: service_name.clone(),
                    name: span.name,
                    kind: span.kind,
                    trace_id: hex::encode(&span.trace_id),
                    span_id: hex::encode(&span.span_id),
                    parent_span_id: hex::encode(&span.parent_span_id),
                    attributes: span
                        .attributes
                        .iter()
                        .map(|a| (a.key.clone(), text(a.value.as_ref())))
                        .collect(),
                    events: span
                        .events
                        .iter()
                        .map(|e| {
                            let attrs: Vec<String> = e
                                .attributes
                                .iter()
                                .map(|a| format!("{}={}", a.key, text(a.value.as_ref())))
                                .collect();
                            format!("{} {}", e.name, attrs.join(" "))
                        })
                        .collect(),
                });
            }
        }
    }
    Ok(spans)
}

/// Every span in the bodies a receiver recorded on `/v1/traces`.
pub fn spans_received(requests: &[crate::Recorded]) -> Vec<ExportedSpan> {
    requests
        .iter()
        .filter(|r| r.path == "/v1/traces")
        .flat_map(|r| decode_spans(&r.body).unwrap_or_default())
        .collect()
}
