//! A Freelancer character sheet as far as the task check needs it: a name and the ratings of its
//! attributes and stats (ruling F8), each a whole number 0 to 10^15.

use crate::error::FreelancerError;
use crate::limits::MAX_RATING;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One character sheet, written in a scenario as
///
/// ```toml
/// [[characters]]
/// name = "You"
/// ratings = { LFT = 42, CHM = 27, LCK = 15 }   # any of the attributes and stats, each 0 to 10^15
/// ```
///
/// The book's stat formulas are missing (ruling F8), so the GM enters each rating. Later issues add
/// level, XP, AP and vocation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Character {
    /// The character's name, 1 to 64 characters. Unique at the table.
    pub name: String,
    /// Ratings by abbreviation; a missing one cannot be used in a check.
    #[serde(default)]
    pub ratings: BTreeMap<Rating, u64>,
}

impl Character {
    /// Checks the name and every rating.
    ///
    /// # Errors
    /// [`FreelancerError::TextLength`] for a blank or long name; [`FreelancerError::OutOfRange`] for a
    /// rating above 10^15 (field `ratings.LFT` and so on).
    pub fn validate(&self) -> Result<(), FreelancerError> {
        FreelancerError::check_text("name", &self.name)?;
        for (rating, value) in &self.ratings {
            FreelancerError::check_range(
                rating.field(),
                *value,
                0,
                MAX_RATING,
                "a rating on the sheet",
            )?;
        }
        Ok(())
    }
}

/// An attribute (MIT VIG ALC INT MRL LCK) or a stat (HP ... FTH), ruling F8. Written as the book's
/// abbreviation: `"LFT"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Rating {
    /// Might (attribute): outward strength.
    Mit,
    /// Vigor (attribute): outward resolve.
    Vig,
    /// Alacrity (attribute): swiftness.
    Alc,
    /// Intuition (attribute): problem solving.
    Int,
    /// Morale (attribute): internal condition.
    Mrl,
    /// Luck (attribute): how fate meddles; the best LCK rolls a team lift.
    Lck,
    /// Health Points (stat).
    Hp,
    /// Technique Points (stat).
    Tp,
    /// Spirit Points (stat).
    Sp,
    /// Lifting Power (stat): cumulative across a team that can grip the load.
    Lft,
    /// Striking Power (stat).
    Str,
    /// Physical Defense (stat).
    Phd,
    /// Magical Defense (stat).
    Md,
    /// Jumping Height (stat).
    Jmp,
    /// Running Speed (stat).
    Spd,
    /// Dodge Reflex (stat).
    Dog,
    /// Attention (stat).
    Atn,
    /// Discovery (stat).
    Dis,
    /// Status Resistance (stat).
    Res,
    /// Willpower (stat).
    Wil,
    /// Charisma (stat).
    Chm,
    /// Faith (stat).
    Fth,
}

impl Rating {
    /// Every rating, attributes first, in the book's order.
    pub const ALL: [Rating; 22] = [
        Rating::Mit,
        Rating::Vig,
        Rating::Alc,
        Rating::Int,
        Rating::Mrl,
        Rating::Lck,
        Rating::Hp,
        Rating::Tp,
        Rating::Sp,
        Rating::Lft,
        Rating::Str,
        Rating::Phd,
        Rating::Md,
        Rating::Jmp,
        Rating::Spd,
        Rating::Dog,
        Rating::Atn,
        Rating::Dis,
        Rating::Res,
        Rating::Wil,
        Rating::Chm,
        Rating::Fth,
    ];

    /// The book's abbreviation: `"LFT"`.
    pub fn abbreviation(self) -> &'static str {
        match self {
            Rating::Mit => "MIT",
            Rating::Vig => "VIG",
            Rating::Alc => "ALC",
            Rating::Int => "INT",
            Rating::Mrl => "MRL",
            Rating::Lck => "LCK",
            Rating::Hp => "HP",
            Rating::Tp => "TP",
            Rating::Sp => "SP",
            Rating::Lft => "LFT",
            Rating::Str => "STR",
            Rating::Phd => "PHD",
            Rating::Md => "MD",
            Rating::Jmp => "JMP",
            Rating::Spd => "SPD",
            Rating::Dog => "DOG",
            Rating::Atn => "ATN",
            Rating::Dis => "DIS",
            Rating::Res => "RES",
            Rating::Wil => "WIL",
            Rating::Chm => "CHM",
            Rating::Fth => "FTH",
        }
    }

    /// The sheet field for error messages: `"ratings.LFT"`.
    pub fn field(self) -> &'static str {
        match self {
            Rating::Mit => "ratings.MIT",
            Rating::Vig => "ratings.VIG",
            Rating::Alc => "ratings.ALC",
            Rating::Int => "ratings.INT",
            Rating::Mrl => "ratings.MRL",
            Rating::Lck => "ratings.LCK",
            Rating::Hp => "ratings.HP",
            Rating::Tp => "ratings.TP",
            Rating::Sp => "ratings.SP",
            Rating::Lft => "ratings.LFT",
            Rating::Str => "ratings.STR",
            Rating::Phd => "ratings.PHD",
            Rating::Md => "ratings.MD",
            Rating::Jmp => "ratings.JMP",
            Rating::Spd => "ratings.SPD",
            Rating::Dog => "ratings.DOG",
            Rating::Atn => "ratings.ATN",
            Rating::Dis => "ratings.DIS",
            Rating::Res => "ratings.RES",
            Rating::Wil => "ratings.WIL",
            Rating::Chm => "ratings.CHM",
            Rating::Fth => "ratings.FTH",
        }
    }

    /// Whether this is one of the six attributes (MIT VIG ALC INT MRL LCK) rather than a stat.
    pub fn is_attribute(self) -> bool {
        matches!(
            self,
            Rating::Mit | Rating::Vig | Rating::Alc | Rating::Int | Rating::Mrl | Rating::Lck
        )
    }

    /// Reads an abbreviation, case-insensitively: `"lft"` -> [`Rating::Lft`]; `None` if unknown.
    pub fn from_abbreviation(text: &str) -> Option<Rating> {
        Rating::ALL
            .into_iter()
            .find(|r| r.abbreviation().eq_ignore_ascii_case(text))
    }
}

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.abbreviation())
    }
}
