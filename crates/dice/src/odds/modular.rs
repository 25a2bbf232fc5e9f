//! Arithmetic modulo one prime of [`super::primes::PRIMES`], in Montgomery form.
//!
//! Why: a weight of thousands of bits costs a big-integer operation per step; its residues modulo
//! primes below 2^62 cost one machine multiplication each, and the weight is rebuilt once at the end
//! ([`super::residues`]). Montgomery form (`a * 2^64 mod p`) makes a product two multiplications
//! and a shift, with no division.

use super::limbs::inverse_of_odd;

/// Roots of unity of order `2^ORDER_BITS` exist modulo every prime of the table: transforms of up to
/// `2^ORDER_BITS` points.
pub const ORDER_BITS: u32 = 24;

/// One prime `p < 2^62` and the constants for computing modulo it. Values "in Montgomery form" are
/// `a * 2^64 mod p`, in `0..p`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Modulus {
    /// The prime.
    pub p: u64,
    /// `-p^-1 mod 2^64`.
    neg_inv: u64,
    /// `2^128 mod p`: turns a value into Montgomery form.
    r2: u64,
}

impl Modulus {
    /// Constants for the odd prime `p < 2^62` (a caller's promise: the table's primes).
    pub fn new(p: u64) -> Self {
        let inv = inverse_of_odd(p);
        let r = (u128::from(u64::MAX) % u128::from(p) + 1) % u128::from(p);
        let r2 = (r * r % u128::from(p)) as u64;
        Self {
            p,
            neg_inv: inv.wrapping_neg(),
            r2,
        }
    }

    /// `t * 2^-64 mod p` for `t < p * 2^64`, in `0..p`: a sum of up to four products of values
    /// below `p` reduces at once.
    #[inline]
    pub fn reduce(self, t: u128) -> u64 {
        let m = (t as u64).wrapping_mul(self.neg_inv);
        let u = ((t + u128::from(m) * u128::from(self.p)) >> 64) as u64;
        if u >= self.p { u - self.p } else { u }
    }

    /// The product of two values in Montgomery form (each below `2p`), in `0..p`.
    #[inline]
    pub fn mul(self, a: u64, b: u64) -> u64 {
        self.reduce(u128::from(a) * u128::from(b))
    }

    /// The product of `a < 4p` and `b < p` in Montgomery form, in `0..2p` (not reduced further:
    /// the transforms carry values below `2p` and reduce once at the end).
    #[inline]
    pub fn mul_lazy(self, a: u64, b: u64) -> u64 {
        let t = u128::from(a) * u128::from(b);
        let m = (t as u64).wrapping_mul(self.neg_inv);
        ((t + u128::from(m) * u128::from(self.p)) >> 64) as u64
    }

    /// `x < 4p` brought below `2p`.
    #[inline]
    pub fn below_two_p(self, x: u64) -> u64 {
        let two_p = self.p << 1;
        if x >= two_p { x - two_p } else { x }
    }

    /// `a + b`.
    #[inline]
    pub fn add(self, a: u64, b: u64) -> u64 {
        let s = a + b;
        if s >= self.p { s - self.p } else { s }
    }

    /// `a - b`.
    #[inline]
    pub fn sub(self, a: u64, b: u64) -> u64 {
        if a >= b { a - b } else { a + self.p - b }
    }

    /// Any `x` into Montgomery form.
    #[inline]
    pub fn enter(self, x: u64) -> u64 {
        self.mul(x % self.p, self.r2)
    }

    /// Out of Montgomery form: the residue in `0..p`.
    #[inline]
    pub fn leave(self, a: u64) -> u64 {
        self.reduce(u128::from(a))
    }

    /// `a^e` (Montgomery form in and out).
    pub fn pow(self, a: u64, mut e: u64) -> u64 {
        let mut result = self.enter(1);
        let mut base = a;
        while e > 0 {
            if e & 1 == 1 {
                result = self.mul(result, base);
            }
            e >>= 1;
            if e > 0 {
                base = self.mul(base, base);
            }
        }
        result
    }

    /// `a^-1` for `a` not 0 (Fermat: `a^(p-2)`).
    pub fn inv(self, a: u64) -> u64 {
        self.pow(a, self.p - 2)
    }

    /// A root of unity of order exactly `2^log_len` (`log_len <= ORDER_BITS`), in Montgomery form.
    pub fn root(self, log_len: u32) -> u64 {
        // A quadratic non-residue g (Euler's criterion) has order divisible by 2^ORDER_BITS, so
        // g^((p-1) / 2^log_len) has order 2^log_len.
        let minus_one = self.enter(self.p - 1);
        let g = (2..)
            .map(|g| self.enter(g))
            .find(|g| self.pow(*g, (self.p - 1) / 2) == minus_one)
            .unwrap_or(minus_one);
        self.pow(g, (self.p - 1) >> log_len)
    }

    /// A weight's residue: the little-endian 64-bit `words` of a non-negative integer, modulo `p`
    /// (plain form).
    pub fn residue_of_words(self, words: impl DoubleEndedIterator<Item = u64>) -> u64 {
        // Horner from the top word: acc * 2^64 is the Montgomery product of acc by 2^128 mod p.
        words
            .rev()
            .fold(0, |acc, w| self.add(self.mul(acc, self.r2), w % self.p))
    }
}

#[cfg(test)]
mod tests {
    use super::super::primes::PRIMES;
    use super::*;

    fn pow_plain(a: u64, mut e: u64, p: u64) -> u64 {
        let (mut r, mut b, p) = (1u128, u128::from(a) % u128::from(p), u128::from(p));
        while e > 0 {
            if e & 1 == 1 {
                r = r * b % p;
            }
            b = b * b % p;
            e >>= 1;
        }
        r as u64
    }

    /// Miller-Rabin with the first twelve primes as bases: exact for every n < 3.3 * 10^24.
    fn is_prime(n: u64) -> bool {
        let bases = [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
        if bases.contains(&n) {
            return true;
        }
        if n < 2 || bases.iter().any(|b| n.is_multiple_of(*b)) {
            return false;
        }
        let s = (n - 1).trailing_zeros();
        let d = (n - 1) >> s;
        bases.iter().all(|&a| {
            let mut x = pow_plain(a, d, n);
            if x == 1 || x == n - 1 {
                return true;
            }
            for _ in 1..s {
                x = (u128::from(x) * u128::from(x) % u128::from(n)) as u64;
                if x == n - 1 {
                    return true;
                }
            }
            false
        })
    }

    #[test]
    fn every_prime_is_prime_and_has_its_roots() {
        let mut last = u64::MAX;
        for &p in &PRIMES {
            assert!(p < last, "largest first, each once");
            last = p;
            assert!(p > 1 << 61 && p < 1 << 62, "{p:#x} in (2^61, 2^62)");
            assert_eq!((p - 1) % (1 << ORDER_BITS), 0, "{p:#x} = c * 2^24 + 1");
            assert!(is_prime(p), "{p:#x} is prime");
        }
        for &p in PRIMES.iter().step_by(37) {
            let m = Modulus::new(p);
            let w = m.root(ORDER_BITS);
            let one = m.enter(1);
            assert_eq!(m.pow(w, 1 << ORDER_BITS), one, "{p:#x}: w^(2^24) = 1");
            assert_eq!(
                m.leave(m.pow(w, 1 << (ORDER_BITS - 1))),
                p - 1,
                "{p:#x}: order 2^24"
            );
        }
    }

    #[test]
    fn montgomery_matches_plain_arithmetic() {
        for &p in PRIMES.iter().step_by(101) {
            let m = Modulus::new(p);
            for (a, b) in [
                (0u64, 5u64),
                (1, 1),
                (p - 1, p - 1),
                (123_456_789, p - 2),
                (1 << 61, 3),
            ] {
                let (x, y) = (m.enter(a), m.enter(b));
                let product = (u128::from(a) * u128::from(b) % u128::from(p)) as u64;
                assert_eq!(m.leave(m.mul(x, y)), product);
                assert_eq!(
                    m.leave(m.add(x, y)),
                    ((u128::from(a) + u128::from(b)) % u128::from(p)) as u64
                );
                assert_eq!(
                    m.leave(m.sub(x, y)),
                    ((u128::from(a) + u128::from(p) - u128::from(b)) % u128::from(p)) as u64
                );
                if a != 0 {
                    assert_eq!(m.leave(m.mul(m.inv(x), x)), 1);
                }
            }
            let words = [u64::MAX, 7, 1 << 63];
            let big = num_bigint::BigUint::from_slice(&[u32::MAX, u32::MAX, 7, 0, 0, 1 << 31]);
            let expected = (big % p).iter_u64_digits().next().unwrap_or(0);
            assert_eq!(m.residue_of_words(words.into_iter()), expected);
        }
    }
}
