//! Sheets at the table: enrolment (`enroll`: the sheet's bounds, one name per character; book,
//! Character Creation; rulings C5, C6), and finding a character at the table by the name a command
//! gives.

use crate::error::Error;
use crate::limits::{MAX_POOL, MAX_TEXT, MAX_WORDS, MIN_WORDS};
use crate::model::event::Event;
use crate::model::sheet::Sheet;
use crate::model::state::{Character, State};

/// Checks every bound on the sheet: `name` and `occupation` 1 to [`MAX_TEXT`] characters, no
/// descriptive word (a minor NPC) or [`MIN_WORDS`] to [`MAX_WORDS`] of them, each 1 to [`MAX_TEXT`]
/// characters; `pool` 1 to [`MAX_POOL`] d6; `current` 0 to `pool` (C5).
///
/// # Errors
/// [`Error::OutOfRange`] for `pool` outside 1-100 or `current` outside 0-`pool`;
/// [`Error::TextLength`] for a name, occupation or word outside 1-64 characters;
/// [`Error::ConceptWords`] for a word count other than 0 or 3-12.
pub fn validate(sheet: &Sheet) -> Result<(), Error> {
    check_text("name", &sheet.name, MAX_TEXT)?;
    check_text("occupation", &sheet.occupation, MAX_TEXT)?;
    let count = sheet.words.len();
    if count != 0 && !(MIN_WORDS..=MAX_WORDS).contains(&count) {
        return Err(Error::ConceptWords {
            field: "words",
            name: sheet.name.clone(),
            count,
            min: MIN_WORDS,
            max: MAX_WORDS,
        });
    }
    for word in &sheet.words {
        check_text("words", word, MAX_TEXT)?;
    }
    Error::check_range("pool", sheet.pool, 1, MAX_POOL, "the maximum pool, in d6")?;
    Error::check_range(
        "current",
        sheet.current,
        0,
        sheet.pool,
        "the current pool is at most the maximum",
    )?;
    Ok(())
}

/// Checks that `value` is not blank and at most `max` characters long.
pub(crate) fn check_text(field: &'static str, value: &str, max: usize) -> Result<(), Error> {
    let len = value.chars().count();
    if value.trim().is_empty() || len > max {
        return Err(Error::TextLength {
            field,
            value: value.chars().take(max + 16).collect(),
            len,
            min: 1,
            max,
        });
    }
    Ok(())
}

/// `enroll`: the sheet's bounds ([`validate`]), and a name not yet at the table.
pub(crate) fn enroll(state: &State, sheet: &Sheet) -> Result<Vec<Event>, Error> {
    validate(sheet)?;
    if state.characters.contains_key(&sheet.name) {
        return Err(Error::AlreadyEnrolled {
            name: sheet.name.clone(),
        });
    }
    Ok(vec![Event::Enrolled {
        character: sheet.clone(),
    }])
}

/// The character at the table named `who`, or [`Error::UnknownCharacter`] naming `field` and who is at the table.
pub(crate) fn character<'a>(
    state: &'a State,
    field: &'static str,
    who: &str,
) -> Result<&'a Character, Error> {
    state
        .characters
        .get(who)
        .ok_or_else(|| Error::UnknownCharacter {
            field,
            name: who.to_owned(),
            known: state.names(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(words: &[&str], pool: u32) -> Sheet {
        Sheet {
            name: "Ragnar".into(),
            words: words.iter().map(|w| (*w).to_owned()).collect(),
            occupation: "barbarian".into(),
            pool,
            current: pool,
        }
    }

    #[test]
    fn a_refusal_carries_the_field_the_value_and_the_range() {
        assert_eq!(
            validate(&sheet(&["fierce", "arrogant"], 8)),
            Err(Error::ConceptWords {
                field: "words",
                name: "Ragnar".into(),
                count: 2,
                min: MIN_WORDS,
                max: MAX_WORDS,
            })
        );
        assert_eq!(
            validate(&sheet(&[], 101)),
            Err(Error::OutOfRange {
                field: "pool",
                value: 101,
                min: 1,
                max: i64::from(MAX_POOL),
                why: "the maximum pool, in d6",
            })
        );
        let Err(Error::TextLength {
            field,
            len,
            min,
            max,
            ..
        }) = validate(&sheet(&["x".repeat(65).as_str(), "b", "c"], 8))
        else {
            panic!("a word of 65 characters is refused");
        };
        assert_eq!((field, len, min, max), ("words", 65, 1, MAX_TEXT));
    }
}
