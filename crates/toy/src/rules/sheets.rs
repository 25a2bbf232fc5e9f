//! Enrolment: a sheet checked against its ranges and the table (Y1).

use crate::error::Error;
use crate::limits::{MAX_NAME, MAX_SKILL, MIN_SKILL};
use crate::model::event::Event;
use crate::model::sheet::Sheet;
use crate::model::state::State;

/// Puts `sheet` at the table.
///
/// # Errors
/// A name blank, longer than [`MAX_NAME`] or already at the table; a skill outside
/// [`MIN_SKILL`] to [`MAX_SKILL`] (Y1).
pub fn enroll(state: &State, sheet: &Sheet) -> Result<Vec<Event>, Error> {
    let name = sheet.name.trim();
    if name.is_empty() || name != sheet.name || sheet.name.chars().count() > MAX_NAME {
        return Err(Error::NameLength {
            field: "character.name",
            value: sheet.name.clone(),
            max: MAX_NAME,
        });
    }
    if state.character(name).is_some() {
        return Err(Error::NameTaken {
            field: "character.name",
            value: sheet.name.clone(),
        });
    }
    if !(MIN_SKILL..=MAX_SKILL).contains(&sheet.skill) {
        return Err(Error::OutOfRange {
            field: "character.skill",
            what: "skill",
            value: i64::from(sheet.skill),
            min: i64::from(MIN_SKILL),
            max: i64::from(MAX_SKILL),
            why: "Y1",
        });
    }
    Ok(vec![Event::Enrolled {
        character: sheet.clone(),
    }])
}
