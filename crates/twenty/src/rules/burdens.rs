//! Burdens (T5, T6; the book's "Taking Burdens", "Using Burdens"): taking a burden from one
//! opponent, who discards that many of its highest dice, and using a box of an opponent's burden as
//! a die. Opponents are participants of other sides (T13); a healing side's burden lands on the
//! patient (T14). A burden may disable its bearer (T7, `disabled.rs`).

use super::checks::text;
use super::conflict::follow_up;
use super::dice::roll_d20;
use super::disabled::check_disabled;
use super::log::Log;
use crate::error::{Error, GmAct, NotOpponent};
use crate::limits::{MAX_NAME_CHARS, SIDES};
use crate::model::{Conflict, Event, GM, STATS, State};
use skald_core::DiceSource;

/// `take_burden`: `who` takes a burden of `boxes` boxes named `name` from `from`, an opponent (of
/// another side, T13), who discards its `boxes` highest dice, each strictly above `who`'s highest
/// die; the burden's boxes hold their values and a d20 picks its stat (T5). `who` carries it, or,
/// for the healer of a healing conflict, the patient (T14). It may disable its bearer, who then
/// loses at once when in the conflict (T7).
///
/// # Errors
/// [`Error::NoConflict`], [`Error::NotAParticipant`]; [`Error::SurrenderedBurden`] for a
/// surrendered taker or opponent; [`Error::GmSide`] for the GM's side of a healing conflict;
/// [`Error::NotAnOpponent`] for an opponent that is not one (itself, not in the conflict, an ally,
/// T13); [`Error::NoDiceAbove`] for an opponent with no die above the taker's highest (T5);
/// [`Error::BurdenBoxes`] for `boxes` outside 1 to the dice above it (T5); [`Error::TextLength`]
/// for the name; [`Error::BurdenNameTaken`] for a name already carried by the bearer;
/// [`Error::Dice`], [`Error::TieUnbroken`].
pub(super) fn take_burden(
    state: &State,
    who: &str,
    from: &str,
    boxes: u32,
    name: &str,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    let taker = conflict.taking_part(who)?;
    if !taker.is_in() {
        return Err(Error::SurrenderedBurden {
            who: who.to_string(),
            taker: true,
        });
    }
    if who == GM {
        return Err(Error::GmSide(GmAct::TakeBurden));
    }
    let opponent = conflict
        .participant(from)
        .filter(|_| conflict.opponents(who, from))
        .ok_or_else(|| not_an_opponent(conflict, who, from, false))?;
    if !opponent.is_in() {
        return Err(Error::SurrenderedBurden {
            who: from.to_string(),
            taker: false,
        });
    }
    let my_highest = taker.pool.first().copied().unwrap_or(0);
    let beating = opponent.pool.iter().filter(|d| **d > my_highest).count() as u32;
    if beating == 0 {
        return Err(Error::NoDiceAbove {
            who: who.to_string(),
            from: from.to_string(),
            highest: my_highest,
        });
    }
    if boxes == 0 || boxes > beating {
        return Err(Error::BurdenBoxes {
            field: "boxes",
            value: boxes,
            who: who.to_string(),
            from: from.to_string(),
            highest: my_highest,
            min: 1,
            max: beating,
        });
    }
    // T14: a burden the healing side takes lands on the patient, whoever rolls for that side.
    let bearer = conflict
        .healing
        .as_ref()
        .filter(|h| h.healer == who)
        .map_or(who, |h| h.patient.as_str());
    // The name last: it is the opponent's to give (T5), so a request may wait for it once
    // everything else about the burden is known to be right (crates/table `requests.rs`).
    text("name", "the burden's name", name, MAX_NAME_CHARS)?;
    if state
        .character(bearer)
        .is_some_and(|c| c.burden(name).is_some())
    {
        return Err(Error::BurdenNameTaken {
            bearer: bearer.to_string(),
            name: name.to_string(),
        });
    }
    let discarded: Vec<u32> = opponent.pool.iter().take(boxes as usize).copied().collect();
    let roll = roll_d20(dice)?;
    let stat = stat_for(roll).to_string();
    let mut log = Log::new(state);
    log.push(Event::BurdenTaken {
        who: who.into(),
        on: (bearer != who).then(|| bearer.to_owned()),
        from: from.into(),
        name: name.into(),
        stat_roll: roll,
        stat,
        boxes: discarded,
    });
    check_disabled(&mut log, bearer);
    follow_up(log, dice)
}

/// Why `other` is not `who`'s opponent: `who` itself, not in this conflict, or an ally who
/// declared the same goal (T13), for taking a burden or (`using`) using one's box.
fn not_an_opponent(conflict: &Conflict, who: &str, other: &str, using: bool) -> Error {
    let because = if other == who {
        NotOpponent::Itself
    } else if conflict.participant(other).is_none() {
        NotOpponent::Absent
    } else {
        NotOpponent::Ally
    };
    Error::NotAnOpponent {
        who: who.to_string(),
        other: other.to_string(),
        because,
        using,
    }
}

/// `use_burden`: `who` adds the box of value `value` of its opponent `of`'s burden `burden` to its
/// pool as a die, checking nothing; each box once per conflict, never in the conflict that made the
/// burden (T6); never an ally's (T13).
///
/// # Errors
/// [`Error::NoConflict`], [`Error::NotAParticipant`], [`Error::Surrendered`], [`Error::MustStand`],
/// [`Error::NotAnOpponent`] for an owner that is not an opponent (T13); [`Error::UnknownCharacter`];
/// [`Error::NoBurden`] for a burden it does not carry; [`Error::NewBurden`] for one made in this
/// conflict (T6); [`Error::NoUnusedBox`] for a value with no unused box (T6); [`Error::Dice`],
/// [`Error::TieUnbroken`].
pub(super) fn use_burden(
    state: &State,
    who: &str,
    of: &str,
    burden: &str,
    value: u32,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let conflict = state.active_conflict().ok_or(Error::NoConflict)?;
    let user = conflict.taking_part(who)?;
    if !user.is_in() {
        return Err(Error::Surrendered(who.to_string()));
    }
    if !user.can_act() {
        return Err(Error::MustStand(who.to_string()));
    }
    if !conflict.opponents(who, of) {
        return Err(not_an_opponent(conflict, who, of, true));
    }
    let owner = state
        .character(of)
        .ok_or_else(|| Error::UnknownCharacter(of.to_string()))?;
    let Some(b) = owner.burden(burden) else {
        let names = owner
            .burdens
            .iter()
            .map(|b| b.name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Error::NoBurden {
            field: "burden",
            who: of.to_string(),
            name: burden.to_string(),
            carried: names,
        });
    };
    if conflict
        .new_burdens
        .iter()
        .any(|(o, n)| o == of && n == burden)
    {
        return Err(Error::NewBurden {
            of: of.to_string(),
            burden: burden.to_string(),
        });
    }
    let used: Vec<usize> = conflict
        .participants
        .iter()
        .flat_map(|p| p.burden_boxes_used.iter())
        .filter(|(o, n, _)| o == of && n == burden)
        .map(|(_, _, i)| *i)
        .collect();
    let Some(index) = b
        .boxes
        .iter()
        .enumerate()
        .position(|(i, v)| *v == value && !used.contains(&i))
    else {
        return Err(Error::NoUnusedBox {
            of: of.to_string(),
            burden: burden.to_string(),
            value,
            boxes: b.boxes.clone(),
        });
    };
    let mut log = Log::new(state);
    log.push(Event::BurdenDieUsed {
        who: who.into(),
        of: of.into(),
        burden: burden.into(),
        index,
        value,
    });
    follow_up(log, dice)
}

/// The stat a burden falls under, from its d20 (T5): 1-4 Physical, 5-8 Mental, 9-12 Social, 13-16
/// Emotional, 17-20 Spiritual.
fn stat_for(roll: u32) -> &'static str {
    // T5: four faces each, 1-4 Physical to 17-20 Spiritual.
    STATS[((roll.clamp(1, SIDES) - 1) / 4) as usize]
}
