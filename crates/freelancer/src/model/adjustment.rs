//! Rating adjustments the GM applies before a check and records with a reason (freelancer.txt, Task
//! Checks: the arm wrestlers use one arm, so each rating is halved; Stats: one arm lifts a quarter of
//! LFT). A factor is a fraction `p/q` (p and q 1 to 100); the adjusted rating drops the fraction, as
//! the book's 915 / 2 = 457 does.

use crate::error::Error;
use crate::limits::MAX_FACTOR;
use crate::model::number::Number;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A factor `numerator / denominator`, each 1 to 100. Written `"1/2"`, `"1/4"`, `"3/2"` or `"2"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Factor {
    /// 1 to 100.
    pub numerator: u128,
    /// 1 to 100.
    pub denominator: u128,
}

impl Factor {
    /// Reads `"p/q"` or `"p"` for `field`.
    ///
    /// # Errors
    /// [`Error::Invalid`] (F4) naming the field and the value when the text is not such a
    /// fraction or a part is outside 1 to 100.
    pub fn parse(field: &str, text: &str) -> Result<Factor, Error> {
        let bad = || Error::Invalid {
            field: field.to_owned(),
            rule: "F4",
            message: format!(
                "`{field}` is {text:?}, but a factor is a fraction p/q or a whole number p, with p and q \
                 1 to {MAX_FACTOR} (\"1/2\" halves a rating)"
            ),
        };
        let (p, q) = match text.split_once('/') {
            Some((p, q)) => (p.trim(), q.trim()),
            None => (text.trim(), "1"),
        };
        let part = |s: &str| {
            s.parse::<u128>()
                .ok()
                .filter(|v| (1..=MAX_FACTOR).contains(v))
        };
        match (part(p), part(q)) {
            (Some(numerator), Some(denominator)) => Ok(Factor {
                numerator,
                denominator,
            }),
            _ => Err(bad()),
        }
    }

    /// `value * numerator / denominator`, fraction dropped.
    pub fn apply(self, value: u128) -> u128 {
        // value <= 1.2 * 10^31 and numerator <= 100 keep the product inside u128.
        value.saturating_mul(self.numerator) / self.denominator
    }
}

impl fmt::Display for Factor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

impl Serialize for Factor {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Factor {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Factor::parse("factor", &text).map_err(serde::de::Error::custom)
    }
}

/// An adjustment as a command writes it: `{ factor = "1/2", reason = "one arm" }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Adjustment {
    /// The factor, `"p/q"` or `"p"`, p and q 1 to 100.
    pub factor: String,
    /// Why, 1 to 200 characters: `"one arm"`.
    pub reason: String,
}

/// An adjustment applied: the factor, the reason, and the rating before and after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjusted {
    /// The factor.
    pub factor: Factor,
    /// Why.
    pub reason: String,
    /// The rating before.
    pub before: Number,
    /// The rating after, fraction dropped.
    pub after: Number,
}
