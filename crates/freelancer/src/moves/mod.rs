//! What a seat at an online Freelancer table may do now ([`moves`]), for the table page
//! ([`skald_core::System::moves`]); the exact chances of a command are [`crate::odds`].
//!
//! Moves follow the state and [`crate::authority::authority`]: the GM gets every character's moves
//! and the GM-only ones (awards, levels, ratings, rests, safe areas, events and initiative); a player
//! gets only the moves of the characters it owns, and creating a PC. A move is offered only when the
//! rules would take it now, with choices limited to what is eligible (a character's own ratings, the
//! participants in the event, the Full Actions a turn may be divided into...). The rules still decide
//! every command sent: a move is an offer, never a permission. No blank takes JSON: a sheet is
//! built field by field, each rating spelled out (Might (MIT) ...), and numbers on the book's scale
//! (ratings, difficulties, to 10^30) are typed as digits in text blanks ([`forms::RATING_CHARS`]).
//!
//! | state | moves (who) | rulings |
//! |---|---|---|
//! | always | `enroll` through builders: a PC (everyone); an NPC with a full sheet and an Encounter Sheet (GM) | F8 |
//! | always | `task_check` (with a difficulty, against an Encounter Sheet's rating, or on a number such as a Talent level; each with adjustments), `chance_check`, `team_lift` (two lifters with LFT; who rolls), `opposed_check` (two full sheets; each side's adjustments) (each character's player) | F1-F4 |
//! | always | `roll_die` for a character (its player) or naming no one (GM); `set_formula` (GM) | F1, F8 |
//! | a full sheet | `change_vocation` (resting or in a safe area), `spend_ap` (AP left; in an event, with a Total Action this round) (its player); `award`, `level_up`, `set_rating` (GM) | F7, F8 |
//! | no event | `rest` (someone not resting), `end_rest` (someone resting), `enter_safe_area` / `leave_safe_area` (GM), `start_event` (GM; characters with ALC and SPD, not resting) | F5, F8 |
//! | an event, between rounds | `declare_total_action` (participants not declared), `initiative` and `end_event` (GM) | F5-F7 |
//! | a round under way | `act` (whose turn it is), `divide` (method 1, before the first turn, when the turn may hold 2 or more Full Actions), `end_event` (GM) | F5-F7 |
//!
//! The files: [`forms`] (the pieces of a form: fields, choices, the ratings a sheet can use, the
//! sheets a seat acts for), one file per group of moves: [`event`] (F5-F7), [`checks`] (F1-F4),
//! [`dice`] (the dice besides the d100, F1), [`growth`] (F7, F8, and the GM's stat formulas), [`rests`] (rests and safe areas, F8), [`enroll`] (the character builders, F8).

pub mod checks;
pub mod dice;
pub mod enroll;
pub mod event;
pub mod forms;
pub mod growth;
pub mod rests;

pub use forms::{ADJUSTMENTS_HELP, FACTOR_CHARS, RATING_CHARS, adjustment_items};

use crate::limits::MAX_CHARACTERS;
use crate::model::Verb;
use crate::model::state::State;
use checks::check_moves;
use dice::dice_moves;
use enroll::enroll_moves;
use event::event_moves;
use growth::growth_moves;
use rests::place_moves;
use skald_core::{Move, Seat};

/// The moves legal now for `seat` (see the module's table), in the order a page shows them: the
/// event (turns first), checks, dice, growth and the GM's stat formulas, the GM's rests and safe
/// areas, then character creation.
/// A move's `command` is its fixed part; its `fields` fill the rest of it, each at its dotted path.
pub fn moves(state: &State, seat: &Seat) -> Vec<Move> {
    let mut out = Vec::new();
    event_moves(state, seat, &mut out);
    check_moves(state, seat, &mut out);
    dice_moves(state, seat, &mut out);
    growth_moves(state, seat, &mut out);
    if seat.gm {
        place_moves(state, &mut out);
    }
    if state.characters.len() < MAX_CHARACTERS {
        enroll_moves(state, seat, &mut out);
    }
    mark(seat, &mut out);
    out
}

/// Marks what the rules expect of this seat now ([`Move::lead`]): the turn of the character it
/// owns whose turn it is (F7; offered only then), and for the GM the next round's initiative
/// once a round is over (F5; offered only then). Each move names its character (its `who` when
/// it is one name) where it is made.
fn mark(seat: &Seat, moves: &mut [Move]) {
    for m in moves {
        m.lead = if m.sends(Verb::Act) {
            m.character
                .as_deref()
                .is_some_and(|who| seat.characters.iter().any(|c| c == who))
        } else {
            m.sends(Verb::Initiative) && seat.gm
        };
    }
}
