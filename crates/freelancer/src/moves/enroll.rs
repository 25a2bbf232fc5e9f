//! The move that creates a character (ruling F8): a JSON sheet, from a valid example.

use super::forms::{MAX_SHEET_TEXT, field, mv};
use crate::model::state::State;
use serde_json::{Value, json};
use skald_core::{FieldKind, Move, Seat};

pub(super) fn enroll_move(state: &State, seat: &Seat) -> Move {
    let note = if seat.gm {
        "A sheet as scenarios write it (docs/freelancer.md): name (1-64 characters), kind \"pc\", \
         \"npc\" (a full NPC sheet) or \"encounter\" (ratings only), level, xp, ap, vocation (one of \
         the eight), ratings (MIT VIG ALC INT MRL LCK and the stats, 0 to 10^30), abilities (F8)."
    } else {
        "A sheet as scenarios write it (docs/freelancer.md): name (1-64 characters), level, xp, ap, \
         vocation (one of the eight), ratings (MIT VIG ALC INT MRL LCK and the stats, 0 to 10^30), \
         abilities; a player's character is a PC, and becomes yours (F8)."
    };
    mv(
        "Characters",
        "Create a character".to_owned(),
        json!({"do": "enroll"}),
        vec![field(
            "character",
            "Sheet (JSON)",
            FieldKind::Json {
                max: MAX_SHEET_TEXT,
                example: example_sheet(state),
            },
        )],
        note.to_owned(),
    )
}

/// A valid PC sheet to start the form from, under a name not yet at the table: `"Newcomer"`, else
/// `"Newcomer 2"`, `"Newcomer 3"`...
pub fn example_sheet(state: &State) -> Value {
    let mut name = "Newcomer".to_owned();
    let mut n = 1;
    while state.characters.contains_key(&name) {
        n += 1;
        name = format!("Newcomer {n}");
    }
    json!({
        "name": name,
        "kind": "pc",
        "level": 1,
        "ap": 0,
        "ratings": {"MIT": 10, "VIG": 10, "ALC": 10, "INT": 10, "MRL": 10, "LCK": 10, "LFT": 20, "SPD": 30},
    })
}
