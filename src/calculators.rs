//! `skald <system> ...`: each game's calculators, which come from its crate through the registry
//! (`skald_systems::Entry::cli`, the crate's `src/cli.rs`): run with the operating system as
//! their shell (the files the user names, the entropy of a fresh salt), their text printed.

use skald_cli::Shell;
use std::path::Path;

/// Runs the calculator clap matched under `skald <system>` (`matches`, the matches of that
/// subcommand) and prints its text.
pub fn run(system: &skald_systems::Entry, matches: &clap::ArgMatches) -> crate::error::Result {
    let text = (system.cli.run)(matches, &Os)?;
    Ok(crate::output::print(&text)?)
}

/// The operating system, as the calculators' [`Shell`].
struct Os;

impl Shell for Os {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        std::fs::read_to_string(path)
    }

    fn entropy(&self) -> Result<[u8; 32], skald_cli::Error> {
        crate::entropy::os_entropy().map_err(|e| skald_cli::Error::Machine(format!("{e:#}")))
    }
}
