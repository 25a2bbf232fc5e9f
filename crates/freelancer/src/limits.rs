//! The bounds Skald puts on every number, list and text a Freelancer command carries.
//!
//! The book's numbers grow by orders of magnitude (its initiative example reaches 33,550,336, its
//! action table runs to 19 orders of magnitude), and equalizing (ruling F2) exists so that any size
//! can be checked. Skald keeps ratings in `u128` and accepts them up to 10^30: a team of 12 at that
//! bound, a rating multiplied by the largest adjustment (x100), or an initiative roll scaled up to a
//! 31-digit SPD all stay far inside `u128` (about 3.4 * 10^38), so no arithmetic here can overflow.

/// Largest rating, difficulty or stat value accepted: 10^30. The smallest is 0.
pub const MAX_RATING: u128 = 1_000_000_000_000_000_000_000_000_000_000;
/// [`MAX_RATING`] as people write it, for messages.
pub const MAX_RATING_TEXT: &str = "10^30";
/// Largest initiative roll (d100 + ALC): ALC at [`MAX_RATING`] plus a d100 of 100.
pub const MAX_INITIATIVE_ROLL: u128 = MAX_RATING + 100;
/// Fewest characters in a team lift (one character alone makes a plain task check).
pub const MIN_TEAM: usize = 2;
/// Most characters in a team lift.
pub const MAX_TEAM: usize = 12;
/// The shortest name, label, place, ability name or reason, in characters (and not blank).
pub const MIN_TEXT: usize = 1;
/// Longest name, label, place or ability name, in characters.
pub const MAX_TEXT: usize = 64;
/// Longest reason given for an award, a level-up or a rating change, in characters.
pub const MAX_REASON: usize = 200;
/// Most characters at one table.
pub const MAX_CHARACTERS: usize = 200;
/// Most participants in one event.
pub const MAX_PARTICIPANTS: usize = 32;
/// Most rounds in one event.
pub const MAX_ROUNDS: u64 = 10_000;
/// Most adjustments on one rating (halving for one arm, and the like).
pub const MAX_ADJUSTMENTS: usize = 8;
/// Largest numerator or denominator of an adjustment factor (`"1/2"`, `"1/4"`, `"3/2"`).
pub const MAX_FACTOR: u128 = 100;
/// Largest chance of success the GM may give for a plain percentile check, in percent.
pub const MAX_CHANCE: u128 = 100;
/// Highest level.
pub const MAX_LEVEL: u64 = 1_000;
/// Largest XP or AP in one award, and largest cost of one ability.
pub const MAX_AWARD: u64 = 1_000_000_000_000;
/// Largest XP or AP total a sheet may hold.
pub const MAX_POINTS: u64 = 1_000_000_000_000_000;
/// Most abilities on one sheet.
pub const MAX_ABILITIES: usize = 1_000;
/// Most Empty Actions recorded in one turn.
pub const MAX_EMPTY_ACTIONS: u64 = 1_000;
/// Checks of a round under way the board lists (the newest; earlier ones are in the log and
/// counted): a display bound, as checks are not tied to turns (F1-F4).
pub const MAX_ROUND_CHECKS: usize = 50;
/// Largest AP awarded per level (table option `ap_per_level`); the smallest is 1 (the book: "at least 1 AP
/// every Level").
pub const MAX_AP_PER_LEVEL: u64 = 100;
/// Most d100 roll-off passes for one tie (each pass rerolls only those still tied); after that, the
/// order in which the event listed them stands. Two tied characters tie 20 times running with chance
/// 10^-40.
pub const MAX_ROLL_OFF_PASSES: usize = 20;
/// Longest stat formula, in characters.
pub const MAX_FORMULA: usize = 200;
/// Deepest nesting of parentheses and unary minus in a stat formula.
pub const MAX_FORMULA_DEPTH: usize = 32;
/// The dice besides the d100 that a table rolls with `roll_die`, by their sides (RULINGS F1: d4, d6,
/// d8, d10, d12, d20; on each the highest face is a Crit and the lowest a Botch). The d100's
/// percentile rolls are task and chance checks.
pub const DICE_SIDES: [u32; 6] = [4, 6, 8, 10, 12, 20];
/// [`DICE_SIDES`] as people write them, for messages.
pub const DICE_SIDES_TEXT: &str = "4, 6, 8, 10, 12 or 20";
/// Fewest dice in one `roll_die` (F1).
pub const MIN_DICE: u64 = 1;
/// Most dice in one `roll_die` (F1): a handful, as a table rolls them at once, and a total's exact
/// distribution that stays small (20d20 has 381 sums).
pub const MAX_DICE: u64 = 20;
/// The exact advice's bound (issue 32, [`crate::advice`]): the work of following every next-round
/// initiative roll of the characters who would try the task, in units of one slot placed for one
/// combination of their d100s (each order a tie may take counted apart). Past it, the chances that
/// depend on the next round's order are simulated instead. The book's examples and a four-character
/// table stay well inside it (docs/benchmarks.md).
pub const MAX_EXACT_WORK: u64 = 400_000;
/// Most simulated plays of the rest of the event for one advice (issue 32): 40,000 plays give a
/// 99.9% margin of at most 0.83 points.
pub const SIMULATED_PLAYS: u64 = 40_000;
/// Fewest simulated plays, whatever the work: at least this many, so a margin stays under 3.7 points.
pub const MIN_SIMULATED_PLAYS: u64 = 2_000;
/// The simulation's bound in units of work (one unit per attempt rolled or slot placed in a play),
/// shared by the plays: a play of a long event (32 characters with 16 turns each) stops the plays
/// at this much, never below [`MIN_SIMULATED_PLAYS`].
pub const SIMULATION_WORK: u64 = 12_000_000;
