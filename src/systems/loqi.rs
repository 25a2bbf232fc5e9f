//! `skald loqi ...`: Loqi's own calculators on the command line (odds and the like), over the
//! `skald-loqi` crate. Argument parsing and printing only; the rules live in the crate.

use clap::Subcommand;
use std::process::ExitCode;

/// `skald loqi` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {}

/// Runs a `skald loqi` subcommand.
pub fn run(command: &Command) -> anyhow::Result<ExitCode> {
    match *command {}
}
