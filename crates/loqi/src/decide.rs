//! [`decide`]: hands each command to the module whose rules it follows. Checks a command against the
//! table and the book, rolls what it needs, and returns the events, or the [`Error`] that refuses
//! it. Never changes state.

use crate::command::Command;
use crate::error::Error;
use crate::event::Event;
use crate::state::State;
use crate::{goals, influence, procedure, roster, story, tally};
use skald_dice::DiceSource;

/// Decides `command` against `state`, rolling from `dice` (only `resolve` rolls).
///
/// # Errors
/// [`Error`] naming the field, the value and what is allowed when the command breaks a rule, a
/// bound in [`crate::limits`], or the problem procedure's order; [`Error::Dice`] when a d12 cannot
/// be rolled; [`Error::NotAllowed`] on `options` when the table was built with options out of range.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    state
        .options
        .validate()
        .map_err(|why| Error::not_allowed("options", why, "options within their ranges"))?;
    match command {
        Command::Enroll { character } => roster::enroll(state, character),
        Command::ChangeTrait {
            character,
            trait_name,
            rating,
            harmful,
            reason,
            approved,
        } => roster::change_trait(
            state,
            roster::FreeChange {
                character,
                trait_name,
                rating: *rating,
                harmful: *harmful,
                reason,
                approved: *approved,
            },
        ),
        Command::StartSession {} => story::start_session(state),
        Command::EndScene { recovery } => story::end_scene(state, *recovery),
        Command::EndScenario {} => story::end_scenario(state),
        Command::IntroduceProblem {
            scale,
            description,
            proposer,
            responder,
            responders,
        } => procedure::introduce(
            state,
            *scale,
            description,
            proposer,
            responder.as_deref(),
            responders.as_deref(),
        ),
        Command::TakeOver { who } => procedure::take_over(state, who),
        Command::ProposeOutcome {
            outcome,
            description,
            impact,
            by,
            actors,
            action,
            consequences,
        } => procedure::propose(
            state,
            procedure::Proposal {
                side: *outcome,
                description,
                impact: *impact,
                by: by.as_deref(),
                actors: actors.as_deref(),
                action: *action,
                consequences,
            },
        ),
        Command::AddTrait {
            outcome,
            character,
            trait_name,
            along,
            by,
            reason,
            value,
        } => tally::add_trait(
            state,
            tally::TraitRequest {
                outcome: *outcome,
                character,
                trait_name,
                along: *along,
                by,
                reason,
                value: *value,
            },
        ),
        Command::AddModifier {
            outcome,
            kind,
            value,
            by,
            reason,
        } => tally::add_modifier(state, *outcome, *kind, *value, by, reason),
        Command::SpendInfluence {
            outcome,
            who,
            points,
            reason,
        } => tally::spend_influence(state, *outcome, who, *points, reason.as_deref()),
        Command::MergeEntries {
            outcome,
            entries,
            value,
            by,
            reason,
        } => tally::merge_entries(
            state,
            tally::MergeRequest {
                outcome: *outcome,
                entries,
                value: *value,
                by,
                reason,
            },
        ),
        Command::Resolve {} => procedure::resolve_problem(state, dice),
        Command::Reward {
            who,
            points,
            reason,
        } => influence::reward(state, who, *points, reason),
        Command::GiveInfluence {
            from,
            to,
            points,
            reason,
        } => influence::give(state, from, to, *points, reason),
        Command::PrepareGoals { by, goals } => goals::prepare_goals(state, by, goals),
        Command::AddGoal {
            by,
            text,
            kind,
            rating,
            at,
            approved,
        } => goals::add_goal(
            state,
            goals::GoalRequest {
                by,
                text,
                kind: *kind,
                rating: *rating,
                at: *at,
                approved: *approved,
            },
        ),
        Command::FulfilGoal { goal, who } => goals::fulfil_goal(state, *goal, who),
    }
}
