//! The pieces every move's form is made of: fields, choices, the ratings a sheet can use now and
//! the sheets a seat acts for.

use crate::model::sheet::{Character, Rating};
use crate::model::state::State;
use crate::rules::stats;
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move, Seat};

/// The largest number a form field offers: 2^53 - 1, the largest whole number a browser's number
/// input keeps exactly. Larger ratings and difficulties (up to 10^30) are sent as strings of digits
/// through the page's JSON box (docs/freelancer.md, Numbers).
pub const FORM_MAX: i64 = 9_007_199_254_740_991;

/// The longest JSON sheet the character-creation form takes, in characters.
pub const MAX_SHEET_TEXT: usize = 4_000;

/// A difficulty or chance a form starts at: an even chance (a difference of 50 in band 6-95, F3).
pub(super) const EVEN: i64 = 50;

pub(super) fn mv(
    group: &str,
    label: String,
    command: Value,
    fields: Vec<Field>,
    note: String,
) -> Move {
    let odds = matches!(
        command["do"].as_str(),
        Some(
            "task_check"
                | "team_lift"
                | "chance_check"
                | "opposed_check"
                | "roll_die"
                | "initiative"
        )
    );
    Move {
        group: group.to_owned(),
        label,
        command,
        fields,
        odds,
        note: Some(note),
        sheet: None,
    }
}

pub(super) fn field(name: &str, label: &str, kind: FieldKind) -> Field {
    Field {
        name: name.to_owned(),
        label: label.to_owned(),
        kind,
        help: None,
    }
}

pub(super) fn number(min: i64, max: i64, default: i64) -> FieldKind {
    FieldKind::Number {
        min,
        max,
        default: default.clamp(min, max),
    }
}

pub(super) fn text(max: usize) -> FieldKind {
    FieldKind::Text { max }
}

pub(super) fn one_of(options: Vec<Choice>) -> FieldKind {
    FieldKind::Choice {
        options,
        multiple: false,
    }
}

pub(super) fn some_of(options: Vec<Choice>) -> FieldKind {
    FieldKind::Choice {
        options,
        multiple: true,
    }
}

pub(super) fn option(value: Value, label: String) -> Choice {
    Choice::new(value, label)
}

/// A name as a choice.
pub(super) fn named(name: &str) -> Choice {
    option(json!(name), name.to_owned())
}

pub(super) fn small(n: u128) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The ratings `sheet` can use now (its own, else the table's formula), in the book's order.
pub(super) fn ratings(state: &State, sheet: &Character) -> Vec<(Rating, u128)> {
    Rating::ALL
        .into_iter()
        .filter_map(|r| match stats::value(&state.options, sheet, r) {
            Some(Ok((value, _))) => Some((r, value)),
            _ => None,
        })
        .collect()
}

pub(super) fn has(state: &State, sheet: &Character, rating: Rating) -> bool {
    matches!(stats::value(&state.options, sheet, rating), Some(Ok(_)))
}

/// The sheets `seat` acts for, by name.
pub(super) fn controlled<'a>(
    state: &'a State,
    seat: &'a Seat,
) -> impl Iterator<Item = &'a Character> + 'a {
    state
        .characters
        .values()
        .filter(move |s| seat.controls(&s.name))
}
