//! The Table move (T12): the GM adds a trait of the table's own to the list.

use super::forms::{field, text_field};
use crate::limits::{MAX_NAME_CHARS, MAX_TEXT_CHARS};
use crate::model::Verb;
use serde_json::json;
use skald_core::{FieldKind, Move, Seat};

/// The page's group of these moves.
const TABLE: &str = "Table";

/// The Table move, for the GM: define a trait of the table's own (T12).
pub(super) fn moves(seat: &Seat, out: &mut Vec<Move>) {
    if seat.gm {
        out.push(Move {
            fields: vec![
                text_field("name", "Trait", MAX_NAME_CHARS),
                text_field("description", "What it covers", MAX_TEXT_CHARS),
                field("open", "Open to everyone, whatever their keys", FieldKind::Flag { default: false }),
            ],
            note: Some("The table adds a trait of its own to the list; an open trait is unlocked for every character (T12).".into()),
            ..Move::new(
                TABLE,
                "Define a trait",
                Verb::DefineTrait,
                json!({}),
            )
        });
    }
}
