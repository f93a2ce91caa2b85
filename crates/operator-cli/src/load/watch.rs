//! The service's footprint: resident memory of `--watch-pid` (sampled every 100 ms for the
//! peak) and the size of `--watch-db` (read at each progress line).

use diesel::sql_types::BigInt;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What was measured; `None` where nothing is watched or the reading failed.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sample {
    pub rss_bytes: Option<u64>,
    pub peak_rss_bytes: Option<u64>,
    pub db_bytes: Option<u64>,
}

#[derive(Debug, Clone)]
pub(crate) struct Watcher {
    pid: Option<u32>,
    db: Option<String>,
    peak: Arc<AtomicU64>,
}

impl Watcher {
    pub fn start(pid: Option<u32>, db: Option<String>) -> Self {
        let watcher = Self { pid, db, peak: Arc::default() };
        if let Some(pid) = pid {
            let peak = watcher.peak.clone();
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(Duration::from_millis(100));
                while let Some(rss) = rss_bytes(pid) {
                    peak.fetch_max(rss, Ordering::Relaxed);
                    tick.tick().await;
                }
            });
        }
        watcher
    }

    pub async fn sample(&self) -> Sample {
        let rss = self.pid.and_then(rss_bytes);
        if let Some(rss) = rss {
            self.peak.fetch_max(rss, Ordering::Relaxed);
        }
        let db_bytes = match &self.db {
            Some(db) if db.starts_with("postgres") => pg_size(db).await,
            Some(dir) => Some(dir_size(Path::new(dir))),
            None => None,
        };
        let peak = self.peak.load(Ordering::Relaxed);
        Sample { rss_bytes: rss, peak_rss_bytes: (peak > 0).then_some(peak), db_bytes }
    }
}

/// `VmRSS` of a process (Linux `/proc`).
fn rss_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[derive(diesel::QueryableByName)]
struct Size {
    #[diesel(sql_type = BigInt)]
    bytes: i64,
}

async fn pg_size(url: &str) -> Option<u64> {
    use diesel_async::RunQueryDsl;
    let mut conn = AsyncPgConnection::establish(url).await.ok()?;
    let size: Size = diesel::sql_query("SELECT pg_database_size(current_database()) AS bytes")
        .get_result(&mut conn)
        .await
        .ok()?;
    u64::try_from(size.bytes).ok()
}

/// The bytes of every file under `dir` (the embedded store's database, its journal and the rest).
fn dir_size(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .flatten()
        .map(|entry| match entry.file_type() {
            Ok(t) if t.is_dir() => dir_size(&entry.path()),
            Ok(t) if t.is_file() => entry.metadata().map(|m| m.len()).unwrap_or(0),
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_counts_the_files_under_it_and_a_process_its_resident_memory() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("a.db"), [0_u8; 1000]).expect("write");
        std::fs::create_dir(dir.path().join("sub")).expect("mkdir");
        std::fs::write(dir.path().join("sub/b"), [0_u8; 24]).expect("write");
        assert_eq!(dir_size(dir.path()), 1024);
        assert!(rss_bytes(std::process::id()).is_some_and(|b| b > 0));
        assert_eq!(rss_bytes(u32::MAX), None);
    }
}
