//! `skald roll EXPR`: parses dice notation, rolls it with a seeded or OS-seeded generator, prints it.

use crate::cli::RollArgs;
use std::process::ExitCode;

/// Runs `skald roll`.
pub fn run(_args: &RollArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("skald roll is not wired yet")
}
