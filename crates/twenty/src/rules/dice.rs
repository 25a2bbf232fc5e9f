//! Rolling the d20s every Twenty pool is made of (T2), from the dice source the caller hands in.

use crate::error::Error;
use crate::limits::SIDES;
use skald_core::{DiceSource, Die};

/// `count` d20s, in the order rolled.
///
/// # Errors
/// [`Error::Dice`] when the source has no die left or gives a value that is not a face.
pub(super) fn roll_d20s(dice: &mut dyn DiceSource, count: u32) -> Result<Vec<u32>, Error> {
    (0..count).map(|_| roll_d20(dice)).collect()
}

/// One d20: 1 to [`SIDES`].
///
/// # Errors
/// [`Error::Dice`] when the source has no die left or gives a value that is not a face.
pub(super) fn roll_d20(dice: &mut dyn DiceSource) -> Result<u32, Error> {
    let value = dice.roll(Die::Numbered(SIDES))?;
    // A source only returns faces of the die asked for: 1-20 fits a u32.
    Ok(u32::try_from(value).unwrap_or(1))
}
