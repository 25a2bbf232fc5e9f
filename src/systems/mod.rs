//! Per-system subcommands: `skald twenty`, `skald loqi`, `skald chi`, `skald freelancer`.

pub mod chi;
pub mod freelancer;
pub mod loqi;
pub mod twenty;

use crate::error::Error;

/// The scenario at `path` played to `after` steps (every step when `None`), and that count: the
/// position a calculator such as `skald twenty balance` weighs.
///
/// # Errors
/// [`Error::Usage`] when the file cannot be read, is not a scenario, or its steps are refused.
pub fn scenario_after<S: skald_core::System>(
    path: &std::path::Path,
    after: Option<usize>,
) -> Result<(skald_core::Table<S>, usize), Error> {
    let file = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Usage(format!("cannot read {file}: {e}")))?;
    let scenario = skald_scenario::load(&text)
        .map_err(|e| Error::Usage(format!("{file} is not a valid scenario: {e}")))?;
    let steps = after.unwrap_or(scenario.steps.len());
    if steps > scenario.steps.len() {
        return Err(Error::Usage(format!(
            "--after is {steps}, but {file} has {}: give 0 to {}",
            skald_core::noun(scenario.steps.len(), "step", "steps"),
            scenario.steps.len()
        )));
    }
    let table = scenario
        .table_after::<S>(steps)
        .map_err(|e| Error::Usage(format!("{file}: {e}")))?;
    Ok((table, steps))
}
