//! The table options the lobby offers for each system: the registry's fields (each system's own,
//! `System::option_fields`), with the rulings' defaults, in the shape the lobby's form reads.

use serde::Serialize;
use serde_json::Value;
use skald_core::FieldKind;

/// One option of a system, as the lobby's form shows it.
#[derive(Debug, Serialize)]
pub struct OptionField {
    /// The option's key in the system's options.
    pub key: String,
    /// What the form calls it, with its ruling.
    pub label: String,
    /// `bool`, `int` or `choice`.
    pub kind: &'static str,
    /// For `int`: the bounds.
    pub min: i64,
    /// For `int`: the bounds.
    pub max: i64,
    /// For `choice`: the values, each with its label.
    pub choices: Vec<(Value, String)>,
    /// The default, from the system's own defaults.
    pub default: Value,
    /// One line saying what the option does, for a group that has not read the book.
    pub help: Option<String>,
}

/// The options of `system`, defaults filled in from the rules; none for a system Skald does not
/// play.
pub fn fields(system: &str) -> Vec<OptionField> {
    let Some(listed) = skald_systems::REGISTRY.find(system) else {
        return Vec::new();
    };
    let defaults = (listed.new_game)(&Value::Null)
        .map(|g| g.options())
        .unwrap_or_default();
    (listed.option_fields)()
        .into_iter()
        .map(|field| {
            let (kind, min, max, choices) = match field.kind {
                FieldKind::Flag { .. } => ("bool", 0, 0, Vec::new()),
                FieldKind::Number { min, max, .. } => ("int", min, max, Vec::new()),
                FieldKind::Choice { options, .. } => (
                    "choice",
                    0,
                    0,
                    options.into_iter().map(|c| (c.value, c.label)).collect(),
                ),
                FieldKind::Text { .. } | FieldKind::List { .. } => ("text", 0, 0, Vec::new()),
            };
            OptionField {
                default: defaults.get(&field.name).cloned().unwrap_or(Value::Null),
                key: field.name,
                label: field.label,
                help: field.help,
                kind,
                min,
                max,
                choices,
            }
        })
        .collect()
}
