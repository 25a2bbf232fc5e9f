//! `skald freelancer ...`: Freelancer's own calculators on the command line (odds and the like), over the
//! `skald-freelancer` crate. Argument parsing and printing only; the rules live in the crate.

use clap::Subcommand;
use std::process::ExitCode;

/// `skald freelancer` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {}

/// Runs a `skald freelancer` subcommand.
pub fn run(command: &Command) -> anyhow::Result<ExitCode> {
    match *command {}
}
