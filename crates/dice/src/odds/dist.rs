//! [`Dist`]: a distribution over integer outcomes as exact weights on a dense range, and the operations
//! the engine composes: shifting, negating, convolving, powers (sums of identical dice), products,
//! mixtures and comparisons. Every operation charges its work to a [`Budget`] first.

use super::OddsError;
use super::budget::Budget;
use super::residues;
use super::weight::{Weight, power_bits};

/// Weights over the outcomes `min ..= min + weights.len() - 1`; the total weight is their sum. The
/// probability of an outcome is its weight over the total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dist<W> {
    /// The smallest outcome.
    pub min: i64,
    /// `weights[i]` is the weight of outcome `min + i`. Never empty; the ends are never zero once trimmed.
    pub weights: Vec<W>,
}

/// `a + b` on outcomes, as an error naming the operation when it leaves `i64`.
pub fn add_outcome(a: i64, b: i64) -> Result<i64, OddsError> {
    a.checked_add(b)
        .ok_or_else(|| OddsError::OutcomeOverflow(format!("{a} + {b}")))
}

impl<W: Weight> Dist<W> {
    /// One certain outcome.
    pub fn constant(value: i64) -> Self {
        Self {
            min: value,
            weights: vec![W::one()],
        }
    }

    /// The largest outcome.
    pub fn max(&self) -> i64 {
        self.min.saturating_add(self.weights.len() as i64 - 1)
    }

    /// The sum of the weights.
    pub fn total(&self) -> Result<W, OddsError> {
        let mut total = W::zero();
        for w in &self.weights {
            total = total.add(w)?;
        }
        Ok(total)
    }

    /// Outcomes with a non-zero weight, with their weights, ascending.
    pub fn outcomes(&self) -> impl Iterator<Item = (i64, &W)> {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.is_zero())
            .map(|(i, w)| (self.min + i as i64, w))
    }

    /// Builds a distribution from `(outcome, weight)` pairs in any order (outcomes may repeat).
    pub fn from_pairs(pairs: Vec<(i64, W)>, budget: &mut Budget) -> Result<Self, OddsError> {
        let min = pairs.iter().map(|(o, _)| *o).min().unwrap_or(0);
        let max = pairs.iter().map(|(o, _)| *o).max().unwrap_or(0);
        let span = budget.span(min, max)?;
        let mut weights = vec![W::zero(); span];
        for (o, w) in pairs {
            let slot = &mut weights[(o - min) as usize];
            *slot = slot.add(&w)?;
        }
        if weights.is_empty() {
            weights.push(W::zero());
        }
        Ok(Self { min, weights }.trimmed())
    }

    /// Without zero weights at either end (a distribution of all zeros keeps one).
    pub fn trimmed(mut self) -> Self {
        let first = self.weights.iter().position(|w| !w.is_zero());
        let Some(first) = first else {
            return Self {
                min: 0,
                weights: vec![W::zero()],
            };
        };
        let last = self
            .weights
            .iter()
            .rposition(|w| !w.is_zero())
            .unwrap_or(first);
        self.weights.truncate(last + 1);
        self.weights.drain(..first);
        self.min += first as i64;
        self
    }

    /// The size in bits of the largest weight.
    pub fn max_bits(&self) -> u64 {
        self.weights.iter().map(Weight::bits).max().unwrap_or(0)
    }

    /// Every outcome moved by `by`.
    pub fn shifted(mut self, by: i64) -> Result<Self, OddsError> {
        self.min = add_outcome(self.min, by)?;
        add_outcome(self.max(), 0)?;
        Ok(self)
    }

    /// Every outcome negated.
    pub fn negated(mut self) -> Result<Self, OddsError> {
        let max = self.max();
        self.min = max
            .checked_neg()
            .ok_or_else(|| OddsError::OutcomeOverflow(format!("-({max})")))?;
        self.weights.reverse();
        Ok(self)
    }

    /// Every weight multiplied by `factor`.
    pub fn scaled(mut self, factor: &W) -> Result<Self, OddsError> {
        if *factor == W::one() {
            return Ok(self);
        }
        for w in &mut self.weights {
            *w = w.mul(factor)?;
        }
        Ok(self)
    }

    /// The distribution of `a + b` for independent `a` (self) and `b`: every pair of outcomes, or
    /// by residues and transforms (`residues::convolve`) when that costs less.
    pub fn convolve(&self, other: &Self, budget: &mut Budget) -> Result<Self, OddsError> {
        let min = add_outcome(self.min, other.min)?;
        let max = add_outcome(self.max(), other.max())?;
        let span = budget.span(min, max)?;
        let bits = u128::from(self.max_bits() + other.max_bits());
        let schoolbook = (self.weights.len() as u128 * other.weights.len() as u128)
            .saturating_mul(1 + bits / 64);
        // Transforms pay only when both sides are long (a chain of explosions convolves a few
        // exploding faces with a long tail a hundred times: no totals summed for those).
        let long = self.weights.len().min(other.weights.len()) >= residues::LONG;
        let total_bits = if long {
            self.total()?.bits() + other.total()?.bits()
        } else {
            u64::MAX
        };
        if let Some(k) = residues::primes_for(total_bits) {
            let transformed = residues::convolve_work(&self.weights, &other.weights, k);
            if transformed < schoolbook {
                if total_bits > W::MAX_BITS {
                    return Err(OddsError::WeightOverflow);
                }
                budget.charge_cells(transformed)?;
                let weights = residues::convolve(&self.weights, &other.weights, k)?;
                return Ok(Self { min, weights }.trimmed());
            }
        }
        budget.charge_cells(schoolbook)?;
        self.schoolbook(other, min, span)
    }

    /// `a + b` pair by pair, onto `span` outcomes from `min`.
    fn schoolbook(&self, other: &Self, min: i64, span: usize) -> Result<Self, OddsError> {
        let mut out = vec![W::zero(); span];
        for (i, a) in self.weights.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for (j, b) in other.weights.iter().enumerate() {
                if b.is_zero() {
                    continue;
                }
                let slot = &mut out[i + j];
                slot.add_product(a, b)?;
            }
        }
        Ok(Self { min, weights: out }.trimmed())
    }

    /// The distribution of `f(a, b)` for independent `a` (self) and `b`: every pair of outcomes.
    pub fn combine(
        &self,
        other: &Self,
        budget: &mut Budget,
        f: impl Fn(i64, i64) -> Result<i64, OddsError>,
    ) -> Result<Self, OddsError> {
        let pairs_count = self.outcomes().count() as u128 * other.outcomes().count() as u128;
        // The result's range from the operands' extremes and the values next to 0 (where a quotient is
        // largest), checked before any pair is computed. A 0 among the right-hand extremes counts:
        // a product by it is 0 (a quotient never meets it, its divisor refused first).
        let near = |d: &Self| {
            let mut xs = vec![d.min, d.max()];
            xs.extend(
                [-1, 1]
                    .into_iter()
                    .filter(|x| (d.min..=d.max()).contains(x)),
            );
            xs
        };
        let (mut min, mut max) = (i64::MAX, i64::MIN);
        for a in near(self) {
            for b in near(other) {
                let v = f(a, b)?;
                min = min.min(v);
                max = max.max(v);
            }
        }
        if min > max {
            (min, max) = (0, 0);
        }
        let span = budget.span(min, max)?;
        // Each pair multiplies two weights, as a sum's schoolbook does: their size counts (the
        // quotient of two exploding pools, 11d5!/11d5!, is 30 million products of 2,600-bit weights).
        let bits = u128::from(self.max_bits() + other.max_bits());
        budget.charge_big(pairs_count.saturating_add(span as u128), bits)?;
        let mut weights = vec![W::zero(); span];
        for (a, wa) in self.outcomes() {
            for (b, wb) in other.outcomes() {
                let v = f(a, b)?;
                let slot = &mut weights[(v - min) as usize];
                slot.add_product(wa, wb)?;
            }
        }
        Ok(Self { min, weights }.trimmed())
    }

    /// The distribution of the sum of `n` independent copies (`n = 0` is the constant 0).
    ///
    /// Uses the recurrence from `Q P' = n Q' P` for `P = Q^n`, which gives each coefficient of the
    /// power from the `support` coefficients before it with small integer factors: `O(span * support)`,
    /// never `n` convolutions. A uniform die (all weights equal) uses the three-term form of the same
    /// identity for `Q = (1 - x^s) / (1 - x)`: `O(span)`.
    pub fn power(&self, n: u64, budget: &mut Budget) -> Result<Self, OddsError> {
        if n == 0 {
            return Ok(Self::constant(0));
        }
        if n == 1 {
            return Ok(self.clone());
        }
        let q = self.clone().trimmed();
        let s = q.weights.len();
        let min = q
            .min
            .checked_mul(n as i64)
            .ok_or_else(|| OddsError::OutcomeOverflow(format!("{n} * {}", q.min)))?;
        let width = (s as i64 - 1)
            .checked_mul(n as i64)
            .ok_or_else(|| OddsError::OutcomeOverflow(format!("{n} * {s}")))?;
        let max = add_outcome(min, width)?;
        let span = budget.span(min, max)?;
        if s == 1 {
            return Ok(Self {
                min,
                weights: vec![q.weights[0].pow(n)?],
            });
        }
        let uniform = q.weights.iter().all(|w| *w == q.weights[0]);
        // Each step of the recurrence multiplies a coefficient (up to `bits` bits) by the die's
        // weights: by small numbers when they are all one (uniform), else by the weights
        // themselves, whose size counts too (a rerolled or exploding die's weights are padded to
        // hundreds of bits; counting only the coefficient's let `2d6r6!4` run for minutes).
        let per_coefficient = if uniform {
            3
        } else {
            let weight_bits = q.weights.iter().map(Weight::bits).max().unwrap_or(0);
            (s as u128).saturating_mul(1 + u128::from(weight_bits) / 64)
        };
        let bits = u128::from(power_bits(&q.total()?, n));
        let recurrence = (span as u128 * per_coefficient).saturating_mul(1 + bits / 64);
        if let Some(k) = u64::try_from(bits).ok().and_then(residues::primes_for) {
            let transformed = residues::power_work(&q.weights, n, k);
            if transformed < recurrence {
                if bits > u128::from(W::MAX_BITS) {
                    return Err(OddsError::WeightOverflow);
                }
                budget.charge_cells(transformed)?;
                let weights = residues::power(&q.weights, n, k)?;
                return Ok(Self { min, weights }.trimmed());
            }
        }
        budget.charge_cells(recurrence)?;
        let mut a: Vec<W> = Vec::with_capacity(span);
        if uniform {
            a.push(W::one());
            let (n, s) = (n as i128, s as i128);
            for k in 0..(span as i128 - 1) {
                // (k+1) a[k+1] = (k+n) a[k] + (k-s+1-ns) a[k-s+1] + (n(s-1)-k+s) a[k-s]
                let terms = [
                    (k + n, k),
                    (k - s + 1 - n * s, k - s + 1),
                    (n * (s - 1) - k + s, k - s),
                ];
                a.push(signed_sum(&a, &terms)?.div_small((k + 1) as u64));
            }
            let factor = q.weights[0].pow(n as u64)?;
            return Self { min, weights: a }.scaled(&factor);
        }
        let q0 = q.weights[0].clone();
        a.push(q0.pow(n)?);
        let n = n as i128;
        for k in 0..(span as i128 - 1) {
            // q0 (k+1) a[k+1] = sum_{i=1}^{s-1} q_i (n i - (k - i + 1)) a[k-i+1]
            let mut pos = W::zero();
            let mut neg = W::zero();
            for i in 1..(s as i128).min(k + 2) {
                let qi = &q.weights[i as usize];
                if qi.is_zero() {
                    continue;
                }
                let factor = n * i - (k - i + 1);
                if factor == 0 {
                    continue;
                }
                let term = a[(k - i + 1) as usize].mul(qi)?;
                let term = term.mul_small(factor.unsigned_abs() as u64)?;
                if factor > 0 {
                    pos = pos.add(&term)?;
                } else {
                    neg = neg.add(&term)?;
                }
            }
            let value = pos.sub(&neg)?;
            a.push(value.div(&q0).div_small((k + 1) as u64));
        }
        Ok(Self { min, weights: a })
    }

    /// The weighted mixture of `parts`: outcome weights `sum_i c_i * D_i / total(D_i)`, scaled to a common
    /// denominator (the least common multiple of the parts' totals).
    pub fn mixture(parts: Vec<(W, Self)>, budget: &mut Budget) -> Result<Self, OddsError> {
        let mut totals = Vec::with_capacity(parts.len());
        let mut lcm = W::one();
        for (_, d) in &parts {
            let t = d.total()?;
            let g = lcm.gcd(&t);
            lcm = lcm.div(&g).mul(&t)?;
            totals.push(t);
        }
        let mut pairs = Vec::new();
        for ((c, d), t) in parts.into_iter().zip(totals) {
            let factor = lcm.div(&t).mul(&c)?;
            budget.charge_cells(d.weights.len() as u128)?;
            for (o, w) in d.outcomes() {
                pairs.push((o, w.mul(&factor)?));
            }
        }
        Self::from_pairs(pairs, budget)
    }

    /// `P(self op other)` for independent sides, as a distribution over 0 (false) and 1 (true).
    pub fn compare(
        &self,
        other: &Self,
        holds: impl Fn(i64, i64) -> bool,
        budget: &mut Budget,
    ) -> Result<Self, OddsError> {
        budget.charge_cells((self.weights.len() + other.weights.len()) as u128 * 2)?;
        // Cumulative weights of `other` let each outcome of `self` be settled against all of `other`
        // in O(1) for the ordered comparisons; equality reads one cell.
        let mut below = Vec::with_capacity(other.weights.len() + 1);
        below.push(W::zero());
        for w in &other.weights {
            let last = below.last().cloned().unwrap_or_else(W::zero);
            below.push(last.add(w)?);
        }
        let other_total = below.last().cloned().unwrap_or_else(W::zero);
        // Weight of `other` strictly below `x`, equal to `x`.
        let count_below = |x: i64| -> W {
            let idx = (x.saturating_sub(other.min)).clamp(0, other.weights.len() as i64) as usize;
            below[idx].clone()
        };
        let equal = |x: i64| -> W {
            let idx = x
                .checked_sub(other.min)
                .filter(|i| (0..other.weights.len() as i64).contains(i));
            idx.map(|i| other.weights[i as usize].clone())
                .unwrap_or_else(W::zero)
        };
        let mut yes = W::zero();
        let mut total = W::zero();
        for (x, wx) in self.outcomes() {
            let lt = count_below(x);
            let eq = equal(x);
            let gt = other_total.sub(&lt).and_then(|r| r.sub(&eq))?;
            // `holds(x, y)` only depends on the order of x and y, so three probes settle every y.
            let mut favourable = W::zero();
            if holds(x, x.saturating_add(1)) {
                favourable = favourable.add(&gt)?;
            }
            if holds(x, x) {
                favourable = favourable.add(&eq)?;
            }
            if holds(x, x.saturating_sub(1)) {
                favourable = favourable.add(&lt)?;
            }
            yes = yes.add(&wx.mul(&favourable)?)?;
            total = total.add(&wx.mul(&other_total)?)?;
        }
        let no = total.sub(&yes)?;
        Ok(Self {
            min: 0,
            weights: vec![no, yes],
        }
        .trimmed())
    }
}

/// Adds `source`, moved by `shift` and with every weight times `coeff`, into `target` (grown as needed,
/// made from `source` when empty). Accumulating in place saves building a distribution per term.
///
/// # Errors
/// [`OddsError::OutcomeOverflow`] when a moved outcome leaves `i64`; a `u128` weight overflow.
pub fn add_into<W: Weight>(
    target: &mut Option<Dist<W>>,
    source: &Dist<W>,
    coeff: &W,
    shift: i64,
) -> Result<(), OddsError> {
    let min = add_outcome(source.min, shift)?;
    let max = add_outcome(source.max(), shift)?;
    let target = target.get_or_insert_with(|| Dist {
        min,
        weights: Vec::new(),
    });
    if target.weights.is_empty() {
        target.min = min;
    }
    if min < target.min {
        let extra = (target.min - min) as usize;
        target
            .weights
            .splice(0..0, std::iter::repeat_n(W::zero(), extra));
        target.min = min;
    }
    let end = (max - target.min) as usize + 1;
    if end > target.weights.len() {
        target.weights.resize(end, W::zero());
    }
    let offset = (min - target.min) as usize;
    for (i, w) in source.weights.iter().enumerate() {
        if w.is_zero() {
            continue;
        }
        target.weights[offset + i].add_product(w, coeff)?;
    }
    Ok(())
}

/// `sum factor_i * a[index_i]` over the terms whose index is in `a`, known to be non-negative.
fn signed_sum<W: Weight>(a: &[W], terms: &[(i128, i128)]) -> Result<W, OddsError> {
    let mut pos = W::zero();
    let mut neg = W::zero();
    for &(factor, index) in terms {
        if index < 0 || factor == 0 {
            continue;
        }
        let Some(value) = a.get(index as usize) else {
            continue;
        };
        let term = value.mul_small(factor.unsigned_abs() as u64)?;
        if factor > 0 {
            pos = pos.add(&term)?;
        } else {
            neg = neg.add(&term)?;
        }
    }
    pos.sub(&neg).map_err(OddsError::from)
}
