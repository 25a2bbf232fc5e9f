//! [`FreelancerError`]: why Freelancer refused a command. Every message names the field, the value
//! given and what is allowed.

use crate::character::Rating;
use crate::limits::MAX_TEXT;
use skald_dice::SourceError;

/// Why a Freelancer command was refused. The table is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FreelancerError {
    /// A number outside its allowed range.
    #[error("`{field}` is {value}, but it must be {min} to {max} ({why})")]
    OutOfRange {
        /// The command or sheet field, as written in a scenario.
        field: &'static str,
        /// The value given.
        value: u64,
        /// The smallest allowed value.
        min: u64,
        /// The largest allowed value.
        max: u64,
        /// What the number is.
        why: &'static str,
    },
    /// A name or label that is blank or too long.
    #[error("`{field}` is {value:?}, but it must be 1 to {max} characters and not blank")]
    TextLength {
        /// The field: `name`, `against`.
        field: &'static str,
        /// The text given.
        value: String,
        /// The longest allowed.
        max: usize,
    },
    /// A character name that is not at the table.
    #[error(
        "`{field}` is {name:?}, but no character of that name is at the table (at the table: {known})"
    )]
    UnknownCharacter {
        /// The field that named the character.
        field: &'static str,
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
    /// A check named a rating the character's sheet does not have.
    #[error("`{field}` is \"{rating}\", but {name}'s sheet has no {rating} (it has: {has})")]
    MissingRating {
        /// The field: `rating` or `who` (a team member without LFT).
        field: &'static str,
        /// The character.
        name: String,
        /// The rating asked for.
        rating: Rating,
        /// The ratings on the sheet, or "none".
        has: String,
    },
    /// A team lift with too few or too many members.
    #[error(
        "`who` names {count}, but a team lift takes {min} to {max} characters (one alone makes a \
         task_check with rating = \"LFT\")"
    )]
    TeamSize {
        /// How many were listed.
        count: usize,
        /// The fewest allowed.
        min: usize,
        /// The most allowed.
        max: usize,
    },
    /// A team lift listing one character twice.
    #[error("`who` lists {name:?} twice, but each member lends its LFT once")]
    DuplicateMember {
        /// The name listed twice.
        name: String,
    },
    /// A team lift whose roller is not in the team.
    #[error("`roller` is {name:?}, but the roller must be one of the team: {team}")]
    RollerNotInTeam {
        /// The name given.
        name: String,
        /// The team, comma-separated.
        team: String,
    },
    /// The dice source could not give a value (a scripted d100 missing or not 1-100).
    #[error(transparent)]
    Dice(#[from] SourceError),
}

impl FreelancerError {
    /// `Ok(())` when `min <= value <= max`, otherwise [`FreelancerError::OutOfRange`] naming `field`.
    ///
    /// # Errors
    /// [`FreelancerError::OutOfRange`] when `value` is outside `min..=max`.
    pub fn check_range(
        field: &'static str,
        value: u64,
        min: u64,
        max: u64,
        why: &'static str,
    ) -> Result<(), FreelancerError> {
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(FreelancerError::OutOfRange {
                field,
                value,
                min,
                max,
                why,
            })
        }
    }

    /// `Ok(())` when `value` is 1 to 64 characters and not blank.
    ///
    /// # Errors
    /// [`FreelancerError::TextLength`] otherwise.
    pub fn check_text(field: &'static str, value: &str) -> Result<(), FreelancerError> {
        if value.trim().is_empty() || value.chars().count() > MAX_TEXT {
            return Err(FreelancerError::TextLength {
                field,
                value: value.to_owned(),
                max: MAX_TEXT,
            });
        }
        Ok(())
    }
}
