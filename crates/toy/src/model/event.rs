//! The events of a Toy table: every fact that happened; the state is their fold.

use crate::model::sheet::Sheet;
use serde::{Deserialize, Serialize};

/// A fact that happened at a Toy table, checked by [`crate::rules::decide`] before it was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A character sat down at the table (Y1).
    Enrolled {
        /// Its sheet, checked.
        character: Sheet,
    },
    /// A character tried something (Y2, Y3).
    Tried {
        /// Who tried.
        who: String,
        /// The d6 rolled, 1 to 6.
        die: i64,
        /// The skill added (Y1).
        skill: u8,
        /// The target the total had to reach (Y3).
        target: i64,
        /// Whether the die plus the skill reached the target.
        success: bool,
    },
}
