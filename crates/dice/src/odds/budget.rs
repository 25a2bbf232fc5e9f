//! Bounds on exact computation, checked before the work is done, so that nothing hangs or exhausts
//! memory: at most [`MAX_SPAN`] outcomes in any one distribution, and at most [`MAX_WORK`] units of
//! work in all (a unit is one weight operation on a 64-bit word: big numbers cost one unit per word).
//! A caller that must answer faster (a page asking as a notation is typed) gives tighter
//! [`Limits`].

use super::OddsError;

/// Most outcomes (from the smallest to the largest) one distribution may span.
pub const MAX_SPAN: u128 = 1_000_000;
/// Most work units one question may take: about a few seconds on one core.
pub const MAX_WORK: u128 = 300_000_000;

/// The bounds of one question: outcomes in one distribution, units of work in all, and
/// characters of the table of exact fractions ([`super::Distribution::table_chars`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most outcomes (from the smallest to the largest) one distribution may span.
    pub span: u128,
    /// Most work units the question may take.
    pub work: u128,
    /// Most characters the table of every outcome's exact P(= x) and P(>= x) may take.
    pub table_chars: u128,
}

impl Limits {
    /// `skald odds`' bounds: [`MAX_SPAN`], [`MAX_WORK`], [`super::MAX_TABLE_CHARS`]; seconds of
    /// one core at worst.
    pub const EXACT: Limits = Limits {
        span: MAX_SPAN,
        work: MAX_WORK,
        table_chars: super::MAX_TABLE_CHARS,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Self::EXACT
    }
}

/// Work done so far for one question, within its [`Limits`].
#[derive(Debug, Clone, Default)]
pub struct Budget {
    work: u128,
    unmetered: bool,
    limits: Limits,
}

impl Budget {
    /// A fresh budget within [`Limits::EXACT`].
    pub fn new() -> Self {
        Self::default()
    }

    /// A fresh budget within `limits`.
    pub fn within(limits: Limits) -> Self {
        Self {
            limits,
            ..Self::default()
        }
    }

    /// The bounds this budget checks.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// A budget that checks spans but not work: for the inner steps of an operation that charged its
    /// whole estimate up front.
    pub fn unmetered() -> Self {
        Self {
            unmetered: true,
            ..Self::default()
        }
    }

    /// Work units charged so far.
    pub fn work(&self) -> u128 {
        self.work
    }

    /// The number of outcomes from `min` to `max`, refused beyond the limits' span.
    pub fn span(&self, min: i64, max: i64) -> Result<usize, OddsError> {
        let span = (i128::from(max) - i128::from(min) + 1).max(1) as u128;
        if span > self.limits.span {
            return Err(OddsError::TooLarge {
                measure: "outcomes in one distribution",
                value: span,
                limit: self.limits.span,
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
        if self.work > self.limits.work {
            return Err(OddsError::TooLarge {
                measure: "units of work",
                value: self.work,
                limit: self.limits.work,
            });
        }
        Ok(())
    }

    /// Charges `cells` weight operations on numbers of about `bits` bits.
    pub fn charge_big(&mut self, cells: u128, bits: u128) -> Result<(), OddsError> {
        self.charge_cells(cells.saturating_mul(1 + bits / 64))
    }
}
