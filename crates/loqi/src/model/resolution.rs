//! The data of a d12 resolution between two outcomes (L3, L4): the [`Odds`], each [`Roll`] with its
//! [`Verdict`], and the finished [`Resolution`]. The arithmetic is in `rules::resolution`.

use super::problem::Side;
use serde::{Deserialize, Serialize};

/// The odds between two outcomes, found from their likelihoods (L3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Odds {
    /// The player's outcome's likelihood.
    pub player: i64,
    /// The GM's outcome's likelihood.
    pub gm: i64,
    /// The higher likelihood minus the lower: 0 or more.
    pub advantage: i64,
    /// The advantage plus 6: a d12 roll at or under it selects the more likely outcome.
    pub odds: i64,
    /// The more likely outcome; `None` when both are equally likely.
    pub more_likely: Option<Side>,
}

/// What one d12 roll decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// At or under the odds (or, under L4 with odds 12+, anything but a 12): the more likely outcome.
    MoreLikely,
    /// Over the odds: the less likely outcome.
    LessLikely,
    /// L4 only: a 12 with odds 12 or more; the advantage drops by 6 and the die is rolled again.
    Again,
}

/// One d12 roll of a resolution, with the advantage and odds it was read against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    /// The face shown, 1-12.
    pub value: i64,
    /// The advantage it was read against (reduced by 6 per earlier L4 roll).
    pub advantage: i64,
    /// advantage + 6.
    pub odds: i64,
    /// What it decided.
    pub verdict: Verdict,
}

/// A finished resolution: the odds, the rolls (none when certain) and the selected side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resolution {
    /// The odds before any roll.
    pub odds: Odds,
    /// Whether the outcome was certain, so no die was rolled (L3).
    pub certain: bool,
    /// The d12 rolls in order: none when certain, one normally, more under L4.
    pub rolls: Vec<Roll>,
    /// The selected outcome's side. Exactly one side always wins.
    pub winner: Side,
}
