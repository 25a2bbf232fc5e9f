//! Advice beyond the roll ([`skald_core::System::advice`]): a Toy try is one roll that ends
//! nothing but itself, so its odds ([`crate::odds`]) are all there is to say, and Toy gives none.
//! A system whose rolls add up to more (a conflict, a round) works out here each choice's chance
//! over the whole of it, and a fair fight for the GM in `balance.rs`.

use crate::model::command::Command;
use crate::model::state::State;
use skald_core::Odds;

/// No advice: see the module's docs.
pub fn advice(_state: &State, _command: &Command) -> Option<Odds> {
    None
}
