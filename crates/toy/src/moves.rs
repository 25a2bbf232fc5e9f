//! What a seat may do now at a Toy table, as forms for a table page ([`moves`]): a try for each
//! character the seat plays (with its odds as the form is filled), and the character builder.
//! A move is an offer, never a permission: the rules check every command sent.

use crate::limits::{MAX_NAME, MAX_SKILL, MIN_SKILL};
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
                group: "Tries".into(),
                label: format!("{}: try", c.name),
                command: json!({"do": "try", "who": c.name}),
                fields: Vec::new(),
                odds: true,
                note: Some(format!(
                    "Roll a d6 and add the skill {}: the target or more succeeds (Y2).",
                    c.skill
                )),
                sheet: None,
                confirm: None,
                lead: false,
                character: None,
            }
            .for_character(&c.name)
            .leading()
        })
        .collect();
    moves.push(Move {
        group: "Characters".into(),
        label: if seat.gm {
            "Add a character".into()
        } else {
            "Make a character".into()
        },
        command: json!({"do": "enroll"}),
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
        odds: false,
        note: Some("A name and a skill (Y1).".into()),
        sheet: Some("character".into()),
        confirm: None,
        lead: false,
        character: None,
    });
    moves
}
