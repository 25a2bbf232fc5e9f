//! The data of a Twenty table, and nothing but the data: each type with its serde shape, its docs
//! and its trivial accessors. No rule, no dice, no error check lives here (those are `rules/`), and
//! nothing here imports from `rules/` or the files beside it but `limits.rs`.
//!
//! - `options.rs`: [`Options`], the table options (RULINGS T9), with their defaults.
//! - `sheet.rs`: [`Sheet`], a character as written, and its parts ([`Trait`], [`Burden`],
//!   [`StatBoxes`], [`SheetKind`]); the five [`STATS`] and the GM's reserved name [`GM`].
//! - `command.rs`: [`Command`], every command the rules decide (`{"do": ...}`), with
//!   [`Declaration`], [`Reward`] and [`ObligationEnd`].
//! - `event.rs`: [`Event`], every fact that happened, with [`StandReason`], [`SurrenderReason`],
//!   [`BreakCause`] and [`Healing`].
//! - `state.rs`: [`State`], the table, and what it holds: [`Character`] (a character at the table),
//!   [`Conflict`] with its [`Participant`]s, their [`Standing`] and [`Step`]s, [`Obligation`].
//! - `catalogue.rs`: [`Catalogue`], the keys and traits in play, and [`BOOK_TOML`], the book's.
//! - `keys.rs`: [`KeyDef`], [`KeyKind`], [`Prerequisite`] (the book's "Keys").
//! - `trait_list.rs`: [`TraitDef`] (the book's "Trait List").
//! - `rulings.rs`: [`RULINGS`], the rules page: how to play, and each ruling the crate cites.

mod catalogue;
mod command;
mod event;
mod keys;
pub(crate) mod options;
mod rulings;
mod sheet;
mod state;
mod trait_list;

pub(crate) use catalogue::CatalogueFile;
pub use catalogue::{BOOK_TOML, Catalogue};
pub use command::{Command, Declaration, ObligationEnd, Reward, Verb};
pub use event::{BreakCause, Event, Healing, StandReason, SurrenderReason};
pub use keys::{KeyDef, KeyKind, Prerequisite};
pub use options::Options;
pub use rulings::RULINGS;
pub use sheet::{Burden, GM, STATS, Sheet, SheetKind, StatBoxes, Trait};
pub use state::{Character, Conflict, Obligation, Participant, Standing, State, Step, StepKind};
pub use trait_list::TraitDef;
