//! Checks more than one group of commands makes: a text's length, no conflict in progress, a living
//! character.

use crate::error::Error;
use crate::model::{Character, State};

/// `value`, the command's field `field` (called `label` in its form), is 1 to `max` characters
/// and not blank.
///
/// # Errors
/// [`Error::TextLength`] naming the field, the text, its length and the range.
pub(super) fn text(
    field: &'static str,
    label: &'static str,
    value: &str,
    max: usize,
) -> Result<(), Error> {
    let chars = value.chars().count();
    if value.trim().is_empty() || chars > max {
        return Err(Error::TextLength {
            field,
            label,
            value: value.to_string(),
            chars,
            min: 1,
            max,
        });
    }
    Ok(())
}

/// No conflict is in progress: a new one may start.
///
/// # Errors
/// [`Error::ConflictInProgress`] with the current exchange.
pub(super) fn no_conflict(state: &State) -> Result<(), Error> {
    match state.active_conflict() {
        Some(conflict) => Err(Error::ConflictInProgress(conflict.exchange)),
        None => Ok(()),
    }
}

/// The character named `who` in the command's field `field`, at the table and alive.
///
/// # Errors
/// [`Error::UnknownCharacter`]; [`Error::Dead`] for a dead character (T7).
pub(super) fn living<'s>(
    state: &'s State,
    field: &'static str,
    who: &str,
) -> Result<&'s Character, Error> {
    let c = state
        .character(who)
        .ok_or_else(|| Error::UnknownCharacter(who.to_string()))?;
    if c.dead {
        return Err(Error::Dead {
            field,
            who: who.to_string(),
        });
    }
    Ok(c)
}
