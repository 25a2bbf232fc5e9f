//! Deciding `roll_die` (ruling F1): rolling the dice besides the d100 (d4, d6, d8, d10, d12, d20),
//! each die marked as F1 marks them: its highest face a Crit, its lowest a Botch. The event carries
//! the chances of the marks as they stood before the roll.

use super::lookup::find;
use crate::error::Error;
use crate::limits::{DICE_SIDES, DICE_SIDES_TEXT, MAX_DICE, MAX_TEXT, MIN_DICE};
use crate::model::event::Event;
use crate::model::number::NumberInput;
use crate::model::roll::{DiceOdds, DiceRoll, Mark, RolledDie};
use crate::model::state::State;
use crate::rules::chances::marks;
use skald_dice::{DiceSource, Die};

impl Mark {
    /// The mark of `face` on a die of `sides` sides (F1, the dice besides the d100): the highest
    /// face is a Crit, the lowest (1) a Botch, any other face none. `Mark::of(6, 6)` is a Crit,
    /// `Mark::of(1, 6)` a Botch, `Mark::of(3, 6)` `None`.
    pub fn of(face: u32, sides: u32) -> Option<Mark> {
        if face == sides {
            Some(Mark::Crit)
        } else if face == 1 {
            Some(Mark::Botch)
        } else {
            None
        }
    }
}

/// What `die` is, for refusals.
const DIE_WHY: &str =
    "a die's sides, F1; a d100 is a percentile roll: `task_check` or `chance_check`";

/// The sides of the die `die` names: one of [`DICE_SIDES`].
///
/// # Errors
/// [`Error::NotOneOf`] naming `die`, the value as written and the sides allowed.
fn sides(die: &NumberInput) -> Result<u32, Error> {
    let refused = || Error::NotOneOf {
        field: "die".to_owned(),
        value: match die {
            NumberInput::Whole(n) => n.to_string(),
            NumberInput::Text(text) => format!("{text:?}"),
        },
        allowed: DICE_SIDES_TEXT,
        why: DIE_WHY,
    };
    die.check("die", 0, u128::from(u32::MAX), DIE_WHY)
        .ok()
        .and_then(|n| u32::try_from(n).ok())
        .filter(|n| DICE_SIDES.contains(n))
        .ok_or_else(refused)
}

/// Decides `roll_die` (F1): `count` dice (default 1) of `die` sides, for `who` if named, each face
/// with its mark, the faces added up, and the chances of the marks before the roll.
///
/// # Errors
/// See [`Command::RollDie`](crate::model::command::Command::RollDie).
pub fn roll_die(
    state: &State,
    die: &NumberInput,
    count: Option<&NumberInput>,
    who: Option<&str>,
    what: Option<&str>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, Error> {
    let sides = sides(die)?;
    let count = match count {
        Some(count) => count.check_u64("count", MIN_DICE, MAX_DICE, "dice rolled at once, F1")?,
        None => MIN_DICE,
    };
    // At most MAX_DICE (20).
    let count = u32::try_from(count).unwrap_or(1);
    if let Some(who) = who {
        find(state, "who", who)?;
    }
    if let Some(label) = what {
        Error::check_text("what", label, MAX_TEXT)?;
    }
    let chances = marks(sides, count);
    let odds = DiceOdds {
        p_crit: chances.crit.to_string(),
        p_botch: chances.botch.to_string(),
        p_any_crit: chances.any_crit.to_string(),
        p_any_botch: chances.any_botch.to_string(),
    };
    let mut rolled = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let value = dice.roll(Die::Numbered(sides))?;
        // A face of the die: 1 to 20.
        let face = u32::try_from(value).unwrap_or(1);
        rolled.push(RolledDie {
            face,
            mark: Mark::of(face, sides),
        });
    }
    let tally = |mark: Mark| rolled.iter().filter(|d| d.mark == Some(mark)).count() as u32;
    let (crits, botches) = (tally(Mark::Crit), tally(Mark::Botch));
    Ok(vec![Event::DiceRolled(DiceRoll {
        who: who.map(str::to_owned),
        die: sides,
        what: what.map(str::to_owned),
        odds,
        total: rolled.iter().map(|d| d.face).sum(),
        dice: rolled,
        crits,
        botches,
    })])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_highest_face_is_a_crit_and_the_lowest_a_botch() {
        assert_eq!(Mark::of(6, 6), Some(Mark::Crit));
        assert_eq!(Mark::of(1, 6), Some(Mark::Botch));
        assert_eq!(Mark::of(3, 6), None);
        assert_eq!(Mark::of(20, 20), Some(Mark::Crit));
        assert_eq!(Mark::of(4, 4), Some(Mark::Crit));
        assert_eq!(Mark::of(19, 20), None);
    }

    #[test]
    fn only_the_dice_of_f1_besides_the_d100() {
        for n in DICE_SIDES {
            assert_eq!(sides(&NumberInput::Whole(i128::from(n))), Ok(n));
        }
        assert_eq!(sides(&NumberInput::Text("12".into())), Ok(12));
        let refused = |die: NumberInput| sides(&die).unwrap_err().to_string();
        assert_eq!(
            refused(NumberInput::Whole(100)),
            "`die` is 100, but it must be 4, 6, 8, 10, 12 or 20 (a die's sides, F1; a d100 is a \
             percentile roll: `task_check` or `chance_check`)"
        );
        assert!(refused(NumberInput::Whole(-6)).starts_with("`die` is -6, but it must be 4, 6,"));
        assert!(
            refused(NumberInput::Text("d6".into())).starts_with("`die` is \"d6\", but it must")
        );
    }
}
