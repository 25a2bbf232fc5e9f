//! The fold: [`apply`] takes one event into the state. It never fails: an event is a fact `decide`
//! checked, so every number in it is in range; an unknown name (only possible in a hand-edited log)
//! is ignored.

use crate::model::command::Cause;
use crate::model::event::{Event, Loss, OpposedRoll};
use crate::model::sheet::Sheet;
use crate::model::state::{Character, Lost, Role, SecretRoll, SecretSeat, State};

/// A character just enrolled: a current pool below the maximum is one temporary loss of cause
/// `other` ("before enrolment"), so it can be recovered (C5).
fn enrolled(sheet: Sheet) -> Character {
    let missing = sheet.pool.saturating_sub(sheet.current);
    let losses = if missing > 0 {
        vec![Lost {
            cause: Cause::Other,
            amount: missing,
            detail: Some("before enrolment".to_owned()),
        }]
    } else {
        Vec::new()
    };
    Character {
        sheet,
        spent: 0,
        actions: 0,
        reactions: 0,
        losses,
        permanent: 0,
        waiting: false,
        awards: 0,
        words_earned: 0,
    }
}

/// Counts `dice` as spent this round, never above the current pool (C1).
fn spend(character: &mut Character, dice: u32) {
    character.spent = character
        .spent
        .saturating_add(dice)
        .min(character.sheet.current);
}

/// Takes `amount` off the outstanding losses of `cause` (any when `None`), oldest first (C5).
fn recover(character: &mut Character, mut amount: u32, cause: Option<Cause>) {
    for loss in &mut character.losses {
        if amount == 0 {
            break;
        }
        if cause.is_some_and(|c| c != loss.cause) {
            continue;
        }
        let taken = loss.amount.min(amount);
        loss.amount -= taken;
        amount -= taken;
    }
    character.losses.retain(|l| l.amount > 0);
}

/// Folds `event` into `state` (the state after it). Never fails: `decide` has checked the event; an
/// unknown name (only possible in a hand-edited log) is ignored.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::Enrolled { .. } | Event::SessionEnded { .. } | Event::SessionStarted { .. } => {
            session(&mut state, event)
        }
        Event::ActionRolled(..) | Event::OpposedRolled(..) | Event::RoundStarted { .. } => {
            round(&mut state, event)
        }
        Event::SecretOpened { .. }
        | Event::SecretCommitted { .. }
        | Event::SecretRevealed { .. }
        | Event::SecretClosed { .. }
        | Event::SecretCancelled { .. } => secrets(&mut state, event),
        Event::Lost(..)
        | Event::Recovered { .. }
        | Event::DieAwarded { .. }
        | Event::DieAdded { .. }
        | Event::WordAdded { .. }
        | Event::ConceptChanged { .. } => losses(&mut state, event),
    }
    state
}

/// A character enrolled, and sessions started and ended (C5).
fn session(state: &mut State, event: &Event) {
    match event {
        Event::Enrolled { character: sheet } => {
            let character = enrolled(sheet.clone());
            state.characters.insert(sheet.name.clone(), character);
        }
        Event::SessionEnded { .. } => state.between_sessions = true,
        Event::SessionStarted { session } => {
            state.session = *session;
            state.between_sessions = false;
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// Rounds and their rolls: an action's roll, an opposed roll (C1-C3).
fn round(state: &mut State, event: &Event) {
    match event {
        Event::ActionRolled(roll) => {
            if let Some(character) = state.characters.get_mut(&roll.who) {
                spend(character, roll.spent);
                if roll.reaction {
                    character.reactions = character.reactions.saturating_add(1);
                } else {
                    character.actions = character.actions.saturating_add(1);
                }
            }
            state.last = Some(event.clone());
            state.rolls.push(event.clone());
        }
        Event::OpposedRolled(OpposedRoll {
            actor, defender, ..
        }) => {
            if let Some(character) = state.characters.get_mut(&actor.who) {
                spend(character, actor.spent);
                character.actions = character.actions.saturating_add(1);
            }
            if let Some(character) = state.characters.get_mut(&defender.who) {
                spend(character, defender.spent);
                character.reactions = character.reactions.saturating_add(1);
            }
            state.last = Some(event.clone());
            state.rolls.push(event.clone());
        }
        Event::RoundStarted { round } => {
            state.round = *round;
            state.rolls.clear();
            for character in state.characters.values_mut() {
                character.spent = 0;
                character.actions = 0;
                character.reactions = 0;
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// A secret roll from its opening to its close: allocations committed, then revealed (C4).
fn secrets(state: &mut State, event: &Event) {
    match event {
        Event::SecretOpened {
            round,
            actions,
            opposed,
            caps,
        } => {
            let seat = |who: &str, role| SecretSeat {
                who: who.to_owned(),
                role,
                commitment: None,
                revealed: None,
            };
            let mut seats: Vec<SecretSeat> =
                actions.iter().map(|a| seat(&a.who, Role::Action)).collect();
            for pair in opposed {
                seats.push(seat(&pair.actor.who, Role::Actor));
                seats.push(seat(&pair.defender.who, Role::Defender));
            }
            state.secret = Some(SecretRoll {
                round: *round,
                actions: actions.clone(),
                opposed: opposed.clone(),
                caps: caps.clone(),
                seats,
            });
        }
        Event::SecretCommitted { who, commitment } => {
            if let Some(seat) = state.secret.as_mut().and_then(|s| s.seat_mut(who)) {
                seat.commitment = Some(commitment.clone());
            }
        }
        Event::SecretRevealed { who, spend, .. } => {
            if let Some(seat) = state.secret.as_mut().and_then(|s| s.seat_mut(who)) {
                seat.revealed = Some(*spend);
            }
        }
        Event::SecretClosed { .. } | Event::SecretCancelled { .. } => state.secret = None,
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// Losses and recoveries, dice awarded and added, words and concepts (C5).
fn losses(state: &mut State, event: &Event) {
    match event {
        Event::Lost(Loss {
            who,
            amount,
            cause,
            permanent,
            detail,
            ..
        }) => {
            if let Some(character) = state.characters.get_mut(who) {
                let c = &mut character.sheet;
                c.current = c.current.saturating_sub(*amount);
                if *permanent {
                    c.pool = c.pool.saturating_sub(*amount);
                    character.permanent = character.permanent.saturating_add(*amount);
                } else {
                    character.losses.push(Lost {
                        cause: *cause,
                        amount: *amount,
                        detail: detail.clone(),
                    });
                }
            }
        }
        Event::Recovered {
            who, amount, cause, ..
        } => {
            if let Some(character) = state.characters.get_mut(who) {
                recover(character, *amount, *cause);
                let c = &mut character.sheet;
                c.current = c.current.saturating_add(*amount).min(c.pool);
            }
        }
        Event::DieAwarded { who, waiting } => {
            if let Some(character) = state.characters.get_mut(who) {
                character.awards = character.awards.saturating_add(1);
                character.words_earned = character.words_earned.saturating_add(1);
                character.waiting = *waiting;
            }
        }
        Event::DieAdded { who, .. } => {
            if let Some(character) = state.characters.get_mut(who) {
                character.waiting = false;
                let c = &mut character.sheet;
                c.pool = c.pool.saturating_add(1);
                c.current = c.current.saturating_add(1);
            }
        }
        Event::WordAdded { who, word, .. } => {
            if let Some(character) = state.characters.get_mut(who) {
                character.words_earned = character.words_earned.saturating_sub(1);
                character.sheet.words.push(word.clone());
            }
        }
        Event::ConceptChanged {
            who,
            replace,
            occupation,
            ..
        } => {
            if let Some(character) = state.characters.get_mut(who) {
                let c = &mut character.sheet;
                if let Some(change) = replace {
                    for word in c.words.iter_mut().filter(|w| **w == change.old) {
                        word.clone_from(&change.new);
                    }
                }
                if let Some(occupation) = occupation {
                    c.occupation.clone_from(occupation);
                }
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}
