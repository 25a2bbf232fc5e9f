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
//! The files, as every system crate has them (`docs/system-crate.md`):
//!
//! - [`model`]: the data and nothing else: [`model::options`] (the table options, C3),
//!   [`model::sheet`] (a character as written, C5, C6), [`model::command`], [`model::event`],
//!   [`model::state`] (the table state, each character at the table, an open secret roll).
//! - [`rules`]: deciding and folding. [`rules::decide`] is one `match` calling the file of the
//!   command's group: [`rules::sheets`] (enrolment), [`rules::round`] (actions, opposed actions,
//!   new rounds: C1-C3), [`rules::secret`] (secret rolls and their commitments: C4),
//!   [`rules::potential`] (loss of potential and advancement: C5), [`rules::session`] (sessions:
//!   C5); [`rules::line`] reads and writes the book's character line (C6); [`rules::apply()`] is the
//!   fold.
//! - [`authority`]: who may send each command at an online table.
//! - [`chronicle`]: a session folded into its rounds and secret rounds, for a report's summary
//!   (who acted, each result, the tally; dice lost and recovered, advancement).
//! - [`describe`]: one log line per event, in the book's terms, every die shown.
//! - [`moves`]: the moves legal now for a seat, as forms.
//! - [`advice`]: advice over the round, beyond one roll (issue 32): each declared roll's chance,
//!   the expected successes, the reactions still possible and a split keeping dice back for a reaction.
//! - [`odds`]: the exact chances of an action, an opposed action or a command before its dice.
//! - [`view`]: the state as the JSON a scenario's `expect` and a page's board read.
//! - [`limits`]: every bound the crate checks.
//! - [`error`]: [`Error`], why a command was refused, with the field, the value and the allowed
//!   range as data; [`LineError`], why a character line does not read.
//! - [`reports`]: the calculators of the command line (`skald chi odds`, `advise`, `character`,
//!   `commit`), each a report that is `Serialize` and `Display`; [`reports::advise`] is the
//!   allocation adviser.
//! - [`cli`]: the command line of those calculators, `skald chi ...`: clap's [`cli::Command`] and
//!   [`cli::run`], which asks the shell it is handed for a scenario file or a fresh salt and
//!   returns the report's text ([`skald_cli::Calculators`], through which the registry gives them
//!   to the binary).
//!
//! Pure: no I/O, clock or random generator; dice come from the caller's [`DiceSource`], and the
//! scenario file a calculator weighs and a fresh salt's entropy from the shell the binary hands
//! [`cli::run`].

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

pub use error::{Error, LineError};
pub use limits::*;
pub use model::{
    ActionRoll, Attempt, Cause, Character, Command, Event, Loss, Lost, OpposedRoll, Options,
    Outcome, Role, SecretAction, SecretOpposed, SecretRoll, SecretSeat, SecretSide, Sheet, Side,
    SideRoll, State, TieRule, WordChange,
};

use skald_core::{Authority, Move, Odds, System};
use skald_dice::DiceSource;

/// The Chi system, for [`skald_core::Table`]: `Table::<Chi>::new(Options::default())`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Chi;

impl System for Chi {
    const NAME: &'static str = "chi";
    const TITLE: &'static str = "Chi";
    const ABOUT: &'static str = "A quick game where each character has one number: a pool of d6s. Players spread those dice over their actions each round, against the GM's difficulty dice.";
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

    fn refusal(error: &Self::Error) -> skald_core::Refusal {
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

    fn parts(_state: &State, command: &Command) -> Vec<skald_core::Part> {
        authority::parts(command)
    }

    fn binds(command: &Command) -> bool {
        authority::binds(command)
    }

    fn apply(state: State, event: &Event) -> State {
        rules::apply(state, event)
    }

    fn option_fields() -> Vec<skald_core::Field> {
        model::options::fields()
    }

    fn seal(state: &State, who: &str, spend: u32, salt: &str) -> Option<Result<Command, Error>> {
        Some(rules::secret::seal(state, who, spend, salt))
    }

    fn bare_reveal(command: &serde_json::Value) -> Option<String> {
        rules::secret::bare_reveal(command)
    }

    fn reveal(who: &str, spend: u32, salt: &str) -> Option<Command> {
        Some(Command::SecretReveal {
            who: who.to_owned(),
            spend,
            salt: salt.to_owned(),
        })
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

    fn allocation_advice(state: &State, who: &str, spend: u32) -> Option<Odds> {
        advice::allocation(state, who, spend)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }

    fn chronicle(options: &Options, events: &[Event]) -> Vec<skald_core::Episode> {
        chronicle::chronicle(options, events)
    }
}

/// Chi's calculators on the command line, `skald chi ...` (`cli.rs`).
impl skald_cli::Calculators for Chi {
    type Calculator = cli::Command;

    fn calculate(
        calculator: &cli::Command,
        shell: &dyn skald_cli::Shell,
    ) -> Result<String, skald_cli::Error> {
        cli::run(calculator, shell)
    }
}
