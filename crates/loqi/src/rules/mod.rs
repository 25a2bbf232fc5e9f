//! Deciding and folding: the logic over the [`crate::model`].
//!
//! [`decide`] hands each command to the file of its group, which checks it against the table and the
//! book, rolls what it needs and returns the events, or the [`Error`] that refuses it; it never
//! changes state. [`apply()`] folds an event into the state.
//!
//! The groups, by the book's terms: [`roster`] (enrolling and free trait changes; book: Making
//! Characters, Changing A Character), [`problem`] (introducing, taking over, proposing and
//! resolving a problem; book: Problems, Resolving Problems; L3-L5), [`tally`] (the likelihood
//! entries: traits, modifiers, influence spent, merges; L1, L2, L5, L8), [`influence`] (rewards and
//! gifts; L5), [`goals`] (L6), [`story`] (sessions, scenes, scenarios). Shared jobs: [`checks`]
//! (look-ups every group needs), [`options`] (the table options' checks), [`sheets`] (a sheet's bounds), [`traits`] (a character's traits
//! now and the checked trait changes; book: Trait Change), [`consequence`] (checking and making an
//! outcome's consequences; L7, L8), [`impact`] (the L7 calculators), [`strength`] (the L8 table),
//! [`chances`](mod@chances) (advantage, odds and exact chances; L3, L4), [`resolution`] (the d12
//! rolls; L3, L4).

pub mod apply;
pub mod chances;
pub mod checks;
pub mod consequence;
pub mod goals;
pub mod impact;
pub mod influence;
pub mod options;
pub mod problem;
pub mod resolution;
pub mod roster;
pub mod sheets;
pub mod story;
pub mod strength;
pub mod tally;
pub mod traits;

pub use apply::{apply, initial};

use crate::error::Error;
use crate::model::{Command, Event, State};
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
        } => problem::introduce(
            state,
            *scale,
            description,
            proposer,
            responder.as_deref(),
            responders.as_deref(),
        ),
        Command::TakeOver { who } => problem::take_over(state, who),
        Command::ProposeOutcome {
            outcome,
            description,
            impact,
            by,
            actors,
            action,
            consequences,
        } => problem::propose(
            state,
            problem::Proposal {
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
        Command::Resolve {} => problem::resolve_problem(state, dice),
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
