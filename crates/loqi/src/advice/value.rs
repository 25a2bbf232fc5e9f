//! The advice's data: how much work it may do ([`Budget`]) and a chance worked out, exact or
//! simulated ([`Value`]).

use crate::limits::{MAX_EXACT_WORK, SIMULATED_PLAYS};
use crate::model::Side;
use crate::rules::chances::complement;
use skald_core::Chance;
use skald_dice::odds::Fraction;

/// How much work the advice may do: no clock in the core, so the bound is in units of work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The exact answer's bound, in the units of `exact::work`; past it, every chance of the
    /// answer is simulated.
    pub exact_work: u64,
    /// The plays of a simulated answer (at least one).
    pub plays: u64,
}

impl Budget {
    /// The table's budget: every advice of a page within 200 ms on one core in a release build
    /// for the books' examples and a four-character table (`docs/benchmarks.md`).
    pub const TABLE: Budget = Budget {
        exact_work: MAX_EXACT_WORK,
        plays: SIMULATED_PLAYS,
    };
}

/// A chance worked out: exact, or `hits` of `plays` simulated plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// The exact chance.
    Exact(Fraction),
    /// `hits` of `plays` simulated problems ended so.
    Estimate {
        /// The plays that ended so.
        hits: u64,
        /// The plays.
        plays: u64,
    },
}

impl Value {
    /// The chance of the other outcome.
    pub fn complement(&self) -> Value {
        match self {
            Value::Exact(p) => Value::Exact(complement(p)),
            Value::Estimate { hits, plays } => Value::Estimate {
                hits: plays.saturating_sub(*hits),
                plays: *plays,
            },
        }
    }

    /// The chance as the page shows it, labelled `label` (an estimate with its 99.9% margin).
    pub fn chance(&self, label: impl Into<String>) -> Chance {
        match self {
            Value::Exact(p) => Chance::exact(label, p),
            Value::Estimate { hits, plays } => Chance::estimate(label, *hits, *plays),
        }
    }

    /// As a decimal in 0..=1.
    pub fn decimal(&self) -> f64 {
        self.chance("").decimal
    }

    /// The chance of `side`'s outcome, this being the player's outcome's.
    pub(crate) fn of(self, side: Side) -> Value {
        match side {
            Side::Player => self,
            Side::Gm => self.complement(),
        }
    }
}
