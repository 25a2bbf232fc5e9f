//! Look-ups and checks shared by the command rules: the open problem, who is at the table, paying
//! influence (L5), and the wording of lists in messages.

use crate::character::{Character, GM, check_name};
use crate::error::Error;
use crate::event::{Event, Purpose};
use crate::problem::{Problem, Side};
use crate::state::State;

/// The open problem.
///
/// # Errors
/// [`Error::NotAllowed`] on `problem` when none is open.
pub fn open_problem(state: &State) -> Result<&Problem, Error> {
    state.problem.as_ref().ok_or_else(|| {
        Error::not_allowed(
            "problem",
            "none open",
            "an open problem (introduce_problem first; book: Problems)",
        )
    })
}

/// Checks that no problem is open (one problem at a time).
///
/// # Errors
/// [`Error::NotAllowed`] on `problem` naming the open one.
pub fn no_open_problem(state: &State) -> Result<(), Error> {
    match &state.problem {
        None => Ok(()),
        Some(open) => Err(Error::not_allowed(
            "problem",
            format!(
                "problem {} still open ({:?})",
                open.number, open.description
            ),
            format!(
                "no open problem: resolve problem {} first (one problem at a time)",
                open.number
            ),
        )),
    }
}

/// "proposed so far: player, gm" (or "none"), for messages.
pub fn proposed_sides(problem: &Problem) -> String {
    let sides: Vec<&str> = [Side::Player, Side::Gm]
        .into_iter()
        .filter(|s| problem.outcome(*s).is_some())
        .map(Side::name)
        .collect();
    format!("proposed so far: {}", list_or(&sides, "none"))
}

/// Checks that `who` (in `field`) is `"GM"` or a character at the table.
///
/// # Errors
/// [`Error::Text`] for a blank or overlong name; [`Error::NotAllowed`] listing who is at the table.
pub fn check_who(state: &State, field: &str, who: &str) -> Result<(), Error> {
    if who == GM {
        return Ok(());
    }
    check_name(field, who)?;
    if state.character(who).is_none() {
        return Err(Error::not_allowed(
            field,
            format!("{who:?}"),
            format!(
                "\"GM\" or a character at the table ({})",
                list_or(&state.names(), "none yet")
            ),
        ));
    }
    Ok(())
}

/// The character named `name` (in `field`).
///
/// # Errors
/// [`Error::Text`] for a blank or overlong name; [`Error::NotAllowed`] listing the characters.
pub fn known_character<'a>(
    state: &'a State,
    field: &str,
    name: &str,
) -> Result<&'a Character, Error> {
    check_name(field, name)?;
    state.character(name).ok_or_else(|| {
        Error::not_allowed(
            field,
            format!("{name:?}"),
            format!(
                "a character at the table ({})",
                list_or(&state.names(), "none yet")
            ),
        )
    })
}

/// `who` pays `cost` influence (1 or more) for `purpose` (L5). `given` is the value written in
/// `field`, for the message.
///
/// # Errors
/// [`Error::NotEnoughInfluence`] when `who` holds less than `cost` (influence never goes below 0).
pub fn spend(
    state: &State,
    field: &str,
    given: &str,
    who: &str,
    cost: i64,
    purpose: Purpose,
) -> Result<Event, Error> {
    let has = known_character(state, field, who)?.influence;
    if has < cost {
        return Err(Error::NotEnoughInfluence {
            field: field.to_string(),
            value: given.to_string(),
            cost,
            who: who.to_string(),
            has,
        });
    }
    Ok(Event::InfluenceSpent {
        who: who.to_string(),
        points: cost,
        left: has.saturating_sub(cost),
        purpose,
    })
}

/// The items joined with ", ", or `empty` when there are none.
pub fn list_or(items: &[&str], empty: &str) -> String {
    if items.is_empty() {
        empty.to_string()
    } else {
        items.join(", ")
    }
}
