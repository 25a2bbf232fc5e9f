//! The data of a Loqi table, and nothing but the data: each type with its serde shape, its docs and
//! its trivial accessors. No rule, no dice, no error check lives here (those are in `rules/`), and
//! nothing here imports from `rules/` or the files beside it but `limits.rs`.
//!
//! - `options.rs`: [`Options`], the table options (RULINGS L3, L4, L5, L8 and the book's optional
//!   rules), with their defaults and the lobby's fields.
//! - `sheet.rs`: [`Sheet`], a character as written, with its [`Trait`]s; [`GM`], the name that
//!   stands for the game master.
//! - `command.rs`: [`Command`], every command the rules decide (`{"do": ...}`), with
//!   [`ModifierKind`].
//! - `event.rs`: [`Event`], every fact that happened, with [`Purpose`], [`StrengthCause`],
//!   [`ChangeCause`] and [`Payment`].
//! - `state.rs`: [`State`], the table, and what it holds: [`Character`] (a character at the table:
//!   traits now, influence, strength, the [`TraitChange`]s in force), [`Story`], [`Resolved`],
//!   [`Fulfilled`]; [`TraitNow`] and [`PlannedChange`], a trait as it stands and a checked change.
//! - `problem.rs`: [`Problem`], its two [`Outcome`]s by [`Side`], each a likelihood tally of
//!   [`Entry`]s ([`EntryKind`], [`TraitUse`]); its [`Scale`] (book: Problems, Evaluating Problems).
//! - `consequence.rs`: [`Consequence`], what an outcome changes, and [`Priced`], one with its impact.
//! - `impact.rs`: [`Lasts`], [`Hundredths`] and [`Reach`] (L2, L7).
//! - `goals.rs`: [`Goal`], [`GoalKind`], [`Origin`], [`AddedAt`], [`GoalDraft`] (L6).
//! - `strength.rs`: [`Strength`], [`Action`] and [`Status`] (L8).
//! - `resolution.rs`: [`Odds`], [`Roll`], [`Verdict`] and [`Resolution`], a d12 resolution (L3, L4).
//! - `rulings.rs`: [`RULINGS`], the rules page: how to play, and each ruling the crate cites.

mod command;
mod consequence;
mod event;
mod goals;
mod impact;
pub(crate) mod options;
mod problem;
mod resolution;
mod rulings;
mod sheet;
mod state;
mod strength;

pub use command::{Command, ModifierKind, Verb};
pub use consequence::{Consequence, Priced};
pub use event::{ChangeCause, Event, Purpose, StrengthCause};
pub use goals::{AddedAt, Goal, GoalDraft, GoalKind, Origin, Payment};
pub use impact::{Hundredths, Lasts, Reach};
pub use options::Options;
pub use problem::{Entry, EntryKind, Outcome, Problem, Scale, Side, TraitUse};
pub use resolution::{Odds, Resolution, Roll, Verdict};
pub use rulings::RULINGS;
pub use sheet::{GM, Sheet, Trait};
pub use state::{
    Character, Fulfilled, PlannedChange, Resolved, State, Story, TraitChange, TraitNow,
};
pub use strength::{Action, Status, Strength};
