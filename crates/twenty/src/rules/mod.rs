//! Deciding and folding: the logic over the model (T1-T14).
//!
//! [`decide`] checks every rule of a command against the state, rolls the dice it needs, and
//! returns its events, or an [`Error`] and nothing else; [`apply`] folds one event in. One file per
//! group of commands, named by the book's terms:
//!
//! - `sheets.rs`: `add_character` (T1, T12).
//! - `catalogue.rs`: `define_trait` (T12), and the catalogue's own rules: reading and checking a
//!   table file, merging, unlocking traits, an elite key's prerequisites (T1, T10).
//! - `conflict.rs`: `start_conflict`, `start_healing`, `surrender` (T2, T4, T7, T8), and the
//!   conflict's course that follows every command in it: exchanges end and begin, the end, deaths.
//! - `exchange.rs`: `bring_in`, `stand` (T2).
//! - `burdens.rs`: `take_burden`, `use_burden` (T5, T6).
//! - `equipment.rs`: `repair`, and items breaking (T9).
//! - `goals.rs`: `minor_goal`, `major_goal`, `rest` (T10).
//! - `obligations.rs`: `grant_obligation`, `end_obligation` (T11).
//!
//! and one file per job more than one group needs: `pool.rs` (comparing pools, who is winning, the
//! narration order, T3), `disabled.rs` (T7), `healing.rs` (the healing conflict's own rules, T8),
//! `checks.rs` (a text's length, a living character, no conflict in progress), `dice.rs` (rolling
//! d20s), `log.rs` (the events so far and the state they fold to), `apply.rs` (the fold).

mod apply;
mod burdens;
mod catalogue;
mod checks;
mod conflict;
mod dice;
mod disabled;
mod equipment;
mod exchange;
mod goals;
mod healing;
mod log;
mod obligations;
mod pool;
mod sheets;

pub use apply::apply;
pub(crate) use healing::boxes_and_earned;
pub use pool::{compare_pools, narration_order};

use crate::error::Error;
use crate::model::{Command, Event, State};
use skald_core::DiceSource;

/// The events `command` produces at `state`, rolling from `dice` (the core's `System::decide`): the
/// command's own events, then, for a command in a conflict, the conflict's course (an exchange
/// ends, the next begins, the conflict ends, deaths and a healing's outcome follow).
///
/// # Errors
/// An [`Error`] naming the rule broken, the field and the value; nothing is changed then, and any
/// dice already drawn are thrown away with the command.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    match command {
        Command::AddCharacter { character } => sheets::add_character(state, character),
        Command::DefineTrait {
            name,
            description,
            open,
        } => catalogue::define_trait(state, name, description, *open),
        Command::StartConflict { participants } => {
            conflict::start_conflict(state, participants, dice)
        }
        Command::StartHealing {
            healer,
            patient,
            burden,
            worsen_on_loss,
        } => conflict::start_healing(state, healer, patient, burden, *worsen_on_loss, dice),
        Command::BringIn {
            who,
            trait_name,
            remove,
        } => exchange::bring_in(state, who, trait_name, remove, dice),
        Command::UseBurden {
            who,
            of,
            burden,
            value,
        } => burdens::use_burden(state, who, of, burden, *value, dice),
        Command::Stand { who, remove } => exchange::stand(state, who, remove, dice),
        Command::Surrender { who } => conflict::surrender(state, who, dice),
        Command::TakeBurden {
            who,
            from,
            boxes,
            name,
        } => burdens::take_burden(state, who, from, *boxes, name, dice),
        Command::Repair { who, item } => equipment::repair(state, who, item),
        Command::MinorGoal { who, goal, uncheck } => goals::minor_goal(state, who, goal, uncheck),
        Command::MajorGoal { who, goal, reward } => goals::major_goal(state, who, goal, reward),
        Command::Rest { who, uncheck } => goals::rest(state, who, uncheck),
        Command::GrantObligation {
            granter,
            trait_name,
            boxes,
            grantee,
            as_trait,
            service,
        } => obligations::grant(
            state, granter, trait_name, *boxes, grantee, as_trait, service,
        ),
        Command::EndObligation {
            grantee,
            trait_name,
            reason,
        } => obligations::end(state, grantee, trait_name, *reason),
    }
}
