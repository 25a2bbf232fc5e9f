//! Toy, a game made up for Skald's tests, and the tutorial of a system crate: to add a system,
//! copy this crate (docs/system-crate.md). It has what every system has, and no more: a sheet (a
//! name and a skill, Y1), one roll (a try: a d6 plus the skill against a target, Y2), its exact
//! odds, and one table option (hard tries, Y3). Its rulings are its own (`Y1`-`Y3`, stated on its
//! rules page, [`model::rulings`]); no book stands behind them.
//!
//! The registry lists Toy only under `skald-systems`'s `toy` feature, which only the tests'
//! dev-dependencies enable: every test that means "every system" plays it too, and a release build
//! never offers it (docs/decisions.md, "A system for the tests only").
//!
//! Dice order (what a scenario's `dice = [...]` lists): a try rolls one d6.
//!
//! The files, as every system crate has them (`docs/system-crate.md`):
//!
//! - [`model`]: the data and nothing else: [`model::options`] (the table options, Y3),
//!   [`model::sheet`] (a character as written, Y1), [`model::command`], [`model::event`],
//!   [`model::state`] (the table state and each character at the table), [`model::rulings`] (the
//!   rules page).
//! - [`rules`]: deciding and folding. [`rules::decide`] is one `match` calling the file of the
//!   command's group: [`rules::sheets`] (enrolment, Y1), [`rules::tries`] (a try, Y2, Y3);
//!   [`rules::apply()`] is the fold.
//! - [`authority`]: who may send each command at an online table.
//! - [`chronicle`]: a session folded into its tries, for a report's summary.
//! - [`describe`]: one log line per event, every die shown.
//! - [`moves`]: the moves legal now for a seat, as forms.
//! - [`odds`]: the exact chances of a try before its die.
//! - [`advice`]: advice beyond the roll: none, as a try is one roll (its odds say all).
//! - [`view`]: the state as the JSON a scenario's `expect` and a page's board read.
//! - [`limits`]: every bound the crate checks.
//! - [`error`]: [`Error`], why a command was refused, with the field, the value and the allowed
//!   range as data.
//! - [`reports`]: the calculator the command line offers (a try's odds), a report that is
//!   `Serialize` and `Display`.
//! - [`cli`]: the command line of that calculator, `skald toy odds`: clap's [`cli::Command`] and
//!   [`cli::run`], which returns the report's text ([`skald_cli::Calculators`], through which the
//!   registry gives it to the binary; the slot every system crate fills).
//!
//! Beside `src/`: `templates/board.html` and `static/board.css`, the board a page draws
//! ([`System::BOARD`]).
//!
//! Pure: no I/O, clock or random generator; dice come from the caller's [`DiceSource`].

pub mod advice;
pub mod authority;
pub mod chronicle;
pub mod cli;
pub mod describe;
pub mod error;
pub mod limits;
pub mod model;
pub mod moves;
pub mod odds;
pub mod reports;
pub mod rules;
pub mod view;

pub use error::Error;
pub use limits::*;
pub use model::{Character, Command, Event, Options, Sheet, State};

use skald_core::{Authority, Move, Odds, System};
use skald_dice::DiceSource;

/// The Toy system, for [`skald_core::Table`]: `Table::<Toy>::new(Options::default())`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Toy;

impl System for Toy {
    const NAME: &'static str = "toy";
    const TITLE: &'static str = "Toy";
    const ABOUT: &'static str = "A made-up game for Skald's own tests: each character has a skill from 0 to 5. A try rolls a d6 plus the skill against a target of 4.";
    const RULINGS: skald_core::Rulings = model::RULINGS;
    const BOARD: skald_core::Board = skald_core::Board {
        template: include_str!("../templates/board.html"),
        style: include_str!("../static/board.css"),
    };
    type Options = Options;
    type Character = Sheet;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Error = Error;

    fn refusal(error: &Error) -> skald_core::Refusal {
        error.refusal()
    }

    fn initial(options: &Options) -> State {
        State::new(*options)
    }

    fn enroll(character: Sheet) -> Command {
        Command::Enroll { character }
    }

    fn decide(
        state: &State,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, Error> {
        rules::decide(state, command, dice)
    }

    fn authority(command: &Command) -> Authority {
        authority::authority(command)
    }

    fn apply(state: State, event: &Event) -> State {
        rules::apply(state, event)
    }

    fn option_fields() -> Vec<skald_core::Field> {
        model::options::fields()
    }

    fn describe(event: &Event) -> String {
        describe::describe(event)
    }

    fn moves(state: &State, seat: &skald_core::Seat) -> Vec<Move> {
        moves::moves(state, seat)
    }

    fn odds(state: &State, command: &Command) -> Option<Odds> {
        odds::odds(state, command)
    }

    fn advice(state: &State, command: &Command) -> Option<Odds> {
        advice::advice(state, command)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }

    fn chronicle(options: &Options, events: &[Event]) -> Vec<skald_core::Episode> {
        chronicle::chronicle(options, events)
    }
}

/// Toy's calculators on the command line, `skald toy ...` (`cli.rs`).
impl skald_cli::Calculators for Toy {
    type Calculator = cli::Command;

    fn calculate(
        calculator: &cli::Command,
        shell: &dyn skald_cli::Shell,
    ) -> Result<String, skald_cli::Error> {
        cli::run(calculator, shell)
    }
}
