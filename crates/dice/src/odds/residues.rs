//! Long products of distributions by their residues: sums of identical dice and convolutions whose
//! weights run to thousands of bits (`10d6!`: 6,000 outcomes over a total of 2,600 bits) computed
//! modulo `k` primes with transforms ([`super::ntt`]), each weight rebuilt once by the Chinese
//! remainder theorem (Garner's method).
//!
//! Exact: every weight of a result is a non-negative integer no larger than the result's total,
//! whose size in bits the caller gives; `k` primes, each above 2^61, have a product beyond it, so
//! the residues name one integer. The engine takes this path when [`power_work`] or
//! [`convolve_work`] is below the schoolbook's cost (`docs/odds.md`).

use super::OddsError;
use super::limbs::{self, Power};
use super::modular::{Modulus, ORDER_BITS};
use super::ntt::{Twiddles, forward, inverse};
use super::primes::PRIMES;
use super::weight::Weight;
use num_bigint::BigUint;

/// Both sides of a convolution shorter than this: the schoolbook is cheaper, whatever the weights.
pub const LONG: usize = 16;

/// How many primes of the table rebuild every integer below `2^bits`; `None` beyond the table
/// (about 31,000 bits: the schoolbook path with big integers takes those).
pub fn primes_for(bits: u64) -> Option<usize> {
    let k = (bits / 61 + 1) as usize;
    (k <= PRIMES.len()).then_some(k)
}

/// log2 of the transform length for `span` outcomes, `None` beyond the primes' roots of unity.
pub(super) fn log_len(span: usize) -> Option<u32> {
    let log = span.next_power_of_two().trailing_zeros().max(1);
    (log <= ORDER_BITS).then_some(log)
}

/// Work units ([`MULMOD`] per modular multiplication) of a product by transforms: per prime,
/// `transforms` transforms of `len` points (`len / 2 * log2(len)` butterflies each), `per_point`
/// multiplications on each point, and lifting `input_words` words of weights; then rebuilding
/// `out_span` weights from `k` residues (`k^2`: Garner's method and the big integer).
fn work(k: usize, span: usize, transforms: u128, per_point: u128, input_words: u128) -> u128 {
    let Some(log) = log_len(span) else {
        return u128::MAX;
    };
    let len = 1u128 << log;
    let k = k as u128;
    MULMOD * k * (transforms * len / 2 * u128::from(log) + len * (per_point + 2) + input_words)
        + rebuild_work(span, k as usize)
}

/// Work units of one modular multiplication: three word multiplications (Montgomery's).
pub const MULMOD: u128 = 3;

/// Work units of rebuilding `span` weights from `k` residues each: `k^2 / 2` modular products and
/// `k^2 / 2` word products per weight.
pub fn rebuild_work(span: usize, k: usize) -> u128 {
    let k = k as u128;
    span as u128 * k * k * (MULMOD + 1) / 2
}

/// The words of each weight, and their count.
fn words<W: Weight>(weights: &[W]) -> (Vec<Vec<u64>>, u128) {
    let words: Vec<Vec<u64>> = weights.iter().map(|w| w.to_big().to_u64_digits()).collect();
    let count = words.iter().map(|w| w.len() as u128).sum();
    (words, count)
}

/// The work [`power`] does for the `n`-th power of `weights` with `k` primes: the transform,
/// `n`-th powers point by point (a square and maybe a product per bit of `n`), the inverse
/// transform.
pub fn power_work<W: Weight>(weights: &[W], n: u64, k: usize) -> u128 {
    let span = (weights.len() - 1) as u128 * u128::from(n) + 1;
    let per_point = 2 * u128::from(64 - n.leading_zeros());
    let input_words: u128 = weights
        .iter()
        .map(|w| w.bits() / 64 + 1)
        .sum::<u64>()
        .into();
    work(k, span as usize, 2, per_point, input_words)
}

/// The work [`convolve`] does for `a + b` with `k` primes.
pub fn convolve_work<W: Weight>(a: &[W], b: &[W], k: usize) -> u128 {
    let span = a.len() + b.len() - 1;
    let input_words: u64 = a.iter().chain(b).map(|w| w.bits() / 64 + 1).sum();
    work(k, span, 3, 1, input_words.into())
}

/// The weights of `d^n`, the sum of `n` independent copies of a distribution with `weights` on
/// consecutive outcomes (`n >= 1`; the result's first weight is that of `n` times the first
/// outcome), by `k` primes (from [`primes_for`] on the bits of the total times `n`).
///
/// # Errors
/// [`OddsError::WeightOverflow`] when a weight does not fit `W` (the engine starts again with big
/// integers).
pub fn power<W: Weight>(weights: &[W], n: u64, k: usize) -> Result<Vec<W>, OddsError> {
    let span = (weights.len() - 1) * n as usize + 1;
    let (input, _) = words(weights);
    rebuilt(span, k, |m, log, out| {
        let tw = &Twiddles::new(m, log);
        let mut a = lift(m, &input, out.len());
        forward(m, &mut a, tw);
        for x in &mut a {
            *x = m.pow(*x, n);
        }
        inverse(m, &mut a, tw);
        out.copy_from_slice(&a);
    })
}

/// The weights of `a + b` for independent `a` and `b` (weights on consecutive outcomes each), by
/// `k` primes (from [`primes_for`] on the bits of the product of their totals).
///
/// # Errors
/// As [`power`].
pub fn convolve<W: Weight>(a: &[W], b: &[W], k: usize) -> Result<Vec<W>, OddsError> {
    let span = a.len() + b.len() - 1;
    let (wa, _) = words(a);
    let (wb, _) = words(b);
    rebuilt(span, k, |m, log, out| {
        let tw = &Twiddles::new(m, log);
        let mut x = lift(m, &wa, out.len());
        let mut y = lift(m, &wb, out.len());
        forward(m, &mut x, tw);
        forward(m, &mut y, tw);
        for (x, y) in x.iter_mut().zip(&y) {
            *x = m.mul(*x, *y);
        }
        inverse(m, &mut x, tw);
        out.copy_from_slice(&x);
    })
}

/// The weights (words each) modulo `m`, in Montgomery form, padded with zeros to `len` points.
fn lift(m: Modulus, weights: &[Vec<u64>], len: usize) -> Vec<u64> {
    let mut out = vec![0u64; len];
    for (o, w) in out.iter_mut().zip(weights) {
        *o = m.enter(m.residue_of_words(w.iter().copied()));
    }
    out
}

/// What is known of each weight of a result before it is computed: weight `j` (of outcome
/// `min + j`) is `bases[0]^valuations[j][0] * bases[1]^valuations[j][1]` times an integer below
/// `2^bits[j]`. Rebuilding only that integer takes as many primes as its bits need, not the whole
/// weight's ([`super::chains::power`]: a sum of chains of explosions, whose padding and explosions'
/// common factor are most of each weight).
#[derive(Debug, Clone)]
pub struct Factors {
    /// The bases, each at least 1 and below every prime of the table (1 when it says nothing).
    pub bases: [u64; 2],
    /// Per outcome of the result, the power of each base that divides its weight.
    pub valuations: Vec<[u64; 2]>,
    /// Per outcome of the result, the bits of the weight divided by those powers.
    pub bits: Vec<u64>,
}

impl Factors {
    /// The primes the largest quotient needs; `None` beyond the table.
    pub fn primes(&self) -> Option<usize> {
        primes_for(self.bits.iter().copied().max().unwrap_or(0))
    }

    /// Work units of rebuilding every weight: its quotient from its own primes, the move of the
    /// bases' powers from the weight before (products and exact divisions by a word, each a pass
    /// over the power's words) and the product of the quotient by them.
    pub fn rebuild_work(&self) -> u128 {
        let powers = self.bases.map(Power::new);
        let bits = self.bases.map(|b| u128::from(64 - b.leading_zeros()));
        let mut at = [0u64; 2];
        self.bits
            .iter()
            .zip(&self.valuations)
            .map(|(b, v)| {
                let k = primes_for(*b).unwrap_or(PRIMES.len());
                let words = (u128::from(v[0]) * bits[0] + u128::from(v[1]) * bits[1]) / 64 + 1;
                let passes: u64 = (0..2).map(|i| powers[i].passes(v[i].abs_diff(at[i]))).sum();
                at = *v;
                rebuild_work(1, k) + words * (u128::from(passes) + k as u128 + 2)
            })
            .sum()
    }
}

/// [`power`] when [`Factors`] describes the weights of the result.
///
/// # Errors
/// As [`power`].
pub fn power_factored<W: Weight>(
    weights: &[W],
    n: u64,
    factors: &Factors,
) -> Result<Vec<W>, OddsError> {
    let span = (weights.len() - 1) * n as usize + 1;
    let k = factors.primes().ok_or(OddsError::WeightOverflow)?;
    let (input, _) = words(weights);
    rebuilt_factored(span, k, Some(factors), |m, log, out| {
        let tw = &Twiddles::new(m, log);
        let mut a = lift(m, &input, out.len());
        forward(m, &mut a, tw);
        for x in &mut a {
            *x = m.pow(*x, n);
        }
        inverse(m, &mut a, tw);
        out.copy_from_slice(&a);
    })
}

/// Runs `product` once per prime (given the transform's log2 length; filling its points or, for
/// a product without a transform, the first `span` coefficients, Montgomery form) and rebuilds the
/// first `span` as weights.
pub(super) fn rebuilt<W: Weight>(
    span: usize,
    k: usize,
    product: impl Fn(Modulus, u32, &mut [u64]),
) -> Result<Vec<W>, OddsError> {
    rebuilt_factored(span, k, None, product)
}

/// [`rebuilt`], dividing each weight by its known power of a base first when `factors` are given.
pub(super) fn rebuilt_factored<W: Weight>(
    span: usize,
    k: usize,
    factors: Option<&Factors>,
    product: impl Fn(Modulus, u32, &mut [u64]),
) -> Result<Vec<W>, OddsError> {
    let log = log_len(span).ok_or(OddsError::WeightOverflow)?;
    let len = 1usize << log;
    let moduli: Vec<Modulus> = PRIMES[..k].iter().map(|p| Modulus::new(*p)).collect();
    // Outcome-major: the k residues of one weight side by side, for Garner's method.
    let mut residues = vec![0u64; span * k];
    let mut points = vec![0u64; len];
    for (i, m) in moduli.iter().enumerate() {
        product(*m, log, &mut points);
        match factors {
            None => {
                for (j, x) in points[..span].iter().enumerate() {
                    residues[j * k + i] = m.leave(*x);
                }
            }
            Some(f) => {
                // Times the bases' powers' inverse: the quotient's residue. Consecutive
                // valuations differ by little, so the factor moves by a short product each time
                // (by the base itself where a valuation falls).
                let up = f.bases.map(|b| m.enter(b));
                let down = up.map(|b| m.inv(b));
                let (mut power, mut at) = (m.enter(1), [0u64; 2]);
                for (j, x) in points[..span].iter().enumerate() {
                    let v = f.valuations[j];
                    for b in 0..2 {
                        if v[b] > at[b] {
                            power = m.mul(power, m.pow(down[b], v[b] - at[b]));
                        } else if v[b] < at[b] {
                            power = m.mul(power, m.pow(up[b], at[b] - v[b]));
                        }
                    }
                    at = v;
                    residues[j * k + i] = m.leave(m.mul(*x, power));
                }
            }
        }
    }
    let garner = Garner::new(&moduli);
    let mut weights = Vec::with_capacity(span);
    let Some(f) = factors else {
        for r in residues.chunks_exact(k) {
            let weight = limbs::to_big(&garner.rebuild(r));
            weights.push(W::from_big(weight).map_err(|_| OddsError::WeightOverflow)?);
        }
        return Ok(weights);
    };
    let mut powers = BasePowers::new(f.bases);
    for (j, r) in residues.chunks_exact(k).enumerate() {
        let own = primes_for(f.bits[j]).unwrap_or(k).min(k);
        let quotient = garner.rebuild(&r[..own]);
        let weight = if quotient.is_empty() {
            BigUint::default()
        } else {
            limbs::to_big(&limbs::mul(&quotient, powers.at(f.valuations[j])))
        };
        weights.push(W::from_big(weight).map_err(|_| OddsError::WeightOverflow)?);
    }
    Ok(weights)
}

/// `bases[0]^v[0] * bases[1]^v[1]` for the valuations of one outcome after another, each moved
/// from the one before: consecutive outcomes' valuations differ by a power or two, so a move is a
/// pass or two over the words, where building it afresh is hundreds.
struct BasePowers {
    powers: [Power; 2],
    at: [u64; 2],
    words: Vec<u64>,
}

impl BasePowers {
    fn new(bases: [u64; 2]) -> Self {
        Self {
            powers: bases.map(Power::new),
            at: [0, 0],
            words: vec![1],
        }
    }

    /// The words of the product at valuations `v`.
    fn at(&mut self, v: [u64; 2]) -> &[u64] {
        let moves: u64 = (0..2)
            .map(|i| self.powers[i].passes(v[i].abs_diff(self.at[i])))
            .sum();
        let afresh: u64 = (0..2).map(|i| self.powers[i].passes(v[i])).sum();
        if afresh < moves {
            self.words = vec![1];
            self.at = [0, 0];
        }
        // Products first, so that every division is exact (the number after it is the product
        // at `v` times the divisions still to come).
        for ((power, to), from) in self.powers.iter().zip(v).zip(self.at) {
            if to > from {
                power.multiply(&mut self.words, to - from);
            }
        }
        for ((power, to), from) in self.powers.iter().zip(v).zip(self.at) {
            if to < from {
                power.divide(&mut self.words, from - to);
            }
        }
        self.at = v;
        &self.words
    }
}

/// Garner's method over the first `k` primes: an integer below their product from its residues,
/// in `k^2 / 2` modular products and `k^2 / 2` word products.
struct Garner {
    moduli: Vec<Modulus>,
    /// `(p_0 ... p_(i-1))^-1 mod p_i`, Montgomery form.
    inverse_prefix: Vec<u64>,
    /// Row `i`: `p_0 ... p_(j-1) mod p_i` for `j < i`, Montgomery form (a Montgomery product of a
    /// plain digit by one is the plain product, so the terms are independent, not a chain).
    prefix: Vec<Vec<u64>>,
    /// `p_0 ... p_(i-1)` as little-endian 64-bit words (`[1]` for `i = 0`).
    radix: Vec<Vec<u64>>,
}

impl Garner {
    fn new(moduli: &[Modulus]) -> Self {
        let mut inverse_prefix = Vec::with_capacity(moduli.len());
        let mut prefix = Vec::with_capacity(moduli.len());
        for (i, m) in moduli.iter().enumerate() {
            let mut row = Vec::with_capacity(i);
            let mut product = m.enter(1);
            for q in &moduli[..i] {
                row.push(product);
                product = m.mul(product, m.enter(q.p));
            }
            inverse_prefix.push(m.inv(product));
            prefix.push(row);
        }
        let mut radix: Vec<Vec<u64>> = vec![vec![1]];
        for m in &moduli[..moduli.len().saturating_sub(1)] {
            let last = radix.last().cloned().unwrap_or_default();
            let mut next = Vec::with_capacity(last.len() + 1);
            let mut carry = 0u128;
            for word in last {
                let t = u128::from(word) * u128::from(m.p) + carry;
                next.push(t as u64);
                carry = t >> 64;
            }
            if carry > 0 {
                next.push(carry as u64);
            }
            radix.push(next);
        }
        Self {
            moduli: moduli.to_vec(),
            inverse_prefix,
            prefix,
            radix,
        }
    }

    /// The integer below the primes' product with `residues` (plain, one per prime), as
    /// little-endian words without high zeros.
    fn rebuild(&self, residues: &[u64]) -> Vec<u64> {
        if residues.iter().all(|r| *r == 0) {
            return Vec::new();
        }
        let k = residues.len();
        // Mixed-radix digits: x = v_0 + v_1 p_0 + v_2 p_0 p_1 + ..., each v_i < p_i.
        let mut digits: Vec<u64> = Vec::with_capacity(k);
        for (i, m) in self.moduli.iter().enumerate().take(k) {
            // The digits so far, as a number modulo p_i: the sum of v_j * (p_0 ... p_(j-1)), four
            // products (each below p^2) summed before one reduction.
            let mut t = 0u64;
            for (v, c) in digits.chunks(4).zip(self.prefix[i].chunks(4)) {
                let sum: u128 = v
                    .iter()
                    .zip(c)
                    .map(|(v, c)| u128::from(*v) * u128::from(*c))
                    .sum();
                t = m.add(t, m.reduce(sum));
            }
            digits.push(m.mul(m.sub(residues[i], t), self.inverse_prefix[i]));
        }
        // x = sum of v_i * (p_0 ... p_(i-1)): each product's two words summed per position
        // without carries (at most 2k words of 64 bits in each u128), the carries once at the end.
        let mut sums = vec![0u128; k + 2];
        for (v, radix) in digits.iter().zip(&self.radix) {
            // The high word goes with the next position's low word: one write per position.
            let mut high = 0u128;
            for (sum, word) in sums.iter_mut().zip(radix) {
                let product = u128::from(*v) * u128::from(*word);
                *sum += (product & u128::from(u64::MAX)) + high;
                high = product >> 64;
            }
            sums[radix.len()] += high;
        }
        let mut out: Vec<u64> = Vec::with_capacity(k + 2);
        let mut carry = 0u128;
        for sum in sums {
            let t = sum + carry;
            out.push(t as u64);
            carry = t >> 64;
        }
        limbs::trim(&mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garner_rebuilds_integers_below_the_product() {
        let moduli: Vec<Modulus> = PRIMES[..5].iter().map(|p| Modulus::new(*p)).collect();
        let garner = Garner::new(&moduli);
        let product: BigUint = PRIMES[..5].iter().map(|p| BigUint::from(*p)).product();
        for x in [
            BigUint::default(),
            BigUint::from(1u8),
            BigUint::from(u64::MAX),
            BigUint::from(6u8).pow(101u32),
            &product - 1u8,
        ] {
            let residues: Vec<u64> = PRIMES[..5]
                .iter()
                .map(|p| (&x % p).iter_u64_digits().next().unwrap_or(0))
                .collect();
            assert_eq!(limbs::to_big(&garner.rebuild(&residues)), x);
        }
    }

    fn big(weights: &[u128]) -> Vec<BigUint> {
        weights.iter().map(|w| BigUint::from(*w)).collect()
    }

    /// Every pair of outcomes, the plain way.
    fn naive(a: &[BigUint], b: &[BigUint]) -> Vec<BigUint> {
        let mut weights = vec![BigUint::default(); a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                weights[i + j] += x * y;
            }
        }
        weights
    }

    fn bits_of(weights: &[BigUint]) -> u64 {
        weights.iter().sum::<BigUint>().bits()
    }

    #[test]
    fn powers_and_convolutions_match_the_schoolbook() {
        let die = big(&[u128::MAX, 0, 7, 1 << 100, 3, 1]);
        let other = big(&[5, u128::MAX / 3, 0, 2]);
        for n in [1u64, 2, 3, 7, 20] {
            let mut expected = die.clone();
            for _ in 1..n {
                expected = naive(&expected, &die);
            }
            let bits = bits_of(&die) * n;
            let k = primes_for(bits).unwrap();
            assert_eq!(power(&die, n, k).unwrap(), expected, "power {n}");
            let k = primes_for(bits + bits_of(&other)).unwrap();
            assert_eq!(
                convolve(&expected, &other, k).unwrap(),
                naive(&expected, &other),
                "convolution after power {n}"
            );
        }
    }
}
