//! Twenty (`../shared/rules/twenty.txt`, RULINGS T1-T14): sheets and conflicts, by the book and the
//! rulings. The crate follows the system-crate template (`docs/system-crate.md`): the same files
//! with the same meaning as the other system crates.
//!
//! `model/` is the data and nothing else: [`Options`] (the table options, T9, T13), [`Sheet`] (a
//! character as written) and its parts, [`Command`], [`Event`], [`State`] with [`Character`] (a
//! character at the table), [`Conflict`], [`Participant`] and [`Obligation`], and the book's keys
//! and traits ([`Catalogue`], [`KeyDef`], [`TraitDef`], `data/keys.toml`, T12).
//!
//! `rules/` decides and folds: `decide` is one `match` on the command that calls the file of its
//! group (sheets T1, the catalogue T12, a conflict T2-T4, T7 and T13, an exchange T2, burdens
//! T5-T6 and T14, equipment T9, goals T10, obligations T11), and `apply` is the fold; the jobs more
//! than one group needs have a file each: comparing pools, who is winning and the sides
//! ([`compare_pools`], T3, T13), being disabled (T7), the healing conflict (T8), the catalogue's
//! checks.
//!
//! `authority.rs` says who may send each command at an online table (`docs/twenty.md`, "Who may
//! send each command"). `describe.rs` writes one log line per event, every die shown. `moves/`
//! offers a table page the moves legal now for a seat, as forms ([`moves::moves`]). `odds/` gives
//! the exact chances of a command before its dice ([`odds::odds`]) and the calculators under it:
//! the burdens one can take ([`burden_options`], T5), the chance of being ahead after an exchange
//! ([`p_ahead`], T2, T3; for a side of allies, [`odds::p_side_ahead`], T13) and each choice's
//! chance ([`exchange_choices`]), and the chance to win the whole conflict for every choice now
//! ([`conflict_advice`], exact under best play or simulated under a simple policy). `view.rs` is
//! the state as
//! the JSON a scenario's `expect` and a page's board read ([`view()`]). `limits.rs` holds every
//! bound the crate checks, each with its unit, range and source ([`limits`]). `error.rs` says why
//! something was refused, with the field, the value and what is allowed: [`Error`] for a command
//! ([`SheetProblem`] for a sheet), [`CatalogueError`] for a table file, [`OddsError`] for the
//! calculators.
//!
//! `chronicle.rs` folds a session's events into episodes for a report's summary: each conflict
//! with who took part, who won and its goal, burdens, boxes checked, deaths; between conflicts the
//! goals met and advancement.
//!
//! `reports.rs` holds the calculators `skald twenty ...` offers, each a function returning a report
//! that is `Serialize` (`--json`) and `Display` (text): [`reports::burden`], [`reports::odds`],
//! [`reports::choices`]. `cli.rs` is their command line: the subcommands of `skald twenty` (clap's
//! [`cli::Command`]) and [`cli::run`], which reads a scenario's position through the shell it is
//! handed and returns the report's text; [`Twenty`]'s [`skald_cli::Calculators`] gives them to
//! the registry, and through it to the binary.
//!
//! [`Twenty`] plugs these rules into the core's [`skald_core::System`].

pub mod advice;
mod authority;
mod chronicle;
pub mod cli;
mod describe;
mod error;
pub mod limits;
mod model;
pub mod moves;
pub mod odds;
pub mod reports;
mod rules;
mod view;

pub use advice::{
    AdviceBudget, AdviceChoice, AdviceModel, ChoiceAdvice, ConflictAdvice, Estimate,
    conflict_advice,
};
pub use error::{CatalogueError, Error, GmAct, Idle, NotOpponent, OddsError, SheetProblem};
pub use model::{
    BOOK_TOML, BreakCause, Burden, Catalogue, Character, Command, Conflict, Declaration, Event, GM,
    Healing, KeyDef, KeyKind, Obligation, ObligationEnd, Options, Participant, Prerequisite,
    Reward, STATS, Sheet, SheetKind, StandReason, Standing, StatBoxes, State, Step, StepKind,
    SurrenderReason, Trait, TraitDef, Verb,
};
pub use odds::{
    BurdenOption, BurdenOptions, ChoiceOdds, burden_options, exchange_choices, p_ahead,
};
pub use rules::{compare_pools, narration_order};
pub use view::view;

use skald_core::{Authority, DiceSource, Move, Odds, Seat, System};

/// Twenty as a [`System`] for the rules core. Every method is one call into the crate's files.
#[derive(Debug, Clone, Copy, Default)]
pub struct Twenty;

impl System for Twenty {
    const NAME: &'static str = "twenty";
    const TITLE: &'static str = "Twenty";
    const ABOUT: &'static str = "A fantasy game about duties that pull against each other. Stats and traits are rows of boxes; conflicts are fought with pools of d20s, and to throw out a foe's best dice you take a burden yourself.";
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

    /// A new table with `options` and the book's keys and traits ([`State::new`]).
    fn initial(options: &Options) -> State {
        State::new(options.clone())
    }

    /// `add_character` with `character`'s sheet.
    fn enroll(character: Sheet) -> Command {
        Command::AddCharacter { character }
    }

    /// The events of `command` (`rules/`).
    fn decide(
        state: &State,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, Error> {
        rules::decide(state, command, dice)
    }

    /// Who may send `command` (`authority.rs`).
    fn authority(command: &Command) -> Authority {
        authority::authority(command)
    }

    fn parts(_state: &State, command: &Command) -> Vec<skald_core::Part> {
        authority::parts(command)
    }

    /// The lobby's form of the options (`model/options.rs`).
    fn option_fields() -> Vec<skald_core::Field> {
        model::options::fields()
    }

    /// `state` with `event` folded in (`rules/apply.rs`).
    fn apply(state: State, event: &Event) -> State {
        rules::apply(state, event)
    }

    /// The log line of `event` (`describe.rs`).
    fn describe(event: &Event) -> String {
        describe::describe(event)
    }

    /// The moves legal now for `seat` ([`moves::moves`]).
    fn moves(state: &State, seat: &Seat) -> Vec<Move> {
        moves::moves(state, seat)
    }

    /// The exact chances of `bring_in`, `stand` and `take_burden` before rolling ([`odds::odds`]).
    fn odds(state: &State, command: &Command) -> Option<Odds> {
        odds::odds(state, command)
    }

    /// Each choice's chance to win the whole conflict, for the page under the odds ([`advice::advice`]).
    fn advice(state: &State, command: &Command) -> Option<Odds> {
        advice::advice(state, command)
    }

    /// The state as JSON ([`view()`]).
    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }

    fn chronicle(options: &Options, events: &[Event]) -> Vec<skald_core::Episode> {
        chronicle::chronicle(options, events)
    }
}

/// Twenty's calculators on the command line, `skald twenty ...` (`cli.rs`).
impl skald_cli::Calculators for Twenty {
    type Calculator = cli::Command;

    fn calculate(
        calculator: &cli::Command,
        shell: &dyn skald_cli::Shell,
    ) -> Result<String, skald_cli::Error> {
        cli::run(calculator, shell)
    }
}
