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
    #[error("{field} {}", hex_rest(value, *.length))]
    BadHex {
        /// The field that was read: `"server seed"` or `"mix"`.
        field: &'static str,
        /// The text given, cut to its first 20 characters followed by `...` when longer.
        value: String,
        /// The length of the text given, in characters.
        length: usize,
    },
    /// A player's seed contribution was refused by [`crate::check_contribution`].
    #[error("{field} {}", contribution_rest(*.length, *.problem))]
    BadContribution {
        /// The field that was checked: always `"seed"`.
        field: &'static str,
        /// The contribution's length in UTF-8 bytes.
        length: usize,
        /// What is wrong with it.
        problem: ContributionProblem,
    },
}

impl ErrorKind {
    /// The message as a template for the words of a form (`skald_core::Forms::word`): the field
    /// it is about in backticks, the template's blank (`` `seed` must be 1 to 256 bytes ...``);
    /// the [`std::fmt::Display`] text names it bare.
    pub fn template(&self) -> String {
        match self {
            ErrorKind::BadHex {
                field,
                value,
                length,
            } => format!("`{field}` {}", hex_rest(value, *length)),
            ErrorKind::BadContribution {
                field,
                length,
                problem,
            } => format!("`{field}` {}", contribution_rest(*length, *problem)),
        }
    }
}

/// What follows a bad hex value's field in its message.
fn hex_rest(value: &str, length: usize) -> String {
    let unit = if length == 1 {
        "character"
    } else {
        "characters"
    };
    format!("must be 64 hex digits (32 bytes), got {length} {unit}: \"{value}\"")
}

/// What follows a refused contribution's field in its message.
fn contribution_rest(length: usize, problem: ContributionProblem) -> String {
    let unit = if length == 1 { "byte" } else { "bytes" };
    format!(
        "must be 1 to {MAX_CONTRIBUTION} bytes with no control characters, got {length} {unit} \
         ({problem})"
    )
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
