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
}

impl Default for Options {
    fn default() -> Self {
        Self {
            equipment_breaking: true,
        }
    }
}

/// The options as a lobby's form: whether special equipment can break (T9), starting at the
/// ruling's default.
pub fn fields() -> Vec<skald_core::Field> {
    vec![skald_core::Field::flag(
        "equipment_breaking",
        "Special equipment can break (T9)",
        Options::default().equipment_breaking,
    )]
}
