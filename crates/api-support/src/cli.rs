//! The binaries' command line: `binary` alone or with flags means `serve`, and the top-level
//! `--help` lists every setting (the environment variables `serve` reads, with their defaults
//! and a one-line meaning), so nobody has to know that `serve --help` exists to find them.

use clap::{Arg, Command, Parser, ValueEnum};
use delivery_engine::http::AddressPolicy;
use delivery_engine::policy::{parse_duration, parse_schedule};
use std::time::Duration;

/// Parses the process's arguments as `C`, with [`settings_help`] after the top-level help.
/// `base_url_env` names the variable that holds the service's base URL (`WORKFLOW`,
/// `CAMPAIGN`: what `cargo xtask run` exports): see [`with_base_url_env`].
pub fn parse<C: Parser>(base_url_env: &'static str) -> C {
    let args = default_to_serve(std::env::args().collect());
    let cmd = with_base_url_env(with_settings_help(C::command()), base_url_env);
    let matches = cmd.get_matches_from(args);
    C::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// The command with `var` as the environment variable of every subcommand's `--server` (the
/// commands that talk to a running service: `listen`, `trigger`, `load`) and of
/// `console-link`'s fallback address (`service_url`, see `ConsoleLinkArgs`), so one variable
/// per service serves them all.
pub fn with_base_url_env(cmd: Command, var: &'static str) -> Command {
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_owned()).collect();
    names.iter().fold(cmd, |cmd, name| {
        cmd.mut_subcommand(name, |mut sub| {
            for id in ["server", "service_url"] {
                if sub.get_arguments().any(|a| a.get_id() == id) {
                    sub = sub.mut_arg(id, |a| a.env(var));
                }
            }
            sub
        })
    })
}

/// The command with its `serve` subcommand's settings after its own help.
pub fn with_settings_help(cmd: Command) -> Command {
    match cmd.find_subcommand("serve").map(|serve| settings_help(cmd.get_name(), serve)) {
        Some(text) => cmd.after_help(text),
        None => cmd,
    }
}

/// `Settings of serve …` and one entry per environment variable: `NAME=default` (or `NAME`
/// when it has none) and its short help (one paragraph, on one line), then the settings read before the
/// command line ([`crate::telemetry::ENV_SETTINGS`]).
pub fn settings_help(bin: &str, serve: &Command) -> String {
    let mut out = format!(
        "Settings of `{bin} serve` (the default command), as environment variables; each is also a flag \
         (LISTEN_ADDR is --listen-addr). `{bin} serve --help` explains each in full.\n"
    );
    let flags = serve.get_arguments().filter_map(|arg| {
        let name = arg.get_env()?.to_str()?.to_owned();
        let default = arg.get_default_values().first().and_then(|v| v.to_str()).unwrap_or("").to_owned();
        Some((name, default, short_help(arg)))
    });
    let read_first = crate::telemetry::ENV_SETTINGS
        .iter()
        .map(|(name, default, meaning)| ((*name).to_owned(), (*default).to_owned(), (*meaning).to_owned()));
    for (name, default, meaning) in flags.chain(read_first) {
        let assignment = match default.is_empty() {
            true => format!("{name} (unset by default)"),
            false => format!("{name}={default}"),
        };
        out.push_str(&format!("  {assignment}\n      {meaning}\n"));
    }
    out
}

/// The short help of an argument (its doc comment's first paragraph), on one line.
fn short_help(arg: &Arg) -> String {
    let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
    help.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where the egress proxy's CONNECT points (`OUTBOUND_PROXY_CONNECT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProxyConnect {
    /// The address the service resolved and vetted: its SSRF guard stays in force.
    Address,
    /// The endpoint's host name: the proxy resolves it and must refuse internal addresses.
    Name,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Role {
    /// HTTP API and delivery worker in one process.
    All,
    /// HTTP API only (workers run elsewhere on the same database).
    Api,
    /// Delivery worker only.
    Worker,
}

/// A setting that is `on` or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    On,
    Off,
}

/// Parses `250ms`, `10s`, `5m`, `2h`, `1d` for clap.
pub fn duration_arg(s: &str) -> Result<Duration, String> {
    parse_duration(s).map_err(|e| e.to_string())
}

/// A duration that can be switched off with `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionalDuration(pub Option<Duration>);

pub fn optional_duration_arg(s: &str) -> Result<OptionalDuration, String> {
    if s.eq_ignore_ascii_case("off") {
        return Ok(OptionalDuration(None));
    }
    duration_arg(s).map(|d| OptionalDuration(Some(d)))
}

/// A `RETRY_SCHEDULE`: delays before attempts 2..N.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule(pub Vec<Duration>);

/// Parses a `RETRY_SCHEDULE` (`1m,5m,30m,2h`) for clap.
pub fn schedule_arg(s: &str) -> Result<Schedule, String> {
    parse_schedule(s).map(Schedule).map_err(|e| e.to_string())
}

pub fn cidrs_arg(s: &str) -> Result<AddressPolicy, String> {
    AddressPolicy::parse_allow_list(s)
}

/// `binary` alone, or with only flags, means `binary serve ...`.
pub fn default_to_serve(mut args: Vec<String>) -> Vec<String> {
    let informational = ["-h", "--help", "-V", "--version"];
    if args.get(1).is_none_or(|a| a.starts_with('-') && !informational.contains(&a.as_str())) {
        args.insert(1.min(args.len()), "serve".into());
    }
    args
}

/// `CONSOLE`: whether the binary serves its console.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ConsoleSetting {
    On,
    Off,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Args, CommandFactory, Subcommand};

    #[derive(Debug, Parser)]
    #[command(name = "svc")]
    struct Cli {
        #[command(subcommand)]
        command: Cmd,
    }

    #[derive(Debug, Subcommand)]
    enum Cmd {
        Serve(Serve),
        Other,
    }

    #[derive(Debug, Args)]
    struct Serve {
        /// Address to listen on; port 0 picks a free port. Printed on stdout.
        #[arg(long, env = "LISTEN_ADDR", default_value = "127.0.0.1:8080")]
        listen_addr: String,
        /// A PEM file. Verification stays on.
        #[arg(long, env = "CA_FILE")]
        ca_file: Option<String>,
        /// Not a setting.
        #[arg(long)]
        verbose: bool,
    }

    #[test]
    fn the_top_level_help_lists_each_variable_with_its_default_and_meaning() {
        let help = with_settings_help(Cli::command()).render_help().to_string();
        assert!(help.contains("`svc serve --help` explains each in full"), "{help}");
        assert!(
            help.contains(
                "  LISTEN_ADDR=127.0.0.1:8080\n      Address to listen on; port 0 picks a free port. Printed on stdout\n"
            ),
            "{help}"
        );
        assert!(
            help.contains("  CA_FILE (unset by default)\n      A PEM file. Verification stays on\n"),
            "{help}"
        );
        assert!(help.contains("  LOG_FORMAT=text\n"), "{help}");
        assert!(!help.contains("verbose\n      Not a setting"), "{help}");
    }

    #[test]
    fn bare_invocation_and_flags_mean_serve() {
        let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(default_to_serve(v(&["bin"])), v(&["bin", "serve"]));
        assert_eq!(default_to_serve(v(&["bin", "--role", "api"])), v(&["bin", "serve", "--role", "api"]));
        assert_eq!(default_to_serve(v(&["bin", "token"])), v(&["bin", "token"]));
        assert_eq!(default_to_serve(v(&["bin", "--help"])), v(&["bin", "--help"]));
    }
}
