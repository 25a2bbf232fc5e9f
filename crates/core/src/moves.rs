//! [`Move`]s and [`Odds`]: what a seat may do now, as forms a table page can offer, and the exact
//! chances of a command before its dice are rolled.
//!
//! A system lists the moves legal for a seat in the current state ([`System::moves`](crate::System::moves));
//! a page shows each as a form whose fixed part is `command` and whose blanks are `fields`. The
//! rules still decide every command sent: a move list is an offer, never a permission.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Who asks: the GM, or a player with the characters it owns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seat {
    /// Whether this is the GM (who may act for every character).
    pub gm: bool,
    /// The characters this seat owns, by name as the state names them.
    pub characters: Vec<String>,
}

impl Seat {
    /// Whether this seat may act for `name`: the GM, or its owner.
    pub fn controls(&self, name: &str) -> bool {
        self.gm || self.characters.iter().any(|c| c == name)
    }
}

/// One legal move: a command with its fixed fields, and the blanks the user fills in.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Move {
    /// What the move is about, for grouping on a page: `"Conflict"`, `"Round"`, `"Problem"`, ...
    pub group: String,
    /// A short label in the book's terms: `"Gorand: bring in dice"`.
    pub label: String,
    /// The fixed part of the command, `{"do": ..., ...}`; each field's value is set at its `name`.
    pub command: Value,
    /// The blanks, in the order a form shows them.
    pub fields: Vec<Field>,
    /// Whether the system gives exact odds for this command ([`System::odds`](crate::System::odds)).
    pub odds: bool,
    /// A rule reminder shown beside the form (at most a sentence or two), with its source.
    pub note: Option<String>,
}

/// One blank of a move.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Field {
    /// The command's key it fills (a top-level key of `command`).
    pub name: String,
    /// What a form calls it.
    pub label: String,
    /// What may go in it.
    pub kind: FieldKind,
}

impl Field {
    /// A yes-or-no field starting at `default`.
    pub fn flag(name: &str, label: &str, default: bool) -> Self {
        Self {
            name: name.to_owned(),
            label: label.to_owned(),
            kind: FieldKind::Flag { default },
        }
    }

    /// A whole number from `min` to `max`, starting at `default`.
    pub fn number(name: &str, label: &str, min: i64, max: i64, default: i64) -> Self {
        Self {
            name: name.to_owned(),
            label: label.to_owned(),
            kind: FieldKind::Number { min, max, default },
        }
    }

    /// One of `options`, each `(value, label)`.
    pub fn choice(name: &str, label: &str, options: &[(Value, &str)]) -> Self {
        Self {
            name: name.to_owned(),
            label: label.to_owned(),
            kind: FieldKind::Choice {
                options: options
                    .iter()
                    .map(|(value, label)| Choice {
                        value: value.clone(),
                        label: (*label).to_owned(),
                    })
                    .collect(),
                multiple: false,
            },
        }
    }
}

/// What a field takes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FieldKind {
    /// A whole number from `min` to `max` (inclusive), starting at `default`.
    Number {
        /// The least allowed.
        min: i64,
        /// The most allowed.
        max: i64,
        /// The starting value.
        default: i64,
    },
    /// One of `options` (or several, with `multiple`: the field is then a JSON array).
    Choice {
        /// The options.
        options: Vec<Choice>,
        /// Whether several may be picked.
        multiple: bool,
    },
    /// Free text of at most `max` characters.
    Text {
        /// The most characters allowed.
        max: usize,
    },
    /// A JSON value typed as text (a character sheet), at most `max` characters; the page parses it
    /// and sends the value, starting from `example`.
    Json {
        /// The most characters allowed.
        max: usize,
        /// A valid value to start from.
        example: Value,
    },
    /// Yes or no, starting at `default`.
    Flag {
        /// The starting value.
        default: bool,
    },
}

/// One option of a [`FieldKind::Choice`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// The JSON value the command gets.
    pub value: Value,
    /// What a form shows.
    pub label: String,
}

/// Exact chances of a command before its dice are rolled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    /// One sentence: what the chances are of.
    pub summary: String,
    /// The outcomes that matter (success, failure, a tie...), each with its exact chance.
    pub chances: Vec<Chance>,
    /// The distribution of the deciding number, when there is one worth drawing (outcome, chance).
    pub distribution: Vec<Chance>,
}

/// One outcome's exact chance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chance {
    /// The outcome, in the book's terms (or the number, for a distribution).
    pub label: String,
    /// The exact chance as a reduced fraction `"n/d"` (`"1"` and `"0"` for certain and impossible).
    pub p: String,
    /// The same as a decimal, for drawing; never shown instead of `p`.
    pub decimal: f64,
}
