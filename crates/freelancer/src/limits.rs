//! The bounds Skald puts on every number and text a Freelancer command carries. The book's numbers
//! grow by orders of magnitude (its initiative example reaches 33,550,336); Skald accepts ratings up
//! to a quadrillion, which keeps every sum of a team far inside `u64`.

/// Largest rating or difficulty accepted: 10^15. The smallest is 0.
pub const MAX_RATING: u64 = 1_000_000_000_000_000;
/// Fewest characters in a team lift (one character alone makes a plain task check).
pub const MIN_TEAM: usize = 2;
/// Most characters in a team lift.
pub const MAX_TEAM: usize = 12;
/// Longest name or `against` label, in characters.
pub const MAX_TEXT: usize = 64;
