//! The facts a Chi table records. State is the fold of these; every die rolled is in one of them.
//! A secret allocation appears only as its commitment until it is revealed (ruling C4).

use crate::model::command::{Cause, SecretAction, SecretOpposed, WordChange};
use crate::model::options::TieRule;
use crate::model::sheet::Sheet;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Something that happened at a Chi table, serialized with its kind under `event`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A character sat down at the table.
    Enrolled {
        /// The sheet, already checked.
        character: Sheet,
    },
    /// An action was rolled against a Difficulty (rulings C1-C3).
    ActionRolled(ActionRoll),
    /// An opposed action was rolled between two characters (ruling C3).
    OpposedRolled(OpposedRoll),
    /// A new round began: every character's spent dice went back to 0 (ruling C1).
    RoundStarted {
        /// The new round's number (the table starts in round 1; rounds count on across sessions).
        round: u32,
    },
    /// The GM opened a secret roll (ruling C4): everything but the allocations.
    SecretOpened {
        /// The round it belongs to.
        round: u32,
        /// Actions against a Difficulty, in rolling order.
        actions: Vec<SecretAction>,
        /// Opposed actions, rolled after the actions, in order.
        opposed: Vec<SecretOpposed>,
        /// The off-concept cap ceil(current / 3) of each character whose side does not fit its
        /// concept (ruling C2), by name.
        caps: BTreeMap<String, u32>,
    },
    /// A character committed its secret allocation: only the hash is recorded (C4).
    SecretCommitted {
        /// The character.
        who: String,
        /// Lower-case hex SHA-256 of the allocation and the salt ([`crate::rules::secret::commitment`]).
        commitment: String,
    },
    /// A character revealed its allocation and salt, which matched its commitment (C4).
    SecretRevealed {
        /// The character.
        who: String,
        /// d6 it puts in.
        spend: u32,
        /// The salt it kept until now.
        salt: String,
    },
    /// Every allocation of the secret roll was rolled (the rolls are the events just before); the
    /// secret roll is over.
    SecretClosed {
        /// The round it belonged to.
        round: u32,
    },
    /// The GM called the secret roll off: no die was spent (C4).
    SecretCancelled {
        /// The round it belonged to.
        round: u32,
    },
    /// A character lost potential (ruling C5).
    Lost(Loss),
    /// A character got back temporarily lost dice (ruling C5).
    Recovered {
        /// The character.
        who: String,
        /// Dice recovered.
        amount: u32,
        /// Only losses of this cause were recovered from (`None`: any, oldest first).
        cause: Option<Cause>,
        /// The maximum pool afterwards.
        pool: u32,
        /// The current pool afterwards.
        current: u32,
    },
    /// The GM awarded a new die (ruling C5).
    DieAwarded {
        /// The character.
        who: String,
        /// The character was below its maximum, so the die waits for the lost dice to come back.
        waiting: bool,
    },
    /// A new die joined the pool: maximum and current both rose by 1 (ruling C5).
    DieAdded {
        /// The character.
        who: String,
        /// The die had waited for the character to recover (else it was added when awarded).
        waited: bool,
        /// The maximum pool afterwards.
        pool: u32,
        /// The current pool afterwards.
        current: u32,
    },
    /// A new descriptive word, earned by a pool increase (ruling C5).
    WordAdded {
        /// The character.
        who: String,
        /// The word.
        word: String,
        /// The character line afterwards (C6).
        line: String,
    },
    /// A descriptive word or the occupation changed (ruling C5).
    ConceptChanged {
        /// The character.
        who: String,
        /// The word replaced, if any.
        replace: Option<WordChange>,
        /// The new occupation, if it changed.
        occupation: Option<String>,
        /// The character line afterwards (C6).
        line: String,
    },
    /// The session ended; the table is between sessions.
    SessionEnded {
        /// The session that ended (the table starts in session 1).
        session: u32,
    },
    /// The next session began.
    SessionStarted {
        /// The new session's number.
        session: u32,
    },
}

/// Whether an action or opposed action went the roller's way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player's total beat the GM's (or the actor's beat the defender's).
    Success,
    /// It did not: a lower total, or a tie under option `tie = "fail"` or in an opposed action.
    Failure,
}

/// One roll of an action: the player's dice and total against the GM's Difficulty dice and total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    /// The player's d6, in the order rolled.
    pub player: Vec<i64>,
    /// Sum of `player` plus the modifier.
    pub total: i64,
    /// The GM's Difficulty d6, in the order rolled (after the player's).
    pub gm: Vec<i64>,
    /// Sum of `gm`.
    pub gm_total: i64,
}

/// An action against a Difficulty, with every die rolled (ruling C3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRoll {
    /// The round it happened in.
    pub round: u32,
    /// The acting character.
    pub who: String,
    /// Dice put in, 1 to what was left.
    pub spent: u32,
    /// The GM's call on the concept (ruling C2).
    pub fits_concept: bool,
    /// For an off-concept action, the cap ceil(current / 3) that applied (ruling C2); else `None`.
    pub cap: Option<u32>,
    /// Added to the player's sum.
    pub modifier: i32,
    /// The modifier is beyond +/-5 (ruling C3).
    pub flagged: bool,
    /// The GM's Difficulty, in d6.
    pub difficulty: u32,
    /// The tie rule in force (option `tie`).
    pub tie_rule: TieRule,
    /// Every roll, first to last: more than one only when ties were rerolled.
    pub rolls: Vec<Attempt>,
    /// The player's total on the deciding roll.
    pub total: i64,
    /// The GM's total on the deciding roll.
    pub gm_total: i64,
    /// The deciding roll ended in a tie (so the action failed, option `tie = "fail"`).
    pub tie: bool,
    /// Success or failure.
    pub outcome: Outcome,
    /// Dice the character has left this round after this action.
    pub left: u32,
    /// The character's current pool.
    pub current: u32,
    /// A reaction rather than an action of the character's own (C1).
    #[serde(default)]
    pub reaction: bool,
    /// Rolled in a secret roll, its allocation committed unseen (C4).
    #[serde(default)]
    pub secret: bool,
}

/// One side of an opposed action, with its dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideRoll {
    /// The character.
    pub who: String,
    /// Dice put in.
    pub spent: u32,
    /// The GM's call on the concept (ruling C2).
    pub fits_concept: bool,
    /// For an off-concept side, the cap ceil(current / 3) (ruling C2); else `None`.
    pub cap: Option<u32>,
    /// Added to the sum.
    pub modifier: i32,
    /// The modifier is beyond +/-5 (ruling C3).
    pub flagged: bool,
    /// The d6 rolled, in order.
    pub rolled: Vec<i64>,
    /// Sum of `rolled` plus the modifier.
    pub total: i64,
    /// Dice left this round after this roll.
    pub left: u32,
    /// The character's current pool.
    pub current: u32,
}

/// An opposed action between two characters (ruling C3): the greater total wins, a tie goes to the
/// defender.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpposedRoll {
    /// The round it happened in.
    pub round: u32,
    /// The acting side (rolled first).
    pub actor: SideRoll,
    /// The reacting side (rolled second).
    pub defender: SideRoll,
    /// The totals tied, so the defender won.
    pub tie: bool,
    /// The actor's outcome: success when its total beat the defender's.
    pub outcome: Outcome,
    /// The winner's name.
    pub winner: String,
    /// Rolled in a secret roll, both allocations committed unseen (C4).
    #[serde(default)]
    pub secret: bool,
}

/// A loss of potential (ruling C5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loss {
    /// The character.
    pub who: String,
    /// Dice lost, at least 1.
    pub amount: u32,
    /// What took them.
    pub cause: Cause,
    /// Gone for good: the maximum fell too.
    pub permanent: bool,
    /// What happened, if said.
    pub detail: Option<String>,
    /// The maximum pool afterwards.
    pub pool: u32,
    /// The current pool afterwards; 0 is out of play.
    pub current: u32,
}
