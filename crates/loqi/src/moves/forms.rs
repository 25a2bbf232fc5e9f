//! The building blocks of Loqi's moves: the group names, who acts, and a form's fields.

use crate::model::Verb;
use crate::model::{Character, Entry, GM, Problem, Scale, Side, State, Status};
use crate::rules::traits::signed;
use serde_json::{Value, json};
use skald_core::capitalized;
use skald_core::{Choice, Field, FieldKind, Move, Seat};

/// Group of the problem's own steps: introducing, taking over, proposing (book: Problems; L5).
pub const PROBLEM: &str = "Problem";
/// Group of the tally entries: traits, modifiers, influence spent, merges (L1, L5).
pub const TALLY: &str = "Tally";
/// Group of the roll that resolves the problem (book: Resolving Problems; L3, L4).
pub const RESOLVE: &str = "Resolve";
/// Group of influence outside problems: rewards and gifts (L5).
pub const INFLUENCE: &str = "Influence";
/// Group of goals (L6).
pub const GOALS: &str = "Goals";
/// Group of the story's time: sessions, scenes, scenarios.
pub const STORY: &str = "Story";
/// Group of the characters: making one, changing a trait freely.
pub const CHARACTERS: &str = "Characters";

// ---------------------------------------------------------------------------------------------
// Who acts.

/// Whether `m` can take part in a problem (not out, not dead; L8).
pub(super) fn in_play(state: &State, m: &Character) -> bool {
    m.status(&state.options) == Status::In
}

/// The characters `seat` acts for, in the order they joined: all of them for the GM.
pub(super) fn controlled<'a>(state: &'a State, seat: &Seat) -> Vec<&'a Character> {
    state
        .characters
        .iter()
        .filter(|m| seat.controls(&m.name))
        .collect()
}

/// Who `seat` may sign an entry or a goal as (`by`): `"GM"` and every character for the GM, its
/// own characters for a player.
pub(super) fn signers(state: &State, seat: &Seat) -> Vec<Choice> {
    let mut out = Vec::new();
    if seat.gm {
        out.push(option(json!(GM), "GM"));
    }
    out.extend(
        controlled(state, seat)
            .into_iter()
            .map(|m| option(json!(m.name), &m.name)),
    );
    out
}

/// `m`, naming `name` its character ([`Move::character`]), unless `name` is the GM's own
/// (`"GM"`: the GM's moves are no character's).
pub(super) fn acting_for(m: Move, name: &str) -> Move {
    if name == GM { m } else { m.for_character(name) }
}

/// Whether `seat` may act as `name` (`"GM"`: only the GM).
pub(super) fn acts_as(seat: &Seat, name: &str) -> bool {
    if name == GM {
        seat.gm
    } else {
        seat.controls(name)
    }
}
// ---------------------------------------------------------------------------------------------
// Building blocks.

/// A move sending `verb` with the rest of its fixed part `fixed`.
pub(super) fn mv(
    group: &str,
    label: String,
    verb: Verb,
    fixed: Value,
    fields: Vec<Field>,
    odds: bool,
    note: &str,
) -> Move {
    Move {
        fields,
        odds,
        note: Some(note.to_string()),
        ..Move::new(group, label, verb, fixed)
    }
}

pub(super) fn option(value: Value, label: &str) -> Choice {
    Choice::new(value, label)
}

pub(super) fn field(name: &str, label: &str, kind: FieldKind) -> Field {
    Field::new(name, label, kind)
}

pub(super) fn text(name: &str, label: &str, max: usize) -> Field {
    Field::text(name, label, max)
}

pub(super) fn number(name: &str, label: &str, min: i64, max: i64, default: i64) -> Field {
    field(name, label, FieldKind::Number { min, max, default })
}

pub(super) fn choice(name: &str, label: &str, options: Vec<Choice>) -> Field {
    field(
        name,
        label,
        FieldKind::Choice {
            options,
            multiple: false,
        },
    )
}

pub(super) fn multi(name: &str, label: &str, options: Vec<Choice>) -> Field {
    field(
        name,
        label,
        FieldKind::Choice {
            options,
            multiple: true,
        },
    )
}

pub(super) fn flag(name: &str, label: &str, default: bool) -> Field {
    field(name, label, FieldKind::Flag { default })
}

pub(super) fn scale_field() -> Field {
    choice(
        "scale",
        "Scale",
        [Scale::Scene, Scale::Scenario, Scale::Story]
            .into_iter()
            .map(|s| {
                let (low, high) = s.impact_guide();
                option(
                    json!(s.name()),
                    &format!("{} (impact {low}-{high})", capitalized(s.name())),
                )
            })
            .collect(),
    )
}

pub(super) fn kind_field() -> Field {
    choice(
        "kind",
        "Kind",
        vec![
            option(json!("specific"), "Specific (pays once)").with_help(
                "Something particular that can happen once: it pays once, then it is gone (L6).",
            ),
            option(json!("non_specific"), "Non-specific (pays each time)")
                .with_help("Something that can be done again and again: it pays every time (L6)."),
        ],
    )
}

/// "The player's outcome (Tiran: 1)": a proposed side with its author and likelihood.
pub(super) fn side_label(problem: &Problem, side: Side) -> String {
    let phrase = capitalized(side.outcome_phrase());
    match problem.outcome(side) {
        Some(o) => format!("{phrase} ({}, now {})", o.by, signed(o.likelihood())),
        None => phrase,
    }
}

/// "#2 trait Quick +2 (Tiran)": an entry as a merge choice.
pub(super) fn entry_label(e: &Entry) -> String {
    let what = match &e.trait_use {
        Some(t) => format!("{}'s {}", t.character, t.name),
        None => e.reason.clone(),
    };
    format!("#{} {} {}: {what}", e.id, e.kind.name(), signed(e.value))
}
