//! Freelancer (our working name for the fourth rule text), played by its rules: character sheets with
//! stat formulas, XP, AP, levels and vocations (ruling F8); task checks of any magnitude with
//! equalizing (F2), bands, Crits, Botches and consequences (F1, F3), team lifts and plain percentile
//! checks; opposed checks between characters by either method (F4); events with initiative by method 1
//! or 2, extra Full Actions, Empty Actions, Total Actions and a turn tracker (F5-F7); and the exact
//! odds of every check before its roll.
//!
//! Dice (what a scenario's `dice = [...]` lists), all d100 (1-100):
//! - a task check or team lift: one, or none when the band needs no roll (difference 0 or less; 151
//!   or more unless `roll_anyway`); a chance check: one;
//! - an opposed check: side `a`'s, then side `b`'s, or none when a rating comes to 0;
//! - initiative: one per participant in the event's order (Total Actions skipped), then roll-offs for
//!   ties, each pass in turn order; a `divide` that makes a new tie: its roll-offs.
//!
//! Modules: [`number`] (whole numbers to 10^30), [`limits`], [`options`], [`character`] (sheets and
//! ratings), [`vocation`], [`formula`] (the stat formula language), [`stats`] (a sheet's effective
//! ratings), [`check`] (task-check arithmetic), [`adjust`] (rating adjustments), [`opposed`] (opposed
//! arithmetic), [`initiative`] (initiative and action arithmetic), [`order`] (turn order and ties),
//! [`odds`] (exact chances), [`command`], [`event`], [`scene`] (the event under way), [`state`] (and
//! the fold), [`rules`] (decide), [`describe`] (log lines), [`view`] (JSON for scenarios), [`error`],
//! [`authority`] (who may send each command at an online table), [`moves`] (the moves legal now for a
//! seat at an online table, and the exact odds of a command before its roll).
//!
//! Pure: no I/O, clock or random generator; dice come from the caller's [`DiceSource`].

pub mod adjust;
pub mod authority;
pub mod character;
pub mod check;
pub mod command;
pub mod describe;
pub mod error;
pub mod event;
pub mod formula;
pub mod initiative;
pub mod limits;
pub mod moves;
pub mod number;
pub mod odds;
pub mod opposed;
pub mod options;
pub mod order;
pub mod rules;
pub mod scene;
pub mod state;
pub mod stats;
pub mod view;
pub mod vocation;

pub use adjust::{Adjustment, Factor};
pub use character::{Ability, AbilityInput, Character, Kind, Rating, Sheet};
pub use check::{Band, Consequence, Equalized, Outcome, equalize};
pub use command::{Command, Contestant, RatingSource};
pub use error::FreelancerError;
pub use event::{Check, Event, Lifter, TaskCheck, TeamLift};
pub use formula::Formula;
pub use limits::*;
pub use number::{Number, NumberInput};
pub use options::{BothMiss, InitiativeMethod, OpposedMethod, Options};
pub use state::State;
pub use vocation::{Organisation, Path, Vocation};

use skald_core::{Authority, Move, Odds, Seat, System};
use skald_dice::DiceSource;

/// The Freelancer system, for [`skald_core::Table`]: `Table::<Freelancer>::new(Options::default())`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Freelancer;

impl System for Freelancer {
    const NAME: &'static str = "freelancer";
    const TITLE: &'static str = "Freelancer";
    type Options = Options;
    type Character = Character;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Error = FreelancerError;

    fn initial(options: &Options) -> State {
        State::new(options.clone())
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

    fn authority(command: &Command) -> Authority {
        authority::authority(command)
    }

    fn option_fields() -> Vec<skald_core::Field> {
        options::fields()
    }

    fn apply(state: State, event: &Event) -> State {
        state::apply(state, event)
    }

    fn describe(event: &Event) -> String {
        describe::describe(event)
    }

    fn moves(state: &State, seat: &Seat) -> Vec<Move> {
        moves::moves(state, seat)
    }

    fn odds(state: &State, command: &Command) -> Option<Odds> {
        moves::odds(state, command)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }
}
