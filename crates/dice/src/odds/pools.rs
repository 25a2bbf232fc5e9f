//! Odds for the systems: sums and highest dice of pools, and comparisons between independent results.
//! The four systems build their "chance before the roll" on these.

use super::{Distribution, Fraction, OddsError, distribution};
use crate::notation::{CompareOp, DiceTerm, Expr, Keep, KeepMode, Modifiers, Sides};
use num_bigint::{BigInt, BigUint};

fn pool(count: u64, sides: i64, keep: Option<Keep>) -> Expr {
    Expr::Dice(DiceTerm {
        count: Box::new(Expr::Number(count as i64)),
        sides: Sides::Number(Box::new(Expr::Number(sides))),
        modifiers: Modifiers {
            keep,
            ..Modifiers::default()
        },
    })
}

/// The sum of `count` dice with `sides` sides (Chi: a pool or Difficulty of d6).
///
/// # Errors
/// [`OddsError`] when the pool is beyond the notation's or the engine's bounds.
pub fn sum(count: u64, sides: i64) -> Result<Distribution, OddsError> {
    distribution(&pool(count, sides, None))
}

/// The highest of `count` dice with `sides` sides (Twenty: the die that decides who is winning).
///
/// # Errors
/// As [`sum`].
pub fn highest(count: u64, sides: i64) -> Result<Distribution, OddsError> {
    distribution(&pool(
        count,
        sides,
        Some(Keep {
            mode: KeepMode::KeepHighest,
            count: 1,
        }),
    ))
}

/// `P(a op b)` for independent `a` and `b`, exact.
pub fn compare(a: &Distribution, op: CompareOp, b: &Distribution) -> Fraction {
    let mut favourable = BigUint::default();
    for (x, wx) in &a.outcomes {
        for (y, wy) in &b.outcomes {
            if op.holds(*x, *y) {
                favourable += wx * wy;
            }
        }
    }
    Fraction::new(BigInt::from(favourable), &a.total * &b.total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_give_exact_fractions() {
        assert_eq!(
            sum(2, 6).map(|d| d.p_eq(7).to_string()),
            Ok("1/6".to_string())
        );
        assert_eq!(
            highest(2, 20).map(|d| d.p_eq(20).to_string()),
            Ok("39/400".to_string())
        );
        let (a, b) = (
            sum(1, 6).unwrap_or_else(|e| panic!("{e}")),
            sum(1, 6).unwrap_or_else(|e| panic!("{e}")),
        );
        assert_eq!(compare(&a, CompareOp::Gt, &b).to_string(), "5/12");
    }
}
