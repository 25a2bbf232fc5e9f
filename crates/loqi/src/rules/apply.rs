//! The fold: [`apply`] folds one event into the [`State`]; [`initial`] is the state of a new table.

use crate::model::{
    Character, Event, GM, GoalKind, Options, PlannedChange, Problem, Resolution, Side, Strength,
};
use crate::model::{Fulfilled, Resolved, State};

impl State {
    fn member_mut(&mut self, name: &str) -> Option<&mut Character> {
        self.characters.iter_mut().find(|c| c.name == name)
    }
}

/// The state of a new table: session 1, scenario 1, scene 1; the GM's influence under its option.
pub fn initial(options: &Options) -> State {
    State {
        options: *options,
        gm_influence: options
            .gm_influence
            .then_some(options.gm_influence_per_session),
        ..State::default()
    }
}

/// Folds one event into the state. Never fails: events were checked when decided; an event that
/// does not fit (no open problem, say) leaves the state as it was.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::Enrolled { .. }
        | Event::InfluenceSpent { .. }
        | Event::InfluenceRewarded { .. }
        | Event::InfluenceGiven { .. } => influence(&mut state, event),
        Event::SessionStarted { .. }
        | Event::SceneEnded { .. }
        | Event::ScenarioEnded { .. }
        | Event::StrengthChanged { .. }
        | Event::TraitChanged { .. }
        | Event::ChangeExpired { .. } => session(&mut state, event),
        Event::GoalsPrepared { .. } | Event::GoalAdded { .. } | Event::GoalFulfilled { .. } => {
            goals(&mut state, event)
        }
        Event::ProblemIntroduced { .. }
        | Event::ProblemTakenOver { .. }
        | Event::OutcomeProposed { .. }
        | Event::EntryAdded { .. }
        | Event::EntriesMerged { .. }
        | Event::OddsFound { .. }
        | Event::DieRolled { .. }
        | Event::ProblemResolved { .. } => problem(&mut state, event),
    }
    state
}

/// A character enrolled, and influence spent, rewarded or given (L5).
fn influence(state: &mut State, event: &Event) {
    match event {
        Event::Enrolled { character } => {
            let member = Character::from_sheet(character, &state.options);
            state.characters.push(member);
        }
        Event::InfluenceSpent { who, left, .. } => {
            if who == GM {
                state.gm_influence = Some(*left);
            } else if let Some(c) = state.member_mut(who) {
                c.influence = *left;
            }
        }
        Event::InfluenceRewarded { who, now, .. } => {
            if let Some(c) = state.member_mut(who) {
                c.influence = *now;
            }
        }
        Event::InfluenceGiven {
            from,
            to,
            from_left,
            to_now,
            ..
        } => {
            if let Some(c) = state.member_mut(from) {
                c.influence = *from_left;
            }
            if let Some(c) = state.member_mut(to) {
                c.influence = *to_now;
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// Sessions, scenes and scenarios, strength and trait changes (L7, L8).
fn session(state: &mut State, event: &Event) {
    match event {
        Event::SessionStarted {
            number,
            gm_influence,
        } => {
            state.story.session = *number;
            state.story.session_problems = 0;
            state.gm_influence = *gm_influence;
        }
        Event::SceneEnded { .. } => state.story.scene = state.story.scene.saturating_add(1),
        Event::ScenarioEnded { .. } => {
            state.story.scenario = state.story.scenario.saturating_add(1);
            state.story.scene = 1;
        }
        Event::StrengthChanged { character, to, .. } => {
            if let Some(c) = state.member_mut(character) {
                c.strength = c.strength.map(|s| Strength { current: *to, ..s });
            }
        }
        Event::TraitChanged {
            character,
            trait_name,
            rating_change,
            harmful,
            lasts,
            from,
            to,
            cause,
        } => {
            let problem = match cause {
                crate::model::ChangeCause::Problem(n) => *n,
                crate::model::ChangeCause::Free(_) => 0,
            };
            let change = PlannedChange {
                trait_name: trait_name.clone(),
                rating_change: *rating_change,
                harmful: *harmful,
                lasts: *lasts,
                from: *from,
                to: *to,
            };
            if let Some(i) = state.characters.iter().position(|c| &c.name == character) {
                let member = state.characters[i].clone().with_change(&change, problem);
                state.characters[i] = member;
            }
        }
        Event::ChangeExpired {
            character, change, ..
        } => {
            if let Some(i) = state.characters.iter().position(|c| &c.name == character) {
                let member = state.characters[i].clone().without_change(change);
                state.characters[i] = member;
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// Goals prepared, added and fulfilled (L6).
fn goals(state: &mut State, event: &Event) {
    match event {
        Event::GoalsPrepared { by, goals } => {
            if by != GM {
                state.prepared.push(by.clone());
            }
            for goal in goals {
                state.goal_count = state.goal_count.max(goal.number);
                state.goals.push(goal.clone());
            }
        }
        Event::GoalAdded { goal } => {
            state.goal_count = state.goal_count.max(goal.number);
            state.goals.push(goal.clone());
        }
        Event::GoalFulfilled { goal, paid } => {
            for p in paid {
                if let Some(c) = state.member_mut(&p.who) {
                    c.influence = p.now;
                }
            }
            if goal.kind == GoalKind::Specific {
                state.goals.retain(|g| g.number != goal.number);
            }
            state.fulfilled.push(Fulfilled {
                goal: goal.clone(),
                paid: paid.clone(),
            });
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}

/// A problem from its introduction to its resolution: outcomes, tallies, odds and the die (L1-L4).
fn problem(state: &mut State, event: &Event) {
    match event {
        Event::ProblemIntroduced {
            number,
            scale,
            description,
            proposer,
            responders,
        } => {
            state.problems = *number;
            state.story.session_problems = state.story.session_problems.saturating_add(1);
            state.problem = Some(Problem {
                number: *number,
                scale: *scale,
                description: description.clone(),
                proposer: proposer.clone(),
                responders: responders.clone(),
                acting_gm: None,
                player: None,
                gm: None,
            });
        }
        Event::ProblemTakenOver { by, .. } => {
            if let Some(problem) = state.problem.as_mut() {
                problem.acting_gm = Some(by.clone());
            }
        }
        Event::OutcomeProposed { side, outcome } => {
            if let Some(problem) = state.problem.as_mut() {
                match side {
                    Side::Player => problem.player = Some(outcome.clone()),
                    Side::Gm => problem.gm = Some(outcome.clone()),
                }
            }
        }
        Event::EntryAdded { outcome, entry, .. } => {
            if let Some(o) = state.problem.as_mut().and_then(|p| p.outcome_mut(*outcome)) {
                o.tally.push(entry.clone());
            }
        }
        Event::EntriesMerged { outcome, entry, .. } => {
            if let Some(o) = state.problem.as_mut().and_then(|p| p.outcome_mut(*outcome)) {
                let ids: Vec<u32> = entry.merged.iter().map(|e| e.id).collect();
                let at = o
                    .tally
                    .iter()
                    .position(|e| ids.contains(&e.id))
                    .unwrap_or(o.tally.len());
                o.tally.retain(|e| !ids.contains(&e.id));
                let at = at.min(o.tally.len());
                o.tally.insert(at, entry.clone());
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
                let story = state.story;
                state.resolved.push(Resolved {
                    problem,
                    resolution,
                    story,
                });
            }
        }
        // Every other event is another group's (`apply` sends each to its own).
        _ => {}
    }
}
