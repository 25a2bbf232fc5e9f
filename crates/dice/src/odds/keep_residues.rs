//! Keeping the `keep` dice of `n` that come last in an order, by residues: the whole sum over the
//! die's outcomes evaluated at the points of one transform, for each prime, and the weights rebuilt
//! once ([`super::residues`]). For many dice over few outcomes (`60d10kh30`, `200d10kh100`) this
//! replaces `outcomes * keep^2` shifted additions of long big-integer distributions by
//! `outcomes * keep` multiplications of machine words per point.
//!
//! The sum. Take the outcomes from the kept end (for keep-highest: the highest first). Say `c` dice
//! show outcomes beyond `f` (all kept), and the `keep - c` still to keep show `f`, with the rest at
//! `f` or on the dropped side of it. The `c` beyond are any `c` of the `n` dice, each showing the
//! die cut to the outcomes beyond `f`, `D_f(x)`: `C(n, c) D_f(x)^c`. The others, at `f` or on the
//! dropped side, number `n - c`, at least `keep - c` of them at `f`:
//! `T(c, f) = sum_{h >= keep - c} C(n - c, h) w_f^h B_f^(n - c - h)`, with `w_f` the weight of
//! `f` and `B_f` the weight of the outcomes on the dropped side of it. So
//!
//! `kept(x) = sum_f sum_{c < keep} C(n, c) T(c, f) x^((keep - c) s_f) D_f(x)^c`
//!
//! (`s_f` the score of a kept die showing `f`). At a point `z`, with `u = z^(-s_f) D_f(z)`, the
//! inner sum is `z^(keep s_f)` times a polynomial of degree `keep - 1` in `u` (Horner), and
//! `D_f(z)` grows by one term per outcome.

use super::OddsError;
use super::dist::Dist;
use super::face::Face;
use super::modular::Modulus;
use super::ntt::{Twiddles, inverse, reversed};
use super::residues::{Factors, MULMOD, log_len, rebuild_work, rebuilt_factored};
use super::weight::Weight;

/// Points computed side by side.
const LANES: usize = 8;

/// Work units of [`keep_last`] over `outcomes` outcomes with weight, keeping `keep` of `n`, with
/// results over `span` outcomes rebuilt from `k` primes: per prime, `outcomes * len * (keep + 5)`
/// modular products at the points, `outcomes * keep * (keep + 64)` for the coefficients, one
/// inverse transform; then the rebuilding ([`rebuild_work`]).
pub fn keep_work(outcomes: usize, n: u64, keep: u64, span: usize, k: usize) -> u128 {
    let Some(log) = log_len(span) else {
        return u128::MAX;
    };
    let len = 1u128 << log;
    let (m, keep, k) = (outcomes as u128, u128::from(keep), k as u128);
    let bits_of_n = u128::from(64 - n.leading_zeros());
    MULMOD
        * k
        * (m * len * (keep + 5) + m * keep * (keep + 2 * bits_of_n + 64) + len * u128::from(log))
        + rebuild_work(span, k as usize)
}

/// The distribution of the summed scores of the `keep` dice last in `order` among `n`, as
/// [`super::keep::keep_last`] gives it (`1 < keep < n`), by `k` primes: enough for the bits of
/// the total of one die times `n`, or for the quotients `factors` describes.
///
/// # Errors
/// [`OddsError::OutcomeOverflow`] when a kept sum leaves `i64`; [`OddsError::WeightOverflow`] when
/// a weight does not fit `W` (the engine starts again with big integers).
pub fn keep_last<W: Weight>(
    order: &[Face<W>],
    n: u64,
    keep: u64,
    k: usize,
    factors: Option<&Factors>,
) -> Result<Dist<W>, OddsError> {
    let sums = KeptSums::of(order, keep)?;
    let weights = rebuilt_factored(sums.span, k, factors, |m, log, out| {
        let tw = &Twiddles::new(m, log);
        for (t, value) in sums.at_points(m, tw, n).into_iter().enumerate() {
            out[reversed(t, log)] = value;
        }
        inverse(m, out, tw);
    })?;
    Ok(Dist {
        min: sums.min,
        weights,
    }
    .trimmed())
}

/// The kept sums of dice over `order`'s outcomes, ready to be evaluated at a transform's points.
struct KeptSums {
    /// Each outcome's weight as words, from the kept end; outcomes that cannot happen left out.
    words: Vec<Vec<u64>>,
    /// Each outcome's score less the lowest, modulo the transform's length (as the points see it).
    shifted: Vec<u64>,
    /// Dice kept.
    keep: u64,
    /// The lowest kept sum.
    min: i64,
    /// Kept sums from `min`.
    span: usize,
    /// log2 of the transform's length.
    log: u32,
}

impl KeptSums {
    /// The kept sums of `keep` dice over `order` (from the first dropped to the last kept).
    ///
    /// # Errors
    /// [`OddsError::OutcomeOverflow`] when a kept sum leaves `i64`; [`OddsError::WeightOverflow`]
    /// when the span is beyond the primes' transforms.
    fn of<W: Weight>(order: &[Face<W>], keep: u64) -> Result<Self, OddsError> {
        // From the kept end; outcomes that cannot happen take no part.
        let faces: Vec<&Face<W>> = order.iter().rev().filter(|f| !f.weight.is_zero()).collect();
        let lowest = faces.iter().map(|f| f.score).min().unwrap_or(0);
        let highest = faces.iter().map(|f| f.score).max().unwrap_or(0);
        let overflow = || OddsError::OutcomeOverflow(format!("{keep} * {highest}"));
        let keep_i = i64::try_from(keep).map_err(|_| overflow())?;
        let min = lowest.checked_mul(keep_i).ok_or_else(overflow)?;
        highest.checked_mul(keep_i).ok_or_else(overflow)?;
        let width =
            u64::try_from(i128::from(highest) - i128::from(lowest)).map_err(|_| overflow())?;
        let span = usize::try_from(width * keep + 1).map_err(|_| overflow())?;
        let log = log_len(span).ok_or(OddsError::WeightOverflow)?;
        let len = 1u64 << log;
        Ok(Self {
            words: faces
                .iter()
                .map(|f| f.weight.to_big().to_u64_digits())
                .collect(),
            // Scores from the lowest, so every exponent is 0 or more.
            shifted: faces
                .iter()
                .map(|f| (f.score - lowest) as u64 % len)
                .collect(),
            keep,
            min,
            span,
            log,
        })
    }

    /// The kept sums' polynomial at every point `root^t` of the transform, in `t`'s order
    /// (Montgomery form), outcome by outcome (module docs).
    fn at_points(&self, m: Modulus, tw: &Twiddles, n: u64) -> Vec<u64> {
        let len = 1usize << self.log;
        let keep_us = self.keep as usize;
        let weights: Vec<u64> = self
            .words
            .iter()
            .map(|w| m.enter(m.residue_of_words(w.iter().copied())))
            .collect();
        let coefficients = coefficients(m, &weights, n, keep_us);
        // Every power of the root once: a point's z^score is read, not carried from point to
        // point (three chains of dependent products per outcome, before).
        let mask = len - 1;
        let mut powers = Vec::with_capacity(len);
        let mut p = m.enter(1);
        for _ in 0..len {
            powers.push(p);
            p = m.mul(p, tw.root);
        }
        let mut beyond = vec![0u64; len];
        let mut kept = vec![0u64; len];
        for ((w, s), a) in weights
            .iter()
            .zip(&self.shifted)
            .zip(coefficients.chunks_exact(keep_us))
        {
            let s = *s as usize;
            let s_kept = s.wrapping_mul(keep_us) & mask;
            // Eight points at a time: their Horner chains are independent, so the processor
            // overlaps them instead of waiting on each product.
            for (chunk, (d, acc)) in beyond
                .chunks_mut(LANES)
                .zip(kept.chunks_mut(LANES))
                .enumerate()
            {
                let mut u = [0u64; LANES];
                let mut at = [0u64; LANES];
                for (i, ((u, at), d)) in u
                    .iter_mut()
                    .zip(at.iter_mut())
                    .zip(d.iter_mut())
                    .enumerate()
                {
                    let t = chunk * LANES + i;
                    let e = s.wrapping_mul(t) & mask;
                    *u = m.mul(powers[(len - e) & mask], *d);
                    *at = powers[s_kept.wrapping_mul(t) & mask];
                    *d = m.add(*d, m.mul(*w, powers[e]));
                }
                let mut value = [a[keep_us - 1]; LANES];
                for c in a[..keep_us - 1].iter().rev() {
                    // Below 2p after the lazy product, below 3p with c: a valid next operand.
                    for (v, u) in value.iter_mut().zip(&u) {
                        *v = m.mul_lazy(*v, *u) + *c;
                    }
                }
                for ((acc, v), at) in acc.iter_mut().zip(&value).zip(&at) {
                    *acc = m.add(*acc, m.mul(*at, *v));
                }
            }
        }
        kept
    }
}

/// `C(n, c) T(c, f)` for every outcome `f` (in `weights`' order, from the kept end) and `c < keep`,
/// row by row (Montgomery form).
pub(super) fn coefficients(m: Modulus, weights: &[u64], n: u64, keep: usize) -> Vec<u64> {
    let one = m.enter(1);
    let inverses: Vec<u64> = (0..=keep as u64)
        .map(|i| if i == 0 { 0 } else { m.inv(m.enter(i)) })
        .collect();
    // C(n, c) for c < keep.
    let mut choose_n = Vec::with_capacity(keep);
    let mut binomial = one;
    for c in 0..keep as u64 {
        choose_n.push(binomial);
        binomial = m.mul(m.mul(binomial, m.enter(n - c)), inverses[c as usize + 1]);
    }
    let mut dropped_side: u64 = weights.iter().fold(0, |acc, w| m.add(acc, *w));
    let mut out = Vec::with_capacity(weights.len() * keep);
    for w in weights {
        dropped_side = m.sub(dropped_side, *w);
        let b = dropped_side;
        // b^(n - keep + 1) starts every row's terms; (w + b)^(n - c) from c = keep - 1 down.
        let b_lowest = m.pow(b, n + 1 - keep as u64);
        let sum = m.add(*w, b);
        let mut whole = vec![0u64; keep];
        let mut power = m.pow(sum, n + 1 - keep as u64);
        for slot in whole.iter_mut().rev() {
            *slot = power;
            power = m.mul(power, sum);
        }
        for (c, choose) in choose_n.iter().enumerate() {
            // T(c, f) = (w + b)^(n - c) less the terms with fewer than keep - c dice at f:
            // C(rest, h) w^h b^(rest - h) for h < keep - c, the powers of b from the top down.
            let rest = n - c as u64;
            let below = keep - c;
            let mut terms = Vec::with_capacity(below);
            let mut binomial = one;
            let mut w_power = one;
            for h in 0..below as u64 {
                terms.push(m.mul(binomial, w_power));
                binomial = m.mul(m.mul(binomial, m.enter(rest - h)), inverses[h as usize + 1]);
                w_power = m.mul(w_power, *w);
            }
            let mut b_power = b_lowest;
            let mut t = whole[c];
            for term in terms.iter().rev() {
                t = m.sub(t, m.mul(*term, b_power));
                b_power = m.mul(b_power, b);
            }
            out.push(m.mul(*choose, t));
        }
    }
    out
}
