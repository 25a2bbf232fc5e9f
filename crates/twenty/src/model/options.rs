//! The table options of a Twenty table (RULINGS.md, Twenty), with their defaults.

use serde::{Deserialize, Serialize};

/// Twenty's table options (RULINGS.md). Written in a scenario's `[options]` or chosen in the lobby;
/// stored at the head of the table's log. Unknown fields are refused; a field left out takes its
/// default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// T9: special equipment breaks on its user's 1 or an opponent's 20 in its exchange. Default
    /// on.
    pub equipment_breaking: bool,
    /// T13: participants who declare the same goal (the same words, ignoring case and spacing) are
    /// one side: the side holding the highest standing die wins and each of its members still in
    /// gets the goal; allies never take burdens from each other nor use each other's burdens; the
    /// conflict ends when at most one side has anyone in. Off: every participant is a side of its
    /// own, as in the book's plain text. Default on.
    pub allies_share_goal: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            equipment_breaking: true,
            allies_share_goal: true,
        }
    }
}

/// The options as a lobby's form, each starting at its ruling's default with one line of help for
/// a group that has not read the book: equipment breaking (T9) and allies sharing a goal (T13).
pub fn fields() -> Vec<skald_core::Field> {
    let defaults = Options::default();
    vec![
        skald_core::Field::flag(
            "equipment_breaking",
            "Special equipment can break (T9)",
            defaults.equipment_breaking,
        )
        .with_help(
            "A special item breaks when its user rolls a 1 among its dice, or an opponent rolls a \
             20 in the exchange it was brought in; it cannot be used again until repaired.",
        ),
        skald_core::Field::flag(
            "allies_share_goal",
            "Allies share a goal (T13)",
            defaults.allies_share_goal,
        )
        .with_help(
            "Characters given the same goal in a conflict fight as one side: they win or lose it \
             together and never take burdens from each other. Off: every character fights for \
             itself.",
        ),
    ]
}
