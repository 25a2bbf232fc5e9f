//! A system's calculators on the command line, as its crate writes them ([`Calculators`]) and as
//! the registry lists them ([`Cli`]): the binary adds one `skald <name>` subcommand per system of
//! the registry and runs what clap matched under it through [`Cli::run`].

use crate::error::Error;
use crate::shell::Shell;
use clap::{FromArgMatches as _, Subcommand};
use skald_core::System;
use std::fmt::Display;

/// The calculators a system offers on the command line (`skald <NAME> ...`), which each system
/// crate implements in its `src/cli.rs` (docs/system-crate.md) and the registry reads through
/// [`Cli::of`].
pub trait Calculators: System {
    /// The subcommands of `skald <NAME>`, a clap [`Subcommand`] enum: each variant's doc comment
    /// is its help, and the enum's own doc comment is the help of `skald <NAME>` (the line beside
    /// it in `skald --help`).
    type Calculator: Subcommand;

    /// Runs one subcommand: the text to print (a report's text, or its JSON with `--json`, as
    /// [`report`] writes it), or why not. The only I/O it does is asked of `shell`.
    ///
    /// # Errors
    /// [`Error::Usage`] for input the calculator refuses (the field, the value and what is
    /// allowed), [`Error::Machine`] when `shell` fails it.
    fn calculate(calculator: &Self::Calculator, shell: &dyn Shell) -> Result<String, Error>;
}

/// A system's command line, as the registry lists it (`skald_systems::Entry::cli`): made from its
/// [`Calculators`] by [`Cli::of`], so that the binary names no system.
#[derive(Debug, Clone, Copy)]
pub struct Cli {
    /// `skald <NAME>`: the clap command named by the system's `NAME`, its help the
    /// [`Calculators::Calculator`] enum's, with a subcommand for each calculator (one is required).
    pub command: fn() -> clap::Command,
    /// Runs the calculator clap matched under [`Cli::command`] (the matches of `skald <NAME>`),
    /// asking `shell` for any I/O: the text to print, or why not.
    pub run: fn(&clap::ArgMatches, &dyn Shell) -> Result<String, Error>,
}

impl Cli {
    /// The command line of the system `S`.
    pub const fn of<S: Calculators>() -> Self {
        Cli {
            command: command::<S>,
            run: run::<S>,
        }
    }
}

/// `skald <NAME>` of `S`, as clap's derive writes a variant `#[command(subcommand)]`: a
/// subcommand is required, and without one the help is shown.
fn command<S: Calculators>() -> clap::Command {
    let command = clap::Command::new(S::NAME)
        .subcommand_required(true)
        .arg_required_else_help(true);
    S::Calculator::augment_subcommands(command)
}

/// Reads the calculator out of the matches of `skald <NAME>` and runs it.
fn run<S: Calculators>(matches: &clap::ArgMatches, shell: &dyn Shell) -> Result<String, Error> {
    // The matches come from `command::<S>()`, so they always read back; a failure would be a bug
    // of clap's derive, reported rather than panicked on.
    let calculator = S::Calculator::from_arg_matches(matches)
        .map_err(|e| Error::Machine(format!("the command line was misread: {e}")))?;
    S::calculate(&calculator, shell)
}

/// A report as the text a calculator prints: pretty JSON and a newline with `--json`, else its
/// `Display` text as it is (a report's text ends with its own newline).
///
/// # Errors
/// [`Error::Machine`] when the report cannot be written as JSON (a report type whose `Serialize`
/// fails: not one of the system crates' reports).
pub fn report(report: &(impl serde::Serialize + Display), json: bool) -> Result<String, Error> {
    if json {
        let mut text = serde_json::to_string_pretty(report)
            .map_err(|e| Error::Machine(format!("the report cannot be written as JSON: {e}")))?;
        text.push('\n');
        Ok(text)
    } else {
        Ok(report.to_string())
    }
}
