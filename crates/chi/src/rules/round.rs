//! The round (rulings C1-C3): `action`, `opposed` and `new_round`; the checks on one side of a roll,
//! and the rolls themselves, which the secret roll (C4) uses too.

use crate::error::Error;
use crate::limits::{FLAGGED_MODIFIER, MAX_DIFFICULTY, MAX_MODIFIER, MAX_POOL, MAX_REROLLS};
use crate::model::command::Side;
use crate::model::event::{ActionRoll, Attempt, Event, OpposedRoll, Outcome, SideRoll};
use crate::model::options::TieRule;
use crate::model::state::{Character, State};
use crate::rules::sheets;
use skald_dice::{DiceSource, Die};

/// The die of Chi: every pool die and every Difficulty die is a d6.
pub const D6: Die = Die::Numbered(6);

/// The most dice an action that does not fit the concept may use: a third of the current pool,
/// rounded up (ruling C2). `off_concept_cap(7) == 3`, `off_concept_cap(0) == 0`.
pub fn off_concept_cap(current: u32) -> u32 {
    current.div_ceil(3)
}

/// The field names one side of a roll is checked under, and the fewest dice it may put in.
pub(crate) struct Fields {
    pub who: &'static str,
    pub dice: &'static str,
    pub modifier: &'static str,
    pub min_dice: u32,
    pub why_dice: &'static str,
}

const PUT_IN: &str = "d6 put into the action";
const KEPT: &str = "d6 kept back for the reaction; 0 defends with the modifier alone";

/// An `action`'s fields.
pub(crate) const ACTION: Fields = Fields {
    who: "who",
    dice: "spend",
    modifier: "modifier",
    min_dice: 1,
    why_dice: PUT_IN,
};
/// An `opposed` actor's fields.
pub(crate) const ACTOR: Fields = Fields {
    who: "actor.who",
    dice: "actor.spend",
    modifier: "actor.modifier",
    min_dice: 1,
    why_dice: PUT_IN,
};
/// An `opposed` defender's fields.
pub(crate) const DEFENDER: Fields = Fields {
    who: "defender.who",
    dice: "defender.spend",
    modifier: "defender.modifier",
    min_dice: 0,
    why_dice: KEPT,
};
/// A `secret_reveal` for an action or an actor.
pub(crate) const REVEAL_ACTING: Fields = Fields {
    who: "who",
    dice: "spend",
    modifier: "modifier",
    min_dice: 1,
    why_dice: PUT_IN,
};
/// A `secret_reveal` for a defender.
pub(crate) const REVEAL_DEFENDING: Fields = Fields {
    who: "who",
    dice: "spend",
    modifier: "modifier",
    min_dice: 0,
    why_dice: KEPT,
};

/// A side that passed every check: the character, the side and the concept cap that applied.
pub(crate) struct Checked<'a> {
    pub character: &'a Character,
    pub side: Side,
    pub cap: Option<u32>,
}

/// Checks a modifier's range (C3).
pub(crate) fn check_modifier(field: &'static str, modifier: i32) -> Result<(), Error> {
    Error::check_range(
        field,
        modifier,
        -MAX_MODIFIER,
        MAX_MODIFIER,
        "added to the sum; beyond +/-5 is flagged, ruling C3",
    )
}

/// Checks a Difficulty's range (C3).
pub(crate) fn check_difficulty(field: &'static str, difficulty: u32) -> Result<(), Error> {
    Error::check_range(
        field,
        difficulty,
        1,
        MAX_DIFFICULTY,
        "the GM's Difficulty, in d6",
    )
}

/// Checks one side of a roll: the character (known, in play), the dice (range, left this round: C1;
/// the off-concept cap: C2) and the modifier (C3).
pub(crate) fn check_side<'a>(
    state: &'a State,
    side: Side,
    fields: &Fields,
) -> Result<Checked<'a>, Error> {
    let character = sheets::character(state, fields.who, &side.who)?;
    Error::check_range(
        fields.dice,
        side.spend,
        fields.min_dice,
        MAX_POOL,
        fields.why_dice,
    )?;
    check_modifier(fields.modifier, side.modifier)?;
    let current = character.sheet.current;
    if current == 0 {
        return Err(Error::OutOfPlay {
            field: fields.who,
            name: side.who,
        });
    }
    let left = character.left();
    if side.spend > left {
        return Err(Error::NotEnoughDice {
            field: fields.dice,
            name: side.who,
            asked: side.spend,
            left,
            current,
        });
    }
    let cap = (!side.fits_concept).then(|| off_concept_cap(current));
    if let Some(cap) = cap.filter(|&cap| side.spend > cap) {
        return Err(Error::OffConcept {
            field: fields.dice,
            name: side.who,
            asked: side.spend,
            cap,
            current,
        });
    }
    Ok(Checked {
        character,
        side,
        cap,
    })
}

/// `action`: a character puts `spend` of the dice it has left into an action against the GM's
/// `difficulty` d6 (C1-C3); `reaction` counts it as a reaction.
pub(crate) fn action(
    state: &State,
    side: Side,
    difficulty: u32,
    reaction: bool,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let checked = check_side(state, side, &ACTION)?;
    check_difficulty("difficulty", difficulty)?;
    let asked = Asked {
        difficulty,
        reaction,
        secret: false,
    };
    roll_action(state, checked, &asked, dice).map(|roll| vec![Event::ActionRolled(roll)])
}

/// `opposed`: two characters, each rolling the dice it puts in; a tie goes to the defender (C3).
pub(crate) fn opposed(
    state: &State,
    actor: &Side,
    defender: &Side,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    if actor.who == defender.who {
        return Err(Error::SameCharacter {
            name: actor.who.clone(),
        });
    }
    let actor = check_side(state, actor.clone(), &ACTOR)?;
    let defender = check_side(state, defender.clone(), &DEFENDER)?;
    roll_opposed(state, actor, defender, false, dice).map(|roll| vec![Event::OpposedRolled(roll)])
}

/// `new_round`: the next round begins; every pool refills to its current size (C1).
pub(crate) fn new_round(state: &State) -> Vec<Event> {
    vec![next_round(state)]
}

/// The event of the next round's start (also the start of a session's first round).
pub(crate) fn next_round(state: &State) -> Event {
    Event::RoundStarted {
        round: state.round.saturating_add(1),
    }
}

/// Rolls `count` d6 in order.
fn roll_d6(count: u32, dice: &mut dyn DiceSource) -> Result<Vec<i64>, Error> {
    (0..count)
        .map(|_| dice.roll(D6).map_err(Error::from))
        .collect()
}

/// How an action was asked for, beyond its side: the Difficulty and how it is counted.
pub(crate) struct Asked {
    pub difficulty: u32,
    pub reaction: bool,
    pub secret: bool,
}

/// Rolls a checked action against the Difficulty (C3): the player's dice, then the GM's, again on a
/// tie under option `tie = "reroll"`, at most [`MAX_REROLLS`] times.
pub(crate) fn roll_action(
    state: &State,
    checked: Checked<'_>,
    asked: &Asked,
    dice: &mut dyn DiceSource,
) -> Result<ActionRoll, Error> {
    let Checked {
        character,
        side,
        cap,
    } = checked;
    let tie_rule = state.options.tie;
    let mut rolls = Vec::new();
    let (total, gm_total) = loop {
        let player = roll_d6(side.spend, dice)?;
        let gm = roll_d6(asked.difficulty, dice)?;
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
            return Err(Error::EndlessTie { rerolls });
        }
    };
    Ok(ActionRoll {
        round: state.round,
        spent: side.spend,
        fits_concept: side.fits_concept,
        cap,
        modifier: side.modifier,
        flagged: side.modifier.abs() > FLAGGED_MODIFIER,
        difficulty: asked.difficulty,
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
        left: character.left().saturating_sub(side.spend),
        current: character.sheet.current,
        reaction: asked.reaction,
        secret: asked.secret,
        who: side.who,
    })
}

fn side_roll(checked: Checked<'_>, dice: &mut dyn DiceSource) -> Result<SideRoll, Error> {
    let Checked {
        character,
        side,
        cap,
    } = checked;
    let rolled = roll_d6(side.spend, dice)?;
    Ok(SideRoll {
        spent: side.spend,
        fits_concept: side.fits_concept,
        cap,
        modifier: side.modifier,
        flagged: side.modifier.abs() > FLAGGED_MODIFIER,
        total: rolled.iter().sum::<i64>() + i64::from(side.modifier),
        rolled,
        left: character.left().saturating_sub(side.spend),
        current: character.sheet.current,
        who: side.who,
    })
}

/// Rolls a checked opposed action (C3): the actor's dice, then the defender's; a tie goes to the
/// defender.
pub(crate) fn roll_opposed(
    state: &State,
    actor: Checked<'_>,
    defender: Checked<'_>,
    secret: bool,
    dice: &mut dyn DiceSource,
) -> Result<OpposedRoll, Error> {
    let actor = side_roll(actor, dice)?;
    let defender = side_roll(defender, dice)?;
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
        secret,
    })
}
