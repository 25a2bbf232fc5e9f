//! A fair fight on the table page (issue 32): the lines [`balance`](super::balance) gives a
//! form as it is filled in. Under a task check, the difficulty for an easy, even and hard check
//! with the character's rating ([`difficulty_chances`]); under the GM's builder of an NPC or an
//! Encounter Sheet, the PCs' chances against the opponent as drafted and its rating for an easy,
//! even and hard fight ([`enroll_advice`]).

use super::balance::{Contest, number_for, party_chance};
use crate::model::command::Command;
use crate::model::event::Event;
use crate::model::sheet::{Kind, Rating, Sheet};
use crate::model::state::State;
use crate::odds::Counting;
use crate::rules::{self, stats};
use serde_json::json;
use skald_core::{Chance, Fight, Fill, Odds};

/// The most PCs weighed one by one against a drafted opponent; past it, only the mean is shown
/// (with every PC in it).
const LISTED: usize = 8;

/// The most of a drafted opponent's ratings weighed (the first written on its sheet, in the
/// book's order, that some PC has too).
const RATINGS: usize = 3;

/// For a `task_check` the rules would take now: the difficulty, 0 to 10^30, for an easy, even and
/// hard check with the rating it uses (after adjustments), each with its exact chance. Empty for
/// any other command.
pub(crate) fn difficulty_chances(state: &State, command: &Command) -> Vec<Chance> {
    if !matches!(command, Command::TaskCheck { .. }) {
        return Vec::new();
    }
    let Ok(events) = rules::decide(state, command, &mut Counting(0)) else {
        return Vec::new();
    };
    let Some(Event::TaskChecked(task)) = events.first() else {
        return Vec::new();
    };
    let rating = task.check.rating.get();
    let used = match task.stat {
        Some(stat) => format!("{}'s {stat} {rating}", task.who),
        None => format!("{}'s rating {rating}", task.who),
    };
    Fight::ALL
        .iter()
        .filter_map(|fight| {
            let (difficulty, p) = number_for(&[rating], Contest::Task, *fight)?;
            Some(
                Chance::exact(
                    format!(
                        "Difficulty {difficulty} for {} check ({}% wanted) with {used}",
                        article(*fight),
                        fight.percent()
                    ),
                    &p,
                )
                .with_fill(Fill::new(
                    format!("set the difficulty to {difficulty}"),
                    [("difficulty".to_owned(), json!(difficulty.to_string()))],
                )),
            )
        })
        .collect()
}

fn article(fight: Fight) -> &'static str {
    match fight {
        Fight::Easy => "an easy",
        Fight::Even => "an even",
        Fight::Hard => "a hard",
    }
}

/// For the GM's `enroll` of an NPC (full sheet) or an Encounter Sheet: for each of its first
/// [`RATINGS`] ratings written on the sheet that some PC has, each PC's chance against it (an
/// opposed check by the table's method for a full sheet, F4; a task check with the opponent's
/// rating as the difficulty for an Encounter Sheet, F3), the PCs' mean, and the rating for an easy,
/// even and hard fight. `None` for a PC's sheet, a sheet the rules would refuse, or a table
/// without a PC who has one of its ratings.
pub(crate) fn enroll_advice(state: &State, sheet: &Sheet) -> Option<Odds> {
    if sheet.kind == Kind::Pc {
        return None;
    }
    let mut draft = sheet.clone();
    if draft.name.trim().is_empty() {
        "this opponent".clone_into(&mut draft.name);
    }
    let opponent = draft.check().ok()?;
    let name = opponent.name.clone();
    let contest = contest(state, sheet.kind);
    let pcs: Vec<_> = state
        .characters
        .values()
        .filter(|c| c.kind == Kind::Pc && !c.name.eq_ignore_ascii_case(&name))
        .collect();
    let mut chances = Vec::new();
    let mut weighed = Vec::new();
    for (&stat, value) in &opponent.ratings {
        if weighed.len() == RATINGS {
            break;
        }
        let party: Vec<(&str, u128)> = pcs
            .iter()
            .filter_map(|c| {
                let value = stats::value(&state.formulas, c, stat)?.ok()?.0;
                Some((c.name.as_str(), value))
            })
            .collect();
        if party.is_empty() {
            continue;
        }
        weighed.push(stat);
        let value = value.get();
        let ratings: Vec<u128> = party.iter().map(|(_, r)| *r).collect();
        for (who, rating) in party.iter().take(LISTED) {
            chances.push(Chance::exact(
                format!("{who} ({stat} {rating}) against {name}'s {stat} {value}"),
                &party_chance(&[*rating], value, contest),
            ));
        }
        if party.len() > 1 {
            chances.push(Chance::exact(
                format!("The PCs against {name}'s {stat} {value}, on average"),
                &party_chance(&ratings, value, contest),
            ));
        }
        for fight in Fight::ALL {
            let (number, p) = number_for(&ratings, contest, fight)?;
            // A rating is a text blank of digits (past 2^53 a number blank would round it).
            chances.push(
                Chance::exact(format!("{}: {name}'s {stat} {number}", fight.heading()), &p)
                    .with_fill(Fill::new(
                        format!(
                            "set {name}'s {stat} to {number}, for the {} fight",
                            fight.name()
                        ),
                        [(
                            format!("character.{}", stat.field()),
                            json!(number.to_string()),
                        )],
                    )),
            );
        }
    }
    if weighed.is_empty() {
        return None;
    }
    let how = match contest {
        Contest::Task => "a task check with its rating against the Encounter Sheet's as the \
                          difficulty, equalized (F2, F3)"
            .to_owned(),
        Contest::Opposed { method, both_miss } => format!(
            "an opposed check by the {} method (F4), {}",
            method.label(),
            match both_miss {
                crate::model::options::BothMiss::Reroll => "rerolled until someone wins",
                crate::model::options::BothMiss::NoWinner => "one roll, no winner on a miss",
            }
        ),
    };
    let listed: Vec<&str> = weighed.iter().map(|r: &Rating| r.abbreviation()).collect();
    Some(Odds {
        summary: format!(
            "A fair fight: each PC against {name} with the same rating ({}), {how}; the PCs' \
             chance is the mean of theirs. A rating proposed is the smallest whose chance is \
             closest to the fight's.",
            listed.join(", ")
        ),
        chances,
        distribution: Vec::new(),
    })
}

/// How the PCs meet an opponent of `kind`: an opposed check for a full sheet (by the table's
/// method and `both_miss`), a task check for an Encounter Sheet.
pub(crate) fn contest(state: &State, kind: Kind) -> Contest {
    if kind.is_full() {
        Contest::Opposed {
            method: state.options.opposed,
            both_miss: state.options.both_miss,
        }
    } else {
        Contest::Task
    }
}
