//! The facts a Freelancer table records. State is the fold of these; every die rolled is in one.

use crate::character::{Character, Rating};
use crate::check::{Band, Equalized, Outcome};
use serde::{Deserialize, Serialize};

/// Something that happened at a Freelancer table, serialized with its kind under `event`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A character sat down at the table.
    Enrolled {
        /// The sheet, already checked.
        character: Character,
    },
    /// One character made a task check (rulings F1-F3).
    TaskChecked(TaskCheck),
    /// Several characters lifted together on their summed LFT (the book's team lift).
    TeamLifted(TeamLift),
}

/// The numbers and result of one task check, shared by [`TaskCheck`] and [`TeamLift`] (and written
/// flat into them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// The rating used, before equalizing (a team's sum for a lift), 0 to 1.2 * 10^16.
    pub rating: u64,
    /// The difficulty, before equalizing, 0 to 10^15.
    pub difficulty: u64,
    /// What the difficulty is, as the command named it.
    pub against: Option<String>,
    /// Both numbers after equalizing (ruling F2).
    pub equalized: Equalized,
    /// Equalized difficulty minus equalized rating, -999 to 999.
    pub difference: i64,
    /// The band of `difference` (ruling F3).
    pub band: Band,
    /// The d100 (1-100), or `None` when the band called for no roll.
    pub roll: Option<u32>,
    /// Success, Crit, failure or Botch.
    pub outcome: Outcome,
    /// Whether the outcome is a success (`success` or `crit`).
    pub success: bool,
}

/// One character's task check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskCheck {
    /// The character.
    pub who: String,
    /// The attribute or stat used, when the rating came from the sheet; `None` for a number given.
    pub stat: Option<Rating>,
    /// The check itself.
    #[serde(flatten)]
    pub check: Check,
}

/// One member's share of a team lift.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lifter {
    /// The member.
    pub who: String,
    /// The member's LFT.
    pub lft: u64,
}

/// A team lift: the members' LFT summed into one rating, one check, one roller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamLift {
    /// The members, in the order listed, with their LFT.
    pub team: Vec<Lifter>,
    /// Who rolled the d100 (or would have).
    pub roller: String,
    /// The check on the summed LFT.
    #[serde(flatten)]
    pub check: Check,
}
