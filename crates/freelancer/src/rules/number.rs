//! Checking a number as written ([`NumberInput`]) against its field's bounds, so that a refusal names
//! the field, the value, the range and the ruling ([`Error::OutOfRange`],
//! [`Error::NotANumber`]).

use crate::error::Error;
use crate::model::number::{NumberInput, Parsed, parse_digits, show_bound};

impl NumberInput {
    /// The value when it is a whole number `min..=max`.
    ///
    /// `field` is the command or sheet field (`"difficulty"`, `"ratings.LFT"`), `why` what the number
    /// is with its ruling (`"the task's difficulty, F3"`).
    ///
    /// # Errors
    /// [`Error::NotANumber`] for text that is not a whole number (a word, a decimal);
    /// [`Error::OutOfRange`] for a negative number or one outside `min..=max`.
    pub fn check(
        &self,
        field: &str,
        min: u128,
        max: u128,
        why: &'static str,
    ) -> Result<u128, Error> {
        let out_of_range = || Error::OutOfRange {
            field: field.to_owned(),
            value: self.to_string(),
            min: min.to_string(),
            max: show_bound(max),
            why,
        };
        let value = match self {
            NumberInput::Whole(value) => u128::try_from(*value).map_err(|_| out_of_range())?,
            NumberInput::Text(text) => match parse_digits(text) {
                Parsed::Value(value) => value,
                Parsed::Negative | Parsed::TooLarge => return Err(out_of_range()),
                Parsed::NotANumber => {
                    return Err(Error::NotANumber {
                        field: field.to_owned(),
                        value: text.clone(),
                        min: min.to_string(),
                        max: show_bound(max),
                        why,
                    });
                }
            },
        };
        if (min..=max).contains(&value) {
            Ok(value)
        } else {
            Err(out_of_range())
        }
    }

    /// As [`NumberInput::check`], for bounds that fit `u64` (levels, XP, AP, counts).
    ///
    /// # Errors
    /// As [`NumberInput::check`].
    pub fn check_u64(
        &self,
        field: &str,
        min: u64,
        max: u64,
        why: &'static str,
    ) -> Result<u64, Error> {
        let value = self.check(field, u128::from(min), u128::from(max), why)?;
        Ok(u64::try_from(value).unwrap_or(max))
    }
}
