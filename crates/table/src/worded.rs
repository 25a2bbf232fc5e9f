//! A table's refusals in the words of the forms their sender was offered: the seat's moves (the
//! system's, the requests', the GM's calls), the table's own actions as the table page's tools
//! label them ([`own_forms`]), and the system's options as the lobby labels them
//! (`skald_core::Forms`). Every refusal [`Table::decide`], [`Table::decide_request`] and
//! [`Table::check`] return, and every refusal a `roll_failed` record keeps, is worded here.

use crate::action::{Action, TableAction};
use crate::error::{Error, ErrorKind};
use crate::limits;
use crate::record::Actor;
use crate::table::Table;
use serde_json::{Value, json};
use skald_core::{Field, Forms, GameError, Move, Problem};

/// The table's own actions as forms, labelled as the table page's tools and talk box label them
/// (`crates/web/templates/table.html`, `say.html`): what a refusal of one of them names its
/// blanks by.
pub fn own_forms() -> Vec<Move> {
    let form = |label: &str, does: &str, fields: Vec<Field>| Move {
        group: "Table".to_owned(),
        label: label.to_owned(),
        command: json!({ "do": does }),
        fields,
        odds: false,
        note: None,
        sheet: None,
        confirm: None,
        lead: false,
        character: None,
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

/// A table action's JSON that did not read as one (`message`, serde's), in the words of its form.
pub(crate) fn unreadable_action(value: &Value, message: &str) -> Error {
    let problem = Problem::read_about(message, value);
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

impl Table {
    /// `error`, the table's refusal of `action` from `by`, in the words of the forms `by` was
    /// offered: the blank it is about by its label (in a call or an answer, the blank of the
    /// command inside), an option by its lobby label, no backticks. An error already worded is
    /// returned as it is.
    pub(crate) fn word(&self, by: Actor, action: &Action, error: Error) -> Error {
        // A notation's refusal quotes the sender's input with a caret under the problem, as typed:
        // nothing in it is the table's to reword.
        if error.is_worded() || matches!(error.kind(), ErrorKind::Notation { .. }) {
            return error;
        }
        let (sent, prefix) = match action {
            Action::Command(command) => (command.clone(), ""),
            Action::Table(table) => {
                let prefix = match table {
                    TableAction::Call { .. } => "command.",
                    TableAction::Answer { .. } => "values.",
                    _ => "",
                };
                (serde_json::to_value(table).unwrap_or(Value::Null), prefix)
            }
        };
        let mut moves = self.moves(by);
        moves.extend(own_forms());
        let options = skald_systems::find(self.system())
            .map(|s| (s.option_fields)())
            .unwrap_or_default();
        let forms = Forms {
            moves: &moves,
            options: &options,
        };
        let at = error.field().map(|f| format!("{prefix}{f}"));
        let mut worded = match error.kind() {
            ErrorKind::Game(GameError::BadCommand { problem, title, .. }) => {
                forms.word_problem(&sent, problem, at.as_deref(), title)
            }
            _ => forms.word(&sent, &error.to_string(), at.as_deref()),
        };
        // The field stays a path into what the sender's form sends inside (`difficulty`, not
        // `command.difficulty`) when the refusal named it so.
        if let Some(field) = &worded.field
            && let Some(inner) = field.strip_prefix(prefix)
            && !prefix.is_empty()
        {
            worded.field = Some(inner.to_owned());
        }
        error.worded(worded)
    }

    /// Options that do not fit the system, in the words of its lobby.
    pub(crate) fn word_options(system: &str, options: &Value, error: Error) -> Error {
        let ErrorKind::Game(GameError::BadOptions {
            system: title,
            problem,
        }) = error.kind()
        else {
            return error;
        };
        let fields = skald_systems::find(system)
            .map(|s| (s.option_fields)())
            .unwrap_or_default();
        let worded = skald_core::word_options(&fields, options, problem, title);
        let worded = skald_core::Worded {
            message: format!("the table's options do not fit {title}: {}", worded.message),
            field: worded.field,
        };
        error.worded(worded)
    }
}
