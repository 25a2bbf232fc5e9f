//! The characters at the table: `enroll` (a checked sheet) and `change_trait`, the free character
//! change the GM approves (book: Making Characters, Changing A Character).

use crate::error::Error;
use crate::limits;
use crate::model::{ChangeCause, Event, Lasts, Sheet, State};
use crate::rules::checks::{known_character, no_open_problem};
use crate::rules::sheets::{check_rating, count};

/// `enroll`: a sheet checked against the table's options, with a name new to the table.
///
/// # Errors
/// [`Error`] for a sheet out of bounds (see [`Sheet::validate`]), a full table or a name taken;
/// a sheet's refusals are placed inside `character` (`character.traits.1.rating`) for a page's
/// builder to show beside the blank.
pub fn enroll(state: &State, character: &Sheet) -> Result<Vec<Event>, Error> {
    character
        .validate(&state.options)
        .map_err(|e| e.within("character"))?;
    if state.characters.len() >= limits::MAX_CHARACTERS {
        return Err(Error::OutOfRange {
            field: "number of characters".into(),
            value: count(state.characters.len().saturating_add(1)),
            min: 0,
            max: count(limits::MAX_CHARACTERS),
            rule: "Skald limit",
        });
    }
    let lower = character.name.to_lowercase();
    if let Some(taken) = state
        .characters
        .iter()
        .find(|c| c.name.to_lowercase() == lower)
    {
        return Err(Error::not_allowed(
            "name",
            format!("{:?}", character.name),
            format!("a name not at the table yet ({:?} is)", taken.name),
        )
        .of_kind(skald_core::RefusalKind::Taken {
            name: character.name.clone(),
        })
        .within("character"));
    }
    Ok(vec![Event::Enrolled {
        character: character.clone(),
    }])
}

/// The fields of a `change_trait` command (see [`crate::Command::ChangeTrait`]).
#[derive(Debug, Clone, Copy)]
pub struct FreeChange<'a> {
    /// Whose trait.
    pub character: &'a str,
    /// The trait.
    pub trait_name: &'a str,
    /// The new permanent rating: 0 removes the trait.
    pub rating: i64,
    /// For a new trait: harmful or not.
    pub harmful: Option<bool>,
    /// Why.
    pub reason: &'a str,
    /// The GM's approval.
    pub approved: bool,
}

/// `change_trait`: sets a trait's permanent rating with the GM's approval (book: Changing A
/// Character, free change). Temporary changes in force stay on top of it.
///
/// # Errors
/// [`Error`] when free changes are off, the GM has not approved, a problem is open, the character is
/// unknown, the rating is out of range or already the trait's, or the change breaks a trait's range
/// (see [`crate::model::Character::plan_change`]).
pub fn change_trait(state: &State, request: FreeChange<'_>) -> Result<Vec<Event>, Error> {
    let FreeChange {
        character,
        trait_name,
        rating,
        harmful,
        reason,
        approved,
    } = request;
    if !state.options.free_changes {
        return Err(Error::not_allowed(
            "do",
            "a free change",
            "a change through a problem's outcome: this table changes characters only through problems (the table's option \"Free changes\" is off; book: Changing A Character)",
        ));
    }
    if !approved {
        return Err(Error::not_allowed(
            "approved",
            "not given",
            "given: a free change needs the GM's approval (book: Changing A Character)",
        ));
    }
    no_open_problem(state)?;
    let member = known_character(state, "character", character)?;
    Error::check_text("reason", reason, limits::REASON_CHARS)?;
    if rating != 0 {
        check_rating("rating", rating, &state.options)?;
    }
    let permanent = member
        .traits
        .iter()
        .find(|t| t.name == trait_name)
        .map_or(0, |t| t.rating);
    let rating_change = rating.saturating_sub(permanent);
    if rating_change == 0 {
        return Err(Error::not_allowed(
            "rating",
            rating.to_string(),
            format!(
                "a rating other than {trait_name}'s permanent {permanent}: a change changes something"
            ),
        ));
    }
    let change = member.plan_change(
        "",
        trait_name,
        rating_change,
        harmful,
        Lasts::Permanent,
        &state.options,
    )?;
    Ok(vec![Event::TraitChanged {
        character: member.name.clone(),
        trait_name: change.trait_name,
        rating_change: change.rating_change,
        harmful: change.harmful,
        lasts: change.lasts,
        from: change.from,
        to: change.to,
        cause: ChangeCause::Free(reason.to_string()),
    }])
}
