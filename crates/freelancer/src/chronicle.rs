//! A Freelancer session as a report's summary tells it (the core's `System::chronicle`): one
//! episode per event (F5-F7) with who took part, each round's initiative, each divided turn, each
//! Total Action declared, each turn taken and each check made in it, in order, and how many rounds
//! it lasted; one per check made outside an event (F1-F4: task checks, team lifts, plain chances,
//! opposed checks) with its outcome; and between them growth (F8): XP and AP awarded, levels,
//! abilities bought, ratings set, vocations changed. Each line is the log's own ([`describe`]).

use crate::describe::describe;
use crate::model::event::{ChanceCheck, OpposedCheck, TeamLift};
use crate::model::{Event, Options, Outcome, TaskCheck};
use skald_core::{Chronicle, Episode, noun};

/// What happens outside an event or a check is told under this title.
const BETWEEN: &str = "Between events";

fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Success => "success",
        Outcome::Crit => "success on a Crit",
        Outcome::Failure => "failure",
        Outcome::Botch => "failure on a Botch",
    }
}

/// A check's heading, who made it, and its outcome in a few words.
fn check_parts(event: &Event) -> Option<(String, Vec<String>, String)> {
    let against = |a: &Option<String>| a.as_ref().map(|a| format!(": {a}")).unwrap_or_default();
    Some(match event {
        Event::TaskChecked(TaskCheck { who, check, .. }) => (
            format!("Task check{}", against(&check.against)),
            vec![who.clone()],
            format!("{} (F3)", outcome_words(check.outcome)),
        ),
        Event::TeamLifted(TeamLift { team, check, .. }) => (
            format!("Team lift{}", against(&check.against)),
            team.iter().map(|l| l.who.clone()).collect(),
            format!("{} (F3)", outcome_words(check.outcome)),
        ),
        Event::ChanceChecked(ChanceCheck {
            who,
            against: a,
            outcome,
            ..
        }) => (
            format!("Plain chance{}", against(a)),
            vec![who.clone()],
            format!("{} (F1)", outcome_words(*outcome)),
        ),
        Event::OpposedChecked(opposed) => {
            let OpposedCheck {
                against: a,
                a: first,
                b: second,
                winner,
                ..
            } = opposed.as_ref();
            (
                format!("Opposed check{}", against(a)),
                vec![first.who.clone(), second.who.clone()],
                match winner {
                    Some(w) => format!("{w} wins (F4)"),
                    None => "neither wins (F4)".to_owned(),
                },
            )
        }
        _ => return None,
    })
}

/// The episodes of `events` (the session's, in log order).
pub fn chronicle(_options: &Options, events: &[Event]) -> Vec<Episode> {
    let mut chronicle = Chronicle::new();
    let mut in_event = false;
    for event in events {
        if let Some((title, who, outcome)) = check_parts(event) {
            if in_event {
                if let Some(episode) = chronicle.current() {
                    for name in &who {
                        episode.joined(name);
                    }
                    episode.changes.push(describe(event));
                }
            } else {
                let mut episode = Episode::new(title);
                for name in &who {
                    episode.joined(name);
                }
                episode.changes.push(describe(event));
                chronicle.open(episode);
                chronicle.end(outcome);
            }
            continue;
        }
        match event {
            Event::EventStarted { name, who, .. } => {
                let mut episode = Episode::new(format!("Event: {name}"));
                for name in who {
                    episode.joined(name);
                }
                chronicle.open(episode);
                in_event = true;
            }
            // Each turn, in order, with the rounds' initiative and the turns divided or given up
            // for a Total Action: the event as it was played (F5-F7).
            Event::Acted(_)
            | Event::InitiativeRolled(_)
            | Event::Divided(_)
            | Event::TotalActionDeclared { .. } => {
                if let Some(episode) = chronicle.current() {
                    let who = match event {
                        Event::Acted(turn) => Some(turn.who.as_str()),
                        Event::Divided(division) => Some(division.who.as_str()),
                        Event::TotalActionDeclared { who, .. } => Some(who.as_str()),
                        _ => None,
                    };
                    if let Some(who) = who {
                        episode.joined(who);
                    }
                    episode.changes.push(describe(event));
                }
            }
            Event::EventEnded { rounds, .. } => {
                in_event = false;
                chronicle.end(format!(
                    "ended after {} (F5)",
                    noun(*rounds as usize, "round", "rounds")
                ));
            }
            Event::Awarded(award) => {
                let episode = chronicle.here(BETWEEN);
                for name in &award.who {
                    episode.joined(name);
                }
                episode.changes.push(describe(event));
            }
            Event::LeveledUp { who, .. }
            | Event::RatingSet { who, .. }
            | Event::VocationChanged { who, .. }
            | Event::ApSpent { who, .. } => {
                chronicle.change(BETWEEN, Some(who), describe(event));
            }
            _ => {}
        }
    }
    chronicle.finish()
}
