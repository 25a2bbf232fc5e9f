//! Who a token belongs to: the data a table's task and the store's rows share.

use serde::{Deserialize, Serialize};
use skald_table::Actor;

/// Who a token belongs to. Its JSON is `"invite"`, or the seat as an [`Actor`] (`"gm"`,
/// `{"player": N}`); the store keeps it as a role word and a player id (`crate::rows`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The table's invite: may only join.
    Invite,
    /// The GM or a seated player.
    #[serde(untagged)]
    Seated(Actor),
}

/// A stored token hash and its role.
#[derive(Debug, Clone)]
pub struct TokenEntry {
    /// Hex SHA-256 of the token.
    pub hash: String,
    /// Whose it is.
    pub role: Role,
}
