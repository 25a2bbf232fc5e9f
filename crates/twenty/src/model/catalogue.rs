//! The keys and traits a character may take: the book's list (`data/keys.toml`) plus a table's own:
//! the data, with its lookups. Reading, checking and merging a table file, unlocking traits and
//! meeting prerequisites are `rules/catalogue.rs`.
//!
//! A key ("Keys", T12) is skeleton (no prerequisites, open to anyone at any time) or elite (every
//! prerequisite trait held with at least the stated boxes, T10); each lists minor and major goals (T10:
//! regeneration and advancement) and the traits it unlocks. Open traits are unlocked for everyone. The
//! book's blanks stay blank (T12): the Noble's goals, the elite keys' goals, four elite keys' traits.
//! Every description is written in our own words. Names are matched ignoring ASCII case ("swords"
//! finds "Swords"), as sheets match them.

use super::keys::{KeyDef, KeyKind};
use super::trait_list::TraitDef;
use serde::{Deserialize, Serialize};

/// The book's keys and traits in the table-file format, compiled in (`crates/twenty/data/keys.toml`).
pub const BOOK_TOML: &str = include_str!("../../data/keys.toml");

/// Keys, traits and open traits: the book's ([`Catalogue::book`]), a table file's ([`Catalogue::parse`]),
/// or both ([`Catalogue::merge`]). Names are unique (ignoring ASCII case) among keys, among traits and
/// among open traits; a key and a trait may share a name (the book's dragon has the key and the trait
/// "Enormous"). The names a key unlocks or requires and the open traits need not have a [`TraitDef`]
/// (T12: the GM makes traits up).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "CatalogueFile")]
pub struct Catalogue {
    /// The keys, in file order.
    pub(crate) keys: Vec<KeyDef>,
    /// The traits with a description, in file order.
    pub(crate) traits: Vec<TraitDef>,
    /// The open traits, in file order.
    pub(crate) open: Vec<String>,
}

/// A table file's shape before checking: what [`Catalogue`] is deserialized from, checked by its
/// `TryFrom` (`rules/catalogue.rs`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CatalogueFile {
    /// `open = [...]`.
    #[serde(default)]
    pub(crate) open: Vec<String>,
    /// `[[keys]]`.
    #[serde(default)]
    pub(crate) keys: Vec<KeyDef>,
    /// `[[traits]]`.
    #[serde(default)]
    pub(crate) traits: Vec<TraitDef>,
}

impl Catalogue {
    /// Every key, in file order (the book's: Warrior, Explorer, Scholar, Noble, Paladin, Priest,
    /// Sorcerer, Thief, Scion, Druid, Archer).
    pub fn keys(&self) -> &[KeyDef] {
        &self.keys
    }

    /// Every trait with a description, in file order (the book's: alphabetical).
    pub fn traits(&self) -> &[TraitDef] {
        &self.traits
    }

    /// The open traits, unlocked for every character whatever its keys ("Open Traits").
    pub fn open_traits(&self) -> &[String] {
        &self.open
    }

    /// The skeleton keys' names, in file order: the keys a new character may choose from (T1).
    pub fn skeleton_keys(&self) -> Vec<String> {
        self.keys
            .iter()
            .filter(|k| k.kind == KeyKind::Skeleton)
            .map(|k| k.name.clone())
            .collect()
    }

    /// The key named `name` (ignoring ASCII case), if the catalogue has it.
    pub fn key(&self, name: &str) -> Option<&KeyDef> {
        self.keys.iter().find(|k| k.name.eq_ignore_ascii_case(name))
    }

    /// The trait named `name` (ignoring ASCII case), if the catalogue describes it.
    pub fn trait_def(&self, name: &str) -> Option<&TraitDef> {
        self.traits
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// Whether `trait_name` is an open trait (ignoring ASCII case): always unlocked ("Open Traits").
    pub fn is_open(&self, trait_name: &str) -> bool {
        self.open.iter().any(|o| o.eq_ignore_ascii_case(trait_name))
    }
}
