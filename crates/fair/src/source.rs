//! [`FairSource`]: the [`DiceSource`] of one fair roll, and the [`Draw`]s it records.

use serde::{Deserialize, Serialize};
use skald_dice::{DiceSource, Die, SourceError};

use crate::sample;
use crate::stream::Keystream;
use crate::{Mix, ServerSeed, roll_key};

/// One die drawn: the die and the face shown (1..=n for `Numbered(n)`, -1..=1 for `Fate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draw {
    /// The die rolled.
    pub die: Die,
    /// The face it shows.
    pub value: i64,
}

/// A [`DiceSource`] for roll `index`: draws from the ChaCha20 keystream of
/// [`roll_key`]`(seed, mix, index)` and records every draw.
///
/// Each die, in the order rolled, takes keystream words (32-bit little-endian) from where the previous
/// die stopped: a die with `n` faces (`Fate` counts as 3) discards words `>= 2^32 - (2^32 mod n)` and
/// uses the first other word `x` as face index `x mod n`. The same seed, mix, index and dice always
/// give the same values; [`crate::verify`] recomputes them.
pub struct FairSource {
    stream: Keystream,
    draws: Vec<Draw>,
}

impl FairSource {
    /// The source of roll `index` (0-based, counting every roll of the table) under `seed` and the
    /// `mix` current when the roll is made. Nothing is drawn yet.
    pub fn new(seed: &ServerSeed, mix: &Mix, index: u64) -> Self {
        Self {
            stream: Keystream::new(&roll_key(seed, mix, index)),
            draws: Vec::new(),
        }
    }

    /// The dice drawn so far, in order.
    pub fn draws(&self) -> &[Draw] {
        &self.draws
    }

    /// The dice drawn, in order, for the roll record.
    pub fn into_draws(self) -> Vec<Draw> {
        self.draws
    }
}

impl DiceSource for FairSource {
    /// Draws one `die` and records it.
    ///
    /// # Errors
    /// [`SourceError::NoSides`] for `Numbered(0)` (nothing drawn or recorded). In theory, once the
    /// 2^32-block keystream is spent (about 2^36 dice), [`SourceError::ScriptExhausted`] with `roll` the
    /// 1-based number of the die and `given` the dice drawn before it.
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        let n = sample::faces(die).ok_or(SourceError::NoSides)?;
        let index =
            sample::index(n, &mut self.stream).ok_or_else(|| SourceError::ScriptExhausted {
                roll: self.draws.len() + 1,
                die,
                given: self.draws.len(),
            })?;
        let value = sample::face(die, index);
        self.draws.push(Draw { die, value });
        Ok(value)
    }
}

impl std::fmt::Debug for FairSource {
    /// Shows the draws; the keystream (and so the key) stays hidden.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FairSource")
            .field("draws", &self.draws)
            .finish_non_exhaustive()
    }
}
