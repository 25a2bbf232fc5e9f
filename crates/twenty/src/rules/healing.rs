//! The healing conflict (T8; the book's "Removing Burdens"): its set-up against one of a patient's
//! burdens, the GM's new dice each later time the healer brings in dice, and what the end does to
//! the burden. Opening it is `conflict.rs` (`start_healing`), as for any conflict.

use super::checks::living;
use super::dice::roll_d20s;
use super::disabled::check_disabled;
use super::log::Log;
use crate::error::Error;
use crate::model::{Conflict, Event, GM, Healing, State};
use skald_core::DiceSource;

/// The set-up of a healing conflict: `healer` (the patient or someone else) against the GM's side,
/// whose first pool is the box values of `patient`'s burden `burden` (T8).
///
/// # Errors
/// [`Error::UnknownCharacter`]; [`Error::Rule`] for a dead healer or patient (T7), a burden the
/// patient does not carry, or a disabled healer (who would lose at once, T7).
pub(super) fn set_up(
    state: &State,
    healer: &str,
    patient: &str,
    burden: &str,
    worsen_on_loss: bool,
) -> Result<Healing, Error> {
    let healer_c = living(state, healer)?;
    let patient_c = living(state, patient)?;
    let Some(b) = patient_c.burden(burden) else {
        let names = patient_c
            .burdens
            .iter()
            .map(|b| b.name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Error::Rule(format!(
            "{patient} has no burden named {burden:?} (has: {names})"
        )));
    };
    if healer_c.disabled_by().is_some() {
        return Err(Error::Rule(format!(
            "{healer} is disabled and would lose at once (T7)"
        )));
    }
    Ok(Healing {
        healer: healer.to_string(),
        patient: patient.to_string(),
        burden: burden.to_string(),
        boxes: b.boxes.clone(),
        worsen_on_loss,
    })
}

/// T8: each later time the healer brings in dice (not the first), the GM rolls one new d20 per box
/// of the burden (`first_time`: this is the healer's first bring-in of the conflict).
///
/// # Errors
/// [`Error::Dice`].
pub(super) fn gm_rolls(
    log: &mut Log,
    state: &State,
    conflict: &Conflict,
    who: &str,
    first_time: bool,
    dice: &mut dyn DiceSource,
) -> Result<(), Error> {
    if let Some(healing) = conflict
        .healing
        .as_ref()
        .filter(|h| h.healer == who && !first_time)
    {
        let boxes = state
            .character(&healing.patient)
            .and_then(|c| c.burden(&healing.burden))
            .map_or(0, |b| b.boxes.len());
        let gm = roll_d20s(dice, boxes as u32)?;
        log.push(Event::GmRolled { dice: gm });
    }
    Ok(())
}

/// T8, once a healing conflict has ended with `winner`: a healer who won removes one box of the
/// burden per die of its pool at or above the GM's highest die, highest values first; a healer who
/// lost sees the GM's highest die added to the burden as a new box (when the set-up says the GM
/// does), which may disable the patient (T7).
pub(super) fn outcome(log: &mut Log, conflict: &Conflict, winner: &str) -> Result<(), Error> {
    if let Some(healing) = &conflict.healing {
        let gm_highest = conflict
            .participant(GM)
            .and_then(|p| p.pool.first().copied())
            .unwrap_or(0);
        let burden_now = log
            .state
            .character(&healing.patient)
            .and_then(|c| c.burden(&healing.burden))
            .cloned();
        let Some(burden) = burden_now else {
            return Ok(());
        };
        if winner == healing.healer {
            let healer_pool = conflict
                .participant(&healing.healer)
                .map(|p| p.pool.clone())
                .unwrap_or_default();
            let count = healer_pool.iter().filter(|d| **d >= gm_highest).count();
            let mut boxes = burden.boxes.clone();
            boxes.sort_unstable_by(|a, b| b.cmp(a));
            let removed: Vec<u32> = boxes.into_iter().take(count).collect();
            if !removed.is_empty() {
                log.push(Event::BurdenHealed {
                    who: healing.patient.clone(),
                    burden: healing.burden.clone(),
                    removed,
                });
            }
        } else if healing.worsen_on_loss && gm_highest > 0 {
            log.push(Event::BurdenWorsened {
                who: healing.patient.clone(),
                burden: healing.burden.clone(),
                added: gm_highest,
            });
            check_disabled(log, &healing.patient.clone());
        }
    }
    Ok(())
}
