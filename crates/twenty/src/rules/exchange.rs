//! An exchange (T2; the book's "Conflicts"): bringing a trait, stat, special item or obligation in,
//! one d20 per unchecked box, or standing on the pool. What follows (the exchange's end, the next,
//! the conflict's end) is `conflict.rs`.

use super::conflict::follow_up_picking;
use super::dice::roll_d20s;
use super::equipment::breakage;
use super::healing;
use super::log::Log;
use crate::error::{Error, GmAct};
use crate::model::{Conflict, Event, GM, StandReason, State};
use skald_core::DiceSource;

/// `bring_in`: `who` brings `trait_name` into the current exchange: one d20 per unchecked box, then
/// one box is checked (T2). A 1 among the dice forces a stand for the rest of the conflict (T2); an
/// item breaks on a 1 or an opponent's 20 (T9, when the table plays it); in a healing conflict the
/// GM then rolls (T8).
///
/// # Errors
/// Those of [`acting`]; [`Error::HealingPick`] for `remove`, a healer's picks of the burden boxes
/// to remove should this bring-in end the conflict (T8); [`Error::UnknownTrait`],
/// [`Error::AlreadyUsed`], [`Error::TooFewBoxes`] (fewer unchecked boxes than the exchange's
/// number); [`Error::Broken`] for a broken item (T9); [`Error::Dice`], [`Error::TieUnbroken`].
pub(super) fn bring_in(
    state: &State,
    who: &str,
    trait_name: &str,
    remove: &[u32],
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let conflict = acting(state, who)?;
    healing::check_picks(state, conflict, who, remove, false)?;
    let exchange = conflict.exchange;
    let character = state
        .character(who)
        .ok_or_else(|| Error::UnknownCharacter(who.to_string()))?;
    let Some(chosen) = character.rollable(trait_name) else {
        let available = character
            .rollables()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Error::UnknownTrait {
            who: who.to_string(),
            name: trait_name.to_string(),
            available,
        });
    };
    let participant = conflict.taking_part(who)?;
    if participant.used.iter().any(|u| u == trait_name) {
        return Err(Error::AlreadyUsed {
            who: who.to_string(),
            name: trait_name.to_string(),
        });
    }
    if chosen.broken {
        return Err(Error::Broken {
            who: who.to_string(),
            item: trait_name.to_string(),
        });
    }
    if chosen.unchecked() < exchange {
        return Err(Error::TooFewBoxes {
            who: who.to_string(),
            name: trait_name.to_string(),
            unchecked: chosen.unchecked(),
            exchange,
        });
    }
    let rolled = roll_d20s(dice, chosen.unchecked())?;
    let rolled_one = rolled.contains(&1);
    let rolled_twenty = rolled.contains(&20);
    let is_item = character.is_item(trait_name);
    let first_time = participant.rolls.is_empty();
    let mut log = Log::new(state);
    log.push(Event::BroughtIn {
        who: who.to_string(),
        trait_name: trait_name.to_string(),
        exchange,
        dice: rolled,
    });
    if rolled_one {
        log.push(Event::ForcedToStand {
            who: who.to_string(),
            reason: StandReason::RolledOne,
        });
    }
    if log.state.options.equipment_breaking {
        breakage(
            &mut log,
            who,
            trait_name,
            exchange,
            is_item,
            rolled_one,
            rolled_twenty,
        );
    }
    healing::gm_rolls(&mut log, state, conflict, who, first_time, dice)?;
    follow_up_picking(log, dice, remove)
}

/// `stand`: `who` stands on its pool for this exchange, and may come back later (T2). A healer's
/// stand ends a healing conflict (the GM never acts on its own, T8): `remove`, its picks of the
/// burden boxes to remove, are checked against the boxes the dice earn.
///
/// # Errors
/// Those of [`acting`]; [`Error::HealingPick`] (T8); [`Error::Dice`], [`Error::TieUnbroken`] when
/// the conflict ends.
pub(super) fn stand(
    state: &State,
    who: &str,
    remove: &[u32],
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let conflict = acting(state, who)?;
    healing::check_picks(state, conflict, who, remove, true)?;
    let exchange = conflict.exchange;
    let mut log = Log::new(state);
    log.push(Event::Stood {
        who: who.to_string(),
        exchange,
    });
    follow_up_picking(log, dice, remove)
}

/// The conflict in progress, once `who` is known to be able to act in the current exchange.
fn acting<'s>(state: &'s State, who: &str) -> Result<&'s Conflict, Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    let participant = conflict.taking_part(who)?;
    if who == GM && conflict.healing.is_some() {
        return Err(Error::GmSide(GmAct::Roll));
    }
    if !participant.is_in() {
        return Err(Error::Surrendered(who.to_string()));
    }
    if !participant.can_act() {
        return Err(Error::MustStand(who.to_string()));
    }
    if participant.acted_in == conflict.exchange {
        return Err(Error::AlreadyActed {
            who: who.to_string(),
            exchange: conflict.exchange,
        });
    }
    Ok(conflict)
}
