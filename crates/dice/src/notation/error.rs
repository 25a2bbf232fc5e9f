//! The notation's one error type: [`NotationError`] (a kind plus, for errors found in the text, the
//! 0-based character position), and [`NotationError::render`], which draws a caret under that position.
//!
//! Every message names the value that is wrong and the range that is allowed, so a player can fix the
//! expression without reading the docs.

use std::fmt;

use crate::source::SourceError;

use super::limits::{MAX_DEPTH, MAX_DICE, MAX_LENGTH, MAX_NODES, MAX_QUOTE, MAX_SIDES, MAX_THROWS};

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
    /// An input longer than [`MAX_QUOTE`] characters is quoted only in part: the [`MAX_QUOTE`]
    /// characters around the caret, with `…` where the input was cut (so a 40,000-character input
    /// gives a refusal of about 200 bytes, not 40 KB), and the caret still under the character it
    /// points at. Without a position, only the message is returned.
    ///
    /// ```
    /// let input = format!("{}x", "1+".repeat(100));
    /// let error = skald_dice::notation::parse(&input).unwrap_err();
    /// let rendered = error.render(&input);
    /// let lines: Vec<&str> = rendered.lines().collect();
    /// assert_eq!(lines[0], format!("…{}+x", "+1".repeat(39)));
    /// assert_eq!(lines[1], format!("{}^", " ".repeat(80)));
    /// ```
    pub fn render(&self, input: &str) -> String {
        let Some(position) = self.position else {
            return self.kind.to_string();
        };
        let (line, column) = excerpt(input, position);
        let caret = " ".repeat(column);
        format!("{line}\n{caret}^\n{}", self.kind)
    }
}

/// At most [`MAX_QUOTE`] characters of `input` around the 0-based character `position`, whitespace
/// and control characters drawn as spaces, with `…` at each end that was cut; and the column (in
/// characters) of `position` in that line. A `position` past the end points just after the last
/// character.
fn excerpt(input: &str, position: usize) -> (String, usize) {
    let chars: Vec<char> = input
        .chars()
        .map(|c| {
            if c.is_whitespace() || c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect();
    let length = chars.len();
    let position = position.min(length);
    let start = if length <= MAX_QUOTE {
        0
    } else {
        // The caret in the middle of the window, unless the window would pass an end.
        position
            .saturating_sub(MAX_QUOTE / 2)
            .min(length - MAX_QUOTE)
    };
    let end = length.min(start + MAX_QUOTE);
    let mut line = String::new();
    if start > 0 {
        line.push('…');
    }
    line.extend(&chars[start..end]);
    if end < length {
        line.push('…');
    }
    (line, position - start + usize::from(start > 0))
}

/// `text` as a message quotes a part of an expression: whole up to [`MAX_QUOTE`] characters, else
/// its first 39 and last 40 characters around a `…` that stands for the middle, [`MAX_QUOTE`]
/// characters in all.
pub(crate) fn shorten(text: &str) -> String {
    let length = text.chars().count();
    if length <= MAX_QUOTE {
        return text.to_string();
    }
    let head = (MAX_QUOTE - 1) / 2;
    let tail = MAX_QUOTE - 1 - head;
    let mut short: String = text.chars().take(head).collect();
    short.push('…');
    short.extend(text.chars().skip(length - tail));
    short
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
        /// The token found, as written (a number of more than 40 digits shortened, with its count
        /// of digits).
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
    /// A number written in the text is beyond what its place takes (and beyond an `i64`): the
    /// message names the place and its limits, like `sides must be 1 to 1000000, got
    /// 99999999999999999999`. (A number that fits an `i64` but not its place is refused by the
    /// check of that place: [`ErrorKind::SidesOutOfRange`], [`ErrorKind::TooManyDice`].)
    #[error("{}", number_message(*place, digits))]
    NumberTooLarge {
        /// Where the number stands: sides, a count of dice, a compare point...
        place: NumberPlace,
        /// The number as written: its digits, after a `-` for a negative compare point
        /// (`1dF!=-99999999999999999999`).
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
        "{} rerolls every face of a {die} ({}): a reroll condition must leave at least one face",
        shorten(term),
        faces(*low, *high)
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
        "{} explodes on every face of a {die} ({}) that its rerolls leave: an explosion \
         condition must leave at least one face that stops",
        shorten(term),
        faces(*low, *high)
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
        /// Which modifier: `"keep/drop (kh kl dh dl d)"` or `"explosion (! !!)"`.
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
        "{} {}, and every value must stay within {} to {}",
        shorten(operation),
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
    #[error("{}", divisor_message(&shorten(divisor), *low, *high))]
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

/// Where a number stands in the notation, for [`ErrorKind::NumberTooLarge`]: each place takes its
/// own values ([`NumberPlace::range`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NumberPlace {
    /// The number of dice, before `d`: `4` in `4d6`.
    Count,
    /// The number of sides, after `d`: `6` in `4d6`.
    Sides,
    /// How many dice a keep or drop modifier keeps or drops: `3` in `4d6kh3`, `1` in `2d20d1`.
    KeepCount,
    /// A reroll's compare point: `1` in `2d6r1`, `3` in `1d6r<3`.
    RerollPoint,
    /// An explosion's compare point: `5` in `3d6!>=5`.
    ExplodePoint,
    /// The point dice are counted against in success counting: `7` in `6d10>=7`.
    SuccessPoint,
    /// Any other number: a constant in arithmetic or in a comparison (`5` in `1d20 + 5`), or
    /// anything in parentheses (`(2+3)d6`).
    Constant,
}

impl NumberPlace {
    /// The smallest and the largest number the place takes as written. A count of dice goes up to
    /// [`MAX_DICE`] (the most one roll may have), sides up to [`MAX_SIDES`]; a keep or drop count and
    /// a constant go up to `i64::MAX` (a constant is negative only through the minus operator); a
    /// compare point may be written negative, from `-i64::MAX` up.
    pub fn range(self) -> (i64, i64) {
        match self {
            NumberPlace::Count => (0, MAX_DICE.try_into().unwrap_or(i64::MAX)),
            NumberPlace::Sides => (1, MAX_SIDES),
            NumberPlace::KeepCount | NumberPlace::Constant => (0, i64::MAX),
            NumberPlace::RerollPoint | NumberPlace::ExplodePoint | NumberPlace::SuccessPoint => {
                (-i64::MAX, i64::MAX)
            }
        }
    }

    /// The place as a message names it: `"the number of dice"`, `"sides"`, `"a reroll point"`...
    pub fn name(self) -> &'static str {
        match self {
            NumberPlace::Count => "the number of dice",
            NumberPlace::Sides => "sides",
            NumberPlace::KeepCount => "a keep or drop count",
            NumberPlace::RerollPoint => "a reroll point",
            NumberPlace::ExplodePoint => "an explosion point",
            NumberPlace::SuccessPoint => "a success-counting point",
            NumberPlace::Constant => "a number",
        }
    }

    /// What the message adds after the range, if anything.
    fn note(self) -> String {
        match self {
            NumberPlace::Count => " (the most one roll may have)".to_owned(),
            NumberPlace::KeepCount => {
                " (more than there are dice keeps or drops them all)".to_owned()
            }
            NumberPlace::RerollPoint | NumberPlace::ExplodePoint | NumberPlace::SuccessPoint => {
                format!(" (a die's faces go from -1 to {MAX_SIDES})")
            }
            NumberPlace::Constant => " (a negative number is written with a minus sign)".to_owned(),
            NumberPlace::Sides => String::new(),
        }
    }
}

/// `"sides must be 1 to 1000000, got 99999999999999999999"`.
fn number_message(place: NumberPlace, digits: &str) -> String {
    let (low, high) = place.range();
    format!(
        "{} must be {low} to {high}{}, got {}",
        place.name(),
        place.note(),
        shown_digits(digits)
    )
}

/// The most digits a message shows of a number; a longer one is shown by its first digits and
/// its count of digits.
const MAX_DIGITS_SHOWN: usize = 40;

/// `digits` whole up to [`MAX_DIGITS_SHOWN`] characters, else its first 20 characters, `…` and how
/// many digits it has: `"99999999999999999999… (1000 digits)"`.
pub(crate) fn shown_digits(digits: &str) -> String {
    let length = digits.chars().count();
    if length <= MAX_DIGITS_SHOWN {
        return digits.to_string();
    }
    let count = digits.chars().filter(char::is_ascii_digit).count();
    let head: String = digits.chars().take(20).collect();
    format!("{head}… ({count} digits)")
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

/// A die's faces: `"1 to 6"`, or `"1 only"` for a d1.
fn faces(low: i64, high: i64) -> String {
    if low == high {
        format!("{low} only")
    } else {
        format!("{low} to {high}")
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
