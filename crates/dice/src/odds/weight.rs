//! Exact integer weights: `u128` while the numbers fit, `BigUint` beyond. Never floating point.
//!
//! The engine is generic over [`Weight`]. It first runs with `u128`, whose every operation is checked;
//! the first overflow abandons that run and the whole computation starts again with `BigUint`, which
//! cannot overflow. Small questions stay fast, large ones stay exact.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use std::fmt::Debug;

/// The `u128` run overflowed: start again with [`BigUint`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

/// A non-negative exact integer weight.
pub trait Weight: Clone + Debug + PartialEq + Eq + PartialOrd + Ord {
    /// The most bits a weight of this type holds (`u64::MAX`: no limit). A computation whose
    /// result may need more gives up before its work ([`Overflow`]), instead of after it.
    const MAX_BITS: u64;
    /// 0.
    fn zero() -> Self;
    /// 1.
    fn one() -> Self;
    /// From a machine integer.
    fn from_u128(value: u128) -> Result<Self, Overflow>;
    /// Whether this is 0.
    fn is_zero(&self) -> bool;
    /// `self + other`.
    fn add(&self, other: &Self) -> Result<Self, Overflow>;
    /// `self - other`; `other <= self` is the caller's promise (checked: a broken promise is `Overflow`).
    fn sub(&self, other: &Self) -> Result<Self, Overflow>;
    /// `self * other`.
    fn mul(&self, other: &Self) -> Result<Self, Overflow>;
    /// `self * small`.
    fn mul_small(&self, small: u64) -> Result<Self, Overflow>;
    /// `self / small`, exact: the caller knows `small` divides `self`.
    fn div_small(&self, small: u64) -> Self;
    /// `self / other`, exact.
    fn div(&self, other: &Self) -> Self;
    /// Greatest common divisor.
    fn gcd(&self, other: &Self) -> Self;
    /// `self += a * b`, in place where the type allows (big integers: no new number for the sum).
    fn add_product(&mut self, a: &Self, b: &Self) -> Result<(), Overflow> {
        *self = self.add(&a.mul(b)?)?;
        Ok(())
    }
    /// `self ^ exponent`.
    fn pow(&self, exponent: u64) -> Result<Self, Overflow> {
        let mut result = Self::one();
        let mut base = self.clone();
        let mut e = exponent;
        while e > 0 {
            if e & 1 == 1 {
                result = result.mul(&base)?;
            }
            e >>= 1;
            if e > 0 {
                base = base.mul(&base)?;
            }
        }
        Ok(result)
    }
    /// As an arbitrary-precision integer.
    fn to_big(&self) -> BigUint;
    /// From an arbitrary-precision integer; `Overflow` when it does not fit.
    fn from_big(value: BigUint) -> Result<Self, Overflow>;
    /// Its size in bits (0 for 0).
    fn bits(&self) -> u64;
}

impl Weight for u128 {
    const MAX_BITS: u64 = 128;
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn from_u128(value: u128) -> Result<Self, Overflow> {
        Ok(value)
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn add(&self, other: &Self) -> Result<Self, Overflow> {
        self.checked_add(*other).ok_or(Overflow)
    }
    fn sub(&self, other: &Self) -> Result<Self, Overflow> {
        self.checked_sub(*other).ok_or(Overflow)
    }
    fn mul(&self, other: &Self) -> Result<Self, Overflow> {
        self.checked_mul(*other).ok_or(Overflow)
    }
    fn mul_small(&self, small: u64) -> Result<Self, Overflow> {
        self.checked_mul(u128::from(small)).ok_or(Overflow)
    }
    fn div_small(&self, small: u64) -> Self {
        self / u128::from(small.max(1))
    }
    fn div(&self, other: &Self) -> Self {
        self / (*other).max(1)
    }
    fn gcd(&self, other: &Self) -> Self {
        Integer::gcd(self, other)
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn from_big(value: BigUint) -> Result<Self, Overflow> {
        value.to_u128().ok_or(Overflow)
    }
    fn bits(&self) -> u64 {
        u64::from(128 - self.leading_zeros())
    }
}

impl Weight for BigUint {
    const MAX_BITS: u64 = u64::MAX;
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn from_u128(value: u128) -> Result<Self, Overflow> {
        Ok(BigUint::from(value))
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn add(&self, other: &Self) -> Result<Self, Overflow> {
        Ok(self + other)
    }
    fn sub(&self, other: &Self) -> Result<Self, Overflow> {
        if other > self {
            Err(Overflow)
        } else {
            Ok(self - other)
        }
    }
    fn mul(&self, other: &Self) -> Result<Self, Overflow> {
        Ok(self * other)
    }
    fn add_product(&mut self, a: &Self, b: &Self) -> Result<(), Overflow> {
        *self += a * b;
        Ok(())
    }
    fn mul_small(&self, small: u64) -> Result<Self, Overflow> {
        Ok(self * small)
    }
    fn div_small(&self, small: u64) -> Self {
        self / small.max(1)
    }
    fn div(&self, other: &Self) -> Self {
        if Zero::is_zero(other) {
            self.clone()
        } else {
            self / other
        }
    }
    fn gcd(&self, other: &Self) -> Self {
        Integer::gcd(self, other)
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
    fn from_big(value: BigUint) -> Result<Self, Overflow> {
        Ok(value)
    }
    fn bits(&self) -> u64 {
        BigUint::bits(self)
    }
}

/// A weight as `f64`, for decimals shown beside exact fractions (never for the exact answer).
pub fn ratio_f64(numerator: &BigUint, denominator: &BigUint) -> f64 {
    if Zero::is_zero(denominator) {
        return f64::NAN;
    }
    // Scale both down to 1000 significant bits so the conversion cannot overflow to infinity.
    let shift = denominator.bits().saturating_sub(1000);
    let n = (numerator >> shift).to_f64().unwrap_or(f64::NAN);
    let d = (denominator >> shift).to_f64().unwrap_or(f64::NAN);
    n / d
}

/// An upper bound on the bits of `w^n`: `n log2(w)` rounded up, plus one (a weight `w^n < 2^bits`).
/// Tighter than `n` times `w`'s bits (`20^50` needs 217 bits, not 250): the number of primes that
/// rebuild a power (`residues.rs`) follows it. `log2(w)` is exact below `2^53`
/// and from `w`'s top 64 bits (rounded up) beyond; a relative margin covers the float's rounding.
pub fn power_bits<W: Weight>(w: &W, n: u64) -> u64 {
    let big = w.to_big();
    let bits = big.bits();
    if bits == 0 || n == 0 {
        return 1;
    }
    let log = if bits <= 53 {
        u64::try_from(&big).map_or(bits as f64, |x| (x as f64).log2())
    } else {
        let shift = bits.saturating_sub(64);
        let top = u64::try_from(&(&big >> shift)).unwrap_or(u64::MAX);
        shift as f64 + (top as f64 + 1.0).log2()
    };
    (n as f64 * log * (1.0 + 1e-12)).ceil() as u64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound holds and is within two bits of the power's own, for small, word-sized and
    /// multi-word bases (a bound too low would rebuild weights from too few primes).
    #[test]
    fn power_bits_bounds_the_power_closely() {
        let six_pow = BigUint::from(6u8).pow(101u32);
        let cases: [(BigUint, u64); 8] = [
            (BigUint::from(20u8), 50),
            (BigUint::from(6u8), 1000),
            (BigUint::from(1u8), 7),
            (BigUint::from(2u8), 64),
            (BigUint::from(u64::MAX), 3),
            (BigUint::from((1u64 << 53) + 1), 9),
            (six_pow.clone() + 1u8, 4),
            (six_pow, 10),
        ];
        for (w, n) in cases {
            let exact = w.pow(n as u32).bits();
            let bound = power_bits(&w, n);
            assert!(
                bound >= exact && bound <= exact + 2,
                "{w}^{n}: {exact} bits, bound {bound}"
            );
        }
        assert_eq!(power_bits(&BigUint::from(20u8), 50), 218);
        assert_eq!(power_bits(&20u128, 50), 218);
    }
}
