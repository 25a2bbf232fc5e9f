//! Stat formulas (ruling F8): the book's stat formulas are missing, so a table may define its own, one
//! per stat, in a small arithmetic language over the attributes and the level:
//!
//! ```text
//! formula := sum
//! sum     := product (("+" | "-") product)*
//! product := unary (("*" | "/") unary)*
//! unary   := "-" unary | "(" sum ")" | integer | name
//! name    := MIT | VIG | ALC | INT | MRL | LCK | LVL      (any case; LVL is the level)
//! ```
//!
//! `/` divides and drops the fraction (toward zero), as equalizing does. Arithmetic is exact (big
//! integers), so nothing overflows on the way; the result must be a whole number 0 to 10^30. A formula
//! is at most 200 characters and 32 levels deep; integers in it are at most 10^30. A formula may use
//! only what the book says affects its stat (HP: VIG MRL LCK, and so on; [`Rating::affected_by`]).
//! A formula is read ([`Formula::parse`], and from its text in options) by
//! [`crate::rules::formula_parse`], where the dice notation's parser is not reused: it has no
//! variables; its value is [`crate::rules::formula`].

use crate::model::sheet::{Influence, Rating};
use serde::{Serialize, Serializer};
use std::fmt;

/// What a formula may name: an attribute or the level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Variable {
    /// One of MIT VIG ALC INT MRL LCK.
    Attribute(Rating),
    /// `LVL`, the character's level.
    Level,
}

impl Variable {
    /// `"MIT"` ... or `"LVL"`.
    pub fn name(self) -> &'static str {
        match self {
            Variable::Attribute(r) => r.abbreviation(),
            Variable::Level => "LVL",
        }
    }
}

/// A parsed formula's tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// An integer, 0 to 10^30.
    Number(u128),
    /// An attribute or the level.
    Variable(Variable),
    /// `-x`.
    Negate(Box<Expr>),
    /// `x op y`.
    Binary(Op, Box<Expr>, Box<Expr>),
}

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`, dropping the fraction; the position is the operator's, for the division-by-zero error.
    Divide(usize),
}

/// A stat formula: its text and its tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formula {
    source: String,
    expr: Expr,
    /// Every name used, with the 1-based character position of its first use.
    uses: Vec<(Variable, usize)>,
}

/// Why a formula does not parse: the 1-based character position and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at character {position}: {message}")]
pub struct ParseError {
    /// 1-based character position (one past the end for "ended early").
    pub position: usize,
    /// What is wrong.
    pub message: String,
}

/// Why a formula has no value for a character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    /// The sheet lacks an attribute the formula names.
    Missing(Variable),
    /// The result is below 0 or above 10^30 (the value, in digits).
    OutOfRange(String),
    /// A division by zero at this 1-based character position.
    DivisionByZero(usize),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Missing(v) => write!(f, "the sheet has no {}", v.name()),
            EvalError::OutOfRange(value) => {
                write!(f, "it comes to {value}, but a stat is 0 to 10^30")
            }
            EvalError::DivisionByZero(at) => {
                write!(f, "the division at character {at} divides by zero")
            }
        }
    }
}

impl Formula {
    /// A formula from its text, its tree and the names it uses (made by
    /// [`crate::rules::formula_parse`]).
    pub(crate) fn new(source: String, expr: Expr, uses: Vec<(Variable, usize)>) -> Self {
        Formula { source, expr, uses }
    }

    /// The formula as written.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The tree.
    pub fn expr(&self) -> &Expr {
        &self.expr
    }

    /// The names used, each with the position of its first use, in order of first use.
    pub fn uses(&self) -> &[(Variable, usize)] {
        &self.uses
    }

    /// The first name this formula uses that does not affect `stat` in the book, with its position.
    pub fn foreign_name(&self, stat: Rating) -> Option<(Variable, usize)> {
        let allowed = stat.affected_by();
        self.uses.iter().copied().find(|(v, _)| {
            let influence = match v {
                Variable::Attribute(r) => Influence::Attribute(*r),
                Variable::Level => Influence::Level,
            };
            !allowed.contains(&influence)
        })
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

impl Serialize for Formula {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.source)
    }
}
