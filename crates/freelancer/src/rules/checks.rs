//! Deciding checks: the task check against a difficulty or an NPC's rating, the team lift, the plain
//! percentile check (F1-F3) and the opposed check between characters (F4). Each event carries the
//! exact odds as they stood before the roll.

use super::dice::roll_d100;
use super::lookup::{find, find_full, rating_of};
use crate::error::Error;
use crate::limits::{MAX_CHANCE, MAX_RATING, MAX_TEAM, MAX_TEXT, MIN_TEAM};
use crate::model::adjustment::Adjusted;
use crate::model::check::{Band, Consequence};
use crate::model::command::{Contestant, RatingSource};
use crate::model::event::{
    ChanceCheck, Check, ContestResult, Event, Lifter, OpposedChances, OpposedCheck, TaskCheck,
    TeamLift,
};
use crate::model::number::{Number, NumberInput};
use crate::model::options::{BothMiss, OpposedMethod};
use crate::model::sheet::Rating;
use crate::model::state::State;
use crate::rules::adjust::apply_all;
use crate::rules::chances as odds;
use crate::rules::opposed::{PUNISHING_GAP, Side, gap, margin, reduce, winner, without_roll};
use crate::rules::task_check::{chance_outcome, difference, equalize, is_botch, is_crit, outcome};
use skald_dice::DiceSource;

/// A rating from a sheet or a number, for `field`: the value and the stat named, if any.
fn rating_from(
    state: &State,
    who: &str,
    field: &str,
    source: &RatingSource,
) -> Result<(u128, Option<Rating>), Error> {
    match source {
        RatingSource::Sheet(rating) => {
            let sheet = find(state, "who", who)?;
            Ok((rating_of(state, sheet, field, *rating)?, Some(*rating)))
        }
        RatingSource::Value(input) => Ok((
            input.check(field, 0, MAX_RATING, "the rating used, F3")?,
            None,
        )),
    }
}

/// A task check's fields, as the command gives them.
#[derive(Debug, Clone, Copy)]
pub struct TaskRequest<'a> {
    /// The character making the check.
    pub who: &'a str,
    /// The rating used.
    pub rating: &'a RatingSource,
    /// The difficulty, if given as a number.
    pub difficulty: Option<&'a NumberInput>,
    /// The NPC whose rating is the difficulty, if any.
    pub opponent: Option<&'a str>,
    /// That NPC's rating.
    pub opponent_rating: Option<Rating>,
    /// Adjustments to the rating.
    pub adjust: &'a [crate::model::adjustment::Adjustment],
    /// The label for the log.
    pub against: Option<&'a str>,
    /// The retired `roll_anyway` field as sent: `true` is refused (F3).
    pub roll_anyway: bool,
}

/// Refuses the retired `roll_anyway = true` (RULINGS F3: a check at 151 or more fails with no roll
/// as a Botch, so nothing is rolled anyway); `false` (what older logs wrote) passes.
fn no_roll_anyway(roll_anyway: bool) -> Result<(), Error> {
    if roll_anyway {
        return Err(Error::roll_anyway_retired(
            "roll_anyway",
            "true",
            "false or left out",
        ));
    }
    Ok(())
}

/// Decides `task_check` (F1-F3).
///
/// # Errors
/// See [`crate::Command::TaskCheck`].
pub fn task_check(
    state: &State,
    request: &TaskRequest<'_>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let TaskRequest {
        who,
        rating,
        difficulty,
        opponent,
        opponent_rating,
        adjust,
        against,
        roll_anyway,
    } = *request;
    find(state, "who", who)?;
    no_roll_anyway(roll_anyway)?;
    let (value, stat) = rating_from(state, who, "rating", rating)?;
    let (value, adjustments) = apply_all("adjust", value, adjust)?;
    let difficulty = match (difficulty, opponent) {
        (Some(_), Some(_)) => {
            return Err(Error::Refused {
                rule: "F3",
                message: "both `difficulty` and `opponent` are given, but a task check has one \
                          difficulty: give one of them"
                    .into(),
            });
        }
        (None, None) => return Err(Error::MissingDifficulty),
        (Some(number), None) => {
            if let Some(rating) = opponent_rating {
                return Err(Error::Invalid {
                    field: "opponent_rating".into(),
                    rule: "F3",
                    message: format!(
                        "`opponent_rating` is \"{rating}\", but no `opponent` is named whose rating \
                         it would be"
                    ),
                });
            }
            number.check("difficulty", 0, MAX_RATING, "the task's difficulty, F3")?
        }
        (None, Some(name)) => opponent_difficulty(state, who, name, opponent_rating)?,
    };
    let check = run_check(value, difficulty, against, dice)?;
    Ok(vec![Event::TaskChecked(TaskCheck {
        who: who.to_owned(),
        stat,
        opponent: opponent.map(str::to_owned),
        opponent_rating,
        adjustments,
        check,
    })])
}

/// The difficulty an NPC's rating sets: the NPC must have an Encounter Sheet (checks against full
/// sheets are opposed checks, F4) and the rating.
fn opponent_difficulty(
    state: &State,
    who: &str,
    name: &str,
    rating: Option<Rating>,
) -> Result<u128, Error> {
    let sheet = find(state, "opponent", name)?;
    if name == who {
        return Err(Error::Invalid {
            field: "opponent".into(),
            rule: "F3",
            message: format!("`opponent` is {name:?}, the character making the check"),
        });
    }
    if sheet.kind.is_full() {
        return Err(Error::Invalid {
            field: "opponent".into(),
            rule: "F4",
            message: format!(
                "`opponent` is {name:?}, but {name} has a full sheet, and a check between characters \
                 with full sheets is an `opposed_check`"
            ),
        });
    }
    let Some(rating) = rating else {
        return Err(Error::Invalid {
            field: "opponent".into(),
            rule: "F3",
            message: format!(
                "`opponent` is {name:?}, but no `opponent_rating` says which of {name}'s ratings is \
                 the difficulty"
            ),
        });
    };
    rating_of(state, sheet, "opponent_rating", rating)
}

/// Decides `team_lift` (F1-F3, LFT added up).
///
/// # Errors
/// See [`crate::Command::TeamLift`].
pub fn team_lift(
    state: &State,
    who: &[String],
    difficulty: Option<&NumberInput>,
    roller: Option<&String>,
    against: Option<&str>,
    roll_anyway: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    no_roll_anyway(roll_anyway)?;
    let count = who.len();
    if !(MIN_TEAM..=MAX_TEAM).contains(&count) {
        return Err(Error::Invalid {
            field: "who".into(),
            rule: "F3",
            message: format!(
                "`who` names {count}, but a team lift takes {MIN_TEAM} to {MAX_TEAM} characters (one \
                 alone makes a `task_check` with rating = \"LFT\")"
            ),
        });
    }
    let mut team: Vec<(Lifter, u128)> = Vec::with_capacity(count);
    for name in who {
        if team.iter().any(|(lifter, _)| &lifter.who == name) {
            return Err(Error::Invalid {
                field: "who".into(),
                rule: "F3",
                message: format!("`who` lists {name:?} twice, but each member lends its LFT once"),
            });
        }
        let sheet = find(state, "who", name)?;
        let lft = rating_of(state, sheet, "who", Rating::Lft)?;
        // A sheet without LCK counts as 0 for choosing the roller.
        let luck = rating_of(state, sheet, "who", Rating::Lck).unwrap_or_default();
        team.push((
            Lifter {
                who: name.clone(),
                lft: Number(lft),
            },
            luck,
        ));
    }
    let roller = match roller {
        Some(name) if who.contains(name) => name.clone(),
        Some(name) => {
            return Err(Error::Invalid {
                field: "roller".into(),
                rule: "F3",
                message: format!(
                    "`roller` is {name:?}, but the roller must be one of the team: {}",
                    who.join(", ")
                ),
            });
        }
        None => best_luck(&team),
    };
    let Some(difficulty) = difficulty else {
        return Err(Error::MissingDifficulty);
    };
    let difficulty = difficulty.check("difficulty", 0, MAX_RATING, "the load's rating, F3")?;
    // At most 12 * 10^30: far inside u128.
    let total = team.iter().map(|(lifter, _)| lifter.lft.get()).sum();
    let check = run_check(total, difficulty, against, dice)?;
    let team = team.into_iter().map(|(lifter, _)| lifter).collect();
    Ok(vec![Event::TeamLifted(TeamLift {
        team,
        roller,
        check,
    })])
}

/// The first listed member with the highest LCK (ties: first listed).
fn best_luck(team: &[(Lifter, u128)]) -> String {
    let mut best: Option<&(Lifter, u128)> = None;
    for member in team {
        if best.is_none_or(|(_, luck)| member.1 > *luck) {
            best = Some(member);
        }
    }
    best.map(|(lifter, _)| lifter.who.clone())
        .unwrap_or_default()
}

/// The task check proper (rulings F1-F3): equalize, band, odds, roll the d100 if the band calls for it
/// (not at 0 or less, nor at 151 or more), read the outcome and its consequence.
fn run_check(
    rating: u128,
    difficulty: u128,
    against: Option<&str>,
    dice: &mut dyn DiceSource,
) -> Result<Check, Error> {
    if let Some(label) = against {
        Error::check_text("against", label, MAX_TEXT)?;
    }
    let equalized = equalize(rating, difficulty);
    let difference = difference(&equalized);
    let band = Band::of(difference);
    let odds = odds::written(odds::task_check(difference)?);
    let roll = if band.rolls() {
        Some(roll_d100(dice)?)
    } else {
        None
    };
    let outcome = outcome(difference, roll);
    Ok(Check {
        rating: Number(rating),
        difficulty: Number(difficulty),
        against: against.map(str::to_owned),
        equalized,
        difference,
        band,
        odds,
        roll,
        outcome,
        success: outcome.succeeded(),
        consequence: Consequence::of(band, outcome),
    })
}

/// Decides `chance_check` (F1).
///
/// # Errors
/// See [`Command::ChanceCheck`](crate::model::command::Command::ChanceCheck).
pub fn chance_check(
    state: &State,
    who: &str,
    chance: &NumberInput,
    against: Option<&str>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    find(state, "who", who)?;
    let chance = chance.check(
        "chance",
        0,
        MAX_CHANCE,
        "a chance of success in percent, F1",
    )?;
    let chance = u32::try_from(chance).unwrap_or(100);
    if let Some(label) = against {
        Error::check_text("against", label, MAX_TEXT)?;
    }
    let odds = odds::written(odds::plain(chance)?);
    let roll = roll_d100(dice)?;
    let outcome = chance_outcome(chance, roll);
    Ok(vec![Event::ChanceChecked(ChanceCheck {
        who: who.to_owned(),
        chance,
        against: against.map(str::to_owned),
        odds,
        roll,
        outcome,
        success: outcome.succeeded(),
        consequence: if outcome.succeeded() {
            Consequence::None
        } else if outcome == crate::model::check::Outcome::Botch {
            Consequence::Botch
        } else {
            Consequence::Failure
        },
    })])
}

/// One side checked: name, stat, rating, adjustments, adjusted rating.
struct SideIn {
    who: String,
    stat: Option<Rating>,
    rating: u128,
    adjustments: Vec<Adjusted>,
    adjusted: u128,
}

fn contestant(state: &State, side: &Contestant, prefix: &str) -> Result<SideIn, Error> {
    find_full(
        state,
        &format!("{prefix}.who"),
        &side.who,
        "F4",
        "an opposed check between characters (a check against an NPC with an Encounter Sheet is a \
         `task_check` with `opponent`)",
    )?;
    let (rating, stat) = rating_from(state, &side.who, &format!("{prefix}.rating"), &side.rating)?;
    let (adjusted, adjustments) = apply_all(&format!("{prefix}.adjust"), rating, &side.adjust)?;
    Ok(SideIn {
        who: side.who.clone(),
        stat,
        rating,
        adjustments,
        adjusted,
    })
}

/// Decides `opposed_check` (F4).
///
/// # Errors
/// See [`Command::OpposedCheck`](crate::model::command::Command::OpposedCheck).
pub fn opposed_check(
    state: &State,
    a: &Contestant,
    b: &Contestant,
    method: Option<OpposedMethod>,
    against: Option<&str>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let first = contestant(state, a, "a")?;
    let second = contestant(state, b, "b")?;
    if first.who == second.who {
        return Err(Error::Invalid {
            field: "b.who".into(),
            rule: "F4",
            message: format!(
                "`a.who` and `b.who` are both {:?}, but an opposed check is between two characters",
                first.who
            ),
        });
    }
    if let Some(label) = against {
        Error::check_text("against", label, MAX_TEXT)?;
    }
    let method = method.unwrap_or(state.options.opposed);
    let reduced = reduce(first.adjusted, second.adjusted, method);
    let gap = gap(first.adjusted, second.adjusted);
    let settled = without_roll(&reduced);
    let odds = match settled {
        Some(result) => {
            let certain = |yes: bool| if yes { "1" } else { "0" }.to_owned();
            let (pa, pb) = (result == Some(Side::A), result == Some(Side::B));
            OpposedChances {
                p_a: certain(pa),
                p_b: certain(pb),
                p_neither: certain(result.is_none()),
                p_a_eventually: result.map(|_| certain(pa)),
                p_b_eventually: result.map(|_| certain(pb)),
            }
        }
        None => {
            let o = odds::opposed(reduced.a, reduced.b)?;
            OpposedChances {
                p_a: o.a.to_string(),
                p_b: o.b.to_string(),
                p_neither: o.neither.to_string(),
                p_a_eventually: o.a_eventually.map(|f| f.to_string()),
                p_b_eventually: o.b_eventually.map(|f| f.to_string()),
            }
        }
    };
    let (rolls, result) = match settled {
        Some(result) => ((None, None), result),
        None => {
            let (ra, rb) = (roll_d100(dice)?, roll_d100(dice)?);
            let result = winner(margin(reduced.a, ra), margin(reduced.b, rb));
            ((Some(ra), Some(rb)), result)
        }
    };
    // Reduced ratings and margins are at most 999.
    let small = |n: u128| u64::try_from(n).unwrap_or(u64::MAX);
    let side_out = |side: SideIn, reduced: u128, roll: Option<u32>| ContestResult {
        who: side.who,
        stat: side.stat,
        rating: Number(side.rating),
        adjustments: side.adjustments,
        adjusted: Number(side.adjusted),
        reduced: small(reduced),
        roll,
        margin: roll.and_then(|r| margin(reduced, r)).map(small),
        crit: roll.is_some_and(is_crit),
        botch: roll.is_some_and(is_botch),
    };
    let winner = match result {
        Some(Side::A) => Some(first.who.clone()),
        Some(Side::B) => Some(second.who.clone()),
        None => None,
    };
    let automatic = settled.is_some();
    Ok(vec![Event::OpposedChecked(Box::new(OpposedCheck {
        method,
        against: against.map(str::to_owned),
        a: side_out(first, reduced.a, rolls.0),
        b: side_out(second, reduced.b, rolls.1),
        divisor: Number(reduced.divisor),
        gap,
        // The book ties the punishment to the roll-under method, where such a gap makes the loss
        // certain; the chaotic method exists to let the weaker side win.
        punishing: method == OpposedMethod::RollUnder && gap > PUNISHING_GAP,
        odds,
        automatic,
        reroll: winner.is_none() && !automatic && state.options.both_miss == BothMiss::Reroll,
        winner,
    }))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_listed_of_the_luckiest_rolls() {
        let lifter = |who: &str, luck| {
            (
                Lifter {
                    who: who.into(),
                    lft: Number(1),
                },
                luck,
            )
        };
        assert_eq!(
            best_luck(&[lifter("A", 1), lifter("B", 5), lifter("C", 5)]),
            "B"
        );
        assert_eq!(best_luck(&[]), "");
    }
}
