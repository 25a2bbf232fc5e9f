//! Twenty (`../shared/rules/twenty.txt`, RULINGS T1-T12): sheets and conflicts.
//!
//! This crate holds the pure rules: [`Sheet`]s with stats, traits and special equipment counted in
//! boxes; conflicts fought in exchanges (T2), who is winning (T3), the end and the narration order (T4).
//! Burdens, healing, advancement and obligations come with a later issue.
//!
//! [`Twenty`] plugs these rules into the core's [`skald_core::System`].

mod command;
mod conflict;
mod describe;
mod error;
mod event;
mod pool;
mod rules;
mod sheet;
mod state;

pub use command::{Command, Declaration};
pub use conflict::{Conflict, Participant, Standing};
pub use error::Error;
pub use event::{Event, StandReason};
pub use pool::{compare_pools, narration_order};
pub use sheet::{STATS, Sheet, Trait};
pub use state::{Character, State};

use skald_core::{DiceSource, System};

/// Twenty as a [`System`] for the rules core.
#[derive(Debug, Clone, Copy, Default)]
pub struct Twenty;

/// Twenty's table options. None apply to the conflicts of this version; equipment breaking (T9, default
/// on) arrives with special equipment's full rules.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {}

impl System for Twenty {
    const NAME: &'static str = "twenty";
    type Options = Options;
    type Character = Sheet;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Error = Error;

    fn initial(_options: &Options) -> State {
        State::default()
    }

    fn enroll(character: Sheet) -> Command {
        Command::AddCharacter { character }
    }

    fn decide(
        state: &State,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, Error> {
        rules::decide(state, command, dice)
    }

    fn apply(state: State, event: &Event) -> State {
        state.apply(event)
    }

    fn describe(event: &Event) -> String {
        describe::describe(event)
    }

    fn view(state: &State) -> serde_json::Value {
        state.view()
    }
}
