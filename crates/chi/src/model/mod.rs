//! The data of Chi, and nothing but the data: types with their serde shape, their docs and trivial
//! accessors. No rule, no dice and no error check lives here (those are [`crate::rules`]).
//!
//! [`options`] (the table options, RULINGS C3), [`sheet`] (a character as written: book, Character
//! Creation; C5, C6), [`command`] (every command, `{"do": ...}` as scenarios write it), [`event`]
//! (every fact that happened), [`state`] (the table state and the at-table types it holds),
//! [`rulings`] (the rules page: how to play, and each ruling the crate cites).

pub mod command;
pub mod event;
pub mod options;
pub mod rulings;
pub mod sheet;
pub mod state;

pub use command::{
    Cause, Command, SecretAction, SecretOpposed, SecretSide, Side, Verb, WordChange,
};
pub use event::{ActionRoll, Attempt, Event, Loss, OpposedRoll, Outcome, SideRoll};
pub use options::{Options, TieRule};
pub use rulings::RULINGS;
pub use sheet::Sheet;
pub use state::{Character, Lost, Role, SecretRoll, SecretSeat, State};
