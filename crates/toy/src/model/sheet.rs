//! [`Sheet`]: a Toy character as written (Y1).

use serde::{Deserialize, Serialize};

/// A character as written in a scenario's `[[characters]]`, a page's builder or the API: a name
/// and a skill (Y1). Unknown fields are refused; the ranges are checked by
/// [`crate::rules::sheets`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The character's name: 1 to [`crate::MAX_NAME`] characters, not blank, one per table.
    pub name: String,
    /// What the character adds to a try's die: [`crate::MIN_SKILL`] to [`crate::MAX_SKILL`] (Y1).
    pub skill: u8,
}
