//! The table's own actions (rolls, notes, talk, calls, answers...) as forms, labelled as the table
//! page labels them, and a table action that does not read as one refused in those forms' words.
//! Apart from `worded.rs` so that `action.rs`, which reads actions, imports nothing that imports
//! it back.

use crate::error::{Error, ErrorKind};
use crate::limits;
use serde_json::{Value, json};
use skald_core::{Field, Forms, Move, Problem};

/// The table's own actions as forms, labelled as the table page's tools and talk box label them
/// (`crates/web/templates/table.html`, `say.html`): what a refusal of one of them names its
/// blanks by.
pub fn own_forms() -> Vec<Move> {
    let form = |label: &str, does: &'static str, fields: Vec<Field>| Move {
        fields,
        ..Move::new("Table", label, does, json!({}))
    };
    let dice = || Field::text("notation", "Dice", 200);
    let what_for = || Field::text("label", "What for", limits::LABEL.1);
    let record = |label: &str| Field::number("request", label, 1, i64::MAX, 1);
    vec![
        form("Roll dice", "roll", vec![dice(), what_for()]),
        form("Secret roll", "secret_roll_dice", vec![dice(), what_for()]),
        form(
            "Reveal a secret roll",
            "reveal_roll",
            vec![Field::number("of", "Its number in the log", 1, i64::MAX, 1)],
        ),
        form(
            "GM note",
            "note",
            vec![Field::text("text", "The note", limits::NOTE.1)],
        ),
        form(
            "Add your seed to the dice",
            "contribute_seed",
            vec![Field::text("seed", "Your seed", 256)],
        ),
        form(
            "End the epoch",
            "end_epoch",
            vec![Field::flag(
                "reveal_hidden",
                "Reveal my secret rolls still hidden",
                false,
            )],
        ),
        form("Undo the last command", "undo", Vec::new()),
        form(
            "Allocate dice in secret",
            "allocate",
            vec![
                Field::text("who", "Character", limits::NAME.1),
                Field::number("spend", "Dice to put in", 0, i64::from(u32::MAX), 0),
            ],
        ),
        form("Call for a roll", "call", Vec::new()),
        form("Answer a request", "answer", vec![record("The request")]),
        form(
            "Withdraw a request",
            "withdraw",
            vec![record("The request")],
        ),
        form(
            "Talk",
            skald_core::SAY,
            vec![
                Field::text("text", "What you say", limits::TALK.1),
                Field::text("to", "To", 16),
                Field::text("as", "As", limits::NAME.1),
            ],
        ),
        form(
            "Table options",
            "table_options",
            vec![Field::flag(
                "players_set_gm_numbers",
                "Players set the GM's numbers",
                false,
            )],
        ),
    ]
}

/// A table action's JSON that did not read as one (`problem`, the parser's), in the words of its
/// form.
pub(crate) fn unreadable_action(value: &Value, problem: Problem) -> Error {
    let problem = problem.about(value);
    let moves = own_forms();
    let forms = Forms {
        moves: &moves,
        options: &[],
    };
    let worded = forms.word_problem(value, &problem, None, "the table");
    Error::from(ErrorKind::BadAction {
        message: worded.message.clone(),
    })
    .worded(worded)
    .coded(problem.code())
}
