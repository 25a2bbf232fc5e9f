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
/// Every error but the dice source's is found before any die is drawn, from the text and from the
/// range of values each part can take, so no message ever holds a rolled value. Errors found in text
/// (by [`parse`](super::parse) and [`check_str`](super::check_str)) carry the 0-based character
/// position they point at; errors in a hand-built [`Expr`](super::Expr) (checked by
/// [`check`](super::check)) and the dice source's errors carry none.
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
    /// the input's length when the expression ends too early. `None` for errors in a hand-built
    /// [`Expr`](super::Expr) and for the dice source's errors.
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
/// impossible-dice kinds from [`parse`](super::parse) and [`check`](super::check); the kinds of what
/// could go wrong while rolling ([`ErrorKind::Overflow`], [`ErrorKind::DivisionByZero`],
/// [`ErrorKind::TooManyThrows`]) from [`check_str`](super::check_str) and [`check`](super::check),
/// before any die is drawn; only [`ErrorKind::Source`] comes from rolling itself.
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
    /// A result that is, or can be, outside the `i64` range: found before rolling from the range of
    /// values the part can take, so the message quotes that range, never a rolled value.
    #[error(
        "{operation} {}, and every value must stay within {} to {}",
        reach(*low, *high),
        i64::MIN,
        i64::MAX
    )]
    Overflow {
        /// The part of the expression that overflows, in canonical notation, e.g.
        /// `9223372036854775807 + 1d6`.
        operation: String,
        /// The smallest value the part can take (may be below `i64::MIN`).
        low: i128,
        /// The largest value the part can take (may be above `i64::MAX`).
        high: i128,
    },
    /// A divisor that is, or can be, 0: found before rolling from the divisor's range.
    #[error("{}", divisor_message(divisor, *low, *high))]
    DivisionByZero {
        /// The divisor, in canonical notation (in parentheses unless it is a number or a dice term).
        divisor: String,
        /// The smallest value the divisor can take.
        low: i64,
        /// The largest value the divisor can take.
        high: i64,
    },
    /// The roll may need more than [`MAX_THROWS`] throws of a die when every reroll and explosion
    /// runs to its cap: found before rolling, from each term's highest count.
    #[error(
        "the roll may need up to {throws} throws of a die, counting every reroll and explosion at \
         its cap (100 each): the limit is {MAX_THROWS} throws per roll"
    )]
    TooManyThrows {
        /// The most throws the whole expression may need, up to and including the term the error
        /// points at (saturates at `u64::MAX`).
        throws: u64,
    },
    /// The dice source could not give a value (a scripted source ran out, or holds a value that is
    /// not a face of the die).
    #[error("the dice source failed: {0}")]
    Source(#[from] SourceError),
}

/// `"overflows: it is 9223372036854775808"` for a fixed value, `"can overflow: it can reach ..."`
/// for a range.
fn reach(low: i128, high: i128) -> String {
    let (min, max) = (i128::from(i64::MIN), i128::from(i64::MAX));
    if low == high {
        format!("overflows: it is {low}")
    } else if low < min && high > max {
        format!("can overflow: it can reach {low} and {high}")
    } else if high > max {
        format!("can overflow: it can reach {high}")
    } else {
        format!("can overflow: it can reach {low}")
    }
}

fn divisor_message(divisor: &str, low: i64, high: i64) -> String {
    if low == 0 && high == 0 {
        if divisor == "0" {
            "the divisor is 0: a divisor must not be 0".to_string()
        } else {
            format!("the divisor {divisor} is always 0: a divisor must not be 0")
        }
    } else {
        format!(
            "the divisor {divisor} can be 0 (it ranges over {low} to {high}): a divisor must \
             never be 0, whatever the dice show"
        )
    }
}

/// `"5"` for a fixed value, `"-3 to 4 (why)"` for a rolled one.
fn span(low: i64, high: i64, why: &str) -> String {
    if low == high {
        low.to_string()
    } else {
        format!("{low} to {high} ({why})")
    }
}
