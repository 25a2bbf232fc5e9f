//! Freelancer (our working name for the fourth rule text), played by its rules: the percentile task
//! check and the team lift.
//!
//! A task check sets a rating against a difficulty, keeps the three highest orders of magnitude of
//! the larger (ruling F2), and reads the difference's band (F3): some bands succeed or fail without a
//! roll, the others roll one d100 where 1-5 is a Crit and 96-100 a Botch (F1). A team lift adds the
//! members' LFT before equalizing (freelancer.txt, Stats: Lifting Power, and the boulder example).
//! Opposed checks (F4), initiative (F5-F7) and full sheets (F8) come with later commands.
//!
//! Dice (what a scenario's `dice = [...]` lists): one d100 per check (1-100), or none when the band
//! needs no roll (difference 0 or less; 151 or more unless `roll_anyway`).
//!
//! Modules: [`options`], [`character`] (sheet and ratings), [`check`] (the pure arithmetic),
//! [`command`], [`event`], [`state`] (and the fold), [`rules`] (decide), [`describe`] (log lines),
//! [`view`] (JSON for scenarios), [`error`], [`limits`] (numeric bounds).
//!
//! Pure: no I/O, clock or random generator; dice come from the caller's [`DiceSource`].

pub mod character;
pub mod check;
pub mod command;
pub mod describe;
pub mod error;
pub mod event;
pub mod limits;
pub mod options;
pub mod rules;
pub mod state;
pub mod view;

pub use character::{Character, Rating};
pub use check::{Band, Equalized, Outcome, equalize};
pub use command::{Command, RatingSource};
pub use error::FreelancerError;
pub use event::{Check, Event, Lifter, TaskCheck, TeamLift};
pub use limits::*;
pub use options::Options;
pub use state::State;

use skald_core::System;
use skald_dice::DiceSource;

/// The Freelancer system, for [`skald_core::Table`]: `Table::<Freelancer>::new(Options::default())`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Freelancer;

impl System for Freelancer {
    const NAME: &'static str = "freelancer";
    type Options = Options;
    type Character = Character;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Error = FreelancerError;

    fn initial(options: &Options) -> State {
        State::new(*options)
    }

    fn enroll(character: Character) -> Command {
        Command::Enroll { character }
    }

    fn decide(
        state: &State,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, FreelancerError> {
        rules::decide(state, command, dice)
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
