//! The simple policy of the simulation mode (see `mod.rs`): a participant whose side is strictly
//! ahead stands; otherwise it brings in its eligible trait with the most unchecked boxes (T2, T3,
//! T13). Nobody takes a burden, uses one or surrenders.

use super::position::{Act, Position};

/// What seat `i` plays at `p` under the simple policy.
pub(super) fn simple(p: &Position, i: usize) -> Act {
    if p.side_ahead(i) {
        return Act::Stand;
    }
    p.largest(i).map_or(Act::Stand, Act::BringIn)
}
