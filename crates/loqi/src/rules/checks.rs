//! Look-ups and checks shared by the command rules: the open problem, who is at the table, who can
//! take part in a problem (L8), paying influence (L5), and the wording of lists in messages.

use crate::error::Error;
use crate::model::{Character, Event, GM, Problem, Purpose, Side, State, Status};
use crate::rules::sheets::check_name;
use skald_core::RefusalKind;

/// The open problem.
///
/// # Errors
/// [`Error::NotAllowed`] on `problem` when none is open, saying when the last one was resolved
/// (L3: one roll decides a problem).
pub fn open_problem(state: &State) -> Result<&Problem, Error> {
    state.problem.as_ref().ok_or_else(|| match state.resolved.last() {
        Some(done) => Error::not_allowed(
            "problem",
            format!(
                "not open: problem {} is already resolved, for {}",
                done.problem.number,
                done.resolution.winner.outcome_phrase()
            ),
            "an open problem (L3: one roll decides a problem, and it is not rolled again; introduce a new one)",
        ),
        None => Error::not_allowed(
            "problem",
            "not introduced yet",
            "an open problem (introduce one first; book: Problems)",
        ),
    }
    .of_kind(RefusalKind::NotNow))
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
                "still open: problem {} ({:?})",
                open.number, open.description
            ),
            format!(
                "no open problem: resolve problem {} first (one problem at a time)",
                open.number
            ),
        )
        .of_kind(RefusalKind::NotNow)),
    }
}

/// "proposed so far: player, gm" (or "none"), for messages.
pub fn proposed_sides(problem: &Problem) -> String {
    let sides: Vec<&str> = [Side::Player, Side::Gm]
        .into_iter()
        .filter(|s| problem.outcome(*s).is_some())
        .map(Side::outcome_phrase)
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
        )
        .of_kind(RefusalKind::NotFound {
            name: who.to_owned(),
        }));
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
        .of_kind(RefusalKind::NotFound {
            name: name.to_owned(),
        })
    })
}

/// The character named `name` (in `field`), who must be a player's: an NPC, played by the GM,
/// holds no influence, so it neither pays nor is paid any (L5). `what` says what it would have done
/// ("spends influence", "is rewarded").
///
/// # Errors
/// As [`known_character`]; [`Error::NotAllowed`] for an NPC.
pub fn player_character<'a>(
    state: &'a State,
    field: &str,
    name: &str,
    what: &str,
) -> Result<&'a Character, Error> {
    let member = known_character(state, field, name)?;
    if member.npc {
        return Err(Error::not_allowed(
            field,
            format!("{name:?}"),
            format!(
                "a player's character: {name} is an NPC, played by the GM, and no NPC {what} (L5: influence is the players'; the GM's own is the table's option \"The GM has influence\")"
            ),
        ));
    }
    Ok(member)
}

/// The character named `name` (in `field`), who must be able to take part in a problem: not out and
/// not dead (L8).
///
/// # Errors
/// As [`known_character`]; [`Error::NotAllowed`] naming the character's strength when out or dead.
pub fn taking_part<'a>(state: &'a State, field: &str, name: &str) -> Result<&'a Character, Error> {
    let member = known_character(state, field, name)?;
    let status = member.status(&state.options);
    if status != Status::In {
        let current = member.strength.map_or(0, |s| s.current);
        return Err(Error::not_allowed(
            field,
            format!("{name:?}"),
            format!(
                "a character who can take part in a problem ({name} is {} at strength {current}; L8: out characters take no part)",
                status.name()
            ),
        ));
    }
    Ok(member)
}

/// `who` pays `cost` influence (1 or more) for `purpose` (L5): a character, or the GM under the
/// GM-influence option. `given` is the value written in `field`, for the message.
///
/// # Errors
/// [`Error::NotEnoughInfluence`] when `who` holds less than `cost` (influence never goes below 0);
/// [`Error::NotAllowed`] for the GM without the GM-influence option.
pub fn spend(
    state: &State,
    field: &str,
    given: &str,
    who: &str,
    cost: i64,
    purpose: Purpose,
) -> Result<Event, Error> {
    let has = if who == GM {
        state.gm_influence.ok_or_else(|| {
            Error::not_allowed(
                "who",
                "\"GM\"",
                "a character: the GM holds no influence at this table (L5; the table's option \"The GM has influence\" is off)",
            )
        })?
    } else {
        player_character(state, "who", who, "spends influence")
            .map_err(|e| e.at(field))?
            .influence
    };
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
