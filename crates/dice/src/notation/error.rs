//! The notation's one error type: [`NotationError`] (a kind plus, for errors found in the text, the
//! 0-based character position), and [`NotationError::render`], which draws a caret under that position.
//!
//! Every message names the value that is wrong and the range that is allowed, so a player can fix the
//! expression without reading the docs.

use std::fmt;

use crate::source::SourceError;

use super::limits::{MAX_DEPTH, MAX_DICE, MAX_LENGTH, MAX_NODES, MAX_SIDES, MAX_THROWS};

/// Why an expression could not be parsed or rolled: see [`NotationError::kind`].
///
/// Errors found while reading the text (syntax, limits, impossible dice) carry the 0-based character
/// position they point at; errors found while rolling (overflow, division by zero, the dice source)
/// carry none, because the AST keeps no positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    kind: ErrorKind,
    position: Option<usize>,
}

impl NotationError {
    /// An error of `kind` pointing at the 0-based character `position` of the input.
    pub(crate) fn at(kind: ErrorKind, position: usize) -> Self {
        Self {
            kind,
            position: Some(position),
        }
    }

    /// An error of `kind` that points at no particular character (found while rolling).
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Self {
            kind,
            position: None,
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The 0-based index, in characters (not bytes), of the character the error points at. It equals
    /// the input's length when the expression ends too early. `None` for errors found while rolling.
    pub fn position(&self) -> Option<usize> {
        self.position
    }

    /// The error for a person: the input, a caret under the offending character, then the message.
    ///
    /// ```text
    /// 1da
    ///   ^
    /// unexpected character 'a': ...
    /// ```
    ///
    /// Tabs, newlines and other whitespace in the input are drawn as spaces so the caret lines up.
    /// Without a position, only the message is returned.
    pub fn render(&self, input: &str) -> String {
        let Some(position) = self.position else {
            return self.kind.to_string();
        };
        let line: String = input
            .chars()
            .map(|c| {
                if c.is_whitespace() || c.is_control() {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        let caret = " ".repeat(position);
        format!("{line}\n{caret}^\n{}", self.kind)
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(position) => write!(f, "{} (at character {position})", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Source(source) => Some(source),
            _ => None,
        }
    }
}

impl From<ErrorKind> for NotationError {
    fn from(kind: ErrorKind) -> Self {
        Self::new(kind)
    }
}

/// The kinds of [`NotationError`]. Syntax kinds come from [`parse`](super::parse); limit and
/// impossible-dice kinds from both [`parse`](super::parse) and [`roll`](fn@super::roll) (which checks a
/// hand-built [`Expr`](super::Expr) again); arithmetic and source kinds from [`roll`](fn@super::roll).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character that is no part of the notation.
    #[error(
        "unexpected character {found:?}: the notation uses digits, d, F, %, + - * /, parentheses, \
         kh kl dh dl k, r ro, ! !!, < <= > >= ="
    )]
    UnexpectedCharacter {
        /// The character found.
        found: char,
    },
    /// A token where the grammar wants something else.
    #[error("expected {expected}, found '{found}'")]
    UnexpectedToken {
        /// The token found, as written.
        found: String,
        /// What the grammar allows at this point.
        expected: &'static str,
    },
    /// The expression ends where the grammar wants more (also: an empty expression).
    #[error("the expression ends too early: expected {expected}")]
    UnexpectedEnd {
        /// What the grammar wants next.
        expected: &'static str,
    },
    /// A number literal does not fit in an `i64`.
    #[error("the number {digits} is too large: numbers go from 0 to {max}", max = i64::MAX)]
    NumberTooLarge {
        /// The literal as written.
        digits: String,
    },
    /// The expression is longer than [`MAX_LENGTH`] characters.
    #[error("the expression is {length} characters long: the limit is {MAX_LENGTH} characters")]
    TooLong {
        /// The expression's length in characters.
        length: usize,
    },
    /// Parentheses nest deeper than [`MAX_DEPTH`] levels.
    #[error("parentheses nest more than {MAX_DEPTH} levels deep: the limit is {MAX_DEPTH}")]
    TooDeep,
    /// The expression has more than [`MAX_NODES`] numbers, operators and dice terms (only a hand-built
    /// [`Expr`](super::Expr) can: no [`MAX_LENGTH`]-character text has that many).
    #[error(
        "the expression has {nodes} parts (numbers, operators, dice): the limit is {MAX_NODES}"
    )]
    TooManyNodes {
        /// How many nodes the expression has (counted up to the first one past the limit).
        nodes: usize,
    },
    /// The expression may roll more than [`MAX_DICE`] dice, counted before rerolls and explosions.
    /// Counts that are themselves rolled count at their highest possible value.
    #[error(
        "the expression rolls up to {dice} dice: the limit is {MAX_DICE} dice per roll \
         (counted before rerolls and explosions)"
    )]
    TooManyDice {
        /// The total number of dice the expression may roll (saturates at `u64::MAX`).
        dice: u64,
    },
    /// A die's number of sides is outside 1 to [`MAX_SIDES`]. When the sides are rolled, `low` and
    /// `high` are the smallest and largest they can be.
    #[error("sides must be 1 to {MAX_SIDES}, got {}", span(*low, *high, "the sides are rolled"))]
    SidesOutOfRange {
        /// The smallest number of sides the term can get.
        low: i64,
        /// The largest number of sides the term can get.
        high: i64,
    },
    /// A number of dice below 0. When the count is rolled, `low` and `high` are its range.
    #[error("the number of dice must be 0 or more, got {}", span(*low, *high, "the count is rolled"))]
    NegativeCount {
        /// The smallest count the term can get.
        low: i64,
        /// The largest count the term can get.
        high: i64,
    },
    /// A reroll condition that every face meets: the die could never stop.
    #[error(
        "{term} rerolls every face of a {die} ({low} to {high}): a reroll condition must leave at \
         least one face"
    )]
    RerollsEveryFace {
        /// The dice term, in canonical notation.
        term: String,
        /// The die, with the fewest sides it can have.
        die: String,
        /// The die's lowest face.
        low: i64,
        /// The die's highest face.
        high: i64,
    },
    /// An explosion condition that every face meets (after rerolls): the die would explode forever.
    #[error(
        "{term} explodes on every face of a {die} ({low} to {high}) that its rerolls leave: an \
         explosion condition must leave at least one face that stops"
    )]
    ExplodesOnEveryFace {
        /// The dice term, in canonical notation.
        term: String,
        /// The die, with the fewest sides it can have.
        die: String,
        /// The die's lowest face.
        low: i64,
        /// The die's highest face.
        high: i64,
    },
    /// The same kind of modifier twice on one dice term (two keep/drop, two explosions).
    #[error("a dice term takes at most one {modifier} modifier")]
    DuplicateModifier {
        /// Which modifier: `"keep/drop (kh kl dh dl)"` or `"explosion (! !!)"`.
        modifier: &'static str,
    },
    /// `r` and `ro` on the same dice term.
    #[error("a dice term rerolls with r (until the condition fails) or ro (once), not both")]
    MixedRerolls,
    /// A comparison of a comparison, like `1 < 2 < 3`.
    #[error(
        "comparisons do not chain (a > b > c): put one of them in parentheses, like (a > b) > c"
    )]
    ChainedComparison,
    /// An arithmetic result outside the `i64` range.
    #[error(
        "{operation} overflows: every value must stay within {} to {}",
        i64::MIN,
        i64::MAX
    )]
    Overflow {
        /// The operation that overflowed, e.g. `9223372036854775807 + 1`.
        operation: String,
    },
    /// A division by zero.
    #[error("{dividend} / 0: the divisor must not be 0")]
    DivisionByZero {
        /// The value that was to be divided.
        dividend: i64,
    },
    /// The roll needed more than [`MAX_THROWS`] throws of a die, counting every reroll and explosion.
    #[error(
        "the roll needs more than {MAX_THROWS} throws of a die (rerolls and explosions included): the \
         limit is {MAX_THROWS}"
    )]
    TooManyThrows,
    /// The dice source could not give a value (a scripted source ran out, or holds a value that is
    /// not a face of the die).
    #[error("the dice source failed: {0}")]
    Source(#[from] SourceError),
}

/// `"5"` for a fixed value, `"-3 to 4 (why)"` for a rolled one.
fn span(low: i64, high: i64, why: &str) -> String {
    if low == high {
        low.to_string()
    } else {
        format!("{low} to {high} ({why})")
    }
}
