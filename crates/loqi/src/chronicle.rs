//! A Loqi session as a report's summary tells it (the core's `System::chronicle`): one episode per
//! problem (L2-L4) with its scale, who proposed it and who responded (and who took over the GM's
//! part), the outcome it was resolved for and how (each outcome's chance, the d12 or its
//! certainty; L3, and L4 only where the table plays it and it applied), the influence each spent
//! on it (L5) and the trait and strength changes it caused (L7, L8); between problems, influence
//! rewarded or given, goals fulfilled (L6), scenes and scenarios ended, changes expired.

use crate::describe::describe;
use crate::model::{ChangeCause, Event, GM, Options, Purpose, Side, StrengthCause, Verdict};
use crate::rules::chances::people;
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

/// How the open problem's roll went, in one clause: "each outcome's chance; the d12's faces".
#[derive(Default)]
struct Roll {
    /// "the player's outcome 75.0% (3/4), the GM's 25.0% (1/4)", from the odds said first.
    chances: String,
    /// "advantage 7: certain, no die (L3)", or the d12s: "the d12 rolled 4 against odds 9".
    dice: Vec<String>,
    /// Whether the unlikely-outcomes rule played a part (L4: odds of 12 or more, option on).
    unlikely: bool,
}

impl Roll {
    /// The clause, and the rulings it rests on.
    fn take(&mut self) -> String {
        let roll = std::mem::take(self);
        let rule = if roll.unlikely { "L3, L4" } else { "L3" };
        let dice = if roll.dice.is_empty() {
            String::new()
        } else {
            format!("; {}", roll.dice.join(", then "))
        };
        format!("{}{dice} ({rule})", roll.chances)
    }
}

/// The episodes of `events` (the session's, in log order).
pub fn chronicle(options: &Options, events: &[Event]) -> Vec<Episode> {
    let mut chronicle = Chronicle::new();
    let mut spent = Spent::default();
    let mut roll = Roll::default();
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
            Event::OddsFound {
                odds,
                certain,
                unlikely_outcomes,
            } => {
                let chances = odds.chances(*unlikely_outcomes).map_or(String::new(), |c| {
                    format!(
                        "the player's outcome {}, the GM's {}",
                        people(&c.p_player),
                        people(&c.p_gm)
                    )
                });
                roll = Roll {
                    chances,
                    dice: if *certain {
                        vec![format!(
                            "advantage {}: certain, no die rolled",
                            odds.advantage
                        )]
                    } else {
                        Vec::new()
                    },
                    unlikely: options.unlikely_outcomes && *unlikely_outcomes && odds.odds >= 12,
                };
            }
            Event::DieRolled { roll: d12, .. } => {
                let again = if d12.verdict == Verdict::Again {
                    ", a 12: rolled again"
                } else {
                    ""
                };
                roll.dice.push(format!(
                    "the d12 rolled {} against odds {}{again}",
                    d12.value, d12.odds
                ));
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
                let how = roll.take();
                let whose = match winner {
                    Side::Player => "the player's outcome",
                    Side::Gm => "the GM's outcome",
                };
                chronicle.end(format!(
                    "resolved for {whose}: {how}; told by {}: {description}",
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
            | Event::EntriesMerged { .. } => {}
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
