//! Strength (L8, an option): nominal and current strength, the penalty table for weakened
//! characters, being out at 0, and dying below 0 under the dying option.

use serde::{Deserialize, Serialize};

/// A character's strength at a table that plays it (L8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strength {
    /// The character at its best: 5-20 (10 normal).
    pub nominal: i64,
    /// Now: at most `nominal`; 0 at the least, or down to the dying cut-off under the dying option.
    pub current: i64,
}

/// What kind of action an outcome asks of its actors, for the L8 penalties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// An action that tests the character's will, endurance or grit: the strenuous column.
    Strenuous,
    /// Any other action the character succeeds at: the all-actions column (the default).
    #[default]
    Ordinary,
    /// Success by luck or outside forces alone: no penalty (L8's exception).
    Luck,
}

impl Action {
    /// `strenuous`, `ordinary` or `luck`.
    pub fn name(self) -> &'static str {
        match self {
            Action::Strenuous => "strenuous",
            Action::Ordinary => "ordinary",
            Action::Luck => "luck",
        }
    }
}

/// Whether a character can take part in problems (L8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Able to take part (strength above 0, or not played).
    In,
    /// Strength 0 or less: collapsed, cannot take part in problems (L8).
    Out,
    /// Under the dying option, strength at the cut-off: dead (L8).
    Dead,
}

impl Status {
    /// `in`, `out` or `dead`.
    pub fn name(self) -> &'static str {
        match self {
            Status::In => "in",
            Status::Out => "out",
            Status::Dead => "dead",
        }
    }
}
