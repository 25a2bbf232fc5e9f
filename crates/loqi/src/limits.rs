//! Every bound Skald puts on Loqi input, in one place: the book's ranges where it gives them, and
//! table-sized caps elsewhere so that no input can grow state or arithmetic without limit.
//!
//! A value outside a bound is refused with [`crate::Error`] naming the field, the value and the range.

use std::ops::RangeInclusive;

/// Trait ratings: 1 to 4 (book: Traits). The book's skill table lists 5 and 6 too, but its text says
/// ratings run from one to four; Skald follows the text.
pub const TRAIT_RATING: RangeInclusive<i64> = 1..=4;

/// Influence a character may hold on its sheet: 0 to 999 (book: Making Characters suggests 10 or so
/// to start; L5: influence never goes below 0).
pub const INFLUENCE: RangeInclusive<i64> = 0..=999;

/// Influence a new character starts with when its sheet names none (book: Making Characters).
pub const STARTING_INFLUENCE: i64 = 10;

/// Influence a player pays to introduce a problem (L5).
pub const INTRODUCE_COST: i64 = 2;

/// An outcome's impact, its net benefit to the player characters (L2): -100 to +100.
///
/// The L2 guide (inconclusive 0-2, scene 3-5, scenario 6-9, story 10-12) is advice, and the L7
/// calculators go past it (a permanent change of 4 rating points is 20), so only a wide cap is enforced.
pub const IMPACT: RangeInclusive<i64> = -100..=100;

/// A judged likelihood entry (environmental modifier, genre convention, or a trait value the GM
/// judges when traits overlap): -20 to +20 (L1; book: Judging Likelihood Modifiers).
pub const MODIFIER: RangeInclusive<i64> = -20..=20;

/// Influence spent on one likelihood in one go: -100 to +100, never 0 (L5); the spender must hold it.
pub const INFLUENCE_SPEND: RangeInclusive<i64> = -100..=100;

/// Entries in one outcome's likelihood tally, the impact entry included.
pub const MAX_TALLY_ENTRIES: usize = 40;

/// Characters at one table.
pub const MAX_CHARACTERS: usize = 32;

/// Traits on one character sheet.
pub const MAX_TRAITS: usize = 32;

/// Names (characters, traits), in characters: 1 to 60, not blank.
pub const NAME_CHARS: usize = 60;

/// Problem and outcome descriptions, in characters: 1 to 1000, not blank.
pub const DESCRIPTION_CHARS: usize = 1000;

/// Reasons given for tally entries, in characters: 1 to 300, not blank.
pub const REASON_CHARS: usize = 300;
