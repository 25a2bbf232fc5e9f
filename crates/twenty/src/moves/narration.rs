//! Narration prompts (T3): after each exchange everyone narrates what happens, highest die first,
//! and after the conflict its winner narrates its goal first. The table has no rule over talk, so
//! these are offers to speak in character, in the order the book gives, to each seat for its own
//! characters (the GM for the GM's): a prompt, not a turn the table waits for.

use crate::model::{Conflict, State};
use skald_core::{Move, Seat};

/// The page's group of these moves.
const NARRATION: &str = "Narration";

/// A narration prompt for each of the seat's own characters in the conflict, while the book calls
/// for words: between exchanges (the last one ended and nobody has brought in dice since), and
/// once the conflict has ended.
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let Some(conflict) = &state.conflict else {
        return;
    };
    let (order, what, why) = if conflict.ended() {
        (
            conflict.final_order.clone(),
            "final narration".to_owned(),
            "The winner narrates first, about the goal it won; then those still standing; those who \
             surrendered last, most recent first. Nobody contradicts what was said (T3, T4).",
        )
    } else if conflict.exchange > 1 && !between_exchanges(conflict) {
        return;
    } else if conflict.exchange > 1 {
        (
            conflict.order_of_those_in(),
            format!("narrate exchange {}", conflict.exchange - 1),
            "Everyone narrates what happens, highest die first; say what your character does, \
             without contradicting what was said or putting words in another's mouth (T3).",
        )
    } else {
        return;
    };
    let count = order.len();
    for (place, who) in order.iter().enumerate() {
        if !seat.characters.contains(who) || state.character(who).is_none() {
            continue;
        }
        let after = match place {
            0 => "you go first".to_owned(),
            _ => format!("after {}", order[..place].join(", ")),
        };
        out.push(
            Move::talk(
                NARRATION,
                match (conflict.winner.as_deref(), place) {
                    // The winner tells of the goal it won; the others of how it went for them.
                    (Some(winner), 0) if winner == who => format!("{who}: {what}: your goal"),
                    _ => format!("{who}: {what}"),
                },
                Some(who),
                format!("{} of {count}, {after}. {why}", ordinal(place + 1)),
            )
            .leading(),
        );
    }
}

/// Whether the last exchange has ended and nobody has brought in dice or stood in the new one.
fn between_exchanges(conflict: &Conflict) -> bool {
    conflict
        .participants
        .iter()
        .all(|p| p.acted_in < conflict.exchange)
}

/// `1st`, `2nd`, `3rd`, `4th`, ... `11th`, `12th`, `13th`, `21st`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn ordinals_read_as_words_do() {
        let read: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            read,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }
}
