//! Impact calculators (L7) and the impact guide by scale (L2): what an outcome's changes suggest as
//! its impact, the net benefit to the player characters (positive helps them, negative harms them).
//!
//! Pure integer arithmetic. Ranges are checked by the callers (the report of `skald loqi impact`
//! checks each change as it is made: [`crate::reports::Change`]).

use crate::model::{Hundredths, Lasts};

/// Impact of a trait change (L7): |rating change| x 1 (scene), x 2 (scenario), x 5 (permanent),
/// positive when it helps the character: a helpful trait rising or a harmful one falling.
/// "Swordsman" +2 for the scenario: +4; a harmful "Wounded 3" for the scene: -3.
pub fn trait_change(rating_change: i64, harmful: bool, lasts: Lasts) -> i64 {
    let size = rating_change
        .saturating_abs()
        .saturating_mul(lasts.multiplier());
    if (rating_change > 0) != harmful {
        size
    } else {
        size.saturating_neg()
    }
}

/// Impact of a tactical change (L7): a later modifier `m` (+ helps the PCs, - hinders them) gives
/// ceil(|m| / 2) with m's sign: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3.
pub fn tactical(modifier: i64) -> i64 {
    let size = modifier.saturating_abs().saturating_add(1) / 2;
    if modifier < 0 { -size } else { size }
}

/// Impact of a weakening (L7, L8): -2 per point of strength lost.
pub fn weakening(points: i64) -> i64 {
    points.saturating_mul(-2)
}

/// Impact of regaining strength inside an outcome (L7, L8): +4 per point.
pub fn regain(points: i64) -> i64 {
    points.saturating_mul(4)
}

/// Impact of a relationship change (L7): base x influence x length, rounded to the nearest whole
/// number, halves away from zero. A new friend (+2) of high standing (x1.5) for a short while
/// (x0.5): 1.5 -> +2.
pub fn relationship(change: i64, influence: Hundredths, length: Hundredths) -> i64 {
    let scaled = i128::from(change) * i128::from(influence.0) * i128::from(length.0);
    let rounded = (scaled.abs() + 5_000) / 10_000;
    let signed = if scaled < 0 { -rounded } else { rounded };
    i64::try_from(signed).unwrap_or(if signed < 0 { i64::MIN } else { i64::MAX })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Reach;

    /// Checks one calculator result.
    fn check(got: i64, expected: i64, what: &str) {
        assert_eq!(got, expected, "{what}");
    }

    #[test]
    fn the_l7_trait_change_table() {
        // Rating change 1-4 by duration: 1/2/5, 2/4/10, 3/6/15, 4/8/20.
        for r in 1..=4 {
            check(trait_change(r, false, Lasts::Scene), r, "scene");
            check(trait_change(r, false, Lasts::Scenario), 2 * r, "scenario");
            check(trait_change(r, false, Lasts::Permanent), 5 * r, "permanent");
        }
        check(
            trait_change(-2, false, Lasts::Scenario),
            -4,
            "a helpful trait falls",
        );
        check(
            trait_change(3, true, Lasts::Scene),
            -3,
            "a harmful trait rises",
        );
        check(
            trait_change(-1, true, Lasts::Permanent),
            5,
            "a harmful trait falls",
        );
    }

    #[test]
    fn tactical_weakening_regain() {
        for (m, i) in [
            (1, 1),
            (2, 1),
            (3, 2),
            (4, 2),
            (5, 3),
            (6, 3),
            (-1, -1),
            (-6, -3),
        ] {
            check(tactical(m), i, &format!("tactical {m}"));
        }
        check(weakening(5), -10, "weakening 5 (book: impact 10)");
        check(regain(2), 8, "regain 2");
    }

    #[test]
    fn relationships_round_to_nearest() {
        let h = Hundredths;
        check(relationship(2, h(150), h(50)), 2, "1.5 rounds up");
        check(
            relationship(-2, h(150), h(50)),
            -2,
            "-1.5 rounds away from zero",
        );
        check(relationship(1, h(100), h(100)), 1, "baseline");
        check(relationship(4, h(200), h(150)), 12, "the largest");
        check(relationship(1, h(50), h(25)), 0, "0.125 rounds to 0");
        check(relationship(3, h(100), h(25)), 1, "0.75 rounds to 1");
    }

    #[test]
    fn hundredths_read_exactly() {
        assert_eq!(Hundredths::from_number(1.5), Ok(Hundredths(150)));
        assert_eq!(Hundredths::from_number(0.25), Ok(Hundredths(25)));
        assert_eq!(Hundredths::from_number(2.0), Ok(Hundredths(200)));
        assert!(Hundredths::from_number(0.333).is_err());
        assert!(Hundredths::from_number(f64::NAN).is_err());
        assert_eq!(Hundredths(150).to_string(), "x1.5");
        assert_eq!(Hundredths(25).to_string(), "x0.25");
        assert_eq!(Hundredths(200).to_string(), "x2");
    }

    #[test]
    fn the_l2_guide() {
        for (impact, reach) in [
            (0, Reach::Inconclusive),
            (-2, Reach::Inconclusive),
            (3, Reach::Scene),
            (-5, Reach::Scene),
            (6, Reach::Scenario),
            (9, Reach::Scenario),
            (10, Reach::Story),
            (-12, Reach::Story),
            (13, Reach::BeyondGuide),
        ] {
            assert_eq!(Reach::of(impact), reach, "impact {impact}");
        }
        assert_eq!(Reach::Scenario.guide(), Some(6..=9));
    }
}
