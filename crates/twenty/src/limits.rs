//! Every bound the Twenty rules check, in one place, each with its unit, its range and where it
//! comes from: a section of the book (`../shared/rules/twenty.txt`), a ruling (RULINGS.md T1-T14),
//! or, where the book sets none, a Skald cap that keeps every input, the state and every
//! computation bounded (ARCHITECTURE.md, "Every input has a bound"). No bound is written anywhere
//! else in the crate.
//!
//! A value past a bound is refused with an error naming the field, the value and the bound:
//! [`crate::Error`] for a command, [`crate::CatalogueError`] for a table file, [`crate::OddsError`]
//! for the calculators. A few bounds are not refusals but caps on what is offered or computed
//! ([`MAX_ODDS_WORK`], [`MAX_SIDE_ODDS_WORK`], [`MAX_MACHINE_DICE`]); their docs say so.

use std::ops::RangeInclusive;

// ---------------------------------------------------------------------------------------------
// The dice.

/// The faces of the die every Twenty pool is made of: a d20 shows 1 to `SIDES` (book, "Conflicts";
/// T2). A burden box holds one of these faces (T5), and a tie is rolled off with one (T4).
pub const SIDES: u32 = 20;

// ---------------------------------------------------------------------------------------------
// Sheets (T1, T5, T12).

/// Longest name of a character, trait, stat, special item, burden or key, in characters (Unicode
/// scalar values): 1 to 64, not blank. A Skald cap (the book sets none); a table file's names are
/// held to it too (T12).
pub const MAX_NAME_CHARS: usize = 64;

/// Most boxes one trait, stat, special item or burden may have: 1 to 20. A Skald cap (the book sets
/// none); as a trait rolls one d20 per unchecked box (T2), it also bounds one bring-in at 20 dice.
/// An elite key's prerequisite asks for 1 to this many boxes (T10).
pub const MAX_BOXES: u32 = 20;

/// Most traits on one sheet, and most special items, other items and burdens (each list): 0 to 50. A Skald
/// cap (the book sets none).
pub const MAX_TRAITS: usize = 50;

/// The boxes the five stats take, one value each, in any order (T1: a permutation of 1 to 5). Held
/// by a new character and by an existing one; an NPC's stats are free (T12).
pub const STAT_BOXES: [u32; 5] = [1, 2, 3, 4, 5];

/// How many traits a new character picks: 3 to 6 (T1).
pub const NEW_TRAITS: RangeInclusive<usize> = 3..=6;

/// The boxes a new character spreads over its traits: exactly 10 (T1).
pub const NEW_TRAIT_BOXES: u32 = 10;

/// The boxes of a new character's two special items, in ascending order: one with 1 and one with 2
/// (T1; book, "Equipment").
pub const NEW_EQUIPMENT_BOXES: [u32; 2] = [1, 2];

// ---------------------------------------------------------------------------------------------
// Conflicts (T2-T4, T7).

/// Fewest sides of a conflict: 2 (book, "Conflicts": everyone involved declares a goal).
pub const MIN_PARTICIPANTS: usize = 2;

/// Most sides of one conflict: 20, each a different living character. A Skald cap (the book sets
/// none).
pub const MAX_PARTICIPANTS: usize = 20;

/// Longest goal, in characters: a side's goal in a conflict (book, "Conflicts"), or the goal a
/// minor or major goal names (T10): 1 to 500, not blank. A Skald cap.
pub const MAX_GOAL_CHARS: usize = 500;

/// Most roll-offs of a final tie before the command is refused (T4: "repeated until one is
/// highest"): 100. Each roll-off ties again with chance at most 1/20, so this is never reached in
/// play; it bounds a scripted source that always ties.
pub const MAX_TIE_ROLLS: u32 = 100;

// ---------------------------------------------------------------------------------------------
// Regeneration and advancement (T10), obligations (T11), the table's own traits (T12).

/// Most boxes one rest or one major goal's unchecking names, one entry per box: 1 to 50. A Skald
/// cap (T10: rest "unchecks a stated number of boxes").
pub const MAX_UNCHECK: usize = 50;

/// Most boxes a major goal unchecks: up to 10 (book, "Regeneration"; T10).
pub const MAJOR_GOAL_UNCHECK: usize = 10;

/// How many different traits the "add three boxes" advancement names: exactly 3 (book,
/// "Advancement"; T10).
pub const THREE_BOXES: usize = 3;

/// Longest description (of a trait the table defines, T12; of a key or a trait in a table file) or
/// service (an obligation's, T11), in characters: up to 500. A description or service sent with a
/// command is at least 1 character and not blank; one in a table file may be empty. A Skald cap.
pub const MAX_TEXT_CHARS: usize = 500;

// ---------------------------------------------------------------------------------------------
// The catalogue: the book's keys and traits and a table's own (T12).

/// Largest table file [`crate::Catalogue::parse`] reads, in bytes: 1 MiB. A Skald cap.
pub const MAX_CATALOGUE_BYTES: usize = 1 << 20;

/// Most keys in one catalogue, after merging too: 1,000 (the book has 11). A Skald cap.
pub const MAX_KEYS: usize = 1_000;

/// Most traits in one catalogue, after merging too, and most open traits: 5,000 each (the book has
/// 54 and 7). A Skald cap.
pub const MAX_TRAIT_DEFS: usize = 5_000;

/// Most entries in each of one key's lists (prerequisites, minor goals, major goals, unlocked
/// traits): 100. A Skald cap.
pub const MAX_KEY_ENTRIES: usize = 100;

// ---------------------------------------------------------------------------------------------
// Exact odds (T2, T3, T5): the calculators' inputs and work.

/// Most dice in one pool given to [`crate::odds::p_ahead`], before the new dice: 100. A Skald cap.
pub const MAX_POOL_DICE: usize = 100;

/// Most new dice one participant brings in one exchange: 0 to 20, as a trait has at most
/// [`MAX_BOXES`] boxes (T2).
pub const MAX_NEW_DICE: u32 = MAX_BOXES;

/// Most other participants [`crate::odds::p_ahead`] weighs: 19, as a conflict has at most
/// [`MAX_PARTICIPANTS`] sides.
pub const MAX_OTHERS: usize = MAX_PARTICIPANTS - 1;

/// Most states of [`crate::odds::p_ahead`]'s walk, `(m + 1) * 2^k` with `m` new dice of mine and
/// `k` others: 2^18 (k up to 13 others when I bring 20 dice). Checked before the walk starts.
pub const MAX_STATES: u64 = 1 << 18;

/// Most units of work of [`crate::odds::p_ahead`]'s walk, `20 * (m+1)(m+2)/2 * 2^(k-1) * (k+4)`;
/// one unit is one weight visited once: 10,000,000. Checked before the walk starts. Me and 8 others
/// bringing 20 dice each fit (7,096,320 units); 9 others do not.
pub const MAX_WORK: u64 = 10_000_000;

/// Most new dice in all for which [`crate::odds::p_ahead`] counts in `u128` (20^29 < 2^128 <
/// 20^30); beyond it, it counts in arbitrary precision. Not a refusal: it picks the arithmetic.
pub const MAX_MACHINE_DICE: u32 = 29;

/// Most units of work [`crate::odds::odds`] spends on the chance of being ahead for one command,
/// counted as [`MAX_WORK`] counts them (`20 * (m+1)(m+2)/2 * 2^(k-1) * (k+4)` per choice, `m` new
/// dice, `k` others): 1,000,000. Not a refusal: beyond it the chance of being ahead is left out
/// (the other chances stay), as a page asks on every change of a form. Two sides with 20 dice each
/// cost 23,100 per choice; five sides with 20 dice, 295,680; six, 665,280 (about 50 ms in a release
/// build); seven are beyond it.
pub const MAX_ODDS_WORK: u64 = 1_000_000;

/// Most units of work [`crate::odds::odds`] spends on the chance of a side of allies being ahead
/// for one command (T13, [`crate::odds::p_side_ahead`], one unit one weight moved), shared
/// equally by the choices it weighs: 250,000 (about 0.1 s in a release build). Not a refusal:
/// beyond it the chance is left out, as for [`MAX_ODDS_WORK`]. Two allies and an opponent each
/// bringing 5 dice cost 9,315; 10 dice each, 54,395; two against two with 10 dice each, 244,530.
pub const MAX_SIDE_ODDS_WORK: u64 = 250_000;

// ---------------------------------------------------------------------------------------------
// Moves: the forms a table page offers.

/// Longest sheet, as JSON text, the "add a character" form takes, in characters: 8,000 (a sheet of
/// 50 traits fits).
pub const MAX_SHEET_CHARS: usize = 8_000;
