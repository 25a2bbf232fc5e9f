//! Freelancer (our working name for the fourth rule text), played by its rules: character sheets with
//! stat formulas, XP, AP, levels and vocations (ruling F8); task checks of any magnitude with
//! equalizing (F2), bands, Crits, Botches and consequences (F1, F3), team lifts and plain percentile
//! checks; opposed checks between characters by either method (F4); events with initiative by method 1
//! or 2, extra Full Actions, Empty Actions, Total Actions and a turn tracker (F5-F7); rolls of the
//! other dice, d4 to d20, each die marked Crit or Botch (F1); and the exact odds of every check and
//! roll before its dice.
//!
//! Dice (what a scenario's `dice = [...]` lists), all d100 (1-100) but `roll_die`'s:
//! - a task check or team lift: one, or none when the band needs no roll (difference 0 or less, a
//!   success; 151 or more, a Botch, F3); a chance check: one;
//! - an opposed check: side `a`'s, then side `b`'s, or none when a rating comes to 0;
//! - initiative: one per participant in the event's order (Total Actions skipped), then roll-offs for
//!   ties, each pass in turn order; a `divide` that makes a new tie: its roll-offs;
//! - `roll_die`: its `count` dice of `die` sides (4, 6, 8, 10, 12 or 20), in order.
//!
//! The files, as every system crate has them (`docs/system-crate.md`):
//!
//! - [`model`]: the data and nothing else: [`model::options`] (the table options, F4-F8),
//!   [`model::sheet`] (a character as written and as the table keeps it, its ratings, F8),
//!   [`model::number`] (whole numbers to 10^30), [`model::vocation`] (vocations and ability paths,
//!   F8), [`model::formula`] (the stat formula language, F8), [`model::adjustment`] (rating
//!   adjustments, F4), [`model::check`] (a check's equalized ratings, band, outcome and
//!   consequence, F1-F3), [`model::roll`] (a roll of the other dice with each die's mark, F1),
//!   [`model::command`], [`model::event`], [`model::scene`] (the book's Event under way, F5-F7),
//!   [`model::state`] (the table state).
//! - [`rules`]: deciding and folding. [`rules::decide`] is one `match` calling the file of the
//!   command's group: [`rules::sheets`] (enrolment, awards, levels, ratings, the table's stat
//!   formulas, vocations, AP, rests and safe areas: F7, F8), [`rules::checks`] (task checks, team lifts, chance and opposed checks:
//!   F1-F4), [`rules::rolls`] (the dice besides the d100, each with its Crit or Botch: F1),
//!   [`rules::events`] (events, initiative, divided turns and turns taken: F5-F7). The jobs
//!   they share, one file each: [`rules::task_check`] (equalizing, bands and outcomes: F1-F3),
//!   [`rules::opposed`] (opposed arithmetic: F4), [`rules::adjust`] (applying adjustments: F4),
//!   [`rules::initiative`] (initiative and action arithmetic: F5-F7), [`rules::order`] (turn order
//!   and ties: F5), [`rules::stats`] (a sheet's effective ratings: F8), [`rules::formula`] (a stat
//!   formula's value: F8), [`rules::formula_parse`] (reading a stat formula: F8), [`rules::number`] (checking
//!   a number as written), [`rules::lookup`] (finding a character or a rating), [`rules::dice`]
//!   (the d100: F1); [`rules::apply()`] is the fold.
//! - [`advice`]: advice over the event, beyond one roll (issue 32): for a check during an event,
//!   the chance that the task goes through for each character who could try it and for the event,
//!   over the Full Actions left in turn order and the next round's ([`advice::question`] what is
//!   asked, [`advice::exact`] the exact chances, [`advice::next_round`] the next round's order,
//!   [`advice::simulate`] the simulation past [`MAX_EXACT_WORK`]); and a fair fight for the GM
//!   ([`advice::balance`]): the difficulty of a task check, and an opponent's rating, for an easy,
//!   even or hard check, exact.
//! - [`authority`]: who may send each command at an online table.
//! - [`chronicle`]: a session folded into its events and the checks made outside one, for a
//!   report's summary (who, the outcome, each check) and growth between them (F8).
//! - [`describe`]: one log line per event, in the book's terms, every die shown.
//! - [`moves`]: the moves legal now for a seat, as forms: [`moves::forms`] the pieces of a form,
//!   then one file per group ([`moves::event`], [`moves::checks`], [`moves::dice`],
//!   [`moves::growth`], [`moves::rests`], [`moves::enroll`]: the character builders). No blank
//!   takes JSON; each rating is spelled out as the book names it.
//! - [`odds`]: the exact chances of a command before its dice ([`odds::odds()`]), and the
//!   arithmetic under them ([`rules::chances`]: a task check, a plain percentile check, an opposed
//!   check, the marks and total of the other dice).
//! - [`reports`]: the calculators of the command line (`skald freelancer check`, `opposed`,
//!   `initiative`, `actions`), each a report that is `Serialize` and `Display`, and the numbers
//!   they take ([`reports::inputs`]).
//! - [`cli`]: the command line of those calculators, `skald freelancer ...`: clap's
//!   [`cli::Command`] and [`cli::run`], which reads a scenario's position through the shell it is
//!   handed and returns the report's text ([`skald_cli::Calculators`], through which the registry
//!   gives them to the binary).
//! - [`view`]: the state as the JSON a scenario's `expect` and a page's board read.
//! - [`limits`]: every bound the crate checks.
//! - [`error`]: [`Error`], why a command was refused, with the field, the value and the
//!   allowed range as data.
//!
//! Pure: no I/O, clock or random generator; dice come from the caller's [`DiceSource`], and the
//! scenario file a calculator weighs from the shell the binary hands [`cli::run`].

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
pub use model::{
    Ability, AbilityInput, Adjusted, Adjustment, Band, BothMiss, Character, Check, Command,
    Consequence, Contestant, DiceOdds, DiceRoll, Equalized, Event, Factor, Formula,
    InitiativeMethod, Kind, Lifter, Mark, Number, NumberInput, OpposedMethod, Options,
    Organisation, Outcome, Path, Rating, RatingSource, RolledDie, Sheet, State, TaskCheck,
    TeamLift, Vocation,
};
pub use rules::task_check::equalize;

use skald_core::{Authority, Move, Odds, Seat, System};
use skald_dice::DiceSource;

/// The Freelancer system, for [`skald_core::Table`]: `Table::<Freelancer>::new(Options::default())`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Freelancer;

impl System for Freelancer {
    const NAME: &'static str = "freelancer";
    const TITLE: &'static str = "Freelancer";
    const ABOUT: &'static str = "A game of large numbers: six attributes and sixteen stats that may run into the thousands. Tasks are d100 checks at any scale, with Crits and Botches; most of the math is the GM's.";
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
        State::new(options.clone())
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

    fn parts(state: &State, command: &Command) -> Vec<skald_core::Part> {
        authority::parts(state, command)
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

    fn moves(state: &State, seat: &Seat) -> Vec<Move> {
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

/// Freelancer's calculators on the command line, `skald freelancer ...` (`cli.rs`).
impl skald_cli::Calculators for Freelancer {
    type Calculator = cli::Command;

    fn calculate(
        calculator: &cli::Command,
        shell: &dyn skald_cli::Shell,
    ) -> Result<String, skald_cli::Error> {
        cli::run(calculator, shell)
    }
}
