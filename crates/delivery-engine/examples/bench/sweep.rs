//! `--sweep N`: what removing expired history costs a burst. One tenant with N settled
//! deliveries 31 to 36 days old (past the default `RETENTION`), then bursts at the engine's door
//! with the sweeper working through them and without it, interleaved without, with, with,
//! without; then the whole sweep alone: how long it takes, and the database's size before and
//! after (on SQLite, also its free pages: space the next rows reuse).

use crate::fill::History;
use crate::history::{burst, catalog, endpoints, settle, size_bytes};
use crate::setup_with;
use chrono::{TimeDelta, Utc};
use delivery_engine::policy::Retention;
use delivery_engine::DispatcherConfig;
use std::time::{Duration, Instant};
use test_support::{Backend, Receiver, TestDb};

/// The expired history spans this, ending 31 days ago.
const SPAN: Duration = Duration::from_secs(5 * 24 * 3600);

async fn deliveries(db: &TestDb) -> i64 {
    db.count("SELECT count(*) AS n FROM webhook_deliveries").await.unwrap()
}

fn with_sweeper(on: bool) -> DispatcherConfig {
    let retention = on.then(|| Retention::new(Retention::DEFAULT, None).unwrap());
    DispatcherConfig { retention, ..DispatcherConfig::default() }
}

pub async fn run(backend: Backend, n: usize, burst_events: usize) {
    let (db, engine) = setup_with(backend, "sweep", catalog()).await;
    let receiver = Receiver::ok().await;
    let ids = endpoints(&engine, &receiver).await;
    let now = Utc::now() - TimeDelta::days(31);
    db.execute(&History { tenant: "bench", endpoints: &ids[..4], n, span: SPAN, now }.sql(backend))
        .await
        .unwrap();
    settle(&db, backend).await;
    println!(
        "{backend:?} sweep: {n} expired deliveries stored, database {} MB",
        size_bytes(&db, backend).await >> 20
    );
    for sweeping in [false, true, true, false] {
        let before = deliveries(&db).await;
        let label = if sweeping { "sweeping" } else { "no sweep" };
        burst((backend, &engine, &db, &receiver), burst_events, label, with_sweeper(sweeping)).await;
        let removed = before + burst_events as i64 - deliveries(&db).await;
        println!("{backend:?}   {label}: {removed} expired deliveries removed during the burst");
    }
    let (left, size) = (deliveries(&db).await, size_bytes(&db, backend).await);
    let started = Instant::now();
    let (token, handle) = crate::dispatcher_with(&engine, &db, with_sweeper(true));
    let kept = 4 * burst_events as i64;
    while deliveries(&db).await > kept {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let took = started.elapsed().as_secs_f64();
    token.cancel();
    handle.await.unwrap();
    println!(
        "{backend:?} sweep alone: {} deliveries removed in {took:.0} s ({:.0} a second); database {} MB before, {} MB after{}",
        left - kept,
        (left - kept) as f64 / took,
        size >> 20,
        size_bytes(&db, backend).await >> 20,
        free_pages(&db, backend).await,
    );
}

/// On SQLite, the free pages the next rows reuse.
async fn free_pages(db: &TestDb, backend: Backend) -> String {
    if backend != Backend::Sqlite {
        return String::new();
    }
    let sql = "SELECT freelist_count * page_size AS n FROM pragma_freelist_count(), pragma_page_size()";
    format!(", of which {} MB free pages", db.count(sql).await.unwrap() >> 20)
}
