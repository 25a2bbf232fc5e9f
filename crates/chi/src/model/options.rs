//! The table options of Chi: the settings RULINGS.md leaves to each group, with the rulings' defaults.

use serde::{Deserialize, Serialize};
use serde_json::json;
use skald_core::Field;

/// Chi's table options, written under `[options]` in a scenario. Every field is optional and takes
/// the ruling's default when missing; unknown fields are refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// What a tie between the player's total and the GM's total does (ruling C3). Default
    /// [`TieRule::Fail`]. Opposed actions ignore it: their ties always go to the defender (C3).
    pub tie: TieRule,
}

/// How a tie on an action is settled (ruling C3, option `tie`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// `"fail"` (default): the book only says a greater sum succeeds, so an equal sum fails.
    #[default]
    Fail,
    /// `"reroll"`: the player and the GM both roll the same dice again, as many times as it takes,
    /// up to [`crate::MAX_REROLLS`] times.
    Reroll,
}

impl std::fmt::Display for TieRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TieRule::Fail => "fail",
            TieRule::Reroll => "reroll",
        })
    }
}

/// The options as a lobby's form: the tie rule (C3), with one line of help for a group that has
/// not read the book.
pub fn fields() -> Vec<Field> {
    vec![Field::choice(
        "tie",
        "Ties on an action (C3)",
        &[
            (json!("fail"), "a tie fails"),
            (json!("reroll"), "a tie is rolled again"),
        ],
    )
    .with_help(
        "When a player's total equals the GM's Difficulty total: the book only says a greater total succeeds, so by default the tie fails; or both roll the same dice again. Against another character a tie always goes to the defender.",
    )]
}
