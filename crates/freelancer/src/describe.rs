//! One log line per Freelancer event, in the book's terms, with the d100 shown.

use crate::check::Outcome;
use crate::event::{Check, Event, TaskCheck, TeamLift};

/// The log line for `event`, e.g.
/// `You: task check, CHM 27 vs 56 (the guard's WIL): difference 29 (6-95: ...): d100 42: success.`
pub fn describe(event: &Event) -> String {
    match event {
        Event::Enrolled { character } => {
            let ratings: Vec<String> = character
                .ratings
                .iter()
                .map(|(r, v)| format!("{r} {v}"))
                .collect();
            let ratings = if ratings.is_empty() {
                "no ratings".to_owned()
            } else {
                ratings.join(", ")
            };
            format!("{} joins the table: {ratings}.", character.name)
        }
        Event::TaskChecked(TaskCheck { who, stat, check }) => {
            let rating = match stat {
                Some(stat) => format!("{stat} {}", check.rating),
                None => format!("rating {}", check.rating),
            };
            format!("{who}: task check, {rating} vs {}", result(check, None))
        }
        Event::TeamLifted(TeamLift {
            team,
            roller,
            check,
        }) => {
            let shares: Vec<String> = team
                .iter()
                .map(|l| format!("{} {}", l.who, l.lft))
                .collect();
            format!(
                "Team lift, LFT added up: {} = {} vs {}",
                shares.join(" + "),
                check.rating,
                result(check, Some(roller))
            )
        }
    }
}

/// `56 (the guard's WIL), equalized (divided by 10) 4 vs 120: difference 29 (band): d100 42: success.`
fn result(check: &Check, roller: Option<&String>) -> String {
    let against = check
        .against
        .as_ref()
        .map(|a| format!(" ({a})"))
        .unwrap_or_default();
    let equalized = match check.equalized.divisor {
        1 => String::new(),
        divisor => format!(
            ", equalized (divided by {divisor}) {} vs {}",
            check.equalized.rating, check.equalized.difficulty
        ),
    };
    let roll = match (check.roll, roller) {
        (Some(roll), Some(roller)) => format!("{roller} rolls d100 {roll}"),
        (Some(roll), None) => format!("d100 {roll}"),
        (None, _) => "no roll".to_owned(),
    };
    let outcome = match check.outcome {
        Outcome::Success => "success",
        Outcome::Crit => "Crit, success",
        Outcome::Failure => "failure",
        Outcome::Botch => "Botch, failure",
    };
    format!(
        "{}{against}{equalized}: difference {} ({}): {roll}: {outcome}.",
        check.difficulty,
        check.difference,
        check.band.rule()
    )
}
