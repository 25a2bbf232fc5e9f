//! The I/O a system's calculators need, asked of the program that runs them: the system crates
//! stay a functional core (no file, clock or entropy of their own), and a test can hand them a
//! shell of its own.

use crate::error::Error;
use std::path::Path;

/// What a calculator may ask of the program that runs it (the `skald` binary's is the operating
/// system's files and entropy).
pub trait Shell {
    /// The text of the file at `path`, one the user named on the command line (a scenario).
    ///
    /// # Errors
    /// Why the file cannot be read as UTF-8 text, as the operating system says it.
    fn read(&self, path: &Path) -> std::io::Result<String>;

    /// 32 bytes of the operating system's entropy (a secret roll's fresh salt).
    ///
    /// # Errors
    /// [`Error::Machine`] when the operating system gives none.
    fn entropy(&self) -> Result<[u8; 32], Error>;
}
