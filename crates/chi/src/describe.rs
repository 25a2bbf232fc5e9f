//! One log line per Chi event, in the book's terms, with every die shown. A secret allocation
//! shows only as its commitment until it is revealed (C4).

use crate::limits::FLAGGED_MODIFIER;
use crate::model::command::{Cause, SecretAction, SecretOpposed, WordChange};
use crate::model::event::{ActionRoll, Attempt, Event, Loss, OpposedRoll, Outcome, SideRoll};
use std::collections::BTreeMap;

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
        Event::SecretOpened {
            round,
            actions,
            opposed,
            caps,
        } => secret_opened(*round, actions, opposed, caps),
        Event::SecretCommitted { who, commitment } => {
            format!("{who} commits a secret allocation: {commitment} (C4).")
        }
        Event::SecretRevealed { who, spend, salt } => format!(
            "{who} reveals {spend} {} (salt {salt:?}), matching the commitment (C4).",
            dice_word(*spend)
        ),
        Event::SecretClosed { round } => {
            format!("Round {round}: the secret roll is over; everyone in it rolled at once (C4).")
        }
        Event::SecretCancelled { round } => {
            format!("Round {round}: the GM calls the secret roll off; no die is spent (C4).")
        }
        Event::Lost(loss) => lost(loss),
        Event::Recovered {
            who,
            amount,
            cause,
            pool,
            current,
        } => {
            let from = cause
                .map(|c| match c {
                    Cause::Injury => " from injury",
                    Cause::Fatigue => " from fatigue",
                    Cause::Other => " from losses to other causes",
                })
                .unwrap_or_default();
            format!(
                "{who} recovers {amount} {}{from}: pool {pool}/{current} (C5).",
                dice_word(*amount)
            )
        }
        Event::DieAwarded { who, waiting: true } => {
            format!("{who} earns a new die, which waits until every lost die is back (C5).")
        }
        Event::DieAwarded {
            who,
            waiting: false,
        } => format!("{who} earns a new die (C5)."),
        Event::DieAdded {
            who,
            waited,
            pool,
            current,
        } => {
            let when = if *waited {
                "the new die that waited joins the pool"
            } else {
                "the new die joins the pool"
            };
            format!("{who}: {when}: pool {pool}/{current} (C5).")
        }
        Event::WordAdded { who, word, line } => {
            format!("{who} grows: a new descriptive word, {word:?}: {line} (C5).")
        }
        Event::ConceptChanged {
            who,
            replace,
            occupation,
            line,
        } => concept_changed(who, replace.as_ref(), occupation.as_deref(), line),
        Event::SessionEnded { session } => {
            format!("Session {session} ends: between sessions, concepts may change (C5).")
        }
        Event::SessionStarted { session } => format!("Session {session} begins."),
    }
}

fn secret_opened(
    round: u32,
    actions: &[SecretAction],
    opposed: &[SecretOpposed],
    caps: &BTreeMap<String, u32>,
) -> String {
    let fit = |who: &str, fits: bool| concept(fits, caps.get(who).copied());
    let modifier = |m: i32| match m {
        0 => String::new(),
        m if m > 0 => format!(", +{m}"),
        m => format!(", {m}"),
    };
    let mut parts: Vec<String> = actions
        .iter()
        .map(|a| {
            format!(
                "{} against Difficulty {}{} ({})",
                a.who,
                a.difficulty,
                modifier(a.modifier),
                fit(&a.who, a.fits_concept)
            )
        })
        .collect();
    parts.extend(opposed.iter().map(|p| {
        format!(
            "{}{} acts ({}), {}{} resists ({})",
            p.actor.who,
            modifier(p.actor.modifier),
            fit(&p.actor.who, p.actor.fits_concept),
            p.defender.who,
            modifier(p.defender.modifier),
            fit(&p.defender.who, p.defender.fits_concept)
        )
    }));
    format!(
        "Round {round}, the GM opens a secret roll: {}. Each allocation is committed unseen (C4).",
        parts.join("; ")
    )
}

fn lost(loss: &Loss) -> String {
    let Loss {
        who,
        amount,
        cause,
        permanent,
        detail,
        pool,
        current,
    } = loss;
    let how = if *permanent { "for good" } else { "for now" };
    let detail = detail
        .as_ref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    let out = if *current == 0 { ": out of play" } else { "" };
    let cause = match cause {
        Cause::Injury => "injury",
        Cause::Fatigue => "fatigue",
        Cause::Other => "another cause",
    };
    format!(
        "{who} loses {amount} {} {how} to {cause}{detail}: pool {pool}/{current}{out} (C5).",
        dice_word(*amount)
    )
}

fn concept_changed(
    who: &str,
    replace: Option<&WordChange>,
    occupation: Option<&str>,
    line: &str,
) -> String {
    let mut parts = Vec::new();
    if let Some(WordChange { old, new }) = replace {
        parts.push(format!("{old:?} becomes {new:?}"));
    }
    if let Some(occupation) = occupation {
        parts.push(format!("the occupation becomes {occupation:?}"));
    }
    format!(
        "{who}'s concept changes: {}: {line} (C5).",
        parts.join(", ")
    )
}

fn dice_word(count: u32) -> &'static str {
    skald_core::plural(count, "die", "dice")
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
        (Outcome::Failure, true) => "a tie, which fails under the table's rule for ties (C3)",
        (Outcome::Failure, false) => "failure",
    };
    let kind = match (roll.secret, roll.reaction) {
        (false, false) => "",
        (false, true) => " as a reaction",
        (true, false) => " from the secret roll",
        (true, true) => " as a reaction, from the secret roll",
    };
    format!(
        "Round {}, {} puts {} {} in{kind} ({}): {}: {verdict}. {} of {} {} left.",
        roll.round,
        roll.who,
        roll.spent,
        dice_word(roll.spent),
        concept(roll.fits_concept, roll.cap),
        rolls.join(": tie, both reroll: "),
        roll.left,
        roll.current,
        dice_word(roll.current)
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
        format!(
            "a tie, which goes to the defender: {} wins (C3)",
            roll.winner
        )
    } else {
        format!("{} wins", roll.winner)
    };
    let secret = if roll.secret {
        ", from the secret roll"
    } else {
        ""
    };
    format!(
        "Round {}, opposed{secret}: {} vs {}: {verdict}. {} has {} of {} {} left, {} has {} of {}.",
        roll.round,
        side(&roll.actor),
        side(&roll.defender),
        roll.actor.who,
        roll.actor.left,
        roll.actor.current,
        dice_word(roll.actor.current),
        roll.defender.who,
        roll.defender.left,
        roll.defender.current
    )
}
