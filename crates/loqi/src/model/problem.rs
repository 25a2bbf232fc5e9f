//! A problem and its two competing outcomes, each with a likelihood tally of signed entries and the
//! consequences it would bring (book: Problems, Evaluating Problems, Benefit and Harm; L1, L2, L7).

use crate::model::{Action, Priced, Reach};
use serde::{Deserialize, Serialize};

/// The scale a problem plays at; its results reach that scale or a higher one (book: Scale).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scale {
    /// Scene level: the problem matters within the current scene.
    Scene,
    /// Scenario level: it matters through the current scenario.
    Scenario,
    /// Story level: it matters for the whole story.
    Story,
}

impl Scale {
    /// The scale's name as written in commands: `scene`, `scenario`, `story`.
    pub fn name(self) -> &'static str {
        match self {
            Scale::Scene => "scene",
            Scale::Scenario => "scenario",
            Scale::Story => "story",
        }
    }

    /// The L2 guide's impact range for an outcome that reaches this scale: scene 3-5, scenario
    /// 6-9, story 10-12.
    pub fn impact_guide(self) -> (i64, i64) {
        let reach = match self {
            Scale::Scene => Reach::Scene,
            Scale::Scenario => Reach::Scenario,
            Scale::Story => Reach::Story,
        };
        reach
            .guide()
            .map_or((0, 0), |range| (*range.start(), *range.end()))
    }
}

/// Which of a problem's two outcomes: the players' or the GM's (L2, L3).
///
/// Usually the player is the responder who answers "what happens?" and the GM is the proposer who
/// offers the alternative. The side, not the order, decides the impact sign (L2) and who takes an
/// equal-likelihood roll (L3: 1-6 the player's, 7-12 the GM's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The players' outcome, usually good for the player characters: `player`.
    Player,
    /// The GM's outcome, usually running against them: `gm`.
    Gm,
}

impl Side {
    /// The name as written in commands and the view: `player` or `gm`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Player => "player",
            Side::Gm => "gm",
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Player => Side::Gm,
            Side::Gm => Side::Player,
        }
    }

    /// "the player's outcome" or "the GM's outcome", for the table log.
    pub fn outcome_phrase(self) -> &'static str {
        match self {
            Side::Player => "the player's outcome",
            Side::Gm => "the GM's outcome",
        }
    }

    /// How an impact of `impact` (net benefit to the PCs) moves this side's likelihood (L2): the
    /// player's outcome loses what it gains the PCs, the GM's outcome loses what it costs them.
    pub fn impact_entry(self, impact: i64) -> i64 {
        match self {
            Side::Player => impact.saturating_neg(),
            Side::Gm => impact,
        }
    }
}

/// The kinds of likelihood entries (L1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A character trait that bears on the action (book: Character traits).
    Trait,
    /// Something in the immediate situation: terrain, weather, the state of a shield (book:
    /// Environmental Modifiers).
    Environment,
    /// A rule of the genre the table plays (book: Genre Conventions).
    Genre,
    /// The outcome's impact, signed by L2 (book: Impact).
    Impact,
    /// Influence points spent on the likelihood (book: Influence Expenditures; L5).
    Influence,
    /// A weakened actor's strength penalty, added by Skald when the outcome is proposed (L8).
    Strength,
    /// Several overlapping entries the GM judged as one value; the sources are kept (book: Judging
    /// Likelihood Modifiers).
    Merged,
}

impl EntryKind {
    /// The kind's name as written in commands and the view.
    pub fn name(self) -> &'static str {
        match self {
            EntryKind::Trait => "trait",
            EntryKind::Environment => "environment",
            EntryKind::Genre => "genre",
            EntryKind::Impact => "impact",
            EntryKind::Influence => "influence",
            EntryKind::Strength => "strength",
            EntryKind::Merged => "merged",
        }
    }
}

/// A trait behind a [`EntryKind::Trait`] entry: which one, and how it met the action (L1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitUse {
    /// Whose trait.
    pub character: String,
    /// The trait's name on that sheet.
    pub name: String,
    /// Its rating, 1-4.
    pub rating: i64,
    /// Whether it is a harmful trait.
    pub harmful: bool,
    /// Whether the action draws on what the trait is about (true) or runs against it (false).
    pub along: bool,
    /// Whether the GM judged the value rather than taking the rating, because traits overlap
    /// (book: Judging Likelihood Modifiers).
    pub judged: bool,
}

/// One signed entry on an outcome's likelihood tally: what it is, by how much, who added it and why (L1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Its number on this outcome's tally, from 1 (the impact entry); never reused.
    pub id: u32,
    /// What kind of effect it is.
    pub kind: EntryKind,
    /// How far it moves the likelihood: positive more likely, negative less.
    pub value: i64,
    /// Who added it: `"GM"` or a character's name.
    pub by: String,
    /// Why, in the table's words.
    pub reason: String,
    /// The trait, for trait entries.
    #[serde(default, rename = "trait", skip_serializing_if = "Option::is_none")]
    pub trait_use: Option<TraitUse>,
    /// For merged entries, the entries it stands for, as they were.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged: Vec<Entry>,
}

/// One proposed outcome with its tally (book: Evaluating Problems).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Who thought it up: a character's name, or `"GM"`.
    pub by: String,
    /// What happens, in the proposer's words.
    pub description: String,
    /// Its net benefit to the player characters (L2), -100 to 100.
    pub impact: i64,
    /// The impact its consequences suggest (L7): the sum of their impacts.
    pub suggested_impact: i64,
    /// The characters whose actions bring it about (for the L8 penalties).
    pub actors: Vec<String>,
    /// What kind of action it asks of them (L8).
    pub action: Action,
    /// What it changes if selected, each with its L7 impact; applied at resolution.
    pub consequences: Vec<Priced>,
    /// The tally entries in order; the first is always the impact.
    pub tally: Vec<Entry>,
}

impl Outcome {
    /// The number the next entry gets: one more than any on the tally.
    pub fn next_id(&self) -> u32 {
        self.tally
            .iter()
            .map(|e| e.id)
            .max()
            .unwrap_or(0)
            .saturating_add(1)
    }

    /// The sum of the entries of `kind` (0 when there are none).
    pub fn subtotal(&self, kind: EntryKind) -> i64 {
        self.tally
            .iter()
            .filter(|e| e.kind == kind)
            .fold(0, |sum, e| sum.saturating_add(e.value))
    }
}

/// A problem on the table, from introduction until it is resolved (book: Problems).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Problem {
    /// Its number at this table, counting from 1.
    pub number: u64,
    /// The scale it plays at.
    pub scale: Scale,
    /// The situation, as introduced.
    pub description: String,
    /// Who introduced it: `"GM"` or a character's name.
    pub proposer: String,
    /// Who was asked "what happens?": one or more characters, or `["GM"]` when a player introduced
    /// it and asked the GM to answer first.
    pub responders: Vec<String>,
    /// The player who took over the GM's part for this problem (L5), if one did.
    pub acting_gm: Option<String>,
    /// The player's outcome, once proposed.
    pub player: Option<Outcome>,
    /// The GM's outcome, once proposed.
    pub gm: Option<Outcome>,
}

impl Problem {
    /// The outcome on `side`, if proposed.
    pub fn outcome(&self, side: Side) -> Option<&Outcome> {
        match side {
            Side::Player => self.player.as_ref(),
            Side::Gm => self.gm.as_ref(),
        }
    }

    /// The outcome on `side`, mutably, if proposed.
    pub fn outcome_mut(&mut self, side: Side) -> Option<&mut Outcome> {
        match side {
            Side::Player => self.player.as_mut(),
            Side::Gm => self.gm.as_mut(),
        }
    }

    /// The side whose outcome comes first: the responders' (book: Problems, steps 2 and 3).
    pub fn first_side(&self) -> Side {
        if self.gm_answers() {
            Side::Gm
        } else {
            Side::Player
        }
    }

    /// Whether the GM was asked "what happens?" (a player's problem, the GM answering first).
    pub fn gm_answers(&self) -> bool {
        self.responders.iter().any(|r| r == crate::model::GM)
    }

    /// Who plays the GM's part: the player who took it over (L5), or `"GM"`.
    pub fn acting_gm(&self) -> &str {
        self.acting_gm.as_deref().unwrap_or(crate::model::GM)
    }
}
