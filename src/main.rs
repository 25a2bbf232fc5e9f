//! `skald`: plays the registry's games by their rules, from the command line.
//!
//! This binary is the imperative shell: it reads files, seeds the dice from the operating system,
//! prints, and maps failures to exit codes (0 ok, 1 a scenario that failed, 2 bad usage or input).
//! The rules themselves live in the `crates/` libraries, and so do each game's calculators
//! (`skald <system> ...`), which it finds through the registry (`calculators.rs`).

mod calculators;
mod cli;
mod entropy;
mod error;
mod odds;
mod output;
mod plot;
mod replay;
mod roll;
mod serve;
mod systems_list;
mod verify;

use clap::FromArgMatches as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    match try_main() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            err.report();
            ExitCode::from(err.exit_code())
        }
    }
}

/// Parses the command line and runs the subcommand; every failure comes back here as an
/// [`error::Error`], which `main` turns into a message and an exit code.
fn try_main() -> error::Result {
    let matches = match cli::command().try_get_matches() {
        Ok(matches) => matches,
        // clap prints help and version to stdout with success, usage errors to stderr.
        Err(err) if !err.use_stderr() => {
            let _ = err.print();
            return Ok(());
        }
        Err(err) => return Err(error::Error::Clap(err)),
    };
    // A game's calculators, through the registry; anything else is one of the binary's own.
    if let Some((name, calculator)) = matches.subcommand()
        && let Some(system) = skald_systems::find(name)
    {
        return calculators::run(system, calculator);
    }
    let cli = cli::Cli::from_arg_matches(&matches).map_err(error::Error::Clap)?;
    match cli.command {
        cli::Command::Roll(args) => roll::run(&args),
        cli::Command::Odds(args) => odds::run(&args),
        cli::Command::Replay(args) => replay::run(&args),
        cli::Command::Serve(args) => serve::run(&args),
        cli::Command::Verify(args) => verify::run(&args),
        cli::Command::Systems(args) => systems_list::run(&args),
    }
}
