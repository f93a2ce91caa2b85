//! The `workflow-api` binary: `serve` (the default), `catalog`, `token`, `console-link`,
//! `migrate`, `check-receiver`, `listen`, `trigger`, `load`.

use actix_web::web;
use api_support::cli::duration_arg;
use api_support::data_dir::StoreConfig;
use api_support::server::{self, ServiceSpec};
use clap::{Parser, Subcommand};
use delivery_engine::endpoints::UrlRule;
use delivery_engine::receiver_check::SampleEvent;
use operator_cli::check_receiver::CheckReceiverArgs;
use operator_cli::listen::{ListenArgs, ListenRoutes, ServerArgs, ServerClient};
use std::process::ExitCode;
use std::time::Duration;
use workflow_api::config::{ServeConfig, JWT_SECRET, SERVICE};
use workflow_api::runs::RunWriter;
use workflow_api::{auth, profile, store, test_event, AppState};

#[derive(Debug, Parser)]
#[command(
    name = "workflow-api",
    version,
    about = "Run webhooks: signed deliveries when workflow runs settle"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the HTTP API and run the delivery worker (the default).
    Serve(Box<ServeConfig>),
    /// Print the published event types (name, entity type, required fields, schema) as JSON,
    /// or check or record them in a snapshot (`cargo xtask catalog-snapshot`).
    Catalog(operator_cli::catalog_history::CatalogArgs),
    /// Print a session JWT for an account on stdout.
    Token {
        #[arg(long)]
        account: String,
        /// Lifetime, e.g. 15m, 1h, 7d.
        #[arg(long, default_value = "1h", value_parser = duration_arg)]
        ttl: Duration,
        /// Unset: the key the service generated in DATA_DIR (embedded store only; never generated
        /// here).
        #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
        jwt_secret: Option<String>,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Print a single-use console sign-in link for an account (valid for 10 minutes).
    ConsoleLink {
        #[arg(long)]
        account: String,
        #[command(flatten)]
        link: operator_cli::console_link::ConsoleLinkArgs,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Apply the database migrations and exit.
    Migrate {
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Self-test a receiver: send it a signed webhook.test delivery, a duplicate, and requests
    /// it must refuse (tampered body, wrong or malformed signature, none); report what it
    /// accepted. Exits non-zero if any case failed.
    CheckReceiver(CheckReceiverArgs),
    /// Forward this account's deliveries to a local URL: opens a listen session on the service
    /// (a temporary endpoint with its own secret) and POSTs each delivery, with its real headers
    /// and signature, to --forward-to; the local answer is the attempt's outcome. Reconnects by
    /// itself; Ctrl-C ends the session.
    Listen {
        /// A session JWT for the account (`workflow-api token`).
        #[arg(long, env = "TOKEN", hide_env_values = true)]
        token: String,
        #[command(flatten)]
        args: ListenArgs,
    },
    /// Cause an event through the API: `webhook.test` to a listen session (or endpoint), or
    /// `run.completed` / `run.failed` by creating and settling a run (sent to every endpoint
    /// of the account that takes it, listen sessions included).
    Trigger {
        /// `webhook.test`, `run.completed` or `run.failed`.
        event: String,
        /// A session JWT for the account (`workflow-api token`).
        #[arg(long, env = "TOKEN", hide_env_values = true)]
        token: String,
        #[command(flatten)]
        server: ServerArgs,
        /// The listen session (or endpoint) `webhook.test` is sent to.
        #[arg(long)]
        session: Option<uuid::Uuid>,
        /// The run's workflow id, for `run.completed` and `run.failed`.
        #[arg(long, default_value = "wf_trigger")]
        workflow_id: String,
    },
    /// Load a running service through its API: register an endpoint on a receiver of its own,
    /// publish (at --rate, or as fast as the API takes them), wait for every delivery, and
    /// print throughput, latency percentiles, lost and duplicated deliveries (a line every
    /// --report-every, then a summary). Exits non-zero if an event was refused or lost.
    Load {
        /// A session JWT for the account (`workflow-api token`; use an account of its own: its other endpoints receive the load too).
        #[arg(long, env = "TOKEN", hide_env_values = true)]
        token: String,
        #[command(flatten)]
        args: operator_cli::load::LoadArgs,
    },
}

/// workflow-api's listen routes.
const LISTEN_ROUTES: ListenRoutes =
    ListenRoutes { stream: "/webhooks/listen", session_prefix: "/webhooks/listen" };

fn migrations() -> Vec<delivery_engine::db::MigrationSet> {
    vec![delivery_engine::db::ENGINE_MIGRATIONS, store::MIGRATIONS, web_console::MIGRATIONS]
}

fn main() -> ExitCode {
    let _telemetry = server::init_tracing(SERVICE);
    let cli: Cli = api_support::cli::parse("WORKFLOW");
    server::run_main(async {
        match cli.command {
            Command::Serve(config) => serve(*config).await,
            Command::Token { account, ttl, jwt_secret, store } => {
                let secret = store.stored_secret(SERVICE, JWT_SECRET, jwt_secret.as_deref())?;
                println!("{}", auth::JwtKeys::new(&secret)?.issue(&account, ttl)?);
                Ok(())
            }
            Command::ConsoleLink { account, link, store } => {
                auth::check_account_id(&account)?;
                let pool = server::cli_database(&store, SERVICE, migrations()).await?;
                let base = link.base_url("127.0.0.1:8080");
                operator_cli::console_link::print(&pool, &account, &base, &link.page).await
            }
            Command::Catalog(args) => args.run(SERVICE, &profile::published()),
            Command::Migrate { store } => server::migrate(&store, SERVICE, migrations()).await,
            Command::CheckReceiver(args) => check_receiver(&args).await,
            Command::Load { token, args } => {
                operator_cli::load::run(workflow_api::load::WorkflowLoad, &token, args).await
            }
            Command::Listen { token, args } => {
                operator_cli::listen::run_listen(LISTEN_ROUTES, &token, args, "workflow-api").await
            }
            Command::Trigger { event, token, server, session, workflow_id } => {
                trigger(&ServerClient::new(&server, &token)?, &event, session, &workflow_id).await
            }
        }
    })
}

/// The webhook.test event, with the headers and signature of a real delivery.
async fn check_receiver(args: &CheckReceiverArgs) -> anyhow::Result<()> {
    let profile = profile::profile(Vec::new(), args.timeout);
    let event = test_event::test_event(uuid::Uuid::now_v7(), chrono::Utc::now());
    let sample = SampleEvent {
        event_id: uuid::Uuid::now_v7(),
        delivery_id: uuid::Uuid::new_v4(),
        event_type: profile::WEBHOOK_TEST.to_owned(),
        dedupe_key: event.id,
        body: event.body,
    };
    operator_cli::check_receiver::run(&profile, args, sample).await
}

/// `trigger`: the test event to one endpoint, or a run settled the way the event says.
async fn trigger(
    api: &ServerClient,
    event: &str,
    session: Option<uuid::Uuid>,
    workflow_id: &str,
) -> anyhow::Result<()> {
    use hyper::Method;
    let outcome = match event {
        profile::WEBHOOK_TEST => {
            let id = session.ok_or_else(|| {
                anyhow::anyhow!("webhook.test goes to one endpoint: name the listen session with --session")
            })?;
            let sent = api
                .call(Method::POST, &format!("/webhooks/{id}/test"), None)
                .await?
                .success("webhook.test")?;
            println!(
                "webhook.test queued for {id}: event {}",
                sent.json()["eventId"].as_str().unwrap_or("?")
            );
            return Ok(());
        }
        "run.completed" => "succeeded",
        "run.failed" => "failed",
        other => anyhow::bail!("unknown event `{other}`: webhook.test, run.completed or run.failed"),
    };
    let body = serde_json::json!({ "workflow_id": workflow_id });
    let run = api.call(Method::POST, "/runs", Some(&body)).await?.success("creating a run")?.json();
    let id = run["id"].as_str().ok_or_else(|| anyhow::anyhow!("the run has no id: {run}"))?.to_owned();
    let settle = serde_json::json!({ "status": outcome });
    api.call(Method::POST, &format!("/runs/{id}/settle"), Some(&settle))
        .await?
        .success("settling the run")?;
    println!("run {id} {outcome}: {event} queued for every endpoint that takes it");
    Ok(())
}

async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    let secret = config.common.store.secret(SERVICE, JWT_SECRET, config.jwt_secret.as_deref())?;
    let jwt = auth::JwtKeys::new(&secret)?;
    let console = config.common.console == api_support::cli::ConsoleSetting::On;
    let spec = ServiceSpec {
        name: SERVICE,
        listen_addr: config.listen_addr.clone(),
        profile: profile::profile(config.retry_schedule.0.clone(), config.common.delivery_timeout),
        url_rule: UrlRule::HttpOrHttps,
        migrations: migrations(),
    };
    let write_batch = config.common.write_batch;
    server::serve(&config.common, spec, move |engine| {
        let state = AppState { runs: RunWriter::spawn(&engine, usize::from(write_batch)), engine };
        move |cfg: &mut web::ServiceConfig| {
            workflow_api::configure_app(state.clone(), jwt.clone(), console)(cfg)
        }
    })
    .await
}
