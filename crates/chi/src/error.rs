//! [`ChiError`]: why Chi refused a command. Every message names the field, the value given and what
//! is allowed, and cites the ruling behind the limit when there is one.

use skald_dice::SourceError;

/// Why a Chi command was refused. The table is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChiError {
    /// A number outside its allowed range.
    #[error("`{field}` is {value}, but it must be {min} to {max} ({why})")]
    OutOfRange {
        /// The command or sheet field, as written in a scenario.
        field: &'static str,
        /// The value given.
        value: i64,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
        /// What the number is, or the ruling that bounds it.
        why: &'static str,
    },
    /// A name, occupation or descriptive word that is blank or too long.
    #[error("`{field}` is {value:?}, but it must be 1 to {max} characters and not blank")]
    TextLength {
        /// The field: `name`, `occupation`, `words`, `who`.
        field: &'static str,
        /// The text given.
        value: String,
        /// Its length in characters.
        len: usize,
        /// The longest allowed.
        max: usize,
    },
    /// A concept with a word count other than 0 (minor NPC) or 3-12.
    #[error(
        "`words` of {name:?} holds {count} descriptive words, but a concept has 3 (up to 12 after \
         advancement, ruling C5), or none for a minor NPC"
    )]
    ConceptWords {
        /// The character's name.
        name: String,
        /// How many words were given.
        count: usize,
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
    /// A character with current pool 0 tried to act (ruling C5: out of play).
    #[error(
        "`{field}` is {name:?}, whose current pool is 0: the character is out of play (ruling C5)"
    )]
    OutOfPlay {
        /// The field that named the character.
        field: &'static str,
        /// The character.
        name: String,
    },
    /// More dice put into an action than the character has left this round (ruling C1).
    #[error(
        "`{field}` is {asked}, but {name} has {left} of {current} dice left this round, so at most {left} \
         can go in (ruling C1: the pool refills at the next round)"
    )]
    NotEnoughDice {
        /// The field: `spend` (or `actor.spend`, `defender.spend`).
        field: &'static str,
        /// The character.
        name: String,
        /// Dice asked for.
        asked: u32,
        /// Dice left this round.
        left: u32,
        /// The character's current pool.
        current: u32,
    },
    /// More dice put into an off-concept action than ruling C2 allows.
    #[error(
        "`{field}` is {asked}, but an action that does not fit {name}'s concept may use at most {cap} dice: \
         a third of the current pool {current}, rounded up (ruling C2)"
    )]
    OffConcept {
        /// The field: `spend` (or `actor.spend`, `defender.spend`).
        field: &'static str,
        /// The character.
        name: String,
        /// Dice asked for.
        asked: u32,
        /// ceil(current / 3).
        cap: u32,
        /// The character's current pool.
        current: u32,
    },
    /// An opposed action with the same character on both sides.
    #[error(
        "`defender.who` is {name:?}, the same as `actor.who`: an opposed action needs two characters"
    )]
    SameCharacter {
        /// The character named twice.
        name: String,
    },
    /// Option `tie = "reroll"` met a tie every time for [`crate::MAX_REROLLS`] rerolls.
    #[error(
        "the totals tied on the first roll and on all {rerolls} rerolls (option `tie` = \"reroll\", ruling C3); the action is called off"
    )]
    EndlessTie {
        /// Rerolls made.
        rerolls: u32,
    },
    /// The dice source could not give a value (a scripted die missing or not a face of a d6).
    #[error(transparent)]
    Dice(#[from] SourceError),
}

impl ChiError {
    /// `Ok(())` when `min <= value <= max`, otherwise [`ChiError::OutOfRange`] naming `field`.
    ///
    /// # Errors
    /// [`ChiError::OutOfRange`] when `value` is outside `min..=max`.
    pub fn check_range<T: Into<i64> + Copy>(
        field: &'static str,
        value: T,
        min: T,
        max: T,
        why: &'static str,
    ) -> Result<(), ChiError> {
        let (value, min, max) = (value.into(), min.into(), max.into());
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(ChiError::OutOfRange {
                field,
                value,
                min,
                max,
                why,
            })
        }
    }
}
