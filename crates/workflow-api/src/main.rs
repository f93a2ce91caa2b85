//! The `workflow-api` binary: `serve` (the default), `token`, `migrate`.

use actix_web::{App, HttpServer};
use anyhow::Context;
use clap::{Parser, Subcommand};
use delivery_engine::http::{OutboundClient, OutboundConfig};
use delivery_engine::secrets::Keyring;
use delivery_engine::{Dispatcher, DispatcherConfig, Engine, EngineConfig, UrlRule};
use std::process::ExitCode;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use workflow_api::config::{parse_duration_arg, Role, ServeConfig};
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
        #[arg(long, default_value = "1h", value_parser = parse_duration_arg)]
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

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,actix_server=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    // `workflow-api` alone, or with only flags, means `serve`.
    let mut args: Vec<String> = std::env::args().collect();
    if args
        .get(1)
        .is_none_or(|a| a.starts_with('-') && a != "-h" && a != "--help" && a != "-V" && a != "--version")
    {
        args.insert(1, "serve".into());
    }
    let cli = Cli::parse_from(args);
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        match cli.command {
            Command::Serve(config) => serve(*config).await,
            Command::Token { account, ttl, jwt_secret } => {
                println!("{}", auth::JwtKeys::new(&jwt_secret)?.issue(&account, ttl)?);
                Ok(())
            }
            Command::Migrate { database_url } => migrate(&database_url).await,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn migrate(url: &str) -> anyhow::Result<()> {
    delivery_engine::run_migrations(url, vec![delivery_engine::ENGINE_MIGRATIONS, store::MIGRATIONS])
        .await
        .context("applying migrations")
}

async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    migrate(&config.database_url).await?;
    let keyring = Keyring::parse(&config.master_keys).context("MASTER_KEYS")?;
    let jwt = auth::JwtKeys::new(&config.jwt_secret).context("JWT_SECRET")?;
    let profile = profile::profile(config.retry_schedule.0.clone(), config.delivery_timeout);
    let pool = delivery_engine::connect_pool(&config.database_url, config.database_pool_size)?;
    let engine = Engine::new(
        pool,
        keyring,
        profile,
        EngineConfig { url_rule: UrlRule::HttpOrHttps, address_policy: config.outbound_allow_cidrs.clone() },
    );

    let shutdown = CancellationToken::new();
    let worker = if config.role != Role::Api {
        let client = OutboundClient::new(OutboundConfig {
            policy: config.outbound_allow_cidrs.clone(),
            extra_ca_files: config.outbound_ca_file.clone().into_iter().collect(),
            response_cap: 0,
        })?;
        let worker_engine = engine.with_pool(delivery_engine::connect_worker_pool(
            &config.database_url,
            config.database_pool_size,
        )?);
        let dispatcher = Dispatcher::new(
            worker_engine,
            client,
            DispatcherConfig { poll_interval: config.worker_poll_interval, ..DispatcherConfig::default() },
            Some(config.database_url.clone()),
        );
        Some(tokio::spawn(dispatcher.run(shutdown.clone())))
    } else {
        None
    };

    if config.role == Role::Worker {
        println!("worker started");
        wait_for_signal().await;
    } else {
        let state = AppState { engine };
        let server = HttpServer::new(move || {
            App::new()
                .wrap(workflow_api::json_errors())
                .configure(workflow_api::configure_app(state.clone(), jwt.clone()))
        })
        .shutdown_timeout(10)
        .bind(&config.listen_addr)
        .with_context(|| format!("binding {}", config.listen_addr))?;
        for addr in server.addrs() {
            println!("listening on {addr}");
        }
        // actix stops on SIGINT/SIGTERM, finishing in-flight requests.
        server.run().await?;
    }
    tracing::info!("stopping: finishing in-flight deliveries");
    shutdown.cancel();
    if let Some(worker) = worker {
        worker.await?;
    }
    Ok(())
}

async fn wait_for_signal() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = async { match term.as_mut() { Some(t) => { t.recv().await; } None => std::future::pending().await } } => {}
    }
}
