//! The Chi table state ([`State`]) and the fold of one event into it ([`apply`]).

use crate::character::Character;
use crate::event::{Event, OpposedRoll};
use crate::options::Options;
use serde::Serialize;
use std::collections::BTreeMap;

/// A Chi table: its options, the round, who sits at it and the last roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// The table options (recorded here so the rules need nothing else).
    pub options: Options,
    /// The current round, from 1.
    pub round: u32,
    /// The characters by name.
    pub characters: BTreeMap<String, Seat>,
    /// The last action or opposed action rolled, if any.
    pub last: Option<Event>,
}

/// One character at the table, with what it has done this round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seat {
    /// The sheet.
    pub character: Character,
    /// Dice spent this round, 0 to the current pool (ruling C1).
    pub spent: u32,
    /// Actions taken this round (as actor).
    pub actions: u32,
    /// Reactions this round (as defender of an opposed action).
    pub reactions: u32,
}

impl Seat {
    /// Dice left this round: current pool minus dice spent (never below 0).
    pub fn left(&self) -> u32 {
        self.character.current.saturating_sub(self.spent)
    }

    fn spend(&mut self, dice: u32) {
        self.spent = self.spent.saturating_add(dice).min(self.character.current);
    }
}

impl State {
    /// A new table in round 1 with no characters.
    pub fn new(options: Options) -> Self {
        Self {
            options,
            round: 1,
            characters: BTreeMap::new(),
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

/// Folds `event` into `state`. Never fails: `decide` has checked the event; an unknown name (only
/// possible in a hand-edited log) is ignored.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::Enrolled { character } => {
            let seat = Seat {
                character: character.clone(),
                spent: 0,
                actions: 0,
                reactions: 0,
            };
            state.characters.insert(character.name.clone(), seat);
        }
        Event::ActionRolled(roll) => {
            if let Some(seat) = state.characters.get_mut(&roll.who) {
                seat.spend(roll.spent);
                seat.actions = seat.actions.saturating_add(1);
            }
            state.last = Some(event.clone());
        }
        Event::OpposedRolled(OpposedRoll {
            actor, defender, ..
        }) => {
            if let Some(seat) = state.characters.get_mut(&actor.who) {
                seat.spend(actor.spent);
                seat.actions = seat.actions.saturating_add(1);
            }
            if let Some(seat) = state.characters.get_mut(&defender.who) {
                seat.spend(defender.spent);
                seat.reactions = seat.reactions.saturating_add(1);
            }
            state.last = Some(event.clone());
        }
        Event::RoundStarted { round } => {
            state.round = *round;
            for seat in state.characters.values_mut() {
                seat.spent = 0;
                seat.actions = 0;
                seat.reactions = 0;
            }
        }
    }
    state
}
