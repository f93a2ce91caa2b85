//! Handlers: parse, authorise (the `Workspace` extractor), call the engine or a rule function
//! (`campaigns`, `events`) once, map the result.

pub mod campaigns;
pub mod deliveries;
pub mod event_types;
pub mod events;
pub mod listen;
pub mod operator;
pub mod recoveries;
pub mod webhooks;

use crate::error_codes as codes;
use api_support::ApiError;
use delivery_engine::EngineError;

/// `limit` of every list (the delivery log, campaigns): 50 by default, 250 at most.
pub const LIST_LIMITS: api_support::pagination::Limits =
    api_support::pagination::Limits { default: 50, max: 250 };

/// Engine errors with campaign-api's codes where they differ from the shared mapping.
pub fn engine_err(e: EngineError, what: &str) -> ApiError {
    match e {
        EngineError::UnknownEventTypes(t) => {
            let named: Vec<String> = t
                .iter()
                .map(|name| {
                    format!("{name}{}", api_support::suggest::did_you_mean(name, crate::catalog::names()))
                })
                .collect();
            ApiError::invalid(
                codes::UNKNOWN_EVENT_TYPES,
                format!("unknown event types: {}", named.join(", ")),
            )
        }
        other => ApiError::from_engine(other, what),
    }
}
