//! Where this process knows deliveries wait, so that most claims look only there (D53).
//!
//! A claim that scans every endpoint probes each one with open deliveries, hanging ones and
//! ones at their cap too: beside 50 hanging endpoints, 50 probes for every claim. Most claims
//! follow news that names its endpoints: an enqueue in this process (`crate::wake`), or an
//! attempt that ended and left its endpoint room. Those claims look only at the endpoints this
//! process knows may have due rows. Every other way work becomes due (a retry's time comes, a
//! lease runs out, a resend, a fill, another process's enqueue) is found by a claim that scans
//! everything: after news that names nothing, after a pace ends, and at least once every poll
//! interval however busy the loop is.

use crate::wake::News;
use std::collections::{BTreeSet, HashMap};
use std::ops::Bound;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// Endpoints a claim that looks only where work is known names at most; the rest wait for the
/// next claim, which follows at once.
pub(super) const MAX_NAMED: usize = 128;

/// What the next claim should look at.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Look {
    /// Every endpoint with open deliveries (continuing a scan cut short, if one was).
    Everywhere,
    /// Only these endpoints.
    Only(Vec<Uuid>),
    /// Nowhere: no endpoint is known to have due rows it has room for.
    Nowhere,
}

#[derive(Debug)]
pub(super) struct KnownWork {
    /// Endpoints that may have due rows, in id order.
    endpoints: BTreeSet<Uuid>,
    /// The next claim names the endpoints after this one first (then from the first), so that
    /// when more endpoints have work than there are free slots, each gets its turn at the head
    /// of the list (D21).
    named_last: Option<Uuid>,
    /// The next claim scans everything.
    everywhere: bool,
    /// When the last claim that scanned everything began.
    last_scan: Instant,
    /// A claim scans everything at least this often.
    every: Duration,
}

impl KnownWork {
    /// Until it knows better, a dispatcher scans everything first.
    pub(super) fn new(every: Duration, now: Instant) -> Self {
        Self { endpoints: BTreeSet::new(), named_last: None, everywhere: true, last_scan: now, every }
    }

    /// News from the wake signal.
    pub(super) fn heard(&mut self, news: News) {
        self.everywhere |= news.anything;
        self.endpoints.extend(news.endpoints);
    }

    /// Attempts to these endpoints ended, leaving them room: rows they had to leave waiting
    /// may be taken now.
    pub(super) fn freed(&mut self, endpoints: impl IntoIterator<Item = Uuid>) {
        self.endpoints.extend(endpoints);
    }

    /// Something not named may be due (a pace ended, the poll timer): scan everything next.
    pub(super) fn look_everywhere(&mut self) {
        self.everywhere = true;
    }

    /// What the next claim looks at, given each endpoint's room. `scan_cut_short`: the last
    /// scan of everything stopped before the last endpoint, and goes on.
    pub(super) fn next(&mut self, now: Instant, scan_cut_short: bool, room: impl Fn(&Uuid) -> i64) -> Look {
        if self.everywhere || scan_cut_short || now.saturating_duration_since(self.last_scan) >= self.every {
            self.everywhere = false;
            self.last_scan = now;
            return Look::Everywhere;
        }
        let after = self.named_last.unwrap_or(Uuid::nil());
        let later = self.endpoints.range((Bound::Excluded(after), Bound::Unbounded));
        let only: Vec<Uuid> = later
            .chain(self.endpoints.range(..=after))
            .filter(|e| room(e) > 0)
            .take(MAX_NAMED)
            .copied()
            .collect();
        // Next time the one named first goes last; when there were more than a claim names,
        // the next claim goes on after the last one named.
        let turned = if only.len() == MAX_NAMED { only.last() } else { only.first() };
        self.named_last = turned.copied().or(self.named_last);
        if only.is_empty() {
            Look::Nowhere
        } else {
            Look::Only(only)
        }
    }

    /// A claim that looked at `looked` (`None`: everywhere) took `claimed` (per row: its
    /// endpoint, and whether that endpoint has a rate limit) of at most `limit` rows, with each
    /// endpoint's room as `room`. An endpoint that gave fewer rows than its room (a rate-limited
    /// one: than one row, the most a claim takes of it), in a claim not cut short by `limit`,
    /// had no more due rows then: it is no longer known to have work. One that gave its room's
    /// worth may have more.
    pub(super) fn claimed(
        &mut self,
        looked: Option<&[Uuid]>,
        claimed: impl Iterator<Item = (Uuid, bool)>,
        limit: usize,
        room: impl Fn(&Uuid) -> i64,
    ) {
        let mut taken: HashMap<Uuid, (i64, bool)> = HashMap::new();
        for (endpoint, paced) in claimed {
            let t = taken.entry(endpoint).or_default();
            *t = (t.0 + 1, t.1 || paced);
        }
        let cut_short = taken.values().map(|t| t.0).sum::<i64>() >= limit as i64;
        for (endpoint, (n, paced)) in &taken {
            let most = if *paced { room(endpoint).min(1) } else { room(endpoint) };
            if *n >= most || cut_short {
                self.endpoints.insert(*endpoint);
            } else {
                self.endpoints.remove(endpoint);
            }
        }
        if let (Some(looked), false) = (looked, cut_short) {
            for endpoint in looked.iter().filter(|e| !taken.contains_key(e)) {
                self.endpoints.remove(endpoint);
            }
        }
    }

    /// How long until the next claim must scan everything however quiet the news: the loop's
    /// poll timer waits no longer than this.
    pub(super) fn until_scan(&self, now: Instant) -> Duration {
        self.every.saturating_sub(now.saturating_duration_since(self.last_scan))
    }

    /// More endpoints are known to have work than the last claim could name.
    pub(super) fn more_than_named(&self) -> bool {
        self.endpoints.len() > MAX_NAMED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    fn ids(n: usize) -> Vec<Uuid> {
        (0..n).map(|_| Uuid::now_v7()).collect()
    }

    fn named(endpoints: &[Uuid]) -> News {
        News { anything: false, endpoints: endpoints.iter().copied().collect() }
    }

    fn sorted(look: Look) -> Vec<Uuid> {
        match look {
            Look::Only(mut v) => {
                v.sort();
                v
            }
            other => panic!("expected Only, got {other:?}"),
        }
    }

    #[test]
    fn the_first_claim_scans_everything_then_only_named_endpoints_are_looked_at() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        assert_eq!(known.next(t0, false, |_| 1), Look::Everywhere);
        assert_eq!(known.next(t0, false, |_| 1), Look::Nowhere);
        let e = ids(2);
        known.heard(named(&e));
        let mut expected = e.clone();
        expected.sort();
        assert_eq!(sorted(known.next(t0, false, |_| 1)), expected);
    }

    #[test]
    fn news_that_names_nothing_a_cut_scan_or_the_poll_interval_scan_everything() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        let _ = known.next(t0, false, |_| 1);
        known.heard(News { anything: true, endpoints: std::collections::HashSet::new() });
        assert_eq!(known.next(t0, false, |_| 1), Look::Everywhere);
        assert_eq!(known.next(t0, true, |_| 1), Look::Everywhere);
        known.heard(named(&ids(1)));
        assert!(matches!(known.next(t0 + SECOND / 2, false, |_| 1), Look::Only(_)));
        // However busy: a claim after a poll interval without a scan scans everything.
        assert_eq!(known.next(t0 + SECOND, false, |_| 1), Look::Everywhere);
        known.look_everywhere();
        assert_eq!(known.next(t0 + SECOND, false, |_| 1), Look::Everywhere);
    }

    #[test]
    fn an_endpoint_without_room_is_not_named_but_stays_known() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        let _ = known.next(t0, false, |_| 1);
        let [full, open] = ids(2).try_into().expect("two");
        known.heard(named(&[full, open]));
        assert_eq!(known.next(t0, false, |e| i64::from(*e != full)), Look::Only(vec![open]));
        assert_eq!(sorted(known.next(t0, false, |_| 1)), both_sorted(&[full, open]));
    }

    fn both_sorted(v: &[Uuid]) -> Vec<Uuid> {
        let mut v = v.to_vec();
        v.sort();
        v
    }

    #[test]
    fn a_drained_endpoint_is_forgotten_and_one_that_filled_its_room_is_kept() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        let _ = known.next(t0, false, |_| 1);
        let [drained, filled, empty] = ids(3).try_into().expect("three");
        known.heard(named(&[drained, filled, empty]));
        let looked = [drained, filled, empty];
        // Room 4 each: `drained` gave 2 (fewer than its room), `filled` 4, `empty` none.
        let claimed = [drained, drained, filled, filled, filled, filled];
        known.claimed(Some(&looked), claimed.into_iter().map(|e| (e, false)), 64, |_| 4);
        assert_eq!(known.next(t0, false, |_| 4), Look::Only(vec![filled]));
    }

    #[test]
    fn a_claim_cut_short_by_its_limit_forgets_nothing() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        let _ = known.next(t0, false, |_| 1);
        let [a, b] = ids(2).try_into().expect("two");
        known.heard(named(&[a, b]));
        // The limit (2) stopped the claim: `a` may have more, and `b` was not reached.
        known.claimed(Some(&[a, b]), [(a, false), (a, false)].into_iter(), 2, |_| 4);
        assert_eq!(sorted(known.next(t0, false, |_| 4)), both_sorted(&[a, b]));
    }

    #[test]
    fn a_scan_of_everything_learns_the_endpoints_it_filled_and_a_freed_endpoint_is_looked_at() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        assert_eq!(known.next(t0, false, |_| 2), Look::Everywhere);
        let [busy, quiet, freed] = ids(3).try_into().expect("three");
        known.claimed(None, [(busy, false), (busy, false), (quiet, false)].into_iter(), 64, |_| 2);
        assert_eq!(known.next(t0, false, |_| 2), Look::Only(vec![busy]));
        known.freed([freed]);
        assert_eq!(sorted(known.next(t0, false, |_| 2)), both_sorted(&[busy, freed]));
    }

    #[test]
    fn a_rate_limited_endpoint_that_gave_its_one_row_is_kept() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        let _ = known.next(t0, false, |_| 1);
        let paced = Uuid::now_v7();
        known.heard(named(&[paced]));
        known.claimed(Some(&[paced]), [(paced, true)].into_iter(), 64, |_| 8);
        assert_eq!(known.next(t0, false, |_| 8), Look::Only(vec![paced]));
    }

    #[test]
    fn named_endpoints_take_turns_at_the_head_of_the_list() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        let _ = known.next(t0, false, |_| 1);
        let mut e = ids(3);
        e.sort();
        known.heard(named(&e));
        // Each claim names every endpoint, starting after the one the last claim named last
        // (so the first of a claim limited to one row is another endpoint each time).
        let heads: Vec<Uuid> = (0..3)
            .map(|_| match known.next(t0, false, |_| 1) {
                Look::Only(v) => v[0],
                other => panic!("expected Only, got {other:?}"),
            })
            .collect();
        assert_eq!(heads.iter().collect::<std::collections::HashSet<_>>().len(), 3, "{heads:?}");
    }

    #[test]
    fn the_poll_timer_waits_no_longer_than_the_next_scan_is_due() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        let _ = known.next(t0, false, |_| 1);
        assert_eq!(known.until_scan(t0 + SECOND / 4), SECOND * 3 / 4);
        assert_eq!(known.until_scan(t0 + 2 * SECOND), Duration::ZERO);
    }

    #[test]
    fn no_more_than_the_named_maximum_is_looked_at_in_one_claim() {
        let t0 = Instant::now();
        let mut known = KnownWork::new(SECOND, t0);
        let _ = known.next(t0, false, |_| 1);
        known.heard(named(&ids(MAX_NAMED + 1)));
        assert!(known.more_than_named());
        match known.next(t0, false, |_| 1) {
            Look::Only(v) => assert_eq!(v.len(), MAX_NAMED),
            other => panic!("expected Only, got {other:?}"),
        }
    }
}
