//! Why a scenario file could not be read: bad TOML, a missing or wrong field, an unknown system.

/// A scenario that cannot be played at all (as opposed to a [`crate::Failure`] while playing).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Self { kind }
    }
}

/// The kinds of scenario errors; each message names the field and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// The text is not valid TOML.
    #[error("the scenario is not valid TOML: {0}")]
    Toml(String),
    /// The scenario is beyond a size bound.
    #[error("the scenario is too large: {0}")]
    TooLarge(String),
    /// A required top-level field is missing or has the wrong type.
    #[error("the scenario needs `{field}` ({expected})")]
    Field {
        /// The field's name.
        field: &'static str,
        /// What it must be.
        expected: &'static str,
    },
    /// `system` names no system Skald plays.
    #[error("system = {system:?} is not a system Skald plays ({known})")]
    UnknownSystem {
        /// The name given.
        system: String,
        /// The systems Skald plays, as a list (`crates/systems`).
        known: String,
    },
    /// A scenario played with the rules of another system than its own.
    #[error("system = {system:?}: this needs a {wanted} scenario")]
    WrongSystem {
        /// The scenario's system.
        system: String,
        /// The system whose rules were asked for.
        wanted: &'static str,
    },
    /// A key at the top level that the format does not have.
    #[error(
        "unknown top-level key `{0}` (allowed: title, system, source, options, characters, steps)"
    )]
    UnknownKey(String),
    /// The `[options]` table does not fit the system's options.
    #[error("[options]: {0}")]
    Options(String),
    /// A `[[characters]]` entry does not fit the system's character sheet.
    #[error("character {index}: {message}")]
    Character {
        /// 1-based position in `[[characters]]`.
        index: usize,
        /// The deserializer's message.
        message: String,
    },
    /// A `[[steps]]` entry is malformed (its command, dice or expectations).
    #[error("step {index}: {message}")]
    Step {
        /// 1-based position in `[[steps]]`.
        index: usize,
        /// What is wrong.
        message: String,
    },
}
