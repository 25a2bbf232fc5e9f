//! [`Error`]: why Freelancer refused a command. Every message names the field, the value
//! given and what is allowed, and a rule refusal names its ruling (F1-F8).

use crate::limits::MIN_TEXT;
use skald_core::{Refusal, RefusalKind};
use skald_dice::SourceError;
use skald_dice::odds::OddsError;

/// Why a Freelancer command was refused. The table is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A number outside its allowed range (a negative rating, a difficulty above 10^30...).
    #[error(
        "`{field}` is {value}, but it must be {} ({why})",
        skald_core::bounds(min, max)
    )]
    OutOfRange {
        /// The command or sheet field, as written in a scenario.
        field: String,
        /// The value given, as written.
        value: String,
        /// The smallest allowed value.
        min: String,
        /// The largest allowed value.
        max: String,
        /// What the number is, with its ruling.
        why: &'static str,
    },
    /// A value outside a short list of allowed ones (a die of 7 sides, F1).
    #[error("`{field}` is {value}, but it must be {allowed} ({why})")]
    NotOneOf {
        /// The command field, as written in a scenario.
        field: String,
        /// The value given, as written (text quoted).
        value: String,
        /// The allowed values, as people write them: "4, 6, 8, 10, 12 or 20".
        allowed: &'static str,
        /// What the value is, with its ruling.
        why: &'static str,
    },
    /// Text where a whole number belongs (`"lots"`, `"4.5"`).
    #[error(
        "`{field}` is {value:?}, but it must be a whole number {} ({why})",
        skald_core::bounds(min, max)
    )]
    NotANumber {
        /// The field.
        field: String,
        /// The text given.
        value: String,
        /// The smallest allowed value.
        min: String,
        /// The largest allowed value.
        max: String,
        /// What the number is, with its ruling.
        why: &'static str,
    },
    /// A name, label or reason that is blank or too long.
    #[error("`{field}` is {value:?}, but it must be {min} to {max} characters and not blank")]
    TextLength {
        /// The field: `name`, `against`, `reason`...
        field: String,
        /// The text given.
        value: String,
        /// Its length in characters.
        chars: usize,
        /// The shortest allowed: [`MIN_TEXT`] (and not blank).
        min: usize,
        /// The longest allowed: [`crate::MAX_TEXT`], [`crate::MAX_REASON`] ...
        max: usize,
    },
    /// A character name that is not at the table.
    #[error(
        "`{field}` is {name:?}, but no character of that name is at the table (at the table: {known})"
    )]
    UnknownCharacter {
        /// The field that named the character.
        field: String,
        /// The name given.
        name: String,
        /// The names at the table, comma-separated, or "nobody".
        known: String,
    },
    /// Enrolling a second character under a name already at the table.
    #[error("`name` is {name:?}, but a character of that name is already at the table")]
    AlreadyEnrolled {
        /// The name given.
        name: String,
    },
    /// A check named a rating the character's sheet does not have (nor a formula gives).
    #[error("`{field}` is {value}, but {name}'s sheet has no {rating} (it has: {has})")]
    MissingRating {
        /// The field: `rating`, `who` (a team member without LFT)...
        field: String,
        /// The field's value, quoted: the rating (`"WIL"`) or the character (`"Guard"`).
        value: String,
        /// The character.
        name: String,
        /// The rating asked for, as the book abbreviates it: `"WIL"`.
        rating: &'static str,
        /// The ratings on the sheet, or "none".
        has: String,
    },
    /// A task check with no difficulty to check against (F3).
    #[error(
        "the task check has no difficulty: fill in the difficulty (the GM's number), or check \
         against an NPC's rating; a task check sets a rating against a difficulty (F3)"
    )]
    MissingDifficulty,
    /// A vocation change outside a rest or a safe area (F8).
    #[error(
        "`who` is {who:?}, but {who} can change vocation only while resting (`rest`) or in a \
         safe area (`enter_safe_area`), and is doing neither (F8)"
    )]
    NotAtRest {
        /// The character.
        who: String,
    },
    /// A Total Action declared after the round's initiative was rolled (F7).
    #[error(
        "`who` is {who:?}, but a Total Action must be declared at initiative, and round {round}'s \
         initiative is already rolled; declare it before the next round's initiative (F7)"
    )]
    LateTotalAction {
        /// The character.
        who: String,
        /// The round under way.
        round: u64,
    },
    /// A rule refusal about one field of the command (a factor that is no fraction, an ability
    /// listed twice, a stat formula that does not read), with its ruling.
    #[error("{message} ({rule})")]
    Invalid {
        /// The field, as written in a scenario: `adjust[0].factor`, `formula`.
        field: String,
        /// The ruling: `"F4"`, `"F8"`...
        rule: &'static str,
        /// What is wrong, naming the field and the value.
        message: String,
    },
    /// A refusal of a character sheet being enrolled (ruling F8): the sheet's own refusal, whose
    /// field is a sheet field (`ratings.LFT`), which the command holds under `character`.
    #[error(transparent)]
    Sheet(Box<Error>),
    /// Any other rule refusal, with its ruling.
    #[error("{message} ({rule})")]
    Refused {
        /// The ruling: `"F4"`, `"F5"`...
        rule: &'static str,
        /// What is wrong, naming the field and the value.
        message: String,
    },
    /// A stat formula that cannot give a character's stat (F8).
    #[error("{name}'s {stat} comes from the table's formula {formula:?}: {problem} (F8)")]
    Formula {
        /// The character.
        name: String,
        /// The stat, as the book abbreviates it: `"LFT"`.
        stat: &'static str,
        /// The formula as written.
        formula: String,
        /// What goes wrong.
        problem: String,
    },
    /// A calculator's input that is not given (`skald freelancer check` without `--difficulty`).
    #[error("`{field}` is missing: {why}")]
    Missing {
        /// The field or flag.
        field: String,
        /// What it is for, with its ruling.
        why: &'static str,
    },
    /// A team lift of more ratings than add up: the value is `count`, the allowed range `min` to
    /// `max`.
    #[error(
        "`{field}` is given {count} times, but at most {max} ratings add up (a team of {min} to {max})"
    )]
    TeamSize {
        /// The field or flag that gives each rating.
        field: String,
        /// How many ratings were given.
        count: usize,
        /// The fewest in a team ([`crate::MIN_TEAM`]).
        min: usize,
        /// The most in a team ([`crate::MAX_TEAM`]).
        max: usize,
    },
    /// A d100 given for a task check whose band needs no roll (F3): 0 or less (a success), or 151 or
    /// more (a Botch).
    #[error(
        "`{field}` is {roll}, but at a difference of {difference} the check is decided without a \
         roll: {} (F3)",
        if *.difference > 0 { "it fails and counts as a Botch" } else { "it succeeds" }
    )]
    RollNotNeeded {
        /// The field or flag that gave the roll.
        field: String,
        /// The d100 given.
        roll: u32,
        /// The check's difference (equalized difficulty - rating).
        difference: i64,
    },
    /// A field or flag that Skald no longer takes, given a value that would use it: `roll_anyway =
    /// true` (RULINGS F3: a check at 151 or more fails with no roll and counts as a Botch).
    #[error("`{field}` is {value}, but it must be {allowed}: {why}")]
    Retired {
        /// The field or flag: `roll_anyway`, `--roll-anyway`.
        field: String,
        /// The value given, as written.
        value: String,
        /// What is still allowed: "false or left out".
        allowed: &'static str,
        /// Why it went, with its ruling.
        why: &'static str,
    },
    /// Rolls given for an opposed check decided without a roll (F4): a rating came to 0.
    #[error(
        "`{field}` are given, but a rating came to 0, so the check is decided without a roll (F4)"
    )]
    RollsNotNeeded {
        /// The field or flag that gave the rolls.
        field: String,
    },
    /// The dice source could not give a value (a scripted d100 missing or not 1-100).
    #[error(transparent)]
    Dice(#[from] SourceError),
    /// The odds engine refused (never for a d100). Boxed: the engine's error is large.
    #[error(transparent)]
    Odds(Box<OddsError>),
}

impl From<OddsError> for Error {
    fn from(error: OddsError) -> Self {
        Error::Odds(Box::new(error))
    }
}

impl Error {
    /// This refusal as data, in the shape every system's share ([`Refusal`]): its kind and the
    /// command's field it is about ([`Error::field`]). A range written as text that is no whole
    /// number (a list's length, a rating's percentage) is [`RefusalKind::NotAllowed`].
    pub fn refusal(&self) -> Refusal {
        use RefusalKind::{Dice, NotAllowed, NotNow, Unreadable};
        let kind = match self {
            Error::OutOfRange {
                value, min, max, ..
            } => match (value.parse(), min.parse(), max.parse()) {
                (Ok(value), Ok(min), Ok(max)) => RefusalKind::OutOfRange { value, min, max },
                _ => NotAllowed,
            },
            Error::TeamSize {
                count, min, max, ..
            } => RefusalKind::out_of_range(*count, *min, *max),
            Error::TextLength {
                value, chars, max, ..
            } => RefusalKind::Length {
                length: if value.trim().is_empty() { 0 } else { *chars },
                max: *max,
            },
            Error::UnknownCharacter { name, .. } => RefusalKind::NotFound { name: name.clone() },
            Error::AlreadyEnrolled { name } => RefusalKind::Taken { name: name.clone() },
            Error::Sheet(inner) => inner.refusal().kind,
            Error::NotOneOf { .. }
            | Error::MissingRating { .. }
            | Error::MissingDifficulty
            | Error::Invalid { .. }
            | Error::Refused { .. }
            | Error::Missing { .. }
            | Error::RollNotNeeded { .. }
            | Error::Retired { .. }
            | Error::RollsNotNeeded { .. } => NotAllowed,
            Error::NotAtRest { .. } | Error::LateTotalAction { .. } => NotNow,
            Error::NotANumber { .. } | Error::Formula { .. } => Unreadable,
            Error::Dice(_) | Error::Odds(_) => Dice,
        };
        Refusal {
            kind,
            field: self.field(),
        }
    }

    /// The command's field this refusal is about, as a dotted path, when it is about one: a page
    /// shows the refusal beside that field.
    pub fn field(&self) -> Option<String> {
        match self {
            Error::OutOfRange { field, .. }
            | Error::NotOneOf { field, .. }
            | Error::NotANumber { field, .. }
            | Error::TextLength { field, .. }
            | Error::UnknownCharacter { field, .. }
            | Error::MissingRating { field, .. }
            | Error::Missing { field, .. }
            | Error::TeamSize { field, .. }
            | Error::RollNotNeeded { field, .. }
            | Error::Retired { field, .. }
            | Error::RollsNotNeeded { field, .. }
            | Error::Invalid { field, .. } => Some(field.replace('[', ".").replace(']', "")),
            Error::AlreadyEnrolled { .. } => Some("name".to_owned()),
            Error::Sheet(inner) => inner.field().map(|field| format!("character.{field}")),
            _ => None,
        }
    }

    /// The same refusal as a refusal of the sheet being enrolled ([`Error::Sheet`]): the message
    /// is unchanged, and its field is found under `character`.
    #[must_use]
    pub fn in_sheet(self) -> Error {
        match self {
            Error::Sheet(_) => self,
            other => Error::Sheet(Box::new(other)),
        }
    }

    /// The refusal of `roll_anyway` (or the calculator's `--roll-anyway`) set to true: retired by
    /// RULINGS F3, since a check at a difference of 151 or more fails with no roll as a Botch.
    /// `allowed` says what is still taken: "false or left out" for the command's field, "left out"
    /// for the flag.
    pub fn roll_anyway_retired(field: &str, value: &str, allowed: &'static str) -> Error {
        Error::Retired {
            field: field.to_owned(),
            value: value.to_owned(),
            allowed,
            why: "rolling anyway is retired; a task check at a difference of 151 or more fails \
                  with no roll and counts as a Botch (F3)",
        }
    }

    /// `Ok(())` when `value` is [`MIN_TEXT`] to `max` characters and not blank.
    ///
    /// # Errors
    /// [`Error::TextLength`] otherwise.
    pub fn check_text(field: &str, value: &str, max: usize) -> Result<(), Error> {
        let chars = value.chars().count();
        if value.trim().is_empty() || !(MIN_TEXT..=max).contains(&chars) {
            return Err(Error::TextLength {
                field: field.to_owned(),
                value: value.to_owned(),
                chars,
                min: MIN_TEXT,
                max,
            });
        }
        Ok(())
    }

    /// `Ok(())` when a list's length is `min..=max`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] naming `field`.
    pub fn check_count(
        field: &str,
        count: usize,
        min: usize,
        max: usize,
        why: &'static str,
    ) -> Result<(), Error> {
        if (min..=max).contains(&count) {
            return Ok(());
        }
        Err(Error::OutOfRange {
            field: field.to_owned(),
            value: format!("a list of {count}"),
            min: min.to_string(),
            max: max.to_string(),
            why,
        })
    }
}
