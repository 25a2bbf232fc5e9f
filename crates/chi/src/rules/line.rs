//! The book's character line (ruling C6): reading and writing lines such as
//! `Ragnar, fierce, arrogant, and savage barbarian8`, `Dirk Rednova, ,dashing, handsome, and brave star
//! marine7/5` and a minor NPC's `orc3`.
//!
//! Reading rules (tolerant of stray commas and spaces):
//! - the line ends with the pool: `8` (maximum = current) or `8/7` (maximum/current, ruling C5);
//!   commas, spaces, a full stop or a semicolon after it are ignored; a comma before the name is
//!   refused (the name is missing);
//! - without a comma, the rest is a minor NPC's occupation (or race), which is also its name;
//! - otherwise the name comes before the first comma; the words after it (commas and spaces both
//!   separate) are the descriptive words then the occupation. When an `and` is present, the word right
//!   after the first `and` is the last descriptive word and everything after it is the occupation;
//!   without an `and`, the first three words are descriptive (fewer if that would leave no occupation).
//!
//! Ranges (pool 1-100, 3-12 words...) are not checked here but on enrolment
//! ([`crate::rules::sheets::validate`]).
//!
//! Here too is how a [`Sheet`] reads from a scenario or a command (its `Deserialize`: the bare
//! line, or the `[[characters]]` table with `line` or `name` and `pool`) and how it prints (its
//! `Display`: the line).

use crate::error::LineError;
use crate::limits::MAX_POOL;
use crate::model::sheet::Sheet;
use serde::Deserialize;

/// Reads a character line (see the module docs for the rules).
///
/// # Errors
/// [`LineError`] when the line does not end with a pool (`8` or `8/7`, each at most 4294967295),
/// has no name before its first comma, or no occupation after the descriptive words.
pub fn parse(line: &str) -> Result<Sheet, LineError> {
    let fail = |problem| LineError {
        line: line.to_owned(),
        problem,
    };
    // Stray separators at the end ("barbarian8, " or a sentence's "barbarian8.") are not part of it.
    let text = line.trim().trim_end_matches([',', ' ', '.', ';']);
    if text.starts_with(',') {
        return Err(fail("there is no name before the first comma"));
    }
    let (body, last) = split_number(text).ok_or_else(|| fail(POOL_MISSING))?;
    if body.trim_end().ends_with('-') {
        // "orc-3" reads as a pool of -3, which no pool can be (C5: 0 is out of play).
        return Err(fail(
            "a pool cannot be negative: write the pool as 1 to 100 after the occupation",
        ));
    }
    let (body, pool, current) = match body.trim_end().strip_suffix('/') {
        Some(before) => {
            let (body, max) = split_number(before.trim_end()).ok_or_else(|| fail(POOL_MISSING))?;
            (body, max, last)
        }
        None => (body, last, last),
    };
    let pool = pool.parse().map_err(|_| fail(POOL_TOO_BIG))?;
    let current = current.parse().map_err(|_| fail(POOL_TOO_BIG))?;
    let mut segments = body.split(',').map(str::trim).filter(|s| !s.is_empty());
    let name = segments
        .next()
        .ok_or_else(|| fail("there is no name (or occupation) before the pool"))?;
    let tokens: Vec<&str> = segments.flat_map(str::split_whitespace).collect();
    if tokens.is_empty() {
        let name = name.to_owned();
        return Ok(Sheet {
            occupation: name.clone(),
            name,
            words: Vec::new(),
            pool,
            current,
        });
    }
    let (words, occupation): (Vec<&str>, &[&str]) =
        match tokens.iter().position(|t| t.eq_ignore_ascii_case("and")) {
            Some(and) => {
                let last = tokens
                    .get(and + 1)
                    .ok_or_else(|| fail("no descriptive word follows \"and\""))?;
                let mut words = tokens[..and].to_vec();
                words.push(last);
                (words, tokens.get(and + 2..).unwrap_or(&[]))
            }
            None => {
                let count = (tokens.len() - 1).min(3);
                (tokens[..count].to_vec(), &tokens[count..])
            }
        };
    if occupation.is_empty() {
        return Err(fail("no occupation follows the descriptive words"));
    }
    Ok(Sheet {
        name: name.to_owned(),
        words: words.into_iter().map(str::to_owned).collect(),
        occupation: occupation.join(" "),
        pool,
        current,
    })
}

const POOL_MISSING: &str =
    "it must end with the pool: a number such as 8, or 8/7 for maximum/current";
const POOL_TOO_BIG: &str = "its pool number is too large to read (Chi pools are 1 to 100)";

/// Splits trailing ASCII digits off `text`: `("barbarian", "8")`; `None` when there are none.
fn split_number(text: &str) -> Option<(&str, &str)> {
    let start = text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    (start < text.len()).then(|| text.split_at(start))
}

/// Writes the book's character line: `Name, w1, w2, and w3 occupation8`, with `/current` when the
/// current pool is below the maximum (`...barbarian8/7`), and a bare `orc3` for a minor NPC whose
/// name is its occupation.
pub fn format(character: &Sheet) -> String {
    let Sheet {
        name,
        words,
        occupation,
        pool,
        current,
    } = character;
    let pool = if current == pool {
        pool.to_string()
    } else {
        format!("{pool}/{current}")
    };
    let concept = match words.as_slice() {
        [] if name == occupation => return format!("{occupation}{pool}"),
        [] => occupation.clone(),
        [one] => format!("{one} {occupation}"),
        [first, second] => format!("{first} and {second} {occupation}"),
        [init @ .., last] => format!("{}, and {last} {occupation}", init.join(", ")),
    };
    format!("{name}, {concept}{pool}")
}

impl std::fmt::Display for Sheet {
    /// The book's character line (ruling C6), e.g. `Ragnar, fierce, arrogant, and savage barbarian8/7`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&format(self))
    }
}

/// The `[[characters]]` table as written: either `line`, or `name` and `pool` with the rest optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetInput {
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
    Table(SheetInput),
}

impl<'de> Deserialize<'de> for Written {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Written;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a character line such as \"orc3\", or a table with a line, or a name and a pool")
            }
            fn visit_str<E: serde::de::Error>(self, line: &str) -> Result<Written, E> {
                Ok(Written::Line(line.to_owned()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Written, A::Error> {
                SheetInput::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(Written::Table)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl<'de> Deserialize<'de> for Sheet {
    /// A character in any of its written forms (see [`Sheet`]); a form that does not read, or
    /// a line that does not parse, is refused with the reason in the reader's words.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let written = Written::deserialize(deserializer)?;
        Sheet::try_from(written).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<Written> for Sheet {
    type Error = String;

    fn try_from(written: Written) -> Result<Self, Self::Error> {
        match written {
            Written::Line(line) => parse(&line).map_err(|e| e.to_string()),
            Written::Table(input) => Sheet::try_from(input),
        }
    }
}

impl TryFrom<SheetInput> for Sheet {
    type Error = String;

    fn try_from(input: SheetInput) -> Result<Self, Self::Error> {
        if let Some(line) = input.line {
            if input.name.is_some()
                || !input.words.is_empty()
                || input.occupation.is_some()
                || input.pool.is_some()
            {
                return Err(
                    "a character is written either as a line or with a name, words, an \
                            occupation and a pool, not both (a current pool may go with either)"
                        .to_owned(),
                );
            }
            let mut character = parse(&line).map_err(|e| e.to_string())?;
            if let Some(current) = input.current {
                character.current = current;
            }
            return Ok(character);
        }
        let Some(name) = input.name else {
            return Err(
                "a character needs a name and a pool (or a line such as \"orc3\")".to_owned(),
            );
        };
        let Some(pool) = input.pool else {
            return Err(format!(
                "character {name:?} needs a pool: its maximum pool, 1 to {MAX_POOL} d6"
            ));
        };
        let occupation = input.occupation.unwrap_or_else(|| name.clone());
        Ok(Sheet {
            current: input.current.unwrap_or(pool),
            name,
            words: input.words,
            occupation,
            pool,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(name: &str, words: &[&str], occupation: &str, pool: u32, current: u32) -> Sheet {
        Sheet {
            name: name.into(),
            words: words.iter().map(|w| (*w).to_owned()).collect(),
            occupation: occupation.into(),
            pool,
            current,
        }
    }

    #[test]
    fn reads_the_books_lines() {
        assert_eq!(
            parse("Ragnar, fierce, arrogant, and savage barbarian8"),
            Ok(sheet(
                "Ragnar",
                &["fierce", "arrogant", "savage"],
                "barbarian",
                8,
                8
            ))
        );
        // The book's second line, stray comma and all.
        assert_eq!(
            parse("Capt. Dirk Rednova, ,dashing, handsome, and brave star marine7"),
            Ok(sheet(
                "Capt. Dirk Rednova",
                &["dashing", "handsome", "brave"],
                "star marine",
                7,
                7
            ))
        );
        assert_eq!(
            parse("Capt. Dirk Rednova, dashing, handsome, and brave, star marine7"),
            Ok(sheet(
                "Capt. Dirk Rednova",
                &["dashing", "handsome", "brave"],
                "star marine",
                7,
                7
            ))
        );
        assert_eq!(parse("orc3"), Ok(sheet("orc", &[], "orc", 3, 3)));
        assert_eq!(
            parse(" Ragnar , fierce,arrogant and savage barbarian 8/7 "),
            Ok(sheet(
                "Ragnar",
                &["fierce", "arrogant", "savage"],
                "barbarian",
                8,
                7
            ))
        );
        assert_eq!(
            parse("Ragnar, fierce, arrogant, savage barbarian8"),
            Ok(sheet(
                "Ragnar",
                &["fierce", "arrogant", "savage"],
                "barbarian",
                8,
                8
            ))
        );
        assert_eq!(parse("Grunt, orc3"), Ok(sheet("Grunt", &[], "orc", 3, 3)));
        // Stray separators: doubled commas, spaces around the pool, a sentence's full stop.
        assert_eq!(
            parse("Ragnar,, fierce ,arrogant,,and  savage   barbarian 8 / 7 ,."),
            Ok(sheet(
                "Ragnar",
                &["fierce", "arrogant", "savage"],
                "barbarian",
                8,
                7
            ))
        );
        assert_eq!(parse("orc 3."), Ok(sheet("orc", &[], "orc", 3, 3)));
        // More words after advancement (C5) read back with the `and` before the last.
        assert_eq!(
            parse("Ragnar, fierce, arrogant, savage, and wise barbarian9"),
            Ok(sheet(
                "Ragnar",
                &["fierce", "arrogant", "savage", "wise"],
                "barbarian",
                9,
                9
            ))
        );
    }

    #[test]
    fn refuses_lines_without_a_pool_or_an_occupation() {
        let err = parse("Ragnar, fierce barbarian").expect_err("refused");
        assert_eq!(
            err.to_string(),
            "The character line \"Ragnar, fierce barbarian\" does not read: it must end with the pool: a number such as 8, \
             or 8/7 for maximum/current"
        );
        assert_eq!(
            parse("Ragnar, fierce, and savage8")
                .expect_err("refused")
                .problem,
            "no occupation follows the descriptive words"
        );
        assert_eq!(
            parse("Ragnar, fierce and8").expect_err("refused").problem,
            "no descriptive word follows \"and\""
        );
        assert_eq!(
            parse("8").expect_err("refused").problem,
            "there is no name (or occupation) before the pool"
        );
        assert_eq!(parse("/8").expect_err("refused").problem, POOL_MISSING);
        assert_eq!(
            parse(", fierce, arrogant, and savage barbarian8")
                .expect_err("refused")
                .problem,
            "there is no name before the first comma"
        );
        assert_eq!(
            parse("orc99999999999").expect_err("refused").problem,
            POOL_TOO_BIG
        );
        assert_eq!(
            parse("orc-3").expect_err("refused").problem,
            "a pool cannot be negative: write the pool as 1 to 100 after the occupation"
        );
    }

    #[test]
    fn writes_the_books_lines() {
        let ragnar = sheet(
            "Ragnar",
            &["fierce", "arrogant", "savage"],
            "barbarian",
            8,
            8,
        );
        assert_eq!(
            format(&ragnar),
            "Ragnar, fierce, arrogant, and savage barbarian8"
        );
        assert_eq!(
            format(&Sheet {
                current: 7,
                ..ragnar
            }),
            "Ragnar, fierce, arrogant, and savage barbarian8/7"
        );
        assert_eq!(format(&sheet("orc", &[], "orc", 3, 3)), "orc3");
        assert_eq!(format(&sheet("Grunt", &[], "orc", 3, 2)), "Grunt, orc3/2");
    }
}
