//! The dice notation: text like `4d6kh3`, `2d20kh1 + 5` or `6d10>=7`, parsed into an [`Expr`],
//! checked into a [`Checked`] expression and rolled with a [`DiceSource`] into a [`Roll`].
//!
//! **An expression is refused before any die is drawn, or rolls to the end.** [`check_str`] (text)
//! and [`check`] (a tree) refuse everything that could go wrong while rolling: a limit, a divisor
//! that can be 0, a value that can leave `i64`, more throws than [`limits::MAX_THROWS`]. Only the dice
//! source can still fail (a [`Scripted`](crate::Scripted) source that runs out). No refusal quotes a
//! rolled value.
//!
//! The user guide, with the grammar, precedence, bounds and examples, is `docs/dice-notation.md`; the
//! grammar and the success-counting rule are also in the [`parser`] module docs.
//!
//! - `lexer`: text to tokens (whitespace, `−`, case).
//! - [`parser`]: tokens to the tree; text limits; each term checked where it is read.
//! - [`ast`]: the tree ([`Expr`]) and its canonical notation (`Display`).
//! - [`limits`]: the bounds and the checks made before rolling (by the parser and by [`check`]).
//! - [`roll`](mod@roll): [`Checked`] expressions, evaluation and the record of every die ([`Roll`]).
//! - [`error`]: [`NotationError`] and its [`ErrorKind`]s.
//!
//! ```
//! use skald_dice::{Scripted, notation};
//!
//! let roll = notation::roll_str("4d6kh3", &mut Scripted::new([6, 5, 2, 3])).expect("rolls");
//! assert_eq!(roll.total, 14);
//! assert_eq!(roll.to_string(), "4d6kh3: [6, 5, ~2~, 3] = 14\ntotal: 14 (4d6kh3)");
//!
//! // Bound the roll before drawing: 3 dice, each exploding up to 100 times.
//! let checked = notation::check_str("3d6!").expect("checks");
//! assert_eq!(checked.max_throws(), 303);
//! let error = notation::check_str("1d6 / (1d6 - 1)").unwrap_err();
//! assert_eq!(
//!     error.render("1d6 / (1d6 - 1)"),
//!     "1d6 / (1d6 - 1)\n    ^\nthe divisor (1d6 - 1) can be 0 (it ranges over 0 to 5): a divisor \
//!      must never be 0, whatever the dice show"
//! );
//! ```

pub mod ast;
mod checks;
pub mod error;
pub(crate) mod lexer;
pub mod limits;
pub mod parser;
pub mod roll;

pub use ast::{
    BinaryOp, CompareOp, ComparePoint, DiceTerm, Explode, ExplodeMode, Expr, Keep, KeepMode,
    Modifiers, Reroll, RerollMode, Sides,
};
pub use error::{ErrorKind, NotationError, NumberPlace};
pub use roll::{Checked, Roll, RolledDie, TermRoll, check, roll};

use crate::source::DiceSource;

/// Parses dice notation into an expression tree.
///
/// Checks the text limits (at most [`limits::MAX_LENGTH`] characters, parentheses at most
/// [`limits::MAX_DEPTH`] deep) and every dice term (sides 1 to [`limits::MAX_SIDES`], counts `>= 0`,
/// at most [`limits::MAX_DICE`] dice in all, no reroll or explosion condition that every face meets).
/// It does not check what could go wrong while rolling: [`check_str`] does, and rolling needs it.
///
/// # Errors
/// A [`NotationError`] whose [`position`](NotationError::position) is the 0-based character the
/// problem starts at (the input's length when it ends too early).
pub fn parse(input: &str) -> Result<Expr, NotationError> {
    parser::parse(input)
}

/// Parses `input` and checks it completely ([`parse`], then [`check`]'s checks of what could go wrong
/// while rolling), so that [`Checked::roll`] cannot fail but for its dice source.
///
/// [`Checked::max_throws`] bounds the dice a roll of it draws, for a caller that must bound a roll's
/// record before drawing (`3d6`: 3, `10d10!>=8`: 1,010, `2d6r1`: 202).
///
/// # Errors
/// Those of [`parse`], then [`ErrorKind::DivisionByZero`] (a divisor whose range holds 0, e.g.
/// `1d6 / (1d6 - 1)`), [`ErrorKind::Overflow`] (a part whose range leaves `i64`, e.g.
/// `9223372036854775807 + 1d6`), [`ErrorKind::TooManyThrows`] (more than [`limits::MAX_THROWS`]
/// throws at worst, e.g. `100d6r1!`). Every error points at the 0-based character of the part: the
/// operator of a division or an overflowing operation, the minus sign of a negation, the start of a
/// dice term. None holds a rolled value: none is drawn.
pub fn check_str(input: &str) -> Result<Checked, NotationError> {
    let (expr, positions) = parser::parse_positioned(input)?;
    let max_throws = checks::check_rolling(&expr, &positions)?;
    Ok(roll::Checked::new(expr, max_throws))
}

/// Checks `input` and rolls it with `dice`: [`check_str`] then [`Checked::roll`]. Any refusal but the
/// dice source's comes before the first die is drawn.
///
/// # Errors
/// Those of [`check_str`] (no die drawn) and of [`Checked::roll`] (only the dice source's).
pub fn roll_str(input: &str, dice: &mut dyn DiceSource) -> Result<Roll, NotationError> {
    check_str(input)?.roll(dice)
}
