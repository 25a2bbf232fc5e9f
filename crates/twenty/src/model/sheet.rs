//! A Twenty character sheet as written (stats, keys, traits, special equipment, burdens), enrolled
//! from a scenario, the API or a page: the data only. The checks that keep a sheet legal (the creation
//! rules, T1) are in `rules/sheets.rs`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The five stats, in the book's order. Each acts as a trait in conflicts (T1) and holds the burdens
/// of its kind (T5).
pub const STATS: [&str; 5] = ["Physical", "Mental", "Social", "Emotional", "Spiritual"];

/// The name the GM's side takes in a healing conflict; no character may use it.
pub const GM: &str = "GM";

/// A trait, stat or special item: `boxes` boxes, of which `checked` are checked and `coloured` are
/// coloured to pay for an obligation (T11: they do not regenerate).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trait {
    /// Its name as written on the sheet ("Swords", "Ancient and Wise", "Physical"). A name left out
    /// reads as empty, so the rules refuse it at its place on the sheet (`equipment.0.name`)
    /// rather than the parser refusing the whole sheet.
    #[serde(default)]
    pub name: String,
    /// How many boxes it has: 1 to [`MAX_BOXES`](crate::limits::MAX_BOXES).
    pub boxes: u32,
    /// Checked boxes; `checked + coloured <= boxes`.
    #[serde(default)]
    pub checked: u32,
    /// Boxes coloured for obligations granted (T11).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub coloured: u32,
    /// For special equipment: broken, unusable until repaired (T9).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub broken: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Trait {
    /// A fresh trait with `boxes` unchecked boxes.
    pub fn new(name: impl Into<String>, boxes: u32) -> Self {
        Self {
            name: name.into(),
            boxes,
            checked: 0,
            coloured: 0,
            broken: false,
        }
    }

    /// Unchecked boxes: how many d20 it rolls when brought in (T2).
    pub fn unchecked(&self) -> u32 {
        self.boxes.saturating_sub(self.checked + self.coloured)
    }
}

/// A burden: a named condition under one stat, one box per discarded die holding its value (T5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Burden {
    /// What the opponent named it ("Flesh wound across my cheek"). Left out, it reads as empty
    /// (refused by the rules at `burdens.N.name`).
    #[serde(default)]
    pub name: String,
    /// The stat it falls under: one of [`STATS`].
    pub stat: String,
    /// The boxes' values, d20 faces 1 to [`SIDES`](crate::limits::SIDES); 1 to
    /// [`MAX_BOXES`](crate::limits::MAX_BOXES) boxes.
    pub boxes: Vec<u32>,
}

/// A stat's boxes on a sheet: a plain number (`Physical = 5`) or `{ boxes = 5, checked = 1 }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum StatBoxes {
    /// Boxes, none checked.
    Boxes(u32),
    /// Boxes with some checked.
    Checked {
        /// Boxes.
        boxes: u32,
        /// Checked boxes.
        checked: u32,
    },
}

impl StatBoxes {
    /// The boxes.
    pub fn boxes(self) -> u32 {
        match self {
            StatBoxes::Boxes(b) | StatBoxes::Checked { boxes: b, .. } => b,
        }
    }

    /// The checked boxes.
    pub fn checked(self) -> u32 {
        match self {
            StatBoxes::Boxes(_) => 0,
            StatBoxes::Checked { checked, .. } => checked,
        }
    }
}

impl From<u32> for StatBoxes {
    fn from(boxes: u32) -> Self {
        StatBoxes::Boxes(boxes)
    }
}

/// How strictly a sheet is checked when it comes to the table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SheetKind {
    /// A new player character: every creation rule of T1.
    #[default]
    New,
    /// A character from earlier play: keys known, elite prerequisites met, traits unlocked or open,
    /// stats a permutation of 1-5; boxes may be checked and burdens carried.
    Existing,
    /// A GM's creature or NPC: names and ranges only (T12: GM-made traits and keys are allowed).
    Npc,
}

/// A character sheet as written in a scenario or entered at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The character's name, unique at the table, 1 to
    /// [`MAX_NAME_CHARS`](crate::limits::MAX_NAME_CHARS) characters, not "GM". Left out, it reads
    /// as empty, which the rules refuse at its blank ("name is empty: fill it in"): a draft is
    /// still a command, so the NPC builder's fair fight is worked out before a name is typed.
    #[serde(default)]
    pub name: String,
    /// How strictly to check it; a new character by default.
    #[serde(default)]
    pub kind: SheetKind,
    /// Stat name -> boxes, for the five [`STATS`] (T1: 1 to 5, each once); an NPC may have none. A stat
    /// with checked boxes is written `{ boxes = 5, checked = 1 }`.
    #[serde(default)]
    pub stats: BTreeMap<String, StatBoxes>,
    /// Keys, as names (T1: a new character has one skeleton key).
    #[serde(default)]
    pub keys: Vec<String>,
    /// Traits, in sheet order.
    #[serde(default)]
    pub traits: Vec<Trait>,
    /// Special equipment, used like traits (T1: a new character has two, with 2 and 1 boxes).
    #[serde(default)]
    pub equipment: Vec<Trait>,
    /// Other equipment, free text: at most [`MAX_TRAITS`](crate::limits::MAX_TRAITS) items, each 1
    /// to [`MAX_NAME_CHARS`](crate::limits::MAX_NAME_CHARS) characters (Skald caps).
    #[serde(default)]
    pub gear: Vec<String>,
    /// Burdens carried from earlier play (only on an existing character or an NPC).
    #[serde(default)]
    pub burdens: Vec<Burden>,
}
