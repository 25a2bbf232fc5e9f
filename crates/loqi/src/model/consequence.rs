//! [`Consequence`]: what an outcome changes if it is selected (book: Benefit and Harm; L7, L8),
//! as a command writes it, and [`Priced`]: a checked consequence with its L7 impact.

use super::impact::{Hundredths, Lasts};
use serde::{Deserialize, Serialize};

/// One change an outcome brings, as written in `propose_outcome`'s `consequences`.
///
/// ```toml
/// consequences = [
///   { kind = "trait_change", character = "Tiran", trait = "Wounded", rating_change = 2, harmful = true, lasts = "scene" },
///   { kind = "weakening", character = "Tiran", points = 3 },
///   { kind = "regain", character = "Tiran", points = 1 },
///   { kind = "tactical", modifier = 2, note = "the high ground" },
///   { kind = "relationship", change = 2, influence = 1.5, length = 0.5, note = "the captain owes him" },
///   { kind = "reward", who = "Ayla", points = 2, reason = "her plan, if it works" },
/// ]
/// ```
///
/// A page's form writes every kind with the same few names, so one list entry can hold any kind:
/// `character`, `points` (how big, in the kind's unit) and `note`. Each kind therefore also reads
/// `points` for its number (a trait change's `rating_change`, a tactical `modifier`, a
/// relationship's `change`), and a reward reads `character` for `who` and `note` for `reason`.
/// Written back (in the log, the view) each has its own name as above.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Consequence {
    /// A trait gained, raised, lowered or lost, for the scene, the scenario or for good (L7: impact
    /// |change| x 1, 2 or 5, + when it helps the character).
    TraitChange {
        /// Whose trait: a character at the table.
        character: String,
        /// The trait: one on the sheet (exact spelling) or a new one.
        #[serde(rename = "trait")]
        trait_name: String,
        /// Rating points: -6 to 6, not 0; the rating must stay within the table's ratings. Also
        /// read as `points`.
        #[serde(alias = "points")]
        rating_change: i64,
        /// For a new trait: whether it is harmful (default false). For a known trait: left out or
        /// equal to what it is.
        #[serde(default)]
        harmful: Option<bool>,
        /// `scene`, `scenario` or `permanent`.
        lasts: Lasts,
    },
    /// Strength lost (L8; L7: -2 per point). Needs the strength option.
    Weakening {
        /// Whose strength: a character at the table, not dead.
        character: String,
        /// 1 to what the character can lose (to 0, or to the cut-off under dying).
        points: i64,
    },
    /// Strength regained inside the outcome (L8; L7: +4 per point). Needs the strength option.
    Regain {
        /// Whose strength: a character at the table.
        character: String,
        /// 1 to what the character has lost.
        points: i64,
    },
    /// A change in the tactical position: a modifier for later problems (L7: ceil(|m|/2)). Recorded,
    /// not tracked: the table enters the modifier when it applies.
    Tactical {
        /// The later modifier: -6 to 6, not 0 (+ helps the PCs). Also read as `points`.
        #[serde(alias = "points")]
        modifier: i64,
        /// What it is: 1-300 characters.
        note: String,
    },
    /// A relationship made, broken or changed (L7: base x influence x length, rounded). Recorded,
    /// not tracked: a lasting one may become a trait.
    Relationship {
        /// The base: -4 to 4, not 0 (+ a new friend, - a new enemy). Also read as `points`.
        #[serde(alias = "points")]
        change: i64,
        /// The person's influence: x0.5 to x2 (default 1: about the same standing).
        #[serde(default = "baseline")]
        influence: Hundredths,
        /// The relationship's length: x0.25 to x1.5 (default 1: long-standing).
        #[serde(default = "baseline")]
        length: Hundredths,
        /// Who and how: 1-300 characters.
        note: String,
    },
    /// An influence reward the GM ties to this outcome being selected (L5: 1-5 usually, up to 50
    /// flagged). Influence is a player's resource, not a change to the characters: impact 0.
    Reward {
        /// The character rewarded. Also read as `character`.
        #[serde(alias = "character")]
        who: String,
        /// Points: 1-50.
        points: i64,
        /// Why: 1-300 characters. Also read as `note`.
        #[serde(alias = "note")]
        reason: String,
    },
}

fn baseline() -> Hundredths {
    Hundredths(100)
}

impl Consequence {
    /// The kind's name: `trait_change`, `weakening`, `regain`, `tactical`, `relationship`, `reward`.
    pub fn name(&self) -> &'static str {
        match self {
            Consequence::TraitChange { .. } => "trait_change",
            Consequence::Weakening { .. } => "weakening",
            Consequence::Regain { .. } => "regain",
            Consequence::Tactical { .. } => "tactical",
            Consequence::Relationship { .. } => "relationship",
            Consequence::Reward { .. } => "reward",
        }
    }
}

/// A checked consequence with its L7 impact. For trait changes, `harmful` is filled in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Priced {
    /// The consequence.
    pub consequence: Consequence,
    /// Its impact on the PCs by L7.
    pub impact: i64,
}
