//! The Characters moves: making one, changing a trait freely.

use super::forms::{CHARACTERS, choice, json_field, mv, new_name, number, option, text};
use crate::limits;
use crate::model::State;
use serde_json::{Value, json};
use skald_core::{Move, Seat};

/// The Characters moves: enrolling while the table has room, free trait changes when allowed.
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let options = &state.options;
    if state.characters.len() < limits::MAX_CHARACTERS {
        let mut sheet = json!({
            "name": new_name(state),
            "influence": limits::STARTING_INFLUENCE,
            "traits": [
                {"name": "Swordsman", "rating": 3},
                {"name": "Hot-headed", "rating": 2, "harmful": true}
            ]
        });
        if options.strength {
            sheet["strength"] = json!(limits::DEFAULT_STRENGTH);
        }
        out.push(mv(
            CHARACTERS,
            "Make a character".into(),
            json!({"do": "enroll"}),
            vec![json_field("character", "The sheet (JSON)", sheet)],
            false,
            &format!(
                "A name (not \"GM\"), influence 0-999 (default 10){}, traits rated 1-{}, \"harmful\": true for one that works against its holder (book: Making Characters, Traits).",
                if options.strength {
                    ", strength 5-20 (default 10; L8)"
                } else {
                    ""
                },
                options.max_rating()
            ),
        ));
    }
    if seat.gm && options.free_changes && state.problem.is_none() && !state.characters.is_empty() {
        out.push(mv(
            CHARACTERS,
            "Change a trait (free change)".into(),
            json!({"do": "change_trait", "approved": true}),
            vec![
                choice(
                    "character",
                    "Whose",
                    state
                        .characters
                        .iter()
                        .map(|m| option(json!(m.name), &m.name))
                        .collect(),
                ),
                text("trait", "Trait (on the sheet, or new)", limits::NAME_CHARS),
                number("rating", "New permanent rating (0 removes it)", 0, options.max_rating(), 1),
                choice(
                    "harmful",
                    "Kind",
                    vec![
                        option(Value::Null, "As the trait is (a new one: helpful)"),
                        option(json!(true), "Harmful (a new trait)"),
                    ],
                ),
                text("reason", "Why", limits::REASON_CHARS),
            ],
            false,
            "The player asks, the GM approves: sets the permanent rating; temporary changes stay on top (book: Changing A Character).",
        ));
    }
}
