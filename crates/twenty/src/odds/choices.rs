//! Before a participant acts: its chance of being ahead after the exchange for each choice it has.
//!
//! The model (stated in `docs/twenty.md`): each choice is one eligible trait, stat, item or obligation
//! (unused in this conflict, not broken, at least as many unchecked boxes as the exchange's number,
//! T2), bringing in one d20 per unchecked box, or standing (no dice). Every other participant still in
//! that has not acted yet this exchange and can act brings in its largest eligible trait (the most dice),
//! or stands if it has none; those who already acted, stand forced or surrendered add nothing. In a
//! healing conflict the GM's side rolls one d20 per burden box when the healer brings in dice after its
//! first time (T8). Burden dice (T6) are not foreseen. "Ahead" is strictly winning by T3; with
//! allies still in (T13), it is the side's: one of its pools ahead of every opponent's.

use super::ahead::p_ahead;
use super::sides::p_side_ahead;
use crate::error::{Error, Idle};
use crate::limits::MAX_WORK;
use crate::model::{Conflict, GM, Participant, State};
use skald_dice::odds::Fraction;

/// One choice and its chance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChoiceOdds {
    /// The trait, stat, item or obligation brought in; `None` for standing.
    pub bring_in: Option<String>,
    /// How many d20 it rolls.
    pub dice: u32,
    /// P(ahead of every other participant after the exchange), exact; for a participant with
    /// allies still in (T13), P(its side ahead of every other side): one of the side's pools
    /// ahead of every opponent's.
    pub p_ahead: Fraction,
}

/// The eligible choices of `who` in the conflict in progress, each with its exact chance.
///
/// # Errors
/// [`Error::NoConflict`], [`Error::NotAParticipant`], [`Error::UnknownCharacter`];
/// [`Error::CannotAct`] when `who` cannot act now; [`Error::Odds`] when the odds are beyond their bounds.
pub fn exchange_choices(state: &State, who: &str) -> Result<Vec<ChoiceOdds>, Error> {
    choices_within(state, who, MAX_WORK)
}

/// Whether [`exchange_choices`] has choices for `who` at `state`: a conflict is in progress and
/// `who` takes part and may act in its exchange. Cheap: no chance is computed.
pub fn choosable(state: &State, who: &str) -> bool {
    chooser(state, who).is_ok()
}

/// The conflict and `who`'s part in it, once `who` may act in its exchange.
fn chooser<'s>(state: &'s State, who: &str) -> Result<(&'s Conflict, &'s Participant), Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    let me = conflict.taking_part(who)?;
    if !me.can_act() || me.acted_in == conflict.exchange {
        return Err(Error::CannotAct {
            who: who.to_string(),
            exchange: conflict.exchange,
            because: Idle::Waiting,
        });
    }
    Ok((conflict, me))
}

/// [`exchange_choices`], the walks of a side of several bounded by `budget` units of work in all,
/// shared equally by the choices ([`p_side_ahead`]; a side of one is bounded by [`p_ahead`]'s own
/// bounds).
///
/// # Errors
/// As [`exchange_choices`].
pub(super) fn choices_within(
    state: &State,
    who: &str,
    budget: u64,
) -> Result<Vec<ChoiceOdds>, Error> {
    let (conflict, me) = chooser(state, who)?;
    let exchange = conflict.exchange;
    let largest_eligible = |name: &str, used: &[String]| -> u32 {
        state.character(name).map_or(0, |c| {
            c.rollables()
                .filter(|t| t.unchecked() >= exchange && !t.broken && !used.contains(&t.name))
                .map(|t| t.unchecked())
                .max()
                .unwrap_or(0)
        })
    };
    let healing_gm_dice = conflict
        .healing
        .as_ref()
        .filter(|h| h.healer == who && !me.rolls.is_empty())
        .map(|h| {
            state
                .character(&h.patient)
                .and_then(|c| c.burden(&h.burden))
                .map_or(0, |b| b.boxes.len() as u32)
        });
    // T13: allies still in are my side; everyone else still in is an opponent.
    let allies = conflict.allies_in(who);
    let others_for = |i_bring: bool, mine: bool| -> Vec<(Vec<u32>, u32)> {
        conflict
            .participants
            .iter()
            .filter(|p| p.who != who && p.is_in() && allies.contains(&p.who) == mine)
            .map(|p| {
                let new = if p.who == GM && conflict.healing.is_some() {
                    if i_bring {
                        healing_gm_dice.unwrap_or(0)
                    } else {
                        0
                    }
                } else if p.can_act() && p.acted_in < exchange {
                    largest_eligible(&p.who, &p.used)
                } else {
                    0
                };
                (p.pool.clone(), new)
            })
            .collect()
    };
    let character = state
        .character(who)
        .ok_or_else(|| Error::UnknownCharacter(who.to_string()))?;
    let mut options: Vec<(Option<String>, u32)> = character
        .rollables()
        .filter(|t| t.unchecked() >= exchange && !t.broken && !me.used.contains(&t.name))
        .map(|t| (Some(t.name.clone()), t.unchecked()))
        .collect();
    options.push((None, 0));
    // A side's walks share the budget, choice by choice.
    let each = budget / options.len() as u64;
    options
        .into_iter()
        .map(|(bring_in, dice)| {
            let opponents = others_for(dice > 0, false);
            let p = if allies.is_empty() {
                p_ahead(&me.pool, dice, &opponents)
            } else {
                let mut side = vec![(me.pool.clone(), dice)];
                side.extend(others_for(dice > 0, true));
                p_side_ahead(&side, &opponents, each)
            }
            .map_err(Error::Odds)?;
            Ok(ChoiceOdds {
                bring_in,
                dice,
                p_ahead: p,
            })
        })
        .collect()
}

/// The model in words, for summaries.
pub(super) const MODEL: &str =
    "assuming everyone yet to act brings in its largest eligible trait (burden dice not foreseen)";

/// A copy of `state` in which `who` may bring in only `keep` (or nothing), so that
/// [`exchange_choices`] weighs just that choice and standing.
pub(super) fn only(state: &State, who: &str, keep: Option<&str>) -> State {
    let mut copy = state.clone();
    let names: Vec<String> = copy
        .character(who)
        .map(|c| {
            c.rollables()
                .map(|t| t.name.clone())
                .filter(|n| Some(n.as_str()) != keep)
                .collect()
        })
        .unwrap_or_default();
    if let Some(p) = copy.conflict.as_mut().and_then(|k| k.participant_mut(who)) {
        p.used.extend(names);
    }
    copy
}

/// Others still in, besides `who`: the `k` of the walk.
pub(super) fn others_in(conflict: &Conflict, who: &str) -> usize {
    conflict
        .participants
        .iter()
        .filter(|p| p.who != who && p.is_in())
        .count()
}

/// Whether `who` has allies still in (T13): its odds are then its side's.
pub(super) fn has_allies(conflict: &Conflict, who: &str) -> bool {
    !conflict.allies_in(who).is_empty()
}
