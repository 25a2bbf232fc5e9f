//! The table options of Toy, with their defaults (Y3).

use serde::{Deserialize, Serialize};
use skald_core::Field;

/// Toy's table options, written under `[options]` in a scenario. Every field is optional and takes
/// its default when missing; unknown fields are refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Hard tries: the target is [`crate::HARD_TARGET`] instead of [`crate::TARGET`] (Y3).
    /// Default `false`.
    pub hard: bool,
}

/// The options as a lobby's form, each with its ruling.
pub fn fields() -> Vec<Field> {
    vec![
        Field::flag("hard", "Hard tries (Y3)", false)
            .with_help("Every try needs 5 or more instead of 4."),
    ]
}
