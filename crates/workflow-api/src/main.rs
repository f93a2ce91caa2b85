//! The `workflow-api` binary: `serve` (the default), `token`, `migrate`.

use actix_web::web;
use api_support::server::{self, duration_arg, ServiceSpec};
use clap::{Parser, Subcommand};
use delivery_engine::UrlRule;
use std::process::ExitCode;
use std::time::Duration;
use workflow_api::config::ServeConfig;
use workflow_api::{auth, profile, store, AppState};

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
        #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
        jwt_secret: String,
    },
    /// Apply the database migrations and exit.
    Migrate {
        #[arg(long, env = "DATABASE_URL")]
        database_url: String,
    },
}

fn migrations() -> Vec<delivery_engine::EmbeddedMigrations> {
    vec![delivery_engine::ENGINE_MIGRATIONS, store::MIGRATIONS]
}

fn main() -> ExitCode {
    server::init_tracing();
    let cli = Cli::parse_from(server::default_to_serve(std::env::args().collect()));
    server::run_main(async {
        match cli.command {
            Command::Serve(config) => serve(*config).await,
            Command::Token { account, ttl, jwt_secret } => {
                println!("{}", auth::JwtKeys::new(&jwt_secret)?.issue(&account, ttl)?);
                Ok(())
            }
            Command::Migrate { database_url } => server::migrate(&database_url, migrations()).await,
        }
    })
}

async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    let jwt = auth::JwtKeys::new(&config.jwt_secret)?;
    let spec = ServiceSpec {
        listen_addr: config.listen_addr.clone(),
        profile: profile::profile(config.retry_schedule.0.clone(), config.common.delivery_timeout),
        url_rule: UrlRule::HttpOrHttps,
        migrations: migrations(),
    };
    server::serve(&config.common, spec, move |engine| {
        let state = AppState { engine };
        move |cfg: &mut web::ServiceConfig| workflow_api::configure_app(state.clone(), jwt.clone())(cfg)
    })
    .await
}
