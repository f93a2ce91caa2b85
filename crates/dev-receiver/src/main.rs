//! `dev-receiver`: for local development only (`cargo xtask receiver`, `cargo xtask run`).
//!
//! - `dev-receiver listen [--tls] [--secret whsec_…]`: a webhook receiver that prints every
//!   request it receives and verifies its signature with `webhook-verify` (workflow-api's
//!   `X-Webhook-Signature`, campaign-api's `X-<PRODUCT_NAME>-Signature`, or Standard Webhooks'
//!   `webhook-signature`: the operator webhooks and example-invoice-api); it answers 200 to
//!   a verified delivery (or to any when no secret is given) and 400 to one that fails.
//! - `dev-receiver dev-cert --dir DIR`: once, a development CA and a certificate for
//!   `localhost`, `127.0.0.1` and `::1` signed by it (campaign-api trusts the CA through
//!   `OUTBOUND_CA_FILE`).

mod dev_cert;
mod listen;
mod standard;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "dev-receiver",
    version,
    about = "A local webhook receiver that prints and verifies deliveries"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Receive webhooks: print each request and verify its signature.
    Listen(listen::ListenArgs),
    /// Create (once) a development CA and a localhost certificate in DIR; prints their paths.
    DevCert {
        /// Where the files go: ca.pem, localhost.pem, localhost.key.
        #[arg(long, default_value = "./data/dev-tls")]
        dir: std::path::PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Listen(args) => tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(anyhow::Error::from)
            .and_then(|rt| rt.block_on(listen::run(args))),
        Command::DevCert { dir } => dev_cert::ensure(&dir).map(|files| {
            println!("{}", files.ca.display());
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
