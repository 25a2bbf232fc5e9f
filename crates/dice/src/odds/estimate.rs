//! Monte Carlo estimates, for expressions beyond the exact engine's bounds: the roller itself, run many
//! times with a seeded generator.

use crate::notation::{self, Expr, NotationError};
use crate::source::SeededRandom;
use std::collections::BTreeMap;

/// Dice thrown over all samples, at most: bounds the time an estimate takes.
pub const MAX_ESTIMATE_THROWS: u64 = 10_000_000;
/// Samples, at most and at least (when the expression allows).
pub const MAX_SAMPLES: u64 = 100_000;

/// An estimated distribution.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// How many rolls were made.
    pub samples: u64,
    /// Outcome -> how many rolls gave it.
    pub counts: BTreeMap<i64, u64>,
    /// The sample mean.
    pub mean: f64,
    /// The standard error of the mean: sample standard deviation / sqrt(samples).
    pub standard_error: f64,
    /// The sample standard deviation.
    pub standard_deviation: f64,
}

impl Estimate {
    /// The estimated P(outcome = x) and its standard error.
    pub fn p_eq(&self, x: i64) -> (f64, f64) {
        let hits = self.counts.get(&x).copied().unwrap_or(0);
        proportion(hits, self.samples)
    }

    /// Every outcome seen, ascending, with the estimated P(= x) and P(>= x) and their standard errors,
    /// in one pass: `(x, p_eq, se_eq, p_at_least, se_at_least)`.
    pub fn rows(&self) -> Vec<(i64, f64, f64, f64, f64)> {
        let mut at_least = self.samples;
        self.counts
            .iter()
            .map(|(x, hits)| {
                let (p, se) = proportion(*hits, self.samples);
                let (g, gse) = proportion(at_least, self.samples);
                at_least -= hits;
                (*x, p, se, g, gse)
            })
            .collect()
    }

    /// The estimated P(outcome >= x) and its standard error.
    pub fn p_at_least(&self, x: i64) -> (f64, f64) {
        let hits = self.counts.range(x..).map(|(_, c)| c).sum();
        proportion(hits, self.samples)
    }
}

fn proportion(hits: u64, samples: u64) -> (f64, f64) {
    let n = samples.max(1) as f64;
    let p = hits as f64 / n;
    (p, (p * (1.0 - p) / n).sqrt())
}

/// Rolls `expr` with a ChaCha20 generator seeded with `seed`, as many times as the bounds allow:
/// [`MAX_SAMPLES`], fewer when each roll throws many dice (at most [`MAX_ESTIMATE_THROWS`] in all, and at
/// least 100 samples).
///
/// # Errors
/// [`notation::check`]'s (a limit, a divisor that can be 0, a value that can overflow), before any
/// roll.
pub fn estimate(expr: &Expr, seed: u64) -> Result<Estimate, NotationError> {
    let checked = notation::check(expr.clone())?;
    let mut dice = SeededRandom::from_seed(seed);
    let first = checked.roll(&mut dice)?;
    let throws_per_roll = first
        .terms
        .iter()
        .map(|t| t.dice.len() as u64)
        .sum::<u64>()
        .max(1);
    let samples = (MAX_ESTIMATE_THROWS / throws_per_roll).clamp(100, MAX_SAMPLES);
    let mut counts = BTreeMap::new();
    let (mut sum, mut sum_sq) = (0f64, 0f64);
    let mut record = |total: i64| {
        *counts.entry(total).or_insert(0u64) += 1;
        sum += total as f64;
        sum_sq += (total as f64) * (total as f64);
    };
    record(first.total);
    for _ in 1..samples {
        record(checked.roll(&mut dice)?.total);
    }
    let n = samples as f64;
    let mean = sum / n;
    let variance = ((sum_sq - n * mean * mean) / (n - 1.0).max(1.0)).max(0.0);
    let sd = variance.sqrt();
    Ok(Estimate {
        samples,
        counts,
        mean,
        standard_error: sd / n.sqrt(),
        standard_deviation: sd,
    })
}
