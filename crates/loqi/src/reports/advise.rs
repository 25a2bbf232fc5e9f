//! `skald loqi advise FILE --who NAME [--after N]`: the advice over the problem
//! ([`crate::advice`]) for a character or the GM at a scenario's position, as the table page shows
//! it under a move's odds. The command advised is the next step's when it gets advice and acts
//! for `who` (a tally command `who` sends, or the proposal that completes the pair); else the
//! open problem as it stands, for `who`.

use crate::advice::{self, question::Question};
use crate::model::{Command, GM, State};
use serde::Serialize;
use skald_core::{Chance, said_in_advice};
use std::fmt;

/// The advice with its question. Its JSON (`--json`) is these fields; each chance is the page's
/// (`label`, `p` as `"n/d"`, exact, or `"hits/plays"` for a simulation, `decimal`, and `margin`,
/// the half-width of the 99.9% interval, for a simulation only).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdviseReport {
    /// Whom the advice is for: a character's name or `"GM"`.
    pub who: String,
    /// The steps played before the question (the position).
    pub after: usize,
    /// The step advised (1-based), or `None` for the open problem as it stands.
    pub step: Option<usize>,
    /// The problem, who may still spend on it, the model, in a few sentences.
    pub summary: String,
    /// The chances, in the page's order.
    pub chances: Vec<Chance>,
}

/// Whether [`advise`] has a problem to advise `who` on at `state`, `next` being the step after
/// it: a problem open with both outcomes proposed, or a next step of `who` that would leave one.
/// Cheap: no chance is computed.
pub fn advisable(state: &State, who: &str, next: Option<&Command>) -> bool {
    (who == GM || state.character(who).is_some())
        && (next
            .and_then(|command| Question::of(state, command))
            .is_some_and(|question| question.focus == who)
            || Question::at(state, who).is_some())
}

/// The advice for `who` at `state` (after `after` steps), on `next` (the step after them, if any
/// reads as a command).
///
/// # Errors
/// A sentence for the reader when `who` is neither `"GM"` nor at the table, or when no problem
/// is open there with both outcomes proposed (and the next step is no command that completes one
/// for `who`).
pub fn advise(
    state: &State,
    who: &str,
    after: usize,
    next: Option<&Command>,
) -> Result<AdviseReport, String> {
    if who != GM && state.character(who).is_none() {
        return Err(format!(
            "`--who` is {who:?}, but the table has \"GM\" and {}",
            match state.names().as_slice() {
                [] => "no character".to_owned(),
                names => names.join(", "),
            }
        ));
    }
    let stepped = next
        .filter(|command| Question::of(state, command).is_some_and(|q| q.focus == who))
        .and_then(|command| advice::advice(state, command));
    let (odds, step) = match stepped {
        Some(odds) => (odds, Some(after + 1)),
        None => {
            let odds = advice::position(state, who).ok_or_else(|| {
                let next = match next {
                    Some(_) => format!(
                        ", and step {} is no tally command nor proposal of {} that would leave \
                         one",
                        after + 1,
                        if who == GM { "the GM" } else { who }
                    ),
                    None => String::new(),
                };
                format!(
                    "no problem is open with both outcomes proposed after {}{next}",
                    skald_core::noun(after, "step", "steps"),
                )
            })?;
            (odds, None)
        }
    };
    Ok(AdviseReport {
        who: who.to_owned(),
        after,
        step,
        summary: odds.summary,
        chances: odds.chances,
    })
}

/// The question, the summary, then one line per chance: the percentage first, the exact
/// fraction (or the simulation's plays) beside it.
impl fmt::Display for AdviseReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = if self.who == GM { "the GM" } else { &self.who };
        match self.step {
            Some(step) => writeln!(f, "Advice for {who} on step {step}:")?,
            None => writeln!(
                f,
                "Advice for {who} after {} (the open problem):",
                skald_core::noun(self.after, "step", "steps")
            )?,
        }
        writeln!(f, "{}", self.summary)?;
        for chance in &self.chances {
            writeln!(f, "  {}: {}", chance.label, said_in_advice(chance))?;
        }
        Ok(())
    }
}
