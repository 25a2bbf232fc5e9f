//! [`Event`]: the facts a Loqi table records. Their log lines are in [`crate::describe`].

use crate::model::{
    Entry, Goal, Lasts, Odds, Outcome, Payment, Roll, Scale, Sheet, Side, Status, TraitChange,
};
use serde::{Deserialize, Serialize};

/// Something that happened at the table. State is the fold of these (see [`crate::rules::apply()`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A character joined the table (checked sheet).
    Enrolled {
        /// The sheet.
        character: Sheet,
    },
    /// A character, or the GM under the GM-influence option, paid influence (L5).
    InfluenceSpent {
        /// Who paid: a character or `"GM"`.
        who: String,
        /// How much, 1 or more.
        points: i64,
        /// What they hold afterwards, 0 or more.
        left: i64,
        /// What for.
        purpose: Purpose,
    },
    /// The GM rewarded a player with influence (L5).
    InfluenceRewarded {
        /// Who got it.
        who: String,
        /// How much, 1-50.
        points: i64,
        /// What they hold afterwards.
        now: i64,
        /// Why.
        reason: String,
        /// Whether it is above the usual 1-5 (L5: allowed, flagged).
        flagged: bool,
    },
    /// A player gave influence to another, who gained double (L5, influence swapping).
    InfluenceGiven {
        /// Who gave.
        from: String,
        /// Who received.
        to: String,
        /// Points given, 1-5.
        points: i64,
        /// Points received: twice `points`.
        received: i64,
        /// What the giver holds afterwards.
        from_left: i64,
        /// What the recipient holds afterwards.
        to_now: i64,
        /// Why.
        reason: String,
    },
    /// A session began; under the GM-influence option the GM's pile is reset (L5: no carry-over).
    SessionStarted {
        /// The session's number, from 1 (the table starts in session 1).
        number: u64,
        /// The GM's influence now, under the option.
        gm_influence: Option<i64>,
    },
    /// A scene ended (L8: strength recovers, scene-long changes end).
    SceneEnded {
        /// The scenario it belonged to.
        scenario: u64,
        /// Its number within the scenario, from 1.
        scene: u64,
        /// Strength each weakened character regains (L8), when the table plays strength.
        recovery: Option<i64>,
    },
    /// A scenario ended, and its last scene with it (L8: all strength recovers; scene- and
    /// scenario-long changes end).
    ScenarioEnded {
        /// Its number, from 1.
        scenario: u64,
        /// How many scenes it had.
        scenes: u64,
        /// Whether the table plays strength, so everyone not dead regains all of it (L8).
        strength: bool,
    },
    /// A character's strength changed (L8).
    StrengthChanged {
        /// Whose.
        character: String,
        /// Points gained (positive) or lost (negative), never 0.
        change: i64,
        /// Current strength before.
        from: i64,
        /// Current strength after.
        to: i64,
        /// In, out or dead afterwards (L8).
        status: Status,
        /// Why.
        cause: StrengthCause,
    },
    /// A trait was changed, by an outcome or freely (book: Benefit and Harm; Changing A Character).
    TraitChanged {
        /// Whose.
        character: String,
        /// The trait's name.
        #[serde(rename = "trait")]
        trait_name: String,
        /// Rating points added or taken away, never 0.
        rating_change: i64,
        /// Whether the trait is harmful.
        harmful: bool,
        /// How long the change lasts.
        lasts: Lasts,
        /// The rating before (0: the character lacked it).
        from: i64,
        /// The rating after (0: the character no longer has it).
        to: i64,
        /// What made it.
        cause: ChangeCause,
    },
    /// A temporary trait change ended with its scene or scenario.
    ChangeExpired {
        /// Whose.
        character: String,
        /// The change that ended.
        change: TraitChange,
        /// The trait's rating before it ended.
        from: i64,
        /// The rating after.
        to: i64,
    },
    /// Goals were made in preparation for play (L6).
    GoalsPrepared {
        /// Who made them: a character or `"GM"`.
        by: String,
        /// The goals, numbered.
        goals: Vec<Goal>,
    },
    /// A goal was added at a session's start or from the setting (L6).
    GoalAdded {
        /// The goal, numbered.
        goal: Goal,
    },
    /// A goal was fulfilled; everyone who fulfilled it got its full rating (L6).
    GoalFulfilled {
        /// The goal as it stood.
        goal: Goal,
        /// Each fulfiller with the influence they hold afterwards.
        paid: Vec<Payment>,
    },
    /// A problem was introduced (book: Problems, step 1).
    ProblemIntroduced {
        /// Its number at this table, from 1.
        number: u64,
        /// Its scale.
        scale: Scale,
        /// The situation.
        description: String,
        /// Who introduced it: `"GM"` or a character.
        proposer: String,
        /// Who was asked "what happens?".
        responders: Vec<String>,
    },
    /// The player who introduced a problem took over the GM's part in it (L5).
    ProblemTakenOver {
        /// The problem's number.
        number: u64,
        /// The player.
        by: String,
    },
    /// An outcome was proposed; its tally starts with the impact entry (L2) and any strength
    /// penalties of weakened actors (L8).
    OutcomeProposed {
        /// Which side.
        side: Side,
        /// The outcome, with its opening tally.
        outcome: Outcome,
    },
    /// An entry was added to an outcome's tally (L1).
    EntryAdded {
        /// Which outcome.
        outcome: Side,
        /// The entry.
        entry: Entry,
        /// The outcome's likelihood after it.
        likelihood: i64,
    },
    /// Overlapping entries were replaced by one judged entry that keeps them as its sources (book:
    /// Judging Likelihood Modifiers).
    EntriesMerged {
        /// Which outcome.
        outcome: Side,
        /// The merged entry; `merged` holds the entries it replaces.
        entry: Entry,
        /// The outcome's likelihood after it.
        likelihood: i64,
    },
    /// The two likelihoods were compared (L3), said before any die is rolled.
    OddsFound {
        /// Likelihoods, advantage, odds and the more likely side.
        odds: Odds,
        /// Whether the favoured outcome is certain, so no die is rolled (L3).
        certain: bool,
        /// Whether the table plays unlikely outcomes (L4).
        unlikely_outcomes: bool,
    },
    /// A d12 was rolled for the resolution.
    DieRolled {
        /// The face, the advantage and odds it was read against, and what it decided.
        roll: Roll,
        /// The side it selected; `None` when L4 calls for another roll.
        selects: Option<Side>,
    },
    /// An outcome was selected and the problem closed (book: Resolving Problems, step 5). Its
    /// consequences follow as their own events.
    ProblemResolved {
        /// The problem's number.
        number: u64,
        /// The selected outcome's side.
        winner: Side,
        /// Who proposed it, and may now elaborate on it.
        by: String,
        /// What happens.
        description: String,
    },
}

/// What influence was paid for (L5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// Introducing a problem: 2 points.
    IntroduceProblem,
    /// Taking over the GM's part in one's own problem: 2 more points.
    TakeOver,
    /// Moving an outcome's likelihood: one point per step.
    Likelihood,
}

/// Why a character's strength changed (L8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StrengthCause {
    /// A weakening in the outcome of this problem.
    Weakening(u64),
    /// Strength regained in the outcome of this problem.
    Regain(u64),
    /// The scene's end.
    SceneEnd,
    /// The scenario's end.
    ScenarioEnd,
}

/// What made a trait change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeCause {
    /// The selected outcome of this problem.
    Problem(u64),
    /// A free change the GM approved, with its reason (book: Changing A Character).
    Free(String),
}
