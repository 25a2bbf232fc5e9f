//! [`Command`]: what a player or the GM asks of a Loqi table, as written in a scenario step
//! (`do = "..."` plus the fields below). Unknown fields are refused.
//!
//! A problem runs: `introduce_problem` (optionally `take_over`), `propose_outcome` (the responders'
//! side first, then the other), any number of `add_trait`, `add_modifier`, `spend_influence` and
//! `merge_entries` on either outcome, then `resolve`, which applies the selected outcome's
//! consequences (book: Problems, Resolving Problems). Around problems: `start_session`,
//! `end_scene`, `end_scenario`, `reward`, `give_influence`, `prepare_goals`, `add_goal`,
//! `fulfil_goal` and `change_trait`.

use crate::model::{Action, AddedAt, Consequence, GoalDraft, GoalKind, Scale, Sheet, Side};
use serde::{Deserialize, Serialize};
use skald_core::CommandShape;

/// A command to a Loqi table. Names and ranges are checked by [`crate::Loqi`]'s `decide`; see
/// [`crate::limits`] for every bound.
///
/// Its verbs without their fields are [`Verb`], which a move's form names (the same snake_case
/// names as serde's `do`); [`CommandShape`] tells a command's verb and acting character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, strum::EnumDiscriminants)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(
    name(Verb),
    derive(strum::IntoStaticStr, strum::EnumIter),
    strum(serialize_all = "snake_case"),
    doc = "The verb of a [`Command`] without its fields (its `do`): what a move's form sends."
)]
pub enum Command {
    /// `enroll`: puts a character at the table. `character` is a sheet as in `[[characters]]`.
    Enroll {
        /// The sheet.
        character: Sheet,
    },
    /// `change_trait`: a free character change the GM approves (book: Changing A Character): sets a
    /// trait's permanent rating, adding the trait if new and removing it at 0. Not while a problem
    /// is open; refused when the table turns free changes off.
    ChangeTrait {
        /// Whose trait.
        character: String,
        /// The trait: on the sheet (exact spelling) or new.
        #[serde(rename = "trait")]
        trait_name: String,
        /// The new permanent rating: 0 (remove) to 4, or to 6 with the high-ratings option.
        rating: i64,
        /// For a new trait, whether it is harmful (default false); for a known one, left out or equal.
        #[serde(default)]
        harmful: Option<bool>,
        /// Why: 1-300 characters.
        reason: String,
        /// The GM's approval: must be `true`.
        #[serde(default)]
        approved: bool,
    },
    /// `start_session`: a new play session. Under the GM-influence option the GM's pile is reset
    /// to the session's allowance (L5); session goals may be added until its first problem (L6).
    StartSession {},
    /// `end_scene`: the scene ends; scene-long trait changes end and, with strength, every weakened
    /// character regains `recovery` points (L8). No problem may be open.
    EndScene {
        /// Strength regained: 1-5, default the table's `scene_recovery` (2). Only with strength.
        #[serde(default)]
        recovery: Option<i64>,
    },
    /// `end_scenario`: the scenario ends, with its scene: scene- and scenario-long changes end and,
    /// with strength, everyone not dead regains all strength (L8). No problem may be open.
    EndScenario {},
    /// `introduce_problem`: a problem the PCs must answer (book: Problems, step 1). Only one problem
    /// is open at a time. A player who introduces a problem pays 2 influence (L5).
    IntroduceProblem {
        /// `scene`, `scenario` or `story` (book: Scale).
        scale: Scale,
        /// The situation: 1-1000 characters.
        description: String,
        /// Who introduces it: `"GM"` (the default) or a character's name.
        #[serde(default = "gm")]
        proposer: String,
        /// Who is asked "what happens?": one character (not the proposer), or `"GM"` when a player
        /// introduces the problem and asks the GM to answer first. Give this or `responders`.
        #[serde(default)]
        responder: Option<String>,
        /// Several characters asked together (book: Problems, step 2). Give this or `responder`.
        #[serde(default)]
        responders: Option<Vec<String>>,
    },
    /// `take_over`: the player who introduced the open problem pays 2 more influence to play the
    /// GM's part in it: the alternative outcome and the GM's judgements (L5). Before the GM's
    /// outcome is proposed.
    TakeOver {
        /// The player: the problem's proposer.
        who: String,
    },
    /// `propose_outcome`: one of the two outcomes (book: Problems, steps 2 and 3). The responders'
    /// side comes first. Its tally starts with the impact entry (L2: the player's outcome gets
    /// -impact, the GM's +impact) and a strength entry for each weakened actor (L8).
    ProposeOutcome {
        /// `player` or `gm`.
        outcome: Side,
        /// What happens: 1-1000 characters. Left out, it is blank and refused by the rules
        /// beside its blank (not by the reader), so the GM's outcome drafted before it is written
        /// still gets its fair fight (issue 32).
        #[serde(default)]
        description: String,
        /// Net benefit to the player characters, -100 to 100 (L2; guide 0-2 inconclusive, 3-5
        /// scene, 6-9 scenario, 10-12 story; negative is harm). May be left out when consequences
        /// are given: the L7 suggestion is used.
        #[serde(default)]
        impact: Option<i64>,
        /// Who thought it up. For `gm`: whoever plays the GM's part (`"GM"`, or the player who took
        /// over). For `player`: a character; defaults to the first responder, or to the proposer
        /// when the GM answers.
        #[serde(default)]
        by: Option<String>,
        /// The characters whose actions bring it about, for the strength penalties (L8). Default:
        /// the responders for `player` (the proposer when the GM answers), nobody for `gm`.
        #[serde(default)]
        actors: Option<Vec<String>>,
        /// `strenuous`, `ordinary` (default) or `luck`: which L8 column applies to the actors.
        #[serde(default)]
        action: Action,
        /// What it changes if selected (see [`Consequence`]), at most 20.
        #[serde(default)]
        consequences: Vec<Consequence>,
    },
    /// `add_trait`: a character's trait bears on an outcome (L1; book: Character traits). The entry
    /// is +rating when the action goes along with a helpful trait, -rating against it; a harmful
    /// trait is the reverse (-rating along, +rating against). The rating is the trait's rating now,
    /// temporary changes included.
    AddTrait {
        /// `player` or `gm`: a proposed outcome.
        outcome: Side,
        /// Whose trait: a character at the table who can take part (not out, L8).
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
    /// `spend_influence`: a character (or the GM, under the GM-influence option) pays influence to
    /// move an outcome's likelihood, one point per step, either way (L5). Opposed spends are
    /// separate entries, a bidding war; the net counts; points are gone whoever wins.
    SpendInfluence {
        /// `player` or `gm`: a proposed outcome.
        outcome: Side,
        /// Who pays: a character who can take part and holds at least |points|, or `"GM"`.
        who: String,
        /// The shift: -100 to 100, not 0. |points| influence is spent.
        points: i64,
        /// Why, 1-300 characters. Optional.
        #[serde(default)]
        reason: Option<String>,
    },
    /// `merge_entries`: overlapping entries on one tally replaced by one value that whoever plays
    /// the GM's part picks; the sources stay visible (book: Judging Likelihood Modifiers).
    MergeEntries {
        /// `player` or `gm`: a proposed outcome.
        outcome: Side,
        /// The entries' ids on that tally: 2 or more trait, environment or genre entries.
        entries: Vec<u32>,
        /// The judged value: -20 to 20.
        value: i64,
        /// Who judges: whoever plays the GM's part.
        by: String,
        /// Why: 1-300 characters.
        reason: String,
    },
    /// `resolve`: finds the odds and rolls the d12 (L3; L4 when the option is on), then makes the
    /// selected outcome's consequences happen. Needs both outcomes. A certain outcome (advantage
    /// 6+, L4 off) rolls no die.
    Resolve {},
    /// `reward`: the GM gives a player influence for a clever, amusing or helpful idea (L5): usually
    /// 1-5; more (up to 50) is allowed and flagged.
    Reward {
        /// The character rewarded.
        who: String,
        /// Points: 1-50.
        points: i64,
        /// Why: 1-300 characters.
        reason: String,
    },
    /// `give_influence`: under the influence-swapping option, a player gives 1-5 influence to
    /// another, who gains double (L5).
    GiveInfluence {
        /// The giver.
        from: String,
        /// The recipient: another character.
        to: String,
        /// Points given: 1-5.
        points: i64,
        /// Why: 1-300 characters.
        reason: String,
    },
    /// `prepare_goals`: preparation goals (L6): a player's at least one specific and one
    /// non-specific, base ratings totalling 5-10, specific bases x3 or x5; once per player. The GM
    /// may prepare any number.
    PrepareGoals {
        /// Who makes them: a character or `"GM"`.
        by: String,
        /// The goals: 2-10 for a player, 1-10 for the GM.
        goals: Vec<GoalDraft>,
    },
    /// `add_goal`: a goal made at a session's start (specific 3-10; non-specific 1-5 with the
    /// group's approval) or from the setting (the GM's, 1-100) (L6).
    AddGoal {
        /// Who makes it: a character or `"GM"` (setting goals: the GM).
        by: String,
        /// What must happen: 1-300 characters.
        text: String,
        /// `specific` or `non_specific`.
        kind: GoalKind,
        /// Its rating.
        rating: i64,
        /// `session` (before the session's first problem) or `setting`.
        at: AddedAt,
        /// The group's approval, needed for a non-specific session goal. Default false.
        #[serde(default)]
        approved: bool,
    },
    /// `fulfil_goal`: one or more players fulfilled a goal at the same moment; each gets its full
    /// rating; a specific goal disappears (L6).
    FulfilGoal {
        /// The goal's number.
        goal: u64,
        /// Who fulfilled it: 1 or more characters.
        who: Vec<String>,
    },
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
    crate::model::GM.to_string()
}

impl Command {
    /// The command's name as written after `do =`.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Enroll { .. } => "enroll",
            Command::ChangeTrait { .. } => "change_trait",
            Command::StartSession {} => "start_session",
            Command::EndScene { .. } => "end_scene",
            Command::EndScenario {} => "end_scenario",
            Command::IntroduceProblem { .. } => "introduce_problem",
            Command::TakeOver { .. } => "take_over",
            Command::ProposeOutcome { .. } => "propose_outcome",
            Command::AddTrait { .. } => "add_trait",
            Command::AddModifier { .. } => "add_modifier",
            Command::SpendInfluence { .. } => "spend_influence",
            Command::MergeEntries { .. } => "merge_entries",
            Command::Resolve {} => "resolve",
            Command::Reward { .. } => "reward",
            Command::GiveInfluence { .. } => "give_influence",
            Command::PrepareGoals { .. } => "prepare_goals",
            Command::AddGoal { .. } => "add_goal",
            Command::FulfilGoal { .. } => "fulfil_goal",
        }
    }
}

impl CommandShape for Command {
    fn verb(&self) -> &'static str {
        Verb::from(self).into()
    }

    /// The character whose player starts the command, as `authority` names it (the proposer of a
    /// problem or an outcome, the one adding to a tally or spending influence, the giver of
    /// influence, the maker of goals), the character a trait change or a reward is for; none for
    /// the GM's own (`"GM"`), for the table's sessions, scenes and resolutions, and for a character
    /// enrolled.
    fn actor(&self) -> Option<&str> {
        let named = match self {
            Command::Enroll { .. }
            | Command::StartSession {}
            | Command::EndScene { .. }
            | Command::EndScenario {}
            | Command::Resolve {}
            | Command::FulfilGoal { .. } => None,
            Command::ProposeOutcome { by, .. } => by.as_deref(),
            Command::ChangeTrait { character, .. } => Some(character.as_str()),
            Command::IntroduceProblem { proposer, .. } => Some(proposer.as_str()),
            Command::GiveInfluence { from, .. } => Some(from.as_str()),
            Command::TakeOver { who }
            | Command::SpendInfluence { who, .. }
            | Command::Reward { who, .. } => Some(who.as_str()),
            Command::AddTrait { by, .. }
            | Command::AddModifier { by, .. }
            | Command::MergeEntries { by, .. }
            | Command::PrepareGoals { by, .. }
            | Command::AddGoal { by, .. } => Some(by.as_str()),
        };
        named.filter(|name| *name != crate::model::GM)
    }
}

#[cfg(test)]
mod tests {
    use super::{Command, Verb};
    use strum::IntoEnumIterator;

    #[test]
    fn each_verb_is_the_serialized_do_of_its_command() {
        skald_testkit::check_verbs::<Command>(Verb::iter().map(<&str>::from));
    }
}
