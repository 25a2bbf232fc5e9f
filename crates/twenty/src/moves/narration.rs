//! Narration prompts (T3): after each exchange everyone narrates what happens, highest die first,
//! and after the conflict its winner narrates its goal first. The table has no rule over talk, so
//! these are offers to speak in character, in the order the book gives, to each seat for its own
//! characters (the GM for the GM's, and for the GM's side of a healing conflict, in the GM's own
//! voice): a prompt, not a turn the table waits for.
//!
//! An exchange whose end is also the conflict's (the next exchange began with nothing anyone could
//! bring in, T2, T4) was never between exchanges: its narration is asked with the final one, in
//! one prompt, so that it is not lost.

use crate::model::{Conflict, GM, Standing, State};
use skald_core::{Move, Seat};

/// The page's group of these moves.
const NARRATION: &str = "Narration";

/// A narration prompt for each of the seat's own characters in the conflict (and the GM's side of
/// a healing conflict, for the GM), while the book calls for words: between exchanges (the last
/// one ended and nobody has brought in dice since), and once the conflict has ended.
pub(super) fn moves(state: &State, seat: &Seat, out: &mut Vec<Move>) {
    let Some(conflict) = &state.conflict else {
        return;
    };
    let (order, what, why) = if conflict.ended() {
        let winners = winning_side(conflict);
        // The final order is the winner, then everyone else still in by their pools, its allies
        // among them (T3; T13 keeps narration per participant): an ally may come after an
        // opponent, so the words must not say the winning side goes first.
        let final_words = if let [winner, allies @ ..] = winners.as_slice()
            && !allies.is_empty()
        {
            format!(
                "{winner} narrates first, about the goal its side won; then the others still in, \
                 best pool first, its allies ({}) among them; those who surrendered last, most \
                 recent first. Nobody contradicts what was said (T3, T4, T13).",
                allies.join(", ")
            )
        } else {
            "The winner narrates first, about the goal it won; then those still in; those who \
             surrendered last, most recent first. Nobody contradicts what was said (T3, T4)."
                .to_owned()
        };
        match unnarrated(conflict) {
            Some(last) => (
                conflict.final_order.clone(),
                format!("narrate exchange {last} and the end"),
                format!(
                    "Exchange {last} was not narrated: the conflict ended with it, as exchange {} \
                     began with nothing anyone could bring in (T2, T4). Tell what happens in \
                     exchange {last}, then the end. {final_words}",
                    last + 1
                ),
            ),
            None => (
                conflict.final_order.clone(),
                "final narration".to_owned(),
                final_words,
            ),
        }
    } else if conflict.exchange > 1 && between_exchanges(conflict) {
        (
            conflict.order_of_those_in(),
            format!("narrate exchange {}", conflict.exchange - 1),
            "Everyone narrates what happens, highest die first; say what your character does, \
             without contradicting what was said or putting words in another's mouth (T3)."
                .to_owned(),
        )
    } else {
        return;
    };
    let winners = winning_side(conflict);
    let count = order.len();
    let shown = |who: &str| {
        if who == GM && conflict.healing.is_some() {
            "the GM".to_owned()
        } else {
            who.to_owned()
        }
    };
    for (place, who) in order.iter().enumerate() {
        let gm_side = who == GM && conflict.healing.is_some();
        let own = if gm_side {
            seat.gm
        } else {
            seat.characters.contains(who) && state.character(who).is_some()
        };
        if !own {
            continue;
        }
        let after = match place {
            0 => "you go first".to_owned(),
            _ => format!(
                "after {}",
                order[..place]
                    .iter()
                    .map(|w| shown(w))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        // The winning side tells of the goal it won; the others of how it went for them.
        let label = if winners.contains(who) {
            format!("{}: {what}: your goal", label_name(who, gm_side))
        } else {
            format!("{}: {what}", label_name(who, gm_side))
        };
        let voice = (!gm_side).then_some(who.as_str());
        let note = if gm_side {
            format!(
                "{} of {count}, {after}. The GM speaks for the burden. {why}",
                ordinal(place + 1)
            )
        } else {
            format!("{} of {count}, {after}. {why}", ordinal(place + 1))
        };
        out.push(Move::talk(NARRATION, label, voice, note).leading());
    }
}

/// The name a prompt's label starts with: the GM's side of a healing conflict is "The GM (the
/// burden)".
fn label_name(who: &str, gm_side: bool) -> String {
    if gm_side {
        "The GM (the burden)".to_owned()
    } else {
        who.to_owned()
    }
}

/// Those who got the goal of an ended conflict: the winner and its allies still in (T13).
fn winning_side(conflict: &Conflict) -> Vec<String> {
    conflict
        .winner
        .iter()
        .filter(|w| !w.is_empty())
        .chain(&conflict.winner_allies)
        .cloned()
        .collect()
}

/// The exchange whose narration an ended conflict never offered: the one before the last, when the
/// last began with every participant still in forced to stand at once (nobody stood, brought in
/// dice or surrendered in it) and it was not the first. `None` otherwise.
fn unnarrated(conflict: &Conflict) -> Option<u32> {
    let last = conflict.exchange;
    if last < 2 || !conflict.ended() {
        return None;
    }
    let acted_in_last = conflict.participants.iter().any(|p| {
        p.steps.iter().any(|s| {
            s.exchange == last && !matches!(s.what, crate::model::StepKind::ForcedToStand { .. })
        })
    });
    let those_in_stand = conflict
        .participants
        .iter()
        .filter(|p| p.is_in())
        .all(|p| p.standing == Standing::ForcedStand);
    (!acted_in_last && those_in_stand).then_some(last - 1)
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
