//! Sums of `n` chains of explosions (`10d6!`, `4d10!!`, `20d10>=7!`), using what the padding
//! says of their weights.
//!
//! A chain stopping after `j < 100` explosions carries the padding `T^(100 - j)` (`T` the total of
//! one throw; [`super::die::chain`]), a capped chain none. So a sum of `n` chains with `J`
//! explosions in all carries `T^(100 n - J)`, and an outcome `e` can only be reached with `J` in a
//! short range `[lo(e), hi(e)]` (each explosion moves the sum by an exploding face's score, each last
//! throw by at most the die's span): its weight is `T^(100 n - hi(e))` times an integer of a few
//! hundred bits. Rebuilding only those integers from their residues takes a few primes where the
//! whole weights (thousands of bits) take dozens ([`residues::Factors`]).

use super::OddsError;
use super::budget::Budget;
use super::dist::Dist;
use super::residues::{self, Factors};
use super::weight::{Weight, power_bits};
use crate::notation::limits::MAX_EXPLOSIONS;

/// What one chain's padding tells of a sum of chains. Scores are what a throw adds to the sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Padding {
    /// The total weight of one throw, `T`.
    pub total: u64,
    /// The lowest and highest scores of the exploding faces: both above 0 or both below.
    pub exploding: (i64, i64),
    /// The lowest and highest scores of any face (a chain's last throw).
    pub last: (i64, i64),
    /// The total weight of the exploding faces.
    pub exploding_weight: u64,
    /// The greatest common divisor of the exploding faces' weights, those of one score summed
    /// (success counting: the successes are one face). `J` explosions carry its `J`-th power.
    pub exploding_factor: u64,
}

impl Padding {
    /// The padding of a chain over `faces` (`(score, weight)` of each face of one throw, after
    /// rerolls) where `explodes` picks the exploding faces; `None` when it says nothing useful (no
    /// face explodes, exploding scores of both signs or 0, weights beyond 64 bits).
    pub fn of<W: Weight>(faces: &[(i64, W, bool)]) -> Option<Self> {
        let small = |w: &W| u64::try_from(w.to_big()).ok();
        let mut total = 0u64;
        let mut exploding_weight = 0u64;
        let mut by_score: Vec<(i64, u64)> = Vec::new();
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        let (mut last_lo, mut last_hi) = (i64::MAX, i64::MIN);
        for (score, weight, explodes) in faces {
            let weight = small(weight)?;
            total = total.checked_add(weight)?;
            last_lo = last_lo.min(*score);
            last_hi = last_hi.max(*score);
            if *explodes {
                exploding_weight = exploding_weight.checked_add(weight)?;
                match by_score.iter_mut().find(|(s, _)| s == score) {
                    Some((_, w)) => *w = w.checked_add(weight)?,
                    None => by_score.push((*score, weight)),
                }
                lo = lo.min(*score);
                hi = hi.max(*score);
            }
        }
        let one_sign = (lo > 0 && hi > 0) || (lo < 0 && hi < 0);
        let exploding_factor = by_score.iter().fold(0, |g, (_, w)| gcd(g, *w));
        (exploding_weight > 0 && one_sign && total < 1 << 61).then_some(Self {
            total,
            exploding: (lo, hi),
            last: (last_lo, last_hi),
            exploding_weight,
            exploding_factor,
        })
    }

    /// For each outcome `min + j` (`j < span`) of a sum of `n` chains: the powers of the total and
    /// of the explosions' common factor that divide its weight, and a bound on the bits of the rest.
    fn factors(&self, n: u64, min: i64, span: usize) -> Factors {
        // Negative exploding scores: the same bounds on the negated sum.
        let sign: i128 = if self.exploding.0 > 0 { 1 } else { -1 };
        let (s_lo, s_hi) = {
            let (a, b) = (
                sign * i128::from(self.exploding.0),
                sign * i128::from(self.exploding.1),
            );
            (a.min(b), a.max(b))
        };
        let (t_lo, t_hi) = {
            let (a, b) = (
                sign * i128::from(self.last.0),
                sign * i128::from(self.last.1),
            );
            (a.min(b), a.max(b))
        };
        let n_i = i128::from(n);
        let cap = i128::from(MAX_EXPLOSIONS as u64) * n_i;
        let log_total = clog2(self.total);
        // Each explosion's weight is a multiple of g: of the E^J of J explosions, g^lo divides
        // out and (E / g)^lo E^(J - lo) is left.
        let g = self.exploding_factor.max(1);
        let log_rest = clog2(self.exploding_weight / g);
        let mut valuations = Vec::with_capacity(span);
        let mut bits = Vec::with_capacity(span);
        for j in 0..span {
            let e = sign * (i128::from(min) + j as i128);
            // e = (the exploding throws' scores) + (the n last throws' scores).
            let lo = div_ceil(e - n_i * t_hi, s_hi).max(0);
            let hi = (e - n_i * t_lo).div_euclid(s_lo).min(cap);
            if lo > hi {
                valuations.push([0, 0]);
                bits.push(0);
                continue;
            }
            // The rest: sum over J of T^(hi - J) g^-lo times the weight of J explosions and n
            // last throws, at most C(J + n - 1, n - 1) E^J T^n; T^(hi - J) E^(J - lo) is at most
            // T^(hi - lo) (E <= T).
            let (lo, hi) = (lo as u64, hi as u64);
            let log = clog2(hi - lo + 1)
                + (hi - lo) * log_total
                + (n - 1) * clog2(hi + n)
                + lo * log_rest
                + n * log_total;
            valuations.push([cap as u64 - hi, lo]);
            bits.push(log + 1);
        }
        Factors {
            bases: [self.total, g],
            valuations,
            bits,
        }
    }
}

/// `ceil(log2(x))` for `x >= 1`: `x <= 2^clog2(x)`.
fn clog2(x: u64) -> u64 {
    u64::from(64 - x.saturating_sub(1).leading_zeros())
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn div_ceil(a: i128, b: i128) -> i128 {
    -((-a).div_euclid(b))
}

/// The sum of `n` independent chains distributed as `chain`, whose faces' padding is `padding`:
/// by residues of the quotients ([`Padding`]) when that takes fewer primes than the whole
/// weights, else [`Dist::power`].
///
/// # Errors
/// As [`Dist::power`].
pub fn power<W: Weight>(
    chain: &Dist<W>,
    n: u64,
    padding: Option<&Padding>,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let Some(padding) = padding.filter(|_| n > 1) else {
        return chain.power(n, budget);
    };
    let chain = chain.clone().trimmed();
    let min = chain
        .min
        .checked_mul(n as i64)
        .ok_or_else(|| OddsError::OutcomeOverflow(format!("{n} * {}", chain.min)))?;
    let width = (chain.weights.len() as i64 - 1)
        .checked_mul(n as i64)
        .ok_or_else(|| OddsError::OutcomeOverflow(format!("{n} * {}", chain.weights.len())))?;
    let span = budget.span(min, min.saturating_add(width))?;
    let whole_bits = power_bits(&chain.total()?, n);
    let (Some(whole), Some(factors)) = (residues::primes_for(whole_bits), {
        let factors = padding.factors(n, min, span);
        factors.primes().map(|_| factors)
    }) else {
        return chain.power(n, budget);
    };
    let k = factors.primes().unwrap_or(whole);
    if k >= whole {
        return chain.power(n, budget);
    }
    if whole_bits > W::MAX_BITS {
        return Err(OddsError::WeightOverflow);
    }
    let work = residues::power_work(&chain.weights, n, k) - residues::rebuild_work(span, k)
        + factors.rebuild_work();
    budget.charge_cells(work)?;
    let weights = residues::power_factored(&chain.weights, n, &factors)?;
    Ok(Dist { min, weights }.trimmed())
}

#[cfg(test)]
mod tests {
    use super::super::die::{Throw, chain};
    use super::*;
    use crate::notation::{CompareOp, ComparePoint};
    use num_bigint::BigUint;

    /// `n` chains of a die with `faces` (face, weight) exploding on `point`, each throw scored
    /// by `score`: by [`power`] and by plain powers, which must agree exactly.
    fn check(faces: &[(i64, u128)], point: ComparePoint, score: fn(i64) -> i64, n: u64) {
        let throw = Throw {
            faces: faces.iter().map(|(f, w)| (*f, BigUint::from(*w))).collect(),
            capped: false,
        };
        let budget = &mut Budget::unmetered();
        let (one, _) = chain(&throw, point, score, budget).unwrap();
        let marked: Vec<(i64, BigUint, bool)> = throw
            .faces
            .iter()
            .map(|(f, w)| (score(*f), w.clone(), point.matches(*f)))
            .collect();
        let padding = Padding::of(&marked).expect("a padding that says something");
        // The factored path is the one taken: fewer primes than the whole weights need.
        let one = one.trimmed();
        let span = (one.weights.len() - 1) * n as usize + 1;
        let k = padding.factors(n, one.min * n as i64, span).primes();
        let whole = residues::primes_for(one.total().unwrap().bits() * n);
        assert!(
            k < whole,
            "{faces:?} on {point:?}, {n}: {k:?} primes, {whole:?} whole"
        );
        let got = power(&one, n, Some(&padding), budget).unwrap();
        let mut expected = one.clone();
        for _ in 1..n {
            expected = expected.convolve(&one, budget).unwrap();
        }
        assert_eq!(
            got,
            expected.trimmed(),
            "{faces:?} exploding on {point:?}, {n} chains"
        );
    }

    fn at(op: CompareOp, value: i64) -> ComparePoint {
        ComparePoint { op, value }
    }

    #[test]
    fn factored_sums_of_chains_are_the_plain_sums() {
        let d6: Vec<(i64, u128)> = (1..=6).map(|f| (f, 1)).collect();
        let fate = [(-1, 1), (0, 1), (1, 1)];
        let rerolled = [(1, 1), (2, 7), (3, 7), (4, 7)];
        let sum: fn(i64) -> i64 = |v| v;
        let success: fn(i64) -> i64 = |v| i64::from(v >= 5);
        let failures: fn(i64) -> i64 = |v| -i64::from(v <= 2);
        for n in [2, 5] {
            check(&d6, at(CompareOp::Eq, 6), sum, n);
            check(&d6, at(CompareOp::Ge, 5), sum, n);
            check(&d6, at(CompareOp::Eq, 6), success, n);
            check(&d6, at(CompareOp::Ge, 5), success, n);
            check(&d6, at(CompareOp::Le, 2), failures, n);
            check(&fate, at(CompareOp::Eq, 1), sum, n);
            check(&fate, at(CompareOp::Eq, -1), sum, n);
            check(&rerolled, at(CompareOp::Ge, 3), sum, n);
        }
        // The explosions' common factor: 3 (d10, 8+ successes exploding), 2 (weights 4 and 6),
        // 14 (rerolled faces of one score merged), 2 (negative scores).
        let d10: Vec<(i64, u128)> = (1..=10).map(|f| (f, 1)).collect();
        let even = [(1, 3), (2, 4), (3, 6)];
        let success8: fn(i64) -> i64 = |v| i64::from(v >= 8);
        let count3: fn(i64) -> i64 = |v| i64::from(v >= 3);
        let low: fn(i64) -> i64 = |v| -i64::from(v <= 2);
        check(&d10, at(CompareOp::Ge, 8), success8, 10);
        for n in [2, 3, 6] {
            check(&d10, at(CompareOp::Ge, 8), success8, n);
            check(&d10, at(CompareOp::Ge, 9), success8, n);
            check(&even, at(CompareOp::Ge, 2), sum, n);
            check(&rerolled, at(CompareOp::Ge, 3), count3, n);
            check(&d10, at(CompareOp::Le, 2), low, n);
        }
    }

    #[test]
    fn the_factors_take_fewer_primes_than_the_whole_weights() {
        let faces: Vec<(i64, BigUint, bool)> =
            (1..=6).map(|f| (f, BigUint::from(1u8), f == 6)).collect();
        let padding = Padding::of(&faces).unwrap();
        let factors = padding.factors(10, 10, 6051);
        // 10d6!: weights of 2,611 bits (43 primes), quotients of at most a few hundred.
        assert_eq!(factors.primes(), Some(3));
        assert_eq!(factors.valuations[0], [1000, 0]);
        assert!(factors.valuations[6050][0] <= 10);
    }
}
