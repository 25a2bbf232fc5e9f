//! What a seat may do now at a Twenty table, as forms ([`moves`]): the [`skald_core::System`]
//! method a table page draws its forms from. The exact chances of a command before its dice are
//! `odds/`.
//!
//! [`moves`] offers only what the rules would accept now (given the right values in the blanks) and
//! only what the seat may send (`authority.rs`): the GM acts for every character and alone has the
//! GM's commands (starting conflicts, rest, defining traits, rescinding obligations); a player acts
//! for the characters it owns. Choices list only eligible values: traits with enough unchecked
//! boxes, unused and unbroken (T2); dice above the taker's highest (T5); unused burden boxes (T6);
//! checked boxes (T10); unchecked boxes to colour (T11). A move is an offer, never a permission:
//! `decide` still checks every command and refuses a wrong value with its own message.
//!
//! One file per group of the page, in the order they are listed: `narration.rs` (prompts to
//! narrate in the book's order, T3, sent as the table's talk), `conflict.rs`, `burdens.rs`,
//! `healing.rs`, `goals.rs` (regeneration and advancement), `equipment.rs`, `obligations.rs`,
//! `characters.rs`, `table.rs`; `forms.rs` holds the pieces they are built of.
//!
//! Pure: no I/O, no clock, no random numbers.

mod burdens;
mod characters;
mod conflict;
mod ending;
mod equipment;
mod forms;
mod goals;
mod healing;
mod narration;
mod obligations;
mod table;

use crate::model::{State, Verb};
use skald_core::{Move, Seat};

/// The moves legal now for `seat` at `state`, grouped in this order: Conflict (start a conflict,
/// then per participant the seat controls: bring in, stand, surrender), Burdens (take, use),
/// Healing, Regeneration and advancement (minor goal, major goal, rest), Equipment (repair),
/// Obligations (grant, end), Characters (add a character) and Table (define a trait).
///
/// Each [`Move`]'s `command` is the fixed part (`{"do": ..., "who": ...}`); its `fields` are the
/// blanks, each filling the command's key of the same name. Every move is one the seat may send by
/// `authority.rs` (a player never gets a GM-only move), and the rules would accept with the right
/// values. Never fails: a state with nothing to do gives an empty list for a player, and at least
/// "add a character" and "define a trait" for the GM.
pub fn moves(state: &State, seat: &Seat) -> Vec<Move> {
    let mut out = Vec::new();
    // Words first: where the book calls for narration, it comes before the next dice (T3).
    narration::moves(state, seat, &mut out);
    conflict::moves(state, seat, &mut out);
    burdens::moves(state, seat, &mut out);
    healing::moves(state, seat, &mut out);
    goals::moves(state, seat, &mut out);
    equipment::moves(state, seat, &mut out);
    obligations::moves(state, seat, &mut out);
    characters::moves(state, seat, &mut out);
    table::moves(seat, &mut out);
    mark(seat, &mut out);
    out
}

/// Marks what the rules expect of this seat now ([`Move::lead`]): bringing in dice for each
/// character it owns that has not acted in the current exchange (T2; the move is offered only
/// then). A GM's moves for a player's character are not the GM's turn. Each move names its
/// character (the `who` it acts for) where it is made.
fn mark(seat: &Seat, moves: &mut [Move]) {
    for m in moves {
        // A narration prompt leads already, where the book calls for it (`narration.rs`).
        m.lead = m.lead
            || m.sends(Verb::BringIn)
                && m.character
                    .as_deref()
                    .is_some_and(|who| seat.characters.iter().any(|c| c == who));
    }
}
