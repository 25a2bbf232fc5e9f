//! Loqi, by its rules: a problem gets two competing outcomes, the player's and the GM's; each
//! outcome's likelihood is tallied from signed entries (traits, environment, genre conventions,
//! impact, influence); a d12 against advantage + 6 selects one (book: Problems, Evaluating Problems,
//! Resolving Problems; rulings L1-L5).
//!
//! [`Loqi`] implements [`skald_core::System`]. Modules, one job each:
//! - [`character`]: sheets (traits 1-4, helpful or harmful; influence) and the L1 trait sign;
//! - [`problem`]: problems, outcomes, tallies and entries;
//! - [`resolution`]: the pure d12 arithmetic (L3, L4);
//! - [`command`] and [`event`]: what the table is asked and what it records; [`describe`]: log lines;
//! - [`decide`]: the rules of each command (problem steps), with [`tally`] (tally entries) and
//!   [`checks`] (shared look-ups); [`state`]: the fold; [`view`]: the JSON view;
//! - [`options`], [`limits`], [`error`]: table options, input bounds, refusals.
//!
//! Pure: no I/O, no clock, no randomness of its own; dice come in through a [`DiceSource`].

pub mod character;
pub mod checks;
pub mod command;
pub mod decide;
pub mod describe;
pub mod error;
pub mod event;
pub mod limits;
pub mod options;
pub mod problem;
pub mod resolution;
pub mod state;
pub mod tally;
pub mod view;

pub use character::{Character, GM, Trait};
pub use command::{Command, ModifierKind};
pub use error::Error;
pub use event::{Event, Purpose};
pub use options::Options;
pub use problem::{Entry, EntryKind, Outcome, Problem, Scale, Side, TraitUse};
pub use resolution::{Odds, Resolution, Roll, Verdict};
pub use state::State;

use skald_core::System;
use skald_dice::DiceSource;

/// The Loqi game system for a [`skald_core::Table`]: `NAME = "loqi"`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Loqi;

impl System for Loqi {
    const NAME: &'static str = "loqi";
    type Options = Options;
    type Character = Character;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Error = Error;

    fn initial(options: &Options) -> State {
        State {
            options: *options,
            ..State::default()
        }
    }

    fn enroll(character: Character) -> Command {
        Command::Enroll { character }
    }

    fn decide(
        state: &State,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, Error> {
        decide::decide(state, command, dice)
    }

    fn apply(state: State, event: &Event) -> State {
        state::apply(state, event)
    }

    fn describe(event: &Event) -> String {
        describe::describe(event)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }
}
