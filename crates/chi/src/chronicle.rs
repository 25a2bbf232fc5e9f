//! A Chi session as a report's summary tells it (the core's `System::chronicle`): one episode per
//! round (C2) or secret round (C4) in which someone rolled, with who acted, each action's and
//! opposed action's result (C1, C3) and the round's tally of successes and failures; dice lost and
//! recovered (C5), new dice, words and concepts (C6), as they come; sessions ended between rounds.

use crate::describe::describe;
use crate::model::event::{ActionRoll, Event, OpposedRoll, Outcome};
use crate::model::options::Options;
use skald_core::{Chronicle, Episode, noun};

/// What happens outside a round in which someone rolled is told under this title.
const BETWEEN: &str = "Between rounds";

fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Success => "success",
        Outcome::Failure => "failure",
    }
}

/// "off-concept, at most 3 dice (C2)" for a side that did not fit its concept.
fn off_concept(fits: bool, cap: Option<u32>) -> Option<String> {
    (!fits).then(|| match cap {
        Some(cap) => format!(
            "off-concept, at most {} (C2)",
            noun(cap as usize, "die", "dice")
        ),
        None => "off-concept (C2)".to_owned(),
    })
}

/// One action in a sentence: "Ragnar: success (2 dice against Difficulty 3, 9 against 7; 2 dice
/// left)", saying when it was a reaction, off-concept, or tied, and what the tie meant under the
/// table's rule (C2, C3).
fn action_line(roll: &ActionRoll) -> String {
    let mut how = vec![format!(
        "{} against Difficulty {}, {} against {}",
        noun(roll.spent as usize, "die", "dice"),
        roll.difficulty,
        roll.total,
        roll.gm_total
    )];
    if roll.reaction {
        how.push("a reaction".to_owned());
    }
    how.extend(off_concept(roll.fits_concept, roll.cap));
    let rerolled = roll.rolls.len().saturating_sub(1);
    if rerolled > 0 {
        how.push(format!(
            "tied {} and rolled again under the table's rule for ties (C3)",
            match rerolled {
                1 => "once".to_owned(),
                n => format!("{n} times"),
            }
        ));
    }
    if roll.tie {
        how.push("a tie, which fails under the table's rule for ties (C3)".to_owned());
    }
    how.push(format!("{} left", noun(roll.left as usize, "die", "dice")));
    format!(
        "{}: {} ({})",
        roll.who,
        outcome_word(roll.outcome),
        how.join("; ")
    )
}

/// One opposed action in a sentence: "Ragnar against Tova: Ragnar wins (3 dice to 2, totals 12
/// to 7; C3)", saying when a side was off-concept and when a tie went to the defender.
fn opposed_line(roll: &OpposedRoll) -> String {
    let mut how = vec![format!(
        "{} to {}, totals {} to {}",
        noun(roll.actor.spent as usize, "die", "dice"),
        noun(roll.defender.spent as usize, "die", "dice"),
        roll.actor.total,
        roll.defender.total,
    )];
    if roll.tie {
        how.push("a tie, which goes to the defender".to_owned());
    }
    for side in [&roll.actor, &roll.defender] {
        if let Some(off) = off_concept(side.fits_concept, side.cap) {
            how.push(format!("{} {off}", side.who));
        }
    }
    format!(
        "{} against {}: {} wins ({}; C3)",
        roll.actor.who,
        roll.defender.who,
        roll.winner,
        how.join("; ")
    )
}

/// The round open now: its number, whether secret, and its tally.
struct Round {
    number: u32,
    secret: bool,
    successes: usize,
    failures: usize,
}

impl Round {
    fn tally(&self) -> String {
        format!(
            "{}, {}",
            noun(self.successes, "success", "successes"),
            noun(self.failures, "failure", "failures")
        )
    }
}

/// The episodes of `events` (the session's, in log order).
pub fn chronicle(_options: &Options, events: &[Event]) -> Vec<Episode> {
    let mut chronicle = Chronicle::new();
    let mut round: Option<Round> = None;
    // Ends the round open now with its tally.
    let close = |chronicle: &mut Chronicle, round: &mut Option<Round>| {
        if let Some(r) = round.take() {
            chronicle.end(r.tally());
        }
    };
    for event in events {
        match event {
            Event::ActionRolled(ActionRoll { round: n, .. })
            | Event::OpposedRolled(OpposedRoll { round: n, .. }) => {
                if round.as_ref().is_none_or(|r| r.number != *n) {
                    close(&mut chronicle, &mut round);
                    chronicle.open(Episode::new(format!("Round {n}")));
                    round = Some(Round {
                        number: *n,
                        secret: false,
                        successes: 0,
                        failures: 0,
                    });
                }
                let (line, outcome, who) = match event {
                    Event::ActionRolled(roll) => {
                        (action_line(roll), roll.outcome, vec![roll.who.as_str()])
                    }
                    Event::OpposedRolled(roll) => (
                        opposed_line(roll),
                        roll.outcome,
                        vec![roll.actor.who.as_str(), roll.defender.who.as_str()],
                    ),
                    _ => continue,
                };
                if let Some(r) = round.as_mut() {
                    match outcome {
                        Outcome::Success => r.successes += 1,
                        Outcome::Failure => r.failures += 1,
                    }
                }
                if let Some(episode) = chronicle.current() {
                    for name in who {
                        episode.joined(name);
                    }
                    episode.changes.push(line);
                }
            }
            Event::SecretOpened {
                round: n,
                actions,
                opposed,
                ..
            } => {
                close(&mut chronicle, &mut round);
                let mut episode = Episode::new(format!("Round {n}, secret roll (C4)"));
                for a in actions {
                    episode.joined(&a.who);
                }
                for o in opposed {
                    episode.joined(&o.actor.who);
                    episode.joined(&o.defender.who);
                }
                chronicle.open(episode);
                round = Some(Round {
                    number: *n,
                    secret: true,
                    successes: 0,
                    failures: 0,
                });
            }
            Event::SecretClosed { .. } => {
                if let Some(r) = round.take() {
                    chronicle.end(format!("everyone rolled at once: {}", r.tally()));
                }
            }
            Event::SecretCancelled { .. } => {
                round = None;
                chronicle.end("called off by the GM: no die spent (C4)");
            }
            Event::RoundStarted { .. } | Event::SessionEnded { .. } => {
                if round.as_ref().is_some_and(|r| !r.secret) {
                    close(&mut chronicle, &mut round);
                }
                if matches!(event, Event::SessionEnded { .. }) {
                    chronicle.change(BETWEEN, None, describe(event));
                }
            }
            Event::Lost(loss) => chronicle.change(BETWEEN, Some(&loss.who), describe(event)),
            Event::Recovered { who, .. }
            | Event::DieAwarded { who, .. }
            | Event::DieAdded { who, .. }
            | Event::WordAdded { who, .. }
            | Event::ConceptChanged { who, .. } => {
                chronicle.change(BETWEEN, Some(who), describe(event));
            }
            Event::Enrolled { .. }
            | Event::SecretCommitted { .. }
            | Event::SecretRevealed { .. }
            | Event::SessionStarted { .. } => {}
        }
    }
    if let Some(r) = round.take()
        && let Some(episode) = chronicle.current()
    {
        episode.outcome = format!("{} so far", r.tally());
    }
    chronicle.finish()
}
