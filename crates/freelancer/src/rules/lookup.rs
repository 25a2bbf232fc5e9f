//! Finding what a command names at the table: a character's sheet (full or not), the value of a
//! rating (the sheet's, else the table's formula, F8), a list of names.

use crate::error::Error;
use crate::model::formula::EvalError;
use crate::model::sheet::{Character, Rating};
use crate::model::state::State;
use crate::rules::stats;

/// The sheet of `name`, named in `field`.
///
/// # Errors
/// [`Error::UnknownCharacter`].
pub fn find<'a>(state: &'a State, field: &str, name: &str) -> Result<&'a Character, Error> {
    state
        .characters
        .get(name)
        .ok_or_else(|| Error::UnknownCharacter {
            field: field.to_owned(),
            name: name.to_owned(),
            known: state.names(),
        })
}

/// The full sheet (PC or NPC) of `name`; an Encounter Sheet is refused under `rule` because `what`
/// needs a full sheet.
///
/// # Errors
/// [`Error::UnknownCharacter`]; [`Error::Refused`] for an Encounter Sheet.
pub fn find_full<'a>(
    state: &'a State,
    field: &str,
    name: &str,
    rule: &'static str,
    what: &str,
) -> Result<&'a Character, Error> {
    let sheet = find(state, field, name)?;
    if !sheet.kind.is_full() {
        return Err(Error::Invalid {
            field: field.to_owned(),
            rule,
            message: format!(
                "`{field}` is {name:?}, but {name} has an Encounter Sheet, and {what} needs a full \
                 sheet (kind = \"pc\" or \"npc\")"
            ),
        });
    }
    Ok(sheet)
}

/// The value of `rating` for `sheet` (the sheet's, else the table's formula), named in `field`.
///
/// # Errors
/// [`Error::MissingRating`] when neither gives one (a formula missing an attribute
/// included); [`Error::Formula`] when the formula's result is out of range.
pub fn rating_of(
    state: &State,
    sheet: &Character,
    field: &str,
    rating: Rating,
) -> Result<u128, Error> {
    match stats::value(&state.formulas, sheet, rating) {
        Some(Ok((value, _))) => Ok(value),
        None | Some(Err(EvalError::Missing(_))) => {
            let has: Vec<&str> = sheet.ratings.keys().map(|r| r.abbreviation()).collect();
            // A field naming the rating (`rating`, `a.rating`, `opponent_rating`) has the rating as its
            // value; the others (`who`) name the character.
            let value = if field.ends_with("rating") {
                format!("\"{rating}\"")
            } else {
                format!("{:?}", sheet.name)
            };
            Err(Error::MissingRating {
                field: field.to_owned(),
                value,
                name: sheet.name.clone(),
                rating: rating.abbreviation(),
                has: if has.is_empty() {
                    "none".to_owned()
                } else {
                    has.join(", ")
                },
            })
        }
        Some(Err(problem)) => Err(Error::Formula {
            name: sheet.name.clone(),
            stat: rating.abbreviation(),
            formula: state
                .formulas
                .get(&rating)
                .map(|f| f.source().to_owned())
                .unwrap_or_default(),
            problem: problem.to_string(),
        }),
    }
}

/// Checks a list of names in `field`: `min..=max` of them, none twice, each at the table.
///
/// # Errors
/// [`Error::OutOfRange`] for the count; [`Error::Refused`] for a name twice (under
/// `rule`); [`Error::UnknownCharacter`].
pub fn check_names(
    state: &State,
    field: &str,
    names: &[String],
    (min, max): (usize, usize),
    rule: &'static str,
    why: &'static str,
) -> Result<(), Error> {
    Error::check_count(field, names.len(), min, max, why)?;
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(Error::Invalid {
                field: field.to_owned(),
                rule,
                message: format!("`{field}` lists {name:?} twice"),
            });
        }
        find(state, field, name)?;
    }
    Ok(())
}
