//! Checking a recorded roll: [`verify`] recomputes its draws and reports the first [`Mismatch`].

use skald_dice::{DiceSource, Die};

use crate::{Draw, FairSource, Mix, ServerSeed};

/// Recomputes the draws of roll `index` under `seed` and `mix` for the dice in `recorded`, in order,
/// and compares the values.
///
/// Only the dice recorded are drawn, so a record that left dice out at its end still verifies: the
/// check is that every value shown is the one the derivation gives for its die and position.
///
/// # Errors
/// The first [`Mismatch`]: a value that differs from the derived one, or a `Numbered(0)` draw (no fair
/// roll records one).
pub fn verify(seed: &ServerSeed, mix: &Mix, index: u64, recorded: &[Draw]) -> Result<(), Mismatch> {
    let mut source = FairSource::new(seed, mix, index);
    for (position, draw) in recorded.iter().enumerate() {
        let derived = source.roll(draw.die);
        if derived.as_ref().ok() != Some(&draw.value) {
            return Err(Mismatch {
                position,
                die: draw.die,
                recorded: draw.value,
                derived: derived.unwrap_or(0),
            });
        }
    }
    Ok(())
}

/// A recorded draw that the derivation does not give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// 0-based position of the draw in the roll.
    pub position: usize,
    /// The die recorded at that position.
    pub die: Die,
    /// The value recorded.
    pub recorded: i64,
    /// The value the derivation gives; 0 when it gives none (a `Numbered(0)` die).
    pub derived: i64,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Mismatch {
            position,
            die,
            recorded,
            derived,
        } = self;
        if *die == Die::Numbered(0) {
            write!(
                f,
                "draw {position} is a {die} showing {recorded}, but a d0 has no faces"
            )
        } else {
            write!(
                f,
                "draw {position} ({die}) is recorded as {recorded} but the seed derives {derived}"
            )
        }
    }
}

impl std::error::Error for Mismatch {}
