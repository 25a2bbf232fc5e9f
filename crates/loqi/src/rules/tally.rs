//! The tally commands: `add_trait`, `add_modifier` and `spend_influence` put one signed entry on a
//! proposed outcome's likelihood tally (L1, L5); `merge_entries` replaces overlapping entries with
//! one judged value (book: Judging Likelihood Modifiers).

use crate::error::Error;
use crate::limits;
use crate::model::{
    Entry, EntryKind, Event, GM, ModifierKind, Outcome, Purpose, Side, State, TraitUse,
};
use crate::rules::checks::{check_who, list_or, open_problem, proposed_sides, spend, taking_part};
use crate::rules::sheets::count;

impl Outcome {
    /// The net likelihood: the sum of the tally's values (L1), starting at 0 (saturating).
    pub fn likelihood(&self) -> i64 {
        self.tally
            .iter()
            .fold(0, |sum, e| sum.saturating_add(e.value))
    }
}

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

/// `add_trait`: the trait's entry is its rating now (temporary changes included) signed by L1, or
/// the GM's judged `value`.
///
/// # Errors
/// [`Error`] for no open problem, an outcome not proposed, a full tally, an unknown, out or dead
/// character (L8), an unknown trait or `by`, a blank or long `reason`, or a `value` outside -20..=20.
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
    let member = taking_part(state, "character", character)?;
    let Some(t) = member.trait_now(trait_name) else {
        let now = member.traits_now();
        let names: Vec<&str> = now.iter().map(|t| t.name.as_str()).collect();
        return Err(Error::not_allowed(
            "trait",
            format!("{trait_name:?}"),
            format!(
                "a trait {} has now ({})",
                member.name,
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
    let signed = crate::model::Trait {
        name: t.name.clone(),
        rating: t.rating,
        harmful: t.harmful,
    }
    .entry_value(along);
    let entry = Entry {
        id: target.next_id(),
        kind: EntryKind::Trait,
        value: judged.unwrap_or(signed),
        by: by.to_string(),
        reason: reason.to_string(),
        trait_use: Some(TraitUse {
            character: member.name.clone(),
            name: t.name.clone(),
            rating: t.rating,
            harmful: t.harmful,
            along,
            judged: judged.is_some(),
        }),
        merged: Vec::new(),
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
        id: target.next_id(),
        kind,
        value,
        by: by.to_string(),
        reason: reason.to_string(),
        trait_use: None,
        merged: Vec::new(),
    };
    Ok(vec![added(outcome, target, entry)])
}

/// `spend_influence`: `who` pays |points| and the outcome's likelihood moves by `points` (L5).
/// Opposed spends make a bidding war: each is its own entry and the net counts.
///
/// # Errors
/// [`Error`] for no open problem, an outcome not proposed, a full tally, an unknown, out or dead
/// character as `who` (or the GM without the GM-influence option), `points` of 0 or outside
/// -100..=100 or more than `who` holds, or a blank or long `reason`.
pub fn spend_influence(
    state: &State,
    outcome: Side,
    who: &str,
    points: i64,
    reason: Option<&str>,
) -> Result<Vec<Event>, Error> {
    let target = tally_target(state, outcome)?;
    if who != GM {
        taking_part(state, "who", who)?;
    }
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
        id: target.next_id(),
        kind: EntryKind::Influence,
        value: points,
        by: who.to_string(),
        reason,
        trait_use: None,
        merged: Vec::new(),
    };
    Ok(vec![paid, added(outcome, target, entry)])
}

/// The fields of a `merge_entries` command (see [`crate::Command::MergeEntries`]).
#[derive(Debug, Clone, Copy)]
pub struct MergeRequest<'a> {
    /// The outcome whose tally it is.
    pub outcome: Side,
    /// The entries' ids.
    pub entries: &'a [u32],
    /// The judged value.
    pub value: i64,
    /// Who judges.
    pub by: &'a str,
    /// Why.
    pub reason: &'a str,
}

/// `merge_entries`: two or more overlapping trait, environment or genre entries become one entry
/// of the value whoever plays the GM's part picks, keeping them as its sources (book: Judging
/// Likelihood Modifiers: "computer tech 4" and "clever 2" might count +5 together). The merged entry
/// takes the place of the first source.
///
/// # Errors
/// [`Error`] for no open problem, an outcome not proposed, fewer than 2 ids or an id repeated or not
/// on the tally, an impact, influence, strength or merged entry among them, `by` not the one playing
/// the GM's part, a `value` outside -20..=20, or a blank or long `reason`.
pub fn merge_entries(state: &State, request: MergeRequest<'_>) -> Result<Vec<Event>, Error> {
    let MergeRequest {
        outcome,
        entries,
        value,
        by,
        reason,
    } = request;
    let problem = open_problem(state)?;
    let target = proposed(state, outcome)?;
    let acting = problem.acting_gm();
    if by != acting {
        return Err(Error::not_allowed(
            "by",
            format!("{by:?}"),
            format!(
                "{acting:?}: whoever plays the GM's part picks the merged value (book: Judging Likelihood Modifiers; L1)"
            ),
        ));
    }
    if entries.len() < 2 || entries.len() > limits::MAX_TALLY_ENTRIES {
        return Err(Error::OutOfRange {
            field: "number of entries".into(),
            value: count(entries.len()),
            min: 2,
            max: count(limits::MAX_TALLY_ENTRIES),
            rule: "book: Judging Likelihood Modifiers",
        }
        .at("entries"));
    }
    let ids: Vec<String> = target.tally.iter().map(|e| e.id.to_string()).collect();
    let mut sources = Vec::new();
    for (i, id) in entries.iter().enumerate() {
        let field = format!("entries[{i}]");
        let Some(entry) = target.tally.iter().find(|e| e.id == *id) else {
            return Err(Error::not_allowed(
                field,
                id.to_string(),
                format!(
                    "an entry on {} (ids {})",
                    outcome.outcome_phrase(),
                    ids.join(", ")
                ),
            ));
        };
        if entries[..i].contains(id) {
            return Err(Error::not_allowed(field, id.to_string(), "each entry once"));
        }
        if !matches!(
            entry.kind,
            EntryKind::Trait | EntryKind::Environment | EntryKind::Genre
        ) {
            return Err(Error::not_allowed(
                field,
                format!("{id} ({})", entry.kind.name()),
                "a trait, environment or genre entry: impact, influence and strength count as they are (L1, L2, L5, L8), and merged entries are merged already",
            ));
        }
        sources.push(entry.clone());
    }
    Error::check_range(
        "value",
        value,
        &limits::MODIFIER,
        "book: Judging Likelihood Modifiers; Skald limit 20",
    )?;
    Error::check_text("reason", reason, limits::REASON_CHARS)?;
    let removed = sources
        .iter()
        .fold(0_i64, |sum, e| sum.saturating_add(e.value));
    let entry = Entry {
        id: target.next_id(),
        kind: EntryKind::Merged,
        value,
        by: by.to_string(),
        reason: reason.to_string(),
        trait_use: None,
        merged: sources,
    };
    let likelihood = target
        .likelihood()
        .saturating_sub(removed)
        .saturating_add(value);
    Ok(vec![Event::EntriesMerged {
        outcome,
        entry,
        likelihood,
    }])
}

/// The proposed outcome on `side` of the open problem.
fn proposed(state: &State, side: Side) -> Result<&Outcome, Error> {
    let problem = open_problem(state)?;
    problem.outcome(side).ok_or_else(|| {
        Error::not_allowed(
            "outcome",
            side.outcome_phrase(),
            format!(
                "a proposed outcome ({}; propose it first)",
                proposed_sides(problem)
            ),
        )
    })
}

/// The proposed outcome on `side` of the open problem, with room for one more tally entry.
fn tally_target(state: &State, side: Side) -> Result<&Outcome, Error> {
    let outcome = proposed(state, side)?;
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
