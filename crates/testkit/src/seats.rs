//! Who asks for moves: the GM, a player with its characters, a newcomer without one
//! ([`skald_core::Seat`]).

use skald_core::Seat;

/// The GM, owning no character (the GM acts for every character anyway).
pub fn gm() -> Seat {
    gm_with(&[])
}

/// The GM owning `characters` (the ones the GM enrolled, such as NPCs).
pub fn gm_with(characters: &[&str]) -> Seat {
    Seat {
        gm: true,
        characters: owned(characters),
    }
}

/// A player owning `characters`, by name as the state names them.
pub fn player(characters: &[&str]) -> Seat {
    Seat {
        gm: false,
        characters: owned(characters),
    }
}

/// A player who has not made a character yet.
pub fn newcomer() -> Seat {
    player(&[])
}

fn owned(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| (*n).to_owned()).collect()
}
