//! Impact calculators (L7) and the impact guide by scale (L2): what an outcome's changes suggest as
//! its impact, the net benefit to the player characters (positive helps them, negative harms them).
//!
//! Pure integer arithmetic. This module depends on nothing else in the crate (only `serde`), so the
//! `skald loqi impact` command can use it as it is. Ranges are checked by the callers against the
//! bounds given here.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::RangeInclusive;

/// How long a trait change lasts (book: Benefit and Harm, Trait Change; L7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lasts {
    /// Until the end of the current scene.
    Scene,
    /// Until the end of the current scenario.
    Scenario,
    /// For good.
    Permanent,
}

impl Lasts {
    /// The L7 multiplier on the rating change: 1 (scene), 2 (scenario), 5 (permanent).
    pub fn multiplier(self) -> i64 {
        match self {
            Lasts::Scene => 1,
            Lasts::Scenario => 2,
            Lasts::Permanent => 5,
        }
    }

    /// `scene`, `scenario` or `permanent`, as written in commands.
    pub fn name(self) -> &'static str {
        match self {
            Lasts::Scene => "scene",
            Lasts::Scenario => "scenario",
            Lasts::Permanent => "permanent",
        }
    }
}

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

/// Tactical modifiers the calculator takes: 1 to 6 either way (book: Tactical Change; L7).
pub const TACTICAL: RangeInclusive<i64> = 1..=6;

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

/// A relationship's base change: 1 to 4 either way (+ a new friend, - a new enemy; book:
/// Relationship Change; L7).
pub const RELATIONSHIP_CHANGE: RangeInclusive<i64> = 1..=4;

/// The person's influence multiplier, in hundredths: x0.5 to x2 (L7).
pub const RELATIONSHIP_INFLUENCE: RangeInclusive<i64> = 50..=200;

/// The relationship's length multiplier, in hundredths: x0.25 to x1.5 (L7).
pub const RELATIONSHIP_LENGTH: RangeInclusive<i64> = 25..=150;

/// Impact of a relationship change (L7): base x influence x length, rounded to the nearest whole
/// number, halves away from zero. A new friend (+2) of high standing (x1.5) for a short while
/// (x0.5): 1.5 -> +2.
pub fn relationship(change: i64, influence: Hundredths, length: Hundredths) -> i64 {
    let scaled = i128::from(change) * i128::from(influence.0) * i128::from(length.0);
    let rounded = (scaled.abs() + 5_000) / 10_000;
    let signed = if scaled < 0 { -rounded } else { rounded };
    i64::try_from(signed).unwrap_or(if signed < 0 { i64::MIN } else { i64::MAX })
}

/// A multiplier in hundredths (`Hundredths(150)` is x1.5), read from a number such as `1.5` and
/// written back as one. Exact: only numbers with at most two decimals are accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Hundredths(pub i64);

impl Hundredths {
    /// Reads `x` (finite, at most two decimals, |x| <= 1,000,000) as hundredths.
    ///
    /// # Errors
    /// A message naming the value when it is not finite, too large or has more than two decimals.
    pub fn from_number(x: f64) -> Result<Self, String> {
        let scaled = x * 100.0;
        let rounded = scaled.round();
        if !x.is_finite() || x.abs() > 1_000_000.0 || (scaled - rounded).abs() > 1e-6 {
            return Err(format!(
                "{x} is not a multiplier Skald takes; allowed: a number with at most two decimals, like 0.5 or 1.25"
            ));
        }
        // In range (checked above), so the cast is exact.
        #[allow(clippy::cast_possible_truncation)]
        Ok(Self(rounded as i64))
    }
}

impl std::fmt::Display for Hundredths {
    /// `x1.5`, `x0.25`, `x2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (whole, part) = (self.0 / 100, (self.0 % 100).abs());
        match part {
            0 => write!(f, "x{whole}"),
            p if p % 10 == 0 => write!(f, "x{whole}.{}", p / 10),
            p => write!(f, "x{whole}.{p:02}"),
        }
    }
}

impl Serialize for Hundredths {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Two decimals at most, well inside f64's exact range: the number reads back the same.
        #[allow(clippy::cast_precision_loss)]
        s.serialize_f64(self.0 as f64 / 100.0)
    }
}

impl<'de> Deserialize<'de> for Hundredths {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let x = f64::deserialize(d)?;
        Self::from_number(x).map_err(serde::de::Error::custom)
    }
}

/// Where an impact of a given size reaches, by the L2 guide: inconclusive 0-2, scene 3-5, scenario
/// 6-9, story 10-12, and past the guide beyond 12 (the calculators can get there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    /// |impact| 0-2: the problem settles nothing beyond itself.
    Inconclusive,
    /// |impact| 3-5.
    Scene,
    /// |impact| 6-9.
    Scenario,
    /// |impact| 10-12.
    Story,
    /// |impact| 13 or more: past the guide's table.
    BeyondGuide,
}

impl Reach {
    /// The reach of an impact of this size (either sign), by the L2 guide.
    pub fn of(impact: i64) -> Self {
        match impact.saturating_abs() {
            0..=2 => Reach::Inconclusive,
            3..=5 => Reach::Scene,
            6..=9 => Reach::Scenario,
            10..=12 => Reach::Story,
            _ => Reach::BeyondGuide,
        }
    }

    /// The L2 guide's range of |impact| for this reach; `None` past the guide.
    pub fn guide(self) -> Option<RangeInclusive<i64>> {
        match self {
            Reach::Inconclusive => Some(0..=2),
            Reach::Scene => Some(3..=5),
            Reach::Scenario => Some(6..=9),
            Reach::Story => Some(10..=12),
            Reach::BeyondGuide => None,
        }
    }

    /// `inconclusive`, `scene`, `scenario`, `story` or `beyond_guide`.
    pub fn name(self) -> &'static str {
        match self {
            Reach::Inconclusive => "inconclusive",
            Reach::Scene => "scene",
            Reach::Scenario => "scenario",
            Reach::Story => "story",
            Reach::BeyondGuide => "beyond_guide",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
