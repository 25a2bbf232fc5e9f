//! Exact chances as a page shows them: a reduced fraction with its decimal beside it, a given face
//! among n d20s, the highest of n d20s.

use crate::limits::SIDES;
use num_bigint::{BigInt, BigUint};
use skald_core::Chance;
use skald_dice::odds::Fraction;

/// `numerator / denominator`, reduced.
pub(super) fn fraction(numerator: u128, denominator: u128) -> Fraction {
    Fraction::new(BigInt::from(numerator), BigUint::from(denominator))
}

/// The chance that at least one of `n` d20s shows one given face: 1 - (19/20)^n.
pub(super) fn any_face(n: u32) -> Fraction {
    let all = u128::from(SIDES).pow(n);
    fraction(all - u128::from(SIDES - 1).pow(n), all)
}

/// The distribution of the highest of `n` d20s: P(v) = (v^n - (v-1)^n) / 20^n.
pub(super) fn highest_of(n: u32) -> Vec<Chance> {
    let all = u128::from(SIDES).pow(n);
    (1..=u128::from(SIDES))
        .map(|v| Chance::exact(v.to_string(), &fraction(v.pow(n) - (v - 1).pow(n), all)))
        .collect()
}

/// A pool as text, its dice highest first as given ("15 12 10"), or "no dice".
pub(super) fn dice_text(pool: &[u32]) -> String {
    if pool.is_empty() {
        return "no dice".into();
    }
    pool.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(n: u32, any_one: &str, top: &str) {
        assert_eq!(any_face(n).to_string(), any_one, "{n} dice: a given face");
        let dist = highest_of(n);
        assert_eq!(dist.len(), 20);
        assert_eq!(dist[19].p, top, "{n} dice: highest 20");
        let total: f64 = dist.iter().map(|c| c.decimal).sum();
        assert!((total - 1.0).abs() < 1e-12, "{n} dice: sums to {total}");
    }

    #[test]
    fn a_face_among_the_dice_and_the_highest_die() {
        let cases = [
            (1, "1/20", "1/20"),
            (2, "39/400", "39/400"),
            (4, "29679/160000", "29679/160000"),
        ];
        for (n, one, top) in cases {
            check(n, one, top);
        }
        assert_eq!(highest_of(2)[0].p, "1/400");
        assert_eq!(highest_of(0)[0].p, "0");
    }
}
