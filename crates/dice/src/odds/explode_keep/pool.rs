//! The pool of `n` capped `!` chains as one polynomial, counting its explosion dice and its stopping
//! dice.
//!
//! A chain throws while its throw meets the explosion point, at most [`MAX_EXPLOSIONS`] times. Mark a
//! throw of an exploding face (E) with `x` and one of a stopping face (F) with `y`, and let `T` be a
//! throw's total weight. A chain that stops after `j < 100` explosions is `x^j y`, padded with
//! `T^(100 - j)` to 101 throws' worth of denominator; the capped chain is `x^100` and a last throw of
//! either kind, `x^101 + x^100 y`, already 101 throws. So one chain is `C(x, y) = y B(x) + x^101` with
//! `B(x) = sum_{j=0}^{100} T^(100 - j) x^j`, and the pool is `P(x, y) = C(x, y)^n`: the coefficient
//! of `x^M y^m` counts the ways (paths padded to `T^(101 n)`) for the pool to hold `M` dice showing
//! E faces and `m` showing F faces. The padding depends only on `M` (`T^(100 n - M)` in all), so
//! substituting the faces' weights, `P(e, f) = T^(101 n)`: the capped process's common total.
//!
//! Keep/drop needs `P`'s Taylor coefficients
//! `G_ab(x, y) = [s^a t^b] P(x + s, y + t) = sum_{M,m} P_Mm C(M, a) C(m, b) x^(M-a) y^(m-b)`:
//! with `a` E dice and `b` F dice already placed, the other `M - a` and `m - b` lie beyond, with
//! weights `x` and `y` each. [`ChainPool::taylor`] gives them at numbers, [`ChainPool::counts`] gives
//! the coefficients `P_Mm` themselves.

use super::super::OddsError;
use super::super::dist::Dist;
use super::super::weight::Weight;
use super::binomials::Binomials;
use crate::notation::limits::MAX_EXPLOSIONS;

/// Explosions a chain may make: 100.
pub const CAP: usize = MAX_EXPLOSIONS;

/// `n` chains of a throw of total weight `T`.
#[derive(Debug, Clone)]
pub struct ChainPool<W> {
    n: u64,
    /// `T^i` for `i = 0..=CAP + 1`.
    t_pow: Vec<W>,
}

impl<W: Weight> ChainPool<W> {
    /// The pool of `n` chains of a throw whose weights sum to `total`.
    pub fn new(n: u64, total: &W) -> Result<Self, OddsError> {
        let mut t_pow = vec![W::one()];
        for i in 1..=CAP + 1 {
            t_pow.push(t_pow[i - 1].mul(total)?);
        }
        Ok(Self { n, t_pow })
    }

    /// `P(e, f) = T^(101 n)`, the common total of every answer over this pool.
    pub fn total(&self) -> Result<W, OddsError> {
        self.t_pow[CAP + 1].pow(self.n).map_err(OddsError::from)
    }

    /// `G_ab(x, y)` for every `a + b < len` (and `b <= n`; the others are 0), as `g[b][a]`.
    ///
    /// `P(x + s, y + t) = (A(s) + t B(x + s))^n` with `A(s) = y B(x + s) + (x + s)^101`, so
    /// `G_ab = C(n, b) [s^a] B(x + s)^b A(s)^(n - b)`: power series in `s` cut to `len` terms, `A`'s
    /// power by squaring. Work: `202 len` products by `x`, and about `len^2 (log2 n + 3 min(n, len)) / 2`
    /// products of series terms, the largest of the total's size ([`super::cost::keeping`]).
    pub fn taylor(&self, x: &W, y: &W, len: usize) -> Result<Vec<Vec<W>>, OddsError> {
        if len == 0 {
            return Ok(Vec::new());
        }
        // B(x + s) by Horner from its highest coefficient, 1 = T^0, down to T^100; (x + s)^101.
        let mut b = vec![W::one()];
        for j in (0..CAP).rev() {
            b = times_linear(&b, x, len)?;
            b[0] = b[0].add(&self.t_pow[CAP - j])?;
        }
        let mut r = vec![W::one()];
        for _ in 0..=CAP {
            r = times_linear(&r, x, len)?;
        }
        let a: Vec<W> = (0..len)
            .map(|i| {
                let yb = b.get(i).map_or(Ok(W::zero()), |c| c.mul(y))?;
                yb.add(r.get(i).unwrap_or(&W::zero()))
            })
            .collect::<Result<_, _>>()?;
        let b_max = self.n.min(len as u64 - 1) as usize;
        let mut b_pows = vec![vec![W::one()]];
        for i in 1..=b_max {
            b_pows.push(series_mul(&b_pows[i - 1], &b, len - i)?);
        }
        let mut a_pow = series_pow(&a, self.n - b_max as u64, len)?;
        // C(n, b) for b <= b_max, each from the one before (an exact division).
        let mut choose = vec![W::one()];
        for k in 1..=b_max as u64 {
            let next = choose[k as usize - 1]
                .mul_small(self.n - k + 1)?
                .div_small(k);
            choose.push(next);
        }
        let mut g = vec![Vec::new(); b_max + 1];
        for bb in (0..=b_max).rev() {
            let c = &choose[bb];
            g[bb] = series_mul(&b_pows[bb], &a_pow, len - bb)?
                .iter()
                .map(|w| w.mul(c))
                .collect::<Result<_, _>>()?;
            if bb > 0 {
                a_pow = series_mul(&a_pow, &a, len)?;
            }
        }
        Ok(g)
    }

    /// `P`'s coefficients: `counts[m]` weighs each number `M` of E dice in a pool with `m` F dice,
    /// `P_Mm = C(n, m) [x^(M - 101 (n - m))] B(x)^m`. In closed form: `m` chains stopping after
    /// `k` explosions in all carry `T^(100 m - k)`, in as many ways as `k` splits into `m` parts of
    /// at most 100, `c_mk`, so `[x^k] B^m = c_mk T^(100 m - k)`; `c_m` from `c_(m-1)` by running
    /// sums. Work: two products per coefficient (about `100 n^2` of them, [`super::cost::dropping`])
    /// and the `100 n` powers of `T`, not `n` convolutions with `B`.
    pub fn counts(&self) -> Result<Vec<Dist<W>>, OddsError> {
        let n = self.n;
        let cap = CAP;
        let choose = Binomials::<W>::new(n, n as usize)?;
        let highest = cap * n as usize;
        let mut t_high = Vec::with_capacity(highest + 1);
        t_high.push(W::one());
        for i in 1..=highest {
            t_high.push(t_high[i - 1].mul(&self.t_pow[1])?);
        }
        // c_m: the ways m parts of 0 to 100 sum to k, for k = 0..=100 m.
        let mut ways = vec![W::one()];
        let mut counts = Vec::with_capacity(n as usize + 1);
        for m in 0..=n as usize {
            if m > 0 {
                let mut next = Vec::with_capacity(ways.len() + cap);
                let mut run = W::zero();
                for k in 0..ways.len() + cap {
                    if let Some(w) = ways.get(k) {
                        run = run.add(w)?;
                    }
                    if let Some(w) = k.checked_sub(cap + 1).and_then(|i| ways.get(i)) {
                        run = run.sub(w)?;
                    }
                    next.push(run.clone());
                }
                ways = next;
            }
            let c = choose.get(n, m as u64);
            let weights = ways
                .iter()
                .enumerate()
                .map(|(k, w)| w.mul(&c)?.mul(&t_high[cap * m - k]))
                .collect::<Result<_, _>>()?;
            counts.push(Dist {
                min: ((cap + 1) * (n as usize - m)) as i64,
                weights,
            });
        }
        Ok(counts)
    }
}

/// `p(s) (x + s)`, cut to `len` terms.
fn times_linear<W: Weight>(p: &[W], x: &W, len: usize) -> Result<Vec<W>, OddsError> {
    let out_len = (p.len() + 1).min(len);
    (0..out_len)
        .map(|i| {
            let here = p.get(i).map_or(Ok(W::zero()), |c| c.mul(x))?;
            match i.checked_sub(1).and_then(|j| p.get(j)) {
                Some(lower) => here.add(lower),
                None => Ok(here),
            }
        })
        .collect::<Result<_, _>>()
        .map_err(OddsError::from)
}

/// `p q`, cut to `len` terms.
fn series_mul<W: Weight>(p: &[W], q: &[W], len: usize) -> Result<Vec<W>, OddsError> {
    let out_len = (p.len() + q.len()).saturating_sub(1).min(len);
    let mut out = vec![W::zero(); out_len];
    for (i, pi) in p.iter().enumerate().take(out_len) {
        if pi.is_zero() {
            continue;
        }
        for (j, qj) in q.iter().enumerate().take(out_len - i) {
            let slot = &mut out[i + j];
            slot.add_product(pi, qj)?;
        }
    }
    Ok(out)
}

/// `p^e`, cut to `len` terms, by squaring.
fn series_pow<W: Weight>(p: &[W], e: u64, len: usize) -> Result<Vec<W>, OddsError> {
    let mut result = vec![W::one()];
    let mut base = p[..p.len().min(len)].to_vec();
    let mut e = e;
    while e > 0 {
        if e & 1 == 1 {
            result = series_mul(&result, &base, len)?;
        }
        e >>= 1;
        if e > 0 {
            base = series_mul(&base, &base, len)?;
        }
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    /// `P`'s coefficients by multiplying out `C(x, y)^n` term by term: `p[M][m]`.
    fn expanded(n: usize, t: u32) -> Vec<Vec<BigUint>> {
        let size = (CAP + 1) * n + 1;
        let t = BigUint::from(t);
        let mut p = vec![vec![BigUint::from(0u8); n + 1]; size];
        p[0][0] = BigUint::from(1u8);
        for _ in 0..n {
            let mut next = vec![vec![BigUint::from(0u8); n + 1]; size];
            for big in 0..size {
                for small in 0..=n {
                    let w = p[big][small].clone();
                    if w == BigUint::from(0u8) {
                        continue;
                    }
                    for j in 0..=CAP {
                        next[big + j][small + 1] += &w * t.pow((CAP - j) as u32);
                    }
                    next[big + CAP + 1][small] += w;
                }
            }
            p = next;
        }
        p
    }

    fn choose(n: usize, k: usize) -> BigUint {
        if k > n {
            return BigUint::from(0u8);
        }
        (0..k).fold(BigUint::from(1u8), |c, i| c * (n - i) / (i + 1))
    }

    #[test]
    fn counts_match_the_expansion() {
        for (n, t) in [(1usize, 1u32), (1, 6), (2, 3), (3, 1), (3, 8), (4, 2)] {
            let p = expanded(n, t);
            let pool = ChainPool::<BigUint>::new(n as u64, &BigUint::from(t))
                .unwrap_or_else(|e| panic!("{e}"));
            let counts = pool.counts().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(counts.len(), n + 1);
            for (m, dist) in counts.iter().enumerate() {
                for (big, row) in p.iter().enumerate() {
                    let got = dist
                        .outcomes()
                        .find(|(o, _)| *o == big as i64)
                        .map_or(BigUint::from(0u8), |(_, w)| w.clone());
                    assert_eq!(got, row[m], "n {n}, T {t}: P at x^{big} y^{m}");
                }
            }
        }
    }

    #[test]
    fn taylor_matches_the_expansion() {
        let (n, t) = (2usize, 3u32);
        let p = expanded(n, t);
        let pool = ChainPool::<BigUint>::new(n as u64, &BigUint::from(t))
            .unwrap_or_else(|e| panic!("{e}"));
        // G_ab(x, y) against the sum over the expansion, at points with x + y = T and others.
        for (x, y) in [(0u32, 0u32), (1, 2), (2, 1), (3, 0), (0, 3), (5, 7)] {
            let g = pool
                .taylor(&BigUint::from(x), &BigUint::from(y), 4)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(g.len(), 3, "b runs to n");
            for (b, row) in g.iter().enumerate() {
                assert_eq!(row.len(), 4 - b);
                for (a, got) in row.iter().enumerate() {
                    let mut want = BigUint::from(0u8);
                    for (big, coefficients) in p.iter().enumerate() {
                        for (small, w) in coefficients.iter().enumerate() {
                            if big < a || small < b {
                                continue;
                            }
                            want += w
                                * choose(big, a)
                                * choose(small, b)
                                * BigUint::from(x).pow((big - a) as u32)
                                * BigUint::from(y).pow((small - b) as u32);
                        }
                    }
                    assert_eq!(*got, want, "G_{a}{b}({x}, {y})");
                }
            }
        }
        assert_eq!(pool.total(), Ok(BigUint::from(t).pow(202)));
    }
}
