//! `<service> console-link TENANT`: prints a single-use sign-in link to the console. The link
//! is minted by the console crate ([`web_console::session::create_link`]); this is the command-line
//! glue.

use clap::Args;

/// `console-link`'s arguments besides the tenant.
#[derive(Debug, Clone, Args)]
pub struct ConsoleLinkArgs {
    /// The console's address as the browser reaches it; behind a proxy, its public address
    /// (default: the service's base URL variable, WORKFLOW or CAMPAIGN, as `cargo xtask run`
    /// exports it; else http://localhost and the port of LISTEN_ADDR).
    #[arg(long, env = "PUBLIC_URL")]
    pub base_url: Option<String>,
    /// The service's base URL variable (its `env` is set by `cli::with_base_url_env`).
    #[arg(long, hide = true)]
    pub service_url: Option<String>,
    #[arg(long, env = "LISTEN_ADDR", hide = true)]
    pub listen_addr: Option<String>,
    /// The console page the link opens once used (`/console/deliveries`).
    #[arg(long, default_value = "/console")]
    pub page: String,
}

impl ConsoleLinkArgs {
    /// `--base-url` (or `PUBLIC_URL`), else the service's base URL variable, else `http://`
    /// and the listen address (`localhost` for an unspecified or loopback host).
    pub fn base_url(&self, default_listen: &str) -> String {
        if let Some(b) = self.base_url.as_ref().or(self.service_url.as_ref()) {
            return b.trim_end_matches('/').to_owned();
        }
        let listen = self.listen_addr.as_deref().unwrap_or(default_listen);
        let port = listen.rsplit_once(':').map_or("80", |(_, p)| p);
        let host = listen.rsplit_once(':').map_or(listen, |(h, _)| h);
        let host =
            if matches!(host, "" | "0.0.0.0" | "[::]" | "127.0.0.1" | "[::1]") { "localhost" } else { host };
        format!("http://{host}:{port}")
    }
}

/// Prints a single-use sign-in link for `tenant` that opens `page` (the `console-link`
/// commands; the operator API mints the same links).
pub async fn print(
    pool: &delivery_engine::db::Pool,
    tenant: &str,
    base_url: &str,
    page: &str,
) -> anyhow::Result<()> {
    let link = web_console::session::mint_link(pool, tenant, base_url, page).await??;
    println!("{}", link.url);
    eprintln!("(works once, for {} minutes)", web_console::session::LINK_TTL.num_minutes());
    Ok(())
}
