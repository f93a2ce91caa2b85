//! Running a service: shared configuration, migrations, the engine, the dispatcher and the
//! HTTP server, with a graceful stop (in-flight requests and deliveries finish).

use crate::cli::{
    cidrs_arg, duration_arg, optional_duration_arg, schedule_arg, OptionalDuration, ProxyConnect, Role,
    Schedule, Switch,
};
use crate::data_dir::{StoreConfig, MASTER_KEYS};
use crate::health::Health;
use actix_web::{web, App, HttpServer};
use anyhow::Context;
use clap::Args;
use delivery_engine::db::MigrationSet;
use delivery_engine::endpoints::UrlRule;
use delivery_engine::http::{AddressPolicy, OutboundClient, OutboundConfig};
use delivery_engine::policy::{ProbeSchedule, Retention};
use delivery_engine::proxy::{ConnectBy, ProxyConfig};
use delivery_engine::secrets::Keyring;
use delivery_engine::GateConfig;
use delivery_engine::OpsTarget;
use delivery_engine::{DispatcherConfig, Engine, EngineConfig, Profile};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Configuration both services share (environment variables; flags mirror them). `Debug`
/// leaves out the database URL (it may hold a password) and the master keys.
#[derive(Clone, Args)]
pub struct CommonConfig {
    #[command(flatten)]
    pub store: StoreConfig,
    /// Master keys sealing signing secrets: `id:base64(32 bytes)[,...]`, the first is active.
    /// Unset with the embedded store: generated into DATA_DIR on first start.
    #[arg(long, env = "MASTER_KEYS", hide_env_values = true)]
    pub master_keys: Option<String>,
    /// Time allowed for one attempt: connect, TLS, headers and response body.
    #[arg(long, env = "DELIVERY_TIMEOUT", default_value = "10s", value_parser = duration_arg)]
    pub delivery_timeout: Duration,
    /// Extra PEM root certificates trusted for HTTPS endpoints (verification stays on).
    #[arg(long, env = "OUTBOUND_CA_FILE")]
    pub outbound_ca_file: Option<String>,
    /// Internal address ranges endpoints may reach (comma-separated CIDRs).
    #[arg(long, env = "OUTBOUND_ALLOW_CIDRS", default_value = "", value_parser = cidrs_arg)]
    pub outbound_allow_cidrs: AddressPolicy,
    /// An egress proxy every outbound request tunnels through: `http://[user:pass@]host:port`
    /// (docs/operations.md, "Egress through a proxy"). Unset: direct.
    #[arg(long, env = "OUTBOUND_PROXY", hide_env_values = true)]
    pub outbound_proxy: Option<String>,
    /// What the proxy's CONNECT asks for: the address the service vetted, or the host name
    /// (the proxy then checks addresses).
    #[arg(long, env = "OUTBOUND_PROXY_CONNECT", value_enum, default_value = "address")]
    pub outbound_proxy_connect: ProxyConnect,
    /// Which parts run in this process.
    #[arg(long, env = "ROLE", value_enum, default_value = "all")]
    pub role: Role,
    /// Fallback polling interval of the delivery worker.
    #[arg(long, env = "WORKER_POLL_INTERVAL", default_value = "1s", value_parser = duration_arg)]
    pub worker_poll_interval: Duration,
    /// How long a worker holds a claimed delivery before another worker may send it (default:
    /// 3 × DELIVERY_TIMEOUT + 10 s). Shorter means faster recovery from a dead worker.
    #[arg(long, env = "DELIVERY_LEASE", value_parser = duration_arg)]
    pub delivery_lease: Option<Duration>,
    /// Disable an endpoint after all its attempts failed for this long (`off`: never).
    #[arg(long, env = "ENDPOINT_DISABLE_AFTER", default_value = "5d", value_parser = optional_duration_arg)]
    pub endpoint_disable_after: OptionalDuration,
    /// Writes of API requests waiting at once (workflow-api's run creates and settles,
    /// campaign-api's published events) go together, this many at most per transaction
    /// (docs/engine.md, "Write batching"); 1 writes each alone.
    #[arg(long, env = "WRITE_BATCH", default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub write_batch: u16,
    /// Origins allowed to frame the console, comma-separated `https://host[:port]` (a product
    /// showing its customers their webhooks in its own pages). Unset: none may. Setting it makes
    /// the console's cookies `SameSite=None; Secure; Partitioned`, so PUBLIC_URL must be https.
    #[arg(long, env = "CONSOLE_FRAME_ANCESTORS", default_value = "")]
    pub console_frame_ancestors: crate::embedding::FrameAncestors,
    /// The product's name, shown in the console's header before the console's own name.
    #[arg(long, env = "CONSOLE_PRODUCT_NAME")]
    pub console_product_name: Option<String>,
    /// The console's accent colour, `#rrggbb` (its links and buttons).
    #[arg(long, env = "CONSOLE_ACCENT_COLOR")]
    pub console_accent_color: Option<crate::embedding::Color>,
    /// The service's address as browsers reach it (behind a proxy, its public https:// address);
    /// needed with CONSOLE_FRAME_ANCESTORS.
    #[arg(long, env = "PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Keys of the operator API, which provisions tenants and mints their console links
    /// (comma-separated, 32 characters or more each; two while one is rotated). Unset: the
    /// operator API is off and its routes answer 404.
    #[arg(long, env = "OPERATOR_KEYS", hide_env_values = true)]
    pub operator_keys: Option<crate::operator::OperatorKeys>,
    /// Requests per second allowed per credential (account or workspace); 0 switches it off.
    #[arg(long, env = "RATE_LIMIT", default_value_t = 100)]
    pub rate_limit: u32,
    /// Requests a credential may make at once before the per-second rate applies.
    #[arg(long, env = "RATE_LIMIT_BURST", default_value_t = 200)]
    pub rate_limit_burst: u32,
    /// Attempts in flight at once in this worker process.
    #[arg(long, env = "DELIVERY_CONCURRENCY", default_value_t = 256)]
    pub delivery_concurrency: usize,
    /// Attempts in flight at once to one endpoint in this worker process, at most. An endpoint
    /// starts at 1 and earns one more with each answer; each timeout halves it.
    #[arg(long, env = "DELIVERY_PER_ENDPOINT", default_value_t = 16)]
    pub delivery_per_endpoint: usize,
    /// Database connections per pool (the API and the worker have one pool each). Default: 16
    /// on PostgreSQL, 4 on the embedded store (one writer at a time; more connections only
    /// queue for the write lock and cost memory).
    #[arg(long, env = "DATABASE_POOL_SIZE")]
    pub database_pool_size: Option<usize>,
    /// On SIGTERM or SIGINT, how long attempts in flight may finish; the claims of those still
    /// running then are released for another worker. A second signal stops at once.
    #[arg(long, env = "SHUTDOWN_GRACE", default_value = "30s", value_parser = duration_arg)]
    pub shutdown_grace: Duration,
    /// Serve `GET /metrics` on this address (host:port) instead of the service's port, for
    /// example to keep it off a public listener.
    #[arg(long, env = "METRICS_ADDR")]
    pub metrics_addr: Option<String>,
    /// Stop (as on SIGTERM) when standard input closes: a supervisor such as `cargo xtask run`
    /// holds the other end of a pipe, so the service cannot outlive it, even if it is killed.
    #[arg(long, env = "STOP_ON_STDIN_EOF", default_value_t = false)]
    pub stop_on_stdin_eof: bool,
    /// Serve the console (the web UI) under `/console` on the service's port.
    #[arg(long, env = "CONSOLE", value_enum, default_value = "on")]
    pub console: crate::cli::ConsoleSetting,
    /// Send operational webhooks (endpoints disabled, enabled, failing, recovered; deliveries
    /// given up; recovery jobs ended) to this URL, signed with OPS_WEBHOOK_SECRET (Standard
    /// Webhooks). Checked like any endpoint's URL. Set the same in every process.
    #[arg(long, env = "OPS_WEBHOOK_URL", hide_env_values = true)]
    pub ops_webhook_url: Option<String>,
    /// The secret of OPS_WEBHOOK_URL: `whsec_` and the base64 of 24 to 64 random bytes.
    #[arg(long, env = "OPS_WEBHOOK_SECRET", hide_env_values = true)]
    pub ops_webhook_secret: Option<String>,
    /// Probe endpoints the service disabled for failing, and enable each again when a probe
    /// is answered 2xx (its held deliveries resume).
    #[arg(long, env = "PROBE_DISABLED_ENDPOINTS", value_enum, default_value = "on")]
    pub probe_disabled_endpoints: Switch,
    /// Delays before each probe of an endpoint disabled for failing (the first after the
    /// disable); the last repeats, for 7 days after the disable.
    #[arg(long, env = "PROBE_SCHEDULE", default_value = "1m,5m,30m,2h", value_parser = schedule_arg)]
    pub probe_schedule: Schedule,
    /// How long settled deliveries (delivered, dead) are kept after they settled, with their
    /// attempts; an event goes once nothing refers to it. Deliveries still to be sent are never
    /// removed, however old (docs/operations.md, "Retention").
    #[arg(long, env = "RETENTION", default_value = "30d", value_parser = duration_arg)]
    pub retention: Duration,
    /// How long a settled delivery's payload and response excerpts are kept: at most RETENTION
    /// (its default). After it the record stays in the log, marked expired, and can no longer be
    /// re-sent.
    #[arg(long, env = "PAYLOAD_RETENTION", value_parser = duration_arg)]
    pub payload_retention: Option<Duration>,
    /// Nice steps (0-19) the API's request threads go below the process's own priority in a
    /// process that also delivers (ROLE=all): when the CPU is short, the dispatcher goes first
    /// and ingest slows to the pace of delivery instead of building a backlog. 0 switches it
    /// off. Linux only.
    #[arg(long, env = "API_NICE", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=19))]
    pub api_nice: u8,
    /// Milliseconds a tenant's fresh deliveries may wait to be claimed, in a process that also
    /// delivers (ROLE=all), before that tenant's API writes wait (at most 1 s each) for the
    /// dispatcher to catch up; only while the CPU is short (Linux PSI shows waiting tasks at
    /// least half the time). 0 switches the ingest gate off. Default: 50 on PostgreSQL; off on
    /// the embedded store, where it did not lower latency (docs/engine.md, "The ingest gate").
    #[arg(long, env = "INGEST_GATE_MS", value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub ingest_gate_ms: Option<u64>,
    #[command(flatten)]
    pub listen: crate::listen::ListenSettings,
}

/// Connections per pool when DATABASE_POOL_SIZE is not set.
const POOL_SIZE_POSTGRES: usize = 16;
/// The embedded store's: SQLite writes one transaction at a time, so connections beyond a few
/// readers wait for the write lock and hold memory (measured in docs/benchmarks.md: 4 against
/// 16 delivered a fifth more with 6-9 MB less peak RSS).
const POOL_SIZE_EMBEDDED: usize = 4;

/// Connections per pool: the setting, or the store's default.
pub fn pool_size(configured: Option<usize>, embedded: bool) -> usize {
    configured.unwrap_or(if embedded { POOL_SIZE_EMBEDDED } else { POOL_SIZE_POSTGRES })
}

impl CommonConfig {
    /// The consoles' framing, product name and accent colour.
    pub fn console_embedding(&self) -> crate::embedding::ConsoleEmbedding {
        crate::embedding::ConsoleEmbedding {
            frame_ancestors: self.console_frame_ancestors.clone(),
            product_name: self.console_product_name.clone(),
            accent: self.console_accent_color.clone(),
        }
    }

    /// The outbound client's settings: the address rules, the extra roots, the egress proxy.
    pub fn outbound_config(&self) -> anyhow::Result<OutboundConfig> {
        let connect_by = match self.outbound_proxy_connect {
            ProxyConnect::Address => ConnectBy::Address,
            ProxyConnect::Name => ConnectBy::Name,
        };
        let proxy = self
            .outbound_proxy
            .as_deref()
            .filter(|p| !p.is_empty())
            .map(|p| ProxyConfig::parse(p, connect_by).map_err(|e| anyhow::anyhow!("OUTBOUND_PROXY: {e}")))
            .transpose()?;
        Ok(OutboundConfig {
            policy: self.outbound_allow_cidrs.clone(),
            extra_ca_files: self.outbound_ca_file.clone().into_iter().collect(),
            response_cap: 0,
            proxy,
        })
    }

    /// `RETENTION` and `PAYLOAD_RETENTION`, checked together.
    pub fn retention(&self) -> anyhow::Result<Retention> {
        Retention::new(self.retention, self.payload_retention).map_err(anyhow::Error::msg)
    }

    /// The ingest gate of a process that also delivers (ROLE=all; an API-only process has no
    /// claim lag to read): `INGEST_GATE_MS`, else the engine's default target on PostgreSQL and
    /// none on the embedded store.
    pub fn ingest_gate(&self) -> Option<GateConfig> {
        if self.role != Role::All {
            return None;
        }
        let default =
            if self.store.is_embedded() { 0 } else { GateConfig::DEFAULT_TARGET.as_millis() as u64 };
        GateConfig::with_target(Duration::from_millis(self.ingest_gate_ms.unwrap_or(default)))
    }

    /// Connections per pool for this configuration's store.
    pub fn pool_size(&self) -> usize {
        pool_size(self.database_pool_size, self.store.is_embedded())
    }

    /// Where operational webhooks go: `None` without OPS_WEBHOOK_URL; an error for a URL
    /// without a valid secret, or a secret without a URL.
    pub fn ops_target(&self) -> anyhow::Result<Option<OpsTarget>> {
        match (&self.ops_webhook_url, &self.ops_webhook_secret) {
            (None, None) => Ok(None),
            (Some(url), Some(secret)) => {
                OpsTarget::new(url, secret).map(Some).map_err(|e| anyhow::anyhow!("OPS_WEBHOOK_SECRET: {e}"))
            }
            (Some(_), None) => anyhow::bail!(
                "OPS_WEBHOOK_URL needs OPS_WEBHOOK_SECRET (`whsec_` and the base64 of 24 to 64 random bytes, \
                 e.g. whsec_$(head -c 32 /dev/urandom | base64))"
            ),
            (None, Some(_)) => anyhow::bail!("OPS_WEBHOOK_SECRET is set but OPS_WEBHOOK_URL is not"),
        }
    }

    /// The probe schedule, unless PROBE_DISABLED_ENDPOINTS is off.
    pub fn probes(&self) -> Option<ProbeSchedule> {
        match self.probe_disabled_endpoints {
            Switch::On => {
                ProbeSchedule::new(self.probe_schedule.0.clone(), ProbeSchedule::DEFAULT_GIVE_UP_AFTER)
            }
            Switch::Off => None,
        }
    }
}

impl std::fmt::Debug for CommonConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommonConfig")
            .field("store", &self.store)
            .field("master_keys", &"<redacted>")
            .field("delivery_timeout", &self.delivery_timeout)
            .field("outbound_ca_file", &self.outbound_ca_file)
            .field("outbound_allow_cidrs", &self.outbound_allow_cidrs)
            .field("role", &self.role)
            .field("worker_poll_interval", &self.worker_poll_interval)
            .field("delivery_lease", &self.delivery_lease)
            .field("endpoint_disable_after", &self.endpoint_disable_after)
            .field("write_batch", &self.write_batch)
            .field("rate_limit", &self.rate_limit)
            .field("rate_limit_burst", &self.rate_limit_burst)
            .field("operator_keys", &self.operator_keys)
            .field("console_embedding", &self.console_embedding())
            .field("public_url", &self.public_url)
            .field("delivery_concurrency", &self.delivery_concurrency)
            .field("api_nice", &self.api_nice)
            .field("ingest_gate_ms", &self.ingest_gate_ms)
            .field("delivery_per_endpoint", &self.delivery_per_endpoint)
            .field("database_pool_size", &self.pool_size())
            .field("shutdown_grace", &self.shutdown_grace)
            .field("metrics_addr", &self.metrics_addr)
            .field("stop_on_stdin_eof", &self.stop_on_stdin_eof)
            .field("console", &self.console)
            .field("ops_webhook_url", &self.ops_webhook_url.as_ref().map(|_| "<set>"))
            .field("ops_webhook_secret", &self.ops_webhook_secret.as_ref().map(|_| "<redacted>"))
            .field("probe_disabled_endpoints", &self.probe_disabled_endpoints)
            .field("probe_schedule", &self.probe_schedule)
            .field("retention", &self.retention)
            .field("payload_retention", &self.payload_retention)
            .field("listen", &self.listen)
            .finish()
    }
}

/// Logs to stderr (stdout carries machine-readable lines such as `listening on <addr>`), as
/// text or JSON (`LOG_FORMAT`), and exports traces when an OTLP endpoint is set (see
/// [`crate::telemetry`]). Keep the value until the process ends: dropping it flushes the spans.
pub fn init_tracing(service: &'static str) -> crate::telemetry::Telemetry {
    crate::telemetry::init(service)
}

/// The name of the main runtime's threads.
pub const MAIN_RUNTIME_THREADS: &str = "main-rt";

/// Runs a binary's command on a multi-threaded runtime; errors go to stderr and exit 1.
pub fn run_main<F>(command: F) -> std::process::ExitCode
where
    F: std::future::Future<Output = anyhow::Result<()>>,
{
    // Named, so that its threads (the dispatcher's, and their blocking pool) can be told
    // from the API's (`actix-server worker N`, and the blocking threads of their runtimes).
    let result = tokio::runtime::Builder::new_multi_thread()
        .thread_name(MAIN_RUNTIME_THREADS)
        .enable_all()
        .build()
        .map_err(anyhow::Error::from)
        .and_then(|runtime| runtime.block_on(command));
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The service's migrated database, for CLI commands: DATABASE_URL, or the embedded one `serve`
/// created in DATA_DIR (never a new one, which the running service would not see).
pub async fn cli_database(
    store: &StoreConfig,
    service: &str,
    migrations: Vec<MigrationSet>,
) -> anyhow::Result<delivery_engine::db::Pool> {
    use anyhow::Context as _;
    let url = store.existing_database_url(service)?;
    migrate_url(store, service, &url, migrations).await?;
    let settings = store.db_settings(format!("{service} cli"));
    delivery_engine::db::connect_pool_with(&url, 1, &settings).context("connecting to the database")
}

/// The `migrate` command: the service's migrations on its database.
pub async fn migrate(
    store: &StoreConfig,
    service: &str,
    migrations: Vec<MigrationSet>,
) -> anyhow::Result<()> {
    migrate_url(store, service, &store.database_url(service), migrations).await
}

async fn migrate_url(
    store: &StoreConfig,
    service: &str,
    database_url: &str,
    migrations: Vec<MigrationSet>,
) -> anyhow::Result<()> {
    let settings = store.db_settings(format!("{service} migrate"));
    delivery_engine::db::run_migrations_with(database_url, migrations, &settings)
        .await
        .context("applying migrations")
}

/// Everything about a service that `serve` needs besides its routes.
pub struct ServiceSpec {
    /// Names the service's files in DATA_DIR (`<name>.db`, `<name>.master-keys`).
    pub name: &'static str,
    pub listen_addr: String,
    pub profile: Profile,
    pub url_rule: UrlRule,
    /// The engine's migrations first, then the service's.
    pub migrations: Vec<MigrationSet>,
}

impl std::fmt::Debug for ServiceSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServiceSpec")
            .field("name", &self.name)
            .field("listen_addr", &self.listen_addr)
            .field("url_rule", &self.url_rule)
            .finish()
    }
}

/// Migrates, builds the engine, runs the dispatcher (unless `ROLE=api`) and the HTTP server
/// (unless `ROLE=worker`) until SIGINT/SIGTERM, then stops gracefully. `routes` builds the
/// service's app configuration from the engine.
pub async fn serve<R, C>(common: &CommonConfig, spec: ServiceSpec, routes: R) -> anyhow::Result<()>
where
    R: FnOnce(Engine) -> C,
    C: Fn(&mut web::ServiceConfig) + Clone + Send + 'static,
{
    let (name, listen_addr, database_url) =
        (spec.name, spec.listen_addr.clone(), common.store.database_url(spec.name));
    // A console other sites may frame must be served over HTTPS: refused before anything starts.
    common.console_embedding().check(common.public_url.as_deref()).map_err(anyhow::Error::msg)?;
    let (engine, migration_versions) = open_engine(common, spec, &database_url).await?;
    let shutdown = CancellationToken::new();
    // The API's read caches (an API key's workspace) hear other processes' changes here.
    if common.role != Role::Worker {
        engine.spawn_change_listener(shutdown.clone());
    }
    let (worker_engine, worker) =
        spawn_dispatcher(common, &engine, (name, &database_url), &shutdown)?.unzip();
    let health = Health::new(engine.clone(), migration_versions);
    let metrics = crate::metrics::configure(crate::metrics::Metrics::new(
        name,
        engine.clone(),
        worker_engine,
        health.clone(),
        common.store.is_embedded().then(|| common.store.data_dir.clone()),
    ));
    // On METRICS_ADDR, /metrics has a listener of its own and is not on the service's port.
    let metrics_server = match &common.metrics_addr {
        Some(addr) => Some(metrics_server(addr, metrics.clone())?),
        None => None,
    };
    let app = ApiApp {
        engine: web::Data::new(engine.clone()),
        routes: routes(engine.clone()),
        probes: crate::health::configure(health.clone()),
        metrics: metrics_server.is_none().then_some(metrics),
        operator_keys: common.operator_keys.clone(),
        embedding: common.console_embedding(),
        limiter: (common.rate_limit > 0).then(|| {
            web::Data::new(crate::rate_limit::RateLimiter::new(common.rate_limit, common.rate_limit_burst))
        }),
        // A worker serves only its probes and metrics on LISTEN_ADDR; the API routes are not there.
        serves_api: common.role != Role::Worker,
        lowering: crate::priority::api_thread_lowering(common.role, common.api_nice),
    };
    let server = api_server(common, &listen_addr, app)?;
    let mut signals = Signals::new(common.stop_on_stdin_eof)?;
    let stopping = Stopping { engine: &engine, health: &health, shutdown: &shutdown, worker, metrics_server };
    run_until_stopped(server, stopping, &mut signals).await
}

/// `api`, `worker` or `all`, as `application_name` shows the process.
fn role_word(role: Role) -> &'static str {
    match role {
        Role::All => "all",
        Role::Api => "api",
        Role::Worker => "worker",
    }
}

/// A multi-host URL (`host1,host2?target_session_attrs=read-write`) picks the node that says it
/// is writable when a connection opens, and never looks again: after a failover in which the
/// old primary lives on (its Patroni died, say), pooled connections stay on it and their
/// commits wait for a standby that has become the leader. Only a proxy that fences the old
/// primary (HAProxy on Patroni's `/primary`, deploy/ha/) makes that safe: said at start.
fn warn_of_a_multi_host_url(database_url: &str) {
    if database_url.contains("target_session_attrs") {
        tracing::warn!(
            "DATABASE_URL names target_session_attrs: a multi-host URL cannot tell an old primary whose \
             Patroni died from the leader, and connections stay on it; point the services at a proxy \
             that checks Patroni's /primary (docs/operations.md, \"High availability\")"
        );
    }
}

/// Creates the data directory, migrates, and builds the service's engine with its operational
/// webhooks and listen settings; the migration versions are for the readiness check.
async fn open_engine(
    common: &CommonConfig,
    spec: ServiceSpec,
    database_url: &str,
) -> anyhow::Result<(Engine, Vec<String>)> {
    let retention = common.retention()?;
    common.store.create_data_dir()?;
    let master_keys = common.store.secret(spec.name, MASTER_KEYS, common.master_keys.as_deref())?;
    let keyring = Keyring::parse(&master_keys).context("MASTER_KEYS")?;
    let migration_versions = delivery_engine::db::migration_versions(database_url, &spec.migrations)?;
    migrate_url(&common.store, spec.name, database_url, spec.migrations).await?;
    warn_of_a_multi_host_url(database_url);
    let settings = common.store.db_settings(format!("{} {}", spec.name, role_word(common.role)));
    let pool = delivery_engine::db::connect_pool_with(database_url, common.pool_size(), &settings)?;
    if common.store.is_embedded() {
        tracing::info!(database = %database_url, "using the embedded SQLite store (set DATABASE_URL for PostgreSQL)");
    }
    let config = EngineConfig {
        url_rule: spec.url_rule,
        address_policy: common.outbound_allow_cidrs.clone(),
        payload_retention: Some(retention.payload()),
    };
    let engine = Engine::new(pool, keyring, spec.profile, config);
    if let Some(why) = engine.history_space_warning().await? {
        tracing::warn!("{why}");
    }
    // Operational webhooks: every process emits them when the setting is there, and each
    // brings the ops endpoint in line with it (registered, updated, or disabled when unset).
    let ops_target = common.ops_target()?;
    let engine = match &ops_target {
        Some(_) => engine.with_ops_feed(spec.name),
        None => engine,
    };
    engine.configure_ops_endpoint(ops_target.as_ref()).await.context("OPS_WEBHOOK_URL")?;
    engine.configure_listen(common.listen.config());
    Ok((engine, migration_versions))
}

/// Unless `ROLE=api`: the dispatcher, on a pool of its own (see `Engine::with_pool`), running
/// until `shutdown`; with the engine on that pool (its metrics).
fn spawn_dispatcher(
    common: &CommonConfig,
    engine: &Engine,
    (service, database_url): (&str, &str),
    shutdown: &CancellationToken,
) -> anyhow::Result<Option<(Engine, tokio::task::JoinHandle<()>)>> {
    if common.role == Role::Api {
        return Ok(None);
    }
    let client = OutboundClient::new(common.outbound_config()?)?;
    let settings = common.store.db_settings(format!("{service} worker"));
    let worker_pool = delivery_engine::db::connect_worker_pool(database_url, common.pool_size(), &settings)?;
    let on_worker_pool = engine.with_pool(worker_pool);
    let config = DispatcherConfig {
        poll_interval: common.worker_poll_interval,
        lease: common.delivery_lease,
        disable_after: common.endpoint_disable_after.0,
        probe: common.probes(),
        concurrency: common.delivery_concurrency.max(1),
        per_endpoint: common.delivery_per_endpoint.max(1),
        shutdown_grace: common.shutdown_grace,
        ingest_gate: common.ingest_gate(),
        retention: Some(common.retention()?),
        ..DispatcherConfig::default()
    };
    let dispatcher = on_worker_pool.dispatcher(client, config);
    Ok(Some((on_worker_pool, tokio::spawn(dispatcher.run(shutdown.clone())))))
}

/// `/metrics` on a listener of its own (`METRICS_ADDR`).
fn metrics_server<M>(addr: &str, metrics: M) -> anyhow::Result<actix_web::dev::ServerHandle>
where
    M: Fn(&mut web::ServiceConfig) + Clone + Send + 'static,
{
    let server = HttpServer::new(move || {
        App::new().configure(metrics.clone()).default_service(web::to(crate::unknown_route))
    })
    .workers(1)
    .disable_signals()
    .bind(addr)
    .with_context(|| format!("binding METRICS_ADDR {addr}"))?;
    for addr in server.addrs() {
        println!("metrics on {addr}");
    }
    let server = server.run();
    let handle = server.handle();
    tokio::spawn(server);
    Ok(handle)
}

/// What the API's `App` is made of, on every worker thread.
struct ApiApp<C, P, M> {
    engine: web::Data<Engine>,
    routes: C,
    probes: P,
    /// `/metrics`, unless it has a listener of its own.
    metrics: Option<M>,
    limiter: Option<web::Data<crate::rate_limit::RateLimiter>>,
    /// `OPERATOR_KEYS`, if set: the operator routes take them.
    operator_keys: Option<crate::operator::OperatorKeys>,
    /// The consoles' framing, name and colour (read by the console crate).
    embedding: crate::embedding::ConsoleEmbedding,
    serves_api: bool,
    /// `API_NICE` steps each API thread lowers its own priority by, as it starts.
    lowering: Option<u8>,
}

/// The HTTP server on LISTEN_ADDR, bound, not yet running.
fn api_server<C, P, M>(
    common: &CommonConfig,
    listen_addr: &str,
    app: ApiApp<C, P, M>,
) -> anyhow::Result<actix_web::dev::Server>
where
    C: Fn(&mut web::ServiceConfig) + Clone + Send + 'static,
    P: Fn(&mut web::ServiceConfig) + Clone + Send + 'static,
    M: Fn(&mut web::ServiceConfig) + Clone + Send + 'static,
{
    let serves_api = app.serves_api;
    let server = HttpServer::new(move || {
        if let Some(steps) = app.lowering {
            if let Err(e) = crate::priority::lower_this_thread_by(steps) {
                tracing::warn!(error = %e, steps, "API_NICE: could not lower the API thread's priority");
            }
        }
        let base = App::new()
            // Each request meets these in turn (the last wrapped runs first): telemetry, metrics,
            // JSON errors, then the API's steps: authentication, rate limiting, undeclared query
            // parameters, the ingest gate, idempotency keys; then the handler.
            .wrap(actix_web::middleware::from_fn(crate::idempotency::middleware))
            .wrap(actix_web::middleware::from_fn(crate::ingest_gate::middleware))
            .wrap(actix_web::middleware::from_fn(crate::query::middleware))
            .wrap(actix_web::middleware::from_fn(crate::rate_limit::middleware))
            .wrap(actix_web::middleware::from_fn(crate::auth::middleware))
            .wrap(crate::json_errors())
            .wrap(actix_web::middleware::from_fn(crate::metrics::middleware))
            .wrap(actix_web::middleware::from_fn(crate::telemetry::request_middleware))
            .app_data(app.engine.clone())
            .configure(app.probes.clone());
        let base = match &app.metrics {
            Some(metrics) => base.configure(metrics.clone()),
            None => base,
        };
        let base = match &app.limiter {
            Some(l) => base.app_data(l.clone()),
            None => base,
        };
        let base = base.app_data(app.embedding.clone());
        let base = match &app.operator_keys {
            Some(keys) => base.app_data(keys.clone()),
            None => base,
        };
        if app.serves_api {
            base.configure(app.routes.clone())
        } else {
            base.default_service(web::to(crate::unknown_route))
        }
    })
    // Signals are ours: the API keeps serving (and /readyz says 503) while deliveries drain.
    .disable_signals()
    .shutdown_timeout(common.shutdown_grace.as_secs().max(1))
    .bind(listen_addr)
    .with_context(|| format!("binding {listen_addr}"))?;
    if !serves_api {
        println!("worker started");
    }
    for addr in server.addrs() {
        println!("listening on {addr}");
    }
    Ok(server.run())
}

/// What stopping the service touches.
struct Stopping<'a> {
    engine: &'a Engine,
    health: &'a Health,
    shutdown: &'a CancellationToken,
    worker: Option<tokio::task::JoinHandle<()>>,
    metrics_server: Option<actix_web::dev::ServerHandle>,
}

/// Serves until the first signal, then drains (see [`drain`]), stops the metrics listener and
/// lets in-flight requests finish (up to the grace) while refusing new connections. A second
/// signal ends the process at once.
async fn run_until_stopped(
    server: actix_web::dev::Server,
    stopping: Stopping<'_>,
    signals: &mut Signals,
) -> anyhow::Result<()> {
    let handle = server.handle();
    let mut server = std::pin::pin!(server);
    tokio::select! {
        result = &mut server => {
            stopping.shutdown.cancel();
            return Ok(result?);
        }
        () = signals.next() => {}
    }
    drain(stopping.engine, stopping.health, stopping.shutdown, stopping.worker, signals).await?;
    if let Some(metrics_server) = stopping.metrics_server {
        metrics_server.stop(false).await;
    }
    // The server future handles the stop command, so it is polled meanwhile.
    tokio::select! {
        ((), result) = async { tokio::join!(handle.stop(true), &mut server) } => Ok(result?),
        () = signals.next() => stop_at_once(),
    }
}

/// The first signal's work: /readyz answers 503, the dispatcher stops claiming and lets its
/// attempts finish within the grace (releasing the claims of the rest). A second signal ends
/// the process at once.
async fn drain(
    engine: &Engine,
    health: &Health,
    shutdown: &CancellationToken,
    worker: Option<tokio::task::JoinHandle<()>>,
    signals: &mut Signals,
) -> anyhow::Result<()> {
    health.start_draining();
    tracing::info!("stopping: /readyz answers 503, in-flight deliveries finish");
    shutdown.cancel();
    // Listen streams never end by themselves: their clients reconnect elsewhere.
    engine.close_listen_streams();
    if let Some(worker) = worker {
        tokio::select! {
            result = worker => result?,
            () = signals.next() => stop_at_once(),
        }
    }
    Ok(())
}

/// A second signal: exit now. Nothing is lost: a claimed delivery's lease runs out and another
/// worker sends it; an API request cut off was not answered, so its client retries.
fn stop_at_once() -> ! {
    tracing::warn!("second signal: stopping at once; leases cover the deliveries in flight");
    std::process::exit(1)
}

/// SIGTERM and SIGINT, as one stream; with STOP_ON_STDIN_EOF, the end of standard input too
/// (once: its supervisor is gone, and a later signal still means "stop at once").
struct Signals {
    term: tokio::signal::unix::Signal,
    int: tokio::signal::unix::Signal,
    stdin_closed: Option<tokio::sync::oneshot::Receiver<()>>,
}

impl Signals {
    fn new(stop_on_stdin_eof: bool) -> anyhow::Result<Self> {
        use tokio::signal::unix::{signal, SignalKind};
        Ok(Self {
            term: signal(SignalKind::terminate()).context("listening for SIGTERM")?,
            int: signal(SignalKind::interrupt()).context("listening for SIGINT")?,
            stdin_closed: stop_on_stdin_eof.then(stdin_closed),
        })
    }

    async fn next(&mut self) {
        let stdin_closed = async {
            match self.stdin_closed.as_mut() {
                Some(closed) => {
                    let _ = closed.await;
                }
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = self.term.recv() => {}
            _ = self.int.recv() => {}
            () = stdin_closed => {
                tracing::warn!("standard input closed (the supervisor is gone): stopping");
                self.stdin_closed = None;
            }
        }
    }
}

/// Fires when standard input reaches its end (or fails), read on a thread of its own.
fn stdin_closed() -> tokio::sync::oneshot::Receiver<()> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        use std::io::Read;
        let mut buf = [0u8; 256];
        let mut stdin = std::io::stdin();
        while matches!(stdin.read(&mut buf), Ok(n) if n > 0) {}
        let _ = tx.send(());
    });
    rx
}

#[cfg(test)]
mod tests {
    use super::*;

    fn common(env: &[&str]) -> anyhow::Result<CommonConfig> {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            common: CommonConfig,
        }
        let args = std::iter::once("svc").chain(env.iter().copied());
        Ok(Cli::try_parse_from(args)?.common)
    }

    #[test]
    fn the_pool_size_is_the_setting_or_the_stores_default() {
        assert_eq!(pool_size(None, false), 16);
        assert_eq!(pool_size(None, true), 4);
        assert_eq!(pool_size(Some(8), true), 8);
        assert_eq!(pool_size(Some(2), false), 2);
        let (embedded, pg) = ("--database-url=sqlite://data/x.db", "--database-url=postgres://db/x");
        assert_eq!(common(&[embedded]).unwrap().pool_size(), 4);
        assert_eq!(common(&[pg]).unwrap().pool_size(), 16);
        assert_eq!(common(&[embedded, "--database-pool-size=9"]).unwrap().pool_size(), 9);
    }

    #[test]
    fn operational_webhooks_need_a_url_and_a_standard_webhooks_secret_together() {
        let secret = "--ops-webhook-secret=whsec_b3BzLXdlYmhvb2tzLXRlc3Qtc2VjcmV0LTMyYnl0ZXM=";
        let url = "--ops-webhook-url=https://ops.example.com/hook";
        assert!(common(&[]).unwrap().ops_target().unwrap().is_none());
        let target = common(&[url, secret]).unwrap().ops_target().unwrap().unwrap();
        assert_eq!(target.url, "https://ops.example.com/hook");
        let only_url = common(&[url]).unwrap().ops_target().unwrap_err().to_string();
        assert!(only_url.contains("OPS_WEBHOOK_SECRET"), "{only_url}");
        assert!(common(&[secret]).unwrap().ops_target().is_err());
        let short = common(&[url, "--ops-webhook-secret=whsec_c2hvcnQ="]).unwrap().ops_target().unwrap_err();
        assert!(short.to_string().contains("24 to 64 bytes"), "{short}");
        // Neither is ever shown by Debug.
        let shown = format!("{:?}", common(&[url, secret]).unwrap());
        assert!(!shown.contains("ops.example.com") && !shown.contains("whsec_"), "{shown}");
    }

    #[test]
    fn probes_are_on_by_default_on_the_default_schedule_and_can_be_switched_off() {
        let on = common(&[]).unwrap().probes().unwrap();
        assert_eq!(on, ProbeSchedule::default());
        assert!(common(&["--probe-disabled-endpoints=off"]).unwrap().probes().is_none());
        let fast = common(&["--probe-schedule=10s,1m"]).unwrap().probes().unwrap();
        assert_eq!(fast.delays(), [Duration::from_secs(10), Duration::from_secs(60)]);
    }

    #[test]
    fn the_ingest_gate_is_on_by_default_on_postgresql_only_and_the_setting_wins() {
        let (embedded, pg) = ("--database-url=sqlite://data/x.db", "--database-url=postgres://db/x");
        let target = |args: &[&str]| common(args).unwrap().ingest_gate().map(|g| g.target);
        assert_eq!(target(&[pg]), Some(GateConfig::DEFAULT_TARGET));
        assert_eq!(target(&[embedded]), None);
        assert_eq!(target(&[embedded, "--ingest-gate-ms=20"]), Some(Duration::from_millis(20)));
        assert_eq!(target(&[pg, "--ingest-gate-ms=0"]), None);
        // Only a process that also delivers reads a claim lag.
        assert_eq!(target(&[pg, "--role=api"]), None);
    }
}
