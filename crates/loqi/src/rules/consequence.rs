//! Consequences: what an outcome changes if it is selected (book: Benefit and Harm; L7, L8), each
//! priced by the L7 calculators so the outcome's impact can be suggested; and [`plan`], which checks
//! a list of them against the table, in order, and gives the events that make them happen.
//!
//! Consequences are checked when the outcome is proposed and made when it is selected. Nothing that
//! they touch (traits, strength) can change while a problem is open, so the check holds.

use crate::error::Error;
use crate::limits;
use crate::model::{
    ChangeCause, Character, Event, GM, Hundredths, Lasts, Options, State, Status, Strength,
    StrengthCause,
};
use crate::model::{Consequence, Priced};
use crate::rules::checks::known_character;
use crate::rules::impact;

/// The outcome of [`plan`]: the priced consequences and the events that make them happen.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Plan {
    /// Each consequence, checked, with its L7 impact.
    pub priced: Vec<Priced>,
    /// The events making them happen, in order (trait changes and strength changes).
    pub events: Vec<Event>,
}

impl Plan {
    /// The impact the consequences suggest: the sum of theirs (L7).
    pub fn suggested_impact(&self) -> i64 {
        self.priced
            .iter()
            .fold(0, |sum, p| sum.saturating_add(p.impact))
    }
}

/// Checks `consequences` in order against the table as each earlier one leaves it, for problem
/// `problem`. Fields in messages are `consequences[i].FIELD`; each refusal is placed at the blank a
/// page's form names it by (`consequences.0.points` for a trait change's `rating_change`).
///
/// # Errors
/// [`Error`] for more than 20 consequences, an unknown character, `"GM"` as a character, a trait
/// change out of range (see [`Character::plan_change`]), a permanent change when the table does not
/// allow them in problems, strength consequences without the strength option, a weakening of a dead
/// character or past 0 (or the cut-off), a regain past nominal, a tactical modifier, relationship
/// value or note out of range, or a reward outside 1-50 or past 999 influence.
pub fn plan(state: &State, consequences: &[Consequence], problem: u64) -> Result<Plan, Error> {
    if consequences.len() > limits::MAX_CONSEQUENCES {
        return Err(Error::OutOfRange {
            field: "number of consequences".into(),
            value: crate::rules::sheets::count(consequences.len()),
            min: 0,
            max: crate::rules::sheets::count(limits::MAX_CONSEQUENCES),
            rule: "Skald limit",
        }
        .at("consequences"));
    }
    let mut members: Vec<Character> = Vec::new();
    let mut plan = Plan::default();
    for (i, c) in consequences.iter().enumerate() {
        let (priced, event) =
            one(state, &mut members, i, c, problem).map_err(|e| placed(e, i, c))?;
        plan.priced.push(priced);
        plan.events.extend(event);
    }
    Ok(plan)
}

/// Consequence `i`, checked against the table as the earlier ones left it in `members`: priced,
/// with the event that makes it happen.
fn one(
    state: &State,
    members: &mut Vec<Character>,
    i: usize,
    c: &Consequence,
    problem: u64,
) -> Result<(Priced, Option<Event>), Error> {
    let options = &state.options;
    let field = format!("consequences[{i}].");
    Ok(match c {
        Consequence::TraitChange {
            character,
            trait_name,
            rating_change,
            harmful,
            lasts,
        } => {
            let member = member(state, members, &format!("{field}character"), character)?;
            if *lasts == Lasts::Permanent && !options.permanent_changes_in_problems {
                return Err(Error::not_allowed(
                    format!("{field}lasts"),
                    "for good",
                    "the scene or the scenario: this table changes characters for good only by free changes (the table's option \"Permanent changes in problems\" is off; book: Changing A Character)",
                ));
            }
            let change = member.plan_change(
                &field,
                trait_name,
                *rating_change,
                *harmful,
                *lasts,
                options,
            )?;
            *member = member.clone().with_change(&change, problem);
            let priced = Priced {
                consequence: Consequence::TraitChange {
                    character: member.name.clone(),
                    trait_name: change.trait_name.clone(),
                    rating_change: change.rating_change,
                    harmful: Some(change.harmful),
                    lasts: change.lasts,
                },
                impact: impact::trait_change(change.rating_change, change.harmful, change.lasts),
            };
            let event = Event::TraitChanged {
                character: member.name.clone(),
                trait_name: change.trait_name,
                rating_change: change.rating_change,
                harmful: change.harmful,
                lasts: change.lasts,
                from: change.from,
                to: change.to,
                cause: ChangeCause::Problem(problem),
            };
            (priced, Some(event))
        }
        Consequence::Weakening { character, points } => {
            weakening(state, members, &field, problem, c, character, *points)?
        }
        Consequence::Regain { character, points } => {
            regain(state, members, &field, problem, c, character, *points)?
        }
        Consequence::Tactical { modifier, note } => {
            check_signed(
                &format!("{field}modifier"),
                *modifier,
                &limits::TACTICAL,
                "L7",
            )?;
            Error::check_text(format!("{field}note"), note, limits::REASON_CHARS)?;
            (
                Priced {
                    consequence: c.clone(),
                    impact: impact::tactical(*modifier),
                },
                None,
            )
        }
        Consequence::Relationship {
            change,
            influence,
            length,
            note,
        } => {
            check_signed(
                &format!("{field}change"),
                *change,
                &limits::RELATIONSHIP_CHANGE,
                "L7",
            )?;
            check_multiplier(
                &format!("{field}influence"),
                *influence,
                &limits::RELATIONSHIP_INFLUENCE,
            )?;
            check_multiplier(
                &format!("{field}length"),
                *length,
                &limits::RELATIONSHIP_LENGTH,
            )?;
            Error::check_text(format!("{field}note"), note, limits::REASON_CHARS)?;
            (
                Priced {
                    consequence: c.clone(),
                    impact: impact::relationship(*change, *influence, *length),
                },
                None,
            )
        }
        Consequence::Reward {
            who,
            points,
            reason,
        } => reward(state, members, &field, problem, c, (who, *points, reason))?,
    })
}

/// A character weakened by `points` (L8): not dead, and no lower than the lowest strength.
fn weakening(
    state: &State,
    members: &mut Vec<Character>,
    field: &str,
    problem: u64,
    c: &Consequence,
    character: &str,
    points: i64,
) -> Result<(Priced, Option<Event>), Error> {
    let options = &state.options;
    let member = member(state, members, &format!("{field}character"), character)?;
    let s = strength_of(member, field, options.strength)?;
    if member.status(options) == Status::Dead {
        return Err(Error::not_allowed(
            format!("{field}character"),
            format!("{:?}", member.name),
            format!("a character who is not dead ({} is dead; L8)", member.name),
        ));
    }
    let room = s.current.saturating_sub(Strength::floor(options));
    check_points(field, points, room, || {
        format!(
            "{} is at {}, the lowest strength{} (L8)",
            member.name,
            s.current,
            if options.dying { " before death" } else { "" }
        )
    })?;
    let to = s.current.saturating_sub(points);
    member.strength = Some(Strength { current: to, ..s });
    let event = strength_event(
        member,
        options,
        -points,
        s.current,
        StrengthCause::Weakening(problem),
    );
    Ok((
        Priced {
            consequence: c.clone(),
            impact: impact::weakening(points),
        },
        Some(event),
    ))
}

/// A character regaining `points` of strength (L8): no higher than its nominal strength.
fn regain(
    state: &State,
    members: &mut Vec<Character>,
    field: &str,
    problem: u64,
    c: &Consequence,
    character: &str,
    points: i64,
) -> Result<(Priced, Option<Event>), Error> {
    let options = &state.options;
    let member = member(state, members, &format!("{field}character"), character)?;
    let s = strength_of(member, field, options.strength)?;
    let room = s.nominal.saturating_sub(s.current);
    check_points(field, points, room, || {
        format!(
            "{} has lost no strength ({} of {}; L8)",
            member.name, s.current, s.nominal
        )
    })?;
    let to = s.current.saturating_add(points);
    member.strength = Some(Strength { current: to, ..s });
    let event = strength_event(
        member,
        options,
        points,
        s.current,
        StrengthCause::Regain(problem),
    );
    Ok((
        Priced {
            consequence: c.clone(),
            impact: impact::regain(points),
        },
        Some(event),
    ))
}

/// A player character rewarded `points` of influence for `reason` (L5), within what it may hold.
fn reward(
    state: &State,
    members: &mut Vec<Character>,
    field: &str,
    problem: u64,
    c: &Consequence,
    (who, points, reason): (&str, i64, &str),
) -> Result<(Priced, Option<Event>), Error> {
    crate::rules::checks::player_character(state, &format!("{field}who"), who, "is rewarded")?;
    let member = member(state, members, &format!("{field}who"), who)?;
    Error::check_range(
        format!("{field}points"),
        points,
        &limits::REWARD,
        "L5: usually 1-5, more flagged; Skald limit 50",
    )?;
    Error::check_text(format!("{field}reason"), reason, limits::REASON_CHARS)?;
    let now = Error::check_range(
        format!("{}'s influence afterwards", member.name),
        member.influence.saturating_add(points),
        &limits::INFLUENCE,
        "L5; Skald limit 999",
    )?;
    member.influence = now;
    let event = Event::InfluenceRewarded {
        who: member.name.clone(),
        points,
        now,
        reason: format!("problem {problem}'s outcome: {reason}"),
        flagged: !limits::USUAL_REWARD.contains(&points),
    };
    Ok((
        Priced {
            consequence: c.clone(),
            impact: 0,
        },
        Some(event),
    ))
}

/// Where a page shows a refusal of consequence `i` (`c`): at the blank its form names the field by
/// (the aliases of [`Consequence`]: a reward's `who` and `reason` are its `character` and `note`);
/// a refusal the message words otherwise (a sheet's number of traits, a reward's influence
/// afterwards) at the consequence's `trait` or `points`.
fn placed(error: Error, i: usize, c: &Consequence) -> Error {
    let prefix = format!("consequences.{i}.");
    let Some(name) = error
        .field()
        .and_then(|f| f.strip_prefix(&prefix).map(str::to_owned))
    else {
        let blank = match c {
            Consequence::TraitChange { .. } => "trait",
            Consequence::Reward { .. } => "points",
            _ => "kind",
        };
        return error.at(format!("{prefix}{blank}"));
    };
    let blank = match (c, name.as_str()) {
        (Consequence::Reward { .. }, "who") => "character",
        (Consequence::Reward { .. }, "reason") => "note",
        _ => return error,
    };
    error.at(format!("{prefix}{blank}"))
}

/// The working copy of `name` (given in `field`) for this plan: earlier consequences already made
/// on it.
fn member<'a>(
    state: &State,
    members: &'a mut Vec<Character>,
    field: &str,
    name: &str,
) -> Result<&'a mut Character, Error> {
    let field = field.to_string();
    if name == GM {
        return Err(Error::not_allowed(
            field,
            "\"GM\"",
            "a character at the table: consequences change characters",
        ));
    }
    let known = known_character(state, &field, name)?;
    let i = match members.iter().position(|m| m.name == known.name) {
        Some(i) => i,
        None => {
            members.push(known.clone());
            members.len().saturating_sub(1)
        }
    };
    members
        .get_mut(i)
        .ok_or_else(|| Error::not_allowed(field, format!("{name:?}"), "a character at the table"))
}

fn strength_of(member: &Character, field: &str, plays: bool) -> Result<Strength, Error> {
    match member.strength {
        Some(s) if plays => Ok(s),
        _ => Err(Error::not_allowed(
            format!("{field}kind"),
            "a strength change",
            "a trait change, a tactical change, a relationship or a reward: this table does not play strength (L8; the table's option \"Strength\" is off)",
        )),
    }
}

fn check_points(
    field: &str,
    points: i64,
    room: i64,
    none_left: impl FnOnce() -> String,
) -> Result<(), Error> {
    let field = format!("{field}points");
    if room < 1 {
        return Err(Error::not_allowed(
            field,
            points.to_string(),
            format!("none: {}", none_left()),
        ));
    }
    let max = room.min(*limits::STRENGTH_POINTS.end());
    Error::check_range(field, points, &(1..=max), "L8").map(|_| ())
}

fn check_signed(
    field: &str,
    value: i64,
    size: &std::ops::RangeInclusive<i64>,
    rule: &'static str,
) -> Result<(), Error> {
    if size.contains(&value.saturating_abs()) {
        Ok(())
    } else {
        Err(Error::not_allowed(
            field,
            value.to_string(),
            format!(
                "-{} to -{} or {} to {} ({rule})",
                size.end(),
                size.start(),
                size.start(),
                size.end()
            ),
        ))
    }
}

fn check_multiplier(
    field: &str,
    value: Hundredths,
    range: &std::ops::RangeInclusive<i64>,
) -> Result<(), Error> {
    if range.contains(&value.0) {
        Ok(())
    } else {
        Err(Error::not_allowed(
            field,
            value.to_string(),
            format!(
                "{} to {} (L7)",
                Hundredths(*range.start()),
                Hundredths(*range.end())
            ),
        ))
    }
}

/// The event for `member`, whose strength is already changed by `change` from `from`.
fn strength_event(
    member: &Character,
    options: &Options,
    change: i64,
    from: i64,
    cause: StrengthCause,
) -> Event {
    Event::StrengthChanged {
        character: member.name.clone(),
        change,
        from,
        to: from.saturating_add(change),
        status: member.status(options),
        cause,
    }
}
