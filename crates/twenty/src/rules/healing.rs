//! The healing conflict (T8; the book's "Removing Burdens"): its set-up against one of a patient's
//! burdens, the GM's new dice each later time the healer brings in dice, the healer's picks of which
//! boxes go, and what the end does to the burden. Opening it is `conflict.rs` (`start_healing`), as for any conflict.

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
/// [`Error::UnknownCharacter`]; [`Error::Dead`] for a dead healer or patient (T7);
/// [`Error::NoBurden`] for a burden the patient does not carry; [`Error::Disabled`] for a disabled
/// healer (who would lose at once, T7).
pub(super) fn set_up(
    state: &State,
    healer: &str,
    patient: &str,
    burden: &str,
    worsen_on_loss: bool,
) -> Result<Healing, Error> {
    let healer_c = living(state, "healer", healer)?;
    let patient_c = living(state, "patient", patient)?;
    let Some(b) = patient_c.burden(burden) else {
        let names = patient_c
            .burdens
            .iter()
            .map(|b| b.name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Error::NoBurden {
            field: "burden",
            who: patient.to_string(),
            name: burden.to_string(),
            carried: names,
        });
    };
    if healer_c.disabled_by().is_some() {
        return Err(Error::Disabled {
            field: "healer",
            who: healer.to_string(),
        });
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

/// The picks written as a list: `[17, 15]`.
fn written(values: &[u32]) -> String {
    let each: Vec<String> = values.iter().map(u32::to_string).collect();
    format!("[{}]", each.join(", "))
}

/// The boxes of the burden a healing conflict is about, and how many the healer's pool earns now:
/// one per healer die at or above the GM's highest (T8). The moves offer these boxes to pick from.
pub(crate) fn boxes_and_earned(
    state: &State,
    conflict: &Conflict,
    healing: &Healing,
) -> (Vec<u32>, usize) {
    let boxes = state
        .character(&healing.patient)
        .and_then(|c| c.burden(&healing.burden))
        .map(|b| b.boxes.clone())
        .unwrap_or_default();
    let gm_highest = conflict
        .participant(GM)
        .and_then(|p| p.pool.first().copied())
        .unwrap_or(0);
    let earned = conflict
        .participant(&healing.healer)
        .map_or(0, |p| p.pool.iter().filter(|d| **d >= gm_highest).count());
    (boxes, earned)
}

/// T8, the healer picks which burden boxes go: checks `remove`, the picks sent with `who`'s
/// `bring_in` or `stand`, before anything is rolled. Each pick must name a box of the burden being
/// healed (a value picked twice needs two boxes of it). `stand_ends`: the command is a stand, which
/// ends a healing conflict on the dice already rolled, so the picks may be at most the boxes those
/// dice earn; a bring-in's dice are not rolled yet, so its picks beyond what they earn go unused.
///
/// # Errors
/// [`Error::HealingPick`] naming `remove`: picks from anyone but the healer of a healing conflict in
/// progress; a value with no (more) box of it; more picks than a stand's dice earn.
pub(super) fn check_picks(
    state: &State,
    conflict: &Conflict,
    who: &str,
    remove: &[u32],
    stand_ends: bool,
) -> Result<(), Error> {
    if remove.is_empty() {
        return Ok(());
    }
    let value = written(remove);
    let Some(healing) = conflict.healing.as_ref().filter(|h| h.healer == who) else {
        return Err(Error::HealingPick {
            field: "remove",
            value,
            allowed: format!(
                "only the healer of a healing conflict picks burden boxes to remove, and {who} is \
                 not one here: pick none"
            ),
        });
    };
    let (boxes, earned) = boxes_and_earned(state, conflict, healing);
    let mut left = boxes.clone();
    for pick in remove {
        match left.iter().position(|b| b == pick) {
            Some(i) => {
                left.remove(i);
            }
            None => {
                let times = remove.iter().filter(|p| *p == pick).count();
                let has = boxes.iter().filter(|b| *b == pick).count();
                let problem = if has == 0 {
                    format!(
                        "no box of {}'s {} holds {pick}",
                        healing.patient, healing.burden
                    )
                } else {
                    format!(
                        "{} is picked {times} times and {}'s {} has {has} box{} of it",
                        pick,
                        healing.patient,
                        healing.burden,
                        if has == 1 { "" } else { "es" }
                    )
                };
                return Err(Error::HealingPick {
                    field: "remove",
                    value,
                    allowed: format!(
                        "{problem}: each pick names one of its boxes, {}",
                        written(&boxes)
                    ),
                });
            }
        }
    }
    if stand_ends && remove.len() > earned {
        return Err(Error::HealingPick {
            field: "remove",
            value,
            allowed: format!(
                "{who}'s dice earn {earned} box{} of {}'s {} (one per die at or above the GM's \
                 highest), so pick at most {earned}",
                if earned == 1 { "" } else { "es" },
                healing.patient,
                healing.burden
            ),
        });
    }
    Ok(())
}

/// The boxes a healing removes (T8): the first `earned` of the healer's `picks` (each taking one
/// box of its value), then the highest values left until `earned` boxes go.
fn removed(boxes: &[u32], picks: &[u32], earned: usize) -> Vec<u32> {
    let mut left = boxes.to_vec();
    let mut out = Vec::with_capacity(earned);
    for pick in picks {
        if out.len() == earned {
            break;
        }
        if let Some(i) = left.iter().position(|b| b == pick) {
            out.push(left.remove(i));
        }
    }
    left.sort_unstable_by(|a, b| b.cmp(a));
    let more = earned.saturating_sub(out.len());
    out.extend(left.into_iter().take(more));
    out
}

/// T8, once a healing conflict has ended with `winner`: a healer who won removes one box of the
/// burden per die of its pool at or above the GM's highest die, the healer's `picks` first (as far
/// as the dice earn), then highest values first; a healer who lost sees the GM's highest die added
/// to the burden as a new box (when the set-up says the GM does), which may disable the patient
/// (T7).
pub(super) fn outcome(
    log: &mut Log,
    conflict: &Conflict,
    winner: &str,
    picks: &[u32],
) -> Result<(), Error> {
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
            let removed = removed(&burden.boxes, picks, count);
            if !removed.is_empty() {
                log.push(Event::BurdenHealed {
                    who: healing.patient.clone(),
                    burden: healing.burden.clone(),
                    removed,
                    picked: picks.to_vec(),
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

#[cfg(test)]
mod tests {
    use super::removed;

    #[test]
    fn the_picks_go_first_then_the_highest() {
        // The book: one box earned of [17, 15], no pick: the 17.
        assert_eq!(removed(&[17, 15], &[], 1), [17]);
        // The healer picks the 15 instead.
        assert_eq!(removed(&[17, 15], &[15], 1), [15]);
        // Picks beyond what the dice earn go unused (a bring-in's dice were unknown).
        assert_eq!(removed(&[17, 15], &[15, 17], 1), [15]);
        // Fewer picks than earned: the rest highest first.
        assert_eq!(removed(&[19, 12, 9], &[9], 2), [9, 19]);
        // Equal values: each pick takes one box.
        assert_eq!(removed(&[19, 19, 5], &[19, 19], 3), [19, 19, 5]);
        // Nothing earned, nothing goes.
        assert_eq!(removed(&[17, 15], &[15], 0), Vec::<u32>::new());
    }
}
