//! The number-theoretic transform modulo one prime: a cyclic convolution of `2^t` points in
//! `O(2^t * t)` multiplications instead of `4^t`.
//!
//! [`forward`] leaves its points in bit-reversed order and [`inverse`] takes them so: a product
//! of transforms is taken point by point, which does not care about the order, so no permutation
//! is ever made.

use super::modular::{Modulus, ORDER_BITS};

/// The twiddle factors of every stage of transforms of one length modulo one prime: the stage of
/// blocks of `len` points uses `w_len^0 .. w_len^(len/2 - 1)` (`w_len` a root of unity of order
/// `len`), stored side by side from offset `len/2 - 1` so that each stage reads them in order.
#[derive(Debug, Clone)]
pub struct Twiddles {
    /// The root of unity `w` of order `len` the transform evaluates at: [`forward`]'s point
    /// `rev(t)` is the polynomial at `w^t` (Montgomery form).
    pub root: u64,
    forward: Vec<u64>,
    inverse: Vec<u64>,
    /// `len^-1`, Montgomery form.
    scale: u64,
}

impl Twiddles {
    /// The tables for transforms of `len = 2^log_len` points modulo `m` (`1 <= log_len <= 24`).
    pub fn new(m: Modulus, log_len: u32) -> Self {
        debug_assert!((1..=ORDER_BITS).contains(&log_len));
        let w = m.root(log_len);
        let table = |w: u64| {
            let mut out = Vec::with_capacity(1 << log_len);
            // The stage of blocks of 2^s points uses w^(2^(log_len - s)), a root of order 2^s.
            for s in 1..=log_len {
                let root = m.pow(w, 1u64 << (log_len - s));
                let mut x = m.enter(1);
                for _ in 0..(1usize << (s - 1)) {
                    out.push(x);
                    x = m.mul(x, root);
                }
            }
            out
        };
        Self {
            root: w,
            forward: table(w),
            inverse: table(m.inv(w)),
            scale: m.inv(m.enter(1u64 << log_len)),
        }
    }
}

/// The transform of `a` (Montgomery form, values below `2p`, `a.len()` the tables' length), in
/// place, its points in bit-reversed order (decimation in frequency), values below `2p`.
pub fn forward(m: Modulus, a: &mut [u64], tw: &Twiddles) {
    let two_p = m.p << 1;
    let mut half = a.len() / 2;
    while half >= 1 {
        let w = &tw.forward[half - 1..2 * half - 1];
        for block in a.chunks_exact_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for ((x, y), w) in lo.iter_mut().zip(hi.iter_mut()).zip(w) {
                let (u, v) = (*x, *y);
                *x = m.below_two_p(u + v);
                *y = m.mul_lazy(u + two_p - v, *w);
            }
        }
        half /= 2;
    }
}

/// The index of point `t` in [`forward`]'s bit-reversed order, for transforms of `2^log_len`
/// points.
pub fn reversed(t: usize, log_len: u32) -> usize {
    t.reverse_bits() >> (usize::BITS - log_len)
}

/// The inverse of [`forward`]: points in bit-reversed order in (below `2p`), coefficients in natural
/// order out (decimation in time), scaled by `1 / len`, in `0..p`.
pub fn inverse(m: Modulus, a: &mut [u64], tw: &Twiddles) {
    let two_p = m.p << 1;
    let n = a.len();
    let mut half = 1;
    while half < n {
        let w = &tw.inverse[half - 1..2 * half - 1];
        for block in a.chunks_exact_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for ((x, y), w) in lo.iter_mut().zip(hi.iter_mut()).zip(w) {
                let u = *x;
                let v = m.mul_lazy(*y, *w);
                *x = m.below_two_p(u + v);
                *y = m.below_two_p(u + two_p - v);
            }
        }
        half *= 2;
    }
    for x in a.iter_mut() {
        *x = m.mul(*x, tw.scale);
    }
}

#[cfg(test)]
mod tests {
    use super::super::primes::PRIMES;
    use super::*;

    #[test]
    fn a_transform_multiplies_polynomials() {
        let m = Modulus::new(PRIMES[3]);
        let a = [3u64, 1, 4, 1, 5];
        let b = [9u64, 2, 6];
        let mut expected = [0u64; 7];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                expected[i + j] += x * y;
            }
        }
        let tw = Twiddles::new(m, 3);
        let lift = |v: &[u64]| {
            let mut out = vec![0u64; 8];
            for (o, x) in out.iter_mut().zip(v) {
                *o = m.enter(*x);
            }
            out
        };
        let (mut fa, mut fb) = (lift(&a), lift(&b));
        forward(m, &mut fa, &tw);
        forward(m, &mut fb, &tw);
        let mut product: Vec<u64> = fa.iter().zip(&fb).map(|(x, y)| m.mul(*x, *y)).collect();
        inverse(m, &mut product, &tw);
        let got: Vec<u64> = product.iter().map(|x| m.leave(*x)).collect();
        assert_eq!(got[..7], expected);
        assert_eq!(got[7], 0);
    }
}
