//! [`State`]: a Toy table, and each [`Character`] at it.

use crate::model::options::Options;
use serde::Serialize;

/// A Toy table: its options and its characters in the order they sat down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct State {
    /// The table options.
    pub options: Options,
    /// The characters, in enrolment order.
    pub characters: Vec<Character>,
    /// How many tries were made at this table.
    pub tries: u32,
}

/// A character at the table: its sheet and what its tries came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Character {
    /// Its name (the sheet's).
    pub name: String,
    /// Its skill (the sheet's, Y1).
    pub skill: u8,
    /// How many of its tries succeeded.
    pub successes: u32,
    /// The total of its last try (die plus skill), if it tried.
    pub last: Option<i64>,
}

impl State {
    /// A table with `options` and nobody at it.
    pub fn new(options: Options) -> Self {
        Self {
            options,
            characters: Vec::new(),
            tries: 0,
        }
    }

    /// The character named `name`, if at the table.
    pub fn character(&self, name: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.name == name)
    }
}
