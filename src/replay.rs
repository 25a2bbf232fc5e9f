//! `skald replay FILE`: reads a scenario, plays it, prints the log, and exits 1 on a failed step.

use crate::cli::ReplayArgs;
use crate::error::Error;
use anyhow::Context as _;

/// Runs `skald replay`.
pub fn run(args: &ReplayArgs) -> crate::error::Result {
    let text = read_bounded(&args.file, skald_scenario::MAX_SCENARIO_BYTES, "scenario")?;
    let scenario = skald_systems::load_scenario(&text)
        .with_context(|| format!("{} is not a valid scenario", args.file.display()))?;
    let replay = skald_systems::replay(&scenario)
        .with_context(|| format!("{} cannot be played", args.file.display()))?;
    if args.json {
        crate::output::print(&format!("{}\n", serde_json::to_string_pretty(&replay)?))?;
    } else {
        crate::output::print(&replay.to_text())?;
    }
    let Some(failure) = &replay.failure else {
        return Ok(());
    };
    let mut message = format!(
        "{}: step {} failed: {}\n",
        args.file.display(),
        failure.step,
        failure.message
    );
    message.push_str(&failure.diff());
    Err(Error::Failed(Some(message)))
}

/// The file's text, refusing anything that is not a regular file or is over `limit` bytes, without
/// reading more than one byte past it. `what` names the file in messages ("scenario", "log").
pub(crate) fn read_bounded(
    path: &std::path::Path,
    limit: usize,
    what: &str,
) -> anyhow::Result<String> {
    use std::io::Read as _;
    let file = std::fs::File::open(path)
        .with_context(|| format!("cannot read the {what} {}", path.display()))?;
    let meta = file
        .metadata()
        .with_context(|| format!("cannot read the {what} {}", path.display()))?;
    if !meta.is_file() {
        anyhow::bail!("{} is not a regular file", path.display());
    }
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read the {what} {}", path.display()))?;
    if bytes.len() > limit {
        anyhow::bail!(
            "{} is larger than the {what} limit of {limit} bytes",
            path.display()
        );
    }
    String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8 text", path.display()))
}
