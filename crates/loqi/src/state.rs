//! [`State`]: a Loqi table folded from its events ([`apply`]). Its JSON view is in [`crate::view`].

use crate::character::Character;
use crate::event::Event;
use crate::options::Options;
use crate::problem::{Outcome, Problem, Side};
use crate::resolution::Resolution;
use serde::Serialize;

/// The table: options, characters in enrollment order, the open problem and the resolved ones.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct State {
    /// The table options.
    pub options: Options,
    /// The characters, in the order they joined.
    pub characters: Vec<Character>,
    /// The open problem, if any (at most one at a time).
    pub problem: Option<Problem>,
    /// The resolution under way inside a `resolve` command (between its odds and its result).
    pub resolving: Option<Resolution>,
    /// Resolved problems, oldest first.
    pub resolved: Vec<Resolved>,
    /// How many problems were introduced; the next gets this number + 1.
    pub problems: u64,
}

/// A resolved problem: the problem as it stood, and how it was resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Resolved {
    /// The problem with both outcomes and their tallies.
    pub problem: Problem,
    /// The odds, rolls and selected side.
    pub resolution: Resolution,
}

impl State {
    /// The character named `name` (exact spelling).
    pub fn character(&self, name: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.name == name)
    }

    /// The characters' names, in enrollment order, for messages.
    pub fn names(&self) -> Vec<&str> {
        self.characters.iter().map(|c| c.name.as_str()).collect()
    }
}

/// Folds one event into the state. Never fails: events were checked when decided; an event that
/// does not fit (no open problem, say) leaves the state as it was.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::Enrolled { character } => state.characters.push(character.clone()),
        Event::InfluenceSpent { who, left, .. } => {
            if let Some(c) = state.characters.iter_mut().find(|c| &c.name == who) {
                c.influence = *left;
            }
        }
        Event::ProblemIntroduced {
            number,
            scale,
            description,
            proposer,
            responder,
        } => {
            state.problems = *number;
            state.problem = Some(Problem {
                number: *number,
                scale: *scale,
                description: description.clone(),
                proposer: proposer.clone(),
                responder: responder.clone(),
                player: None,
                gm: None,
            });
        }
        Event::OutcomeProposed {
            outcome,
            by,
            description,
            impact,
            entry,
        } => {
            let proposed = Outcome {
                by: by.clone(),
                description: description.clone(),
                impact: *impact,
                tally: vec![entry.clone()],
            };
            if let Some(problem) = state.problem.as_mut() {
                match outcome {
                    Side::Player => problem.player = Some(proposed),
                    Side::Gm => problem.gm = Some(proposed),
                }
            }
        }
        Event::EntryAdded { outcome, entry, .. } => {
            if let Some(o) = state.problem.as_mut().and_then(|p| p.outcome_mut(*outcome)) {
                o.tally.push(entry.clone());
            }
        }
        Event::OddsFound { odds, certain, .. } => {
            state.resolving = Some(Resolution {
                odds: *odds,
                certain: *certain,
                rolls: Vec::new(),
                winner: odds.favoured(),
            });
        }
        Event::DieRolled { roll, .. } => {
            if let Some(r) = state.resolving.as_mut() {
                r.rolls.push(*roll);
            }
        }
        Event::ProblemResolved { winner, .. } => {
            if let (Some(problem), Some(mut resolution)) =
                (state.problem.take(), state.resolving.take())
            {
                resolution.winner = *winner;
                state.resolved.push(Resolved {
                    problem,
                    resolution,
                });
            }
        }
    }
    state
}
