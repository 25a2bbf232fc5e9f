//! Per-system subcommands: `skald twenty`, `skald loqi`, `skald chi`, `skald freelancer`.

pub mod chi;
pub mod freelancer;
pub mod loqi;
pub mod twenty;

use crate::error::Error;

/// A character's name as typed on the command line (`--who`, `--against`), read as the table's
/// name it means whatever its case ([`skald_core::name_meant`]: `gorand` is Gorand); a name the
/// table lacks stays as typed, trimmed, for the report to refuse in its own words.
pub fn meant<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    skald_core::name_meant(typed, names).map_or_else(|| typed.trim().to_owned(), str::to_owned)
}

/// [`meant`] for each name of a list (`--party a,b`).
pub fn all_meant<'a>(
    typed: Option<&[String]>,
    names: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<Vec<String>> {
    typed.map(|t| t.iter().map(|n| meant(n, names.clone())).collect())
}

/// The scenario at `path` played to `after` steps (every step when `None`), and that count: the
/// position a calculator such as `skald twenty balance` weighs.
///
/// # Errors
/// [`Error::Usage`] when the file cannot be read, is not a scenario, `after` is past its end, or
/// its steps are refused.
pub fn scenario_after<S: skald_core::System>(
    path: &std::path::Path,
    after: Option<usize>,
) -> Result<(skald_core::Table<S>, usize), Error> {
    let (table, steps, _) = scenario_at::<S>(path, after)?;
    Ok((table, steps))
}

/// A scenario's position: the table played to it, its count of steps, and the step after it.
pub type Position<S> = (
    skald_core::Table<S>,
    usize,
    Option<<S as skald_core::System>::Command>,
);

/// [`scenario_after`], with the step after the position read as a command of `S` (`None` past
/// the last step, or for a step that is not one): what `skald <system> advise` advises on.
///
/// # Errors
/// As [`scenario_after`].
pub fn scenario_at<S: skald_core::System>(
    path: &std::path::Path,
    after: Option<usize>,
) -> Result<Position<S>, Error> {
    let file = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Usage(format!("cannot read {file}: {e}")))?;
    let scenario = skald_scenario::load(&text)
        .map_err(|e| Error::Usage(format!("{file} is not a valid scenario: {e}")))?;
    let steps = after.unwrap_or(scenario.steps.len());
    if steps > scenario.steps.len() {
        return Err(Error::Usage(format!(
            "--after is {steps}, but the scenario has {}: give 0 to {} ({file})",
            skald_core::noun(scenario.steps.len(), "step", "steps"),
            scenario.steps.len()
        )));
    }
    let table = scenario
        .table_after::<S>(steps)
        .map_err(|e| Error::Usage(format!("{file}: {e}")))?;
    let next = scenario
        .steps
        .get(steps)
        .and_then(|step| serde_json::from_value::<S::Command>(step.command.clone()).ok());
    Ok((table, steps, next))
}
