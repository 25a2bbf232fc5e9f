//! Every bound the Toy crate checks, in one place, each with its unit, range and ruling.

/// The least skill a character may have (Y1).
pub const MIN_SKILL: u8 = 0;
/// The greatest skill a character may have (Y1).
pub const MAX_SKILL: u8 = 5;
/// The sides of a try's die (Y2).
pub const DIE: u32 = 6;
/// The total a try must reach (Y3).
pub const TARGET: i64 = 4;
/// The total a try must reach at a table of hard tries (Y3, option `hard`).
pub const HARD_TARGET: i64 = 5;
/// The longest name, in characters.
pub const MAX_NAME: usize = 40;
