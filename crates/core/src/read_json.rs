//! [`read_json`]: a JSON value read into a type (a system's command, its options, a table action,
//! a request's body), with what the parser found wrong as data ([`Problem`]): the field left out,
//! the field not taken, the variant not known, the value of the wrong kind, each as the parser
//! reported it (`serde-value`'s typed errors), never read back from serde's message.

use crate::refusal::{Problem, expected_in_words};
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_value::{DeserializerError, Unexpected, ValueDeserializer};

/// Reads `value` as a `T`. A `T` holds no tuple or fixed-length array: `serde-value` reads one
/// from a longer list without a word (the systems' commands, options and the table's actions have
/// none; lists are `Vec`s, their bounds checked by the rules).
///
/// # Errors
/// The [`Problem`] the parser found: [`Problem::Missing`], [`Problem::Unknown`],
/// [`Problem::Duplicate`], [`Problem::UnknownCommand`] (an unknown variant of any enum: the
/// caller that knows the command's `do` tells the two apart, [`Problem::about`]),
/// [`Problem::WrongType`], or [`Problem::Said`] with the words of a type's own reader (a
/// character line that does not read).
pub fn read_json<T: DeserializeOwned>(value: &Value) -> Result<T, Problem> {
    // Serializing a JSON value cannot fail: every JSON value has a serde shape.
    let tree = serde_value::to_value(value).map_err(|e| Problem::Said(e.to_string()))?;
    T::deserialize(ValueDeserializer::<DeserializerError>::new(tree)).map_err(problem)
}

/// The parser's complaint as a [`Problem`].
fn problem(error: DeserializerError) -> Problem {
    match error {
        DeserializerError::MissingField(field) => Problem::Missing {
            field: field.to_owned(),
        },
        DeserializerError::UnknownField(field, _) => Problem::Unknown { field },
        DeserializerError::DuplicateField(field) => Problem::Duplicate {
            field: field.to_owned(),
        },
        DeserializerError::UnknownVariant(name, _) => Problem::UnknownCommand { name },
        DeserializerError::InvalidType(found, expected)
        | DeserializerError::InvalidValue(found, expected) => Problem::WrongType {
            found: found_in_words(&found),
            expected: expected_in_words(&expected),
        },
        DeserializerError::InvalidLength(length, expected) => Problem::WrongType {
            found: format!("a list of {}", crate::noun(length, "entry", "entries")),
            expected: expected_in_words(&expected),
        },
        // A value no variant of an untagged enum reads (a rating given as a word): serde says
        // only that, in this one fixed sentence, as a custom message.
        DeserializerError::Custom(message)
            if message.starts_with("data did not match any variant of untagged enum") =>
        {
            Problem::WrongType {
                found: "a value".to_owned(),
                expected: "what the blank takes".to_owned(),
            }
        }
        DeserializerError::Custom(message) => Problem::Said(message),
    }
}

/// What the parser found, in words: "the text \"x\"", "the number -3", "yes", "a list".
fn found_in_words(found: &Unexpected) -> String {
    match found {
        Unexpected::Str(text) => format!("the text {text:?}"),
        Unexpected::Unsigned(n) => format!("the number {n}"),
        Unexpected::Signed(n) => format!("the number {n}"),
        Unexpected::Float(n) => format!("the number {n}"),
        Unexpected::Bool(b) => if *b { "yes" } else { "no" }.to_owned(),
        Unexpected::Char(c) => format!("the text \"{c}\""),
        Unexpected::Unit | Unexpected::Option => "nothing".to_owned(),
        Unexpected::Map | Unexpected::StructVariant | Unexpected::NewtypeStruct => {
            "a group of blanks".to_owned()
        }
        Unexpected::Seq | Unexpected::Bytes(_) | Unexpected::TupleVariant => "a list".to_owned(),
        Unexpected::Enum | Unexpected::UnitVariant | Unexpected::NewtypeVariant => {
            "a choice".to_owned()
        }
        Unexpected::Other(other) => crate::refusal::plain(other, &|_| None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize)]
    #[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
    #[allow(dead_code)]
    enum Command {
        Action { who: String, spend: u32 },
        Enroll { kind: Kind },
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Pc,
        Npc,
    }

    #[derive(Debug, Deserialize)]
    #[serde(untagged)]
    #[allow(dead_code)]
    enum Rating {
        Number(u8),
        Dice { dice: u8 },
    }

    fn read(value: Value) -> Problem {
        match read_json::<Command>(&value) {
            Ok(c) => panic!("{value} read as {c:?}"),
            Err(problem) => problem,
        }
    }

    #[test]
    fn the_parser_s_complaints_are_problems() {
        assert_eq!(
            read(json!({"do": "action", "who": "Ann"})),
            Problem::Missing {
                field: "spend".into()
            }
        );
        assert_eq!(
            read(json!({"do": "action", "who": "Ann", "spend": 1, "character": "x"})),
            Problem::Unknown {
                field: "character".into()
            }
        );
        assert_eq!(
            read(json!({"do": "nope"})),
            Problem::UnknownCommand {
                name: "nope".into()
            }
        );
        assert_eq!(
            read(json!({"do": "enroll", "kind": "god"})),
            Problem::UnknownCommand { name: "god".into() }
        );
        assert_eq!(
            read(json!({"do": "action", "who": "Ann", "spend": "x"})),
            Problem::WrongType {
                found: "the text \"x\"".into(),
                expected: "a whole number from 0 to 4294967295".into()
            }
        );
        assert_eq!(
            read(json!({"do": "action", "who": "Ann", "spend": -3})),
            Problem::WrongType {
                found: "the number -3".into(),
                expected: "a whole number from 0 to 4294967295".into()
            }
        );
        assert_eq!(
            read(json!({"do": "action", "who": true, "spend": 1})),
            Problem::WrongType {
                found: "yes".into(),
                expected: "text".into()
            }
        );
        assert_eq!(
            read_json::<Rating>(&json!("x")).err(),
            Some(Problem::WrongType {
                found: "a value".into(),
                expected: "what the blank takes".into()
            })
        );
        assert_eq!(
            read_json::<(u8, u8)>(&json!([1])).err(),
            Some(Problem::WrongType {
                found: "a list of 1 entry".into(),
                expected: "a list".into()
            })
        );
        assert_eq!(
            read_json::<Vec<u8>>(&json!([1, 300])).err(),
            Some(Problem::WrongType {
                found: "the number 300".into(),
                expected: "a whole number from 0 to 255".into()
            })
        );
    }

    #[test]
    fn what_reads_is_read_as_serde_json_reads_it() {
        let value = json!({"do": "action", "who": "Ann", "spend": 3});
        let typed: Command = read_json(&value).unwrap_or_else(|p| panic!("{p:?}"));
        assert!(matches!(typed, Command::Action { ref who, spend: 3 } if who == "Ann"));
        let any: Value = read_json(&json!({"a": [1, -2, 2.5, null, "x"]})).unwrap_or_default();
        assert_eq!(any, json!({"a": [1, -2, 2.5, null, "x"]}));
    }
}
