//! Deciding a Freelancer command: the checks of rulings F1-F3 and the d100, giving events or a
//! [`FreelancerError`]. Pure: reads the state, rolls only through the [`DiceSource`] handed in.

use crate::character::{Character, Rating};
use crate::check::{Band, equalize, outcome};
use crate::command::{Command, RatingSource};
use crate::error::FreelancerError;
use crate::event::{Check, Event, Lifter, TaskCheck, TeamLift};
use crate::limits::{MAX_RATING, MAX_TEAM, MIN_TEAM};
use crate::state::State;
use skald_dice::{DiceSource, Die};

/// The percentile die: one value 1-100 (the tens and units d10 read together, 00 as 100; ruling F1).
pub const D100: Die = Die::Numbered(100);

/// Decides `command` against `state` (see [`Command`] for each command's errors and dice).
///
/// # Errors
/// [`FreelancerError`] naming the field, the value and what is allowed.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, FreelancerError> {
    match command {
        Command::Enroll { character } => {
            character.validate()?;
            if state.characters.contains_key(&character.name) {
                return Err(FreelancerError::AlreadyEnrolled {
                    name: character.name.clone(),
                });
            }
            Ok(vec![Event::Enrolled {
                character: character.clone(),
            }])
        }
        Command::TaskCheck {
            who,
            rating,
            difficulty,
            against,
            roll_anyway,
        } => {
            let character = find(state, "who", who)?;
            let (stat, value) = match *rating {
                RatingSource::Sheet(stat) => (Some(stat), sheet_rating(character, "rating", stat)?),
                RatingSource::Value(value) => {
                    FreelancerError::check_range(
                        "rating",
                        value,
                        0,
                        MAX_RATING,
                        "the rating used",
                    )?;
                    (None, value)
                }
            };
            let check = task_check(value, *difficulty, against, *roll_anyway, dice)?;
            Ok(vec![Event::TaskChecked(TaskCheck {
                who: who.clone(),
                stat,
                check,
            })])
        }
        Command::TeamLift {
            who,
            difficulty,
            roller,
            against,
            roll_anyway,
        } => {
            let count = who.len();
            if !(MIN_TEAM..=MAX_TEAM).contains(&count) {
                return Err(FreelancerError::TeamSize {
                    count,
                    min: MIN_TEAM,
                    max: MAX_TEAM,
                });
            }
            let mut team: Vec<(Lifter, u64)> = Vec::with_capacity(count);
            for name in who {
                if team.iter().any(|(lifter, _)| &lifter.who == name) {
                    return Err(FreelancerError::DuplicateMember { name: name.clone() });
                }
                let character = find(state, "who", name)?;
                let lft = sheet_rating(character, "who", Rating::Lft)?;
                let luck = character.ratings.get(&Rating::Lck).copied().unwrap_or(0);
                team.push((
                    Lifter {
                        who: name.clone(),
                        lft,
                    },
                    luck,
                ));
            }
            let roller = match roller {
                Some(name) if who.contains(name) => name.clone(),
                Some(name) => {
                    return Err(FreelancerError::RollerNotInTeam {
                        name: name.clone(),
                        team: who.join(", "),
                    });
                }
                None => best_luck(&team),
            };
            let total = team
                .iter()
                .fold(0u64, |sum, (lifter, _)| sum.saturating_add(lifter.lft));
            let check = task_check(total, *difficulty, against, *roll_anyway, dice)?;
            let team = team.into_iter().map(|(lifter, _)| lifter).collect();
            Ok(vec![Event::TeamLifted(TeamLift {
                team,
                roller,
                check,
            })])
        }
    }
}

/// The first listed member with the highest LCK (ties: first listed).
fn best_luck(team: &[(Lifter, u64)]) -> String {
    let mut best: Option<&(Lifter, u64)> = None;
    for member in team {
        if best.is_none_or(|(_, luck)| member.1 > *luck) {
            best = Some(member);
        }
    }
    best.map(|(lifter, _)| lifter.who.clone())
        .unwrap_or_default()
}

fn find<'a>(
    state: &'a State,
    field: &'static str,
    name: &str,
) -> Result<&'a Character, FreelancerError> {
    state
        .characters
        .get(name)
        .ok_or_else(|| FreelancerError::UnknownCharacter {
            field,
            name: name.to_owned(),
            known: state.names(),
        })
}

fn sheet_rating(
    character: &Character,
    field: &'static str,
    rating: Rating,
) -> Result<u64, FreelancerError> {
    character.ratings.get(&rating).copied().ok_or_else(|| {
        let has: Vec<&str> = character.ratings.keys().map(|r| r.abbreviation()).collect();
        FreelancerError::MissingRating {
            field,
            name: character.name.clone(),
            rating,
            has: if has.is_empty() {
                "none".to_owned()
            } else {
                has.join(", ")
            },
        }
    })
}

/// The task check proper (rulings F1-F3): equalize, band, roll the d100 if the band calls for it,
/// read the outcome. `rating` may be a team's sum (above 10^15); `difficulty` must be 0 to 10^15.
fn task_check(
    rating: u64,
    difficulty: u64,
    against: &Option<String>,
    roll_anyway: bool,
    dice: &mut dyn DiceSource,
) -> Result<Check, FreelancerError> {
    FreelancerError::check_range(
        "difficulty",
        difficulty,
        0,
        MAX_RATING,
        "the rating checked against",
    )?;
    if let Some(label) = against {
        FreelancerError::check_text("against", label)?;
    }
    let equalized = equalize(rating, difficulty);
    // Both are at most 999 once equalized, so the difference is -999 to 999.
    let difference = i64::try_from(equalized.difficulty).unwrap_or(i64::MAX)
        - i64::try_from(equalized.rating).unwrap_or(i64::MAX);
    let band = Band::of(difference);
    let roll = if band.rolls(roll_anyway) {
        let value = dice.roll(D100)?;
        Some(u32::try_from(value).unwrap_or(100))
    } else {
        None
    };
    let outcome = outcome(difference, roll);
    Ok(Check {
        rating,
        difficulty,
        against: against.clone(),
        equalized,
        difference,
        band,
        roll,
        outcome,
        success: outcome.succeeded(),
    })
}
