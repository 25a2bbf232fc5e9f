//! The dice notation: text like `4d6kh3`, `2d20kh1 + 5` or `6d10>=7`, parsed into an [`Expr`] and
//! rolled with a [`DiceSource`] into a [`Roll`].
//!
//! The user guide, with the grammar, precedence, bounds and examples, is `docs/dice-notation.md`; the
//! grammar and the success-counting rule are also in the [`parser`] module docs.
//!
//! - `lexer`: text to tokens (whitespace, `−`, case).
//! - [`parser`]: tokens to the tree; text limits; each term checked where it is read.
//! - [`ast`]: the tree ([`Expr`]) and its canonical notation (`Display`).
//! - [`limits`]: the bounds and the checks made before rolling.
//! - [`roll`](mod@roll): evaluation and the record of every die ([`Roll`]).
//! - [`error`]: [`NotationError`] and its [`ErrorKind`]s.
//!
//! ```
//! use skald_dice::{Scripted, notation};
//!
//! let roll = notation::roll_str("4d6kh3", &mut Scripted::new([6, 5, 2, 3])).expect("rolls");
//! assert_eq!(roll.total, 14);
//! assert_eq!(roll.to_string(), "4d6kh3: [6, 5, ~2~, 3] = 14\ntotal: 14 (4d6kh3)");
//! ```

pub mod ast;
pub mod error;
pub(crate) mod lexer;
pub mod limits;
pub mod parser;
pub mod roll;

pub use ast::{
    BinaryOp, CompareOp, ComparePoint, DiceTerm, Explode, ExplodeMode, Expr, Keep, KeepMode,
    Modifiers, Reroll, RerollMode, Sides,
};
pub use error::{ErrorKind, NotationError};
pub use roll::{Roll, RolledDie, TermRoll, roll};

use crate::source::DiceSource;

/// Parses dice notation into an expression tree.
///
/// Checks the text limits (at most [`limits::MAX_LENGTH`] characters, parentheses at most
/// [`limits::MAX_DEPTH`] deep) and every dice term (sides 1 to [`limits::MAX_SIDES`], counts `>= 0`,
/// at most [`limits::MAX_DICE`] dice in all, no reroll or explosion condition that every face meets),
/// so an expression that parses can be rolled unless its arithmetic overflows or divides by zero.
///
/// # Errors
/// A [`NotationError`] whose [`position`](NotationError::position) is the 0-based character the
/// problem starts at (the input's length when it ends too early).
pub fn parse(input: &str) -> Result<Expr, NotationError> {
    parser::parse(input)
}

/// Parses `input` and rolls it with `dice`: [`parse`] then [`roll`](fn@roll).
///
/// # Errors
/// Those of [`parse`] and of [`roll`](fn@roll).
pub fn roll_str(input: &str, dice: &mut dyn DiceSource) -> Result<Roll, NotationError> {
    roll(&parse(input)?, dice)
}
