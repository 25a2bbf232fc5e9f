//! What a player or the GM can ask of a Twenty table: the data only. In scenarios, `do = "<name>"`
//! picks the command; `rules/` decides each one.

use super::sheet::Sheet;
use serde::{Deserialize, Serialize};
use skald_core::CommandShape;

/// One side's entry into a conflict: who, and what it wants to happen (T2 opening, T7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    /// The character's name, as at the table.
    pub who: String,
    /// The declared goal, 1 to [`MAX_GOAL_CHARS`](crate::limits::MAX_GOAL_CHARS) characters, not
    /// blank.
    pub goal: String,
    /// When the goal is a character's death: whose (T7: only such a conflict can kill).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub death_of: Option<String>,
}

/// What a major goal pays (T10): unchecked boxes, or one advancement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Reward {
    /// Uncheck up to [`MAJOR_GOAL_UNCHECK`](crate::limits::MAJOR_GOAL_UNCHECK) boxes: one per name
    /// listed (a name may repeat).
    Uncheck(Vec<String>),
    /// A new key whose prerequisites are met.
    NewKey(String),
    /// A new trait unlocked by a key (or open), with 1 box.
    NewTrait(String),
    /// One more box on each of three different traits.
    ThreeBoxes(Vec<String>),
    /// Replace a trait by an unlocked one with the same boxes.
    SwapTrait {
        /// The trait crossed out.
        old: String,
        /// The trait written in its place.
        new: String,
    },
}

/// Why an obligation ends (T11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObligationEnd {
    /// The service was done.
    Fulfilled,
    /// The granter changed their mind.
    Rescinded,
}

/// A command to the Twenty rules.
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
    /// Puts a character at the table; its sheet is checked by its kind (T1, T12).
    AddCharacter {
        /// The sheet.
        character: Sheet,
    },
    /// Adds a trait of the table's own to the list (T12: GM-made traits are allowed).
    DefineTrait {
        /// The trait's name.
        name: String,
        /// What it covers.
        description: String,
        /// Whether every character may take it regardless of keys.
        #[serde(default)]
        open: bool,
    },
    /// Opens a conflict between two or more characters, each with a goal; exchange 1 begins. Disabled
    /// participants lose at once, as if they surrendered (T7).
    StartConflict {
        /// The sides, [`MIN_PARTICIPANTS`](crate::limits::MIN_PARTICIPANTS) to
        /// [`MAX_PARTICIPANTS`](crate::limits::MAX_PARTICIPANTS), each a different living character.
        participants: Vec<Declaration>,
    },
    /// Opens a healing conflict against one of `patient`'s burdens (T8): the GM's side starts with the
    /// burden's box values as its pool.
    StartHealing {
        /// Who brings in dice: the patient or someone else at the table.
        healer: String,
        /// Whose burden.
        patient: String,
        /// The burden's name.
        burden: String,
        /// Whether the GM adds its highest die to the burden when the healer loses (T8: "may").
        #[serde(default = "yes")]
        worsen_on_loss: bool,
    },
    /// Brings a trait, stat, special item or obligation into the current exchange: 1d20 per unchecked
    /// box, then one box is checked (T2). Rolls: one d20 per unchecked box, then (healing) one d20 per
    /// burden box for the GM after the healer's first bring-in (T8).
    BringIn {
        /// The participant.
        who: String,
        /// The trait's, stat's, item's or obligation's name.
        #[serde(rename = "trait")]
        trait_name: String,
        /// In a healing conflict, the healer's picks of the burden boxes to remove should this
        /// bring-in end the conflict with the healer winning (T8: the healer picks which). Each
        /// entry is a box's value and names one box (`[19, 19]` names two boxes of 19). The dice
        /// are not rolled yet when this is sent, so only the first picks the dice earn are used;
        /// boxes the dice earn beyond the picks go highest first. Empty (the default): highest
        /// first.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        remove: Vec<u32>,
    },
    /// Adds one box of an opponent's burden to the pool as a die of that value, once per conflict, never
    /// in the conflict that made the burden; checks nothing (T6).
    UseBurden {
        /// The participant using it.
        who: String,
        /// The burden's owner, an opponent in this conflict.
        of: String,
        /// The burden's name.
        burden: String,
        /// The box's value.
        value: u32,
    },
    /// Stands on the dice already in the pool for this exchange; the participant may come back later (T2).
    Stand {
        /// The participant.
        who: String,
        /// In a healing conflict, the healer's picks of the burden boxes to remove (T8: the healer
        /// picks which): a healer's stand ends the conflict, so the dice are known and the picks may
        /// be at most the boxes they earn (one per healer die at or above the GM's highest). Each
        /// entry is a box's value and names one box; boxes earned beyond the picks go highest
        /// first. Empty (the default): highest first.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        remove: Vec<u32>,
    },
    /// Leaves the conflict: dice gone, goal lost, no more burdens (T4, "Surrender").
    Surrender {
        /// The participant.
        who: String,
    },
    /// Takes a burden of `boxes` boxes from one opponent, who discards that many highest dice, each
    /// strictly above the taker's highest die (T5). Rolls 1d20 for the burden's stat.
    TakeBurden {
        /// Who takes the burden.
        who: String,
        /// The opponent whose dice are discarded (and who names the burden).
        from: String,
        /// How many dice to discard: 1 or more.
        boxes: u32,
        /// The burden's name, as the opponent gives it (T5): the opponent's player answers with
        /// it (`authority::parts`), so the taker may leave it empty or propose one.
        #[serde(default)]
        name: String,
    },
    /// Mends a broken special item (T9).
    Repair {
        /// The owner.
        who: String,
        /// The item.
        item: String,
    },
    /// A minor goal achieved: one checked box unchecked (T10).
    MinorGoal {
        /// The character.
        who: String,
        /// Which goal, as text.
        goal: String,
        /// The trait, stat or item to uncheck a box of.
        uncheck: String,
    },
    /// A major goal achieved: up to [`MAJOR_GOAL_UNCHECK`](crate::limits::MAJOR_GOAL_UNCHECK) boxes
    /// unchecked, or an advancement (T10).
    MajorGoal {
        /// The character.
        who: String,
        /// Which goal, as text.
        goal: String,
        /// What it pays.
        reward: Reward,
    },
    /// The GM grants rest: one box unchecked per name listed (T10).
    Rest {
        /// The character.
        who: String,
        /// Traits, stats or items, one entry per box: 1 to
        /// [`MAX_UNCHECK`](crate::limits::MAX_UNCHECK).
        uncheck: Vec<String>,
    },
    /// Grants an obligation: `granter` colours `boxes` unchecked boxes of a transferable trait, and
    /// `grantee` gets a trait of that many boxes under Obligations (T11).
    GrantObligation {
        /// Who grants (and colours boxes).
        granter: String,
        /// The granter's trait that powers it.
        #[serde(rename = "trait")]
        trait_name: String,
        /// How many boxes: 1 or more, at most the trait's unchecked boxes.
        boxes: u32,
        /// Who owes the service and gets the trait.
        grantee: String,
        /// The trait as the grantee writes it ("Fame in Corsille").
        #[serde(rename = "as")]
        as_trait: String,
        /// The service promised.
        service: String,
    },
    /// Ends an obligation: the grantee's trait goes; the granter's coloured boxes become unchecked (T11).
    EndObligation {
        /// The grantee.
        grantee: String,
        /// The grantee's obligation trait.
        #[serde(rename = "trait")]
        trait_name: String,
        /// Fulfilled or rescinded.
        reason: ObligationEnd,
    },
}

fn yes() -> bool {
    true
}

impl CommandShape for Command {
    fn verb(&self) -> &'static str {
        Verb::from(self).into()
    }

    /// The participant acting in a conflict, the character resting, repairing or meeting a goal,
    /// the granter of an obligation and the grantee ending one, the patient of a healing (whose
    /// player launches it); none for the table's set-up (a character added, a trait defined, a
    /// conflict started).
    fn actor(&self) -> Option<&str> {
        match self {
            Command::AddCharacter { .. }
            | Command::DefineTrait { .. }
            | Command::StartConflict { .. } => None,
            Command::StartHealing { patient, .. } => Some(patient),
            Command::BringIn { who, .. }
            | Command::UseBurden { who, .. }
            | Command::Stand { who, .. }
            | Command::Surrender { who }
            | Command::TakeBurden { who, .. }
            | Command::Repair { who, .. }
            | Command::MinorGoal { who, .. }
            | Command::MajorGoal { who, .. }
            | Command::Rest { who, .. } => Some(who),
            Command::GrantObligation { granter, .. } => Some(granter),
            Command::EndObligation { grantee, .. } => Some(grantee),
        }
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
