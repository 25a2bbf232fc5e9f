//! An online table's log as pure functions: [`Record`]s with public and secret parts, who may do
//! what ([`Actor`], the systems' [`Authority`](skald_core::Authority)), fair rolls
//! ([`skald_fair`]), undo back to the last roll, redaction for each reader, and verification of an
//! exported log.
//!
//! Nothing here does I/O, reads a clock or draws randomness: the server hands in the time and 32
//! fresh random bytes with each action, and commits the records `decide` returns before it
//! `apply`s them. Any system of the registry (`crates/systems`) plays through [`Game`]; this
//! crate names none.

mod action;
pub mod budget;
mod bytes;
mod check;
mod error;
mod game;
pub mod limits;
mod odds_question;
mod own_forms;
mod pending;
mod record;
mod request_words;
mod requests;
mod table;
mod talk;
mod verify;
mod view;
mod worded;

pub use action::{
    Action, MAX_CLIENT_ID, Recipient, Request, TABLE_ACTIONS, TableAction, TableVerb,
};
pub use error::{Error, ErrorKind};
pub use game::new_game;
pub use odds_question::OddsQuestion;
pub use own_forms::own_forms;
pub use record::{
    Actor, Audience, Body, FairRoll, GENESIS, Record, Secret, SecretBody, SecretRoll, WORDING,
    Waiting,
};
pub use skald_core::{Decided, Game, GameError};
pub use table::{Player, Table, actor_of};
pub use verify::{Finding, Kept, Report, read_records, verify, verify_kept};
pub use view::{Reader, can_read, redact};
