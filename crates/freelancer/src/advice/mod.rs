//! Advice over the event (issue 32, for [`skald_core::System::advice`] and `skald freelancer advise
//! FILE`): for a `task_check` or `chance_check` during an event, the chance that the task goes
//! through, for each character who could try it and for the event, given the turn order and the
//! extra Full Actions (F1, F3, F5-F7). The model (docs/freelancer.md, "Advice over the event"):
//!
//! - *the task* is the command's check; *who tries it* is the checker and, for a rating from the
//!   sheet (not a number given, nor a plain chance), every other participant on the checker's side
//!   (the PCs for a PC; the GM's characters, full NPC sheets and Encounter Sheets, for one of
//!   them) that has the rating, the check's opponent left out, each with its own rating and the
//!   same difficulty and adjustments ([`question`]);
//! - *the attempts*: the check now, then one d100 for each Full Action (F7) in turn order: the
//!   rest of the round under way as it stands (the check now is a Full Action of the checker's
//!   turn when that turn is now), then the next round, its initiative rolled (d100 + ALC scaled to
//!   SPD, ties by SPD, LCK and a fair roll-off), each roller dividing its turn into its most Full
//!   Actions (F5) or taking method 2's turns (F6), Total Actions declared for it left out (F7);
//! - a Botch ends that character's tries (F3: a reversal of fortune); the first success carries the
//!   task, and nothing is tried after it.
//!
//! The chances: the check now; each attempter on its own over its attempts; the task through this
//! round and by the end of the next; and whose success is the first. All are exact fractions
//! ([`exact`]) but the last, which depends on the next round's order: it is exact while following
//! every next-round d100 of the attempters stays within [`crate::limits::MAX_EXACT_WORK`], and
//! otherwise simulated ([`simulate`], seeded from the state and the command) with its 99.9% margin.
//! Pure and deterministic.
//!
//! For the GM (a fair fight, [`balance`], issue 32): under a task check, the difficulty for an
//! easy, even and hard check with its rating; under the builder of an NPC or an Encounter Sheet,
//! the PCs' chances against it and its rating for each fight (`fair_fight.rs` words them).

pub mod balance;
pub mod exact;
mod fair_fight;
pub mod next_round;
pub mod question;
pub mod simulate;

use crate::limits::MAX_EXACT_WORK;
use crate::model::command::Command;
use crate::model::sheet::Kind;
use crate::model::state::State;
use exact::Walk;
use next_round::{most_actions, turns};
use question::Question;
use skald_core::{Chance, Odds};

/// The advice for `command` at `state`, as a page shows it: a summary and one chance per line.
/// For a `task_check` or `chance_check` during an event, the advice over the event (see the module
/// docs); under a `task_check`, then the difficulty for an easy, even and hard check with its
/// rating ([`balance`], issue 32: a fair fight); for the GM's `enroll` of an NPC or an Encounter
/// Sheet, the PCs' chances against it and its rating for each fight. `None` for any other command,
/// or one the rules would refuse now.
pub fn advice(state: &State, command: &Command) -> Option<Odds> {
    if let Command::Enroll { character } = command {
        return fair_fight::enroll_advice(state, character);
    }
    // The GM's number (F3): the difficulty that makes this check easy, even or hard.
    let difficulties = fair_fight::difficulty_chances(state, command);
    let Some(mut odds) = over_the_event(state, command) else {
        return (!difficulties.is_empty()).then(|| Odds {
            summary: "A fair check: the difficulty whose chance of success is closest to an easy \
                      (75%), even (50%) and hard (25%) check with this rating, equalized (F2, F3)."
                .to_owned(),
            chances: difficulties,
            distribution: Vec::new(),
        });
    };
    odds.chances.extend(difficulties);
    Some(odds)
}

/// The advice over the event alone (see the module docs): `None` for a command other than a
/// `task_check` or `chance_check`, one made when no event is under way, or one the rules would
/// refuse now.
pub fn over_the_event(state: &State, command: &Command) -> Option<Odds> {
    let question = Question::of(state, command)?;
    let seed = || {
        simulate::seed(&[
            &serde_json::to_vec(state).unwrap_or_default(),
            &serde_json::to_vec(command).unwrap_or_default(),
        ])
    };
    let side = match state.characters.get(question.checker())?.kind {
        Kind::Pc => "the PCs",
        Kind::Npc | Kind::Encounter => "the GM's characters",
    };
    Some(answer(&question, side, seed, MAX_EXACT_WORK))
}

/// The advice on `question`, its simulation (if any) seeded by `seed`, exact while the next
/// round's work stays within `budget`. `side` names the checker's side in the summary.
pub fn answer(question: &Question, side: &str, seed: impl Fn() -> u64, budget: u64) -> Odds {
    let checker = question.checker().to_owned();
    let n = question.attempters.len();
    let mut walk = Walk::new(question);
    walk.attempt(0);
    let now = walk.through();
    for &(x, k) in &question.this_round {
        walk.attempts(x, k);
    }
    let this_round: Vec<u32> = (0..n).map(|x| walk.made(x)).collect();
    let after_round = walk.clone();
    let actions = most_actions(question);
    let mut next: Vec<u32> = vec![0; n];
    let mut everyone = walk.clone();
    for (i, roller) in question.rollers.iter().enumerate() {
        if let Some(x) = roller.attempter {
            let k = actions.get(i).copied().unwrap_or(1);
            next[x] = turns(roller, 100, k, question.method)
                .iter()
                .map(|(_, k)| k)
                .sum();
            everyone.attempts(x, next[x]);
        }
    }
    let round = question.round;
    let next_round = question.next_round;
    let mut chances = vec![Chance::exact(
        format!("{checker}'s check now ({}) succeeds", question.task),
        &now,
    )];
    let trying: Vec<usize> = (0..n).filter(|&x| this_round[x] + next[x] > 0).collect();
    for &x in &trying {
        let who = &question.attempters[x].who;
        chances.push(Chance::exact(
            format!(
                "{who} alone gets it through, with {}",
                attempts_words(x == 0, this_round[x], next[x], round, next_round)
            ),
            &everyone.alone(x),
        ));
    }
    if let Some(r) = round {
        chances.push(Chance::exact(
            format!("The task goes through in round {r}"),
            &after_round.through(),
        ));
    }
    let rolls_next = next.iter().any(|k| *k > 0);
    if let (Some(r), true) = (next_round, rolls_next) {
        chances.push(Chance::exact(
            format!("The task goes through by the end of round {r}"),
            &everyone.through(),
        ));
    }
    let mut simulated = None;
    if trying.len() > 1 {
        let by = match (next_round, rolls_next) {
            (Some(r), true) => format!("by the end of round {r}"),
            _ => match round {
                Some(r) => format!("in round {r}"),
                None => "now".to_owned(),
            },
        };
        match exact::next_round(question, &after_round, budget) {
            Ok(firsts) => {
                for &x in &trying {
                    chances.push(Chance::exact(
                        first_words(&question.attempters[x].who, &by),
                        &firsts[x],
                    ));
                }
            }
            Err(exact::OverBudget) => {
                let plays = simulate::plays(question);
                let hits = simulate::firsts(question, seed(), plays);
                for &x in &trying {
                    chances.push(Chance::estimate(
                        first_words(&question.attempters[x].who, &by),
                        hits[x],
                        plays,
                    ));
                }
                simulated = Some(plays);
            }
        }
    }
    let names: Vec<&str> = trying
        .iter()
        .map(|&x| question.attempters[x].who.as_str())
        .collect();
    let tried_by = match names.as_slice() {
        [] => format!("{checker}'s check now alone"),
        [one] => format!("tried by {one} alone"),
        many => format!(
            "tried by {} ({side} with the rating)",
            skald_core::and_list(many)
        ),
    };
    let when = match (round, next_round, rolls_next) {
        (Some(r), Some(n), true) => format!(
            "the rest of round {r} as it stands, then round {n} with its initiative rolled and each \
             taking its most Full Actions (F5-F7)"
        ),
        (Some(r), _, _) => format!("the rest of round {r} as it stands (F7)"),
        (None, Some(n), true) => format!(
            "round {n} with its initiative rolled and each taking its most Full Actions (F5-F7)"
        ),
        _ => "the check now".to_owned(),
    };
    let how = match simulated {
        Some(plays) => format!(
            " Whose success is first is simulated ({plays} plays: the next round's order is too \
             large to follow exactly)."
        ),
        None => String::new(),
    };
    let summary = format!(
        "The task ({}), {tried_by}: one d100 per Full Action in turn order over {when}; a Botch \
         ends a character's tries (Skald's reading: the book makes a Botch a reversal of fortune, \
         F3), the first success carries the task.{how}",
        question.task
    );
    Odds {
        summary,
        chances,
        distribution: Vec::new(),
    }
}

/// `Ash's success is the first, by the end of round 2`.
fn first_words(who: &str, by: &str) -> String {
    format!("{who}'s success is the first, {by}")
}

/// The attempts of one attempter in words: `the check now, 1 more Full Action in round 1 and 2
/// in round 2`; `3 Full Actions in round 1`.
fn attempts_words(
    checker: bool,
    this_round: u32,
    next: u32,
    round: Option<u64>,
    next_round: Option<u64>,
) -> String {
    let mut parts = Vec::new();
    let mut this = this_round;
    let mut more = "";
    if checker {
        parts.push("the check now".to_owned());
        this = this.saturating_sub(1);
        more = " more";
    }
    let actions = |k: u32, more: &str| match k {
        1 => format!("1{more} Full Action"),
        k => format!("{k}{more} Full Actions"),
    };
    if let (Some(r), true) = (round, this > 0) {
        parts.push(format!("{} in round {r}", actions(this, more)));
    }
    if let (Some(r), true) = (next_round, next > 0) {
        parts.push(format!("{} in round {r}", actions(next, "")));
    }
    skald_core::and_list(&parts.iter().map(String::as_str).collect::<Vec<_>>())
}
