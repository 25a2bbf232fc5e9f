//! The crate's bounds.

/// The longest seed contribution a player may send, in UTF-8 bytes (at least 1).
pub const MAX_CONTRIBUTION: usize = 256;
