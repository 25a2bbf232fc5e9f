//! A Chi character sheet: name, concept (descriptive words and occupation) and pool (maximum and
//! current), and how it reads from a scenario's `[[characters]]` table.

use crate::error::ChiError;
use crate::limits::{MAX_POOL, MAX_TEXT, MAX_WORDS, MIN_WORDS};
use crate::notation;
use serde::{Deserialize, Serialize};

/// One character as it sits down at the table.
///
/// In a scenario it is written either field by field:
///
/// ```toml
/// [[characters]]
/// name = "Ragnar"
/// words = ["fierce", "arrogant", "savage"]   # 3 to 12 words; leave out for a minor NPC
/// occupation = "barbarian"                   # optional: defaults to the name (a minor NPC "orc")
/// pool = 8                                   # maximum pool, 1 to 100 d6
/// current = 7                                # optional: current pool, 0 to `pool`; defaults to `pool`
/// ```
///
/// or as the book's character line (ruling C6), with `current` still allowed beside it:
///
/// ```toml
/// [[characters]]
/// line = "Ragnar, fierce, arrogant, and savage barbarian8/7"
/// ```
///
/// or, where a command takes a character (`enroll`), as the bare line itself:
/// `"character": "Ragnar, fierce, arrogant, and savage barbarian8"` (what a one-field form sends).
///
/// Ranges are checked when the character is enrolled (see [`Character::validate`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Written")]
pub struct Character {
    /// The character's name, 1 to 64 characters. Unique at the table.
    pub name: String,
    /// The concept's descriptive words: none (a minor NPC) or 3 to 12, each 1 to 64 characters.
    pub words: Vec<String>,
    /// The concept's occupation (or race, for a minor NPC), 1 to 64 characters.
    pub occupation: String,
    /// The maximum pool, in d6: 1 to 100.
    pub pool: u32,
    /// The current pool, in d6: 0 to `pool`. Injury and fatigue lower it; 0 means out of play (C5).
    pub current: u32,
}

impl Character {
    /// Checks every bound on the sheet.
    ///
    /// # Errors
    /// [`ChiError::OutOfRange`] for `pool` outside 1-100 or `current` outside 0-`pool`;
    /// [`ChiError::TextLength`] for a name, occupation or word outside 1-64 characters;
    /// [`ChiError::ConceptWords`] for a word count other than 0 or 3-12.
    pub fn validate(&self) -> Result<(), ChiError> {
        check_text("name", &self.name, MAX_TEXT)?;
        check_text("occupation", &self.occupation, MAX_TEXT)?;
        let count = self.words.len();
        if count != 0 && !(MIN_WORDS..=MAX_WORDS).contains(&count) {
            return Err(ChiError::ConceptWords {
                name: self.name.clone(),
                count,
            });
        }
        for word in &self.words {
            check_text("words", word, MAX_TEXT)?;
        }
        ChiError::check_range("pool", self.pool, 1, MAX_POOL, "the maximum pool, in d6")?;
        ChiError::check_range(
            "current",
            self.current,
            0,
            self.pool,
            "the current pool is at most the maximum",
        )?;
        Ok(())
    }
}

impl std::fmt::Display for Character {
    /// The book's character line (ruling C6), e.g. `Ragnar, fierce, arrogant, and savage barbarian8/7`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&notation::format(self))
    }
}

/// Checks that `value` is not blank and at most `max` characters long.
pub(crate) fn check_text(field: &'static str, value: &str, max: usize) -> Result<(), ChiError> {
    let len = value.chars().count();
    if value.trim().is_empty() || len > max {
        return Err(ChiError::TextLength {
            field,
            value: value.chars().take(max + 16).collect(),
            len,
            max,
        });
    }
    Ok(())
}

/// The `[[characters]]` table as written: either `line`, or `name` and `pool` with the rest optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CharacterInput {
    line: Option<String>,
    name: Option<String>,
    #[serde(default)]
    words: Vec<String>,
    occupation: Option<String>,
    pool: Option<u32>,
    current: Option<u32>,
}

/// A character as written: the book's line alone, or the `[[characters]]` table.
enum Written {
    Line(String),
    Table(CharacterInput),
}

impl<'de> Deserialize<'de> for Written {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Written;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a character line such as \"orc3\", or a table with `line` or `name` and `pool`")
            }
            fn visit_str<E: serde::de::Error>(self, line: &str) -> Result<Written, E> {
                Ok(Written::Line(line.to_owned()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Written, A::Error> {
                CharacterInput::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(Written::Table)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl TryFrom<Written> for Character {
    type Error = String;

    fn try_from(written: Written) -> Result<Self, Self::Error> {
        match written {
            Written::Line(line) => notation::parse(&line).map_err(|e| e.to_string()),
            Written::Table(input) => Character::try_from(input),
        }
    }
}

impl TryFrom<CharacterInput> for Character {
    type Error = String;

    fn try_from(input: CharacterInput) -> Result<Self, Self::Error> {
        if let Some(line) = input.line {
            if input.name.is_some()
                || !input.words.is_empty()
                || input.occupation.is_some()
                || input.pool.is_some()
            {
                return Err(
                    "a character is written either as `line` or with `name`, `words`, \
                            `occupation` and `pool`, not both (`current` may go with either)"
                        .to_owned(),
                );
            }
            let mut character = notation::parse(&line).map_err(|e| e.to_string())?;
            if let Some(current) = input.current {
                character.current = current;
            }
            return Ok(character);
        }
        let Some(name) = input.name else {
            return Err(
                "a character needs `name` and `pool` (or a `line` such as \"orc3\")".to_owned(),
            );
        };
        let Some(pool) = input.pool else {
            return Err(format!(
                "character {name:?} needs `pool`: its maximum pool, 1 to {MAX_POOL} d6"
            ));
        };
        let occupation = input.occupation.unwrap_or_else(|| name.clone());
        Ok(Character {
            current: input.current.unwrap_or(pool),
            name,
            words: input.words,
            occupation,
            pool,
        })
    }
}
