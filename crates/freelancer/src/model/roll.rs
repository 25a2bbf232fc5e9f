//! A roll of the other dice (ruling F1): besides the d100 of checks, a Freelancer table rolls d4, d6,
//! d8, d10, d12 and d20 (the book's Dice: "often added in as raw values"), and on each die the
//! highest face is a Crit and the lowest a Botch. The data of such a roll: each die's face and
//! [`Mark`], and the chances written before the roll ([`DiceOdds`]). Deciding it is
//! [`crate::rules::rolls`].

use serde::{Deserialize, Serialize};

/// What a die's face means (ruling F1, the other dice): its highest face is a Crit, its lowest (1)
/// a Botch; any other face has no mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// The die's highest face (a 6 on a d6): a spark of good luck (F1).
    Crit,
    /// The die's lowest face, 1: a spark of bad luck (F1).
    Botch,
}

impl Mark {
    /// `"Crit"` or `"Botch"`, as the book and F1 name them.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Crit => "Crit",
            Mark::Botch => "Botch",
        }
    }
}

/// One die of a roll: its face and its mark, if any (F1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledDie {
    /// The face, 1 to the die's sides.
    pub face: u32,
    /// A Crit (the highest face) or a Botch (1); absent for any other face.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Mark>,
}

/// The chances of a roll's marks before it is rolled, as `p/q` strings (F1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceOdds {
    /// P(one die shows a Crit): 1 over its sides.
    pub p_crit: String,
    /// P(one die shows a Botch): 1 over its sides.
    pub p_botch: String,
    /// P(at least one of the dice shows a Crit).
    pub p_any_crit: String,
    /// P(at least one of the dice shows a Botch).
    pub p_any_botch: String,
}

/// A roll of `count` dice of one kind, with their marks (F1): the event `dice_rolled`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceRoll {
    /// The character rolling, when the roll names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub who: Option<String>,
    /// The die's sides: one of [`DICE_SIDES`](crate::limits::DICE_SIDES).
    pub die: u32,
    /// What the roll is for, as the command said it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    /// The chances of the marks before the roll.
    pub odds: DiceOdds,
    /// Each die in the order rolled, with its mark.
    pub dice: Vec<RolledDie>,
    /// The faces added up (the book adds such dice in as raw values).
    pub total: u32,
    /// How many dice show a Crit.
    pub crits: u32,
    /// How many dice show a Botch.
    pub botches: u32,
}
