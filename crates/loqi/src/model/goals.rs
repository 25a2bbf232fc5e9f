//! Goals (L6): a [`Goal`] at the table, its [`GoalKind`], where it came from ([`Origin`], [`AddedAt`]),
//! and a [`GoalDraft`] as a command writes it.

use serde::{Deserialize, Serialize};

/// Specific or non-specific (book: Goals).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GoalKind {
    /// A particular action that pays once; the goal then disappears.
    Specific,
    /// An action that pays every time it is done.
    NonSpecific,
}

impl GoalKind {
    /// `specific` or `non_specific`, as commands write it.
    pub fn name(self) -> &'static str {
        match self {
            GoalKind::Specific => "specific",
            GoalKind::NonSpecific => "non_specific",
        }
    }

    /// `specific` or `non-specific`, as people read it.
    pub fn words(self) -> &'static str {
        match self {
            GoalKind::Specific => "specific",
            GoalKind::NonSpecific => "non-specific",
        }
    }
}

/// Where a goal was made (L6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// In preparation for play (`prepare_goals`).
    Preparation,
    /// At a session's start.
    Session,
    /// From the setting, entered by the GM.
    Setting,
}

/// Where `add_goal` makes a goal (L6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AddedAt {
    /// At a session's start: before the session's first problem.
    Session,
    /// From the setting: by the GM, at any time.
    Setting,
}

/// A goal standing at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// Its number at this table, from 1; never reused.
    pub number: u64,
    /// What must happen: 1-300 characters.
    pub text: String,
    /// Specific or non-specific.
    pub kind: GoalKind,
    /// The influence it pays each fulfiller.
    pub rating: i64,
    /// Who made it: a character or `"GM"`.
    pub by: String,
    /// Where it was made.
    pub origin: Origin,
}

/// One goal in a `prepare_goals` command (L6).
///
/// ```toml
/// goals = [
///   { text = "Unmask the orc chieftain", kind = "specific", base = 2, multiplier = 5 },
///   { text = "Make the tavern laugh", kind = "non_specific", base = 3 },
/// ]
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoalDraft {
    /// What must happen: 1-300 characters.
    pub text: String,
    /// Specific or non-specific.
    pub kind: GoalKind,
    /// The base rating, 1-10; a player's bases total 5-10 (L6).
    pub base: i64,
    /// For specific goals: 3 or 5, the base's multiplier (L6). Left out for non-specific goals.
    #[serde(default)]
    pub multiplier: Option<i64>,
}

/// One fulfiller's pay for a goal (L6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payment {
    /// Who fulfilled it.
    pub who: String,
    /// The influence they hold afterwards.
    pub now: i64,
}
