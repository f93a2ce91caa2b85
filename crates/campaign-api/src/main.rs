//! The `campaign-api` binary: `serve` (the default), `catalog`, `create-workspace`,
//! `create-api-key`, `revoke-api-key`, `console-link`, `migrate`, `check-receiver`, `listen`,
//! `trigger`, `load`.

use actix_web::web;
use api_support::data_dir::StoreConfig;
use api_support::server::{self, ServiceSpec};
use campaign_api::config::{ServeConfig, SERVICE};
use campaign_api::{events, profile, provisioning, store, AppState};
use clap::{Parser, Subcommand};
use delivery_engine::endpoints::UrlRule;
use delivery_engine::on_conn;
use delivery_engine::receiver_check::SampleEvent;
use delivery_engine::EngineError;
use operator_cli::check_receiver::CheckReceiverArgs;
use operator_cli::listen::{ListenArgs, ListenRoutes, ServerArgs, ServerClient};
use std::process::ExitCode;
use uuid::Uuid;

#[derive(Debug, Parser)]
#[command(name = "campaign-api", version, about = "Versioned event webhooks for the campaign service")]
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
    /// Create a workspace and its first API key; prints {"workspaceId", "apiKey", "apiKeyId"}
    /// on stdout (`POST /operator/v1/workspaces` does the same).
    CreateWorkspace {
        #[arg(long)]
        name: String,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Print a single-use console sign-in link for a workspace (valid for 10 minutes).
    ConsoleLink {
        /// The workspace: its id, or its name (as `create-workspace --name` gave it) when no
        /// other workspace has that name.
        #[arg(long)]
        workspace: String,
        #[command(flatten)]
        link: operator_cli::console_link::ConsoleLinkArgs,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Add an API key to a workspace; prints {"workspaceId", "apiKey", "apiKeyId"} on stdout.
    CreateApiKey {
        #[arg(long)]
        workspace_id: Uuid,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Revoke an API key; it stops authenticating at once.
    RevokeApiKey {
        #[arg(long, env = "API_KEY", hide_env_values = true)]
        api_key: String,
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Apply the database migrations and exit.
    Migrate {
        #[command(flatten)]
        store: StoreConfig,
    },
    /// Self-test a receiver: send it a signed campaign.status_changed.v1 delivery, a
    /// duplicate, and requests it must refuse (tampered body, wrong or malformed signature,
    /// none); report what it accepted. Exits non-zero if any case failed.
    CheckReceiver {
        #[command(flatten)]
        args: CheckReceiverArgs,
        /// The word in the header names: X-<PRODUCT_NAME>-Signature and so on.
        #[arg(long, env = "PRODUCT_NAME", default_value = "Service")]
        product_name: String,
    },
    /// Forward this workspace's deliveries to a local URL: opens a listen session on the
    /// service (a temporary endpoint with its own secret, filtered by --events) and POSTs each
    /// delivery, with its real headers and signature, to --forward-to; the local answer is the
    /// attempt's outcome. Reconnects by itself; Ctrl-C ends the session.
    Listen {
        /// The workspace's API key.
        #[arg(long, env = "API_KEY", hide_env_values = true)]
        api_key: String,
        #[command(flatten)]
        args: ListenArgs,
    },
    /// Publish a catalog event with the catalog's example payload (`POST /api/v1/events`): it
    /// goes to every endpoint of the workspace that takes its type, listen sessions included.
    Trigger {
        /// A publishable event type, e.g. `sync.succeeded.v1` (`GET /api/v1/event-types`).
        event_type: String,
        /// The workspace's API key.
        #[arg(long, env = "API_KEY", hide_env_values = true)]
        api_key: String,
        #[command(flatten)]
        server: ServerArgs,
    },
    /// Load a running service through its API: register an endpoint on a receiver of its own,
    /// publish (at --rate, or as fast as the API takes them), wait for every delivery, and
    /// print throughput, latency percentiles, lost and duplicated deliveries (a line every
    /// --report-every, then a summary). Exits non-zero if an event was refused or lost.
    Load {
        /// The workspace's API key (use a workspace of its own: its other endpoints that take segment.evaluated.v1 receive the load too).
        #[arg(long, env = "API_KEY", hide_env_values = true)]
        api_key: String,
        #[command(flatten)]
        args: operator_cli::load::LoadArgs,
    },
}

/// campaign-api's listen routes.
const LISTEN_ROUTES: ListenRoutes =
    ListenRoutes { stream: "/api/v1/listen", session_prefix: "/api/v1/listen" };

fn migrations() -> Vec<delivery_engine::db::MigrationSet> {
    vec![delivery_engine::db::ENGINE_MIGRATIONS, store::MIGRATIONS, web_console::MIGRATIONS]
}

/// The workspace `--workspace` names: an existing workspace's id, or the one workspace with
/// that name.
async fn resolve_workspace(pool: &delivery_engine::db::Pool, given: &str) -> anyhow::Result<Uuid> {
    if let Ok(id) = Uuid::parse_str(given) {
        let exists =
            pool.run(on_conn!(|c| Ok::<_, EngineError>(store::workspace_exists(c, id).await?))).await?;
        anyhow::ensure!(exists, "no workspace {id}");
        return Ok(id);
    }
    let name = given.to_owned();
    let ids = pool.run(on_conn!(|c| Ok::<_, EngineError>(store::workspaces_named(c, &name).await?))).await?;
    match ids.as_slice() {
        [id] => Ok(*id),
        [] => anyhow::bail!("no workspace is named `{given}` (nor is it a workspace id)"),
        many => {
            let ids: Vec<String> = many.iter().map(Uuid::to_string).collect();
            anyhow::bail!("{} workspaces are named `{given}`; pass one's id: {}", many.len(), ids.join(", "))
        }
    }
}

fn main() -> ExitCode {
    let _telemetry = server::init_tracing(SERVICE);
    let cli: Cli = api_support::cli::parse("CAMPAIGN");
    server::run_main(async {
        match cli.command {
            Command::Serve(config) => serve(*config).await,
            Command::CreateWorkspace { name, store } => {
                let (workspace, key) =
                    provisioning::create_workspace(&database(&store).await?, &name).await?;
                println!(
                    "{}",
                    serde_json::json!({ "workspaceId": workspace.id, "apiKey": key.key, "apiKeyId": key.id })
                );
                Ok(())
            }
            Command::ConsoleLink { workspace, link, store } => {
                let pool = database(&store).await?;
                let workspace = resolve_workspace(&pool, &workspace).await?;
                let base = link.base_url("127.0.0.1:8081");
                operator_cli::console_link::print(&pool, &workspace.to_string(), &base, &link.page).await
            }
            Command::CreateApiKey { workspace_id, store } => {
                let key =
                    provisioning::add_api_key(&database(&store).await?, workspace_id).await.map_err(|e| {
                        match e {
                            provisioning::ProvisionError::NoSuchWorkspace => {
                                anyhow::anyhow!("no workspace {workspace_id}")
                            }
                            other => other.into(),
                        }
                    })?;
                println!(
                    "{}",
                    serde_json::json!({ "workspaceId": workspace_id, "apiKey": key.key, "apiKeyId": key.id })
                );
                Ok(())
            }
            Command::RevokeApiKey { api_key, store } => {
                let revoked = database(&store)
                    .await?
                    .transaction(on_conn!(|c| store::revoke_api_key(c, &api_key).await))
                    .await?;
                if !revoked {
                    anyhow::bail!("no live API key matches");
                }
                println!("{}", serde_json::json!({ "revoked": true }));
                Ok(())
            }
            Command::Catalog(args) => args.run(SERVICE, &campaign_api::catalog::published()),
            Command::Migrate { store } => server::migrate(&store, SERVICE, migrations()).await,
            Command::CheckReceiver { args, product_name } => check_receiver(&args, &product_name).await,
            Command::Load { api_key, args } => {
                operator_cli::load::run(campaign_api::load::CampaignLoad, &api_key, args).await
            }
            Command::Listen { api_key, args } => {
                operator_cli::listen::run_listen(LISTEN_ROUTES, &api_key, args, "campaign-api").await
            }
            Command::Trigger { event_type, api_key, server } => {
                trigger(&ServerClient::new(&server, &api_key)?, &event_type).await
            }
        }
    })
}

async fn database(store: &StoreConfig) -> anyhow::Result<delivery_engine::db::Pool> {
    server::cli_database(store, SERVICE, migrations()).await
}

/// A catalog event (`campaign.status_changed.v1`, the spec's example), with the headers and
/// signature of a real delivery.
async fn check_receiver(args: &CheckReceiverArgs, product: &str) -> anyhow::Result<()> {
    let profile = profile::profile(product, None, args.timeout).map_err(anyhow::Error::msg)?;
    let event_id = Uuid::now_v7();
    let emit = events::Emit {
        event_type: "campaign.status_changed.v1",
        entity_id: Uuid::now_v7(),
        payload: serde_json::json!({ "from": "active", "to": "paused" }),
        occurred_at: chrono::Utc::now(),
    };
    let sample = SampleEvent {
        event_id,
        delivery_id: Uuid::new_v4(),
        event_type: emit.event_type.to_owned(),
        dedupe_key: event_id.to_string(),
        body: events::envelope(event_id, Uuid::now_v7(), &emit),
    };
    operator_cli::check_receiver::run(&profile, args, sample).await
}

/// `trigger`: the catalog's example of `event_type`, published through the API.
async fn trigger(api: &ServerClient, event_type: &str) -> anyhow::Result<()> {
    use hyper::Method;
    let info = api.call(Method::GET, &format!("/api/v1/event-types/{event_type}"), None).await?;
    let info = info.success(&format!("event type {event_type}"))?.json();
    if info["publishable"] != serde_json::Value::Bool(true) {
        anyhow::bail!(
            "{event_type} is emitted by the campaign routes only: create or change a campaign instead"
        );
    }
    let event = serde_json::json!({
        "type": event_type,
        "entityType": info["entityType"],
        "entityId": Uuid::new_v4(),
        "payload": info["examplePayload"],
    });
    let published =
        api.call(Method::POST, "/api/v1/events", Some(&event)).await?.success("publishing")?.json();
    println!(
        "event {} ({event_type}, the catalog's example) queued for every endpoint that takes it",
        published["id"].as_str().unwrap_or("?")
    );
    Ok(())
}

async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    let profile = profile::profile(
        &config.product_name,
        config.retry_schedule.clone().map(|s| s.0),
        config.common.delivery_timeout,
    )
    .map_err(anyhow::Error::msg)?;
    let console = config.common.console == api_support::cli::ConsoleSetting::On;
    let spec = ServiceSpec {
        name: SERVICE,
        listen_addr: config.listen_addr.clone(),
        profile,
        url_rule: UrlRule::HttpsOnly,
        migrations: migrations(),
    };
    let write_batch = usize::from(config.common.write_batch);
    server::serve(&config.common, spec, move |engine| {
        let state = AppState::new(engine, write_batch);
        move |cfg: &mut web::ServiceConfig| campaign_api::configure_app(state.clone(), console)(cfg)
    })
    .await
}
