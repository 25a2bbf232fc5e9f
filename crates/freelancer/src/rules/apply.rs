//! The fold: [`apply()`] folds one Freelancer event into the [`State`]. Never fails: an event is a
//! checked fact.

use crate::limits::MAX_ROUND_CHECKS;
use crate::model::event::Event;
use crate::model::scene::{Round, Scene};
use crate::model::sheet::Character;
use crate::model::state::State;

fn with_sheet(state: &mut State, who: &str, change: impl FnOnce(&mut Character)) {
    if let Some(sheet) = state.characters.get_mut(who) {
        change(sheet);
    }
}

fn with_round(state: &mut State, change: impl FnOnce(&mut Round)) {
    if let Some(round) = state.scene.as_mut().and_then(|s| s.round.as_mut()) {
        change(round);
    }
}

/// Empties what the board remembers of a round: a new round begins, or the event ends.
fn forget_round(state: &mut State) {
    state.turns.clear();
    state.round_checks.clear();
    state.round_checks_dropped = 0;
}

/// Folds `event` into `state`. Never fails: events were checked when decided.
pub fn apply(mut state: State, event: &Event) -> State {
    match event {
        Event::Enrolled { character } => {
            state
                .characters
                .insert(character.name.clone(), character.clone());
        }
        Event::TaskChecked(_)
        | Event::TeamLifted(_)
        | Event::ChanceChecked(_)
        | Event::OpposedChecked(_) => {
            state.checks = state.checks.saturating_add(1);
            state.last = Some(event.clone());
            if state.scene.as_ref().is_some_and(|s| s.round.is_some()) {
                if state.round_checks.len() >= MAX_ROUND_CHECKS {
                    state.round_checks.remove(0);
                    state.round_checks_dropped = state.round_checks_dropped.saturating_add(1);
                }
                state.round_checks.push(event.clone());
            }
        }
        Event::DiceRolled(roll) => state.last_dice = Some(roll.clone()),
        Event::Awarded(award) => {
            for who in &award.who {
                with_sheet(&mut state, who, |sheet| {
                    sheet.xp = sheet.xp.saturating_add(award.xp);
                    sheet.ap = sheet.ap.saturating_add(award.ap);
                });
                state
                    .awards
                    .entry(who.clone())
                    .or_default()
                    .push(award.clone());
            }
        }
        Event::LeveledUp { who, level, ap, .. } => with_sheet(&mut state, who, |sheet| {
            sheet.level = *level;
            sheet.ap = sheet.ap.saturating_add(*ap);
        }),
        Event::RatingSet {
            who, rating, value, ..
        } => with_sheet(&mut state, who, |sheet| {
            sheet.ratings.insert(*rating, *value);
        }),
        Event::FormulaSet {
            stat,
            formula: Some(formula),
            ..
        } => {
            state.formulas.insert(*stat, formula.clone());
        }
        Event::FormulaSet {
            stat,
            formula: None,
            ..
        } => {
            state.formulas.remove(stat);
        }
        Event::VocationChanged { who, to, .. } => with_sheet(&mut state, who, |sheet| {
            sheet.vocation = Some(*to);
        }),
        Event::ApSpent {
            who,
            ability,
            ap_left,
            ..
        } => with_sheet(&mut state, who, |sheet| {
            sheet.ap = *ap_left;
            sheet.abilities.push(ability.clone());
        }),
        Event::Rested { who } => state.resting.extend(who.iter().cloned()),
        Event::RestEnded { who } => {
            for name in who {
                state.resting.remove(name);
            }
        }
        Event::SafeAreaEntered { place } => state.safe_area = Some(place.clone()),
        Event::SafeAreaLeft { .. } => state.safe_area = None,
        Event::EventStarted { name, who, method } => {
            state.scene = Some(Scene {
                name: name.clone(),
                participants: who.clone(),
                method: *method,
                rounds: 0,
                declared: Vec::new(),
                round: None,
            });
        }
        Event::TotalActionDeclared { who, .. } => {
            if let Some(scene) = state.scene.as_mut() {
                scene.declared.push(who.clone());
            }
        }
        Event::InitiativeRolled(initiative) => {
            forget_round(&mut state);
            if let Some(scene) = state.scene.as_mut() {
                scene.rounds = initiative.round;
                scene.declared.clear();
                scene.round = Some(Round {
                    number: initiative.round,
                    rolls: initiative.rolls.clone(),
                    total_actions: initiative.total_actions.clone(),
                    slowest: initiative.slowest,
                    order: initiative.order.clone(),
                    next: 0,
                });
            }
        }
        Event::Divided(division) => with_round(&mut state, |round| {
            round.order = division.order.clone();
        }),
        Event::Acted(turn) => {
            state.turns.push(turn.clone());
            with_round(&mut state, |round| {
                round.next = round.next.saturating_add(1);
            });
        }
        Event::EventEnded { .. } => {
            forget_round(&mut state);
            state.scene = None;
            state.events_finished = state.events_finished.saturating_add(1);
        }
    }
    state
}
