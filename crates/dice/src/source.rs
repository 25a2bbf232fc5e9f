//! Where dice values come from: the [`DiceSource`] trait, a seeded CSPRNG source and a scripted one.
//!
//! Every roll in Skald, in the notation and in the four systems, goes through a [`DiceSource`], so that
//! tests and scenarios can script the dice and the server can use a seeded, verifiable generator. This
//! module never touches the operating system: the caller brings the seed.

use rand::SeedableRng;
use rand::distr::{Distribution, Uniform};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

/// One physical die: a numbered die with faces `1..=sides`, or a Fate die with faces -1, 0, +1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Die {
    /// A die numbered 1 to `sides` (`sides >= 1`). A d100 is `Numbered(100)`: rolls 1-100.
    Numbered(u32),
    /// A Fate (Fudge) die: -1, 0 or +1, each with chance 1/3.
    Fate,
}

impl Die {
    /// The lowest face: 1 for a numbered die, -1 for a Fate die.
    pub fn lowest(self) -> i64 {
        match self {
            Die::Numbered(_) => 1,
            Die::Fate => -1,
        }
    }

    /// The highest face: `sides` for a numbered die, +1 for a Fate die.
    pub fn highest(self) -> i64 {
        match self {
            Die::Numbered(sides) => i64::from(sides),
            Die::Fate => 1,
        }
    }

    /// Whether `value` is one of this die's faces.
    pub fn has_face(self, value: i64) -> bool {
        (self.lowest()..=self.highest()).contains(&value)
    }
}

impl std::fmt::Display for Die {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Die::Numbered(sides) => write!(f, "d{sides}"),
            Die::Fate => write!(f, "dF"),
        }
    }
}

/// Why a dice source could not give a value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// A scripted source ran out of values: the command rolled more dice than the script holds.
    #[error(
        "the scripted dice ran out: roll {roll} ({die}) has no value (the script holds {given})"
    )]
    ScriptExhausted {
        /// 1-based number of the roll that found no value.
        roll: usize,
        /// The die that was being rolled.
        die: Die,
        /// How many values the script holds.
        given: usize,
    },
    /// A scripted value is not a face of the die it was used for.
    #[error("scripted die {roll} is {value}, but a {die} shows {low} to {high}")]
    NotAFace {
        /// 1-based position of the value in the script.
        roll: usize,
        /// The scripted value.
        value: i64,
        /// The die that was being rolled.
        die: Die,
        /// The die's lowest face.
        low: i64,
        /// The die's highest face.
        high: i64,
    },
    /// A numbered die with 0 sides was asked for.
    #[error("a die needs at least 1 side, got d0")]
    NoSides,
}

/// A source of die values. Implementations: [`SeededRandom`] (play) and [`Scripted`] (tests, scenarios).
pub trait DiceSource {
    /// Rolls one `die`; the value is always one of its faces.
    ///
    /// # Errors
    /// [`SourceError`] when a scripted source is exhausted or holds a value that is not a face, or when
    /// the die has 0 sides.
    fn roll(&mut self, die: Die) -> Result<i64, SourceError>;
}

/// Dice from ChaCha20, a cryptographically secure generator, seeded by the caller.
///
/// Each value is drawn with [`Uniform`] (a widening multiply with a rejection zone), so it carries no
/// modulo bias and no floating-point bias, even for a d1431000000.
#[derive(Debug, Clone)]
pub struct SeededRandom {
    rng: ChaCha20Rng,
}

impl SeededRandom {
    /// A generator for reproducible rolls: the same `seed` gives the same dice (`skald roll --seed N`).
    pub fn from_seed(seed: u64) -> Self {
        Self {
            rng: ChaCha20Rng::seed_from_u64(seed),
        }
    }

    /// A generator from 32 bytes of entropy; the caller reads them from the operating system.
    pub fn from_entropy_bytes(bytes: [u8; 32]) -> Self {
        Self {
            rng: ChaCha20Rng::from_seed(bytes),
        }
    }
}

impl DiceSource for SeededRandom {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        let (low, high) = match die {
            Die::Numbered(0) => return Err(SourceError::NoSides),
            Die::Numbered(sides) => (1, i64::from(sides)),
            Die::Fate => (-1, 1),
        };
        let uniform = Uniform::new_inclusive(low, high).map_err(|_| SourceError::NoSides)?;
        Ok(uniform.sample(&mut self.rng))
    }
}

/// Dice from a script: the values in the order they are rolled. Used by tests and scenarios.
#[derive(Debug, Clone, Default)]
pub struct Scripted {
    values: Vec<i64>,
    next: usize,
}

impl Scripted {
    /// A source that hands out `values` in order.
    pub fn new(values: impl Into<Vec<i64>>) -> Self {
        Self {
            values: values.into(),
            next: 0,
        }
    }

    /// The values not rolled yet; a scenario treats leftovers as a mistake in the script.
    pub fn remaining(&self) -> &[i64] {
        &self.values[self.next..]
    }
}

impl DiceSource for Scripted {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        if let Die::Numbered(0) = die {
            return Err(SourceError::NoSides);
        }
        let roll = self.next + 1;
        let Some(&value) = self.values.get(self.next) else {
            return Err(SourceError::ScriptExhausted {
                roll,
                die,
                given: self.values.len(),
            });
        };
        if !die.has_face(value) {
            return Err(SourceError::NotAFace {
                roll,
                value,
                die,
                low: die.lowest(),
                high: die.highest(),
            });
        }
        self.next += 1;
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripted_hands_out_values_in_order_then_reports_exhaustion() {
        let mut dice = Scripted::new(vec![3, 20]);
        assert_eq!(dice.roll(Die::Numbered(6)), Ok(3));
        assert_eq!(dice.roll(Die::Numbered(20)), Ok(20));
        assert_eq!(
            dice.roll(Die::Numbered(20)),
            Err(SourceError::ScriptExhausted {
                roll: 3,
                die: Die::Numbered(20),
                given: 2
            })
        );
    }

    #[test]
    fn scripted_refuses_a_value_that_is_not_a_face() {
        let mut dice = Scripted::new(vec![7]);
        let err = dice.roll(Die::Numbered(6)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "scripted die 1 is 7, but a d6 shows 1 to 6"
        );
        assert_eq!(dice.remaining(), &[7]);
    }

    #[test]
    fn seeded_random_is_reproducible_and_stays_on_the_faces() {
        let mut a = SeededRandom::from_seed(42);
        let mut b = SeededRandom::from_seed(42);
        for _ in 0..1000 {
            let x = a.roll(Die::Numbered(20)).unwrap();
            assert_eq!(Ok(x), b.roll(Die::Numbered(20)));
            assert!((1..=20).contains(&x));
            let f = a.roll(Die::Fate).unwrap();
            b.roll(Die::Fate).unwrap();
            assert!((-1..=1).contains(&f));
        }
    }

    #[test]
    fn a_die_without_sides_is_an_error() {
        assert_eq!(
            SeededRandom::from_seed(1).roll(Die::Numbered(0)),
            Err(SourceError::NoSides)
        );
    }
}
