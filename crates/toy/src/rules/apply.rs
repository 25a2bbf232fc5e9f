//! [`apply`]: the fold of Toy's events into its state. It never fails: an event is a fact
//! [`crate::rules::decide`] already checked.

use crate::model::event::Event;
use crate::model::state::{Character, State};

/// `state` after `event`.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::Enrolled { character } => state.characters.push(Character {
            name: character.name.clone(),
            skill: character.skill,
            successes: 0,
            last: None,
        }),
        Event::Tried {
            who,
            die,
            skill,
            success,
            ..
        } => {
            state.tries += 1;
            if let Some(c) = state.characters.iter_mut().find(|c| &c.name == who) {
                c.successes += u32::from(*success);
                c.last = Some(die + i64::from(*skill));
            }
        }
    }
    state
}
