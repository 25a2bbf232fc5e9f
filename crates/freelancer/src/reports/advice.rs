//! `skald freelancer advise FILE --who NAME [--after N]`: the advice over the event
//! ([`crate::advice::over_the_event`]) on a scenario's next step, a check `who` makes during an event, as the table
//! page shows it under the check's odds.

use crate::advice;
use crate::model::command::Command;
use crate::model::state::State;
use serde::Serialize;
use skald_core::{Chance, said_in_advice};
use std::fmt;

/// The advice with its question. Its JSON (`--json`) is these fields; each chance is the page's
/// (`label`, `p` as `"n/d"`, exact, or `"hits/plays"` for a simulation, `decimal`, and `margin`,
/// the half-width of the 99.9% interval, for a simulation only).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdviceReport {
    /// The character advised: the one making the check.
    pub who: String,
    /// The steps played before the question (the position).
    pub after: usize,
    /// The step advised (1-based).
    pub step: usize,
    /// The model in one paragraph: the task, who tries it, over which turns.
    pub summary: String,
    /// The chances, in the page's order.
    pub chances: Vec<Chance>,
}

/// Whether [`advice()`] has a check to advise `who` on at `state`, `next` being the step after it:
/// a task check or chance check `who` makes during an event. Cheap: no chance is computed.
pub fn advisable(state: &State, who: &str, next: Option<&Command>) -> bool {
    let checker = match next {
        Some(Command::TaskCheck { who, .. } | Command::ChanceCheck { who, .. }) => Some(who),
        _ => None,
    };
    checker.is_some_and(|c| c == who)
        && next
            .and_then(|command| advice::question::Question::of(state, command))
            .is_some()
}

/// The advice for `who` at `state` (after `after` steps) on `next`, the step after them (if it
/// reads as a command).
///
/// # Errors
/// A sentence for the reader when `who` is not at the table, or the next step is not a check
/// `who` makes during an event that the rules would take.
pub fn advice(
    state: &State,
    who: &str,
    after: usize,
    next: Option<&Command>,
) -> Result<AdviceReport, String> {
    if !state.characters.contains_key(who) {
        return Err(format!(
            "`--who` is {who:?}, but the table has {}",
            state.names()
        ));
    }
    let checker = match next {
        Some(Command::TaskCheck { who, .. } | Command::ChanceCheck { who, .. }) => Some(who),
        _ => None,
    };
    let odds = next
        .filter(|_| checker.is_some_and(|c| c == who))
        .and_then(|command| advice::over_the_event(state, command))
        .ok_or_else(|| {
            format!(
                "{who} has no check to advise on after {steps}: the next step, if there is \
                 one, is not a task check or chance check {who} makes during an event that the \
                 rules would take",
                steps = skald_core::noun(after, "step", "steps")
            )
        })?;
    Ok(AdviceReport {
        who: who.to_owned(),
        after,
        step: after + 1,
        summary: odds.summary,
        chances: odds.chances,
    })
}

/// The question, the summary, then one line per chance: the percentage first, the exact
/// fraction (or the simulation's plays) beside it.
impl fmt::Display for AdviceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Advice for {} on step {}:", self.who, self.step)?;
        writeln!(f, "{}", self.summary)?;
        for chance in &self.chances {
            writeln!(f, "  {}: {}", chance.label, said_in_advice(chance))?;
        }
        Ok(())
    }
}
