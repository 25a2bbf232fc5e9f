//! The problem's own steps (book: Problems, Resolving Problems): `introduce_problem`, `take_over`,
//! `propose_outcome` and `resolve`, which makes the selected outcome's consequences happen. The
//! tally commands are in [`crate::rules::tally`].

use crate::error::Error;
use crate::limits;
use crate::model::{
    Action, Consequence, Entry, EntryKind, Event, GM, Outcome, Problem, Purpose, Scale, Side,
    State, Verdict,
};
use crate::rules::checks::{
    check_who, known_character, list_or, no_open_problem, open_problem, proposed_sides, spend,
    taking_part,
};
use crate::rules::consequence;
use crate::rules::resolution::resolve;
use crate::rules::sheets::count;
use skald_dice::DiceSource;

/// `introduce_problem` (book: Problems, step 1); a player proposer pays 2 influence (L5). Exactly
/// one of `responder` and `responders` is given.
///
/// # Errors
/// [`Error`] while a problem is open; for a blank or long description; an unknown, out or dead
/// proposer or responder (L8); a responder who is the proposer, repeated, or `"GM"` beside others or
/// when the GM proposes; a player proposer without 2 influence.
pub fn introduce(
    state: &State,
    scale: Scale,
    description: &str,
    proposer: &str,
    responder: Option<&str>,
    responders: Option<&[String]>,
) -> Result<Vec<Event>, Error> {
    no_open_problem(state)?;
    Error::check_text("description", description, limits::DESCRIPTION_CHARS)?;
    check_who(state, "proposer", proposer)?;
    if proposer != GM {
        taking_part(state, "proposer", proposer)?;
    }
    let (field, names): (&str, Vec<String>) = match (responder, responders) {
        (Some(one), None) => ("responder", vec![one.to_string()]),
        (None, Some(many)) => ("responders", many.to_vec()),
        (None, None) => {
            return Err(Error::not_allowed(
                "responder",
                "nobody",
                "a character (or several) asked \"what happens?\" (book: Problems, step 1)",
            ));
        }
        (Some(_), Some(_)) => {
            return Err(Error::not_allowed(
                "responders",
                "given twice (one and a list)",
                "one responder or a list of them, not both",
            ));
        }
    };
    if names.is_empty() || names.len() > limits::MAX_CHARACTERS {
        return Err(Error::OutOfRange {
            field: format!("number of {field}"),
            value: count(names.len()),
            min: 1,
            max: count(limits::MAX_CHARACTERS),
            rule: "book: Problems, step 2; Skald limit",
        }
        .at(field));
    }
    for (i, name) in names.iter().enumerate() {
        let at = if field == "responder" {
            field.to_string()
        } else {
            format!("responders[{i}]")
        };
        check_who(state, &at, name)?;
        if name == proposer {
            return Err(Error::not_allowed(
                at,
                format!("{name:?}"),
                format!("someone other than the proposer {proposer:?} (book: Problems, step 1)"),
            ));
        }
        if name == GM && names.len() > 1 {
            return Err(Error::not_allowed(
                at,
                "\"GM\"",
                "characters only when several are asked; the GM answers first only alone (L5)",
            ));
        }
        if name != GM {
            taking_part(state, &at, name)?;
        }
        if names[..i].contains(name) {
            return Err(Error::not_allowed(
                at,
                format!("{name:?}"),
                "each responder once",
            ));
        }
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
        responders: names,
    });
    Ok(events)
}

/// `take_over`: the player who introduced the open problem pays 2 more to play the GM's part (L5).
///
/// # Errors
/// [`Error`] for no open problem, `who` not the problem's player proposer, a problem already taken
/// over, the GM's outcome already proposed, the GM asked to answer first, or too little influence.
pub fn take_over(state: &State, who: &str) -> Result<Vec<Event>, Error> {
    let problem = open_problem(state)?;
    if problem.proposer == GM || who != problem.proposer {
        return Err(Error::not_allowed(
            "who",
            format!("{who:?}"),
            format!(
                "the player who introduced problem {} (it was introduced by {}; L5: only that player may take over)",
                problem.number, problem.proposer
            ),
        ));
    }
    taking_part(state, "who", who)?;
    if let Some(acting) = &problem.acting_gm {
        return Err(Error::not_allowed(
            "who",
            format!("{who:?}"),
            format!("a problem not yet taken over ({acting} already plays the GM's part; L5)"),
        ));
    }
    if problem.gm_answers() {
        return Err(Error::not_allowed(
            "who",
            format!("{who:?}"),
            "a problem put to a player: this one asks the GM to answer, so the GM's part stays the GM's (L5)",
        ));
    }
    if problem.gm.is_some() {
        return Err(Error::not_allowed(
            "who",
            format!("{who:?}"),
            "a problem whose GM's outcome is not proposed yet (L5: the taker-over proposes it)",
        ));
    }
    let given = format!("{who:?}");
    let paid = spend(
        state,
        "who",
        &given,
        who,
        limits::TAKEOVER_COST,
        Purpose::TakeOver,
    )?;
    Ok(vec![
        paid,
        Event::ProblemTakenOver {
            number: problem.number,
            by: who.to_string(),
        },
    ])
}

/// The fields of a `propose_outcome` command (see [`crate::Command::ProposeOutcome`]).
#[derive(Debug, Clone, Copy)]
pub struct Proposal<'a> {
    /// Which side.
    pub side: Side,
    /// What happens.
    pub description: &'a str,
    /// The impact, or `None` for the consequences' suggestion.
    pub impact: Option<i64>,
    /// Who thought it up.
    pub by: Option<&'a str>,
    /// Who acts in it.
    pub actors: Option<&'a [String]>,
    /// The kind of action (L8).
    pub action: Action,
    /// What it changes.
    pub consequences: &'a [Consequence],
}

/// `propose_outcome` (book: Problems, steps 2-3): each side once, the responders' first; the tally
/// starts with the impact entry signed by L2, then a strength entry per weakened actor (L8); the
/// consequences are checked and priced (L7).
///
/// # Errors
/// [`Error`] for no open problem, a side already proposed or out of turn, a blank or long
/// description, an impact outside -100..=100 or missing without consequences, a wrong author, an
/// unknown, repeated, out or dead actor, or a consequence refused by [`consequence::plan`].
pub fn propose(state: &State, p: Proposal<'_>) -> Result<Vec<Event>, Error> {
    let problem = open_problem(state)?;
    let side = p.side;
    if let Some(existing) = problem.outcome(side) {
        return Err(Error::not_allowed(
            "outcome",
            side.outcome_phrase(),
            format!(
                "an outcome not proposed yet ({}; {} was proposed by {}: {:?})",
                proposed_sides(problem),
                side.outcome_phrase(),
                existing.by,
                existing.description
            ),
        ));
    }
    let first = problem.first_side();
    if side != first && problem.outcome(first).is_none() {
        let who = list_or(
            &problem
                .responders
                .iter()
                .map(|r| if r == GM { "the GM" } else { r.as_str() })
                .collect::<Vec<_>>(),
            "",
        );
        return Err(Error::not_allowed(
            "outcome",
            side.outcome_phrase(),
            format!(
                "{} first: the responder {who} answers \"what happens?\" before the alternative (book: Problems, steps 2-3)",
                first.outcome_phrase(),
            ),
        ));
    }
    Error::check_text("description", p.description, limits::DESCRIPTION_CHARS)?;
    let by = author(state, problem, side, p.by)?;
    let plan = consequence::plan(state, p.consequences, problem.number)?;
    let suggested = plan.suggested_impact();
    let impact = match p.impact {
        Some(i) => i,
        None if !p.consequences.is_empty() => suggested,
        None => {
            return Err(Error::not_allowed(
                "impact",
                "left out",
                "-100 to 100, or consequences for Skald to suggest one (L2, L7)",
            ));
        }
    };
    Error::check_range("impact", impact, &limits::IMPACT, "L2; Skald limit 100")?;
    let actors = actors(state, problem, side, &by, p.actors)?;
    let (low, high) = problem.scale.impact_guide();
    let mut tally = vec![Entry {
        id: 1,
        kind: EntryKind::Impact,
        value: side.impact_entry(impact),
        by: by.clone(),
        reason: format!(
            "impact {impact}, the net benefit to the PCs (L2; guide for a {} problem: {low}-{high})",
            problem.scale.name()
        ),
        trait_use: None,
        merged: Vec::new(),
    }];
    for name in &actors {
        let Some(strength) = state.character(name).and_then(|m| m.strength) else {
            continue;
        };
        let penalty = strength.penalty(p.action);
        if penalty != 0 {
            tally.push(Entry {
                id: u32::try_from(tally.len().saturating_add(1)).unwrap_or(u32::MAX),
                kind: EntryKind::Strength,
                value: penalty,
                by: name.clone(),
                reason: format!(
                    "{name} at strength {} of {}, {} action: {penalty} (L8)",
                    strength.current,
                    strength.nominal,
                    p.action.name()
                ),
                trait_use: None,
                merged: Vec::new(),
            });
        }
    }
    Ok(vec![Event::OutcomeProposed {
        side,
        outcome: Outcome {
            by,
            description: p.description.to_string(),
            impact,
            suggested_impact: suggested,
            actors,
            action: p.action,
            consequences: plan.priced,
            tally,
        },
    }])
}

/// Who proposes an outcome on `side`: the GM's outcome is whoever plays the GM's part; the player's
/// outcome is a character's, by default the first responder (or the proposer when the GM answers).
fn author(state: &State, problem: &Problem, side: Side, by: Option<&str>) -> Result<String, Error> {
    match side {
        Side::Gm => {
            let acting = problem.acting_gm();
            match by {
                None => Ok(acting.to_string()),
                Some(given) if given == acting => Ok(acting.to_string()),
                Some(other) => Err(Error::not_allowed(
                    "by",
                    format!("{other:?}"),
                    format!(
                        "{acting:?}: whoever plays the GM's part proposes the GM's outcome (book: Problems, step 3; L5)"
                    ),
                )),
            }
        }
        Side::Player => {
            let default = if problem.gm_answers() {
                &problem.proposer
            } else {
                problem.responders.first().unwrap_or(&problem.proposer)
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
            Ok(taking_part(state, "by", by)?.name.clone())
        }
    }
}

/// The actors of an outcome: as given, or by default the responders (the proposer when the GM
/// answers) on the player's side and nobody on the GM's. Each must be able to take part (L8).
fn actors(
    state: &State,
    problem: &Problem,
    side: Side,
    by: &str,
    given: Option<&[String]>,
) -> Result<Vec<String>, Error> {
    let names: Vec<String> = match (given, side) {
        (Some(list), _) => list.to_vec(),
        (None, Side::Gm) => Vec::new(),
        (None, Side::Player) if problem.gm_answers() => vec![by.to_string()],
        (None, Side::Player) => problem.responders.clone(),
    };
    if names.len() > limits::MAX_CHARACTERS {
        return Err(Error::OutOfRange {
            field: "number of actors".into(),
            value: count(names.len()),
            min: 0,
            max: count(limits::MAX_CHARACTERS),
            rule: "Skald limit",
        }
        .at("actors"));
    }
    for (i, name) in names.iter().enumerate() {
        let field = format!("actors[{i}]");
        if name == GM {
            return Err(Error::not_allowed(
                field,
                "\"GM\"",
                "a character whose action brings the outcome about (L8)",
            ));
        }
        known_character(state, &field, name)?;
        taking_part(state, &field, name)?;
        if names[..i].contains(name) {
            return Err(Error::not_allowed(
                field,
                format!("{name:?}"),
                "each actor once",
            ));
        }
    }
    Ok(names)
}

/// `resolve` (book: Resolving Problems; L3, L4): the odds first, then each d12, then the outcome
/// and its consequences.
///
/// # Errors
/// [`Error`] for no open problem (naming the last one resolved: L3, it is not rolled again), an
/// outcome missing, or a die that cannot be rolled.
pub fn resolve_problem(state: &State, dice: &mut dyn DiceSource) -> Result<Vec<Event>, Error> {
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
        )
        .of_kind(skald_core::RefusalKind::NotNow));
    };
    let selected_side = |side: Side| match side {
        Side::Player => player,
        Side::Gm => gm,
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
    let selected = selected_side(resolution.winner);
    events.push(Event::ProblemResolved {
        number: problem.number,
        winner: resolution.winner,
        by: selected.by.clone(),
        description: selected.description.clone(),
    });
    let consequences: Vec<Consequence> = selected
        .consequences
        .iter()
        .map(|p| p.consequence.clone())
        .collect();
    events.extend(consequence::plan(state, &consequences, problem.number)?.events);
    Ok(events)
}
