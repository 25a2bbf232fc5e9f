//! What a seat may do now at a Toy table, as forms for a table page ([`moves`]): a try for each
//! character the seat plays (with its odds as the form is filled), and the character builder.
//! A move is an offer, never a permission: the rules check every command sent.

use crate::limits::{MAX_NAME, MAX_SKILL, MIN_SKILL};
use crate::model::command::Verb;
use crate::model::state::State;
use serde_json::json;
use skald_core::{Field, Move, Seat};

/// The moves `seat` may make now in `state`: a try for each character it plays (the GM: every
/// one), each its character's turn whenever it likes (`lead`); then the character builder.
pub fn moves(state: &State, seat: &Seat) -> Vec<Move> {
    let mut moves: Vec<Move> = state
        .characters
        .iter()
        .filter(|c| seat.controls(&c.name))
        .map(|c| {
            Move {
                odds: true,
                note: Some(format!(
                    "Roll a d6 and add the skill {}: the target or more succeeds (Y2).",
                    c.skill
                )),
                ..Move::new(
                    "Tries",
                    format!("{}: try", c.name),
                    Verb::Try,
                    json!({"who": c.name}),
                )
            }
            .for_character(&c.name)
            .leading()
        })
        .collect();
    let label = if seat.gm {
        "Add a character"
    } else {
        "Make a character"
    };
    moves.push(Move {
        fields: vec![
            Field::text("character.name", "Name", MAX_NAME),
            Field::number(
                "character.skill",
                "Skill",
                i64::from(MIN_SKILL),
                i64::from(MAX_SKILL),
                2,
            )
            .with_help("What the character adds to a try's die, 0 to 5 (Y1)."),
        ],
        note: Some("A name and a skill (Y1).".into()),
        sheet: Some("character".into()),
        ..Move::new("Characters", label, Verb::Enroll, json!({}))
    });
    moves
}
