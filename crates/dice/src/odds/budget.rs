//! Bounds on exact computation, checked before the work is done, so that nothing hangs or exhausts
//! memory: at most [`MAX_SPAN`] outcomes in any one distribution, and at most [`MAX_WORK`] units of
//! work in all (a unit is one weight operation on a 64-bit word: big numbers cost one unit per word).

use super::OddsError;

/// Most outcomes (from the smallest to the largest) one distribution may span.
pub const MAX_SPAN: u128 = 1_000_000;
/// Most work units one question may take: about a few seconds on one core.
pub const MAX_WORK: u128 = 300_000_000;

/// Work done so far for one question.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    work: u128,
    unmetered: bool,
}

impl Budget {
    /// A fresh budget.
    pub fn new() -> Self {
        Self::default()
    }

    /// A budget that checks spans but not work: for the inner steps of an operation that charged its
    /// whole estimate up front.
    pub fn unmetered() -> Self {
        Self {
            work: 0,
            unmetered: true,
        }
    }

    /// Work units charged so far.
    pub fn work(&self) -> u128 {
        self.work
    }

    /// The number of outcomes from `min` to `max`, refused beyond [`MAX_SPAN`].
    pub fn span(&self, min: i64, max: i64) -> Result<usize, OddsError> {
        let span = (i128::from(max) - i128::from(min) + 1).max(1) as u128;
        if span > MAX_SPAN {
            return Err(OddsError::TooLarge {
                measure: "outcomes in one distribution",
                value: span,
                limit: MAX_SPAN,
            });
        }
        Ok(span as usize)
    }

    /// Charges `cells` weight operations on numbers of about one word.
    pub fn charge_cells(&mut self, cells: u128) -> Result<(), OddsError> {
        if self.unmetered {
            return Ok(());
        }
        self.work = self.work.saturating_add(cells);
        if self.work > MAX_WORK {
            return Err(OddsError::TooLarge {
                measure: "units of work",
                value: self.work,
                limit: MAX_WORK,
            });
        }
        Ok(())
    }

    /// Charges `cells` weight operations on numbers of about `bits` bits.
    pub fn charge_big(&mut self, cells: u128, bits: u128) -> Result<(), OddsError> {
        self.charge_cells(cells.saturating_mul(1 + bits / 64))
    }
}
