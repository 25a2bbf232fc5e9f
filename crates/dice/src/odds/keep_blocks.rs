//! Keeping `keep` of `n` compounded dice (`4d6!!kh3`) by their blocks ([`super::blocks`]): the
//! keeping sum of [`super::keep_residues`] with the hundred blocks of stopping faces summed in closed
//! form, modulo each prime, in the coefficients (no transform).
//!
//! Take the outcomes from the kept end. An outcome `f` adds `sum_{c < keep} C(n, c) T(c, f)
//! x^((keep - c) score_f) D_f(x)^c` to the keeping sum (`D_f`: the die cut to the outcomes before
//! `f`; [`super::keep_residues`]). Write `y = x^s` (`s` the exploding face's score), `g = E / T`,
//! `q = g y` and `t = g^j` for block `j`. A stopping face `i` of block `j` weighs `W_i t`
//! (`W_i = w_i T^100`), the weight on its dropped side is `b0 + b1_i t`, so `C(n, c) T(c, f)` is a
//! polynomial `A_ic(t)` of degree at most `n - c`; and the blocks before it are a geometric series,
//! so `D_f = (alpha_i q^j + beta) / (1 - q)` with `alpha_i`, `beta` short polynomials. Expanding
//! `D_f^c` by the binomial theorem, the terms of face `i` over the hundred blocks are
//!
//! `sum_{c, b} C(c, b) x^(r_i (keep - c)) alpha_i^(c - b) beta^b / (1 - q)^c
//!   * sum_j A_ic(g^j) g^(j (c - b)) y^(j (keep - b))`:
//!
//! a short polynomial times a sparse one of a hundred terms. Times `(1 - q)^(keep - 1)` every term is
//! a polynomial; their sum divided by `(1 - q)^(keep - 1)` (exactly: `K[e] = R[e] + g K[e - s]`,
//! `keep - 1` times) is the keeping sum. The last block (the capped chains) is taken outcome by
//! outcome, its kept side a short polynomial (and under keep-lowest the blocks' whole series,
//! `P (1 - q^100) / (1 - q)`). Work: per prime, about `faces * keep^3 * 100 * s` products, against
//! `outcomes * keep` per point of a transform for [`super::keep_residues`].
//!
//! Weights are rebuilt from their quotients by the padding's power of `T` ([`Blocks::factors`]).

use super::OddsError;
use super::blocks::{Blocks, STOPPING_BLOCKS};
use super::dist::Dist;
use super::keep_residues::coefficients;
use super::modular::Modulus;
use super::residues::{Factors, MULMOD, rebuilt_factored};
use super::weight::Weight;

/// The hundred blocks of stopping faces, as a count of terms.
const BLOCKS: usize = STOPPING_BLOCKS as usize;

/// Work units of [`keep_last`]: per prime, for each face and each `b <= c < keep`, a short
/// polynomial (at most `keep` factors of the faces' span plus the step) times the hundred terms of
/// the blocks, and its product of short factors; the last block's outcomes, the division and the
/// faces' polynomials; then the rebuilding of the quotients. Products count 2 for their sums.
pub fn keep_work(blocks: &Blocks, n: u64, keep: u64, factors: &Factors) -> u128 {
    let Some(k) = factors.primes() else {
        return u128::MAX;
    };
    let span = factors.valuations.len() as u128;
    let (n_, keep_) = (u128::from(n), u128::from(keep));
    let faces = blocks.stop.len() as u128;
    let last = blocks.last.len() as u128;
    let piece = short_span(blocks);
    let short = keep_ * piece + 1;
    let combinations = keep_ * (keep_ + 1) / 2;
    let per_face = combinations * (BLOCKS as u128 * short * 2 + short * piece * 2)
        + keep_ * BLOCKS as u128 * (n_ + 2)
        + keep_ * keep_ * (n_ + 1) * 3;
    let per_last = keep_ * keep_ * (short * piece * 2 + short * (keep_ + 1) * 2);
    let per_prime = faces * per_face + last * per_last + span * keep_ * 2 + span;
    MULMOD * k as u128 * per_prime + factors.rebuild_work()
}

/// The span of the short polynomials' factors: the step and the faces' spread.
fn short_span(blocks: &Blocks) -> u128 {
    let (lo, hi) = (blocks.last[0].0, blocks.last[blocks.last.len() - 1].0);
    (blocks.step as u128) + (hi - lo) as u128 + 1
}

/// [`Blocks::factors`] of the kept sums of `keep` of `n` dice over `blocks`, from the lowest kept
/// sum over every sum to the highest (the span [`keep_last`] computes).
pub fn factors(blocks: &Blocks, n: u64, keep: u64, kept_high: bool) -> Factors {
    let keep_i = keep as i64;
    let span = (keep_i * (blocks.highest() - blocks.lowest()) + 1) as usize;
    blocks.factors(n, keep, kept_high, keep_i * blocks.lowest(), span)
}

/// The distribution of the summed scores of the `keep` highest (`kept_high`) or lowest of `n`
/// compounded dice over `blocks`, as [`super::keep::keep_last`] gives it (`0 < keep < n`).
/// `factors`: [`factors`] of these kept sums.
///
/// # Errors
/// [`OddsError::OutcomeOverflow`] when a kept sum leaves `i64`; [`OddsError::WeightOverflow`] when
/// the quotients need more primes than the table holds or a weight does not fit `W`.
pub fn keep_last<W: Weight>(
    blocks: &Blocks,
    n: u64,
    keep: u64,
    kept_high: bool,
    factors: &Factors,
) -> Result<Dist<W>, OddsError> {
    let overflow = || OddsError::OutcomeOverflow(format!("{keep} * {}", blocks.highest()));
    let keep_i = i64::try_from(keep).map_err(|_| overflow())?;
    let min = blocks.lowest().checked_mul(keep_i).ok_or_else(overflow)?;
    blocks.highest().checked_mul(keep_i).ok_or_else(overflow)?;
    let span = factors.valuations.len();
    let k = factors.primes().ok_or(OddsError::WeightOverflow)?;
    let weights = rebuilt_factored(span, k, Some(factors), |m, _, out| {
        let kept = Terms::new(blocks, n, keep, kept_high, m).kept(m, span);
        out[..span].copy_from_slice(&kept);
    })?;
    Ok(Dist { min, weights }.trimmed())
}

/// A polynomial modulo one prime: `coefficients[i]` is the coefficient of `x^(offset + i)`
/// (Montgomery form).
#[derive(Debug, Clone)]
struct Poly {
    offset: usize,
    coefficients: Vec<u64>,
}

impl Poly {
    fn zero() -> Self {
        Self {
            offset: 0,
            coefficients: Vec::new(),
        }
    }

    fn monomial(exponent: usize, coefficient: u64) -> Self {
        Self {
            offset: exponent,
            coefficients: vec![coefficient],
        }
    }

    /// `1 - g x^step`.
    fn one_minus(m: Modulus, g: u64, step: usize) -> Self {
        let mut coefficients = vec![0; step + 1];
        coefficients[0] = m.enter(1);
        coefficients[step] = m.sub(0, g);
        Self {
            offset: 0,
            coefficients,
        }
    }

    fn add(&self, m: Modulus, other: &Self) -> Self {
        if self.coefficients.is_empty() {
            return other.clone();
        }
        if other.coefficients.is_empty() {
            return self.clone();
        }
        let offset = self.offset.min(other.offset);
        let end =
            (self.offset + self.coefficients.len()).max(other.offset + other.coefficients.len());
        let mut coefficients = vec![0; end - offset];
        for p in [self, other] {
            for (i, c) in p.coefficients.iter().enumerate() {
                let slot = &mut coefficients[p.offset - offset + i];
                *slot = m.add(*slot, *c);
            }
        }
        Self {
            offset,
            coefficients,
        }
    }

    fn scaled(&self, m: Modulus, factor: u64) -> Self {
        Self {
            offset: self.offset,
            coefficients: self
                .coefficients
                .iter()
                .map(|c| m.mul(*c, factor))
                .collect(),
        }
    }

    fn negated(&self, m: Modulus) -> Self {
        Self {
            offset: self.offset,
            coefficients: self.coefficients.iter().map(|c| m.sub(0, *c)).collect(),
        }
    }

    fn shifted(mut self, by: usize) -> Self {
        self.offset += by;
        self
    }

    fn mul(&self, m: Modulus, other: &Self) -> Self {
        if self.coefficients.is_empty() || other.coefficients.is_empty() {
            return Self::zero();
        }
        let mut coefficients = vec![0; self.coefficients.len() + other.coefficients.len() - 1];
        for (i, a) in self.coefficients.iter().enumerate() {
            if *a == 0 {
                continue;
            }
            for (slot, b) in coefficients[i..].iter_mut().zip(&other.coefficients) {
                *slot = m.add(*slot, m.mul(*a, *b));
            }
        }
        Self {
            offset: self.offset + other.offset,
            coefficients,
        }
    }

    /// `self^0 .. self^(count - 1)`.
    fn powers(&self, m: Modulus, count: usize) -> Vec<Self> {
        let mut out = Vec::with_capacity(count);
        let mut p = Self::monomial(0, m.enter(1));
        for _ in 0..count {
            let next = p.mul(m, self);
            out.push(p);
            p = next;
        }
        out
    }

    /// Adds `self` times the sparse polynomial `sum_j terms[j] x^(j stride)` to `out` (below
    /// `out.len()`).
    fn add_times_sparse(&self, m: Modulus, terms: &[u64], stride: usize, out: &mut [u64]) {
        for (j, term) in terms.iter().enumerate() {
            let from = j * stride + self.offset;
            if from >= out.len() {
                break;
            }
            for (slot, c) in out[from..].iter_mut().zip(&self.coefficients) {
                *slot = m.add(*slot, m.mul(*term, *c));
            }
        }
    }
}

/// A stopping face of the blocks, for one prime (Montgomery form).
struct BlockFace {
    /// The face's score less the die's lowest.
    exponent: usize,
    /// `W_i = w_i T^100`.
    weight: u64,
    /// `C(n, c) T(c, f)` as a polynomial in `t`: row `c < keep` holds `n + 1` coefficients.
    coefficients: Vec<u64>,
}

/// An outcome of the last block, for one prime (Montgomery form).
struct LastOutcome {
    /// The outcome's score less the die's lowest.
    exponent: usize,
    weight: u64,
    /// `C(n, c) T(c, f)` for `c < keep`.
    coefficients: Vec<u64>,
}

/// The keeping sum's pieces for one prime (module docs).
struct Terms {
    n: usize,
    keep: usize,
    kept_high: bool,
    step: usize,
    /// `g = E / T` and `g^100`.
    g: u64,
    g_hundred: u64,
    /// Stopping faces from the kept end of a block.
    faces: Vec<BlockFace>,
    /// The last block's outcomes from the kept end.
    last: Vec<LastOutcome>,
    binomials: Binomials,
}

impl Terms {
    fn new(blocks: &Blocks, n: u64, keep: u64, kept_high: bool, m: Modulus) -> Self {
        let (nu, ku) = (n as usize, keep as usize);
        let lowest = blocks.lowest();
        let enter = |x: u64| m.enter(x % m.p);
        let t = enter(blocks.total);
        let g = m.mul(enter(blocks.exploding), m.inv(t));
        let t_hundred = m.pow(t, STOPPING_BLOCKS);
        let one = m.enter(1);
        let g_hundred = m.pow(g, STOPPING_BLOCKS);
        let exponent = |score: i64| (score - lowest) as usize;
        let mut stop: Vec<(i64, u64)> = blocks.stop.clone();
        if kept_high {
            stop.reverse();
        }
        let weights: Vec<u64> = stop
            .iter()
            .map(|(_, w)| m.mul(enter(*w), t_hundred))
            .collect();
        let block_sum = weights.iter().fold(0, |acc, w| m.add(acc, *w));
        let e_hundred = m.pow(enter(blocks.exploding), STOPPING_BLOCKS);
        let mut last: Vec<(i64, u64)> = blocks
            .last
            .iter()
            .map(|(f, w)| (blocks.last_block_score(*f), m.mul(enter(*w), e_hundred)))
            .collect();
        if kept_high {
            last.reverse();
        }
        let last_sum = last.iter().fold(0, |acc, (_, w)| m.add(acc, *w));
        // The dropped side of face i in block j: b0 + b1_i t (module docs).
        let series_sum = m.mul(block_sum, m.inv(m.sub(one, g)));
        let b0 = if kept_high {
            series_sum
        } else {
            m.sub(last_sum, m.mul(series_sum, g_hundred))
        };
        let binomials = Binomials::new(m, nu);
        let mut after = block_sum;
        let faces = stop
            .iter()
            .zip(&weights)
            .map(|((score, _), w)| {
                after = m.sub(after, *w);
                let b1 = if kept_high {
                    m.sub(after, b0)
                } else {
                    m.add(m.mul(series_sum, g), after)
                };
                BlockFace {
                    exponent: exponent(*score),
                    weight: *w,
                    coefficients: polynomials(m, &binomials, nu, ku, *w, b0, b1),
                }
            })
            .collect();
        // The last block: kept first under keep-highest (the blocks all lie on its dropped side),
        // last under keep-lowest.
        let mut last_weights: Vec<u64> = last.iter().map(|(_, w)| *w).collect();
        if kept_high {
            last_weights.push(m.mul(series_sum, m.sub(one, g_hundred)));
        }
        let last_coefficients = coefficients(m, &last_weights, n, ku);
        let last = last
            .iter()
            .zip(last_coefficients.chunks_exact(ku))
            .map(|((score, w), a)| LastOutcome {
                exponent: exponent(*score),
                weight: *w,
                coefficients: a.to_vec(),
            })
            .collect();
        Self {
            n: nu,
            keep: ku,
            kept_high,
            step: blocks.step as usize,
            g,
            g_hundred,
            faces,
            last,
            binomials,
        }
    }

    /// The keeping sum's first `span` coefficients.
    fn kept(&self, m: Modulus, span: usize) -> Vec<u64> {
        let (n, keep, step) = (self.n, self.keep, self.step);
        let one = m.enter(1);
        let one_minus_q = Poly::one_minus(m, self.g, step);
        let q = Poly::monomial(step, self.g);
        let q_hundred = Poly::monomial(BLOCKS * step, self.g_hundred);
        let mut blocks_poly = Poly::zero();
        for f in &self.faces {
            blocks_poly = blocks_poly.add(m, &Poly::monomial(f.exponent, f.weight));
        }
        let one_minus_q_powers = one_minus_q.powers(m, keep);
        let mut out = vec![0u64; span];
        // The last block's outcomes, each with the kept side before it (times (1 - q)^(keep - 1)).
        let mut last_side = Poly::zero();
        let mut last_sides = Vec::with_capacity(self.last.len());
        for o in &self.last {
            last_sides.push(last_side.clone());
            last_side = last_side.add(m, &Poly::monomial(o.exponent, o.weight));
        }
        // beta (times 1 - q) and the part of alpha_i shared by the faces.
        let (beta, shared) = if self.kept_high {
            (
                last_side
                    .mul(m, &one_minus_q)
                    .add(m, &blocks_poly.mul(m, &q_hundred).negated(m)),
                blocks_poly.mul(m, &q),
            )
        } else {
            (blocks_poly.clone(), blocks_poly.negated(m))
        };
        // beta^b (1 - q)^(keep - 1 - c) C(c, b), shared by the faces.
        let beta_powers = beta.powers(m, keep);
        let mut shared_factors = vec![Poly::zero(); keep * keep];
        for c in 0..keep {
            for b in 0..=c {
                shared_factors[c * keep + b] = beta_powers[b]
                    .mul(m, &one_minus_q_powers[keep - 1 - c])
                    .scaled(m, self.binomials.choose(c, b));
            }
        }
        // g^(d j) for d < keep + n and j < 100.
        let g_by_block: Vec<Vec<u64>> = (0..keep + n)
            .map(|d| {
                let ratio = m.pow(self.g, d as u64);
                let mut p = one;
                (0..BLOCKS)
                    .map(|_| {
                        let here = p;
                        p = m.mul(p, ratio);
                        here
                    })
                    .collect()
            })
            .collect();
        let mut before = Poly::zero();
        let mut sparse = vec![0u64; BLOCKS];
        for f in &self.faces {
            let alpha = shared.add(m, &before.mul(m, &one_minus_q));
            before = before.add(m, &Poly::monomial(f.exponent, f.weight));
            let alpha_powers = alpha.powers(m, keep);
            for c in 0..keep {
                let row = &f.coefficients[c * (n + 1)..c * (n + 1) + (n - c + 1)];
                // A_ic(g^j), Horner.
                let values: Vec<u64> = g_by_block[1]
                    .iter()
                    .map(|t| row.iter().rev().fold(0, |acc, a| m.add(m.mul(acc, *t), *a)))
                    .collect();
                for b in 0..=c {
                    let d = c - b;
                    for ((s, v), gj) in sparse.iter_mut().zip(&values).zip(&g_by_block[d]) {
                        *s = m.mul(*v, *gj);
                    }
                    let short = alpha_powers[d]
                        .mul(m, &shared_factors[c * keep + b])
                        .shifted(f.exponent * (keep - c));
                    short.add_times_sparse(m, &sparse, step * (keep - b), &mut out);
                }
            }
        }
        // The last block. Under keep-lowest its kept side also holds every block:
        // P (1 - q^100) / (1 - q), whose powers are taken apart by the binomial theorem.
        let blocks_powers = blocks_poly.powers(m, keep);
        for (o, side) in self.last.iter().zip(&last_sides) {
            let side_powers = side.powers(m, keep);
            for c in 0..keep {
                let lead = Poly::monomial(o.exponent * (keep - c), o.coefficients[c]);
                let ls = if self.kept_high { 0..=0 } else { 0..=c };
                for l in ls {
                    let short = lead
                        .mul(m, &side_powers[c - l])
                        .mul(m, &blocks_powers[l])
                        .mul(m, &one_minus_q_powers[keep - 1 - l])
                        .scaled(m, self.binomials.choose(c, l));
                    // (1 - q^100)^l: l + 1 terms at steps of 100 s.
                    let terms: Vec<u64> = (0..=l)
                        .map(|i| {
                            let c =
                                m.mul(self.binomials.choose(l, i), m.pow(self.g_hundred, i as u64));
                            if i % 2 == 0 { c } else { m.sub(0, c) }
                        })
                        .collect();
                    short.add_times_sparse(m, &terms, BLOCKS * step, &mut out);
                }
            }
        }
        // Divided by (1 - q)^(keep - 1): K[e] = R[e] + g K[e - s].
        for _ in 1..keep {
            for e in step..span {
                out[e] = m.add(out[e], m.mul(self.g, out[e - step]));
            }
        }
        out
    }
}

/// Binomial coefficients modulo a prime above `n`, from factorials.
struct Binomials {
    m: Modulus,
    factorials: Vec<u64>,
    inverse_factorials: Vec<u64>,
}

impl Binomials {
    fn new(m: Modulus, n: usize) -> Self {
        let mut factorials = Vec::with_capacity(n + 1);
        let mut f = m.enter(1);
        for i in 0..=n {
            if i > 0 {
                f = m.mul(f, m.enter(i as u64));
            }
            factorials.push(f);
        }
        let mut inverse_factorials = vec![0u64; n + 1];
        let mut inv = m.inv(f);
        for i in (0..=n).rev() {
            inverse_factorials[i] = inv;
            inv = m.mul(inv, m.enter(i.max(1) as u64));
        }
        Self {
            m,
            factorials,
            inverse_factorials,
        }
    }

    /// `C(top, bottom)`, `bottom <= top <= n`.
    fn choose(&self, top: usize, bottom: usize) -> u64 {
        let m = self.m;
        m.mul(
            self.factorials[top],
            m.mul(
                self.inverse_factorials[bottom],
                self.inverse_factorials[top - bottom],
            ),
        )
    }
}

/// `C(n, c) T(c, f)` for `c < keep` as polynomials in `t` (rows of `n + 1` coefficients), for a face
/// of weight `w t` whose dropped side weighs `b0 + b1 t`: `T(c, f)` is `(w t + B)^(n - c)` less the
/// terms with fewer than `keep - c` dice on the face, `C(n - c, h) (w t)^h B^(n - c - h)`.
fn polynomials(
    m: Modulus,
    binomials: &Binomials,
    n: usize,
    keep: usize,
    w: u64,
    b0: u64,
    b1: u64,
) -> Vec<u64> {
    let powers = |x: u64| {
        let mut out = vec![m.enter(1); n + 1];
        for i in 1..=n {
            out[i] = m.mul(out[i - 1], x);
        }
        out
    };
    let (b0_powers, b1_powers, w_powers) = (powers(b0), powers(b1), powers(w));
    let whole = powers(m.add(w, b1));
    let mut out = vec![0u64; keep * (n + 1)];
    for c in 0..keep {
        let row = &mut out[c * (n + 1)..(c + 1) * (n + 1)];
        let rest = n - c;
        for (e, slot) in row.iter_mut().enumerate().take(rest + 1) {
            *slot = m.mul(
                binomials.choose(rest, e),
                m.mul(b0_powers[rest - e], whole[e]),
            );
        }
        for h in 0..keep - c {
            let lead = m.mul(binomials.choose(rest, h), w_powers[h]);
            let others = rest - h;
            for e in 0..=others {
                let term = m.mul(
                    lead,
                    m.mul(
                        binomials.choose(others, e),
                        m.mul(b0_powers[others - e], b1_powers[e]),
                    ),
                );
                row[h + e] = m.sub(row[h + e], term);
            }
        }
        let choose = binomials.choose(n, c);
        for slot in row.iter_mut() {
            *slot = m.mul(*slot, choose);
        }
    }
    out
}
