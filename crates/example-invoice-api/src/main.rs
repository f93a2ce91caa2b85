//! `example-invoice-api`: a worked example of a third service on the delivery engine, built and
//! tested in CI and never deployed (docs/extending.md walks through it). It publishes
//! `invoice.paid.v1` and `invoice.voided.v1`, signed the Standard Webhooks way, and gets
//! delivery, retries, tenant isolation, retention, operator webhooks, metrics, health probes
//! and both stores from the engine and api-support.

mod api;
mod catalog;

use actix_web::web;
use api_support::auth::StaticKeys;
use api_support::data_dir::StoreConfig;
use api_support::server::{self, CommonConfig, ServiceSpec};
use clap::{Args, Parser, Subcommand};
use operator_cli::catalog_history::CatalogArgs;
use std::process::ExitCode;

const SERVICE: &str = "example-invoice-api";

#[derive(Parser)]
#[command(name = SERVICE, version, about = "Invoice webhooks: a worked example of a service on the engine")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the HTTP API and run the delivery worker (the default).
    Serve(Box<ServeConfig>),
    /// Apply the database migrations and exit.
    Migrate {
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Print the published event types as JSON, or check or record them in a snapshot.
    Catalog(CatalogArgs),
}

#[derive(Clone, Args)]
struct ServeConfig {
    #[command(flatten)]
    common: CommonConfig,
    /// Address to listen on; port 0 picks a free port (printed as `listening on <addr>`).
    #[arg(long, env = "LISTEN_ADDR", default_value = "127.0.0.1:8082")]
    listen_addr: String,
    /// API keys, `tenant:key[,tenant:key…]`: each key acts for its tenant.
    #[arg(long, env = "API_KEYS", hide_env_values = true)]
    api_keys: StaticKeys,
}

fn migrations() -> Vec<delivery_engine::db::MigrationSet> {
    vec![delivery_engine::db::ENGINE_MIGRATIONS]
}

fn main() -> ExitCode {
    let _telemetry = server::init_tracing(SERVICE);
    let cli: Cli = api_support::cli::parse("INVOICES");
    server::run_main(async {
        match cli.command {
            Command::Serve(config) => serve(*config).await,
            Command::Migrate { store } => server::migrate(&store, SERVICE, migrations()).await,
            Command::Catalog(args) => args.run(SERVICE, &catalog::published()),
        }
    })
}

async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    let spec = ServiceSpec {
        name: SERVICE,
        listen_addr: config.listen_addr,
        profile: catalog::profile(config.common.delivery_timeout),
        url_rule: delivery_engine::endpoints::UrlRule::HttpOrHttps,
        migrations: migrations(),
    };
    let auth = config.api_keys.authenticator();
    server::serve(&config.common, spec, move |_engine| {
        move |cfg: &mut web::ServiceConfig| {
            cfg.app_data(auth.clone())
                .app_data(api_support::RouteTable { routes: api::ROUTES, public: &[], operator: &[] })
                .configure(api_support::configure_extractors(64 * 1024))
                .configure(api::routes)
                .default_service(web::to(api_support::unknown_route));
        }
    })
    .await
}
