//! The `workflow-api` binary: `serve` (the default), `token`, `migrate`, `check-receiver`.

use actix_web::web;
use api_support::check_receiver::CheckReceiverArgs;
use api_support::data_dir::StoreConfig;
use api_support::server::{self, duration_arg, ServiceSpec};
use clap::{Parser, Subcommand};
use delivery_engine::receiver_check::SampleEvent;
use delivery_engine::UrlRule;
use std::process::ExitCode;
use std::time::Duration;
use workflow_api::config::{ServeConfig, JWT_SECRET, SERVICE};
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
        link: api_support::console::ConsoleLinkArgs,
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
}

fn migrations() -> Vec<delivery_engine::MigrationSet> {
    vec![delivery_engine::ENGINE_MIGRATIONS, store::MIGRATIONS, api_support::console::MIGRATIONS]
}

fn main() -> ExitCode {
    let _telemetry = server::init_tracing(SERVICE);
    let cli: Cli = api_support::cli::parse();
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
                api_support::console::print_link(&pool, &account, &link.base_url("127.0.0.1:8080")).await
            }
            Command::Migrate { store } => server::migrate(&store.database_url(SERVICE), migrations()).await,
            Command::CheckReceiver(args) => check_receiver(&args).await,
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
    api_support::check_receiver::run(&profile, args, sample).await
}

async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    let secret = config.common.store.secret(SERVICE, JWT_SECRET, config.jwt_secret.as_deref())?;
    let jwt = auth::JwtKeys::new(&secret)?;
    let console = config.common.console == api_support::console::ConsoleSetting::On;
    let spec = ServiceSpec {
        name: SERVICE,
        listen_addr: config.listen_addr.clone(),
        profile: profile::profile(config.retry_schedule.0.clone(), config.common.delivery_timeout),
        url_rule: UrlRule::HttpOrHttps,
        migrations: migrations(),
    };
    server::serve(&config.common, spec, move |engine| {
        let state = AppState { engine };
        move |cfg: &mut web::ServiceConfig| {
            workflow_api::configure_app(state.clone(), jwt.clone(), console)(cfg)
        }
    })
    .await
}
