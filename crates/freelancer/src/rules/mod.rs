//! Deciding a Freelancer command: every rule checked against the state, dice rolled only through the
//! [`DiceSource`] handed in, giving events or a [`FreelancerError`]. Pure.
//!
//! [`checks`] decides task, team, chance and opposed checks (F1-F4); [`sheets`] enrolment, awards,
//! levels, ratings, vocations, AP, rests and safe areas (F7, F8); [`events`] events, initiative,
//! divided turns and turns taken (F5-F7).

pub mod checks;
pub mod events;
pub mod sheets;

use crate::character::{Rating, Sheet};
use crate::command::Command;
use crate::error::FreelancerError;
use crate::event::Event;
use crate::formula::EvalError;
use crate::state::State;
use crate::stats;
use skald_dice::{DiceSource, Die};

/// The percentile die: one value 1-100 (the tens and units d10 read together, 00 as 100; ruling F1).
pub const D100: Die = Die::Numbered(100);

/// Decides `command` against `state` (see [`Command`] for each command's errors and dice).
///
/// # Errors
/// [`FreelancerError`] naming the field, the value and what is allowed, and the ruling for a rule.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, FreelancerError> {
    match command {
        Command::Enroll { character } => sheets::enroll(state, character),
        Command::TaskCheck {
            who,
            rating,
            difficulty,
            opponent,
            opponent_rating,
            adjust,
            against,
            roll_anyway,
        } => {
            let request = checks::TaskRequest {
                who,
                rating,
                difficulty: difficulty.as_ref(),
                opponent: opponent.as_deref(),
                opponent_rating: *opponent_rating,
                adjust,
                against: against.as_deref(),
                roll_anyway: *roll_anyway,
            };
            checks::task_check(state, &request, dice)
        }
        Command::TeamLift {
            who,
            difficulty,
            roller,
            against,
            roll_anyway,
        } => checks::team_lift(
            state,
            who,
            difficulty.as_ref(),
            roller.as_ref(),
            against.as_deref(),
            *roll_anyway,
            dice,
        ),
        Command::ChanceCheck {
            who,
            chance,
            against,
        } => checks::chance_check(state, who, chance, against.as_deref(), dice),
        Command::OpposedCheck {
            a,
            b,
            method,
            against,
        } => checks::opposed_check(state, a, b, *method, against.as_deref(), dice),
        Command::Award {
            who,
            xp,
            ap,
            reason,
        } => sheets::award(state, who, xp.as_ref(), ap.as_ref(), reason),
        Command::LevelUp { who, reason } => sheets::level_up(state, who, reason.as_deref()),
        Command::SetRating {
            who,
            rating,
            value,
            reason,
        } => sheets::set_rating(state, who, *rating, value, reason),
        Command::ChangeVocation { who, vocation } => sheets::change_vocation(state, who, vocation),
        Command::SpendAp {
            who,
            ability,
            path,
            cost,
        } => sheets::spend_ap(state, who, ability, path, cost),
        Command::Rest { who } => sheets::rest(state, who.as_deref()),
        Command::EndRest { who } => sheets::end_rest(state, who.as_deref()),
        Command::EnterSafeArea { place } => sheets::enter_safe_area(state, place),
        Command::LeaveSafeArea {} => sheets::leave_safe_area(state),
        Command::StartEvent { name, who } => events::start(state, name, who),
        Command::DeclareTotalAction { who } => events::declare_total_action(state, who),
        Command::Initiative { total_actions } => events::initiative(state, total_actions, dice),
        Command::Divide { who, actions } => events::divide(state, who, actions, dice),
        Command::Act {
            who,
            full,
            empty,
            what,
        } => events::act(state, who, full.as_ref(), empty.as_ref(), what.as_deref()),
        Command::EndEvent {} => events::end(state),
    }
}

/// The sheet of `name`, named in `field`.
///
/// # Errors
/// [`FreelancerError::UnknownCharacter`].
pub fn find<'a>(state: &'a State, field: &str, name: &str) -> Result<&'a Sheet, FreelancerError> {
    state
        .characters
        .get(name)
        .ok_or_else(|| FreelancerError::UnknownCharacter {
            field: field.to_owned(),
            name: name.to_owned(),
            known: state.names(),
        })
}

/// The full sheet (PC or NPC) of `name`; an Encounter Sheet is refused under `rule` because `what`
/// needs a full sheet.
///
/// # Errors
/// [`FreelancerError::UnknownCharacter`]; [`FreelancerError::Refused`] for an Encounter Sheet.
pub fn find_full<'a>(
    state: &'a State,
    field: &str,
    name: &str,
    rule: &'static str,
    what: &str,
) -> Result<&'a Sheet, FreelancerError> {
    let sheet = find(state, field, name)?;
    if !sheet.kind.is_full() {
        return Err(FreelancerError::Refused {
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
/// [`FreelancerError::MissingRating`] when neither gives one (a formula missing an attribute
/// included); [`FreelancerError::Formula`] when the formula's result is out of range.
pub fn rating_of(
    state: &State,
    sheet: &Sheet,
    field: &str,
    rating: Rating,
) -> Result<u128, FreelancerError> {
    match stats::value(&state.options, sheet, rating) {
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
            Err(FreelancerError::MissingRating {
                field: field.to_owned(),
                value,
                name: sheet.name.clone(),
                rating,
                has: if has.is_empty() {
                    "none".to_owned()
                } else {
                    has.join(", ")
                },
            })
        }
        Some(Err(problem)) => Err(FreelancerError::Formula {
            name: sheet.name.clone(),
            stat: rating,
            formula: state
                .options
                .formulas
                .get(&rating)
                .map(|f| f.source().to_owned())
                .unwrap_or_default(),
            problem: problem.to_string(),
        }),
    }
}

/// Rolls the d100 (F1).
///
/// # Errors
/// [`FreelancerError::Dice`] when the source fails.
pub fn roll_d100(dice: &mut dyn DiceSource) -> Result<u32, FreelancerError> {
    let value = dice.roll(D100)?;
    Ok(u32::try_from(value).unwrap_or(100))
}

/// Checks a list of names in `field`: `min..=max` of them, none twice, each at the table.
///
/// # Errors
/// [`FreelancerError::OutOfRange`] for the count; [`FreelancerError::Refused`] for a name twice (under
/// `rule`); [`FreelancerError::UnknownCharacter`].
pub fn check_names(
    state: &State,
    field: &str,
    names: &[String],
    (min, max): (usize, usize),
    rule: &'static str,
    why: &'static str,
) -> Result<(), FreelancerError> {
    FreelancerError::check_count(field, names.len(), min, max, why)?;
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(FreelancerError::Refused {
                rule,
                message: format!("`{field}` lists {name:?} twice"),
            });
        }
        find(state, field, name)?;
    }
    Ok(())
}
