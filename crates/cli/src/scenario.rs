//! A scenario's position, for the calculators that weigh one (`skald <system> advise`,
//! `balance`): the file the user names, read through the [`Shell`], played to a step.

use crate::error::Error;
use crate::shell::Shell;
use skald_core::{System, Table};
use std::path::Path;

/// The scenario at `path` played to `after` steps (every step when `None`), and that count: the
/// position a calculator such as `skald <system> balance` weighs.
///
/// # Errors
/// [`Error::Usage`] when the file cannot be read, is not a scenario, `after` is past its end, or
/// its steps are refused.
pub fn scenario_after<S: System>(
    shell: &dyn Shell,
    path: &Path,
    after: Option<usize>,
) -> Result<(Table<S>, usize), Error> {
    let (table, steps, _) = scenario_at::<S>(shell, path, after)?;
    Ok((table, steps))
}

/// A scenario's position: the table played to it, its count of steps, and the step after it.
pub type Position<S> = (Table<S>, usize, Option<<S as System>::Command>);

/// [`scenario_after`], with the step after the position read as a command of `S` (`None` past
/// the last step, or for a step that is not one): what `skald <system> advise` advises on.
///
/// # Errors
/// As [`scenario_after`].
pub fn scenario_at<S: System>(
    shell: &dyn Shell,
    path: &Path,
    after: Option<usize>,
) -> Result<Position<S>, Error> {
    let file = path.display();
    let text = shell
        .read(path)
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

/// `refusal`, a question asked of the scenario at `path` refused at its position, with the step
/// counts after which `ready` holds (given the table's state and the step after it), so the reader
/// knows which `--after` to give: "… after 12 steps; it is answered after steps 3 to 9 and 11:
/// give --after one of them". Where it holds after no step, or the scenario cannot be replayed
/// (its refusal was already given when it was read), `refusal` alone.
pub fn refused_at<S: System>(
    shell: &dyn Shell,
    path: &Path,
    refusal: String,
    ready: impl Fn(&S::State, Option<&S::Command>) -> bool,
) -> Error {
    let Some(scenario) = shell
        .read(path)
        .ok()
        .and_then(|text| skald_scenario::load(&text).ok())
    else {
        return Error::Usage(refusal);
    };
    let next = |count: usize| {
        scenario
            .steps
            .get(count)
            .and_then(|step| serde_json::from_value::<S::Command>(step.command.clone()).ok())
    };
    let Ok(found) =
        scenario.steps_where::<S>(|count, table| ready(table.state(), next(count).as_ref()))
    else {
        return Error::Usage(refusal);
    };
    let hint = match found.as_slice() {
        // Nowhere: the refusal says what is missing (or that the name is not at the table).
        [] => return Error::Usage(refusal),
        [one] => format!("it is answered after step {one} only: give --after {one}"),
        _ => format!(
            "it is answered after steps {}: give --after one of them",
            counts(&found)
        ),
    };
    Error::Usage(format!("{refusal}; {hint}"))
}

/// Ascending counts as runs, as a sentence lists them: `[3, 4, 5, 9, 11, 12]` is "3 to 5, 9, 11
/// and 12".
fn counts(sorted: &[usize]) -> String {
    let mut runs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        // Two in a row read as two ("11 and 12"), three or more as a run ("3 to 5").
        if j == i + 1 {
            runs.extend([sorted[i].to_string(), sorted[j].to_string()]);
        } else {
            runs.push(skald_core::bounds(sorted[i], sorted[j]));
        }
        i = j + 1;
    }
    match runs.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => runs.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::counts;

    #[test]
    fn counts_read_as_runs() {
        assert_eq!(counts(&[]), "");
        assert_eq!(counts(&[7]), "7");
        assert_eq!(counts(&[3, 4, 5, 9, 11, 12]), "3 to 5, 9, 11 and 12");
        assert_eq!(counts(&[1, 3]), "1 and 3");
    }
}
