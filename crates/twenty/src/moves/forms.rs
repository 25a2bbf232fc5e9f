//! The pieces every group of moves is built of: a form's fields (text, number, choice, flag), a
//! choice's option, and who and what a seat moves for in a conflict.

use crate::model::{Character, Conflict, Participant, State, Trait};
use serde_json::Value;
use skald_core::{Choice, Field, FieldKind, Seat};

/// A blank of a move's form: `name` fills the command's key of that name; `label` is what the page
/// shows.
pub(super) fn field(name: &str, label: &str, kind: FieldKind) -> Field {
    Field::new(name, label, kind)
}

/// A text blank of at most `max` characters.
pub(super) fn text_field(name: &str, label: &str, max: usize) -> Field {
    Field::text(name, label, max)
}

/// A blank choosing one of `options` (or several, when `multiple`).
pub(super) fn choice_field(name: &str, label: &str, options: Vec<Choice>, multiple: bool) -> Field {
    field(name, label, FieldKind::Choice { options, multiple })
}

/// One option of a choice: the value sent and the label shown.
pub(super) fn option(value: impl Into<Value>, label: impl Into<String>) -> Choice {
    Choice::new(value.into(), label)
}

/// The participants a seat moves for: those that are characters (not the GM's side of a healing) and
/// that it controls, with their sheets.
pub(super) fn controlled<'s>(
    state: &'s State,
    conflict: &'s Conflict,
    seat: &Seat,
) -> Vec<(&'s Participant, &'s Character)> {
    conflict
        .participants
        .iter()
        .filter(|p| seat.controls(&p.who))
        .filter_map(|p| state.character(&p.who).map(|c| (p, c)))
        .collect()
}

/// What `who` may bring in now: unused, unbroken, at least `exchange` unchecked boxes (T2).
pub(super) fn eligible<'c>(c: &'c Character, p: &Participant, exchange: u32) -> Vec<&'c Trait> {
    c.rollables()
        .filter(|t| t.unchecked() >= exchange && !t.broken && !p.used.contains(&t.name))
        .collect()
}
