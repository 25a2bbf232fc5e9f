//! Who a token belongs to: the data a table's task and the store's rows share.

use skald_table::Actor;

/// Who a token belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The GM or a seated player.
    Seated(Actor),
    /// The table's invite: may only join.
    Invite,
}

/// A stored token hash and its role.
#[derive(Debug, Clone)]
pub struct TokenEntry {
    /// Hex SHA-256 of the token.
    pub hash: String,
    /// Whose it is.
    pub role: Role,
}
