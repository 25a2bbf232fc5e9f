//! The book's keys ("Keys": "Skeleton Keys", "Elite Keys"; T12) as a catalogue holds them: the data
//! only. Whether a character meets a key's prerequisites is `rules/catalogue.rs` (T10).

use serde::{Deserialize, Serialize};

/// Whether a key has prerequisites ("Keys").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KeyKind {
    /// No prerequisites: a new character's key (T1), and open to anyone at any time.
    Skeleton,
    /// Has prerequisites; taken only when every one is met (T10).
    Elite,
}

/// One prerequisite of an elite key: the trait `trait_name` with at least `boxes` boxes (T10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prerequisite {
    /// The trait's name, 1 to [`MAX_NAME_CHARS`](crate::limits::MAX_NAME_CHARS) characters, a
    /// sheet's bound (`trait` in the file).
    #[serde(rename = "trait")]
    pub trait_name: String,
    /// The fewest boxes it must have, checked or not: 1 to [`MAX_BOXES`](crate::limits::MAX_BOXES)
    /// (a sheet's bound).
    pub boxes: u32,
}

/// A key as the book (or a GM's table file) defines it ("Skeleton Keys", "Elite Keys", T12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyDef {
    /// The key's name ("Warrior"), 1 to [`MAX_NAME_CHARS`](crate::limits::MAX_NAME_CHARS)
    /// characters (a sheet's bound), unique in a catalogue.
    pub name: String,
    /// Skeleton (no prerequisites) or elite (at least one).
    pub kind: KeyKind,
    /// What the key means for a character, in our words; may be empty; at most
    /// [`MAX_TEXT_CHARS`](crate::limits::MAX_TEXT_CHARS).
    #[serde(default)]
    pub description: String,
    /// The traits and minimum boxes an elite key needs (T10); empty for a skeleton key.
    #[serde(default)]
    pub prerequisites: Vec<Prerequisite>,
    /// Minor goals: each one achieved unchecks one box (T10). May be empty (T12).
    #[serde(default)]
    pub minor_goals: Vec<String>,
    /// Major goals: each one achieved unchecks up to ten boxes or earns an advancement (T10).
    #[serde(default)]
    pub major_goals: Vec<String>,
    /// The traits this key unlocks, as the book lists them. May be empty (T12).
    #[serde(default)]
    pub traits: Vec<String>,
}
