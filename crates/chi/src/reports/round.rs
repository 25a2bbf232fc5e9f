//! `skald chi advise FILE --who NAME [--after N]`: the advice over the round ([`crate::advice`]) of
//! a character at a scenario's position, as the table page shows it under a move's odds. The
//! roll advised is the next step's when it is a roll `who` acts or defends in (`action`,
//! `opposed`, or a secret roll's step); else the secret roll open now, when `who` is in it.

use crate::advice::{self, question::Question};
use crate::model::command::Command;
use crate::model::state::State;
use serde::Serialize;
use skald_core::{Chance, said_in_advice};
use std::fmt;

/// The advice with its question. Its JSON (`--json`) is these fields; each chance is the page's
/// (`label`, `p` as `"n/d"`, exact, or `"hits/plays"` for a simulation, `decimal`, and `margin`,
/// the half-width of the 99.9% interval, for a simulation only).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoundReport {
    /// The character advised.
    pub who: String,
    /// The steps played before the question (the position).
    pub after: usize,
    /// The step advised (1-based), or `None` for the secret roll open at the position.
    pub step: Option<usize>,
    /// What is known, in one sentence, with the expected successes.
    pub summary: String,
    /// The chances, in the page's order.
    pub chances: Vec<Chance>,
}

/// Whether [`round`] has a roll to advise `who` on at `state`, `next` being the step after it: a
/// roll of `next` that `who` is in, or an open secret roll with `who` in it. Cheap: no chance is
/// computed.
pub fn advisable(state: &State, who: &str, next: Option<&Command>) -> bool {
    state.characters.contains_key(who)
        && (next
            .and_then(|command| Question::of(state, command))
            .is_some_and(|question| question.involves(who))
            || Question::open(state, who).is_some())
}

/// The advice for `who` at `state` (after `after` steps), on `next` (the step after them, if any
/// reads as a command).
///
/// # Errors
/// A sentence for the reader when `who` is not at the table, or has no roll to advise on there.
pub fn round(
    state: &State,
    who: &str,
    after: usize,
    next: Option<&Command>,
) -> Result<RoundReport, String> {
    if !state.characters.contains_key(who) {
        return Err(format!(
            "`--who` is {who:?}, but the table has {}",
            state.names()
        ));
    }
    let stepped = next.and_then(|command| {
        let question = Question::of(state, command)?;
        question.involves(who).then_some((command, question))
    });
    let (odds, step) = match stepped {
        Some((command, mut question)) => {
            question.focus = Some(who.to_owned());
            let seed = [
                serde_json::to_vec(state).unwrap_or_default(),
                serde_json::to_vec(command).unwrap_or_default(),
            ]
            .concat();
            (advice::answer(state, &question, seed), Some(after + 1))
        }
        None => {
            let question = Question::open(state, who).ok_or_else(|| {
                format!(
                    "{who} has no roll to advise on after {steps}: the next step, if there \
                     is one, is not an action, an opposed action or a secret roll's step {who} is \
                     in, and no secret roll with {who} in it is open",
                    steps = skald_core::noun(after, "step", "steps")
                )
            })?;
            let seed = serde_json::to_vec(state).unwrap_or_default();
            (advice::answer(state, &question, seed), None)
        }
    };
    let odds = odds.ok_or_else(|| "the odds engine refused a sum of d6".to_owned())?;
    Ok(RoundReport {
        who: who.to_owned(),
        after,
        step,
        summary: odds.summary,
        chances: odds.chances,
    })
}

/// The question, the summary, then one line per chance: the percentage first, the exact
/// fraction (or the simulation's plays) beside it.
impl fmt::Display for RoundReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(step) => writeln!(f, "Advice for {} on step {step}:", self.who)?,
            None => writeln!(
                f,
                "Advice for {} after {} (the open secret roll):",
                self.who,
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
