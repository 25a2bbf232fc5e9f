//! The binary's one error type, and the one place where a failure becomes an exit code and a message
//! on standard error (`main` calls [`Error::report`]).
//!
//! Exit codes: 0 success; 1 what was checked does not hold (a scenario step failed, a log does not
//! verify); 2 anything the user can fix or the machine refused (bad usage, bad input, a file that
//! cannot be read or written, no entropy).

use std::fmt;

/// Why a subcommand did not succeed.
#[derive(Debug)]
pub enum Error {
    /// Bad usage or input: exit 2, printed as `skald: {message}`. The message names the argument,
    /// the value and what is allowed, in the reader's words (a backticked name in it is printed
    /// plain, [`skald_cli::words`]).
    Usage(String),
    /// What was checked does not hold: exit 1. Its report is already on standard output; the
    /// message, when there is one, is printed after a blank line as `skald: {message}`.
    Failed(Option<String>),
    /// The machine refused (a file, the terminal, the runtime, the operating system's entropy):
    /// exit 2, printed with its causes as `skald: {cause}: {cause}`.
    Io(anyhow::Error),
    /// clap's own refusal of the command line: exit 2, printed by clap (usage and a hint).
    Clap(clap::Error),
}

/// What every subcommand returns.
pub type Result<T = ()> = std::result::Result<T, Error>;

impl Error {
    /// A [`Error::Usage`] from any message.
    pub fn usage(message: impl fmt::Display) -> Self {
        Error::Usage(message.to_string())
    }

    /// The exit code: 1 for [`Error::Failed`], 2 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Failed(_) => 1,
            Error::Usage(_) | Error::Io(_) | Error::Clap(_) => 2,
        }
    }

    /// Prints the error to standard error, as the user reads it.
    pub fn report(&self) {
        match self {
            // A refusal is read by people: a backticked name in it (a system calculator's
            // field or flag) is made plain.
            Error::Usage(message) => eprintln!("skald: {}", skald_cli::words(message)),
            Error::Failed(None) => {}
            Error::Failed(Some(message)) => {
                eprint!("\nskald: {message}");
                if !message.ends_with('\n') {
                    eprintln!();
                }
            }
            Error::Io(err) => eprintln!("skald: {err:#}"),
            Error::Clap(err) => {
                let _ = err.print();
            }
        }
    }
}

impl From<anyhow::Error> for Error {
    fn from(err: anyhow::Error) -> Self {
        Error::Io(err)
    }
}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Self {
        Error::Io(err.into())
    }
}

impl From<serde_json::Error> for Error {
    fn from(err: serde_json::Error) -> Self {
        Error::Io(err.into())
    }
}

/// A game calculator's refusal (`skald <system> ...`, [`skald_cli::Error`]), by its kind: bad
/// usage or input exits 2, a check that does not hold exits 1, the machine's refusal (no
/// entropy) exits 2 with its words.
impl From<skald_cli::Error> for Error {
    fn from(err: skald_cli::Error) -> Self {
        match err {
            skald_cli::Error::Usage(message) => Error::Usage(message),
            skald_cli::Error::Failed(message) => Error::Failed(message),
            skald_cli::Error::Machine(message) => Error::Io(anyhow::Error::msg(message)),
        }
    }
}

/// The odds engine's refusal of a question (too large, or not computable exactly) is about the
/// input: exit 2, its message as the engine words it.
impl From<skald_dice::odds::OddsError> for Error {
    fn from(err: skald_dice::odds::OddsError) -> Self {
        Error::Usage(err.to_string())
    }
}
