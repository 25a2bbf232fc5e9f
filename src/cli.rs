//! The command line: subcommands, their arguments and their help texts. Each game's calculators
//! (`skald <system> ...`) are not here: they come from the system's crate through the registry
//! (`skald_systems::Entry::cli`), one subcommand per system, added by [`command`].

use clap::{Args, CommandFactory as _, Parser, Subcommand};
use skald_cli::whole;
use std::path::PathBuf;

/// Skald plays tabletop role-playing games by their rules, each game's from its own crate.
#[derive(Debug, Parser)]
#[command(name = "skald", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The whole command line: [`Cli`]'s subcommands and, between `odds` and `replay`, one per system
/// of the registry (its calculators, `skald <name> ...`, named by its `NAME`, its help its
/// crate's), in the registry's order.
pub fn command() -> clap::Command {
    let mut skald = Cli::command().after_help(examples());
    for (i, system) in skald_systems::SYSTEMS.iter().enumerate() {
        skald = skald.subcommand((system.cli.command)().display_order(GAMES + i));
    }
    skald
}

/// The place of the first game's subcommand in `skald --help`: after `roll` (0) and `odds` (1),
/// before `replay` ([`AFTER_GAMES`]).
const GAMES: usize = 2;

/// The place of `replay` in `skald --help`, and of the subcommands after it: room for the games
/// before them (clap's own `help` comes last, at 999).
const AFTER_GAMES: usize = 100;

/// The examples of `skald --help`: the games' calculators by the registry's names.
fn examples() -> String {
    let mut names = skald_systems::REGISTRY.names();
    let calculators = match names.next() {
        Some(first) => {
            let others: Vec<&str> = names.collect();
            let also = if others.is_empty() {
                String::new()
            } else {
                format!(" (also {})", others.join(", "))
            };
            format!(
                "\n{:<36} each game's calculators{also}",
                format!("  skald {first} --help")
            )
        }
        None => String::new(),
    };
    format!("{EXAMPLES}{calculators}")
}

const EXAMPLES: &str = "\
Examples:
  skald roll 4d6kh3                  roll four d6, keep the highest three
  skald roll '2d20kl1 + 5' --seed 7  reproducible: the same seed gives the same dice
  skald roll '6d10>=7' --json        count successes, print JSON
  skald odds '8d6 > 6d6'             exact chance, as a fraction
  skald replay examples/twenty/gorand-and-the-dragon.toml
  skald replay examples/chi/pool-7-round.toml --json
  skald serve                        the online table on http://127.0.0.1:8080 (tables in skald.db)
  skald verify log.json              recompute every roll of a table's exported log";

/// A seed as `--seed`'s value: a whole number from 0 to 18446744073709551615 (`u64`), refused in
/// words as [`whole`].
fn seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("it must be a whole number from 0 to {}", u64::MAX))
}

/// The subcommands of the binary's own (each game's calculators are added by [`command`]).
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Roll dice in dice notation and show every die.
    #[command(after_help = ROLL_EXAMPLES, display_order = 0)]
    Roll(RollArgs),
    /// Exact odds of a dice expression: mean, standard deviation, P(= x) and P(>= x) as fractions.
    #[command(after_help = ODDS_EXAMPLES, display_order = 1)]
    Odds(OddsArgs),
    /// Play a scenario file (TOML) and print the table log; exit 1 if an expectation fails.
    #[command(after_help = REPLAY_EXAMPLES, display_order = AFTER_GAMES)]
    Replay(ReplayArgs),
    /// List the systems this build plays: name (as scenarios and the API write it) and title.
    #[command(display_order = AFTER_GAMES + 1)]
    Systems(SystemsArgs),
    /// Run the online table server (HTTP, WebSocket) on SQLite or PostgreSQL.
    #[command(after_help = SERVE_EXAMPLES, display_order = AFTER_GAMES + 2)]
    Serve(ServeArgs),
    /// Recompute every roll of an exported table log (JSON); exit 1 on any mismatch.
    #[command(after_help = VERIFY_EXAMPLES, display_order = AFTER_GAMES + 3)]
    Verify(VerifyArgs),
}

const SERVE_EXAMPLES: &str = "\
Examples:
  skald serve                                   SQLite file skald.db here, http://127.0.0.1:8080
  skald serve --addr 0.0.0.0:9000 --db tables.db
  skald serve --db postgres://postgres@127.0.0.1:5432/skald
  SKALD_CREATION_KEY=... skald serve --addr 0.0.0.0:8080   a public server: tables need the key
  skald serve --trusted-proxy 127.0.0.1 --public-url https://skald.example
                                                behind a reverse proxy on this host, with TLS
Browsers: only the server's own pages post and open WebSockets with a seat's cookie (their
origin is --public-url, or the address they asked for); the cookie lasts 30 days from the last
visit of its table, and is Secure when --public-url is https://.
Limits: rates per client address (an IPv6 client by its /64) and per seat; tables per address
per hour; live tables per server (quiet ones are archived, the GM's link restores them);
WebSockets per seat, with the GM's own kept free.
Stop with Ctrl-C (or SIGTERM): actions in flight are committed first.
See docs/server.md for the API and its limits, docs/fairness.md for how rolls are made.";

const VERIFY_EXAMPLES: &str = "\
Examples:
  curl -H 'Authorization: Bearer TOKEN' 'http://127.0.0.1:8080/api/tables/ID/export' > log.json
  skald verify log.json
  skald verify log.json --head 3f2a...e91c      the head you kept from the table page (64 hex digits)
  skald verify log.json --head-file head.txt    the head as the table page downloads it
  skald verify log.json --json
Without a kept head, a log rewritten with its hash chain recomputed cannot be told from an honest
one: keep the head the table page shows (docs/fairness.md).";

/// Arguments of `skald systems`.
#[derive(Debug, Args)]
pub struct SystemsArgs {
    /// Print JSON: `[{"name": ..., "title": ...}, ...]`, in the lobby's order (what scripts and
    /// the browser tests read to go through every system).
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `skald serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,
    /// Database: an SQLite file (created if missing) or a postgres:// URL.
    #[arg(long, default_value = "skald.db")]
    pub db: String,
    /// Require this key to create a table (API: header X-Skald-Creation-Key; lobby: a field).
    /// Without it, anyone who reaches the server creates tables. Better given in the environment
    /// variable SKALD_CREATION_KEY, which a process list does not show (1-256 bytes).
    #[arg(long, value_name = "KEY")]
    pub creation_key: Option<String>,
    /// The reverse proxy in front of the server: for requests from this address, the client is
    /// the last address of X-Forwarded-For. Without it, the TCP peer is the client and
    /// X-Forwarded-For is ignored.
    #[arg(long, value_name = "IP")]
    pub trusted_proxy: Option<std::net::IpAddr>,
    /// Days without activity after which a table is archived out of the server's cap of live
    /// tables (its seats still read and export it; its GM's link restores it).
    #[arg(long, value_name = "N", default_value_t = 30,
          value_parser = whole::<u32>(1, 36_500))]
    pub archive_after_days: u32,
    /// New tables one client address may create per hour.
    #[arg(long, value_name = "N", default_value_t = 30,
          value_parser = whole::<u32>(1, 1_000_000))]
    pub tables_per_hour: u32,
    /// New tables the whole server may create per hour, from every address together (so many
    /// addresses cannot fill its cap of live tables with empty ones: an empty table stops
    /// counting a day after its creation).
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = whole::<u32>(1, 1_000_000))]
    pub server_tables_per_hour: u32,
    /// HTTP requests per second one client address may send, every route included (bursts of
    /// four times as many). Raise it for a load generator on one machine.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = whole::<u32>(1, 1_000_000))]
    pub address_rate: u32,
    /// How log lines are written to standard error: `text` for people, `json` (one object per
    /// line) for a log collector. Which lines: the RUST_LOG environment variable (default `info`:
    /// one line per request and per refusal; `warn` for errors only). No line holds a token.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// With a postgres:// database, several `skald serve` share it as one server: each owns some
    /// tables and forwards writes of the others to their owner, at the address it advertises.
    /// Give http://HOST:PORT as the other nodes reach this one (1-200 characters); default: the
    /// --addr it listens on (docs/deploy.md).
    #[arg(long, value_name = "URL", env = "SKALD_ADVERTISE", value_parser = advertised)]
    pub advertise: Option<String>,
    /// The address browsers open, when it is not the one the server is reached at (behind a
    /// reverse proxy, with TLS): https://HOST or http://HOST:PORT, no path (1-200 characters).
    /// Only pages of this origin may post and open WebSockets with a seat's cookie; the links the
    /// pages show start with it; with https:// the cookie is Secure (docs/deploy.md).
    #[arg(long, value_name = "URL", env = "SKALD_PUBLIC_URL", value_parser = public_url)]
    pub public_url: Option<skald_server::limits::PublicUrl>,
}

/// A `--public-url`: an http:// or https:// origin ([`skald_server::limits::PublicUrl::parse`]).
fn public_url(value: &str) -> Result<skald_server::limits::PublicUrl, String> {
    skald_server::limits::PublicUrl::parse(value)
}

/// An `--advertise` address: `http://` and a host, 1-200 characters.
fn advertised(value: &str) -> Result<String, String> {
    let rest = value.strip_prefix("http://").ok_or_else(|| {
        format!("{value:?} is not an http:// address; give http://HOST:PORT as the other nodes reach this one")
    })?;
    if rest.trim_end_matches('/').is_empty() || value.chars().count() > 200 {
        return Err(format!(
            "{value:?}: give http://HOST:PORT, at most 200 characters"
        ));
    }
    Ok(value.to_owned())
}

/// The log's format (`skald serve --log-format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One readable line per event.
    Text,
    /// One JSON object per event.
    Json,
}

/// Arguments of `skald verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The exported log (`GET /api/tables/ID/export`), at most 256 MiB.
    pub file: PathBuf,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// A head you kept (64 hex digits, from the table page, a report or an earlier export): it
    /// must be the hash of a record of the log, the last or an earlier one if the log has grown.
    #[arg(long, value_name = "HASH", conflicts_with = "head_file")]
    pub head: Option<String>,
    /// A file holding a kept head (the table page's download: a line of 64 hex digits, or
    /// `head: ` and them), at most 4 KiB.
    #[arg(long, value_name = "FILE")]
    pub head_file: Option<PathBuf>,
}

const ROLL_EXAMPLES: &str = "\
Examples:
  skald roll 3d6                 sum of three six-sided dice
  skald roll 'd20 + 5'           one d20 plus 5
  skald roll 4d6kh3              keep the highest three (also kl, dh, dl)
  skald roll 3d6!                exploding dice (!! compounds; !>=5 sets the compare point)
  skald roll 2d4ro3              reroll a 3 once (r3 rerolls until it is not 3)
  skald roll '6d10>=7'           number of dice showing 7 or more
  skald roll '8d6 > 6d6'         1 if the left side is higher, else 0
  skald roll 4dF --seed 42       Fate dice, reproducible
See docs/dice-notation.md for the whole grammar and its limits.";

const ODDS_EXAMPLES: &str = "\
Examples:
  skald odds 4d6kh3                   every outcome of 4d6 keep 3, exact
  skald odds '8d6 > 6d6'              P(true) of a comparison
  skald odds 3d6 --plot 3d6.svg       also draw the distribution as an SVG bar chart
  skald odds 1000d6                   5001 outcomes: summed up, with the first and last and the
                                      21 around the most likely (--full: every one, 14 MB)
  skald odds 3d6 --json               JSON: mean and distribution as \"p/q\" strings
  skald odds 10000d1000000 --estimate  beyond the exact bounds: a Monte Carlo estimate
See docs/odds.md for how the odds are computed and their bounds.";

const REPLAY_EXAMPLES: &str = "\
Examples:
  skald replay examples/twenty/gorand-and-the-dragon.toml
  skald replay examples/freelancer/boulder.toml --json
See docs/scenarios.md for the scenario format.";

/// `skald roll`.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// A dice expression, e.g. `4d6kh3`, `2d6-3`, `6d10>=7`, `-3d6` (at most 1,000 characters);
    /// words after it are the roll's label, as in a chat roller: `'1d20 to climb the wall'`.
    #[arg(allow_hyphen_values = true)]
    pub expression: String,
    /// Seed the generator for reproducible rolls (0 to 18446744073709551615); without it the seed comes
    /// from the operating system.
    #[arg(long, value_parser = seed)]
    pub seed: Option<u64>,
    /// Print the roll as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `skald odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// A dice expression, as for `skald roll`.
    #[arg(allow_hyphen_values = true)]
    pub expression: String,
    /// Print JSON: `mean` and `distribution` as exact fractions, `p_true` for a comparison.
    #[arg(long)]
    pub json: bool,
    /// Also write an SVG bar chart of the distribution to this file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Every outcome with its exact fractions, however many. Without it, a distribution of more
    /// than 200 outcomes, or whose table would pass 100,000 characters, is summarised: the first
    /// and last 5 outcomes, the 21 around the most likely, the median and the middle 90%, and how
    /// many were left out.
    #[arg(long)]
    pub full: bool,
    /// When the exact answer is beyond the bounds, estimate it by rolling many times instead.
    #[arg(long)]
    pub estimate: bool,
    /// Seed for --estimate (default: from the operating system).
    #[arg(long, requires = "estimate", value_parser = seed)]
    pub seed: Option<u64>,
}

/// `skald replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The scenario file (TOML, at most 1 MiB).
    pub file: PathBuf,
    /// Print the log as JSON: options, every step's command and events, the final state.
    #[arg(long)]
    pub json: bool,
}

#[cfg(test)]
mod tests {
    use super::command;

    /// The binary's subcommands and one per system of the registry make one command line clap
    /// finds nothing wrong in: no system is named like a subcommand of the binary's (`odds`,
    /// `systems`), and the games sit between `odds` and `replay`.
    #[test]
    fn the_games_join_the_binarys_subcommands_in_one_command_line() {
        let skald = command();
        skald.clone().debug_assert();
        let mut listed: Vec<(usize, String)> = skald
            .get_subcommands()
            .map(|s| (s.get_display_order(), s.get_name().to_owned()))
            .collect();
        listed.sort();
        let names: Vec<&str> = listed.iter().map(|(_, name)| name.as_str()).collect();
        let games: Vec<&str> = skald_systems::REGISTRY.names().collect();
        assert_eq!(names[..2], ["roll", "odds"]);
        assert_eq!(names[2..2 + games.len()], games[..]);
        assert_eq!(
            names[2 + games.len()..],
            ["replay", "systems", "serve", "verify"]
        );
    }
}
