//! Deciding a Toy command: [`decide`] calls the file of the command's group, which checks it and
//! gives its events or an [`Error`]; [`apply()`] folds an event into the state. Pure: reads the
//! state, rolls only through the [`DiceSource`] handed in, changes nothing.
//!
//! The groups: [`sheets`] (enrolment, Y1), [`tries`] (a try, Y2, Y3).

pub mod apply;
pub mod sheets;
pub mod tries;

pub use apply::apply;

use crate::error::Error;
use crate::model::command::Command;
use crate::model::event::Event;
use crate::model::state::State;
use skald_dice::DiceSource;

/// Decides `command` against `state` (see [`Command`] for each command's errors and dice).
///
/// # Errors
/// [`Error`] naming the field, the value and what is allowed, and the ruling behind it.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    match command {
        Command::Enroll { character } => sheets::enroll(state, character),
        Command::Try { who } => tries::attempt(state, who, dice),
    }
}
