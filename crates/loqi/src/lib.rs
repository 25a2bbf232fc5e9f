//! Loqi, by its rules, for a group running its sessions: problems at three scales with two
//! competing outcomes, each outcome's likelihood tallied in the open from signed entries (traits,
//! environment, genre conventions, impact, influence, strength), a d12 against advantage + 6, and
//! the selected outcome's consequences made; influence and goals kept; strength and temporary trait
//! changes ending with their scene or scenario (book: the whole text; rulings L1-L8).
//!
//! [`Loqi`] implements [`skald_core::System`]. Modules, one job each:
//! - [`character`]: sheets and the L1 trait sign; [`member`]: a character as the table holds it
//!   (traits now, temporary changes, strength); [`strength`]: the L8 table, out and dead;
//! - [`problem`]: problems, outcomes, tallies and entries; [`consequence`]: what an outcome changes;
//! - [`impact`]: the L7 calculators and L2 guide; [`chances`](mod@chances): advantage, odds and exact chances
//!   (L3, L4); [`resolution`]: the d12 rolls;
//! - [`goals`]: goals and their commands (L6); [`influence`]: rewards and swaps (L5);
//!   [`story`]: sessions, scenes and scenarios; [`roster`]: enrolling and free changes;
//! - [`command`] and [`event`]: what the table is asked and what it records; [`describe`]: log lines;
//! - [`decide`]: the dispatch, with [`procedure`] (problem steps), [`tally`] (tally entries) and
//!   [`checks`] (shared look-ups); [`state`]: the fold; [`view`]: the JSON view;
//! - [`options`], [`limits`], [`error`]: table options, input bounds, refusals;
//! - [`authority`]: who may send each command at an online table; [`moves`]: what a seat may do
//!   now, as forms, and the exact chances before the d12 is rolled.
//!
//! Pure: no I/O, no clock, no randomness of its own; dice come in through a [`DiceSource`].

pub mod authority;
pub mod chances;
pub mod character;
pub mod checks;
pub mod command;
pub mod consequence;
pub mod decide;
pub mod describe;
pub mod error;
pub mod event;
pub mod goals;
pub mod impact;
pub mod influence;
pub mod limits;
pub mod member;
pub mod moves;
pub mod options;
pub mod problem;
pub mod procedure;
pub mod resolution;
pub mod roster;
pub mod state;
pub mod story;
pub mod strength;
pub mod tally;
pub mod view;

pub use chances::{Chances, chances};
pub use character::{Character, GM, Trait};
pub use command::{Command, ModifierKind};
pub use consequence::{Consequence, Priced};
pub use error::Error;
pub use event::{ChangeCause, Event, Payment, Purpose, StrengthCause};
pub use goals::{AddedAt, Goal, GoalDraft, GoalKind, Origin};
pub use impact::{Hundredths, Lasts, Reach};
pub use member::{Member, TraitChange};
pub use options::Options;
pub use problem::{Entry, EntryKind, Outcome, Problem, Scale, Side, TraitUse};
pub use resolution::{Odds, Resolution, Roll, Verdict};
pub use state::State;
pub use strength::{Action, Status, Strength};

use skald_core::{Authority, System};
use skald_dice::DiceSource;

/// The Loqi game system for a [`skald_core::Table`]: `NAME = "loqi"`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Loqi;

impl System for Loqi {
    const NAME: &'static str = "loqi";
    const TITLE: &'static str = "Loqi";
    type Options = Options;
    type Character = Character;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Error = Error;

    fn initial(options: &Options) -> State {
        state::initial(options)
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

    fn moves(state: &State, seat: &skald_core::Seat) -> Vec<skald_core::Move> {
        moves::moves(state, seat)
    }

    fn odds(state: &State, command: &Command) -> Option<skald_core::Odds> {
        moves::odds(state, command)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }
}
