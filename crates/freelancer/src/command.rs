//! The commands a Freelancer table takes, as written in a scenario step (`do = "..."` plus fields).
//!
//! | `do`         | fields                                                                     | rulings |
//! |--------------|----------------------------------------------------------------------------|---------|
//! | `enroll`     | `character` (a [`Character`] table)                                        | F8      |
//! | `task_check` | `who`, `rating` (`"CHM"` or a number), `difficulty`, `against`, `roll_anyway` | F1-F3 |
//! | `team_lift`  | `who` (2-12 names), `difficulty`, `roller`, `against`, `roll_anyway`       | F1-F3   |

use crate::character::{Character, Rating};
use serde::{Deserialize, Deserializer, Serialize, Serializer, de};

/// A player's or the GM's command at a Freelancer table. Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// `do = "enroll"`: puts a character at the table (scenarios enroll their `[[characters]]` this way).
    ///
    /// Errors: a blank or long name, a rating above 10^15, a name already at the table.
    Enroll {
        /// The character sheet.
        character: Character,
    },
    /// `do = "task_check"`: a character's rating against a difficulty (the Chance of Success),
    /// equalized (F2), banded by their difference and, where the band calls for it, decided by one
    /// d100 (F1, F3). The only die is that d100, rolled at most once.
    ///
    /// Errors: `who` unknown; `rating` naming a rating not on the sheet, or a number above 10^15;
    /// `difficulty` above 10^15; `against` blank or over 64 characters.
    TaskCheck {
        /// The character making the check.
        who: String,
        /// The rating used: an attribute or stat on `who`'s sheet (`"CHM"`), or a number 0 to 10^15
        /// (a Talent level, or a value the GM gives).
        rating: RatingSource,
        /// What the rating is checked against (the task's rating, or the opposing NPC's), 0 to 10^15.
        difficulty: u64,
        /// What the difficulty is, for the log: `"the guard's WIL"`. Optional.
        #[serde(default)]
        against: Option<String>,
        /// In band 151+ (hopeless), roll the d100 anyway: any roll is then a Botch (F3). Default
        /// false: no roll, plain failure. Ignored in other bands.
        #[serde(default)]
        roll_anyway: bool,
    },
    /// `do = "team_lift"`: several characters lift one load together. Their LFT adds up before
    /// equalizing (freelancer.txt, Stats, Lifting Power: "LFT is cumulative"; Task Checks, the boulder
    /// example: 42 + 71 + 87 = 200, equalized to 20 against 120), and one of them rolls the single
    /// d100 (the example: the member with the best luck). List only members who can grip the load.
    ///
    /// Errors: fewer than 2 or more than 12 names, a name twice, a name unknown or without LFT; a
    /// `roller` not in the team; `difficulty` above 10^15; `against` blank or over 64 characters.
    TeamLift {
        /// The lifters, 2 to 12 names, each with LFT on its sheet.
        who: Vec<String>,
        /// The load's rating against LFT (the boulder: 1200), 0 to 10^15.
        difficulty: u64,
        /// Who rolls the d100. Default: the member with the highest LCK (the first listed among
        /// equals; a sheet without LCK counts as 0).
        #[serde(default)]
        roller: Option<String>,
        /// What is being lifted, for the log: `"the boulder"`. Optional.
        #[serde(default)]
        against: Option<String>,
        /// In band 151+ (hopeless), roll anyway: any roll is a Botch (F3). Default false.
        #[serde(default)]
        roll_anyway: bool,
    },
}

/// Where a task check's rating comes from: written `rating = "CHM"` (the sheet) or `rating = 27`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatingSource {
    /// An attribute or stat read from the character's sheet.
    Sheet(Rating),
    /// A number given directly, 0 to 10^15 (checked when the command is decided).
    Value(u64),
}

impl Serialize for RatingSource {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RatingSource::Sheet(rating) => serializer.serialize_str(rating.abbreviation()),
            RatingSource::Value(value) => serializer.serialize_u64(*value),
        }
    }
}

impl<'de> Deserialize<'de> for RatingSource {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(RatingVisitor)
    }
}

struct RatingVisitor;

const EXPECTED: &str = "an attribute or stat abbreviation (MIT VIG ALC INT MRL LCK HP TP SP LFT STR PHD \
                        MD JMP SPD DOG ATN DIS RES WIL CHM FTH) or a whole number 0 to 10^15";

impl de::Visitor<'_> for RatingVisitor {
    type Value = RatingSource;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(EXPECTED)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<RatingSource, E> {
        Ok(RatingSource::Value(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<RatingSource, E> {
        u64::try_from(value)
            .map(RatingSource::Value)
            .map_err(|_| E::custom(format!("`rating` is {value}, but it must be {EXPECTED}")))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<RatingSource, E> {
        Rating::from_abbreviation(text)
            .map(RatingSource::Sheet)
            .ok_or_else(|| E::custom(format!("`rating` is {text:?}, but it must be {EXPECTED}")))
    }
}
