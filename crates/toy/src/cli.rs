//! `skald toy ...`: Toy's calculator on the command line, which the registry gives the binary
//! ([`skald_cli::Calculators`]) as it gives every system's: the odds of a try (`odds`, Y1-Y3).
//! Argument parsing only; the calculator and its wording are the crate's report
//! ([`crate::reports`]). The slot every system crate fills: its subcommands (a clap enum whose
//! doc comment is the help of `skald <name>`) and [`run`], which returns the text to print.

use crate::limits::{MAX_SKILL, MIN_SKILL};
use crate::reports;
use clap::{Args, Subcommand};
use skald_cli::{Error, Shell};

/// Toy's calculator: the odds of a try.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The exact chances of a try by a character of some skill: a d6 plus the skill against the
    /// target, 4 or 5 for hard tries (Y1-Y3).
    #[command(after_help = ODDS_EXAMPLES)]
    Odds(OddsArgs),
}

const ODDS_EXAMPLES: &str = "\
Examples:
  skald toy odds --skill 2             a d6 + 2 against 4: 5/6
  skald toy odds --skill 2 --hard      hard tries, against 5: 2/3
  skald toy odds --skill 0 --json";

/// `skald toy odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The character's skill, 0 to 5 (Y1).
    #[arg(long, allow_negative_numbers = true,
          value_parser = skald_cli::number::<u8>(i64::from(MIN_SKILL), i64::from(MAX_SKILL)))]
    pub skill: u8,
    /// Hard tries (the table option `hard`, Y3): the target is 5 instead of 4.
    #[arg(long)]
    pub hard: bool,
    /// Print JSON: `skill`, `target` and `odds` (`summary`, `chances` and `distribution`, each
    /// chance with `label`, `p` ("p/q") and `decimal`).
    #[arg(long)]
    pub json: bool,
}

/// Runs a `skald toy` subcommand: the text to print, or why not. It asks nothing of `shell`.
///
/// # Errors
/// [`Error::Usage`] for a skill outside 0 to 5, in the reader's words.
pub fn run(command: &Command, _shell: &dyn Shell) -> Result<String, Error> {
    match command {
        Command::Odds(args) => {
            let report = reports::odds(args.skill, args.hard).map_err(Error::usage)?;
            skald_cli::report(&report, args.json)
        }
    }
}
