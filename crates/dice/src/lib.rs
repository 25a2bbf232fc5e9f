//! Skald's dice: where values come from ([`source`]), the dice notation ([`notation`]) and exact odds
//! ([`odds`]).
//!
//! This crate is pure: it does no I/O, reads no clock and owns no global generator. Randomness enters
//! only through a [`DiceSource`] the caller hands in.

pub mod notation;
pub mod odds;
pub mod source;

pub use notation::{Checked, Expr, NotationError, Roll, check, check_str, parse, roll, roll_str};
pub use source::{DiceSource, Die, Scripted, SeededRandom, SourceError};
