//! What a seat at an online table may do now, as forms ([`moves`]), and the exact chances of the
//! d12 before it is rolled ([`crate::odds`]) (book: Problems, Evaluating Problems, Resolving Problems;
//! L1-L8).
//!
//! A move is offered only when the rules would accept it now with the right values, and only to a
//! seat the table's [`authority`](crate::authority::authority) lets send it: the GM acts for
//! everyone (`"GM"` and every character) and has the GM's own moves; a player acts for the
//! characters it owns. Choices list only eligible values (sides already proposed, characters who can
//! take part, traits they have now, entries that may be merged...). Where the actor decides what is
//! possible (influence held, who introduced the problem) there is one move per actor with the actor
//! fixed; where the actor only signs an entry (`by`), it is a choice. The rules still decide every
//! command: a wrong value is refused by [`crate::rules::decide`] with its message.
//!
//! No blank takes JSON: what a flat form cannot hold is a list of entries
//! ([`FieldKind::List`](skald_core::FieldKind::List)) whose fields fill the command by dotted
//! paths: the character builder of `enroll` (a name, traits, strength; book: Making Characters), the
//! goals of `prepare_goals` (L6) and the consequences of `propose_outcome` (L7, L8), each with help
//! sentences; the rules check them as the form changes and name the blank at fault.
//!
//! Odds: `resolve` gets each outcome's exact chance (L3, L4, [`crate::rules::chances`](mod@crate::rules::chances)); the tally
//! commands (`add_trait`, `add_modifier`, `spend_influence`, `merge_entries`) roll nothing but move
//! a likelihood, so they get the chances the roll would have with the entry made, beside today's.
//!
//! Files: `forms.rs` (the group names, who acts, and the building blocks of a form), then one file
//! per group: `problem.rs` (introducing, taking over, proposing, resolving), `tally.rs`,
//! `telling.rs` (the prompt to tell a chosen outcome, sent as the table's talk), `influence.rs`,
//! `goals.rs`, `story.rs`, `characters.rs`.

mod characters;
mod forms;
mod goals;
mod influence;
mod problem;
mod story;
mod tally;
mod telling;

pub use forms::{CHARACTERS, GOALS, INFLUENCE, PROBLEM, RESOLVE, STORY, TALLY};

use crate::model::{State, Verb};
use skald_core::{Move, Seat};

/// The moves legal now for `seat`, grouped in this order: [`PROBLEM`], [`TALLY`], [`RESOLVE`],
/// [`INFLUENCE`], [`GOALS`], [`STORY`], [`CHARACTERS`]. Within a group the GM's own moves come
/// before the characters', and characters come in the order they joined.
///
/// What is offered when (each also needs the seat to control the actor):
/// - no open problem: `introduce_problem` (the GM's, and each character's who can take part and
///   holds 2 influence, L5); the GM's `start_session`, `end_scene`, `end_scenario` and, with free
///   changes on, `change_trait`;
/// - an open problem: `take_over` (its player proposer, before the GM's outcome, L5); the next
///   `propose_outcome` (the responders' side first; the GM's by whoever plays the GM's part);
///   once an outcome is proposed, `add_trait` (per character with traits now), `add_modifier`,
///   `spend_influence` (per payer with influence) and `merge_entries` (whoever plays the GM's part,
///   on a side with two or more trait, environment or genre entries); with both, the GM's `resolve`;
/// - at any time: the GM's `reward` and setting goals and `fulfil_goal`; `give_influence` (option);
///   `prepare_goals` (once per player; the GM any time); session goals before the session's first
///   problem; and `enroll` for everyone while the table has room.
pub fn moves(state: &State, seat: &Seat) -> Vec<Move> {
    let mut out = Vec::new();
    match &state.problem {
        Some(problem) => {
            problem::problem_moves(state, problem, seat, &mut out);
            tally::moves(state, problem, seat, &mut out);
            problem::resolve_move(state, problem, seat, &mut out);
        }
        None => {
            telling::moves(state, seat, &mut out);
            problem::introduce_moves(state, seat, &mut out);
        }
    }
    influence::moves(state, seat, &mut out);
    goals::moves(state, seat, &mut out);
    if state.problem.is_none() && seat.gm {
        story::moves(state, &mut out);
    }
    characters::moves(state, seat, &mut out);
    mark(seat, &mut out);
    out
}

/// Marks what the rules expect of this seat now ([`Move::lead`]) where the move is not made
/// knowing it: the GM's d12 once both outcomes are proposed (L3). Proposing the next outcome
/// leads where it is made (`problem.rs`), as does the prompt to tell a chosen outcome
/// (`telling.rs`). Each move names its character (the character its command acts for: `who`,
/// `character`, `by` or `from`, the GM's own `"GM"` left out) where it is made.
fn mark(seat: &Seat, moves: &mut [Move]) {
    for m in moves {
        m.lead = m.lead || m.sends(Verb::Resolve) && seat.gm;
    }
}
