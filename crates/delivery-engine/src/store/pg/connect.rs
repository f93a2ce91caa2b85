//! PostgreSQL: opening one connection, the one place every pool, LISTEN connection and migration
//! run goes through (docs/operations.md, "The database connection"). From `DATABASE_URL` and the
//! service's [`DbSettings`]:
//!
//! - TLS when the URL asks for it (`sslmode=require`, or libpq's `verify-ca` and `verify-full`,
//!   read as `require`): rustls, verifying the server's certificate and name against
//!   `DATABASE_CA_FILE` (the Mozilla roots when unset), so every TLS mode is libpq's
//!   `verify-full`; `prefer`, the default, and `disable` connect in the clear (a client that
//!   verifies cannot fall back on a certificate it could not verify, and TLS that does not verify
//!   protects nothing);
//! - `application_name` (the service and its role, unless the URL names one), so an operator
//!   tells the sessions apart in `pg_stat_activity`;
//! - deadlines: `connect_timeout`, `statement_timeout` and TCP keepalives and `tcp_user_timeout`
//!   from `DATABASE_TIMEOUT`, so a dead peer ends the connection instead of holding it.
//!
//! The pools add the client-side deadline on every piece of work (`store/conn.rs`).

use crate::error::{EngineError, EngineResult};
use crate::store::model::DbSettings;
use diesel::ConnectionResult;
use diesel_async::AsyncPgConnection;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use tokio_postgres::config::SslMode;

/// A PostgreSQL database and how to connect to it.
pub(crate) struct PgTarget {
    config: tokio_postgres::Config,
    tls: Option<tokio_postgres_rustls::MakeRustlsConnect>,
    /// `DATABASE_TIMEOUT`, which the pools also hold every piece of work to.
    pub timeout: Duration,
}

impl std::fmt::Debug for PgTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgTarget").field("tls", &self.tls.is_some()).field("timeout", &self.timeout).finish()
    }
}

impl PgTarget {
    /// Checks `url` and `settings` once: a URL that does not parse or a CA file that cannot be
    /// read is the operator's configuration error, said at start.
    pub(crate) fn new(url: &str, settings: &DbSettings) -> EngineResult<Self> {
        let config = pg_config(url, settings)?;
        let tls = match config.get_ssl_mode() {
            SslMode::Require => Some(tls_connector(settings)?),
            _ => None,
        };
        Ok(Self { config, tls, timeout: settings.timeout })
    }

    /// A new connection.
    pub(crate) async fn connect(&self) -> ConnectionResult<AsyncPgConnection> {
        let failed = |e: tokio_postgres::Error| diesel::ConnectionError::BadConnection(with_causes(&e));
        match &self.tls {
            Some(tls) => {
                let (client, conn) = self.config.connect(tls.clone()).await.map_err(failed)?;
                AsyncPgConnection::try_from_client_and_connection(client, conn).await
            }
            None => {
                let (client, conn) = self.config.connect(tokio_postgres::NoTls).await.map_err(failed)?;
                AsyncPgConnection::try_from_client_and_connection(client, conn).await
            }
        }
    }
}

/// An error and what caused it, as one line (`error performing TLS handshake: invalid peer
/// certificate: UnknownIssuer`): an operator needs the cause.
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut line = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        line.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    line
}

/// The connection settings `url` and `settings` make: libpq's `verify-ca` and `verify-full` read
/// as `require` (tokio-postgres parses only `disable`, `prefer`, `require`; ours always
/// verifies), the application name unless the URL has one, the deadlines.
fn pg_config(url: &str, settings: &DbSettings) -> EngineResult<tokio_postgres::Config> {
    let url =
        url.replace("sslmode=verify-full", "sslmode=require").replace("sslmode=verify-ca", "sslmode=require");
    let mut config = tokio_postgres::Config::from_str(&url)
        .map_err(|e| EngineError::Config(format!("DATABASE_URL: {e}")))?;
    if config.get_application_name().is_none() {
        config.application_name(&settings.application_name);
    }
    let timeout = settings.timeout;
    let statement_timeout = format!("-c statement_timeout={}", timeout.as_millis());
    let options = match config.get_options() {
        Some(o) => format!("{o} {statement_timeout}"),
        None => statement_timeout,
    };
    config
        .options(options)
        .connect_timeout(timeout)
        .keepalives(true)
        .keepalives_idle(timeout.max(Duration::from_secs(1)))
        .keepalives_interval(Duration::from_secs(1))
        .keepalives_retries(3)
        .tcp_user_timeout(timeout);
    Ok(config)
}

/// rustls with `DATABASE_CA_FILE`'s roots (the Mozilla roots when unset).
fn tls_connector(settings: &DbSettings) -> EngineResult<tokio_postgres_rustls::MakeRustlsConnect> {
    let roots = match &settings.ca_file {
        Some(path) => {
            let certs = crate::http::load_pem_certs(path)
                .map_err(|e| EngineError::Config(format!("DATABASE_CA_FILE: {e}")))?;
            let mut roots = rustls::RootCertStore::empty();
            let (added, _) = roots.add_parsable_certificates(certs);
            if added == 0 {
                return Err(EngineError::Config(format!(
                    "DATABASE_CA_FILE {} holds no certificate",
                    path.display()
                )));
            }
            roots
        }
        None => rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() },
    };
    let config =
        rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .map_err(|e| EngineError::Config(format!("TLS to PostgreSQL: {e}")))?
            .with_root_certificates(roots)
            .with_no_client_auth();
    Ok(tokio_postgres_rustls::MakeRustlsConnect::new(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> DbSettings {
        DbSettings { application_name: "campaign-api api".into(), ..DbSettings::default() }
    }

    #[test]
    fn the_url_gets_the_deadlines_and_the_application_name_unless_it_names_one() {
        let c = pg_config("postgres://u@db.example.com:5432/hooks", &settings()).unwrap();
        assert_eq!(c.get_application_name(), Some("campaign-api api"));
        assert_eq!(c.get_options(), Some("-c statement_timeout=5000"));
        assert_eq!(c.get_tcp_user_timeout(), Some(&Duration::from_secs(5)));
        assert_eq!(c.get_connect_timeout(), Some(&Duration::from_secs(5)));
        assert!(c.get_keepalives());
        let named =
            pg_config("postgres://u@db/hooks?application_name=mine&options=-c%20work_mem%3D8MB", &settings())
                .unwrap();
        assert_eq!(named.get_application_name(), Some("mine"));
        assert_eq!(named.get_options(), Some("-c work_mem=8MB -c statement_timeout=5000"));
    }

    #[test]
    fn tls_is_on_only_when_the_url_asks_for_it_and_libpqs_verify_modes_are_require() {
        let mode = |url: &str| pg_config(url, &settings()).unwrap().get_ssl_mode();
        assert_eq!(mode("postgres://u@db/hooks"), SslMode::Prefer);
        assert_eq!(mode("postgres://u@db/hooks?sslmode=verify-full"), SslMode::Require);
        assert_eq!(mode("postgres://u@db/hooks?sslmode=verify-ca"), SslMode::Require);
        assert!(PgTarget::new("postgres://u@db/hooks?sslmode=require", &settings()).unwrap().tls.is_some());
        assert!(PgTarget::new("postgres://u@db/hooks?sslmode=prefer", &settings()).unwrap().tls.is_none());
        let missing = DbSettings { ca_file: Some("/nonexistent/ca.pem".into()), ..settings() };
        assert!(PgTarget::new("postgres://u@db/hooks?sslmode=require", &missing).is_err());
        assert!(matches!(
            pg_config("postgres://u@db/hooks?sslmode=sometimes", &settings()),
            Err(EngineError::Config(_))
        ));
    }
}
