//! Loqi, by its rules, for a group running its sessions: problems at three scales with two
//! competing outcomes, each outcome's likelihood tallied in the open from signed entries (traits,
//! environment, genre conventions, impact, influence, strength), a d12 against advantage + 6, and
//! the selected outcome's consequences made; influence and goals kept; strength and temporary trait
//! changes ending with their scene or scenario (book: the whole text; rulings L1-L8).
//!
//! Dice order (what a scenario's `dice = [...]` lists): only `resolve` rolls, one d12, and again
//! after each 12 under the unlikely-outcomes option (L4).
//!
//! The files, as every system crate has them (`docs/system-crate.md`):
//!
//! - [`model`]: the data and nothing else: the table options, [`Sheet`] (a character as written),
//!   [`Command`], [`Event`], [`State`] with each [`Character`] at the table, and the book's further
//!   data: [`Problem`] with its [`Outcome`]s and their tallies of [`Entry`]s, [`Consequence`],
//!   [`Goal`], [`Strength`], impact ([`Lasts`], [`Hundredths`], [`Reach`]) and a d12 [`Resolution`].
//! - [`rules`]: deciding and folding. [`rules::decide`] is one `match` calling the file of the
//!   command's group: [`rules::roster`] (enrolling, free changes), [`rules::problem`] (introducing,
//!   taking over, proposing, resolving), [`rules::tally`] (likelihood entries), [`rules::influence`]
//!   (L5), [`rules::goals`] (L6), [`rules::story`] (sessions, scenes, scenarios); shared jobs in
//!   [`rules::checks`], [`rules::sheets`], [`rules::traits`], [`rules::consequence`],
//!   [`rules::impact`] (L7), [`rules::strength`] (L8), [`rules::chances`](mod@rules::chances)
//!   (L3, L4) and [`rules::resolution`] (the d12 rolls); [`rules::apply()`] is the fold.
//! - [`authority`]: who may send each command at an online table.
//! - [`chronicle`]: a session folded into its problems, for a report's summary (who, the outcome,
//!   influence spent, trait and strength changes) and what happens between them (goals, rewards).
//! - [`describe`]: one log line per event, in the book's terms, every die shown.
//! - [`moves`]: the moves legal now for a seat, as forms.
//! - [`odds`]: the exact chances of a command before its d12 is rolled (L3, L4).
//! - [`advice`]: advice over the problem, beyond one roll (issue 32): each outcome's chance of
//!   being selected given the influence that may still be spent on it (L3-L5), exact or
//!   simulated; and a fair fight for the GM ([`advice::balance`]): the impact of the GM's outcome
//!   for an easy, even or hard fight.
//! - [`view`]: the state as the JSON a scenario's `expect` and a page's board read.
//! - [`reports`]: the calculators `skald loqi ...` offers ([`reports::odds`], L3 to L5;
//!   [`reports::impact`], L7; [`reports::advise()`], the advice at a scenario's position;
//!   [`reports::balance()`], a fair fight there), each
//!   returning a report that is `Serialize` and `Display`.
//! - [`cli`]: the command line of those calculators, `skald loqi ...`: clap's [`cli::Command`]
//!   and [`cli::run`], which reads a scenario's position through the shell it is handed and
//!   returns the report's text ([`skald_cli::Calculators`], through which the registry gives them
//!   to the binary).
//! - [`limits`]: every bound the crate checks.
//! - [`error`]: [`Error`], why a command was refused, with the field, the value and the allowed
//!   range as data.
//!
//! Pure: no I/O, no clock, no randomness of its own; dice come in through a [`DiceSource`], and
//! the scenario file a calculator weighs through the shell the binary hands [`cli::run`].

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
pub use model::{
    Action, AddedAt, ChangeCause, Character, Command, Consequence, Entry, EntryKind, Event, GM,
    Goal, GoalDraft, GoalKind, Hundredths, Lasts, ModifierKind, Odds, Options, Origin, Outcome,
    Payment, Priced, Problem, Purpose, Reach, Resolution, Roll, Scale, Sheet, Side, State, Status,
    Strength, StrengthCause, Trait, TraitChange, TraitUse, Verdict,
};
pub use rules::chances::{Chances, chances};

use skald_core::{Authority, System};
use skald_dice::DiceSource;

/// The Loqi game system for a [`skald_core::Table`]: `NAME = "loqi"`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Loqi;

impl System for Loqi {
    const NAME: &'static str = "loqi";
    const TITLE: &'static str = "Loqi";
    const ABOUT: &'static str = "A game with no setting where the table proposes what happens. Two outcomes compete for each problem; what each would change, the traits behind it and influence spent set the odds of one d12.";
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
        rules::initial(options)
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

    fn option_fields() -> Vec<skald_core::Field> {
        model::options::fields()
    }

    fn apply(state: State, event: &Event) -> State {
        rules::apply(state, event)
    }

    fn describe(event: &Event) -> String {
        describe::describe(event)
    }

    fn moves(state: &State, seat: &skald_core::Seat) -> Vec<skald_core::Move> {
        moves::moves(state, seat)
    }

    fn odds(state: &State, command: &Command) -> Option<skald_core::Odds> {
        odds::odds(state, command)
    }

    fn advice(state: &State, command: &Command) -> Option<skald_core::Odds> {
        advice::advice(state, command)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }

    fn chronicle(options: &Options, events: &[Event]) -> Vec<skald_core::Episode> {
        chronicle::chronicle(options, events)
    }
}

/// Loqi's calculators on the command line, `skald loqi ...` (`cli.rs`).
impl skald_cli::Calculators for Loqi {
    type Calculator = cli::Command;

    fn calculate(
        calculator: &cli::Command,
        shell: &dyn skald_cli::Shell,
    ) -> Result<String, skald_cli::Error> {
        cli::run(calculator, shell)
    }
}
