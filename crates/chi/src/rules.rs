//! Deciding a Chi command: which rules module checks it, the gates that hold for every command
//! (a secret roll in progress, C4; between sessions, C5), enrolment and sessions. Gives events or a
//! [`ChiError`]. Pure: reads the state, rolls only through the [`DiceSource`] handed in, changes
//! nothing.

use crate::command::{Command, Side};
use crate::error::ChiError;
use crate::event::Event;
use crate::round::{self, ACTION, ACTOR, Asked, DEFENDER};
use crate::state::State;
use crate::{potential, secret};
use skald_dice::DiceSource;

pub use crate::round::{D6, off_concept_cap};

/// Decides `command` against `state` (see [`Command`] for each command's errors and dice order).
///
/// # Errors
/// [`ChiError`] naming the field, the value and what is allowed, and the ruling behind a refusal.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, ChiError> {
    gate(state, command)?;
    match command {
        Command::Enroll { character } => {
            character.validate()?;
            if state.characters.contains_key(&character.name) {
                return Err(ChiError::AlreadyEnrolled {
                    name: character.name.clone(),
                });
            }
            Ok(vec![Event::Enrolled {
                character: character.clone(),
            }])
        }
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
            let checked = round::check_side(state, side, &ACTION)?;
            round::check_difficulty("difficulty", *difficulty)?;
            let asked = Asked {
                difficulty: *difficulty,
                reaction: *reaction,
                secret: false,
            };
            round::roll_action(state, checked, &asked, dice)
                .map(|roll| vec![Event::ActionRolled(roll)])
        }
        Command::Opposed { actor, defender } => {
            if actor.who == defender.who {
                return Err(ChiError::SameCharacter {
                    name: actor.who.clone(),
                });
            }
            let actor = round::check_side(state, actor.clone(), &ACTOR)?;
            let defender = round::check_side(state, defender.clone(), &DEFENDER)?;
            round::roll_opposed(state, actor, defender, false, dice)
                .map(|roll| vec![Event::OpposedRolled(roll)])
        }
        Command::NewRound {} => Ok(vec![next_round(state)]),
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
        Command::EndSession {} => {
            if state.between_sessions {
                return Err(ChiError::Session(
                    "the session has already ended: `start_session` begins the next one",
                ));
            }
            Ok(vec![Event::SessionEnded {
                session: state.session,
            }])
        }
        Command::StartSession {} => {
            if !state.between_sessions {
                return Err(ChiError::Session(
                    "a session is in progress: `end_session` ends it before the next one starts",
                ));
            }
            Ok(vec![
                Event::SessionStarted {
                    session: state.session.saturating_add(1),
                },
                next_round(state),
            ])
        }
    }
}

fn next_round(state: &State) -> Event {
    Event::RoundStarted {
        round: state.round.saturating_add(1),
    }
}

/// The checks every command passes first: while a secret roll is open only `secret_*` commands are
/// taken (C4: everyone in it rolls at the same time); between sessions no rounds are played.
fn gate(state: &State, command: &Command) -> Result<(), ChiError> {
    let secret_command = matches!(
        command,
        Command::SecretCommit { .. }
            | Command::SecretReveal { .. }
            | Command::SecretRoll {}
            | Command::SecretCancel {}
    );
    if let Some(open) = &state.secret
        && !secret_command
    {
        return Err(ChiError::SecretRollOpen {
            names: open.names(),
        });
    }
    let round_command = match command {
        Command::Action { .. } => Some("action"),
        Command::Opposed { .. } => Some("opposed"),
        Command::NewRound {} => Some("new_round"),
        Command::SecretOpen { .. } => Some("secret_open"),
        _ => None,
    };
    match round_command {
        Some(command) if state.between_sessions => Err(ChiError::BetweenSessions { command }),
        _ => Ok(()),
    }
}
