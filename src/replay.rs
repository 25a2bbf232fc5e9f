//! `skald replay FILE`: reads a scenario, plays it, prints the log, and exits 1 on a failed step.

use crate::cli::ReplayArgs;
use anyhow::Context as _;
use std::process::ExitCode;

/// Runs `skald replay`.
pub fn run(args: &ReplayArgs) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read the scenario {}", args.file.display()))?;
    let scenario = skald_scenario::load(&text)
        .with_context(|| format!("{} is not a valid scenario", args.file.display()))?;
    let replay = scenario
        .replay()
        .with_context(|| format!("{} cannot be played", args.file.display()))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&replay)?);
    } else {
        print!("{}", replay.to_text());
    }
    let Some(failure) = &replay.failure else {
        return Ok(ExitCode::SUCCESS);
    };
    eprintln!(
        "\nskald: {}: step {} failed: {}",
        args.file.display(),
        failure.step,
        failure.message
    );
    let diff = failure.diff();
    if !diff.is_empty() {
        eprint!("{diff}");
    }
    Ok(ExitCode::from(1))
}
