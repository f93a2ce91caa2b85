//! Where a service keeps its state: PostgreSQL when `DATABASE_URL` is set, otherwise an
//! embedded SQLite file in `DATA_DIR`, beside the secrets the service generated for itself.

use anyhow::{bail, Context, Result};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use clap::Args;
use rand::RngCore;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The store settings every command of a service shares.
#[derive(Clone, Args)]
pub struct StoreConfig {
    /// PostgreSQL URL (`postgres://…`). Unset: an SQLite database in DATA_DIR. `sqlite://<path>`
    /// names an SQLite file explicitly.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
    /// Directory of the embedded SQLite database and of generated secrets (used when
    /// DATABASE_URL is unset).
    #[arg(long, env = "DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// PostgreSQL: the deadline of every statement and commit, of opening a connection and of
    /// waiting for one; past it the call answers 503 and its connection is dropped
    /// (docs/operations.md, "The database connection"). Migrations have none.
    #[arg(long, env = "DATABASE_TIMEOUT", default_value = "5s", value_parser = crate::cli::duration_arg)]
    pub database_timeout: std::time::Duration,
    /// PostgreSQL with `sslmode=require` in DATABASE_URL: the CA certificates (PEM) the server's
    /// certificate must chain to, such as a managed database's bundle. Unset: Mozilla's roots.
    #[arg(long, env = "DATABASE_CA_FILE")]
    pub database_ca_file: Option<PathBuf>,
}

impl std::fmt::Debug for StoreConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may hold a password.
        f.debug_struct("StoreConfig")
            .field("database_url", &self.database_url.as_ref().map(|_| "<redacted>"))
            .field("data_dir", &self.data_dir)
            .field("database_timeout", &self.database_timeout)
            .field("database_ca_file", &self.database_ca_file)
            .finish()
    }
}

/// A secret a service needs: set by the operator, or generated on first use.
#[derive(Debug, Clone, Copy)]
pub struct SecretSpec {
    /// The environment variable that sets it, e.g. `MASTER_KEYS`.
    pub env: &'static str,
    /// The file in the data directory that keeps a generated one: `<service>.<file>`.
    pub file: &'static str,
    /// Makes a new value.
    pub generate: fn() -> String,
}

/// `MASTER_KEYS`: one generated key, `local1:<base64 of 32 random bytes>`.
pub const MASTER_KEYS: SecretSpec =
    SecretSpec { env: "MASTER_KEYS", file: "master-keys", generate: generate_master_keys };

fn generate_master_keys() -> String {
    format!("local1:{}", STANDARD.encode(random_bytes()))
}

/// 32 random bytes, base64url: a signing key for HMAC-based tokens.
pub fn generate_token_key() -> String {
    URL_SAFE_NO_PAD.encode(random_bytes())
}

fn random_bytes() -> [u8; 32] {
    let mut raw = [0u8; 32];
    rand::rng().fill_bytes(&mut raw);
    raw
}

impl StoreConfig {
    /// True when the state lives in an embedded SQLite file (DATABASE_URL unset or `sqlite:`).
    pub fn is_embedded(&self) -> bool {
        self.database_url.as_deref().is_none_or(|u| u.is_empty() || u.starts_with("sqlite:"))
    }

    /// The URL to connect to: DATABASE_URL, or `sqlite://<DATA_DIR>/<service>.db`.
    /// How to reach PostgreSQL beyond the URL, for connections named `application_name` (the
    /// service and what the connection is for: `campaign-api api`, `workflow-api worker`).
    pub fn db_settings(&self, application_name: String) -> delivery_engine::db::DbSettings {
        delivery_engine::db::DbSettings {
            timeout: self.database_timeout,
            ca_file: self.database_ca_file.clone(),
            application_name,
        }
    }

    pub fn database_url(&self, service: &str) -> String {
        match self.database_url.as_deref() {
            Some(url) if !url.is_empty() => url.to_owned(),
            _ => format!("sqlite://{}", self.data_dir.join(format!("{service}.db")).display()),
        }
    }

    /// Creates DATA_DIR (owner-only, 0700) if the database lives there and it is missing. The
    /// embedded database holds payloads and sealed secrets; the directory holds the key that
    /// opens them.
    pub fn create_data_dir(&self) -> Result<()> {
        match self.database_url.as_deref() {
            Some(url) if !url.is_empty() => Ok(()),
            _ => create_private_dir(&self.data_dir),
        }
    }

    /// The secret `spec` of `service`: the configured value if there is one; with the embedded
    /// store, the one in `DATA_DIR/<service>.<file>`, generated there on first use (mode 0600).
    /// With PostgreSQL it must be configured: every process sharing the database needs the same.
    pub fn secret(&self, service: &str, spec: SecretSpec, configured: Option<&str>) -> Result<String> {
        if let Some(value) = configured.filter(|v| !v.is_empty()) {
            return Ok(value.to_owned());
        }
        if !self.is_embedded() {
            bail!(
                "{} must be set when DATABASE_URL names a PostgreSQL database (every process that shares \
                 it needs the same value); see docs/operations.md",
                spec.env
            );
        }
        let path = self.data_dir.join(format!("{service}.{}", spec.file));
        load_or_create(&path, spec.generate)
            .with_context(|| format!("{} is unset and {} cannot be used", spec.env, path.display()))
    }
}

impl StoreConfig {
    /// The secret `spec` for a CLI command: the configured value, or the one the server
    /// generated in `DATA_DIR`. Never generates one: a secret made here would not be the
    /// running service's, and what it signed would be refused. The error says where it looked
    /// and what to set.
    pub fn stored_secret(&self, service: &str, spec: SecretSpec, configured: Option<&str>) -> Result<String> {
        if let Some(value) = configured.filter(|v| !v.is_empty()) {
            return Ok(value.to_owned());
        }
        if !self.is_embedded() {
            bail!(
                "{env} is not set. With DATABASE_URL naming a PostgreSQL database, set {env} to the \
                 value the service runs with (under `cargo xtask run --postgres`: data/dev.env)",
                env = spec.env
            );
        }
        let path = self.data_dir.join(format!("{service}.{}", spec.file));
        match std::fs::read_to_string(&path) {
            Ok(value) if !value.trim().is_empty() => Ok(value.trim().to_owned()),
            Ok(_) => {
                bail!("{} is empty; delete it and restart the service to generate a new one", path.display())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!(
                "{env} is not set and {path} does not exist (DATA_DIR is {dir}). The service generates \
                 it on its first start; run this command with the service's DATA_DIR (or from the \
                 directory it runs in), or set {env}",
                env = spec.env,
                path = absolute(&path).display(),
                dir = absolute(&self.data_dir).display(),
            ),
            Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
        }
    }

    /// The database URL for a CLI command: DATABASE_URL as given, or the embedded database the
    /// server created in `DATA_DIR` (an error, never a new empty file, when there is none).
    pub fn existing_database_url(&self, service: &str) -> Result<String> {
        let url = self.database_url(service);
        if self.database_url.as_deref().is_none_or(str::is_empty) {
            let path = self.data_dir.join(format!("{service}.db"));
            if !path.exists() {
                bail!(
                    "no database at {} (DATA_DIR is {}). The service creates it on its first start; \
                     run this command with the service's DATA_DIR (or from the directory it runs in), \
                     or set DATABASE_URL",
                    absolute(&path).display(),
                    absolute(&self.data_dir).display()
                );
            }
        }
        Ok(url)
    }
}

/// `path` made absolute against the working directory, for error messages.
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

/// Reads `path`, or creates it with a generated value. Safe when several processes start at
/// once: the value is written to a temporary file and linked into place only if none exists.
fn load_or_create(path: &Path, generate: fn() -> String) -> Result<String> {
    match std::fs::read_to_string(path) {
        Ok(value) if !value.trim().is_empty() => return Ok(value.trim().to_owned()),
        Ok(_) => bail!("{} is empty; delete it to generate a new one", path.display()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e.into()),
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    create_private_dir(dir)?;
    let tmp = dir.join(format!(".{}.{}", uuid::Uuid::new_v4().simple(), "tmp"));
    let value = generate();
    {
        let mut file = private_file(&tmp)?;
        file.write_all(format!("{value}\n").as_bytes())?;
        file.sync_all()?;
    }
    let linked = std::fs::hard_link(&tmp, path);
    let _ = std::fs::remove_file(&tmp);
    match linked {
        Ok(()) => {
            tracing::info!(path = %path.display(), "generated a secret");
            Ok(value)
        }
        // Another process was first: use its value.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Ok(std::fs::read_to_string(path)?.trim().to_owned())
        }
        Err(e) => Err(e.into()),
    }
}

fn create_private_dir(dir: &Path) -> Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir).with_context(|| format!("creating {}", dir.display()))
}

#[cfg(unix)]
fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)
}

#[cfg(not(unix))]
fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new().write(true).create_new(true).open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(url: Option<&str>, dir: &Path) -> StoreConfig {
        StoreConfig {
            database_url: url.map(str::to_owned),
            data_dir: dir.to_owned(),
            database_timeout: std::time::Duration::from_secs(5),
            database_ca_file: None,
        }
    }

    #[test]
    fn unset_url_means_sqlite_in_the_data_dir() {
        let s = store(None, Path::new("./data"));
        assert!(s.is_embedded());
        assert_eq!(s.database_url("workflow-api"), "sqlite://./data/workflow-api.db");
        let pg = store(Some("postgres://u@h/db"), Path::new("./data"));
        assert!(!pg.is_embedded());
        assert_eq!(pg.database_url("workflow-api"), "postgres://u@h/db");
    }

    #[test]
    fn a_generated_secret_is_kept_private_and_found_again() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(None, dir.path());
        let first = s.secret("svc", MASTER_KEYS, None).unwrap();
        assert!(first.starts_with("local1:"));
        assert_eq!(s.secret("svc", MASTER_KEYS, None).unwrap(), first);
        let path = dir.path().join("svc.master-keys");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        // A configured value wins and nothing is written for it.
        assert_eq!(s.secret("other", MASTER_KEYS, Some("k:v")).unwrap(), "k:v");
        assert!(!dir.path().join("other.master-keys").exists());
        // Only the secret file remains (no temporary files).
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn postgres_needs_configured_secrets() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(Some("postgres://u@h/db"), dir.path());
        let err = s.secret("svc", MASTER_KEYS, None).unwrap_err().to_string();
        assert!(err.contains("MASTER_KEYS must be set"), "{err}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_cli_finds_the_servers_secret_and_never_makes_one() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(None, dir.path());
        let err = s.stored_secret("svc", MASTER_KEYS, None).unwrap_err().to_string();
        let expected = dir.path().join("svc.master-keys");
        assert!(err.contains(&expected.display().to_string()), "{err}");
        assert!(err.contains("set MASTER_KEYS"), "{err}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing generated");
        let generated = s.secret("svc", MASTER_KEYS, None).unwrap();
        assert_eq!(s.stored_secret("svc", MASTER_KEYS, None).unwrap(), generated);
        assert_eq!(s.stored_secret("svc", MASTER_KEYS, Some("k:v")).unwrap(), "k:v");
        let pg = store(Some("postgres://u@h/db"), dir.path());
        let err = pg.stored_secret("svc", MASTER_KEYS, None).unwrap_err().to_string();
        assert!(err.contains("MASTER_KEYS is not set"), "{err}");
    }

    #[test]
    fn a_cli_opens_only_an_existing_embedded_database() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(None, dir.path());
        let err = s.existing_database_url("svc").unwrap_err().to_string();
        assert!(err.contains(&dir.path().join("svc.db").display().to_string()), "{err}");
        assert!(err.contains("DATA_DIR"), "{err}");
        std::fs::write(dir.path().join("svc.db"), b"").unwrap();
        assert!(s.existing_database_url("svc").unwrap().starts_with("sqlite://"));
        let pg = store(Some("postgres://u@h/db"), dir.path());
        assert_eq!(pg.existing_database_url("svc").unwrap(), "postgres://u@h/db");
    }

    #[test]
    fn processes_starting_at_once_agree_on_one_secret() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("svc.master-keys");
        let values: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> =
                (0..8).map(|_| s.spawn(|| load_or_create(&path, generate_master_keys).unwrap())).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(values.windows(2).all(|w| w[0] == w[1]), "{values:?}");
    }
}
