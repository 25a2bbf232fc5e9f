//! [`Event`]: the facts a Loqi table records. Their log lines are in [`crate::describe`].

use crate::character::Character;
use crate::problem::{Entry, Scale, Side};
use crate::resolution::{Odds, Roll};
use serde::{Deserialize, Serialize};

/// Something that happened at the table. State is the fold of these (see [`crate::state`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A character joined the table (checked sheet).
    Enrolled {
        /// The sheet.
        character: Character,
    },
    /// A character paid influence (L5).
    InfluenceSpent {
        /// Who paid.
        who: String,
        /// How much, 1 or more.
        points: i64,
        /// What they hold afterwards, 0 or more.
        left: i64,
        /// What for.
        purpose: Purpose,
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
        responder: String,
    },
    /// An outcome was proposed; its tally starts with the impact `entry` (L2).
    OutcomeProposed {
        /// Which side.
        outcome: Side,
        /// Who thought it up.
        by: String,
        /// What happens.
        description: String,
        /// Net benefit to the PCs, -100 to 100.
        impact: i64,
        /// The impact entry: value -impact on the player's side, +impact on the GM's.
        entry: Entry,
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
    /// An outcome was selected and the problem closed (book: Resolving Problems, step 5).
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
    /// Moving an outcome's likelihood: one point per step.
    Likelihood,
}
