//! The numbers the calculators take, each with the flag that gives it on the command line, its
//! range and what it is (with its ruling): one place for the bounds, read by the command line's
//! argument parser ([`Input::read`]) and checked again by each report function ([`Input::check`])
//! for any other caller.

use crate::error::Error;
use crate::limits::{MAX_CHANCE, MAX_INITIATIVE_ROLL, MAX_RATING};
use crate::model::number::NumberInput;

/// A number a calculator takes: whole, `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Input {
    /// The flag that gives it (`--rating`), as a refusal names it.
    pub flag: &'static str,
    /// The smallest allowed value.
    pub min: u128,
    /// The largest allowed value.
    pub max: u128,
    /// What the number is, with its ruling (`"a rating, F3"`).
    pub why: &'static str,
}

impl Input {
    /// Reads `text` as typed (digits may be grouped: `1,200`).
    ///
    /// # Errors
    /// [`Error::NotANumber`] for text that is not a whole number; [`Error::OutOfRange`] for a
    /// number outside `min..=max`; both name the flag.
    pub fn read(&self, text: &str) -> Result<u128, Error> {
        NumberInput::Text(text.to_owned()).check(self.flag, self.min, self.max, self.why)
    }

    /// As [`Input::read`], for an input whose `max` fits `u32` (a d100, a chance in percent).
    ///
    /// # Errors
    /// As [`Input::read`].
    pub fn read_u32(&self, text: &str) -> Result<u32, Error> {
        let value = self.read(text)?;
        Ok(u32::try_from(value).unwrap_or(u32::MAX))
    }

    /// `value` when it is in `min..=max`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] naming the flag.
    pub fn check(&self, value: impl Into<u128>) -> Result<u128, Error> {
        NumberInput::from(value.into()).check(self.flag, self.min, self.max, self.why)
    }
}

/// `skald freelancer check --rating`: a rating, 0 to [`MAX_RATING`] (F3).
pub const RATING: Input = Input {
    flag: "--rating",
    min: 0,
    max: MAX_RATING,
    why: "a rating, F3",
};

/// `skald freelancer check --difficulty`: what the rating is checked against, 0 to [`MAX_RATING`]
/// (F3).
pub const DIFFICULTY: Input = Input {
    flag: "--difficulty",
    min: 0,
    max: MAX_RATING,
    why: "the task's difficulty, F3",
};

/// `skald freelancer check --chance`: a plain chance of success, 0 to 100 percent (F1).
pub const CHANCE: Input = Input {
    flag: "--chance",
    min: 0,
    max: MAX_CHANCE,
    why: "a chance of success in percent, F1",
};

/// `--roll` of a check, and each of an opposed check's `--rolls`: a d100, 1 to 100 (F1).
pub const D100: Input = Input {
    flag: "--roll",
    min: 1,
    max: 100,
    why: "a d100, F1",
};

/// `skald freelancer opposed --a`: the first side's rating, 0 to [`MAX_RATING`] (F4).
pub const SIDE_A: Input = Input {
    flag: "--a",
    min: 0,
    max: MAX_RATING,
    why: "a rating, F4",
};

/// `skald freelancer opposed --b`: the second side's rating, 0 to [`MAX_RATING`] (F4).
pub const SIDE_B: Input = Input {
    flag: "--b",
    min: 0,
    max: MAX_RATING,
    why: "a rating, F4",
};

/// `skald freelancer initiative --roll`: d100 + ALC, 1 to [`MAX_INITIATIVE_ROLL`] (F5).
pub const INITIATIVE_ROLL: Input = Input {
    flag: "--roll",
    min: 1,
    max: MAX_INITIATIVE_ROLL,
    why: "d100 + ALC, F5",
};

/// `skald freelancer initiative --spd`: the character's SPD, 0 to [`MAX_RATING`] (F5).
pub const SPD: Input = Input {
    flag: "--spd",
    min: 0,
    max: MAX_RATING,
    why: "a rating, F5",
};

/// `skald freelancer actions --turn`: a turn number (a scaled initiative roll), 1 to
/// [`MAX_INITIATIVE_ROLL`] (F5): a scaled roll has at most as many digits as the largest SPD plus
/// the d100's carry.
pub const TURN: Input = Input {
    flag: "--turn",
    min: 1,
    max: MAX_INITIATIVE_ROLL,
    why: "a turn number, F5",
};

/// `skald freelancer actions --slowest`: the slowest turn in the order, 1 to
/// [`MAX_INITIATIVE_ROLL`] (F5).
pub const SLOWEST: Input = Input {
    flag: "--slowest",
    min: 1,
    max: MAX_INITIATIVE_ROLL,
    why: "a turn number, F5",
};
