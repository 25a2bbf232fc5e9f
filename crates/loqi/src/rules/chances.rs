//! The numbers of a Loqi roll before it is made: advantage, odds, certainty (L3) and each outcome's
//! exact chance, with or without the unlikely-outcomes rule (L4).
//!
//! Exact: every chance is a [`Fraction`] built from the d12's distribution in
//! [`skald_dice::odds`], never floating point. The report of `skald loqi odds` is made from these
//! ([`crate::reports::odds`]).

use crate::limits::MAX_ADVANTAGE;
use num_bigint::{BigInt, BigUint};
use skald_dice::odds::{Distribution, Fraction, OddsError, pools};

/// A chance as people read it, its percentage with the exact fraction beside it: "58.3% (7/12)",
/// or "certain" and "impossible" in words ([`skald_core::chance`]).
pub fn people(p: &Fraction) -> String {
    skald_core::chance(&p.to_string(), p.to_f64())
}

/// An advantage of this much or more makes the more likely outcome certain without L4 (L3).
pub const CERTAIN_ADVANTAGE: i64 = 6;

/// The faces of the die Loqi rolls (book: Resolving Problems: a twelve-sided die).
pub const D12_FACES: i64 = 12;

/// The advantage between two likelihoods: the higher minus the lower, 0 when equal (L3). Saturates
/// at `i64::MAX`.
pub fn advantage(player: i64, gm: i64) -> i64 {
    i64::try_from(player.abs_diff(gm)).unwrap_or(i64::MAX)
}

/// The odds for an advantage: advantage + 6 (L3), saturating.
pub fn odds_for(advantage: i64) -> i64 {
    advantage.saturating_add(6)
}

/// Whether the more likely outcome wins without a roll: advantage 6 or more, unless the table plays
/// unlikely outcomes (L3, L4).
pub fn certain(advantage: i64, unlikely_outcomes: bool) -> bool {
    !unlikely_outcomes && advantage >= CERTAIN_ADVANTAGE
}

/// Each outcome's exact chance for two likelihoods (L3; L4 with `unlikely_outcomes`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chances {
    /// The player's outcome's likelihood, as given.
    pub player: i64,
    /// The GM's outcome's likelihood, as given.
    pub gm: i64,
    /// |player - gm| (L3).
    pub advantage: i64,
    /// advantage + 6 (L3).
    pub odds: i64,
    /// Whether the more likely outcome is certain and no die is rolled (L3).
    pub certain: bool,
    /// P(the player's outcome is selected), exact. With equal likelihoods, 1/2 (L3: 1-6 the player's).
    pub p_player: Fraction,
    /// P(the GM's outcome is selected) = 1 - `p_player`.
    pub p_gm: Fraction,
}

/// The chances of each outcome for likelihoods `player` and `gm` (L3; L4 with `unlikely_outcomes`).
///
/// The less likely outcome wins with P = (12 - odds) / 12 when odds < 12 (L3). At odds 12 or more it
/// cannot win (L3), or, under L4, wins with P(12) times its chance at advantage - 6, so
/// P = (6 - a mod 6) / 12^(a div 6 + 1). Equal likelihoods give each side 6/12.
///
/// Advantages past 12,000 are refused rather than written out (a fraction of over 13,000 digits);
/// tallies stay far below it.
///
/// # Errors
/// [`OddsError::Unsupported`] for an advantage over 12,000; the d12's own errors (none in practice).
pub fn chances(player: i64, gm: i64, unlikely_outcomes: bool) -> Result<Chances, OddsError> {
    let advantage = advantage(player, gm);
    if advantage > MAX_ADVANTAGE {
        return Err(OddsError::Unsupported(format!(
            "advantage is {advantage}; allowed: 0 to {MAX_ADVANTAGE} for exact chances (Skald limit)"
        )));
    }
    let d12 = pools::sum(1, D12_FACES)?;
    let upset = less_likely(&d12, advantage, unlikely_outcomes);
    let kept = complement(&upset);
    let (p_player, p_gm) = if gm > player {
        (upset, kept)
    } else {
        (kept, upset)
    };
    Ok(Chances {
        player,
        gm,
        advantage,
        odds: odds_for(advantage),
        certain: certain(advantage, unlikely_outcomes),
        p_player,
        p_gm,
    })
}

/// P(the less likely outcome is selected) at `advantage` (for equal likelihoods: P(the GM's)).
fn less_likely(d12: &Distribution, advantage: i64, unlikely_outcomes: bool) -> Fraction {
    let mut advantage = advantage;
    let mut p = Fraction::new(BigInt::from(1u8), BigUint::from(1u8));
    while odds_for(advantage) >= D12_FACES {
        if !unlikely_outcomes {
            // L3: advantage 6 or more, certain.
            return Fraction::new(BigInt::default(), BigUint::from(1u8));
        }
        // L4: a 12 first, then the same question at advantage - 6.
        p = product(&p, &d12.p_eq(D12_FACES));
        advantage = advantage.saturating_sub(CERTAIN_ADVANTAGE);
    }
    // L3: a roll over the odds selects the less likely outcome.
    product(&p, &d12.p_at_least(odds_for(advantage).saturating_add(1)))
}

fn product(a: &Fraction, b: &Fraction) -> Fraction {
    Fraction::new(&a.numerator * &b.numerator, &a.denominator * &b.denominator)
}

/// 1 - p.
pub fn complement(p: &Fraction) -> Fraction {
    let whole = BigInt::from(p.denominator.clone());
    Fraction::new(whole - &p.numerator, p.denominator.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks P(player) and P(GM) for likelihoods `a` and `b`.
    fn check(a: i64, b: i64, unlikely: bool, p_player: &str, p_gm: &str) {
        let c = chances(a, b, unlikely).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (c.p_player.to_string(), c.p_gm.to_string()),
            (p_player.to_string(), p_gm.to_string()),
            "likelihoods {a} vs {b}, L4 {unlikely}"
        );
    }

    #[test]
    fn l3_chances() {
        check(0, 0, false, "1/2", "1/2"); // 1-6 the player's
        check(3, -2, false, "11/12", "1/12"); // advantage 5, odds 11
        check(-2, 3, false, "1/12", "11/12");
        check(1, 0, false, "7/12", "5/12");
        check(6, 0, false, "1", "0"); // certain (L3)
        check(0, 40, false, "0", "1");
    }

    #[test]
    fn l4_chances() {
        check(4, -1, true, "11/12", "1/12"); // below odds 12, unchanged
        check(6, 0, true, "23/24", "1/24"); // 1/12 * 6/12
        check(7, 0, true, "139/144", "5/144"); // 1/12 * 5/12
        check(0, 11, true, "1/144", "143/144"); // 1/12 * 1/12
        check(12, 0, true, "287/288", "1/288"); // 1/12 * 1/12 * 6/12
        check(0, 13, true, "5/1728", "1723/1728");
    }

    #[test]
    fn l4_matches_the_ruling_formula() {
        // L4: P(unlikely | a) = (6 - a mod 6) / 12^(a div 6 + 1).
        for a in 0..60_i64 {
            let c = chances(a, 0, true).unwrap_or_else(|e| panic!("{e}"));
            let k = u32::try_from(a / 6 + 1).unwrap_or(0);
            let expected = Fraction::new(BigInt::from(6 - a % 6), BigUint::from(12u8).pow(k));
            assert_eq!(c.p_gm, expected, "advantage {a}");
            assert_eq!(c.odds, a + 6);
            assert!(!c.certain);
        }
    }

    #[test]
    fn huge_advantages_are_refused_not_written_out() {
        assert!(chances(0, 12_000, true).is_ok());
        let err = chances(0, 12_001, true).unwrap_err();
        assert_eq!(
            err.to_string(),
            "advantage is 12001; allowed: 0 to 12000 for exact chances (Skald limit)"
        );
    }
}
