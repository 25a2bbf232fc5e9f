//! A table's refusals in the words of the forms their sender was offered: the seat's moves (the
//! system's, the requests', the GM's calls), the table's own actions as the table page's tools
//! label them ([`own_forms`](crate::own_forms::own_forms)), and the system's options as the lobby labels them
//! (`skald_core::Forms`). Every refusal [`Table::decide`], [`Table::decide_request`] and
//! [`Table::check`] return, and every refusal a `roll_failed` record keeps, is worded here.

use crate::action::{Action, TableAction};
use crate::error::{Error, ErrorKind};
use crate::own_forms::own_forms;
use crate::record::Actor;
use crate::table::Table;
use serde_json::Value;
use skald_core::{Forms, GameError, Listed};

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
        let options = (self.listed().option_fields)();
        let forms = Forms {
            moves: &moves,
            options: &options,
        };
        let at = error.field().map(|f| format!("{prefix}{f}"));
        let mut worded = match error.kind() {
            ErrorKind::Game(GameError::BadCommand { problem, title, .. }) => {
                forms.word_problem(&sent, problem, at.as_deref(), title)
            }
            _ => forms.word(&sent, &error.kind().template(), at.as_deref()),
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
    pub(crate) fn word_options(listed: &Listed, options: &Value, error: Error) -> Error {
        let ErrorKind::Game(GameError::BadOptions {
            system: title,
            problem,
        }) = error.kind()
        else {
            return error;
        };
        let fields = (listed.option_fields)();
        let worded = skald_core::word_options(&fields, options, problem, title);
        let worded = skald_core::Worded {
            message: format!("the table's options do not fit {title}: {}", worded.message),
            field: worded.field,
        };
        error.worded(worded)
    }
}
