//! The data of Toy, and nothing but the data: types with their serde shape, their docs and trivial
//! accessors. No rule, no dice and no error check lives here (those are [`crate::rules`]).
//!
//! [`options`] (the table options, Y3), [`sheet`] (a character as written, Y1), [`command`] (every
//! command, `{"do": ...}` as scenarios write it), [`event`] (every fact that happened), [`state`]
//! (the table state and each character at the table), [`rulings`] (the rules page).

pub mod command;
pub mod event;
pub mod options;
pub mod rulings;
pub mod sheet;
pub mod state;

pub use command::{Command, Verb};
pub use event::Event;
pub use options::Options;
pub use rulings::RULINGS;
pub use sheet::Sheet;
pub use state::{Character, State};
