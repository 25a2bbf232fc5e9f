//! What the free roller answers for a notation ([`super::odds`]): its odds with the note shown
//! under them, or why there are none. Data only.

use skald_core::Odds;

/// The odds of a notation as the roller shows them, with the note under them.
#[derive(Debug, Clone, PartialEq)]
pub struct RollerOdds {
    /// The summary (range and mean, then a heading for the list), each listed chance and the chart.
    pub odds: Odds,
    /// One short sentence shown under the list and chart, or `None`: said when rerolls or
    /// explosions reach the cap of 100 per die (`skald_dice`'s, the same as when rolling), so a
    /// reader knows the odds stop where the dice do.
    pub note: Option<String>,
}

/// Why the roller shows no odds for a notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoOdds {
    /// The notation does not parse or would be refused as a roll: the form's check says why
    /// beside the blank, and the odds box waits.
    NotDice,
    /// Exact odds past the roller's bounds, or not computed exactly: the sentence says which and
    /// what to do instead.
    TooBig(String),
}
