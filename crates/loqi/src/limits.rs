//! Every bound Skald puts on Loqi input, in one place: the book's and rulings' ranges where they give
//! them, and table-sized caps elsewhere so that no input can grow state or arithmetic without limit.
//!
//! A value outside a bound is refused with [`crate::Error`] naming the field, the value and the range.

use std::ops::RangeInclusive;

/// Trait ratings: 1 to 4 (book: Traits, "they range from one to four").
pub const TRAIT_RATING: RangeInclusive<i64> = 1..=4;

/// Trait ratings with the `high_ratings` option: 1 to 6 (book: Traits, the skill table's Expert 5
/// and Master 6). Ratings over 4 are flagged.
pub const HIGH_TRAIT_RATING: RangeInclusive<i64> = 1..=6;

/// A trait change inside an outcome: -6 to +6 rating points, never 0 (L7 prices any size; the
/// rating it leads to must stay within the table's ratings).
pub const RATING_CHANGE: RangeInclusive<i64> = -6..=6;

/// Influence a character may hold: 0 to 999 (book: Making Characters suggests 10 or so to start;
/// L5: influence never goes below 0).
pub const INFLUENCE: RangeInclusive<i64> = 0..=999;

/// Influence a new character starts with when its sheet names none (book: Making Characters).
pub const STARTING_INFLUENCE: i64 = 10;

/// Influence a player pays to introduce a problem (L5).
pub const INTRODUCE_COST: i64 = 2;

/// Influence a player who introduced a problem pays to take over the GM's part in it (L5).
pub const TAKEOVER_COST: i64 = 2;

/// A GM's reward: usually 1 to 5 (L5); more is allowed and flagged, up to this Skald limit.
pub const REWARD: RangeInclusive<i64> = 1..=50;

/// The usual GM reward (L5); rewards above it are flagged.
pub const USUAL_REWARD: RangeInclusive<i64> = 1..=5;

/// Influence given in one swap: 1 to 5; the recipient gains double (L5, option).
pub const SWAP: RangeInclusive<i64> = 1..=5;

/// GM influence per session: 1 to 100 (L5 suggests 10).
pub const GM_INFLUENCE_PER_SESSION: RangeInclusive<i64> = 1..=100;

/// The GM's influence per session when the table names none (L5).
pub const DEFAULT_GM_INFLUENCE: i64 = 10;

/// An outcome's impact, its net benefit to the player characters (L2): -100 to +100.
///
/// The L2 guide (inconclusive 0-2, scene 3-5, scenario 6-9, story 10-12) is advice, and the L7
/// calculators go past it (a permanent change of 4 rating points is 20), so only a wide cap is enforced.
pub const IMPACT: RangeInclusive<i64> = -100..=100;

/// A judged likelihood entry (environmental modifier, genre convention, a trait value the GM
/// judges, or merged entries): -20 to +20 (L1; book: Judging Likelihood Modifiers).
pub const MODIFIER: RangeInclusive<i64> = -20..=20;

/// Influence spent on one likelihood in one go: -100 to +100, never 0 (L5); the spender must hold it.
pub const INFLUENCE_SPEND: RangeInclusive<i64> = -100..=100;

/// Nominal strength: 5 to 20 (L8; 10 is normal).
pub const NOMINAL_STRENGTH: RangeInclusive<i64> = 5..=20;

/// Nominal strength when a sheet names none at a table playing strength (L8).
pub const DEFAULT_STRENGTH: i64 = 10;

/// Strength regained at a scene's end: 1 to 5 (L8).
pub const SCENE_RECOVERY: RangeInclusive<i64> = 1..=5;

/// Strength regained at a scene's end when the table names none (L8).
pub const DEFAULT_SCENE_RECOVERY: i64 = 2;

/// The dying option's cut-off: -20 to -1 (L8: -5, or another such as -10).
pub const DEATH_AT: RangeInclusive<i64> = -20..=-1;

/// The dying cut-off when the table names none (L8).
pub const DEFAULT_DEATH_AT: i64 = -5;

/// Strength points in one weakening or regain: 1 to 40 (the state bounds them further: no regain
/// past nominal, no weakening past 0, or past the cut-off under dying).
pub const STRENGTH_POINTS: RangeInclusive<i64> = 1..=40;

/// Goal ratings at a session's start (L6): specific 3 to 10.
pub const SESSION_SPECIFIC_GOAL: RangeInclusive<i64> = 3..=10;

/// Goal ratings at a session's start (L6): non-specific 1 to 5, with the group's approval.
pub const SESSION_NON_SPECIFIC_GOAL: RangeInclusive<i64> = 1..=5;

/// A player's preparation goals (L6): base ratings totalling 5 to 10.
pub const PREPARATION_BASE_TOTAL: RangeInclusive<i64> = 5..=10;

/// One preparation goal's base rating: 1 to 10 (the total bounds it anyway).
pub const PREPARATION_BASE: RangeInclusive<i64> = 1..=10;

/// Multipliers for specific preparation goals (L6: triple or quintuple).
pub const SPECIFIC_MULTIPLIERS: [i64; 2] = [3, 5];

/// A setting goal's rating: 1 to 100 (L6 leaves setting ratings open; Skald limit).
pub const SETTING_GOAL: RangeInclusive<i64> = 1..=100;

/// Goals in one preparation: 2 to 10.
pub const PREPARATION_GOALS: RangeInclusive<usize> = 2..=10;

/// Goals standing at one table.
pub const MAX_GOALS: usize = 200;

/// Consequences on one outcome.
pub const MAX_CONSEQUENCES: usize = 20;

/// Temporary trait changes in force on one character.
pub const MAX_TRAIT_CHANGES: usize = 100;

/// Entries in one outcome's likelihood tally, the impact and strength entries included.
pub const MAX_TALLY_ENTRIES: usize = 40;

/// Characters at one table.
pub const MAX_CHARACTERS: usize = 32;

/// Traits on one character sheet (temporary traits included).
pub const MAX_TRAITS: usize = 32;

/// Names (characters, traits), in characters: 1 to 60, not blank.
pub const NAME_CHARS: usize = 60;

/// Problem and outcome descriptions, in characters: 1 to 1000, not blank.
pub const DESCRIPTION_CHARS: usize = 1000;

/// Reasons given for tally entries, rewards and changes, and goal texts, in characters: 1 to 300,
/// not blank.
pub const REASON_CHARS: usize = 300;

/// Likelihoods the odds calculator takes: -1000 to 1000 (a tally of 40 entries stays far inside).
pub const CALCULATOR_LIKELIHOOD: RangeInclusive<i64> = -1000..=1000;

/// Tactical modifiers the calculator takes: 1 to 6 either way (book: Tactical Change; L7).
pub const TACTICAL: RangeInclusive<i64> = 1..=6;

/// A relationship's base change: 1 to 4 either way (+ a new friend, - a new enemy; book:
/// Relationship Change; L7).
pub const RELATIONSHIP_CHANGE: RangeInclusive<i64> = 1..=4;

/// The person's influence multiplier, in hundredths: x0.5 to x2 (L7).
pub const RELATIONSHIP_INFLUENCE: RangeInclusive<i64> = 50..=200;

/// The relationship's length multiplier, in hundredths: x0.25 to x1.5 (L7).
pub const RELATIONSHIP_LENGTH: RangeInclusive<i64> = 25..=150;

/// The largest advantage whose exact chances [`crate::rules::chances::chances`] works out, in
/// likelihood points (Skald limit; under L4 the number of d12 rolls grows with the advantage).
pub const MAX_ADVANTAGE: i64 = 12_000;

/// The exact advice's bound, in units of work (`advice::exact::work`): one unit per weight of
/// the spread of what the holders may still spend, times its 64-bit words, plus the L4 tail's
/// powers of 12 (Skald limit; issue 32). Past it (or, under L4, past an advantage of
/// [`MAX_ADVANTAGE`]) the advice is simulated. The largest table a Loqi table allows (32
/// characters of 999 influence and the GM's 100) is about 3.4 million units, some 20 ms on one
/// core (`docs/benchmarks.md`): without L4 every state is answered exactly.
pub const MAX_EXACT_WORK: u64 = 4_000_000;

/// The plays of a simulated advice (Skald limit; issue 32): a 99.9% margin of at most about half
/// a point.
pub const SIMULATED_PLAYS: u64 = 100_000;

/// The most resolved problems a board lists (the newest of the session first): a display bound,
/// the rest are in the log and the session report.
pub const BOARD_RESOLVED: usize = 12;
