//! Non-negative integers as little-endian 64-bit words, for the few operations the residues'
//! rebuild repeats per weight: products by a word, exact divisions by a word, a product of a short
//! number by a long one.
//!
//! Why not `BigUint`: a weight's power of a base is moved from one outcome to the next by a product
//! and an exact division by small numbers; `BigUint` divides word by word with the machine's
//! division (tens of cycles a word), an exact division by an odd word is one product a word
//! (Hensel's division, by the word's inverse modulo `2^64`), and no step allocates.

use num_bigint::BigUint;

/// Drops the high zero words of the number `sum words[i] 2^(64 i)` (zero is no words).
pub fn trim(words: &mut Vec<u64>) {
    while words.last() == Some(&0) {
        words.pop();
    }
}

/// `words *= small`, in place.
pub fn mul_word(words: &mut Vec<u64>, small: u64) {
    let mut carry = 0u128;
    for w in words.iter_mut() {
        let t = u128::from(*w) * u128::from(small) + carry;
        *w = t as u64;
        carry = t >> 64;
    }
    if carry > 0 {
        words.push(carry as u64);
    }
    trim(words);
}

/// `odd^-1 mod 2^64` for an odd `odd`.
pub fn inverse_of_odd(odd: u64) -> u64 {
    // Newton's iteration doubles the correct low bits each step; odd * odd = 1 modulo 8 gives
    // the first 3, so 5 steps pass 64.
    let mut inverse = odd;
    for _ in 0..5 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inverse)));
    }
    inverse
}

/// A divisor of one word, prepared for exact divisions: `d = 2^shift * odd`.
#[derive(Debug, Clone, Copy)]
pub struct Divisor {
    shift: u32,
    odd: u64,
    /// `odd^-1 mod 2^64`.
    inverse: u64,
}

impl Divisor {
    /// For `d >= 1`.
    pub fn new(d: u64) -> Self {
        let d = d.max(1);
        let shift = d.trailing_zeros();
        let odd = d >> shift;
        Self {
            shift,
            odd,
            inverse: inverse_of_odd(odd),
        }
    }

    /// `words /= d`, in place, when `d` divides `words` (the caller's promise: the result is
    /// otherwise meaningless, and a debug build panics).
    pub fn divide_exact(&self, words: &mut Vec<u64>) {
        if self.shift > 0 {
            let s = self.shift;
            let len = words.len();
            for i in 0..len {
                let high = if i + 1 < len {
                    words[i + 1] << (64 - s)
                } else {
                    0
                };
                words[i] = (words[i] >> s) | high;
            }
        }
        if self.odd > 1 {
            // Hensel's division: each quotient word is the remainder's low word times odd^-1;
            // the borrow is the high word of quotient * odd.
            let mut borrow = 0u64;
            for w in words.iter_mut() {
                let (s, under) = w.overflowing_sub(borrow);
                let q = s.wrapping_mul(self.inverse);
                *w = q;
                borrow = ((u128::from(q) * u128::from(self.odd)) >> 64) as u64 + u64::from(under);
            }
            debug_assert_eq!(borrow, 0, "an inexact division by {}", self.odd);
        }
        trim(words);
    }
}

/// `a * b`, schoolbook (`a` the shorter, a few words).
pub fn mul(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (a, b) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let mut out = vec![0u64; a.len() + b.len()];
    for (i, x) in a.iter().enumerate() {
        let mut carry = 0u128;
        for (j, y) in b.iter().enumerate() {
            let t = u128::from(*x) * u128::from(*y) + u128::from(out[i + j]) + carry;
            out[i + j] = t as u64;
            carry = t >> 64;
        }
        out[i + b.len()] = carry as u64;
    }
    trim(&mut out);
    out
}

/// The number as a `BigUint`.
pub fn to_big(words: &[u64]) -> BigUint {
    BigUint::new(
        words
            .iter()
            .flat_map(|w| [*w as u32, (*w >> 32) as u32])
            .collect(),
    )
}

/// `base^e` for `base >= 1` as repeated products by the largest power of `base` that fits a word.
pub struct Power {
    base: u64,
    /// `base^chunk`, the largest power in one word (`base` itself when `base^2` does not fit).
    big: u64,
    chunk: u64,
    /// `Divisor`s of `base^i` for `i <= chunk`, index `i`.
    divisors: Vec<Divisor>,
}

impl Power {
    /// For `base >= 1` (a base of 1 makes every step a no-op).
    pub fn new(base: u64) -> Self {
        let base = base.max(1);
        let (mut big, mut chunk) = (base, 1u64);
        if base > 1 {
            while let Some(next) = big.checked_mul(base) {
                big = next;
                chunk += 1;
            }
        }
        let mut divisors = Vec::with_capacity(chunk as usize + 1);
        let mut p = 1u64;
        for i in 0..=chunk {
            divisors.push(Divisor::new(p));
            if i < chunk {
                p *= base;
            }
        }
        Self {
            base,
            big,
            chunk,
            divisors,
        }
    }

    /// `words *= base^e`.
    pub fn multiply(&self, words: &mut Vec<u64>, e: u64) {
        if self.base == 1 {
            return;
        }
        for _ in 0..e / self.chunk {
            mul_word(words, self.big);
        }
        let rest = e % self.chunk;
        if rest > 0 {
            mul_word(words, self.base.pow(rest as u32));
        }
    }

    /// `words /= base^e`, exactly (the caller's promise).
    pub fn divide(&self, words: &mut Vec<u64>, e: u64) {
        if self.base == 1 {
            return;
        }
        for _ in 0..e / self.chunk {
            self.divisors[self.chunk as usize].divide_exact(words);
        }
        let rest = e % self.chunk;
        if rest > 0 {
            self.divisors[rest as usize].divide_exact(words);
        }
    }

    /// Word products (or divisions) for `e` powers: the cost of a move, in passes over the number.
    pub fn passes(&self, e: u64) -> u64 {
        if self.base == 1 {
            0
        } else {
            e.div_ceil(self.chunk)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(x: &BigUint) -> Vec<u64> {
        x.to_u64_digits()
    }

    #[test]
    fn products_and_exact_divisions_match_big_integers() {
        for base in [1u64, 2, 3, 10, 12, 7 * 1024, (1 << 61) - 1, u64::MAX] {
            let power = Power::new(base);
            let mut x = vec![1u64];
            let mut big = BigUint::from(1u8);
            for e in [0u64, 1, 5, 40, 3] {
                power.multiply(&mut x, e);
                big *= BigUint::from(base).pow(e as u32);
                assert_eq!(x, words(&big), "{base}^{e} up");
            }
            let other = BigUint::from(0xdead_beef_u64) * BigUint::from(3u8).pow(90u32);
            let mut y = mul(&x, &words(&other));
            for e in [3u64, 40, 5, 1, 0] {
                power.divide(&mut y, e);
                big /= BigUint::from(base).pow(e as u32);
                assert_eq!(to_big(&y), &big * &other, "{base}^{e} down");
            }
            assert_eq!(to_big(&y), other);
        }
        assert_eq!(mul(&[], &[5]), Vec::<u64>::new());
        assert_eq!(to_big(&[]), BigUint::default());
    }
}
