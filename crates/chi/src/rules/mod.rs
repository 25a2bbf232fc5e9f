//! Deciding a Chi command: [`decide`] passes the gates that hold for every command (a secret roll
//! open, C4; between sessions, C5), then calls the file of the command's group, which checks it and
//! gives its events or an [`Error`]; [`apply()`] folds an event into the state. Pure: reads the
//! state, rolls only through the [`DiceSource`] handed in, changes nothing.
//!
//! The groups, by the book's terms: [`sheets`] (enrolment; book, Character Creation), [`round`]
//! (actions, opposed actions, new rounds: C1-C3), [`secret`] (secret rolls: C4), [`potential`]
//! (loss of potential and advancement: C5), [`session`] (sessions: C5); [`line`](mod@line) reads
//! and writes the book's character line (C6); [`apply()`] is the fold.

pub mod apply;
pub mod line;
pub mod potential;
pub mod round;
pub mod secret;
pub mod session;
pub mod sheets;

pub use apply::apply;
pub use round::{D6, off_concept_cap};

use crate::error::Error;
use crate::model::command::{Command, Side};
use crate::model::event::Event;
use crate::model::state::State;
use skald_dice::DiceSource;

/// Decides `command` against `state` (see [`Command`] for each command's errors and dice order).
///
/// # Errors
/// [`Error`] naming the field, the value and what is allowed, and the ruling behind a refusal.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    secret::gate(state, command)?;
    session::gate(state, command)?;
    match command {
        Command::Enroll { character } => sheets::enroll(state, character),
        Command::Action {
            who,
            spend,
            difficulty,
            modifier,
            fits_concept,
            reaction,
        } => {
            let side = Side {
                who: who.clone(),
                spend: *spend,
                modifier: *modifier,
                fits_concept: *fits_concept,
            };
            round::action(state, side, *difficulty, *reaction, dice)
        }
        Command::Opposed { actor, defender } => round::opposed(state, actor, defender, dice),
        Command::NewRound {} => Ok(round::new_round(state)),
        Command::SecretOpen { actions, opposed } => secret::open(state, actions, opposed),
        Command::SecretCommit { who, commitment } => secret::commit(state, who, commitment),
        Command::SecretReveal { who, spend, salt } => secret::reveal(state, who, *spend, salt),
        Command::SecretRoll {} => secret::roll(state, dice),
        Command::SecretCancel {} => secret::cancel(state),
        Command::Lose {
            who,
            amount,
            cause,
            permanent,
            detail,
        } => potential::lose(state, who, *amount, *cause, *permanent, detail.as_deref()),
        Command::Recover { who, amount, cause } => potential::recover(state, who, *amount, *cause),
        Command::Advance {
            who,
            word,
            replace,
            occupation,
        } => potential::advance(
            state,
            who,
            word.as_deref(),
            replace.as_ref(),
            occupation.as_deref(),
        ),
        Command::AddWord { who, word } => potential::add_word(state, who, word),
        Command::ChangeConcept {
            who,
            replace,
            occupation,
        } => potential::change_concept(state, who, replace.as_ref(), occupation.as_deref()),
        Command::EndSession {} => session::end(state),
        Command::StartSession {} => session::start(state),
    }
}
