//! A calculator's refusal, in the kinds the binary turns into exit codes (`src/error.rs`, the one
//! place where a failure becomes an exit code and a message).

use std::fmt;

/// Why a calculator (`skald <system> ...`) printed no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Bad usage or input: exit 2, printed as `skald: {message}`. The message names the argument,
    /// the value and what is allowed, in the reader's words (a backticked name in it is printed
    /// plain, [`words`]).
    Usage(String),
    /// What was checked does not hold: exit 1. Its report, when there is one, is the text the
    /// calculator returned (none returns this yet); the message, when there is one, is printed
    /// after it as `skald: {message}`.
    Failed(Option<String>),
    /// The machine refused what the calculator asked of its [`crate::Shell`] (the operating
    /// system's entropy), or its report could not be written as JSON: exit 2, printed as it is.
    Machine(String),
}

impl Error {
    /// A [`Error::Usage`] from any message (a report's refusal: `map_err(Error::usage)`).
    pub fn usage(message: impl fmt::Display) -> Self {
        Error::Usage(message.to_string())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(message) | Error::Machine(message) | Error::Failed(Some(message)) => {
                f.write_str(message)
            }
            Error::Failed(None) => f.write_str("the check failed"),
        }
    }
}

impl std::error::Error for Error {}

/// `message` with its backticked names made plain, as people read a refusal (issue 31; each span
/// as [`skald_core::plain`] words it).
pub fn words(message: &str) -> String {
    skald_core::plain(message, &|_| None)
}
