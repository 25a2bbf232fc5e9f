//! The Freelancer data, and nothing but the data: each type with its serde shape, docs and trivial
//! accessors. The rules over it are in [`crate::rules`].
//!
//! [`options`] (the table options, F4-F8), [`sheet`] (a character as written, [`Sheet`], and as the
//! table keeps it, [`Character`]; the ratings, F8), [`number`] (whole numbers to 10^30),
//! [`vocation`] (the eight vocations and ability paths, F8), [`formula`] (the stat formula language,
//! F8), [`adjustment`] (rating adjustments, F4), [`check`] (a check's equalized ratings, band,
//! outcome and consequence, F1-F3), [`roll`] (a roll of the other dice, d4 to d20, with each die's
//! Crit or Botch, F1), [`command`], [`event`], [`scene`] (the book's Event under way, F5-F7),
//! [`state`], [`rulings`] (the rules page: how to play, and each ruling the crate cites).

pub mod adjustment;
pub mod check;
pub mod command;
pub mod event;
pub mod formula;
pub mod number;
pub mod options;
pub mod roll;
pub mod rulings;
pub mod scene;
pub mod sheet;
pub mod state;
pub mod vocation;

pub use adjustment::{Adjusted, Adjustment, Factor};
pub use check::{Band, CheckOdds, Consequence, Equalized, Outcome};
pub use command::{Command, Contestant, RatingSource, Verb};
pub use event::{Check, Event, Lifter, TaskCheck, TeamLift};
pub use formula::Formula;
pub use number::{Number, NumberInput};
pub use options::{BothMiss, InitiativeMethod, OpposedMethod, Options};
pub use roll::{DiceOdds, DiceRoll, Mark, RolledDie};
pub use rulings::RULINGS;
pub use scene::{InitiativeRoll, Round, Scene, Slot};
pub use sheet::{Ability, AbilityInput, Character, Influence, Kind, Rating, Sheet};
pub use state::State;
pub use vocation::{Organisation, Path, Vocation};
