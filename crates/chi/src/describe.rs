//! One log line per Chi event, in the book's terms, with every die shown.

use crate::event::{ActionRoll, Attempt, Event, OpposedRoll, Outcome, SideRoll};
use crate::limits::FLAGGED_MODIFIER;

/// The log line for `event`, e.g.
/// `Round 1, Dirk Rednova puts 3 dice in (fits the concept): [4, 2, 6] = 12 vs Difficulty 2: [3, 5] = 8: success. 4 of 7 dice left.`
pub fn describe(event: &Event) -> String {
    match event {
        Event::Enrolled { character } => format!(
            "{} joins the table: {} (pool {}, current {}).",
            character.name, character, character.pool, character.current
        ),
        Event::ActionRolled(roll) => action(roll),
        Event::OpposedRolled(roll) => opposed(roll),
        Event::RoundStarted { round } => {
            format!("Round {round} begins: every pool refills to its current size.")
        }
    }
}

fn dice_word(count: u32) -> &'static str {
    if count == 1 { "die" } else { "dice" }
}

fn concept(fits: bool, cap: Option<u32>) -> String {
    match (fits, cap) {
        (true, _) => "fits the concept".to_owned(),
        (false, Some(cap)) => format!("off-concept, at most {cap} (C2)"),
        (false, None) => "off-concept".to_owned(),
    }
}

/// `[4, 2, 6] + 1 = 13`, `[] - 2 = -2`, with the flag for modifiers beyond +/-5.
fn sum(rolled: &[i64], modifier: i32, total: i64) -> String {
    let dice = format!("{rolled:?}");
    let flag = if modifier.abs() > FLAGGED_MODIFIER {
        " (modifier beyond +/-5, flagged)"
    } else {
        ""
    };
    match modifier {
        0 => format!("{dice} = {total}"),
        m if m > 0 => format!("{dice} + {m} = {total}{flag}"),
        m => format!("{dice} - {} = {total}{flag}", m.unsigned_abs()),
    }
}

fn attempt(roll: &ActionRoll, attempt: &Attempt) -> String {
    format!(
        "{} vs Difficulty {}: {:?} = {}",
        sum(&attempt.player, roll.modifier, attempt.total),
        roll.difficulty,
        attempt.gm,
        attempt.gm_total
    )
}

fn action(roll: &ActionRoll) -> String {
    let rolls: Vec<String> = roll.rolls.iter().map(|a| attempt(roll, a)).collect();
    let verdict = match (roll.outcome, roll.tie) {
        (Outcome::Success, _) => "success",
        (Outcome::Failure, true) => "tie, which fails (option tie = fail, C3)",
        (Outcome::Failure, false) => "failure",
    };
    format!(
        "Round {}, {} puts {} {} in ({}): {}: {verdict}. {} of {} dice left.",
        roll.round,
        roll.who,
        roll.spent,
        dice_word(roll.spent),
        concept(roll.fits_concept, roll.cap),
        rolls.join(": tie, both reroll: "),
        roll.left,
        roll.current
    )
}

fn side(side: &SideRoll) -> String {
    format!(
        "{} puts {} {} in ({}): {}",
        side.who,
        side.spent,
        dice_word(side.spent),
        concept(side.fits_concept, side.cap),
        sum(&side.rolled, side.modifier, side.total)
    )
}

fn opposed(roll: &OpposedRoll) -> String {
    let verdict = if roll.tie {
        format!("tie, which goes to the defender: {} wins (C3)", roll.winner)
    } else {
        format!("{} wins", roll.winner)
    };
    format!(
        "Round {}, opposed: {} vs {}: {verdict}. {} has {} of {} dice left, {} has {} of {}.",
        roll.round,
        side(&roll.actor),
        side(&roll.defender),
        roll.actor.who,
        roll.actor.left,
        roll.actor.current,
        roll.defender.who,
        roll.defender.left,
        roll.defender.current
    )
}
