//! Exact odds: the distribution of any dice expression as exact integer weights, never floating point.
//!
//! [`distribution`] walks the same tree the roller rolls ([`crate::notation::Expr`]) and gives a
//! [`Distribution`]: every outcome with its weight over a common total, so each probability is an exact
//! fraction. The roller's caps are part of the process being measured: a die is rerolled at most 100
//! times, a chain explodes at most 100 times; [`Distribution::capped`] says when a cap can be reached.
//!
//! How (see `docs/odds.md`):
//! - sums of identical dice use a recurrence on the coefficients of `Q(x)^n` (no repeated convolution);
//! - keep/drop over identical dice uses the multiset method ([`keep`]): outcome by outcome, how many
//!   dice show it, with binomial weights; sequences are never enumerated;
//! - keep/drop over exploding (`!`) dice, whose pool size varies, is the same method over the
//!   pool's exploding and stopping dice, every pool size at once (`explode_keep`);
//! - weights are `u128` while they fit and `BigUint` beyond ([`weight`]); long products of big
//!   weights (powers and convolutions) are computed modulo many primes with number-theoretic
//!   transforms and rebuilt exactly by the Chinese remainder theorem, when that is cheaper;
//! - the work is bounded ([`budget`]); beyond the bounds the answer is a clear error, and
//!   [`estimate`] gives a Monte Carlo estimate with its standard error instead.
//!
//! Pure: no I/O, no clock; [`estimate`] takes its seed from the caller.

mod blocks;
pub mod budget;
mod chains;
mod die;
pub mod dist;
mod engine;
mod estimate;
mod explode_keep;
mod face;
pub mod keep;
mod keep_blocks;
mod keep_residues;
mod limbs;
mod modular;
mod ntt;
pub mod pools;
mod primes;
pub mod reduce;
mod residues;
pub mod weight;

pub use estimate::{Estimate, MAX_ESTIMATE_THROWS, MAX_SAMPLES, estimate};

use crate::notation::{self, Expr, NotationError};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{Signed, Zero};
use std::fmt;

/// Why exact odds could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    /// The expression does not parse, or breaks a notation bound: the roller's own error.
    #[error("{0}")]
    Notation(NotationError),
    /// The computation would pass a bound: `measure` would reach `value`, beyond `limit`.
    #[error(
        "exact odds would need {value} {measure}, beyond the limit of {limit}: use --estimate for a Monte Carlo estimate"
    )]
    TooLarge {
        /// What is measured: "outcomes in one distribution" or "units of work".
        measure: &'static str,
        /// How much it would take (at least).
        value: u128,
        /// The bound.
        limit: u128,
    },
    /// A divisor that can be 0.
    #[error("division by zero: `{0}` can be 0")]
    DivisionByZero(String),
    /// An outcome beyond `i64`.
    #[error(
        "{0} overflows: every value must stay within -9223372036854775808 to 9223372036854775807"
    )]
    OutcomeOverflow(String),
    /// Something the exact engine does not compute.
    #[error("{0}")]
    Unsupported(String),
    /// Internal: a `u128` weight overflowed (the engine retries with big integers; never returned).
    #[error("a machine-integer weight overflowed")]
    WeightOverflow,
}

/// A `u128` weight's overflow is [`OddsError::WeightOverflow`] (the engine starts again with big
/// integers).
impl From<weight::Overflow> for OddsError {
    fn from(_: weight::Overflow) -> Self {
        OddsError::WeightOverflow
    }
}

/// An exact fraction `numerator / denominator`, reduced, with `denominator > 0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fraction {
    /// The numerator (any sign).
    pub numerator: BigInt,
    /// The denominator, at least 1.
    pub denominator: BigUint,
}

impl Fraction {
    /// `numerator / denominator`, reduced.
    pub fn new(numerator: BigInt, denominator: BigUint) -> Self {
        let g = numerator.magnitude().gcd(&denominator);
        if g.is_zero() {
            return Self {
                numerator,
                denominator,
            };
        }
        let sign = numerator.sign();
        Self {
            numerator: BigInt::from_biguint(sign, numerator.magnitude() / &g),
            denominator: denominator / g,
        }
    }

    /// As a decimal, for display beside the fraction.
    pub fn to_f64(&self) -> f64 {
        let value = weight::ratio_f64(self.numerator.magnitude(), &self.denominator);
        if self.numerator.is_negative() {
            -value
        } else {
            value
        }
    }
}

impl fmt::Display for Fraction {
    /// `p/q`, or just `p` when `q` is 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == BigUint::from(1u8) {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

/// An exact distribution: outcomes ascending with their weights over `total`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution {
    /// `(outcome, weight)`, ascending, only outcomes that can happen.
    pub outcomes: Vec<(i64, BigUint)>,
    /// The sum of the weights: every probability is `weight / total`.
    pub total: BigUint,
    /// Whether a reroll or explosion cap can be reached (the roller stops there too).
    pub capped: bool,
    /// Whether the expression is a comparison (outcomes 0 and 1; see [`Distribution::p_true`]).
    pub comparison: bool,
    /// Work units the computation took (see [`budget`]).
    pub work: u128,
}

impl Distribution {
    /// P(outcome = x).
    pub fn p_eq(&self, x: i64) -> Fraction {
        let w = self
            .outcomes
            .iter()
            .find(|(o, _)| *o == x)
            .map(|(_, w)| w.clone())
            .unwrap_or_default();
        Fraction::new(BigInt::from(w), self.total.clone())
    }

    /// P(outcome >= x).
    pub fn p_at_least(&self, x: i64) -> Fraction {
        let w: BigUint = self
            .outcomes
            .iter()
            .filter(|(o, _)| *o >= x)
            .map(|(_, w)| w)
            .sum();
        Fraction::new(BigInt::from(w), self.total.clone())
    }

    /// Every outcome with P(= x) and P(>= x), ascending, computed one row at a time (a distribution of
    /// 50,001 outcomes with 26,000-bit weights is never held as text all at once).
    pub fn rows(&self) -> impl Iterator<Item = (i64, Fraction, Fraction)> + '_ {
        let reducer = reduce::Reducer::new(&self.total);
        let mut at_least = self.total.clone();
        self.outcomes.iter().map(move |(o, w)| {
            let fraction = |n: &BigUint| {
                let (n, d) = reducer.reduce(n);
                Fraction {
                    numerator: BigInt::from(n),
                    denominator: d,
                }
            };
            let eq = fraction(w);
            let ge = fraction(&at_least);
            at_least -= w;
            (*o, eq, ge)
        })
    }

    /// About how many characters a table of every outcome's exact P(= x) and P(>= x) takes: outcomes
    /// times twice the total's decimal digits.
    pub fn table_chars(&self) -> u128 {
        let digits = u128::from(self.total.bits()) * 30_103 / 100_000 + 1;
        self.outcomes.len() as u128 * 2 * digits
    }

    /// P(true) of a comparison: P(outcome = 1).
    pub fn p_true(&self) -> Fraction {
        self.p_eq(1)
    }

    /// The mean, exact.
    pub fn mean(&self) -> Fraction {
        let sum: BigInt = self
            .outcomes
            .iter()
            .map(|(o, w)| BigInt::from(*o) * BigInt::from(w.clone()))
            .sum();
        Fraction::new(sum, self.total.clone())
    }

    /// The variance, exact: `E[X^2] - E[X]^2`.
    pub fn variance(&self) -> Fraction {
        let t = BigInt::from(self.total.clone());
        let s1: BigInt = self
            .outcomes
            .iter()
            .map(|(o, w)| BigInt::from(*o) * BigInt::from(w.clone()))
            .sum();
        let s2: BigInt = self
            .outcomes
            .iter()
            .map(|(o, w)| BigInt::from(*o) * BigInt::from(*o) * BigInt::from(w.clone()))
            .sum();
        let numerator = s2 * &t - &s1 * &s1;
        Fraction::new(numerator, self.total.clone() * self.total.clone())
    }

    /// The standard deviation, as a decimal (a square root is rarely a fraction).
    pub fn standard_deviation(&self) -> f64 {
        self.variance().to_f64().max(0.0).sqrt()
    }
}

/// The exact distribution of `expr`.
///
/// # Errors
/// [`OddsError::TooLarge`] naming the bound (outcomes in one distribution, or units of work) before the
/// work is done, or when the table of exact fractions would pass [`MAX_TABLE_CHARS`]; [`OddsError::DivisionByZero`] when a divisor can be 0; [`OddsError::OutcomeOverflow`];
/// [`OddsError::Unsupported`] for a rolled count that can be negative or a rolled size outside 1 to
/// 1,000,000 (which [`crate::notation::check`] refuses first).
pub fn distribution(expr: &Expr) -> Result<Distribution, OddsError> {
    distribution_within(expr, budget::Limits::EXACT)
}

/// The exact distribution of `expr`, refused beyond `limits` (tighter than [`budget::Limits::EXACT`]
/// for a caller that must answer at once).
///
/// # Errors
/// As [`distribution`], with `limits`' bounds.
pub fn distribution_within(expr: &Expr, limits: budget::Limits) -> Result<Distribution, OddsError> {
    let dist = match compute::<u128>(expr, limits) {
        Err(OddsError::WeightOverflow) => compute::<BigUint>(expr, limits),
        other => other,
    }?;
    let chars = dist.table_chars();
    if chars > limits.table_chars {
        return Err(OddsError::TooLarge {
            measure: "characters to write every exact fraction",
            value: chars,
            limit: limits.table_chars,
        });
    }
    Ok(dist)
}

/// Most characters a table of exact fractions may take (see [`Distribution::table_chars`]): 100 MB.
pub const MAX_TABLE_CHARS: u128 = 100_000_000;

/// Parses `input` and computes its distribution; notation errors are the roller's.
///
/// # Errors
/// [`OddsError::Notation`] with the parser's error, or those of [`distribution`].
pub fn distribution_str(input: &str) -> Result<Distribution, OddsError> {
    let expr = notation::parse(input).map_err(OddsError::Notation)?;
    distribution(&expr)
}

fn compute<W: weight::Weight>(
    expr: &Expr,
    limits: budget::Limits,
) -> Result<Distribution, OddsError> {
    let mut engine = engine::Engine {
        budget: budget::Budget::within(limits),
        capped: false,
        whole: matches!(expr, Expr::Dice(_)),
    };
    let dist = engine.eval::<W>(expr)?.trimmed();
    // The table's size, bounded before the weights are copied into big integers.
    let outcomes = dist.weights.len() as u128;
    let total_bits = u128::from(dist.max_bits()) + 128 - outcomes.leading_zeros() as u128;
    let chars = outcomes * 2 * (total_bits * 30_103 / 100_000 + 1);
    if chars > limits.table_chars {
        return Err(OddsError::TooLarge {
            measure: "characters to write every exact fraction",
            value: chars,
            limit: limits.table_chars,
        });
    }
    let mut total = BigUint::zero();
    let mut outcomes = Vec::new();
    for (o, w) in dist.outcomes() {
        let w = w.to_big();
        total += &w;
        outcomes.push((o, w));
    }
    Ok(Distribution {
        outcomes,
        total,
        capped: engine.capped,
        comparison: matches!(expr, Expr::Compare { .. }),
        work: engine.budget.work(),
    })
}
