//! Equipment moves (T9): repairing a broken special item.

use super::forms::{choice_field, option};
use crate::model::State;
use crate::model::Verb;
use serde_json::json;
use skald_core::{Choice, Move, Seat};

/// The page's group of these moves.
const EQUIPMENT: &str = "Equipment";

/// The Equipment moves: repair a broken special item of each living character the seat controls (T9).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    for c in state
        .characters
        .iter()
        .filter(|c| !c.dead && seat.controls(&c.name))
    {
        let broken: Vec<Choice> = c
            .equipment
            .iter()
            .filter(|t| t.broken)
            .map(|t| option(t.name.clone(), t.name.clone()))
            .collect();
        if broken.is_empty() {
            continue;
        }
        out.push(Move {
            fields: vec![choice_field("item", "Broken item", broken, false)],
            note: Some(format!(
                "Marks the item mended on {}'s sheet: a broken special item cannot be brought in until repaired (T9). How it is mended is the story's; the rules say nothing of it.",
                c.name
            )),
            ..Move::new(
                EQUIPMENT,
                format!("{}: repair an item", c.name),
                Verb::Repair,
                json!({"who": c.name}),
            )
            .for_character(&c.name)
        });
    }
}
