//! Regeneration and advancement moves (T10): a minor goal, a major goal and its rewards, and the GM's
//! rest.

use super::forms::{choice_field, option, text_field};
use crate::limits::{MAJOR_GOAL_UNCHECK, MAX_BOXES, MAX_GOAL_CHARS, MAX_UNCHECK, THREE_BOXES};
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
        let rewards = reward_fields(state, c, &checked, resting);
        if !rewards.is_empty() {
            let mut fields = vec![goal_field(state, c, true)];
            fields.extend(rewards);
            out.push(Move {
                fields,
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

/// The blanks of the reward a major goal may pay `c` now (T10): first the kind of reward, a
/// blank that only steers the form ([`Field::form_only`]), offered for each kind `c` may take
/// (unchecking, when it is out of conflicts and has checked boxes; a new key, when a key's
/// prerequisites are met; a new trait, when its keys unlock one or one is open; three boxes,
/// on three traits below [`MAX_BOXES`]; a swap, when a new trait is there to swap in); then that
/// kind's own blanks, each shown only while its kind is picked, each listing a key or a trait
/// once (not every combination: a sheet of 5 traits and 10 unlocked ones has 10 triples and 50
/// swaps). None when `c` may take nothing.
fn reward_fields(state: &State, c: &Character, checked: &[String], resting: bool) -> Vec<Field> {
    let mut kinds = Vec::new();
    let mut blanks = Vec::new();
    let mut offer = |kind: &str, label: String, fields: Vec<Field>| {
        kinds.push(option(kind, label));
        blanks.extend(
            fields
                .into_iter()
                .map(|f| f.shown_when(ADVANCEMENT, vec![json!(kind)])),
        );
    };
    if resting {
        let some: Vec<&String> = checked.iter().take(MAJOR_GOAL_UNCHECK).collect();
        let names: Vec<&str> = some.iter().map(|s| s.as_str()).collect();
        offer(
            "uncheck",
            format!("Uncheck {}", noun(some.len(), "box", "boxes")),
            vec![choice_field(
                "reward.uncheck",
                "Boxes to uncheck",
                vec![option(json!(some), names.join(", "))],
                false,
            )],
        );
    }
    let catalogue = &state.catalogue;
    let traits: Vec<(String, u32)> = c.traits.iter().map(|t| (t.name.clone(), t.boxes)).collect();
    let keys: Vec<Choice> = catalogue
        .keys()
        .iter()
        .filter(|key| !c.keys.iter().any(|k| k.eq_ignore_ascii_case(&key.name)))
        .filter(|key| catalogue.prerequisites_met(&key.name, &traits).is_ok())
        .map(|key| {
            let kind = match key.kind {
                KeyKind::Skeleton => "skeleton",
                KeyKind::Elite => "elite",
            };
            option(key.name.as_str(), format!("{} ({kind})", key.name))
        })
        .collect();
    if !keys.is_empty() {
        offer(
            "new_key",
            "Add a new key".to_owned(),
            vec![choice_field("reward.new_key", "New key", keys, false)],
        );
    }
    let new_traits: Vec<Choice> = catalogue
        .unlocked_by(&c.keys)
        .into_iter()
        .filter(|name| c.rollable(name).is_none())
        .map(|name| option(name.as_str(), name.clone()))
        .collect();
    if !new_traits.is_empty() {
        offer(
            "new_trait",
            "Add a new trait".to_owned(),
            vec![choice_field(
                "reward.new_trait",
                "New trait",
                new_traits.clone(),
                false,
            )],
        );
    }
    let growable: Vec<Choice> = c
        .traits
        .iter()
        .filter(|t| t.boxes < MAX_BOXES)
        .map(|t| option(t.name.as_str(), boxes_label(&t.name, t.boxes)))
        .collect();
    if growable.len() >= THREE_BOXES {
        offer(
            "three_boxes",
            "Add three boxes".to_owned(),
            vec![
                choice_field("reward.three_boxes", "A box more on", growable, true)
                    .with_help(format!("Tick {THREE_BOXES}: each gets one more box.")),
            ],
        );
    }
    if !c.traits.is_empty() && !new_traits.is_empty() {
        let old = c
            .traits
            .iter()
            .map(|t| option(t.name.as_str(), boxes_label(&t.name, t.boxes)))
            .collect();
        offer(
            "swap_trait",
            "Swap a trait".to_owned(),
            vec![
                choice_field("reward.swap_trait.old", "Trait crossed out", old, false),
                choice_field(
                    "reward.swap_trait.new",
                    "Trait written in its place",
                    new_traits,
                    false,
                )
                .with_help("It gets as many boxes as the trait crossed out."),
            ],
        );
    }
    if kinds.is_empty() {
        return Vec::new();
    }
    let mut fields = vec![choice_field(ADVANCEMENT, "Reward", kinds, false).form_only()];
    fields.extend(blanks);
    fields
}

/// The name of the major goal's blank that picks the kind of reward (never sent).
const ADVANCEMENT: &str = "advancement";

/// A trait's option label: its name and boxes (`Arms (2 boxes)`).
fn boxes_label(name: &str, boxes: u32) -> String {
    format!("{name} ({})", noun(boxes as usize, "box", "boxes"))
}
