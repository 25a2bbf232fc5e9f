//! The book's "Trait List" as a catalogue holds it: a trait's name and what it means, in our words
//! (T12): the data only.

use serde::{Deserialize, Serialize};

/// A trait of the list, with a short description in our words ("Trait List").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitDef {
    /// The trait's name ("Keen Eyesight"), 1 to [`MAX_NAME_CHARS`](crate::limits::MAX_NAME_CHARS)
    /// characters (a sheet's bound), unique in a catalogue.
    pub name: String,
    /// What having it means, in our words; may be empty; at most
    /// [`MAX_TEXT_CHARS`](crate::limits::MAX_TEXT_CHARS) characters.
    #[serde(default)]
    pub description: String,
}
