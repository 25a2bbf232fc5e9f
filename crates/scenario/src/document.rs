//! The scenario document: TOML text into a [`Scenario`] whose commands are still system-neutral JSON.

use crate::{Error, ErrorKind};
use serde::Deserialize;
use serde_json::{Map, Value};

/// Bytes a scenario file may hold; larger files are refused before parsing.
pub const MAX_SCENARIO_BYTES: usize = 1 << 20;
/// Steps a scenario may hold.
pub const MAX_STEPS: usize = 10_000;
/// Scripted dice one step may hold.
pub const MAX_DICE_PER_STEP: usize = 10_000;

/// A parsed scenario. Its options, characters and commands stay JSON until [`Scenario::replay_as`]
/// reads them as the named system's types.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// What is played.
    pub title: String,
    /// The system's name, as written; the registry (`crates/systems`) checks it is one Skald plays.
    pub system: String,
    /// Where it comes from (a rulebook section), if given.
    pub source: Option<String>,
    /// The `[options]` table (an empty object when absent).
    pub options: Value,
    /// The `[[characters]]` entries, in order.
    pub characters: Vec<Value>,
    /// The `[[steps]]`, in order.
    pub steps: Vec<Step>,
}

/// One step: a command, its scripted dice and what must come of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// Free text printed above the step in the log.
    pub note: Option<String>,
    /// The command: the step's table without `note`, `dice`, `expect` and `expect_error`.
    pub command: Value,
    /// Scripted dice in the order the command rolls them.
    pub dice: Vec<i64>,
    /// A partial match on the state after the step.
    pub expect: Option<Value>,
    /// Text the refusal message must contain; the command must be refused.
    pub expect_error: Option<String>,
}

/// Reads a scenario's TOML text.
///
/// # Errors
/// [`ErrorKind`] naming the first problem: size, TOML syntax, a missing field, an unknown system or key,
/// or a malformed step.
pub fn load(text: &str) -> Result<Scenario, Error> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(ErrorKind::TooLarge(format!(
            "the file has {} bytes; at most {MAX_SCENARIO_BYTES} are allowed",
            text.len()
        ))
        .into());
    }
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| ErrorKind::Toml(e.to_string()))?;
    let doc = match serde_json::to_value(table) {
        Ok(Value::Object(map)) => map,
        _ => return Err(ErrorKind::Toml("the top level must be a table".into()).into()),
    };
    for key in doc.keys() {
        if ![
            "title",
            "system",
            "source",
            "options",
            "characters",
            "steps",
        ]
        .contains(&key.as_str())
        {
            return Err(ErrorKind::UnknownKey(key.clone()).into());
        }
    }
    // Every key is one of the above: each is read as any JSON, to be refused in words if of the
    // wrong kind.
    let fields: Fields =
        serde_json::from_value(Value::Object(doc)).map_err(|e| ErrorKind::Toml(e.to_string()))?;
    let title = string(fields.title, "title")?.ok_or(ErrorKind::Field {
        field: "title",
        expected: "a string",
    })?;
    let system = string(fields.system, "system")?.ok_or(ErrorKind::Field {
        field: "system",
        expected: "a string",
    })?;
    let source = string(fields.source, "source")?;
    let options = match fields.options {
        None => Value::Object(Default::default()),
        Some(v @ Value::Object(_)) => v,
        Some(_) => {
            return Err(ErrorKind::Field {
                field: "options",
                expected: "a table",
            }
            .into());
        }
    };
    let characters = match fields.characters {
        None => Vec::new(),
        Some(Value::Array(items)) => items,
        Some(_) => {
            return Err(ErrorKind::Field {
                field: "characters",
                expected: "an array of tables",
            }
            .into());
        }
    };
    let steps = match fields.steps {
        None => Vec::new(),
        Some(Value::Array(items)) => items,
        Some(_) => {
            return Err(ErrorKind::Field {
                field: "steps",
                expected: "an array of tables",
            }
            .into());
        }
    };
    if steps.len() > MAX_STEPS {
        return Err(ErrorKind::Field {
            field: "steps",
            expected: "at most 10000 steps",
        }
        .into());
    }
    let steps = steps
        .into_iter()
        .enumerate()
        .map(|(i, step)| read_step(i + 1, step))
        .collect::<Result<_, _>>()?;
    Ok(Scenario {
        title,
        system,
        source,
        options,
        characters,
        steps,
    })
}

/// A scenario's top-level entries (its keys checked first), each as any JSON.
#[derive(Deserialize)]
struct Fields {
    title: Option<Value>,
    system: Option<Value>,
    source: Option<Value>,
    options: Option<Value>,
    characters: Option<Value>,
    steps: Option<Value>,
}

/// A step's own entries, each as any JSON, and the command: the rest of the step's table.
#[derive(Deserialize)]
struct StepFields {
    note: Option<Value>,
    dice: Option<Value>,
    expect: Option<Value>,
    expect_error: Option<Value>,
    #[serde(flatten)]
    command: Map<String, Value>,
}

/// `value` as a string, or none when absent.
fn string(value: Option<Value>, field: &'static str) -> Result<Option<String>, Error> {
    match value {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(ErrorKind::Field {
            field,
            expected: "a string",
        }
        .into()),
    }
}

fn read_step(index: usize, step: Value) -> Result<Step, Error> {
    let step_error = |message: String| Error::from(ErrorKind::Step { index, message });
    if !step.is_object() {
        return Err(step_error("a step must be a table".into()));
    }
    // A table always reads as the step's fields (any entry, any value).
    let fields: StepFields = serde_json::from_value(step).map_err(|e| step_error(e.to_string()))?;
    let note = match fields.note {
        None => None,
        Some(Value::String(s)) => Some(s),
        Some(_) => return Err(step_error("`note` must be a string".into())),
    };
    let dice = match fields.dice {
        None => Vec::new(),
        Some(Value::Array(values)) => {
            if values.len() > MAX_DICE_PER_STEP {
                return Err(step_error(format!(
                    "`dice` holds {} values; at most {MAX_DICE_PER_STEP} are allowed",
                    values.len()
                )));
            }
            values
                .iter()
                .map(|v| {
                    v.as_i64().ok_or_else(|| {
                        step_error(format!("`dice` holds {v}, which is not an integer"))
                    })
                })
                .collect::<Result<_, _>>()?
        }
        Some(_) => return Err(step_error("`dice` must be an array of integers".into())),
    };
    let expect = match fields.expect {
        None => None,
        Some(v @ Value::Object(_)) => Some(v),
        Some(_) => return Err(step_error("`expect` must be a table".into())),
    };
    let expect_error = match fields.expect_error {
        None => None,
        Some(Value::String(s)) => Some(s),
        Some(_) => return Err(step_error("`expect_error` must be a string".into())),
    };
    let command = Value::Object(fields.command);
    if skald_core::Head::of(&command).verb.is_none() {
        return Err(step_error(
            "`do` is missing or not text: every step names its command".into(),
        ));
    }
    Ok(Step {
        note,
        command,
        dice,
        expect,
        expect_error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_error(text: &str, expected: &str) {
        let err = load(text).expect_err("the scenario should be refused");
        assert_eq!(err.to_string(), expected);
    }

    #[test]
    fn refuses_what_the_format_does_not_have() {
        check_error(
            "system = \"twenty\"",
            "the scenario needs `title` (a string)",
        );
        check_error(
            "title = \"t\"\nsystem = \"chi\"\nstep = []",
            "unknown top-level key `step` (allowed: title, system, source, options, characters, steps)",
        );
        check_error(
            "title = \"t\"\nsystem = \"chi\"\n[[steps]]\nwho = \"x\"",
            "step 1: `do` is missing or not text: every step names its command",
        );
        check_error(
            "title = \"t\"\nsystem = \"chi\"\n[[steps]]\ndo = 3",
            "step 1: `do` is missing or not text: every step names its command",
        );
        check_error(
            "title = \"t\"\nsystem = \"chi\"\n[[steps]]\ndo = \"x\"\ndice = [1.5]",
            "step 1: `dice` holds 1.5, which is not an integer",
        );
    }

    #[test]
    fn splits_a_step_into_command_dice_and_expectations() {
        let scenario = load(
            "title = \"t\"\nsystem = \"twenty\"\n[[steps]]\nnote = \"n\"\ndo = \"stand\"\nwho = \"A\"\ndice = [3]\nexpect = { a = 1 }\n",
        )
        .expect("valid");
        let step = &scenario.steps[0];
        assert_eq!(step.note.as_deref(), Some("n"));
        assert_eq!(step.command, serde_json::json!({"do": "stand", "who": "A"}));
        assert_eq!(step.dice, vec![3]);
        assert_eq!(step.expect, Some(serde_json::json!({"a": 1})));
    }
}
