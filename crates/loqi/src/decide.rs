//! [`decide`]: the rules of each command. Checks a command against the table and the book, rolls
//! what it needs, and returns the events, or the [`Error`] that refuses it. Never changes state.
//! The problem's own steps live here (enroll, introduce, propose, resolve); the tally commands in
//! [`crate::tally`]; shared look-ups in [`crate::checks`].

use crate::character::{Character, GM, count};
use crate::checks::{
    check_who, known_character, list_or, no_open_problem, open_problem, proposed_sides, spend,
};
use crate::command::Command;
use crate::error::Error;
use crate::event::{Event, Purpose};
use crate::limits;
use crate::problem::{Entry, EntryKind, Problem, Scale, Side};
use crate::resolution::{Verdict, resolve};
use crate::state::State;
use crate::tally;
use skald_dice::DiceSource;

/// Decides `command` against `state`, rolling from `dice` (only `resolve` rolls).
///
/// # Errors
/// [`Error`] naming the field, the value and what is allowed when the command breaks a rule, a
/// bound in [`crate::limits`], or the problem procedure's order; [`Error::Dice`] when a d12 cannot
/// be rolled.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    match command {
        Command::Enroll { character } => enroll(state, character),
        Command::IntroduceProblem {
            scale,
            description,
            proposer,
            responder,
        } => introduce_problem(state, *scale, description, proposer, responder),
        Command::ProposeOutcome {
            outcome,
            description,
            impact,
            by,
        } => propose_outcome(state, *outcome, description, *impact, by.as_deref()),
        Command::AddTrait {
            outcome,
            character,
            trait_name,
            along,
            by,
            reason,
            value,
        } => {
            let request = tally::TraitRequest {
                outcome: *outcome,
                character,
                trait_name,
                along: *along,
                by,
                reason,
                value: *value,
            };
            tally::add_trait(state, request)
        }
        Command::AddModifier {
            outcome,
            kind,
            value,
            by,
            reason,
        } => tally::add_modifier(state, *outcome, *kind, *value, by, reason),
        Command::SpendInfluence {
            outcome,
            who,
            points,
            reason,
        } => tally::spend_influence(state, *outcome, who, *points, reason.as_deref()),
        Command::Resolve {} => resolve_problem(state, dice),
    }
}

/// `enroll`: a checked sheet with a name new to the table.
fn enroll(state: &State, character: &Character) -> Result<Vec<Event>, Error> {
    character.validate()?;
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
        ));
    }
    Ok(vec![Event::Enrolled {
        character: character.clone(),
    }])
}

/// `introduce_problem` (book: Problems, step 1); a player proposer pays 2 influence (L5).
fn introduce_problem(
    state: &State,
    scale: Scale,
    description: &str,
    proposer: &str,
    responder: &str,
) -> Result<Vec<Event>, Error> {
    no_open_problem(state)?;
    Error::check_text("description", description, limits::DESCRIPTION_CHARS)?;
    check_who(state, "proposer", proposer)?;
    check_who(state, "responder", responder)?;
    if proposer == responder {
        return Err(Error::not_allowed(
            "responder",
            format!("{responder:?}"),
            format!("someone other than the proposer {proposer:?} (book: Problems, step 1)"),
        ));
    }
    let mut events = Vec::new();
    if proposer != GM {
        let given = format!("{proposer:?}");
        events.push(spend(
            state,
            "proposer",
            &given,
            proposer,
            limits::INTRODUCE_COST,
            Purpose::IntroduceProblem,
        )?);
    }
    events.push(Event::ProblemIntroduced {
        number: state.problems.saturating_add(1),
        scale,
        description: description.to_string(),
        proposer: proposer.to_string(),
        responder: responder.to_string(),
    });
    Ok(events)
}

/// `propose_outcome` (book: Problems, steps 2-3): each side once, the responder's first; the tally
/// starts with the impact entry signed by L2.
fn propose_outcome(
    state: &State,
    outcome: Side,
    description: &str,
    impact: i64,
    by: Option<&str>,
) -> Result<Vec<Event>, Error> {
    let problem = open_problem(state)?;
    if let Some(existing) = problem.outcome(outcome) {
        return Err(Error::not_allowed(
            "outcome",
            outcome.name(),
            format!(
                "an outcome not proposed yet ({}; {} was proposed by {}: {:?})",
                proposed_sides(problem),
                outcome.name(),
                existing.by,
                existing.description
            ),
        ));
    }
    let first = problem.first_side();
    if outcome != first && problem.outcome(first).is_none() {
        return Err(Error::not_allowed(
            "outcome",
            outcome.name(),
            format!(
                "{} first: the responder {} answers \"what happens?\" before the alternative (book: Problems, steps 2-3)",
                first.name(),
                problem.responder
            ),
        ));
    }
    Error::check_text("description", description, limits::DESCRIPTION_CHARS)?;
    Error::check_range("impact", impact, &limits::IMPACT, "L2; Skald limit 100")?;
    let by = outcome_author(state, problem, outcome, by)?;
    let entry = Entry {
        kind: EntryKind::Impact,
        value: outcome.impact_entry(impact),
        by: by.clone(),
        reason: format!("impact {impact}, the net benefit to the PCs (L2)"),
        trait_use: None,
    };
    Ok(vec![Event::OutcomeProposed {
        outcome,
        by,
        description: description.to_string(),
        impact,
        entry,
    }])
}

/// Who proposes an outcome on `side`: the GM's outcome is the GM's; the player's outcome is a
/// character's, by default the responder (or the proposer when the GM answered first).
fn outcome_author(
    state: &State,
    problem: &Problem,
    side: Side,
    by: Option<&str>,
) -> Result<String, Error> {
    match side {
        Side::Gm => match by {
            None | Some(GM) => Ok(GM.to_string()),
            Some(other) => Err(Error::not_allowed(
                "by",
                format!("{other:?}"),
                "\"GM\": the GM proposes the GM's outcome (book: Problems, step 3)",
            )),
        },
        Side::Player => {
            let default = if problem.responder == GM {
                &problem.proposer
            } else {
                &problem.responder
            };
            let by = by.unwrap_or(default);
            if by == GM {
                return Err(Error::not_allowed(
                    "by",
                    "\"GM\"",
                    format!(
                        "a character at the table ({})",
                        list_or(&state.names(), "none yet")
                    ),
                ));
            }
            Ok(known_character(state, "by", by)?.name.clone())
        }
    }
}

/// `resolve` (book: Resolving Problems; L3, L4): the odds first, then each d12, then the outcome.
fn resolve_problem(state: &State, dice: &mut dyn DiceSource) -> Result<Vec<Event>, Error> {
    let problem = open_problem(state)?;
    let (Some(player), Some(gm), Some(odds)) = (&problem.player, &problem.gm, problem.odds())
    else {
        let missing = if problem.player.is_none() {
            Side::Player
        } else {
            Side::Gm
        };
        return Err(Error::not_allowed(
            "problem",
            format!(
                "problem {} without {}",
                problem.number,
                missing.outcome_phrase()
            ),
            "a problem with both outcomes proposed (book: Resolving Problems)",
        ));
    };
    let unlikely_outcomes = state.options.unlikely_outcomes;
    let resolution = resolve(odds, unlikely_outcomes, dice)?;
    let favoured = odds.favoured();
    let mut events = vec![Event::OddsFound {
        odds,
        certain: resolution.certain,
        unlikely_outcomes,
    }];
    events.extend(resolution.rolls.iter().map(|roll| Event::DieRolled {
        roll: *roll,
        selects: match roll.verdict {
            Verdict::MoreLikely => Some(favoured),
            Verdict::LessLikely => Some(favoured.other()),
            Verdict::Again => None,
        },
    }));
    let selected = match resolution.winner {
        Side::Player => player,
        Side::Gm => gm,
    };
    events.push(Event::ProblemResolved {
        number: problem.number,
        winner: resolution.winner,
        by: selected.by.clone(),
        description: selected.description.clone(),
    });
    Ok(events)
}
