//! Reducing fractions over one distribution's total quickly.
//!
//! Every total the engine makes is a product of small numbers (die sizes, counts, reroll weights' sums
//! over `S^101`), so it factors by trial division over the primes below [`SMALL_PRIME_LIMIT`]. Reducing a
//! weight then only tries those primes, instead of a general gcd whose cost grows with the square of the
//! numbers' length (tens of thousands of bits for `10000d6`). A total that does not factor that way falls
//! back to the gcd.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

/// Trial division stops below this bound (the notation's largest die has 1,000,000 sides).
pub const SMALL_PRIME_LIMIT: u32 = 1_000_001;

/// The prime factorization of a total, when it has only small primes.
#[derive(Debug, Clone)]
pub struct Reducer {
    total: BigUint,
    /// `(prime, exponent)`; `None` when a large prime factor remains (the gcd is used then).
    factors: Option<Vec<(u32, u64)>>,
}

impl Reducer {
    /// Factors `total` over the small primes.
    pub fn new(total: &BigUint) -> Self {
        let mut rest = total.clone();
        let mut factors = Vec::new();
        if !rest.is_zero() {
            for p in primes_below(SMALL_PRIME_LIMIT) {
                if rest.is_one() {
                    break;
                }
                let mut e = 0;
                while (&rest % p).is_zero() {
                    rest /= p;
                    e += 1;
                }
                if e > 0 {
                    factors.push((p, e));
                }
            }
        }
        let complete = rest.is_one();
        Self {
            total: total.clone(),
            factors: complete.then_some(factors),
        }
    }

    /// `(numerator / g, total / g)` with `g = gcd(numerator, total)`.
    pub fn reduce(&self, numerator: &BigUint) -> (BigUint, BigUint) {
        if numerator.is_zero() {
            return (BigUint::zero(), BigUint::one());
        }
        let Some(factors) = &self.factors else {
            let g = numerator.gcd(&self.total);
            return (numerator / &g, &self.total / &g);
        };
        let mut n = numerator.clone();
        let mut g = BigUint::one();
        for &(p, e) in factors {
            if p == 2 {
                let k = n.trailing_zeros().unwrap_or(0).min(e);
                n >>= k;
                g <<= k;
                continue;
            }
            // Whole runs of p first, as many as fit in a word (3^40 for p = 3), then single factors: a
            // weight of 10000d6 may hold thousands of threes.
            let (chunk, chunk_len) = word_power(p);
            let mut k = 0;
            while k + chunk_len <= e && (&n % chunk).is_zero() {
                n /= chunk;
                k += chunk_len;
            }
            while k < e && (&n % p).is_zero() {
                n /= p;
                k += 1;
            }
            if k > 0 {
                g *= BigUint::from(p).pow(k as u32);
            }
        }
        let d = if g.is_one() {
            self.total.clone()
        } else {
            &self.total / &g
        };
        (n, d)
    }
}

/// The largest power of `p` that fits in a `u64`, and its exponent.
fn word_power(p: u32) -> (u64, u64) {
    let (mut power, mut exponent) = (u64::from(p), 1);
    while let Some(next) = power.checked_mul(u64::from(p)) {
        power = next;
        exponent += 1;
    }
    (power, exponent)
}

fn primes_below(limit: u32) -> impl Iterator<Item = u32> {
    // 2 and 3, then candidates 6k +- 1 tested against the primes found so far: enough for a bound of
    // a million, and only walked as far as the total needs.
    let mut found: Vec<u32> = Vec::new();
    (2..limit).filter(move |&c| {
        if c > 3 && (c % 2 == 0 || c % 3 == 0) {
            return false;
        }
        let prime = found
            .iter()
            .take_while(|&&p| u64::from(p) * u64::from(p) <= u64::from(c))
            .all(|&p| c % p != 0);
        if prime {
            found.push(c);
        }
        prime
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduces_like_the_gcd() {
        let total = BigUint::from(6u32).pow(10) * BigUint::from(7u32);
        let r = Reducer::new(&total);
        for n in [1u64, 2, 3, 12, 7 * 6 * 6, 6u64.pow(10), 5 * 11] {
            let n = BigUint::from(n);
            let g = n.gcd(&total);
            assert_eq!(r.reduce(&n), (&n / &g, &total / &g), "{n}");
        }
        let odd = BigUint::from(1_000_003u64) * 4u32;
        let r = Reducer::new(&odd);
        assert_eq!(
            r.reduce(&BigUint::from(2u8)),
            (BigUint::one(), BigUint::from(2_000_006u64))
        );
    }
}
