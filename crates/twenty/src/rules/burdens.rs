//! Burdens (T5, T6; the book's "Taking Burdens", "Using Burdens"): taking a burden from one
//! opponent, who discards that many of its highest dice, and using a box of an opponent's burden as
//! a die. Opponents are participants of other sides (T13); a healing side's burden lands on the
//! patient (T14). A burden may disable its bearer (T7, `disabled.rs`).

use super::checks::text;
use super::conflict::follow_up;
use super::dice::roll_d20;
use super::disabled::check_disabled;
use super::log::Log;
use crate::error::Error;
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
/// [`Error::NoConflict`], [`Error::NotAParticipant`]; [`Error::Rule`] for a surrendered taker or
/// opponent, the GM's side of a healing conflict, an opponent that is not one (itself, not in the
/// conflict, an ally, T13), a name already carried by the bearer, an opponent with no die above
/// the taker's highest (T5);
/// [`Error::TextLength`] for the name; [`Error::BurdenBoxes`] for `boxes` outside 1 to the dice above
/// it (T5); [`Error::Dice`], [`Error::TieUnbroken`].
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
        return Err(Error::Rule(format!(
            "{who} has surrendered: surrendered participants take no burdens (T5)"
        )));
    }
    if who == GM {
        return Err(Error::Rule(
            "the GM takes no burdens in a healing conflict (T5)".into(),
        ));
    }
    let opponent = conflict
        .participant(from)
        .filter(|_| conflict.opponents(who, from))
        .ok_or_else(|| {
            not_an_opponent(
                conflict,
                who,
                from,
                "a burden is taken from an opponent (T5)",
            )
        })?;
    if !opponent.is_in() {
        return Err(Error::Rule(format!(
            "{from} has surrendered; its dice are gone (T5)"
        )));
    }
    let my_highest = taker.pool.first().copied().unwrap_or(0);
    let beating = opponent.pool.iter().filter(|d| **d > my_highest).count() as u32;
    if beating == 0 {
        return Err(Error::Rule(format!(
            "{from} has no dice above {who}'s highest die {my_highest}: no burden can be taken from it (T5)"
        )));
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
        return Err(Error::Rule(format!(
            "{bearer} already carries a burden named {name:?}; name it differently"
        )));
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

/// Why `other` is not `who`'s opponent: not in this conflict, `who` itself, or an ally who
/// declared the same goal (T13); `rule` says what needs an opponent.
fn not_an_opponent(conflict: &Conflict, who: &str, other: &str, rule: &str) -> Error {
    let why = if other == who {
        format!("{who} cannot be its own opponent")
    } else if conflict.participant(other).is_none() {
        format!("{other} is not in this conflict")
    } else {
        format!(
            "{other} declared the same goal as {who} and is on its side: allies never take burdens \
             from each other nor use each other's (T13)"
        )
    };
    Error::Rule(format!("{why}; {rule}"))
}

/// `use_burden`: `who` adds the box of value `value` of its opponent `of`'s burden `burden` to its
/// pool as a die, checking nothing; each box once per conflict, never in the conflict that made the
/// burden (T6); never an ally's (T13).
///
/// # Errors
/// [`Error::NoConflict`], [`Error::NotAParticipant`], [`Error::Surrendered`], [`Error::MustStand`],
/// [`Error::UnknownCharacter`]; [`Error::Rule`] for an owner that is not an opponent, a burden it
/// does not carry or that was made in this conflict, a value with no unused box (T6);
/// [`Error::Dice`], [`Error::TieUnbroken`].
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
        return Err(not_an_opponent(
            conflict,
            who,
            of,
            "a burden's boxes are used against its owner by an opponent (T6)",
        ));
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
        return Err(Error::Rule(format!(
            "{of} has no burden named {burden:?} (has: {names})"
        )));
    };
    if conflict
        .new_burdens
        .iter()
        .any(|(o, n)| o == of && n == burden)
    {
        return Err(Error::Rule(format!(
            "{of}'s {burden} was made in this conflict and cannot be used in it (T6)"
        )));
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
        return Err(Error::Rule(format!(
            "{of}'s {burden} has no unused box of {value} in this conflict (boxes {:?}; each once per conflict, T6)",
            b.boxes
        )));
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
