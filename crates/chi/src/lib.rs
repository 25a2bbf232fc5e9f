//! Chi, played by its rules: one pool of d6 per character, spent over a round's actions.
//!
//! A character's pool is its potential for everything. Each round ([`Command::NewRound`]) it spends
//! dice from its current pool over any number of actions ([`Command::Action`]) and keeps the rest for
//! reactions ([`Command::Opposed`]); an action's sum plus modifier must beat the GM's sum of
//! Difficulty d6. All of rulings C1-C6 of `RULINGS.md` are implemented: rounds, the off-concept cap
//! and resolution (C1-C3), secret rolls with commitments (C4), loss of potential and advancement
//! (C5), and the book's character lines (C6); with exact odds and an allocation adviser.
//!
//! Dice order (what a scenario's `dice = [...]` lists): an action rolls the player's d6 first, then
//! the GM's Difficulty d6, and repeats both for each tie rerolled; an opposed action rolls the actor's
//! d6, then the defender's; a secret roll rolls its actions in order, then its opposed pairs.
//!
//! Modules: [`options`] (table options), [`character`] and [`notation`] (the sheet and its line),
//! [`command`], [`event`], [`state`] (and the fold), [`rules`] (decide: gates, enrolment, sessions),
//! [`round`] (actions and opposed actions), [`secret`] (C4), [`potential`] (C5), [`describe`] (log
//! lines), [`view`] (JSON for scenarios), [`odds`] (exact chances), [`advise`] (the allocation
//! adviser), [`error`], [`limits`] (numeric bounds), [`authority`] (who may send each command at an
//! online table), [`moves`] (the moves legal now, as forms, and the odds before a roll).
//!
//! Pure: no I/O, clock or random generator; dice come from the caller's [`DiceSource`].

pub mod advise;
pub mod authority;
pub mod character;
pub mod command;
pub mod describe;
pub mod error;
pub mod event;
pub mod limits;
pub mod moves;
pub mod notation;
pub mod odds;
pub mod options;
pub mod potential;
pub mod round;
pub mod rules;
pub mod secret;
pub mod state;
pub mod view;

pub use character::Character;
pub use command::{Cause, Command, SecretAction, SecretOpposed, SecretSide, Side, WordChange};
pub use error::ChiError;
pub use event::{ActionRoll, Attempt, Event, Loss, OpposedRoll, Outcome, SideRoll};
pub use limits::*;
pub use options::{Options, TieRule};
pub use state::{Lost, Role, Seat, SecretRoll, SecretSeat, State};

use skald_core::{Authority, Move, Odds, System};
use skald_dice::DiceSource;

/// The Chi system, for [`skald_core::Table`]: `Table::<Chi>::new(Options::default())`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Chi;

impl System for Chi {
    const NAME: &'static str = "chi";
    type Options = Options;
    type Character = Character;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Error = ChiError;

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
    ) -> Result<Vec<Event>, ChiError> {
        rules::decide(state, command, dice)
    }

    fn authority(command: &Command) -> Authority {
        authority::authority(command)
    }

    fn binds(command: &Command) -> bool {
        authority::binds(command)
    }

    fn apply(state: State, event: &Event) -> State {
        state::apply(state, event)
    }

    fn describe(event: &Event) -> String {
        describe::describe(event)
    }

    fn moves(state: &State, seat: &skald_core::Seat) -> Vec<Move> {
        moves::moves(state, seat)
    }

    fn odds(state: &State, command: &Command) -> Option<Odds> {
        moves::odds(state, command)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }
}
