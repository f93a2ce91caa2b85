//! Time in tests: waiting for a state ([`eventually`], or [`within`] a deadline the behaviour
//! promises) and letting time pass as part of a scenario ([`pace`]). These are the only sleeps
//! a test may make; `cargo xtask tidy` refuses `sleep(` anywhere else in test code, because a
//! fixed sleep used to wait for something is too short on a busy machine and wasted elsewhere.

use std::fmt::Display;
use std::future::Future;
use std::time::Duration;
use tokio::time::Instant;

/// Upper bound for waiting on an event in a test: a safety net against hangs, not a sleep.
pub const WAIT: Duration = Duration::from_secs(60);

/// How soon a check that said "not yet" is asked again.
const POLL: Duration = Duration::from_millis(20);

/// What a check of [`eventually`] or [`within`] answers: done, with a value, or not yet.
pub trait Checked {
    type Value;
    /// `Ok` when done; otherwise what the check saw instead, if it says (a timeout names it).
    fn done(self) -> Result<Self::Value, Option<String>>;
}

/// `Some(value)`: done; `None`: not yet.
impl<T> Checked for Option<T> {
    type Value = T;
    fn done(self) -> Result<T, Option<String>> {
        self.ok_or(None)
    }
}

/// `Ok(value)`: done; `Err(seen)`: not yet, and `seen` is what a timeout reports.
impl<T, E: Display> Checked for Result<T, E> {
    type Value = T;
    fn done(self) -> Result<T, Option<String>> {
        self.map_err(|seen| Some(seen.to_string()))
    }
}

/// Polls `check` until it is done (bounded by [`WAIT`]): for a state that can only be read (a
/// database row, a log entry through the API), not awaited as an event. The bound is a safety
/// net against hangs, not part of what the test asserts; see [`within`] for that.
pub async fn eventually<F, Fut>(what: &str, check: F) -> <Fut::Output as Checked>::Value
where
    F: FnMut() -> Fut,
    Fut: Future,
    Fut::Output: Checked,
{
    within(what, WAIT, check).await
}

/// Polls `check` until it is done, and panics, naming `what` and `limit`, if it is not done
/// within `limit`: for a behaviour whose contract names its own deadline (a revoked key refused
/// within 2 s because the key cache lives 10 s). Choose `limit` from the contract, with room
/// for a busy machine; a wait with no such contract is [`eventually`].
pub async fn within<F, Fut>(what: &str, limit: Duration, mut check: F) -> <Fut::Output as Checked>::Value
where
    F: FnMut() -> Fut,
    Fut: Future,
    Fut::Output: Checked,
{
    let deadline = Instant::now() + limit;
    loop {
        let seen = match check().await.done() {
            Ok(value) => return value,
            Err(seen) => seen,
        };
        if Instant::now() >= deadline {
            match seen {
                Some(seen) => panic!("timed out after {limit:?} waiting for: {what}\nlast seen: {seen}"),
                None => panic!("timed out after {limit:?} waiting for: {what}"),
            }
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Lets `interval` pass as part of a test's scenario: a sender's rate, staying under a rate
/// limit, a row that must reach an age, a window to count events in. Never a wait for
/// something to happen: an event is awaited (`Receiver::wait_for`,
/// `ServiceProcess::wait_for_log`) and a state is polled ([`eventually`]), since no fixed
/// interval is both long enough on a busy machine and short enough everywhere else.
pub async fn pace(interval: Duration) {
    tokio::time::sleep(interval).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[tokio::test]
    async fn a_check_is_asked_until_it_is_done() {
        let asked = Cell::new(0);
        let got = eventually("the third answer", || {
            asked.set(asked.get() + 1);
            let n = asked.get();
            async move { (n == 3).then_some(n) }
        })
        .await;
        assert_eq!(got, 3);
        let got: u8 = within("an answer", Duration::from_secs(1), || async { Ok::<_, String>(7) }).await;
        assert_eq!(got, 7);
    }

    #[tokio::test]
    #[should_panic(expected = "timed out after 50ms waiting for: the impossible\nlast seen: still 0")]
    async fn a_check_not_done_within_the_limit_panics_naming_it_and_what_it_saw() {
        within("the impossible", Duration::from_millis(50), || async { Err::<(), _>("still 0") }).await;
    }

    #[tokio::test]
    #[should_panic(expected = "timed out after 50ms waiting for: nothing")]
    async fn an_option_check_names_what_it_waited_for() {
        within("nothing", Duration::from_millis(50), || async { None::<()> }).await;
    }

    #[tokio::test]
    async fn pace_lets_at_least_the_interval_pass() {
        let start = Instant::now();
        pace(Duration::from_millis(30)).await;
        assert!(start.elapsed() >= Duration::from_millis(30));
    }
}
