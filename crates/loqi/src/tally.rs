//! The tally commands: `add_trait`, `add_modifier` and `spend_influence` put one signed entry on a
//! proposed outcome's likelihood tally (L1, L5).

use crate::character::count;
use crate::checks::{check_who, known_character, list_or, open_problem, proposed_sides, spend};
use crate::command::ModifierKind;
use crate::error::Error;
use crate::event::{Event, Purpose};
use crate::limits;
use crate::problem::{Entry, EntryKind, Outcome, Side, TraitUse};
use crate::state::State;

/// The fields of an `add_trait` command (see [`crate::Command::AddTrait`]).
#[derive(Debug, Clone, Copy)]
pub struct TraitRequest<'a> {
    /// The outcome it bears on.
    pub outcome: Side,
    /// Whose trait.
    pub character: &'a str,
    /// The trait's name on that sheet.
    pub trait_name: &'a str,
    /// Whether the action draws on the trait (true) or runs against it (false).
    pub along: bool,
    /// Who adds it.
    pub by: &'a str,
    /// Why it applies.
    pub reason: &'a str,
    /// The GM's judged value, replacing the signed rating.
    pub value: Option<i64>,
}

/// `add_trait`: the trait's entry is its rating signed by L1, or the GM's judged `value`.
///
/// # Errors
/// [`Error`] for no open problem, an outcome not proposed, a full tally, an unknown character,
/// trait or `by`, a blank or long `reason`, or a `value` outside -20..=20.
pub fn add_trait(state: &State, request: TraitRequest<'_>) -> Result<Vec<Event>, Error> {
    let TraitRequest {
        outcome,
        character,
        trait_name,
        along,
        by,
        reason,
        value,
    } = request;
    let target = tally_target(state, outcome)?;
    let sheet = known_character(state, "character", character)?;
    let Some(t) = sheet.find_trait(trait_name) else {
        let names: Vec<&str> = sheet.traits.iter().map(|t| t.name.as_str()).collect();
        return Err(Error::not_allowed(
            "trait",
            format!("{trait_name:?}"),
            format!(
                "a trait on {}'s sheet ({})",
                sheet.name,
                list_or(&names, "none")
            ),
        ));
    };
    check_who(state, "by", by)?;
    Error::check_text("reason", reason, limits::REASON_CHARS)?;
    let judged = match value {
        Some(v) => Some(Error::check_range(
            "value",
            v,
            &limits::MODIFIER,
            "book: Judging Likelihood Modifiers; Skald limit 20",
        )?),
        None => None,
    };
    let entry = Entry {
        kind: EntryKind::Trait,
        value: judged.unwrap_or_else(|| t.entry_value(along)),
        by: by.to_string(),
        reason: reason.to_string(),
        trait_use: Some(TraitUse {
            character: sheet.name.clone(),
            name: t.name.clone(),
            rating: t.rating,
            harmful: t.harmful,
            along,
            judged: judged.is_some(),
        }),
    };
    Ok(vec![added(outcome, target, entry)])
}

/// `add_modifier`: an environmental modifier or genre convention, -20 to 20.
///
/// # Errors
/// [`Error`] for no open problem, an outcome not proposed, a full tally, a `value` outside
/// -20..=20, an unknown `by`, or a blank or long `reason`.
pub fn add_modifier(
    state: &State,
    outcome: Side,
    kind: ModifierKind,
    value: i64,
    by: &str,
    reason: &str,
) -> Result<Vec<Event>, Error> {
    let target = tally_target(state, outcome)?;
    Error::check_range("value", value, &limits::MODIFIER, "L1; Skald limit 20")?;
    check_who(state, "by", by)?;
    Error::check_text("reason", reason, limits::REASON_CHARS)?;
    let kind = match kind {
        ModifierKind::Environment => EntryKind::Environment,
        ModifierKind::Genre => EntryKind::Genre,
    };
    let entry = Entry {
        kind,
        value,
        by: by.to_string(),
        reason: reason.to_string(),
        trait_use: None,
    };
    Ok(vec![added(outcome, target, entry)])
}

/// `spend_influence`: `who` pays |points| and the outcome's likelihood moves by `points` (L5).
///
/// # Errors
/// [`Error`] for no open problem, an outcome not proposed, a full tally, the GM or an unknown
/// character as `who`, `points` of 0 or outside -100..=100 or more than `who` holds, or a blank or
/// long `reason`.
pub fn spend_influence(
    state: &State,
    outcome: Side,
    who: &str,
    points: i64,
    reason: Option<&str>,
) -> Result<Vec<Event>, Error> {
    let target = tally_target(state, outcome)?;
    if who == crate::character::GM {
        return Err(Error::not_allowed(
            "who",
            "\"GM\"",
            "a character at the table (the GM holds no influence unless the GM-influence option of L5, not offered yet)",
        ));
    }
    known_character(state, "who", who)?;
    Error::check_range(
        "points",
        points,
        &limits::INFLUENCE_SPEND,
        "L5; Skald limit 100",
    )?;
    if points == 0 {
        return Err(Error::not_allowed(
            "points",
            "0",
            "-100 to -1 or 1 to 100 (L5)",
        ));
    }
    let reason = match reason {
        Some(r) => {
            Error::check_text("reason", r, limits::REASON_CHARS)?;
            r.to_string()
        }
        None => "influence spent".to_string(),
    };
    let paid = spend(
        state,
        "points",
        &points.to_string(),
        who,
        points.saturating_abs(),
        Purpose::Likelihood,
    )?;
    let entry = Entry {
        kind: EntryKind::Influence,
        value: points,
        by: who.to_string(),
        reason,
        trait_use: None,
    };
    Ok(vec![paid, added(outcome, target, entry)])
}

/// The proposed outcome on `side` of the open problem, with room for one more tally entry.
fn tally_target(state: &State, side: Side) -> Result<&Outcome, Error> {
    let problem = open_problem(state)?;
    let Some(outcome) = problem.outcome(side) else {
        return Err(Error::not_allowed(
            "outcome",
            side.name(),
            format!(
                "a proposed outcome ({}; propose_outcome first)",
                proposed_sides(problem)
            ),
        ));
    };
    if outcome.tally.len() >= limits::MAX_TALLY_ENTRIES {
        return Err(Error::OutOfRange {
            field: format!("number of entries on {}", side.outcome_phrase()),
            value: count(outcome.tally.len().saturating_add(1)),
            min: 1,
            max: count(limits::MAX_TALLY_ENTRIES),
            rule: "Skald limit",
        });
    }
    Ok(outcome)
}

/// The event adding `entry` to `target`, with the likelihood after it.
fn added(outcome: Side, target: &Outcome, entry: Entry) -> Event {
    let likelihood = target.likelihood().saturating_add(entry.value);
    Event::EntryAdded {
        outcome,
        entry,
        likelihood,
    }
}
