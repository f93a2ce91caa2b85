//! Listen sessions as plain structs, and the rules about them that need no database.
//!
//! A listen session is an endpoint of its own whose `url` is `listen:<id>`: a scheme the HTTP
//! client refuses, so nothing ever dials it. Its deliveries go down the stream an API process
//! holds for it (see `worker/listen.rs`).

use super::model::NewEndpointRow;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// The scheme of a listen session's endpoint URL.
pub(crate) const LISTEN_SCHEME: &str = "listen:";

/// `last_error` of an attempt made while no stream held the session. While a stream holds it,
/// such deliveries are sent at once, whatever their schedule says.
pub(crate) const NOT_CONNECTED: &str = "listener not connected";
/// Why a session's open deliveries ended (`last_error`), by how the session ended.
pub(crate) const EXPIRED: &str = "listen session expired";
pub(crate) const ENDED: &str = "listen session ended";

/// The URL stored for session `id`'s endpoint.
pub(crate) fn listen_url(id: Uuid) -> String {
    format!("{LISTEN_SCHEME}{id}")
}

/// Whether `url` is a listen session's (never an address to dial).
pub fn is_listen_url(url: &str) -> bool {
    url.starts_with(LISTEN_SCHEME)
}

/// A session to open: its endpoint, and how many live sessions its tenant may have at most
/// (counting this one).
#[derive(Debug)]
pub(crate) struct NewListenSession<'a> {
    pub endpoint: NewEndpointRow<'a>,
    pub max_live: i64,
    pub connection: ListenConnection,
}

/// A stream's hold on a session: which connection, until when it counts as connected without
/// a heartbeat, and when the session expires if no heartbeat comes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ListenConnection {
    pub id: Uuid,
    pub connected_until: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listen_url_is_recognised_and_is_no_address() {
        let id = Uuid::nil();
        let url = listen_url(id);
        assert_eq!(url, "listen:00000000-0000-0000-0000-000000000000");
        assert!(is_listen_url(&url));
        assert!(!is_listen_url("https://listen.example/"));
        assert!(crate::http::parse_target(&url, false).is_err(), "the HTTP client must refuse it");
    }
}
