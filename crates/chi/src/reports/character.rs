//! `skald chi character`: a character line in the book's notation read and checked as enrolment
//! checks it (ruling C6, [`crate::rules::line`], [`crate::rules::sheets::validate`]), printed back
//! with its parts.

use crate::error::Error;
use crate::limits::MAX_LINE;
use crate::model::sheet::Sheet;
use crate::rules::{line, sheets};
use serde::Serialize;
use std::fmt;

/// A character line read back. Its JSON (`--json`) is these fields, in this order (alphabetical: the
/// order the command line has always printed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CharacterReport {
    /// The current pool, in d6: 0 to `pool`.
    pub current: u32,
    /// The line as the book writes it (`Ragnar, fierce, arrogant, and savage barbarian8`).
    pub line: String,
    /// Whether it is a minor NPC: no descriptive words (C6).
    pub minor_npc: bool,
    /// The character's name.
    pub name: String,
    /// The concept's occupation (or race, for a minor NPC).
    pub occupation: String,
    /// The maximum pool, in d6: 1 to 100.
    pub pool: u32,
    /// The concept's descriptive words: none (a minor NPC) or 3 to 12.
    pub words: Vec<String>,
}

/// Reads `text`, a character line such as `Ragnar, fierce, arrogant, and savage barbarian8` or
/// `orc3`, and checks it as enrolment does.
///
/// # Errors
/// [`Error::LineLength`] beyond [`MAX_LINE`] characters; [`Error::Line`] for a line that does not
/// read; the refusals of [`sheets::validate`] (`pool`, `current`, `name`, `words`, `occupation`).
pub fn character(text: &str) -> Result<CharacterReport, Error> {
    let len = text.chars().count();
    if len > MAX_LINE {
        return Err(Error::LineLength {
            field: "line",
            len,
            max: MAX_LINE,
        });
    }
    let sheet = line::parse(text)?;
    sheets::validate(&sheet)?;
    let Sheet {
        name,
        words,
        occupation,
        pool,
        current,
    } = sheet.clone();
    Ok(CharacterReport {
        current,
        line: sheet.to_string(),
        minor_npc: words.is_empty(),
        name,
        occupation,
        pool,
        words,
    })
}

/// The line, then its parts one per line.
impl fmt::Display for CharacterReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = if self.minor_npc {
            "none (a minor NPC)".to_owned()
        } else {
            self.words.join(", ")
        };
        writeln!(
            f,
            "{}\nname: {}\nwords: {words}\noccupation: {}\npool: {} (current {})",
            self.line, self.name, self.occupation, self.pool, self.current
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_minor_npc_reads_back() {
        let report = character("orc3").unwrap();
        assert!(report.minor_npc);
        assert_eq!(
            report.to_string(),
            "orc3\nname: orc\nwords: none (a minor NPC)\noccupation: orc\npool: 3 (current 3)\n"
        );
    }

    #[test]
    fn a_long_line_is_refused_before_reading() {
        assert_eq!(
            character(&"a".repeat(1001)).unwrap_err().to_string(),
            "The line is 1001 characters long, but at most 1000 are read"
        );
    }
}
