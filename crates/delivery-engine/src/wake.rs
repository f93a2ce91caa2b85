//! What wakes this process's dispatcher, and where the work it is woken for waits (D53).
//!
//! A commit that queued deliveries for known endpoints (an enqueue routed to them) names them;
//! anything else that may have made deliveries due (a resend, a fill, another process's NOTIFY,
//! a lost LISTEN connection) says only that something did, and the dispatcher's next claim
//! scans every endpoint. The dispatcher takes the news with each claim
//! (`worker::known_work`).
//!
//! What a commit made due reaches this signal through the connection's receipt
//! (`store::Receipt`), once the commit is done (`Core::committed`), never inside the
//! transaction (D22).

use std::collections::HashSet;
use std::sync::Mutex;
use tokio::sync::Notify;
use uuid::Uuid;

/// Endpoints named at most before the news says "anything" instead: a process with no
/// dispatcher (ROLE=api) never takes its news, and this bounds what it keeps.
const MAX_KEPT: usize = 4096;

/// The signal shared by every engine of one process made by `Engine::with_pool` (the API's and
/// the dispatcher's).
#[derive(Debug)]
pub(crate) struct Wake {
    notify: Notify,
    news: Mutex<News>,
    /// Sent as the payload of this process's NOTIFYs, so that its own listener can tell them
    /// from other processes' (it already heard of that work, by name).
    pub(crate) token: String,
}

/// What happened since the dispatcher last looked.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct News {
    /// Deliveries may have become due for any endpoint.
    pub anything: bool,
    /// Endpoints whose deliveries became due.
    pub endpoints: HashSet<Uuid>,
}

impl Wake {
    pub(crate) fn new() -> Self {
        Self {
            notify: Notify::new(),
            news: Mutex::new(News::default()),
            token: Uuid::new_v4().simple().to_string(),
        }
    }

    /// Deliveries may have become due for any endpoint: the next claim scans them all.
    pub(crate) fn anything(&self) {
        self.news.lock().unwrap_or_else(|e| e.into_inner()).anything = true;
        self.notify.notify_one();
    }

    /// Deliveries became due for `endpoints` (committed).
    pub(crate) fn endpoints(&self, endpoints: &[Uuid]) {
        {
            let mut news = self.news.lock().unwrap_or_else(|e| e.into_inner());
            if news.endpoints.len() + endpoints.len() > MAX_KEPT {
                news.endpoints.clear();
                news.anything = true;
            } else {
                news.endpoints.extend(endpoints.iter().copied());
            }
        }
        self.notify.notify_one();
    }

    /// Waits for the next signal (one given while nobody waited counts).
    pub(crate) async fn notified(&self) {
        self.notify.notified().await;
    }

    /// The news since the last call, leaving none.
    pub(crate) fn take(&self) -> News {
        std::mem::take(&mut *self.news.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_endpoints_are_news_until_taken() {
        let wake = Wake::new();
        let (a, b) = (Uuid::now_v7(), Uuid::now_v7());
        wake.endpoints(&[a]);
        wake.endpoints(&[b, a]);
        assert_eq!(wake.take(), News { anything: false, endpoints: HashSet::from([a, b]) });
        assert_eq!(wake.take(), News::default());
        wake.anything();
        assert!(wake.take().anything);
    }

    #[test]
    fn too_many_names_become_anything() {
        let wake = Wake::new();
        let many: Vec<Uuid> = (0..MAX_KEPT + 1).map(|_| Uuid::now_v7()).collect();
        wake.endpoints(&many);
        assert_eq!(wake.take(), News { anything: true, endpoints: HashSet::new() });
    }
}
