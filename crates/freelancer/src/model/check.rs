//! The result of a check as data (rulings F1-F3): two ratings [`Equalized`] (F2), the [`Band`] a
//! difference falls in, the [`Outcome`] of the roll and its [`Consequence`] (F3), and the chances
//! written before the roll ([`CheckOdds`]). The arithmetic that gives them is
//! [`crate::rules::task_check`].

use crate::model::number::Number;
use serde::{Deserialize, Serialize};

/// Two ratings brought to the same scale (ruling F2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Equalized {
    /// The rating after dividing by `divisor`, fraction dropped: 0 to 999.
    pub rating: u64,
    /// The difficulty after dividing by `divisor`, fraction dropped: 0 to 999.
    pub difficulty: u64,
    /// 10^(digits of the larger - 3) when the larger has more than 3 digits, else 1.
    pub divisor: Number,
    /// The digits of the larger number before equalizing.
    pub digits: u32,
}

/// Where a task check's difference (difficulty - rating, equalized) falls (ruling F3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    /// 0 or less: success without a roll (a roll would add nothing, not even a Crit's bonus).
    Automatic,
    /// 1-5: rolled; only a Botch fails, and a Crit gives no bonus.
    BotchOnly,
    /// 6-95: rolled; success iff d100 <= 100 - difference; a Crit always succeeds, a Botch always fails.
    Normal,
    /// 96-100: rolled; only a Crit succeeds; a failure has minor consequences, a Botch worse.
    CritOnly,
    /// 101-150: rolled if the player chooses; only a Crit succeeds and every failure is a Botch.
    Miracle,
    /// 151 or more: fails with no roll, and counts as a Botch (RULINGS F3: any roll would be one, so
    /// none is made).
    Hopeless,
}

impl Band {
    /// Whether the d100 is rolled in this band (F3): never for [`Band::Automatic`] (a success) nor
    /// [`Band::Hopeless`] (a Botch), always otherwise.
    pub fn rolls(self) -> bool {
        match self {
            Band::Automatic | Band::Hopeless => false,
            Band::BotchOnly | Band::Normal | Band::CritOnly | Band::Miracle => true,
        }
    }

    /// The band's name as JSON writes it: `"crit_only"`.
    pub fn name(self) -> &'static str {
        match self {
            Band::Automatic => "automatic",
            Band::BotchOnly => "botch_only",
            Band::Normal => "normal",
            Band::CritOnly => "crit_only",
            Band::Miracle => "miracle",
            Band::Hopeless => "hopeless",
        }
    }

    /// The band's differences and rule in a few words, for the log.
    pub fn rule(self) -> &'static str {
        match self {
            Band::Automatic => "0 or less: success without a roll",
            Band::BotchOnly => "1-5: only a Botch fails",
            Band::Normal => {
                "6-95: d100 at most 100 - difference succeeds; Crit succeeds, Botch fails"
            }
            Band::CritOnly => "96-100: only a Crit succeeds; failure minor, Botch worse",
            Band::Miracle => "101-150: only a Crit succeeds; every failure is a Botch",
            Band::Hopeless => "151 or more: fails and counts as a Botch",
        }
    }
}

/// How a task check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Succeeded (without a roll, or with a roll that gives no bonus).
    Success,
    /// Succeeded on a Crit (1-5), which may bring bonus results.
    Crit,
    /// Failed (in band 96-100: minor consequences).
    Failure,
    /// Failed on a Botch, or any failure in band 101-150, or any check in band 151+ (no roll, F3).
    Botch,
}

impl Outcome {
    /// Whether the task succeeded: [`Outcome::Success`] or [`Outcome::Crit`].
    pub fn succeeded(self) -> bool {
        matches!(self, Outcome::Success | Outcome::Crit)
    }

    /// The outcome as the log and the command line tell it: `"success"`, `"Crit, success"`,
    /// `"failure"` or `"Botch, failure"`; a failure with [`Consequence::Minor`] (band 96-100,
    /// F3) reads `"failure, minor consequences"`. (`name` is the JSON's word.)
    pub fn words(self, consequence: Consequence) -> &'static str {
        match self {
            Outcome::Success => "success",
            Outcome::Crit => "Crit, success",
            Outcome::Failure if consequence == Consequence::Minor => "failure, minor consequences",
            Outcome::Failure => "failure",
            Outcome::Botch => "Botch, failure",
        }
    }

    /// `"success"`, `"crit"`, `"failure"` or `"botch"`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Success => "success",
            Outcome::Crit => "crit",
            Outcome::Failure => "failure",
            Outcome::Botch => "botch",
        }
    }
}

/// How much a check's result costs the character (ruling F3): nothing on a success, a plain failure,
/// a failure with minor consequences (band 96-100) or a Botch, which weighs more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Consequence {
    /// Succeeded: no consequence.
    None,
    /// Failed; the book names no level of consequence (band 6-95).
    Failure,
    /// Failed in band 96-100 without a Botch: minor consequences.
    Minor,
    /// A Botch: worse consequences (any failure in 101-150, every check in 151+, F3).
    Botch,
}

impl Consequence {
    /// `"none"`, `"failure"`, `"minor"` or `"botch"`.
    pub fn name(self) -> &'static str {
        match self {
            Consequence::None => "none",
            Consequence::Failure => "failure",
            Consequence::Minor => "minor",
            Consequence::Botch => "botch",
        }
    }
}

/// The chances of one check, written as `p/q` strings in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckOdds {
    /// P(success), Crits included.
    pub p_success: String,
    /// P(Botch).
    pub p_botch: String,
}
