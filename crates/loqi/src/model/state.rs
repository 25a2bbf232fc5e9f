//! [`State`]: a Loqi table folded from its events (`rules::apply`), and what it holds: each
//! [`Character`] at the table with its temporary [`TraitChange`]s, the [`Story`] so far, the
//! resolved problems and fulfilled goals. Its JSON view is in `view.rs`.

use crate::model::{Goal, Options, Problem, Resolution, Strength, Trait};
use crate::model::{Lasts, Payment};
use serde::{Deserialize, Serialize};

/// The table: options, characters in enrollment order, where the story stands, goals, the open
/// problem and the resolved ones.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct State {
    /// The table options.
    pub options: Options,
    /// The characters, in the order they joined.
    pub characters: Vec<Character>,
    /// Session, scenario and scene.
    pub story: Story,
    /// The GM's influence this session, under the GM-influence option (L5).
    pub gm_influence: Option<i64>,
    /// Goals standing, oldest first (L6).
    pub goals: Vec<Goal>,
    /// Goals fulfilled, oldest first, with who was paid (L6).
    pub fulfilled: Vec<Fulfilled>,
    /// How many goals were ever made; the next gets this number + 1.
    pub goal_count: u64,
    /// The players who have made their preparation goals (L6).
    pub prepared: Vec<String>,
    /// The open problem, if any (at most one at a time).
    pub problem: Option<Problem>,
    /// The resolution under way inside a `resolve` command (between its odds and its result).
    pub resolving: Option<Resolution>,
    /// Resolved problems, oldest first.
    pub resolved: Vec<Resolved>,
    /// How many problems were introduced; the next gets this number + 1.
    pub problems: u64,
}

/// Where the story stands (book: Scale): the session, and the scene within the scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Story {
    /// The session, from 1.
    pub session: u64,
    /// Problems introduced this session (goals made at a session's start come before the first).
    pub session_problems: u64,
    /// The scenario, from 1.
    pub scenario: u64,
    /// The scene within the scenario, from 1.
    pub scene: u64,
}

impl Default for Story {
    fn default() -> Self {
        Self {
            session: 1,
            session_problems: 0,
            scenario: 1,
            scene: 1,
        }
    }
}

/// A resolved problem: the problem as it stood, and how it was resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Resolved {
    /// The problem with both outcomes and their tallies.
    pub problem: Problem,
    /// The odds, rolls and selected side.
    pub resolution: Resolution,
    /// Where the story stood when it was resolved (its session and scene).
    pub story: Story,
}

/// A fulfilled goal and who was paid (L6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fulfilled {
    /// The goal as it stood.
    pub goal: Goal,
    /// Who fulfilled it, with the influence they held afterwards.
    pub paid: Vec<Payment>,
}

impl State {
    /// The character named `name` (exact spelling).
    pub fn character(&self, name: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.name == name)
    }

    /// The characters' names, in enrollment order, for messages.
    pub fn names(&self) -> Vec<&str> {
        self.characters.iter().map(|c| c.name.as_str()).collect()
    }
}

/// A character at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Character {
    /// The character's name.
    pub name: String,
    /// Permanent traits: the sheet as changed by permanent changes, in sheet order (new ones last).
    pub traits: Vec<Trait>,
    /// Influence held, 0-999 (L5); always 0 for an NPC.
    pub influence: i64,
    /// Whether the GM plays this character: it holds no influence of its own (L5; see
    /// [`crate::Sheet::npc`]).
    pub npc: bool,
    /// Strength, when the table plays it (L8).
    pub strength: Option<Strength>,
    /// Temporary trait changes in force, oldest first (scene- or scenario-long).
    pub changes: Vec<TraitChange>,
}

/// A temporary trait change in force (book: Trait Change; L7 durations).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitChange {
    /// The trait's name.
    #[serde(rename = "trait")]
    pub trait_name: String,
    /// Rating points added (negative: taken away), never 0.
    pub rating_change: i64,
    /// Whether the trait is a harmful one.
    pub harmful: bool,
    /// `scene` or `scenario` (permanent changes are written into the traits instead).
    pub lasts: Lasts,
    /// The problem whose outcome made it.
    pub problem: u64,
}

/// A trait as it stands now: name, rating now (1 or more), whether harmful, and its permanent rating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraitNow {
    /// The trait's name.
    pub name: String,
    /// Its rating now, permanent plus temporary changes: 1 or more.
    pub rating: i64,
    /// Whether it is a harmful trait.
    pub harmful: bool,
    /// Its permanent rating (0 for a trait that exists only for now).
    pub permanent: i64,
}

/// A checked trait change, ready to be recorded: what it does and the rating before and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedChange {
    /// The trait's name, spelled as on the sheet when it exists.
    pub trait_name: String,
    /// Rating points added or taken away, never 0.
    pub rating_change: i64,
    /// Whether the trait is harmful.
    pub harmful: bool,
    /// How long it lasts.
    pub lasts: Lasts,
    /// The rating now, before (0: the character lacks it).
    pub from: i64,
    /// The rating now, after (0: the character loses it).
    pub to: i64,
}
