//! Why the Twenty rules refused something: [`Error`] for a command, [`CatalogueError`] for a table
//! file of keys and traits, [`OddsError`] for the calculators' inputs. Every message names the field,
//! the value and what is allowed.

use skald_core::SourceError;

/// A refused Twenty command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A sheet that does not fit the rules.
    #[error("{character}: {field} {problem}")]
    Sheet {
        /// The character's name as given.
        character: String,
        /// The field at fault.
        field: String,
        /// What is wrong and what is allowed.
        problem: String,
    },
    /// A character name that is already at the table.
    #[error("a character named {0:?} is already at the table (names are unique, ignoring case)")]
    DuplicateCharacter(String),
    /// A name that is not at the table.
    #[error("no character named {0:?} is at the table")]
    UnknownCharacter(String),
    /// A conflict's declarations are not acceptable.
    #[error("participants: {0}")]
    Participants(String),
    /// A conflict is already in progress.
    #[error("a conflict is already in progress (exchange {0}); it must end first")]
    ConflictInProgress(u32),
    /// No conflict is in progress.
    #[error("no conflict is in progress")]
    NoConflict,
    /// The character is at the table but not in this conflict.
    #[error("{0} is not taking part in this conflict")]
    NotAParticipant(String),
    /// The participant has already brought in dice or stood in this exchange.
    #[error("{who} has already acted in exchange {exchange}; it waits for the others (T2)")]
    AlreadyActed {
        /// The participant.
        who: String,
        /// The current exchange.
        exchange: u32,
    },
    /// The participant must stand for the rest of the conflict.
    #[error("{0} was forced to stand and cannot bring in dice for the rest of this conflict (T2)")]
    MustStand(String),
    /// The participant surrendered.
    #[error(
        "{0} has surrendered and is out of this conflict (T4; a disabled character loses at once, T7)"
    )]
    Surrendered(String),
    /// No trait, stat or item of that name.
    #[error("{who} has no trait, stat or special item named {name:?} (has: {available})")]
    UnknownTrait {
        /// The participant.
        who: String,
        /// The name asked for.
        name: String,
        /// What it has, comma-separated.
        available: String,
    },
    /// The trait was already brought in this conflict.
    #[error("{who} already brought in {name} in this conflict; each trait once per conflict (T2)")]
    AlreadyUsed {
        /// The participant.
        who: String,
        /// The trait.
        name: String,
    },
    /// Too few unchecked boxes for this exchange.
    #[error(
        "{who}'s {name} has {unchecked} unchecked boxes; exchange {exchange} needs at least {exchange} (T2)"
    )]
    TooFewBoxes {
        /// The participant.
        who: String,
        /// The trait.
        name: String,
        /// Its unchecked boxes.
        unchecked: u32,
        /// The current exchange.
        exchange: u32,
    },
    /// The final tie did not break within the bound on roll-offs.
    #[error("the final tie was still unbroken after {0} roll-offs")]
    TieUnbroken(u32),
    /// Another rule refused the command; the message names it (T-id), the value and what is allowed.
    #[error("{0}")]
    Rule(String),
    /// A die from the dice source was missing or not a face of a d20.
    #[error("dice: {0}")]
    Dice(#[from] SourceError),
}

/// Why a table file or a merge was refused. Every message names the field, the value and what is
/// allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    /// The file is larger than [`MAX_CATALOGUE_BYTES`](crate::limits::MAX_CATALOGUE_BYTES).
    #[error("the catalogue file has {bytes} bytes; at most {limit} are read")]
    TooLarge {
        /// The file's size in bytes.
        bytes: usize,
        /// [`MAX_CATALOGUE_BYTES`](crate::limits::MAX_CATALOGUE_BYTES).
        limit: usize,
    },
    /// The file is not valid TOML, or not in the catalogue's shape (toml's message, with the line).
    #[error("the catalogue file does not read as a catalogue: {0}")]
    Toml(String),
    /// A field's value is outside what is allowed.
    #[error("{field} = {value}: {problem}")]
    Field {
        /// Where: `keys.Paladin.prerequisites`, `traits[3].name`, `open`...
        field: String,
        /// The value as given (quoted when text).
        value: String,
        /// What is wrong and what is allowed.
        problem: String,
    },
    /// A name already taken, in the same file or (merging) in the catalogue it joins.
    #[error("{what} {name:?} is already in the catalogue (names are unique, ignoring case)")]
    Clash {
        /// "key", "trait" or "open trait".
        what: &'static str,
        /// The name as given in the file being read or merged.
        name: String,
    },
}

/// Why [`p_ahead`](crate::odds::p_ahead) gave no answer. Messages name the input, its value and
/// what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    /// An input outside its range.
    #[error("{field} = {value}: {allowed}")]
    Input {
        /// Which input: `mine`, `my_new_dice`, `others`, `others[1].pool`, `others[0].new_dice`.
        field: String,
        /// The value given.
        value: String,
        /// What is allowed.
        allowed: String,
    },
    /// The exact computation would pass a bound ([`MAX_STATES`](crate::limits::MAX_STATES),
    /// [`MAX_WORK`](crate::limits::MAX_WORK)).
    #[error(
        "exact odds would need at least {value} {measure}, beyond the limit of {limit}: fewer new dice or \
         fewer opponents"
    )]
    TooLarge {
        /// "states" or "units of work".
        measure: &'static str,
        /// How many it would take, at least.
        value: u64,
        /// The bound.
        limit: u64,
    },
}
