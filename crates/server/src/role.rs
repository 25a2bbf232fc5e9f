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
    /// The seq of the record that gave it: a player's `joined`, or the GM's `seat_handed` for a
    /// link the GM made; 0 for the GM's token and invites. The token reads its seat's secrets from
    /// that record on ([`skald_table::Reader::since`]), and a token of the same seat with a greater
    /// `since` replaces it ([`TokenEntry::replaced_by`]).
    pub since: u64,
}

impl TokenEntry {
    /// Whether `newer` replaces this token: a player's token of the same seat, made later (the GM
    /// handed the seat back since). The GM's token and invites are never replaced.
    pub fn replaced_by(&self, newer: &TokenEntry) -> bool {
        matches!(self.role, Role::Seated(Actor::Player(_)))
            && newer.role == self.role
            && newer.since > self.since
    }
}
