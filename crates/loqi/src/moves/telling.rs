//! The prompt to tell a chosen outcome (book: Problems, step 5): once a problem is resolved, whoever
//! thought up the selected outcome may describe in detail what happens, before descriptive play
//! resumes. Sent as the table's talk; the rules never see it, and the table does not wait for it.

use crate::model::State;
use skald_core::{Move, Seat};

/// The page's group of this move.
const TELLING: &str = "Problem";

/// For the last problem resolved, while no other is on the table: a prompt to its chosen outcome's
/// author (the author's own seat: a character's player, the GM for the GM's outcome).
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    if state.problem.is_some() {
        return;
    }
    let Some(resolved) = state.resolved.last() else {
        return;
    };
    let problem = &resolved.problem;
    let Some(outcome) = problem.outcome(resolved.resolution.winner) else {
        return;
    };
    let voice = if outcome.by == crate::model::GM {
        if !seat.gm {
            return;
        }
        None
    } else if seat.characters.contains(&outcome.by) {
        Some(outcome.by.as_str())
    } else {
        return;
    };
    out.push(Move::talk(
        TELLING,
        format!("Tell how problem {} turns out", problem.number),
        voice,
        {
            let told = shortened(&outcome.description);
            let stop = if told.ends_with(['.', '!', '?', '…']) {
                ""
            } else {
                "."
            };
            format!(
                "Your outcome was selected: \"{told}\"{stop} Describe in detail what happens; then \
                 the GM tells its consequences and play goes on (book: Problems, step 5)."
            )
        },
    ).leading());
}

/// `text` as a reminder: its first 120 characters, with "…" when there was more.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(120) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}
