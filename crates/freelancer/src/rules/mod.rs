//! Deciding a Freelancer command: every rule checked against the state, dice rolled only through the
//! [`DiceSource`] handed in, giving events or a [`Error`]. Pure.
//!
//! [`decide`] is one `match` calling the file of the command's group: [`checks`] task, team,
//! chance and opposed checks (F1-F4); [`sheets`] enrolment, awards, levels, ratings, vocations, AP,
//! rests and safe areas (F7, F8); [`events`] events, initiative, divided turns and turns taken
//! (F5-F7); [`rolls`] the dice besides the d100, each with its Crit or Botch (F1). The jobs more
//! than one group needs, one file each: [`task_check`] (equalizing, bands,
//! outcomes: F1-F3), [`opposed`] (F4), [`adjust`] (F4), [`initiative`] (F5-F7), [`order`] (turn
//! order and ties, F5), [`stats`] (effective ratings, F8), [`formula`] (a stat formula's value, F8), [`formula_parse`] (reading a stat formula, F8), [`number`] (a number as written against
//! its bounds), [`lookup`] (a character or rating named by a command), [`dice`] (the d100, F1).
//! [`apply()`] is the fold.

pub mod adjust;
pub mod apply;
pub mod chances;
pub mod checks;
pub mod dice;
pub mod events;
pub mod formula;
pub mod formula_parse;
pub mod initiative;
pub mod lookup;
pub mod number;
pub mod opposed;
pub mod order;
pub mod rolls;
pub mod sheets;
pub mod stats;
pub mod task_check;

pub use apply::apply;

use crate::error::Error;
use crate::model::command::Command;
use crate::model::event::Event;
use crate::model::state::State;
use skald_dice::DiceSource;

/// Decides `command` against `state` (see [`Command`] for each command's errors and dice).
///
/// # Errors
/// [`Error`] naming the field, the value and what is allowed, and the ruling for a rule.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    match command {
        Command::Enroll { character } => sheets::enroll(state, character),
        Command::TaskCheck {
            who,
            rating,
            difficulty,
            opponent,
            opponent_rating,
            adjust,
            against,
            roll_anyway,
        } => {
            let request = checks::TaskRequest {
                who,
                rating,
                difficulty: difficulty.as_ref(),
                opponent: opponent.as_deref(),
                opponent_rating: *opponent_rating,
                adjust,
                against: against.as_deref(),
                roll_anyway: *roll_anyway,
            };
            checks::task_check(state, &request, dice)
        }
        Command::TeamLift {
            who,
            difficulty,
            roller,
            against,
            roll_anyway,
        } => checks::team_lift(
            state,
            who,
            difficulty.as_ref(),
            roller.as_ref(),
            against.as_deref(),
            *roll_anyway,
            dice,
        ),
        Command::ChanceCheck {
            who,
            chance,
            against,
        } => checks::chance_check(state, who, chance, against.as_deref(), dice),
        Command::OpposedCheck {
            a,
            b,
            method,
            against,
        } => checks::opposed_check(state, a, b, *method, against.as_deref(), dice),
        Command::RollDie {
            die,
            count,
            who,
            what,
        } => rolls::roll_die(
            state,
            die,
            count.as_ref(),
            who.as_deref(),
            what.as_deref(),
            dice,
        ),
        Command::Award {
            who,
            xp,
            ap,
            reason,
        } => sheets::award(state, who, xp.as_ref(), ap.as_ref(), reason),
        Command::LevelUp { who, reason } => sheets::level_up(state, who, reason.as_deref()),
        Command::SetRating {
            who,
            rating,
            value,
            reason,
        } => sheets::set_rating(state, who, *rating, value, reason),
        Command::SetFormula { stat, formula } => {
            sheets::set_formula(state, *stat, formula.as_deref())
        }
        Command::ChangeVocation { who, vocation } => sheets::change_vocation(state, who, vocation),
        Command::SpendAp {
            who,
            ability,
            path,
            cost,
        } => sheets::spend_ap(state, who, ability, path, cost),
        Command::Rest { who } => sheets::rest(state, who.as_deref()),
        Command::EndRest { who } => sheets::end_rest(state, who.as_deref()),
        Command::EnterSafeArea { place } => sheets::enter_safe_area(state, place),
        Command::LeaveSafeArea {} => sheets::leave_safe_area(state),
        Command::StartEvent { name, who } => events::start(state, name, who),
        Command::DeclareTotalAction { who } => events::declare_total_action(state, who),
        Command::Initiative { total_actions } => events::initiative(state, total_actions, dice),
        Command::Divide { who, actions } => events::divide(state, who, actions, dice),
        Command::Act {
            who,
            full,
            empty,
            what,
        } => events::act(state, who, full.as_ref(), empty.as_ref(), what.as_deref()),
        Command::EndEvent {} => events::end(state),
    }
}
