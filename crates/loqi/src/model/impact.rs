//! The data of impact (L2, L7): how long a change [`Lasts`], a multiplier in [`Hundredths`], and
//! where an impact [`Reach`]es by the L2 guide.

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
