//! What a player or the GM can ask of a Twenty table. In scenarios, `do = "<name>"` picks the command.

use crate::Sheet;
use serde::{Deserialize, Serialize};

/// One side's entry into a conflict: who, and what it wants to happen (T2 opening, T7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    /// The character's name, as at the table.
    pub who: String,
    /// The declared goal, 1 to 500 characters.
    pub goal: String,
    /// Whether the goal is an opponent's death (T7).
    #[serde(default)]
    pub death_goal: bool,
}

/// A command to the Twenty rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Puts a character at the table (its sheet is checked first).
    AddCharacter {
        /// The sheet.
        character: Sheet,
    },
    /// Opens a conflict between two or more characters, each with a goal; exchange 1 begins.
    StartConflict {
        /// The sides, 2 to 20, each a different character.
        participants: Vec<Declaration>,
    },
    /// Brings a trait, stat or special item into the current exchange: 1d20 per unchecked box, then one
    /// box is checked (T2). Rolls: one d20 per unchecked box.
    BringIn {
        /// The participant.
        who: String,
        /// The trait's, stat's or item's name.
        #[serde(rename = "trait")]
        trait_name: String,
    },
    /// Stands on the dice already in the pool for this exchange; the participant may come back later (T2).
    Stand {
        /// The participant.
        who: String,
    },
    /// Leaves the conflict: dice gone, goal lost, no more burdens (T4, "Surrender").
    Surrender {
        /// The participant.
        who: String,
    },
}
