//! A Loqi session as a report's summary tells it (the core's `System::chronicle`): one episode per
//! problem (L2-L4) with its scale, who proposed it and who responded (and who took over the GM's
//! part), the outcome it was resolved for, the influence each spent on it (L5) and the trait and
//! strength changes it caused (L7, L8); between problems, influence rewarded or given, goals
//! fulfilled (L6), scenes and scenarios ended, changes expired.

use crate::describe::describe;
use crate::model::{ChangeCause, Event, GM, Options, Purpose, StrengthCause};
use skald_core::{Chronicle, Episode};

/// What happens outside a problem is told under this title.
const BETWEEN: &str = "Between problems";

/// A name as the summary says it: "the GM" for the GM's side.
fn named(who: &str) -> String {
    if who == GM {
        "the GM".to_owned()
    } else {
        who.to_owned()
    }
}

/// The influence each spent on the problem open now, in the order they first spent.
#[derive(Default)]
struct Spent(Vec<(String, i64)>);

impl Spent {
    fn add(&mut self, who: &str, points: i64) {
        match self.0.iter_mut().find(|(w, _)| w == who) {
            Some((_, total)) => *total = total.saturating_add(points),
            None => self.0.push((who.to_owned(), points)),
        }
    }

    /// One sentence per spender: "Tiran spent 3 influence (L5)".
    fn sentences(&mut self) -> Vec<String> {
        std::mem::take(&mut self.0)
            .into_iter()
            .map(|(who, points)| format!("{} spent {points} influence (L5)", named(&who)))
            .collect()
    }
}

/// The episodes of `events` (the session's, in log order).
pub fn chronicle(_options: &Options, events: &[Event]) -> Vec<Episode> {
    let mut chronicle = Chronicle::new();
    let mut spent = Spent::default();
    for event in events {
        match event {
            Event::ProblemIntroduced {
                number,
                scale,
                description,
                proposer,
                responders,
            } => {
                let mut episode = Episode::new(format!(
                    "Problem {number} ({} level): {description}",
                    scale.name()
                ));
                episode.joined(&named(proposer));
                for responder in responders {
                    episode.joined(&named(responder));
                }
                chronicle.open(episode);
            }
            Event::ProblemTakenOver { by, .. } => {
                if let Some(episode) = chronicle.current() {
                    episode.joined(&named(by));
                    episode
                        .changes
                        .push(format!("{} takes over the GM's part", named(by)));
                }
            }
            Event::InfluenceSpent {
                who,
                points,
                purpose,
                ..
            } => {
                // Influence spent to introduce a problem is told with that problem (L5).
                if chronicle.current().is_some() || *purpose == Purpose::IntroduceProblem {
                    spent.add(who, *points);
                } else {
                    chronicle.change(BETWEEN, Some(&named(who)), describe(event));
                }
            }
            Event::ProblemResolved {
                winner,
                by,
                description,
                ..
            } => {
                if let Some(episode) = chronicle.current() {
                    episode.changes.extend(spent.sentences());
                }
                chronicle.end(format!(
                    "resolved for {} (L4), told by {}: {description}",
                    winner.outcome_phrase(),
                    named(by)
                ));
            }
            // What a problem's outcome changed follows its resolution (L7, L8).
            Event::TraitChanged {
                character,
                cause: ChangeCause::Problem(_),
                ..
            }
            | Event::StrengthChanged {
                character,
                cause: StrengthCause::Weakening(_),
                ..
            } => chronicle.after(BETWEEN, Some(character), describe(event)),
            Event::StrengthChanged { character, .. }
            | Event::TraitChanged { character, .. }
            | Event::ChangeExpired { character, .. } => {
                chronicle.change(BETWEEN, Some(character), describe(event));
            }
            Event::InfluenceRewarded { who, .. } => {
                chronicle.after(BETWEEN, Some(&named(who)), describe(event));
            }
            Event::InfluenceGiven { from, .. } => {
                chronicle.change(BETWEEN, Some(&named(from)), describe(event));
            }
            Event::GoalFulfilled { paid, .. } => {
                let episode = chronicle.here(BETWEEN);
                for payment in paid {
                    episode.joined(&payment.who);
                }
                episode.changes.push(describe(event));
            }
            Event::SceneEnded { .. }
            | Event::ScenarioEnded { .. }
            | Event::SessionStarted { .. } => chronicle.change(BETWEEN, None, describe(event)),
            Event::Enrolled { .. }
            | Event::GoalsPrepared { .. }
            | Event::GoalAdded { .. }
            | Event::OutcomeProposed { .. }
            | Event::EntryAdded { .. }
            | Event::EntriesMerged { .. }
            | Event::OddsFound { .. }
            | Event::DieRolled { .. } => {}
        }
    }
    let left = spent.sentences();
    match chronicle.current() {
        Some(episode) => episode.changes.extend(left),
        None => {
            for line in left {
                chronicle.change(BETWEEN, None, line);
            }
        }
    }
    chronicle.finish()
}
