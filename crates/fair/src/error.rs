//! The crate's error type: [`Error`], whose [`ErrorKind`] says which input was refused and why
//! (bad hex for a seed or a mix, a player's contribution of the wrong length or with control characters).

use crate::limits::MAX_CONTRIBUTION;

/// Why an input was refused. Read the details with [`Error::kind`]; the [`std::fmt::Display`] text is a
/// complete sentence for a person.
#[derive(Debug, thiserror::Error)]
#[error("{kind}")]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    /// What was wrong, with the offending field and value.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Self { kind }
    }
}

/// The kinds of [`Error`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// A 32-byte value (a server seed or a mix) was not exactly 64 hex digits (either case).
    #[error(
        "{field} must be 64 hex digits (32 bytes), got {length} {}: \"{value}\"",
        if *.length == 1 { "character" } else { "characters" }
    )]
    BadHex {
        /// The field that was read: `"server seed"` or `"mix"`.
        field: &'static str,
        /// The text given, cut to its first 20 characters followed by `...` when longer.
        value: String,
        /// The length of the text given, in characters.
        length: usize,
    },
    /// A player's seed contribution was refused by [`crate::check_contribution`].
    #[error(
        "{field} must be 1 to {max} bytes with no control characters, got {length} {} ({problem})",
        if *.length == 1 { "byte" } else { "bytes" },
        max = MAX_CONTRIBUTION
    )]
    BadContribution {
        /// The field that was checked: always `"seed"`.
        field: &'static str,
        /// The contribution's length in UTF-8 bytes.
        length: usize,
        /// What is wrong with it.
        problem: ContributionProblem,
    },
}

/// What is wrong with a refused contribution (see [`ErrorKind::BadContribution`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ContributionProblem {
    /// It has no bytes.
    #[error("empty")]
    Empty,
    /// It has more than [`MAX_CONTRIBUTION`] bytes.
    #[error("too long")]
    TooLong,
    /// It holds a control character (Unicode general category Cc: U+0000-U+001F, U+007F-U+009F).
    #[error("a control character at byte {at}")]
    ControlCharacter {
        /// 0-based byte offset of the first control character.
        at: usize,
    },
}
