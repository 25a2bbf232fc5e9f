//! [`Command`]: what a player or the GM asks of a Loqi table, as written in a scenario step
//! (`do = "..."` plus the fields below). Unknown fields are refused.
//!
//! A problem runs: `introduce_problem`, `propose_outcome` (the responder's side first, then the
//! other), any number of `add_trait`, `add_modifier` and `spend_influence` on either outcome, then
//! `resolve` (book: Problems, Resolving Problems).

use crate::character::Character;
use crate::problem::{Scale, Side};
use serde::{Deserialize, Serialize};

/// A command to a Loqi table. Names and ranges are checked by [`crate::Loqi`]'s `decide`; see
/// [`crate::limits`] for every bound.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// `enroll`: puts a character at the table. `character` is a sheet as in `[[characters]]`.
    Enroll {
        /// The sheet.
        character: Character,
    },
    /// `introduce_problem`: a problem the PCs must answer (book: Problems, step 1). Only one problem
    /// is open at a time.
    ///
    /// A player who introduces a problem pays 2 influence for it (L5).
    IntroduceProblem {
        /// `scene`, `scenario` or `story` (book: Scale).
        scale: Scale,
        /// The situation: 1-1000 characters.
        description: String,
        /// Who introduces it: `"GM"` (the default) or a character's name.
        #[serde(default = "gm")]
        proposer: String,
        /// Who is asked "what happens?": a character other than the proposer, or `"GM"` when a
        /// player introduced the problem and asks the GM to answer first.
        responder: String,
    },
    /// `propose_outcome`: one of the two outcomes, with its impact (book: Problems, steps 2 and 3).
    /// The responder's side comes first. Its tally starts with the impact entry (L2: the player's
    /// outcome gets -impact, the GM's +impact).
    ProposeOutcome {
        /// `player` or `gm`.
        outcome: Side,
        /// What happens: 1-1000 characters.
        description: String,
        /// Net benefit to the player characters, -100 to 100 (L2; guide 0-2 inconclusive, 3-5
        /// scene, 6-9 scenario, 10-12 story; negative is harm).
        impact: i64,
        /// Who thought it up. For `gm`: `"GM"` (the default and, until a player may take over the
        /// GM's part, the only choice). For `player`: a character; defaults to the responder, or to
        /// the proposer when the GM is the responder.
        #[serde(default)]
        by: Option<String>,
    },
    /// `add_trait`: a character's trait bears on an outcome (L1; book: Character traits). The entry
    /// is +rating when the action goes along with a helpful trait, -rating against it; a harmful
    /// trait is the reverse (-rating along, +rating against).
    AddTrait {
        /// `player` or `gm`: a proposed outcome.
        outcome: Side,
        /// Whose trait: a character at the table.
        character: String,
        /// The trait's name on that sheet (exact spelling).
        #[serde(rename = "trait")]
        trait_name: String,
        /// Whether the action draws on what the trait is about (`true`: a swordsman fighting well)
        /// or runs against it (`false`: the swordsman dropping his sword and fleeing).
        along: bool,
        /// Who adds it: `"GM"` or a character (anyone at the table may, book: Evaluating Problems).
        by: String,
        /// Why it applies: 1-300 characters.
        reason: String,
        /// The GM's judged value, -20 to 20, replacing the rating when traits overlap ("computer
        /// tech 4" and "clever 2" together: +5; book: Judging Likelihood Modifiers). Optional.
        #[serde(default)]
        value: Option<i64>,
    },
    /// `add_modifier`: an environmental modifier or genre convention on an outcome (L1).
    AddModifier {
        /// `player` or `gm`: a proposed outcome.
        outcome: Side,
        /// `environment` or `genre`.
        kind: ModifierKind,
        /// How far it moves the likelihood: -20 to 20.
        value: i64,
        /// Who adds it: `"GM"` or a character.
        by: String,
        /// What it is and why it applies: 1-300 characters.
        reason: String,
    },
    /// `spend_influence`: a character pays influence to move an outcome's likelihood, one point per
    /// step, either way (L5). Opposed spends are separate entries; the net counts; points are gone
    /// whoever wins.
    SpendInfluence {
        /// `player` or `gm`: a proposed outcome.
        outcome: Side,
        /// Who pays: a character holding at least |points| influence.
        who: String,
        /// The shift: -100 to 100, not 0. |points| influence is spent.
        points: i64,
        /// Why, 1-300 characters. Optional.
        #[serde(default)]
        reason: Option<String>,
    },
    /// `resolve`: finds the odds and rolls the d12 (L3; L4 when the option is on). Needs both
    /// outcomes. A certain outcome (advantage 6+, L4 off) rolls no die.
    Resolve {},
}

/// The judged modifiers of [`Command::AddModifier`] (L1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModifierKind {
    /// Something in the immediate situation (book: Environmental Modifiers).
    Environment,
    /// A rule of the genre (book: Genre Conventions).
    Genre,
}

fn gm() -> String {
    crate::character::GM.to_string()
}

impl Command {
    /// The command's name as written after `do =`.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Enroll { .. } => "enroll",
            Command::IntroduceProblem { .. } => "introduce_problem",
            Command::ProposeOutcome { .. } => "propose_outcome",
            Command::AddTrait { .. } => "add_trait",
            Command::AddModifier { .. } => "add_modifier",
            Command::SpendInfluence { .. } => "spend_influence",
            Command::Resolve {} => "resolve",
        }
    }
}
