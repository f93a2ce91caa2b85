//! One database per test. PostgreSQL: cloned from a template that is migrated once per set of
//! migration files (the template's name carries a hash of them); works across the processes
//! nextest runs tests in (template creation is serialised with an advisory lock). SQLite: a
//! file in a temporary directory of the test's own, migrated on creation.

use anyhow::{Context, Result};
use backon::{ExponentialBuilder, Retryable};
use diesel::sql_types::{BigInt, Bool};
use diesel::QueryableByName;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use sha2::{Digest, Sha256};
use std::future::Future;
use std::path::Path;
use std::time::Duration;

/// `TEST_DATABASE_BASE_URL`, default `postgres://postgres@127.0.0.1:5432` (no database part).
pub fn database_base_url() -> String {
    std::env::var("TEST_DATABASE_BASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_owned())
        .trim_end_matches('/')
        .to_owned()
}

/// The store a test runs on. Tests written once run on both with [`crate::on_both_backends`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Postgres,
    Sqlite,
}

/// A database that exists for one test and is dropped after it.
#[derive(Debug)]
pub struct TestDb {
    name: String,
    url: String,
    /// The SQLite file's directory (removed on drop); `None` on PostgreSQL.
    sqlite_dir: Option<tempfile::TempDir>,
}

#[derive(QueryableByName)]
struct Exists {
    #[diesel(sql_type = Bool)]
    done: bool,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

async fn admin() -> Result<AsyncPgConnection> {
    let url = format!("{}/postgres", database_base_url());
    AsyncPgConnection::establish(&url)
        .await
        .with_context(|| format!("connecting to {url}: is PostgreSQL running? (`cargo xtask db-up`)"))
}

fn migrations_hash(dir: &Path) -> Result<String> {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(&path, out)?;
            } else {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(dir, &mut files).with_context(|| format!("reading {}", dir.display()))?;
    files.sort();
    let mut hash = Sha256::new();
    for f in files {
        hash.update(f.strip_prefix(dir).unwrap_or(&f).to_string_lossy().as_bytes());
        hash.update(std::fs::read(&f)?);
    }
    Ok(hex::encode(&hash.finalize()[..6]))
}

impl TestDb {
    /// A fresh database on `backend`, migrated by `migrate` (given its URL).
    pub async fn create_on<F, Fut>(backend: Backend, label: &str, migrate: F) -> Result<Self>
    where
        F: FnOnce(String) -> Fut,
        Fut: Future<Output = Result<()>>,
    {
        match backend {
            Backend::Postgres => Self::create(label, migrate).await,
            Backend::Sqlite => {
                let dir = tempfile::Builder::new().prefix("wh-test-").tempdir()?;
                let path = dir.path().join(format!("{label}.db"));
                let url = format!("sqlite://{}", path.display());
                migrate(url.clone()).await?;
                Ok(Self { name: label.to_owned(), url, sqlite_dir: Some(dir) })
            }
        }
    }

    /// A fresh database on `backend`, migrated by a service binary's own `migrate` command;
    /// `label` names the binary's migration sets (`workflow`, `campaign`).
    pub async fn migrated_by(backend: Backend, label: &str, bin: &str) -> Result<Self> {
        let bin = bin.to_owned();
        Self::create_on(backend, label, |url| async move {
            crate::run_cli(&bin, &["migrate"], &[("DATABASE_URL", &url)]).await?;
            Ok(())
        })
        .await
    }

    /// A fresh PostgreSQL database migrated by `migrate` (called at most once per template, with the
    /// template's URL). `label` names the migration sets, e.g. `engine` or `workflow`.
    pub async fn create<F, Fut>(label: &str, migrate: F) -> Result<Self>
    where
        F: FnOnce(String) -> Fut,
        Fut: Future<Output = Result<()>>,
    {
        let migrations = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
        let template = format!("wh_tpl_{label}_{}", migrations_hash(&migrations)?);
        let mut conn = admin().await?;
        diesel::sql_query(format!("SELECT pg_advisory_lock(hashtext('{template}'))"))
            .execute(&mut conn)
            .await?;
        let ready: Exists = diesel::sql_query(format!(
            "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = '{template}' AND datistemplate) AS done"
        ))
        .get_result(&mut conn)
        .await?;
        if !ready.done {
            diesel::sql_query(format!("DROP DATABASE IF EXISTS {template} WITH (FORCE)"))
                .execute(&mut conn)
                .await?;
            diesel::sql_query(format!("CREATE DATABASE {template}")).execute(&mut conn).await?;
            migrate(format!("{}/{template}", database_base_url())).await?;
            diesel::sql_query(format!("ALTER DATABASE {template} WITH is_template true"))
                .execute(&mut conn)
                .await?;
        }
        diesel::sql_query(format!("SELECT pg_advisory_unlock(hashtext('{template}'))"))
            .execute(&mut conn)
            .await?;

        let name = format!("wh_test_{}", uuid::Uuid::new_v4().simple());
        let create = || async {
            let mut c = admin().await?;
            diesel::sql_query(format!("CREATE DATABASE {name} TEMPLATE {template}")).execute(&mut c).await?;
            Ok::<_, anyhow::Error>(())
        };
        // Another test copying the same template at this instant can make PostgreSQL refuse once.
        create
            .retry(ExponentialBuilder::default().with_min_delay(Duration::from_millis(50)).with_max_times(6))
            .await?;
        let url = format!("{}/{name}", database_base_url());
        Ok(Self { name, url, sqlite_dir: None })
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Runs one SQL statement returning a single integer column named `n`.
    pub async fn count(&self, sql: &str) -> Result<i64> {
        count_at(&self.url, sql).await
    }

    /// Runs statements for a test's setup or sabotage.
    pub async fn execute(&self, sql: &str) -> Result<()> {
        execute_at(&self.url, sql).await
    }
}

/// Runs one SQL statement returning a single integer column named `n`, on the database at `url`
/// (`sqlite://<path>` or PostgreSQL's).
pub async fn count_at(url: &str, sql: &str) -> Result<i64> {
    if let Some(path) = url.strip_prefix("sqlite://") {
        let (path, sql) = (path.to_owned(), sql.to_owned());
        return tokio::task::spawn_blocking(move || -> Result<i64> {
            let row: Count = diesel::RunQueryDsl::get_result(diesel::sql_query(sql), &mut sqlite(&path)?)?;
            Ok(row.n)
        })
        .await?;
    }
    let mut conn = AsyncPgConnection::establish(url).await?;
    let row: Count = diesel::sql_query(sql).get_result(&mut conn).await?;
    Ok(row.n)
}

/// Runs statements on the database at `url` (`sqlite://<path>` or PostgreSQL's).
pub async fn execute_at(url: &str, sql: &str) -> Result<()> {
    if let Some(path) = url.strip_prefix("sqlite://") {
        let (path, sql) = (path.to_owned(), sql.to_owned());
        return tokio::task::spawn_blocking(move || -> Result<()> {
            diesel::connection::SimpleConnection::batch_execute(&mut sqlite(&path)?, &sql)?;
            Ok(())
        })
        .await?;
    }
    let mut conn = AsyncPgConnection::establish(url).await?;
    diesel_async::SimpleAsyncConnection::batch_execute(&mut conn, sql).await?;
    Ok(())
}

fn sqlite(path: &str) -> Result<diesel::SqliteConnection> {
    use diesel::Connection;
    let mut conn = diesel::SqliteConnection::establish(path)?;
    diesel::connection::SimpleConnection::batch_execute(&mut conn, "PRAGMA busy_timeout = 5000")?;
    Ok(conn)
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if self.sqlite_dir.is_some() {
            return; // the directory goes with it
        }
        let name = self.name.clone();
        // Drop runs inside the test's runtime; use a thread with a runtime of its own.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build();
            if let Ok(rt) = rt {
                rt.block_on(async {
                    if let Ok(mut c) = admin().await {
                        let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                            .execute(&mut c)
                            .await;
                    }
                });
            }
        })
        .join();
    }
}
