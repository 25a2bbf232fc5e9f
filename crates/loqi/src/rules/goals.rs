//! Goals (L6): what they are, the limits on making them (preparation, a session's start, the
//! setting) and the commands `prepare_goals`, `add_goal` and `fulfil_goal`. A fulfilled goal pays its
//! full rating to everyone who fulfilled it; a specific goal then disappears.

use crate::error::Error;
use crate::limits;
use crate::model::{AddedAt, Goal, GoalDraft, GoalKind, Origin};
use crate::model::{Event, GM, Payment, State};
use crate::rules::checks::{check_who, player_character};
use crate::rules::sheets::count;

/// `prepare_goals`: a player's preparation goals (at least one specific and one non-specific, base
/// ratings totalling 5-10, specific ratings tripled or quintupled), once per player; or the GM's,
/// as many as needed (L6).
///
/// # Errors
/// [`Error`] for an unknown `by`, a player preparing twice, 2-10 goals not given (1-10 for the GM),
/// a missing kind, a base outside 1-10 or a total outside 5-10, a multiplier other than 3 or 5 on a
/// specific goal or any on a non-specific one, a blank or long text, or the table's 200 goals. The
/// number of goals, their total and their kinds are placed at `goals`; each goal's own refusals at
/// `goals[i].text`, `goals[i].base`, `goals[i].multiplier`.
pub fn prepare_goals(state: &State, by: &str, drafts: &[GoalDraft]) -> Result<Vec<Event>, Error> {
    check_who(state, "by", by)?;
    if by != GM {
        player_character(
            state,
            "by",
            by,
            "prepares goals: the GM prepares its own as \"GM\"",
        )?;
    }
    let player = by != GM;
    if player && state.prepared.iter().any(|p| p == by) {
        return Err(Error::not_allowed(
            "by",
            format!("{by:?}"),
            "a player who has not prepared goals yet (L6: preparation goals are made once, before play)",
        ));
    }
    let range = if player {
        limits::PREPARATION_GOALS
    } else {
        1..=*limits::PREPARATION_GOALS.end()
    };
    if !range.contains(&drafts.len()) {
        return Err(Error::OutOfRange {
            field: "number of goals".into(),
            value: count(drafts.len()),
            min: count(*range.start()),
            max: count(*range.end()),
            rule: "L6; Skald limit 10",
        }
        .at("goals"));
    }
    room_for(state, drafts.len()).map_err(|e| e.at("goals"))?;
    let mut goals = Vec::new();
    for (i, d) in drafts.iter().enumerate() {
        Error::check_text(format!("goals[{i}].text"), &d.text, limits::REASON_CHARS)?;
        Error::check_range(
            format!("goals[{i}].base"),
            d.base,
            &limits::PREPARATION_BASE,
            "L6",
        )?;
        let rating = match (d.kind, d.multiplier) {
            (GoalKind::Specific, Some(m)) if limits::SPECIFIC_MULTIPLIERS.contains(&m) => {
                d.base.saturating_mul(m)
            }
            (GoalKind::Specific, given) => {
                return Err(Error::not_allowed(
                    format!("goals[{i}].multiplier"),
                    given.map_or("left unpicked".to_string(), |m| format!("x{m}")),
                    "x3 or x5: a specific goal's base is tripled or quintupled (L6)",
                ));
            }
            (GoalKind::NonSpecific, None) => d.base,
            (GoalKind::NonSpecific, Some(m)) => {
                return Err(Error::not_allowed(
                    format!("goals[{i}].multiplier"),
                    format!("x{m}"),
                    "none: only specific goals are multiplied (L6)",
                ));
            }
        };
        goals.push(Goal {
            number: state
                .goal_count
                .saturating_add(count_u64(i))
                .saturating_add(1),
            text: d.text.clone(),
            kind: d.kind,
            rating,
            by: by.to_string(),
            origin: Origin::Preparation,
        });
    }
    if player {
        for kind in [GoalKind::Specific, GoalKind::NonSpecific] {
            if !drafts.iter().any(|d| d.kind == kind) {
                return Err(Error::not_allowed(
                    "goals",
                    format!("without a {} goal", kind.words()),
                    "at least one specific and one non-specific goal (L6)",
                ));
            }
        }
        let total = drafts
            .iter()
            .fold(0_i64, |sum, d| sum.saturating_add(d.base));
        Error::check_range(
            "total of the base ratings",
            total,
            &limits::PREPARATION_BASE_TOTAL,
            "L6",
        )
        .map_err(|e| e.at("goals"))?;
    }
    Ok(vec![Event::GoalsPrepared {
        by: by.to_string(),
        goals,
    }])
}

/// The fields of an `add_goal` command (see [`crate::Command::AddGoal`]).
#[derive(Debug, Clone, Copy)]
pub struct GoalRequest<'a> {
    /// Who makes it.
    pub by: &'a str,
    /// What must happen.
    pub text: &'a str,
    /// Specific or non-specific.
    pub kind: GoalKind,
    /// Its rating.
    pub rating: i64,
    /// Where it is made.
    pub at: AddedAt,
    /// Whether the group approved it (needed for a non-specific goal at a session's start).
    pub approved: bool,
}

/// `add_goal`: a session goal (specific 3-10; non-specific 1-5 with the group's approval; only
/// before the session's first problem) or a setting goal (the GM's, 1-100) (L6).
///
/// # Errors
/// [`Error`] for an unknown `by`, a setting goal not by the GM, a session goal after the session's
/// first problem, a rating out of its range, a non-specific session goal without approval, a blank
/// or long text, or the table's 200 goals.
pub fn add_goal(state: &State, request: GoalRequest<'_>) -> Result<Vec<Event>, Error> {
    let GoalRequest {
        by,
        text,
        kind,
        rating,
        at,
        approved,
    } = request;
    check_who(state, "by", by)?;
    if by != GM {
        player_character(
            state,
            "by",
            by,
            "makes goals: the GM makes its own as \"GM\"",
        )?;
    }
    Error::check_text("text", text, limits::REASON_CHARS)?;
    room_for(state, 1)?;
    let origin = match at {
        AddedAt::Setting => {
            if by != GM {
                return Err(Error::not_allowed(
                    "by",
                    format!("{by:?}"),
                    "\"GM\": setting goals come from the setting, through the GM (L6)",
                ));
            }
            Error::check_range(
                "rating",
                rating,
                &limits::SETTING_GOAL,
                "L6; Skald limit 100",
            )?;
            Origin::Setting
        }
        AddedAt::Session => {
            if state.story.session_problems > 0 {
                return Err(Error::not_allowed(
                    "at",
                    "the session's start",
                    format!(
                        "before the session's first problem: session {} has had {} already (L6: goals are made at the beginning of a session; start the next session first)",
                        state.story.session,
                        skald_core::noun(
                            state.story.session_problems as usize,
                            "problem",
                            "problems"
                        )
                    ),
                ));
            }
            match kind {
                GoalKind::Specific => {
                    Error::check_range(
                        "rating",
                        rating,
                        &limits::SESSION_SPECIFIC_GOAL,
                        "L6: specific goals at a session's start",
                    )?;
                }
                GoalKind::NonSpecific => {
                    Error::check_range(
                        "rating",
                        rating,
                        &limits::SESSION_NON_SPECIFIC_GOAL,
                        "L6: non-specific goals at a session's start",
                    )?;
                    if !approved {
                        return Err(Error::not_allowed(
                            "approved",
                            "not given",
                            "given: a non-specific goal at a session's start needs the group's approval (L6)",
                        ));
                    }
                }
            }
            Origin::Session
        }
    };
    Ok(vec![Event::GoalAdded {
        goal: Goal {
            number: state.goal_count.saturating_add(1),
            text: text.to_string(),
            kind,
            rating,
            by: by.to_string(),
            origin,
        },
    }])
}

/// `fulfil_goal`: everyone in `who` fulfilled goal `number` at the same moment; each gets its full
/// rating (L6). A specific goal then disappears; a non-specific one stays.
///
/// # Errors
/// [`Error`] for a goal not standing (never made, or specific and already fulfilled), an empty,
/// repeated or unknown name in `who`, `"GM"` in `who`, or a fulfiller whose influence would pass 999.
pub fn fulfil_goal(state: &State, number: u64, who: &[String]) -> Result<Vec<Event>, Error> {
    let Some(goal) = state.goals.iter().find(|g| g.number == number) else {
        let why = match state.fulfilled.iter().find(|f| f.goal.number == number) {
            Some(done) => format!(
                "goal {number} was specific and disappeared when {} fulfilled it (L6)",
                done.paid
                    .iter()
                    .map(|p| p.who.as_str())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            None => "no goal has that number".to_string(),
        };
        let standing: Vec<String> = state.goals.iter().map(|g| g.number.to_string()).collect();
        return Err(Error::not_allowed(
            "goal",
            number.to_string(),
            format!(
                "a standing goal ({}); {why}",
                if standing.is_empty() {
                    "none stand".to_string()
                } else {
                    standing.join(", ")
                }
            ),
        ));
    };
    if who.is_empty() || who.len() > limits::MAX_CHARACTERS {
        return Err(Error::OutOfRange {
            field: "number of fulfillers".into(),
            value: count(who.len()),
            min: 1,
            max: count(limits::MAX_CHARACTERS),
            rule: "L6; Skald limit",
        }
        .at("who"));
    }
    let mut paid = Vec::new();
    for (i, name) in who.iter().enumerate() {
        let field = format!("who[{i}]");
        if name == GM {
            return Err(Error::not_allowed(
                field,
                "\"GM\"",
                "a character: goals pay the players who fulfil them (L6)",
            ));
        }
        let member = player_character(state, &field, name, "is paid for a goal")?;
        if who[..i].contains(name) {
            return Err(Error::not_allowed(
                field,
                format!("{name:?}"),
                "each fulfiller once: everyone fulfilling at the same moment gets the full rating once (L6)",
            ));
        }
        let now = member.influence.saturating_add(goal.rating);
        Error::check_range(
            format!("{name}'s influence after goal {number}"),
            now,
            &limits::INFLUENCE,
            "L5; Skald limit 999",
        )
        .map_err(|e| e.at(format!("who.{i}")))?;
        paid.push(Payment {
            who: name.clone(),
            now,
        });
    }
    Ok(vec![Event::GoalFulfilled {
        goal: goal.clone(),
        paid,
    }])
}

fn room_for(state: &State, more: usize) -> Result<(), Error> {
    let after = state.goals.len().saturating_add(more);
    if after > limits::MAX_GOALS {
        return Err(Error::OutOfRange {
            field: "number of standing goals".into(),
            value: count(after),
            min: 0,
            max: count(limits::MAX_GOALS),
            rule: "Skald limit",
        });
    }
    Ok(())
}

fn count_u64(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}
