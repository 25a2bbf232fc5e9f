//! The table options the lobby offers for each system, with the rulings' defaults.

use serde::Serialize;
use serde_json::Value;

/// One option of a system, as the lobby's form shows it.
#[derive(Debug, Serialize)]
pub struct OptionField {
    /// The option's key in the system's options.
    pub key: &'static str,
    /// What the form calls it, with its ruling.
    pub label: &'static str,
    /// `bool`, `int` or `choice`.
    pub kind: &'static str,
    /// For `int`: the bounds.
    pub min: i64,
    /// For `int`: the bounds.
    pub max: i64,
    /// For `choice`: the values, each with its label.
    pub choices: Vec<(Value, &'static str)>,
    /// The default, from the system's own defaults.
    pub default: Value,
}

fn field(key: &'static str, label: &'static str, kind: &'static str) -> OptionField {
    OptionField {
        key,
        label,
        kind,
        min: 0,
        max: 0,
        choices: Vec::new(),
        default: Value::Null,
    }
}

/// The options of `system`, defaults filled in from the rules.
pub fn fields(system: &str) -> Vec<OptionField> {
    let defaults = skald_table::new_game(system, &Value::Null)
        .map(|g| g.options())
        .unwrap_or_default();
    let mut fields = match system {
        "twenty" => vec![field(
            "equipment_breaking",
            "Special equipment can break (T9)",
            "bool",
        )],
        "loqi" => vec![
            field(
                "unlikely_outcomes",
                "Unlikely outcomes stay possible (L4)",
                "bool",
            ),
            field("high_ratings", "Trait ratings 5 and 6", "bool"),
            field("strength", "Strength (L8)", "bool"),
            OptionField {
                min: 1,
                max: 5,
                ..field("scene_recovery", "Strength regained each scene (L8)", "int")
            },
            field("dying", "Dying (L8, needs strength)", "bool"),
            OptionField {
                min: -20,
                max: -1,
                ..field("death_at", "Dead at strength (L8)", "int")
            },
            field("influence_swapping", "Influence swapping (L5)", "bool"),
        ],
        "chi" => vec![OptionField {
            choices: vec![
                (Value::from("fail"), "a tie fails"),
                (Value::from("reroll"), "a tie is rolled again"),
            ],
            ..field("tie", "Ties on an action (C3)", "choice")
        }],
        "freelancer" => vec![
            OptionField {
                choices: vec![
                    (Value::from(1), "method 1: one turn each (F5)"),
                    (Value::from(2), "method 2: turns by magnitude (F6)"),
                ],
                ..field("initiative", "Initiative", "choice")
            },
            OptionField {
                choices: vec![
                    (Value::from("roll_under"), "equalize, roll under (F4)"),
                    (Value::from("chaotic"), "chaotic: divide by 10 (F4)"),
                ],
                ..field("opposed", "Opposed checks", "choice")
            },
            OptionField {
                choices: vec![
                    (Value::from("reroll"), "roll again"),
                    (Value::from("no_winner"), "no winner"),
                ],
                ..field("both_miss", "When both miss an opposed check", "choice")
            },
            OptionField {
                min: 1,
                max: 100,
                ..field("ap_per_level", "AP per level", "int")
            },
        ],
        _ => Vec::new(),
    };
    for field in &mut fields {
        field.default = defaults.get(field.key).cloned().unwrap_or(Value::Null);
    }
    fields
}
