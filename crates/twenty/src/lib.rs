//! Twenty (`../shared/rules/twenty.txt`, RULINGS T1-T12): sheets and conflicts.
//!
//! This crate holds the pure rules: [`Sheet`]s checked by the creation rules (T1) against the book's keys
//! and traits ([`catalogue`]); conflicts fought in exchanges (T2), who is winning (T3), the end and the
//! narration order (T4); burdens taken, used and disabling (T5-T7); healing conflicts (T8); equipment
//! breaking (T9); regeneration, rest and advancement (T10); obligations (T11); and exact odds ([`odds`]).
//! [`moves`] offers a table page the moves legal now for a seat, with exact odds before each roll.
//!
//! [`Twenty`] plugs these rules into the core's [`skald_core::System`], with who may send each command at
//! an online table (`authority.rs`, `docs/twenty.md`).

mod authority;
pub mod catalogue;
mod choices;
mod command;
mod conflict;
mod describe;
mod error;
mod event;
pub mod limits;
pub mod moves;
pub mod odds;
mod pool;
mod rules;
mod sheet;
mod state;

pub use catalogue::{Catalogue, CatalogueError, KeyDef, KeyKind, Prerequisite, TraitDef};
pub use choices::{ChoiceOdds, exchange_choices};
pub use command::{Command, Declaration, ObligationEnd, Reward};
pub use conflict::{Conflict, Participant, Standing};
pub use error::Error;
pub use event::{BreakCause, Event, Healing, StandReason, SurrenderReason};
pub use odds::{BurdenOption, BurdenOptions, OddsError, burden_options, p_ahead};
pub use pool::{compare_pools, narration_order};
pub use sheet::{Burden, GM, STATS, Sheet, SheetKind, StatBoxes, Trait};
pub use state::{Character, Obligation, State};

use skald_core::{Authority, DiceSource, Move, Odds, Seat, System};

/// Twenty as a [`System`] for the rules core.
#[derive(Debug, Clone, Copy, Default)]
pub struct Twenty;

/// Twenty's table options (RULINGS.md).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// T9: special equipment breaks on its user's 1 or an opponent's 20 in its exchange. Default on.
    pub equipment_breaking: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            equipment_breaking: true,
        }
    }
}

impl System for Twenty {
    const NAME: &'static str = "twenty";
    type Options = Options;
    type Character = Sheet;
    type Command = Command;
    type Event = Event;
    type State = State;
    type Error = Error;

    fn initial(options: &Options) -> State {
        State::new(options.clone())
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

    fn authority(command: &Command) -> Authority {
        authority::authority(command)
    }

    fn apply(state: State, event: &Event) -> State {
        state.apply(event)
    }

    fn describe(event: &Event) -> String {
        describe::describe(event)
    }

    /// The moves legal now for `seat` ([`moves::moves`]).
    fn moves(state: &State, seat: &Seat) -> Vec<Move> {
        moves::moves(state, seat)
    }

    /// The exact chances of `bring_in`, `stand` and `take_burden` before rolling ([`moves::odds`]).
    fn odds(state: &State, command: &Command) -> Option<Odds> {
        moves::odds(state, command)
    }

    fn view(state: &State) -> serde_json::Value {
        state.view()
    }
}
