//! Skald's rules core: what every game system shares.
//!
//! A [`System`] turns a command plus dice into events (or refuses it with a rule error), and folds
//! events into state. A [`Table`] keeps the log: the table options first, then one [`Entry`] per
//! accepted command with the events it produced. State is always the fold of that log, so undo is
//! dropping the last entry and folding again. At an online table, [`System::authority`] says who may
//! send each command ([`Authority`]: the GM only, a character's player, anyone seated, or whoever
//! enrolls a new character).
//!
//! [`Game`] puts any system behind JSON ([`Rules`] makes one of a [`System`]), for what holds a
//! system without naming it: an online table, a scenario, a page.
//!
//! Nothing here does I/O, reads a clock or owns a random generator: dice come in through a
//! [`DiceSource`] the caller picks (seeded random in play, scripted in tests and scenarios).

mod authority;
mod board;
mod chronicle;
mod fight;
mod game;
mod listed;
mod moves;
mod parts;
mod path;
mod read_json;
mod refusal;
mod refused;
mod rulings;
mod shape;
mod system;
mod table;
mod words;

pub use authority::Authority;
pub use board::Board;
pub use chronicle::{Chronicle, Episode, STILL_GOING};
pub use fight::Fight;
pub use game::{Decided, Game, GameError, Rules};
pub use listed::{Listed, Registry};
pub use moves::{
    Chance, Choice, Condition, Field, FieldKind, Fill, Move, Odds, SAY, Seat, TALK_CHARS, Total,
};
pub use parts::{Decider, Part};
pub use path::{dotted, get_path, set_path};
pub use read_json::read_json;
pub use refusal::{Forms, Problem, Worded, human_path, plain, word_options};
pub use refused::{Refusal, RefusalKind};
pub use rulings::{Ruling, Rulings};
pub use shape::{CommandShape, Head};
pub use skald_dice::{DiceSource, Die, Scripted, SeededRandom, SourceError};
pub use system::System;
pub use table::{Entry, Table};
pub use words::{
    and_list, bounds, capitalized, chance, choice_percent, estimate, name_meant, noun, percent,
    plural, said, said_in_advice, simulated,
};
