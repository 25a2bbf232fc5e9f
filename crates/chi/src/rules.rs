//! Deciding a Chi command: the checks of rulings C1-C3 and the dice, giving events or a [`ChiError`].
//! Pure: reads the state, rolls only through the [`DiceSource`] handed in, changes nothing.

use crate::command::{Command, Side};
use crate::error::ChiError;
use crate::event::{ActionRoll, Attempt, Event, OpposedRoll, Outcome, SideRoll};
use crate::limits::{FLAGGED_MODIFIER, MAX_DIFFICULTY, MAX_MODIFIER, MAX_POOL, MAX_REROLLS};
use crate::options::TieRule;
use crate::state::{Seat, State};
use skald_dice::{DiceSource, Die};

/// The die of Chi: every pool die and every Difficulty die is a d6.
pub const D6: Die = Die::Numbered(6);

/// The most dice an action that does not fit the concept may use: a third of the current pool,
/// rounded up (ruling C2). `off_concept_cap(7) == 3`, `off_concept_cap(0) == 0`.
pub fn off_concept_cap(current: u32) -> u32 {
    current.div_ceil(3)
}

/// Decides `command` against `state` (see [`Command`] for each command's errors and dice order).
///
/// # Errors
/// [`ChiError`] naming the field, the value and what is allowed.
pub fn decide(
    state: &State,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, ChiError> {
    match command {
        Command::Enroll { character } => {
            character.validate()?;
            if state.characters.contains_key(&character.name) {
                return Err(ChiError::AlreadyEnrolled {
                    name: character.name.clone(),
                });
            }
            Ok(vec![Event::Enrolled {
                character: character.clone(),
            }])
        }
        Command::Action {
            who,
            spend: count,
            difficulty,
            modifier,
            fits_concept,
        } => {
            let side = Side {
                who: who.clone(),
                spend: *count,
                modifier: *modifier,
                fits_concept: *fits_concept,
            };
            let commit = commit(state, &side, &ACTION)?;
            ChiError::check_range(
                "difficulty",
                *difficulty,
                1,
                MAX_DIFFICULTY,
                "the GM's Difficulty, in d6",
            )?;
            action(state, commit, *difficulty, dice).map(|roll| vec![Event::ActionRolled(roll)])
        }
        Command::Opposed { actor, defender } => {
            if actor.who == defender.who {
                return Err(ChiError::SameCharacter {
                    name: actor.who.clone(),
                });
            }
            let actor = commit(state, actor, &ACTOR)?;
            let defender = commit(state, defender, &DEFENDER)?;
            opposed(state, actor, defender, dice).map(|roll| vec![Event::OpposedRolled(roll)])
        }
        Command::NewRound {} => Ok(vec![Event::RoundStarted {
            round: state.round.saturating_add(1),
        }]),
    }
}

/// The field names one side of a roll is checked under, and the fewest dice it may put in.
struct Fields {
    who: &'static str,
    dice: &'static str,
    modifier: &'static str,
    min_dice: u32,
    why_dice: &'static str,
}

const ACTION: Fields = Fields {
    who: "who",
    dice: "spend",
    modifier: "modifier",
    min_dice: 1,
    why_dice: "d6 put into the action",
};
const ACTOR: Fields = Fields {
    who: "actor.who",
    dice: "actor.spend",
    modifier: "actor.modifier",
    min_dice: 1,
    why_dice: "d6 put into the action",
};
const DEFENDER: Fields = Fields {
    who: "defender.who",
    dice: "defender.spend",
    modifier: "defender.modifier",
    min_dice: 0,
    why_dice: "d6 kept back for the reaction; 0 defends with the modifier alone",
};

/// A side that passed every check: the seat, the dice and the concept cap that applied.
struct Commit<'a> {
    seat: &'a Seat,
    side: &'a Side,
    cap: Option<u32>,
}

fn commit<'a>(state: &'a State, side: &'a Side, fields: &Fields) -> Result<Commit<'a>, ChiError> {
    let seat = state
        .characters
        .get(&side.who)
        .ok_or_else(|| ChiError::UnknownCharacter {
            field: fields.who,
            name: side.who.clone(),
            known: state.names(),
        })?;
    ChiError::check_range(
        fields.dice,
        side.spend,
        fields.min_dice,
        MAX_POOL,
        fields.why_dice,
    )?;
    ChiError::check_range(
        fields.modifier,
        side.modifier,
        -MAX_MODIFIER,
        MAX_MODIFIER,
        "added to the sum; beyond +/-5 is flagged, ruling C3",
    )?;
    let current = seat.character.current;
    if current == 0 {
        return Err(ChiError::OutOfPlay {
            field: fields.who,
            name: side.who.clone(),
        });
    }
    let left = seat.left();
    if side.spend > left {
        let name = side.who.clone();
        return Err(ChiError::NotEnoughDice {
            field: fields.dice,
            name,
            asked: side.spend,
            left,
            current,
        });
    }
    let cap = (!side.fits_concept).then(|| off_concept_cap(current));
    if let Some(cap) = cap.filter(|&cap| side.spend > cap) {
        let name = side.who.clone();
        return Err(ChiError::OffConcept {
            field: fields.dice,
            name,
            asked: side.spend,
            cap,
            current,
        });
    }
    Ok(Commit { seat, side, cap })
}

/// Rolls `count` d6 in order.
fn roll_d6(count: u32, dice: &mut dyn DiceSource) -> Result<Vec<i64>, ChiError> {
    (0..count)
        .map(|_| dice.roll(D6).map_err(ChiError::from))
        .collect()
}

fn action(
    state: &State,
    commit: Commit<'_>,
    difficulty: u32,
    dice: &mut dyn DiceSource,
) -> Result<ActionRoll, ChiError> {
    let Commit { seat, side, cap } = commit;
    let tie_rule = state.options.tie;
    let mut rolls = Vec::new();
    let last = loop {
        let player = roll_d6(side.spend, dice)?;
        let gm = roll_d6(difficulty, dice)?;
        let total = player.iter().sum::<i64>() + i64::from(side.modifier);
        let gm_total = gm.iter().sum::<i64>();
        rolls.push(Attempt {
            player,
            total,
            gm,
            gm_total,
        });
        let rerolls = u32::try_from(rolls.len() - 1).unwrap_or(u32::MAX);
        if total != gm_total || tie_rule == TieRule::Fail {
            break (total, gm_total);
        }
        if rerolls >= MAX_REROLLS {
            return Err(ChiError::EndlessTie { rerolls });
        }
    };
    let (total, gm_total) = last;
    Ok(ActionRoll {
        round: state.round,
        who: side.who.clone(),
        spent: side.spend,
        fits_concept: side.fits_concept,
        cap,
        modifier: side.modifier,
        flagged: side.modifier.abs() > FLAGGED_MODIFIER,
        difficulty,
        tie_rule,
        rolls,
        total,
        gm_total,
        tie: total == gm_total,
        outcome: if total > gm_total {
            Outcome::Success
        } else {
            Outcome::Failure
        },
        left: seat.left().saturating_sub(side.spend),
        current: seat.character.current,
    })
}

fn side_roll(commit: &Commit<'_>, dice: &mut dyn DiceSource) -> Result<SideRoll, ChiError> {
    let Commit { seat, side, cap } = commit;
    let rolled = roll_d6(side.spend, dice)?;
    Ok(SideRoll {
        who: side.who.clone(),
        spent: side.spend,
        fits_concept: side.fits_concept,
        cap: *cap,
        modifier: side.modifier,
        flagged: side.modifier.abs() > FLAGGED_MODIFIER,
        total: rolled.iter().sum::<i64>() + i64::from(side.modifier),
        rolled,
        left: seat.left().saturating_sub(side.spend),
        current: seat.character.current,
    })
}

fn opposed(
    state: &State,
    actor: Commit<'_>,
    defender: Commit<'_>,
    dice: &mut dyn DiceSource,
) -> Result<OpposedRoll, ChiError> {
    let actor = side_roll(&actor, dice)?;
    let defender = side_roll(&defender, dice)?;
    let outcome = if actor.total > defender.total {
        Outcome::Success
    } else {
        Outcome::Failure
    };
    let winner = match outcome {
        Outcome::Success => actor.who.clone(),
        Outcome::Failure => defender.who.clone(),
    };
    Ok(OpposedRoll {
        round: state.round,
        tie: actor.total == defender.total,
        actor,
        defender,
        outcome,
        winner,
    })
}
