//! The Characters move (T1, T12): adding a character to the table, its sheet written as JSON.

use super::forms::field;
use crate::limits::{
    MAX_SHEET_CHARS, NEW_EQUIPMENT_BOXES, NEW_TRAIT_BOXES, NEW_TRAITS, STAT_BOXES,
};
use crate::model::State;
use serde_json::json;
use skald_core::{FieldKind, Move, Seat};

/// The page's group of these moves.
const CHARACTERS: &str = "Characters";

/// The Characters move: add a character, its sheet as JSON (T1), for every seat.
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    out.push(add_character(state, seat));
}

fn add_character(state: &State, seat: &Seat) -> Move {
    let keys = state.catalogue.skeleton_keys().join(", ");
    let kinds = if seat.gm {
        "\"kind\": \"existing\" for a character from earlier play (checked boxes, burdens), \"npc\" for a creature"
    } else {
        "\"kind\": \"existing\" for a character from earlier play (checked boxes, burdens)"
    };
    Move {
        group: CHARACTERS.into(),
        label: "Add a character".into(),
        command: json!({"do": "add_character"}),
        fields: vec![field(
            "character",
            "The sheet (JSON)",
            FieldKind::Json {
                max: MAX_SHEET_CHARS,
                example: json!({
                    "name": "Gorand",
                    "stats": {"Physical": 5, "Mental": 2, "Social": 3, "Emotional": 1, "Spiritual": 4},
                    "keys": ["Warrior"],
                    "traits": [
                        {"name": "Arms", "boxes": 2}, {"name": "Swords", "boxes": 4},
                        {"name": "Strong", "boxes": 1}, {"name": "Friendly", "boxes": 2},
                        {"name": "Marching", "boxes": 1}
                    ],
                    "equipment": [{"name": "Honeybee", "boxes": 2}, {"name": "wine flask", "boxes": 1}],
                    "gear": ["traveling gear", "food"]
                }),
            },
        )],
        odds: false,
        note: Some(format!(
            "A sheet as JSON (T1): {{\"name\": \"Gorand\", \"stats\": {{\"Physical\": 5, \"Mental\": 2, \"Social\": 3, \"Emotional\": 1, \"Spiritual\": 4}}, \"keys\": [\"Warrior\"], \"traits\": [{{\"name\": \"Swords\", \"boxes\": 4}}, ...], \"equipment\": [{{\"name\": \"Honeybee\", \"boxes\": 2}}, {{\"name\": \"wine flask\", \"boxes\": 1}}]}}: stats {} to {} once each, one skeleton key ({keys}), {} to {} traits it unlocks or open with {NEW_TRAIT_BOXES} boxes in all, two items with {} and {} boxes; {kinds}.",
            STAT_BOXES[0],
            STAT_BOXES[STAT_BOXES.len() - 1],
            NEW_TRAITS.start(),
            NEW_TRAITS.end(),
            NEW_EQUIPMENT_BOXES[1],
            NEW_EQUIPMENT_BOXES[0],
        )),
        sheet: None,
    }
}
