//! Regeneration and advancement moves (T10): a minor goal, a major goal and its rewards, and the GM's
//! rest.

use super::forms::{choice_field, option, text_field};
use crate::limits::{
    MAJOR_GOAL_UNCHECK, MAX_BOXES, MAX_GOAL_CHARS, MAX_SWAPS, MAX_THREE_BOXES, MAX_UNCHECK,
};
use crate::model::Verb;
use crate::model::{Character, KeyKind, State};
use serde_json::json;
use skald_core::{Choice, Field, Move, Seat, noun};

/// The page's group of these moves.
const GOALS: &str = "Regeneration and advancement";

/// The Regeneration and advancement moves: for each living character the seat controls, a minor
/// goal and a major goal (T10); for the GM, rest (T10).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let living = || {
        state
            .characters
            .iter()
            .filter(|c| !c.dead && seat.controls(&c.name))
    };
    for c in living() {
        let checked = checked_boxes(c);
        let resting = !checked.is_empty() && !in_conflict(state, &c.name);
        if resting {
            let options = c
                .rollables()
                .filter(|t| t.checked > 0)
                .map(|t| {
                    option(
                        t.name.clone(),
                        format!("{} ({} checked)", t.name, t.checked),
                    )
                })
                .collect();
            out.push(Move {
                fields: vec![
                    goal_field(state, c, false),
                    choice_field("uncheck", "Uncheck a box of", options, false),
                ],
                note: Some(format!(
                    "A minor goal achieved unchecks one checked box on {}'s sheet, outside conflicts; coloured boxes stay coloured (T10, T11).",
                    c.name
                )),
                ..Move::new(
                    GOALS,
                    format!("{}: minor goal", c.name),
                    Verb::MinorGoal,
                    json!({"who": c.name}),
                )
                .for_character(&c.name)
            });
        }
        let rewards = major_rewards(state, c, &checked, resting);
        if !rewards.is_empty() {
            out.push(Move {
                fields: vec![
                    goal_field(state, c, true),
                    choice_field("reward", "Reward", rewards, false),
                ],
                note: Some(if !in_conflict(state, &c.name) {
                    format!(
                        "A major goal achieved unchecks up to {MAJOR_GOAL_UNCHECK} boxes on {}'s sheet, or earns it one advancement instead: a new key, a new trait with 1 box, a box on each of three traits, or a trait swapped (T10).",
                        c.name
                    )
                } else {
                    // Boxes regenerate outside conflicts only: in one, a major goal earns an
                    // advancement and nothing else.
                    format!(
                        "A major goal achieved earns {} one advancement: a new key, a new trait with 1 box, a box on each of three traits, or a trait swapped; its boxes uncheck only outside conflicts (T10).",
                        c.name
                    )
                }),
                ..Move::new(
                    GOALS,
                    format!("{}: major goal", c.name),
                    Verb::MajorGoal,
                    json!({"who": c.name}),
                )
                .for_character(&c.name)
            });
        }
    }
    if seat.gm {
        for c in living() {
            let checked = checked_boxes(c);
            if checked.is_empty() || in_conflict(state, &c.name) {
                continue;
            }
            let mut seen: Vec<&str> = Vec::new();
            let options = checked
                .iter()
                .map(|name| {
                    let nth = seen.iter().filter(|s| **s == name.as_str()).count() + 1;
                    seen.push(name);
                    option(name.clone(), format!("{name} (box {nth})"))
                })
                .collect();
            out.push(Move {
                fields: vec![choice_field("uncheck", "Uncheck", options, true)],
                note: Some(format!(
                    "The GM grants rest: one checked box unchecked on {}'s sheet per box ticked, at most {MAX_UNCHECK}, outside conflicts (T10).",
                    c.name
                )),
                ..Move::new(
                    GOALS,
                    format!("Rest for {}", c.name),
                    Verb::Rest,
                    json!({"who": c.name}),
                )
                .for_character(&c.name)
            });
        }
    }
}

/// Whether `who` takes part in the conflict in progress (boxes do not regenerate then, T10).
fn in_conflict(state: &State, who: &str) -> bool {
    state
        .active_conflict()
        .is_some_and(|k| k.participant(who).is_some())
}

/// Each checked box of `c`, one entry per box, in sheet order (stats, traits, items, obligations).
fn checked_boxes(c: &Character) -> Vec<String> {
    c.rollables()
        .flat_map(|t| std::iter::repeat_n(t.name.clone(), t.checked as usize))
        .collect()
}

/// A goal blank: the goals `c`'s keys list, or free text when they list none (T10, T12).
fn goal_field(state: &State, c: &Character, major: bool) -> Field {
    let goals: Vec<Choice> = c
        .keys
        .iter()
        .filter_map(|k| state.catalogue.key(k))
        .flat_map(|k| {
            let goals = if major {
                &k.major_goals
            } else {
                &k.minor_goals
            };
            goals
                .iter()
                .map(|g| option(g.clone(), format!("{}: {g}", k.name)))
        })
        .collect();
    if goals.is_empty() {
        text_field("goal", "Goal achieved", MAX_GOAL_CHARS)
    } else {
        choice_field("goal", "Goal achieved", goals, false)
    }
}

/// The rewards a major goal may pay `c` now (T10): unchecking (up to [`MAJOR_GOAL_UNCHECK`] of its
/// checked boxes, when it is out of conflicts), each key whose prerequisites it meets, each trait
/// its keys unlock or that is open, three boxes on three traits, and swaps (these two only when
/// their choices are few).
fn major_rewards(state: &State, c: &Character, checked: &[String], resting: bool) -> Vec<Choice> {
    let mut out = Vec::new();
    if resting {
        let some: Vec<&String> = checked.iter().take(MAJOR_GOAL_UNCHECK).collect();
        let names: Vec<&str> = some.iter().map(|s| s.as_str()).collect();
        out.push(option(
            json!({"uncheck": some}),
            format!(
                "Uncheck {}: {}",
                noun(some.len(), "box", "boxes"),
                names.join(", ")
            ),
        ));
    }
    let catalogue = &state.catalogue;
    let traits: Vec<(String, u32)> = c.traits.iter().map(|t| (t.name.clone(), t.boxes)).collect();
    for key in catalogue.keys() {
        let held = c.keys.iter().any(|k| k.eq_ignore_ascii_case(&key.name));
        if !held && catalogue.prerequisites_met(&key.name, &traits).is_ok() {
            let kind = match key.kind {
                KeyKind::Skeleton => "skeleton",
                KeyKind::Elite => "elite",
            };
            out.push(option(
                json!({"new_key": key.name}),
                format!("New key: {} ({kind})", key.name),
            ));
        }
    }
    let new_traits: Vec<String> = catalogue
        .unlocked_by(&c.keys)
        .into_iter()
        .filter(|name| c.rollable(name).is_none())
        .collect();
    for name in &new_traits {
        out.push(option(
            json!({"new_trait": name}),
            format!("New trait: {name} (1 box)"),
        ));
    }
    let growable: Vec<&str> = c
        .traits
        .iter()
        .filter(|t| t.boxes < MAX_BOXES)
        .map(|t| t.name.as_str())
        .collect();
    let n = growable.len();
    if n >= 3 && n * (n - 1) * (n - 2) / 6 <= MAX_THREE_BOXES {
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    let three = [growable[i], growable[j], growable[k]];
                    out.push(option(
                        json!({"three_boxes": three}),
                        format!("A box each: {}", three.join(", ")),
                    ));
                }
            }
        }
    }
    if c.traits.len() * new_traits.len() <= MAX_SWAPS {
        for old in &c.traits {
            for new in &new_traits {
                out.push(option(
                    json!({"swap_trait": {"old": old.name, "new": new}}),
                    format!("Swap {} for {new}", old.name),
                ));
            }
        }
    }
    out
}
