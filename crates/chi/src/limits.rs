//! Every bound the Chi crate checks, in one place: the numbers and texts a command carries, and what
//! the table page's forms offer. The book sets no upper limits ("Difficulties are numeric from 1
//! up"); these keep every input finite and every sum far from overflow (100 d6 sum to at most 600).
//! Each says its unit and range, and the ruling it serves.

/// Largest pool a character may have (maximum and current), in d6. The smallest maximum at
/// enrolment is 1; permanent losses may bring it down to 0 later (ruling C5).
pub const MAX_POOL: u32 = 100;
/// Largest Difficulty, in d6 the GM rolls. The smallest is 1 (the book: "from 1 up").
pub const MAX_DIFFICULTY: u32 = 100;
/// Largest modifier magnitude accepted on a roll: modifiers run from -100 to +100.
pub const MAX_MODIFIER: i32 = 100;
/// Modifiers beyond this magnitude are flagged in the event and the log (ruling C3: +/-5 is "great").
pub const FLAGGED_MODIFIER: i32 = 5;
/// How many times a tie is rerolled under option `tie = "reroll"` before the action is refused.
pub const MAX_REROLLS: u32 = 100;
/// Largest net modifier of an opposed action's odds (the actor's modifier minus the defender's),
/// in magnitude: twice [`MAX_MODIFIER`], so -200 to +200.
pub const MAX_NET_MODIFIER: i32 = 2 * MAX_MODIFIER;
/// Longest name, occupation or descriptive word, in characters.
pub const MAX_TEXT: usize = 64;
/// Most descriptive words in a concept: three at creation, more by advancement (ruling C5).
pub const MAX_WORDS: usize = 12;
/// Fewest descriptive words in a full concept (the book: "three descriptive words"); a minor NPC has none.
pub const MIN_WORDS: usize = 3;
/// Longest detail on a loss of potential ("broken arm"), in characters.
pub const MAX_DETAIL: usize = 200;
/// Most characters in one secret roll (ruling C4).
pub const MAX_SECRET_PARTICIPANTS: usize = 20;
/// Fewest characters in a secret roll's salt. An allocation is one of at most 101 numbers, so a short
/// salt would let anyone reading the log try every allocation against a commitment (ruling C4).
pub const MIN_SALT: usize = 16;
/// Most characters in a secret roll's salt.
pub const MAX_SALT: usize = 128;
/// Hexadecimal digits in a secret roll's commitment: a SHA-256, 32 bytes (ruling C4).
pub const COMMITMENT_DIGITS: usize = 64;
/// Most characters of a malformed commitment quoted back in its refusal.
pub const MAX_QUOTED_COMMITMENT: usize = 80;
/// Most declared actions the allocation adviser splits a pool over.
pub const MAX_ADVISED_ACTIONS: usize = 10;

/// The most dice (player's plus GM's, or actor's plus defender's) for which [`crate::odds::odds`]
/// draws the distribution of the margin: 24 dice give at most 121 bars. Beyond it the distribution
/// is empty (the chances are still exact).
pub const MAX_DISTRIBUTION_DICE: u32 = 24;

/// The most allocations whose exact chance an `allocate` choice shows in its label (the rest say
/// only the dice), so that listing the moves stays fast.
pub const MAX_LABELLED_ALLOCATIONS: u32 = 30;

/// The longest character line the enrolment form takes, in characters (as `skald chi character`).
pub const MAX_LINE: usize = 1000;

/// The most work the round's advice ([`crate::advice`]) does exactly, in multiplications of big
/// numbers (a declared roll costs one per outcome of the acting side's sum, 5 x dice + 1, for each
/// pair of allocations its secret dice may be; [`crate::advice::exact`]). The rolls are taken in
/// order; one that would go beyond what is left of it is simulated instead. 200,000 keeps the
/// exact part under about 50 ms on one core in release (docs/benchmarks.md, "Chi's advice over
/// the round"), leaving room for the simulated rolls.
pub const MAX_EXACT_WORK: u64 = 200_000;

/// The plays of each simulated roll of the round's advice ([`crate::advice::simulate`]): 40,000
/// give a 99.9% margin of at most 0.83 points (at a chance of one half), shown as "± 1%". A roll
/// costs about 3 ms to simulate in release; a secret roll holds at most 20 characters, so at most
/// 20 rolls, plus one per other character at the table for the reactions.
pub const SIMULATED_PLAYS: u64 = 40_000;
