//! The moves of dice rolls (ruling F1): rolling the dice besides the d100 (d4, d6, d8, d10, d12,
//! d20) for a character the seat acts for, and for the GM a roll that names no one. Each die's
//! highest face is a Crit and its lowest a Botch.

use super::forms::{controlled, mv};
use crate::limits::{DICE_SIDES, MAX_DICE, MAX_TEXT, MIN_DICE};
use crate::model::Verb;
use crate::model::state::State;
use serde_json::{Value, json};
use skald_core::{Choice, Field, FieldKind, Move, Seat};

/// The page's group of these moves.
const DICE: &str = "Dice";

/// A small number as a form's bound.
fn bound(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The blanks every roll has: the die, how many, what for.
fn roll_fields() -> Vec<Field> {
    let dice = DICE_SIDES
        .into_iter()
        .map(|sides| {
            Choice::new(
                json!(sides),
                format!("d{sides} ({sides} is a Crit, 1 a Botch)"),
            )
        })
        .collect();
    vec![
        Field::new(
            "die",
            "Die",
            FieldKind::Choice {
                options: dice,
                multiple: false,
            },
        )
        .with_help("On each die the highest face is a Crit and the lowest, 1, a Botch (F1)."),
        Field::number(
            "count",
            "How many",
            bound(MIN_DICE),
            bound(MAX_DICE),
            bound(MIN_DICE),
        ),
        Field::text("what", "What for (optional)", MAX_TEXT),
    ]
}

/// The Dice moves: a roll for the characters `seat` acts for (one move, the character a choice),
/// and, for the GM, a roll that names no character (F1).
pub(super) fn dice_moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let names: Vec<(Value, &str)> = controlled(state, seat)
        .map(|sheet| (json!(sheet.name), sheet.name.as_str()))
        .collect();
    let note = "The dice besides the d100, added up as raw values; on each, the highest face is a \
                Crit and 1 a Botch (the book's Dice; F1).";
    if !names.is_empty() {
        let mut fields = vec![Field::choice("who", "Who rolls", &names)];
        fields.extend(roll_fields());
        out.push(mv(
            DICE,
            "Roll dice".to_owned(),
            Verb::RollDie,
            json!({}),
            fields,
            note.to_owned(),
        ));
    }
    if seat.gm {
        out.push(mv(
            DICE,
            "Roll dice for no one in particular".to_owned(),
            Verb::RollDie,
            json!({}),
            roll_fields(),
            format!("{note} The GM's roll, naming no character."),
        ));
    }
}
