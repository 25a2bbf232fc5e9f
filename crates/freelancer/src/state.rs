//! The Freelancer table state ([`State`]) and the fold of one event into it ([`apply`]).

use crate::character::Character;
use crate::event::Event;
use crate::options::Options;
use serde::Serialize;
use std::collections::BTreeMap;

/// A Freelancer table: its options, who sits at it, and the checks made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// The table options.
    pub options: Options,
    /// The character sheets by name.
    pub characters: BTreeMap<String, Character>,
    /// How many task checks and team lifts were made.
    pub checks: u32,
    /// The last task check or team lift, if any.
    pub last: Option<Event>,
}

impl State {
    /// A new table with no characters.
    pub fn new(options: Options) -> Self {
        Self {
            options,
            characters: BTreeMap::new(),
            checks: 0,
            last: None,
        }
    }

    /// The names at the table, comma-separated ("nobody" when empty), for error messages.
    pub fn names(&self) -> String {
        if self.characters.is_empty() {
            return "nobody".to_owned();
        }
        self.characters
            .keys()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Folds `event` into `state`. Never fails.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::Enrolled { character } => {
            state
                .characters
                .insert(character.name.clone(), character.clone());
        }
        Event::TaskChecked(_) | Event::TeamLifted(_) => {
            state.checks = state.checks.saturating_add(1);
            state.last = Some(event.clone());
        }
    }
    state
}
