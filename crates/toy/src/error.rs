//! [`Error`]: why Toy refused a command. Each refusal carries the field it is about (as a form
//! names it: `character.skill`), the value given and what is allowed, as data; its message is
//! made from them in the reader's words.

use skald_core::{Refusal, RefusalKind, bounds};
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
    /// This refusal as data, in the shape every system's share ([`Refusal`]): its kind and the
    /// command's field it is about, for a form to show it beside that blank.
    pub fn refusal(&self) -> Refusal {
        match self {
            Error::OutOfRange {
                field,
                value,
                min,
                max,
                ..
            } => Refusal::out_of_range(field, *value, *min, *max),
            Error::NameLength { field, value, max } => Refusal::at(
                RefusalKind::Length {
                    length: value.trim().chars().count(),
                    max: *max,
                },
                field,
            ),
            Error::NameTaken { field, value } => Refusal::at(
                RefusalKind::Taken {
                    name: value.clone(),
                },
                field,
            ),
            Error::UnknownCharacter { field, value, .. } => Refusal::at(
                RefusalKind::NotFound {
                    name: value.clone(),
                },
                field,
            ),
            Error::Dice(_) => Refusal::of(RefusalKind::Dice),
        }
    }
}
