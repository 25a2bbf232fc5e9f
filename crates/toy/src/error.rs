//! [`Error`]: why Toy refused a command. Each refusal carries the field it is about (as a form
//! names it: `character.skill`), the value given and what is allowed, as data; its message is
//! made from them in the reader's words.

use skald_core::bounds;
use skald_dice::SourceError;

/// Why a Toy command was refused. The table is left exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A number outside its allowed range.
    #[error("the {what} is {value}, but it must be {} ({why})", bounds(*.min, *.max))]
    OutOfRange {
        /// The command's field, as a form names it.
        field: &'static str,
        /// What the number is, in words.
        what: &'static str,
        /// The value given.
        value: i64,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
        /// The ruling that bounds it.
        why: &'static str,
    },
    /// A name that is blank or too long.
    #[error("the name {value:?} must be 1 to {max} characters and not blank")]
    NameLength {
        /// The command's field, as a form names it.
        field: &'static str,
        /// The name given.
        value: String,
        /// The most characters allowed ([`crate::MAX_NAME`]).
        max: usize,
    },
    /// A name already at the table (Y1).
    #[error("{value} is already at the table: no two characters share a name (Y1)")]
    NameTaken {
        /// The command's field, as a form names it.
        field: &'static str,
        /// The name given.
        value: String,
    },
    /// A character who is not at the table.
    #[error("no character called {value:?} is at the table (at the table: {known})")]
    UnknownCharacter {
        /// The command's field, as a form names it.
        field: &'static str,
        /// The name given.
        value: String,
        /// The names at the table, comma-separated, or "nobody".
        known: String,
    },
    /// The dice ran out or gave a value that is not a face (a scenario's scripted dice).
    #[error(transparent)]
    Dice(#[from] SourceError),
}

impl Error {
    /// The command's field this refusal is about, for a form to show it beside that blank.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Error::OutOfRange { field, .. }
            | Error::NameLength { field, .. }
            | Error::NameTaken { field, .. }
            | Error::UnknownCharacter { field, .. } => Some(field),
            Error::Dice(_) => None,
        }
    }
}
