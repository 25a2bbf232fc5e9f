//! The percentile die, rolled only through the [`DiceSource`] handed in (ruling F1).

use crate::error::Error;
use skald_dice::{DiceSource, Die};

/// The percentile die: one value 1-100 (the tens and units d10 read together, 00 as 100; ruling F1).
pub const D100: Die = Die::Numbered(100);

/// Rolls the d100 (F1).
///
/// # Errors
/// [`Error::Dice`] when the source fails.
pub fn roll_d100(dice: &mut dyn DiceSource) -> Result<u32, Error> {
    let value = dice.roll(D100)?;
    Ok(u32::try_from(value).unwrap_or(100))
}
