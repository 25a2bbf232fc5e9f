//! Sessions (ruling C5): `end_session` and `start_session`, and the gate that holds between
//! sessions, when concepts may change and no rounds are played.

use crate::error::Error;
use crate::model::command::Command;
use crate::model::event::Event;
use crate::model::state::State;
use crate::rules::round::next_round;

/// Between sessions the round commands (`action`, `opposed`, `new_round`, `secret_open`) wait for
/// `start_session`; every other command passes.
///
/// # Errors
/// [`Error::BetweenSessions`] naming the command refused.
pub(crate) fn gate(state: &State, command: &Command) -> Result<(), Error> {
    let round_command = match command {
        Command::Action { .. } => Some("an action"),
        Command::Opposed { .. } => Some("an opposed action"),
        Command::NewRound {} => Some("a new round"),
        Command::SecretOpen { .. } => Some("a secret roll"),
        _ => None,
    };
    match round_command {
        Some(command) if state.between_sessions => Err(Error::BetweenSessions { command }),
        _ => Ok(()),
    }
}

/// `end_session`: the session ends; the table is between sessions.
pub(crate) fn end(state: &State) -> Result<Vec<Event>, Error> {
    if state.between_sessions {
        return Err(Error::SessionAlreadyEnded);
    }
    Ok(vec![Event::SessionEnded {
        session: state.session,
    }])
}

/// `start_session`: the next session begins, with a new round (pools refill, C1).
pub(crate) fn start(state: &State) -> Result<Vec<Event>, Error> {
    if !state.between_sessions {
        return Err(Error::SessionInProgress);
    }
    Ok(vec![
        Event::SessionStarted {
            session: state.session.saturating_add(1),
        },
        next_round(state),
    ])
}
