//! Whole numbers as JSON may write them: `3` and `3.0` are the same number (JSON Schema's
//! `integer` takes both, so the OpenAPI document does), while `3.5`, `-1` or a string are not whole
//! numbers of the field's range.

use serde::Deserialize;
use serde::de::{Deserializer, Error as _};

/// Reads a `u32` written as a JSON number with no fractional part (`53127` or `53127.0`).
///
/// # Errors
/// A message naming the value and the range 0 to 4,294,967,295 for anything else.
pub fn whole_u32<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let number = serde_json::Number::deserialize(deserializer)?;
    let whole = number.as_u64().or_else(|| {
        number
            .as_f64()
            .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f <= f64::from(u32::MAX))
            // In range and whole, checked just above: the cast is exact.
            .map(|f| f as u64)
    });
    whole.and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
        D::Error::custom(format!(
            "{number} is not a whole number from 0 to {}",
            u32::MAX
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Seat {
        #[serde(deserialize_with = "whole_u32")]
        player: u32,
    }

    fn read(json: &str) -> Result<u32, String> {
        serde_json::from_str::<Seat>(json)
            .map(|s| s.player)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_whole_number_reads_with_or_without_its_fraction() {
        assert_eq!(read(r#"{"player": 3}"#), Ok(3));
        assert_eq!(read(r#"{"player": 53127.0}"#), Ok(53127));
        assert_eq!(read(r#"{"player": 4294967295}"#), Ok(u32::MAX));
        for bad in ["3.5", "-1", "4294967296", "1e300"] {
            let message = read(&format!(r#"{{"player": {bad}}}"#)).unwrap_err();
            assert!(
                message.starts_with(&format!("{bad} is not a whole number from 0 to 4294967295"))
                    || message.contains("is not a whole number from 0 to 4294967295"),
                "{bad}: {message}"
            );
        }
    }
}
