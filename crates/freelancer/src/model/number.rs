//! Whole numbers on the book's scale: [`Number`] (a checked value, 0 to 10^30 for ratings) and
//! [`NumberInput`] (what a command or sheet wrote, checked when the command is decided so that the error
//! names the field and the ruling).
//!
//! In TOML and JSON a number is written as an integer (`difficulty = 1200`) or, beyond what a TOML
//! integer holds (9,223,372,036,854,775,807), as a string of digits (`difficulty =
//! "1000000000000000000000000000000"`); `_` and `,` may group digits in a string (`"33,550,336"`).
//! Skald writes a number back as a JSON integer up to 9,223,372,036,854,775,807 and as a string of
//! digits above.

use serde::{Deserialize, Deserializer, Serialize, Serializer, de};
use std::fmt;

/// Largest value written as a JSON integer; above it a [`Number`] is written as a string of digits.
const LARGEST_INTEGER: u128 = i64::MAX as u128;

/// A checked whole number (a rating, difficulty, turn number...), 0 to [`u128::MAX`]; each field says
/// its own bound (ratings: 0 to [`crate::MAX_RATING`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Number(pub u128);

impl Number {
    /// The value.
    pub fn get(self) -> u128 {
        self.0
    }
}

impl From<u128> for Number {
    fn from(value: u128) -> Self {
        Number(value)
    }
}

impl From<u64> for Number {
    fn from(value: u64) -> Self {
        Number(u128::from(value))
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match u64::try_from(self.0) {
            Ok(small) if self.0 <= LARGEST_INTEGER => serializer.serialize_u64(small),
            _ => serializer.collect_str(&self.0),
        }
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match NumberInput::deserialize(deserializer)? {
            NumberInput::Whole(value) => u128::try_from(value)
                .map(Number)
                .map_err(|_| de::Error::custom(format!("{value} is not a whole number 0 or more"))),
            NumberInput::Text(text) => match parse_digits(&text) {
                Parsed::Value(value) => Ok(Number(value)),
                _ => Err(de::Error::custom(format!(
                    "{text:?} is not a whole number 0 or more"
                ))),
            },
        }
    }
}

/// A number as a command or sheet wrote it: an integer (any sign) or text, checked by
/// [`NumberInput::check`] when the command is decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberInput {
    /// Written as an integer.
    Whole(i128),
    /// Written as text (or a decimal such as `4.5`, kept as its text).
    Text(String),
}

impl From<u128> for NumberInput {
    fn from(value: u128) -> Self {
        i128::try_from(value)
            .map_or_else(|_| NumberInput::Text(value.to_string()), NumberInput::Whole)
    }
}

impl From<u64> for NumberInput {
    fn from(value: u64) -> Self {
        NumberInput::Whole(i128::from(value))
    }
}

impl From<i64> for NumberInput {
    fn from(value: i64) -> Self {
        NumberInput::Whole(i128::from(value))
    }
}

impl From<&str> for NumberInput {
    fn from(text: &str) -> Self {
        NumberInput::Text(text.to_owned())
    }
}

impl fmt::Display for NumberInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberInput::Whole(value) => write!(f, "{value}"),
            NumberInput::Text(text) => write!(f, "{text:?}"),
        }
    }
}

/// How a text reads as a number.
pub(crate) enum Parsed {
    Value(u128),
    Negative,
    TooLarge,
    NotANumber,
}

/// Reads `"1200"`, `"33,550,336"`, `"1_000"`; a leading `-` before digits is [`Parsed::Negative`].
pub(crate) fn parse_digits(text: &str) -> Parsed {
    let text = text.trim();
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let groups_ok = !body.is_empty()
        && body.starts_with(|c: char| c.is_ascii_digit())
        && body.ends_with(|c: char| c.is_ascii_digit())
        && body
            .chars()
            .all(|c| c.is_ascii_digit() || c == '_' || c == ',');
    if !groups_ok {
        return Parsed::NotANumber;
    }
    let digits: String = body.chars().filter(char::is_ascii_digit).collect();
    let Ok(value) = digits.parse::<u128>() else {
        return Parsed::TooLarge;
    };
    if negative && value > 0 {
        Parsed::Negative
    } else {
        Parsed::Value(value)
    }
}

/// A bound for messages: powers of ten from 10^7 up as `10^n`, others in digits.
pub fn show_bound(max: u128) -> String {
    if max >= 10_000_000 {
        let mut power = 0;
        let mut rest = max;
        while rest.is_multiple_of(10) {
            rest /= 10;
            power += 1;
        }
        if rest == 1 {
            return format!("10^{power}");
        }
    }
    max.to_string()
}

impl Serialize for NumberInput {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            NumberInput::Whole(value) => match i64::try_from(*value) {
                Ok(small) => serializer.serialize_i64(small),
                Err(_) => serializer.collect_str(value),
            },
            NumberInput::Text(text) => serializer.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for NumberInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(InputVisitor)
    }
}

struct InputVisitor;

impl de::Visitor<'_> for InputVisitor {
    type Value = NumberInput;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a whole number, as an integer or a string of digits")
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<NumberInput, E> {
        Ok(NumberInput::Whole(i128::from(value)))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<NumberInput, E> {
        Ok(NumberInput::Whole(i128::from(value)))
    }

    fn visit_i128<E: de::Error>(self, value: i128) -> Result<NumberInput, E> {
        Ok(NumberInput::Whole(value))
    }

    fn visit_u128<E: de::Error>(self, value: u128) -> Result<NumberInput, E> {
        Ok(NumberInput::from(value))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<NumberInput, E> {
        Ok(NumberInput::Text(value.to_string()))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<NumberInput, E> {
        Ok(NumberInput::Text(text.to_owned()))
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<NumberInput, E> {
        Ok(NumberInput::Text(value.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: NumberInput, max: u128, expected: Result<u128, &str>) {
        let got = input
            .check("difficulty", 0, max, "the task's difficulty, F3")
            .map_err(|e| e.to_string());
        assert_eq!(got, expected.map_err(str::to_owned), "{input:?}");
    }

    #[test]
    fn numbers_read_as_integers_or_digit_strings() {
        let max = crate::MAX_RATING;
        check(NumberInput::Whole(1200), max, Ok(1200));
        check("33,550,336".into(), max, Ok(33_550_336));
        check("1_000".into(), max, Ok(1000));
        check(
            "1000000000000000000000000000000".into(),
            max,
            Ok(1_000_000_000_000_000_000_000_000_000_000),
        );
        check(
            NumberInput::Whole(-3),
            max,
            Err("`difficulty` is -3, but it must be 0 to 10^30 (the task's difficulty, F3)"),
        );
        check(
            "-3".into(),
            max,
            Err("`difficulty` is \"-3\", but it must be 0 to 10^30 (the task's difficulty, F3)"),
        );
        check(
            "1000000000000000000000000000001".into(),
            max,
            Err(
                "`difficulty` is \"1000000000000000000000000000001\", but it must be 0 to 10^30 \
                 (the task's difficulty, F3)",
            ),
        );
        check(
            "99999999999999999999999999999999999999999".into(),
            max,
            Err(
                "`difficulty` is \"99999999999999999999999999999999999999999\", but it must be 0 \
                 to 10^30 (the task's difficulty, F3)",
            ),
        );
        check(
            "lots".into(),
            max,
            Err(
                "`difficulty` is \"lots\", but it must be a whole number 0 to 10^30 (the task's \
                 difficulty, F3)",
            ),
        );
        check(
            "4.5".into(),
            max,
            Err(
                "`difficulty` is \"4.5\", but it must be a whole number 0 to 10^30 (the task's \
                 difficulty, F3)",
            ),
        );
        check(
            ",5".into(),
            100,
            Err(
                "`difficulty` is \",5\", but it must be a whole number 0 to 100 (the task's difficulty, F3)",
            ),
        );
        check("-0".into(), 100, Ok(0));
    }

    #[test]
    fn numbers_write_as_integers_then_strings() {
        let big = Number(u128::from(u64::MAX));
        assert_eq!(
            serde_json::to_value(Number(42)).ok(),
            Some(serde_json::json!(42))
        );
        assert_eq!(
            serde_json::to_value(Number(LARGEST_INTEGER)).ok(),
            Some(serde_json::json!(9_223_372_036_854_775_807_u64))
        );
        assert_eq!(
            serde_json::to_value(big).ok(),
            Some(serde_json::json!("18446744073709551615"))
        );
        assert_eq!(
            serde_json::from_value::<Number>(serde_json::json!("18446744073709551615")).ok(),
            Some(big)
        );
        assert!(serde_json::from_value::<Number>(serde_json::json!(-1)).is_err());
        assert_eq!(show_bound(crate::MAX_RATING), "10^30");
        assert_eq!(show_bound(100), "100");
        assert_eq!(show_bound(12_000_000), "12000000");
    }
}
