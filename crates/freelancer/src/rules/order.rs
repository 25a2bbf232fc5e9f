//! Putting a round's turns in order (ruling F5): the higher turn number first; ties go to the higher
//! SPD, then the higher LCK, then a d100 roll-off among those still tied (rerolled while they tie). The
//! roll-off dice come from the caller's [`DiceSource`] and are returned, so each is logged.

use crate::error::Error;
use crate::limits::MAX_ROLL_OFF_PASSES;
use crate::model::event::RollOff;
use crate::model::scene::Slot;
use skald_dice::{DiceSource, Die};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// What breaks a tie for one participant: SPD, LCK (0 when the sheet has none) and their place in the
/// event's list (the last resort, after 20 roll-off passes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// SPD.
    pub spd: u128,
    /// LCK, 0 if missing.
    pub lck: u128,
    /// Place in the event's list, from 0.
    pub index: usize,
}

/// Who goes first of two slots, on turn, SPD, LCK and roll-off (greater first); `Equal` is a tie a
/// roll-off must break.
fn precedence(a: &Slot, b: &Slot, standings: &BTreeMap<String, Standing>) -> Ordering {
    let standing = |s: &Slot| standings.get(&s.who).copied();
    let (sa, sb) = (standing(a), standing(b));
    b.turn
        .cmp(&a.turn)
        .then_with(|| sb.map(|s| s.spd).cmp(&sa.map(|s| s.spd)))
        .then_with(|| sb.map(|s| s.lck).cmp(&sa.map(|s| s.lck)))
        .then_with(|| b.roll_off.cmp(&a.roll_off))
}

fn sort(order: &mut [Slot], standings: &BTreeMap<String, Standing>) {
    order.sort_by(|a, b| {
        precedence(a, b, standings).then_with(|| {
            let index = |s: &Slot| standings.get(&s.who).map_or(usize::MAX, |s| s.index);
            index(a).cmp(&index(b))
        })
    });
}

/// Sorts `order` and rolls off every tie (F5), returning the roll-off dice in the order rolled: each
/// pass, every slot still tied with a neighbour rolls one d100 (in turn order), until no ties remain
/// or 20 passes are done.
///
/// # Errors
/// [`Error::Dice`] when the dice source fails.
pub fn arrange(
    order: &mut [Slot],
    standings: &BTreeMap<String, Standing>,
    dice: &mut dyn DiceSource,
) -> Result<Vec<RollOff>, Error> {
    let mut rolled = Vec::new();
    for _ in 0..MAX_ROLL_OFF_PASSES {
        sort(order, standings);
        let tied: Vec<usize> = (0..order.len())
            .filter(|&i| {
                let same = |j: usize| {
                    order.get(j).is_some_and(|other| {
                        precedence(&order[i], other, standings) == Ordering::Equal
                    })
                };
                (i > 0 && same(i - 1)) || same(i + 1)
            })
            .collect();
        if tied.is_empty() {
            return Ok(rolled);
        }
        for i in tied {
            let value = dice.roll(Die::Numbered(100))?;
            let roll = u32::try_from(value).unwrap_or(100);
            order[i].roll_off.push(roll);
            rolled.push(RollOff {
                who: order[i].who.clone(),
                turn: order[i].turn,
                roll,
            });
        }
    }
    sort(order, standings);
    Ok(rolled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::number::Number;
    use skald_dice::Scripted;

    fn slot(who: &str, turn: u128) -> Slot {
        Slot {
            who: who.into(),
            turn: Number(turn),
            actions: 1,
            roll_off: Vec::new(),
        }
    }

    /// Arranges slots `(who, turn)` with standings `(who, spd, lck)` and scripted roll-offs; gives the
    /// order of names and the roll-off dice used.
    fn check(
        slots: &[(&str, u128)],
        standings: &[(&str, u128, u128)],
        dice: &[i64],
        expected: &[&str],
    ) {
        let mut order: Vec<Slot> = slots.iter().map(|(w, t)| slot(w, *t)).collect();
        let standings: BTreeMap<String, Standing> = standings
            .iter()
            .enumerate()
            .map(|(index, (w, spd, lck))| {
                (
                    (*w).to_owned(),
                    Standing {
                        spd: *spd,
                        lck: *lck,
                        index,
                    },
                )
            })
            .collect();
        let mut source = Scripted::new(dice.to_vec());
        let rolled = arrange(&mut order, &standings, &mut source);
        assert!(rolled.is_ok(), "{rolled:?}");
        assert!(source.remaining().is_empty(), "every roll-off die used");
        let names: Vec<&str> = order.iter().map(|s| s.who.as_str()).collect();
        assert_eq!(names, expected);
    }

    #[test]
    fn ties_go_to_spd_then_lck_then_a_roll_off() {
        check(
            &[("A", 50), ("B", 70), ("C", 60)],
            &[("A", 1, 1), ("B", 1, 1), ("C", 1, 1)],
            &[],
            &["B", "C", "A"],
        );
        check(
            &[("A", 50), ("B", 50)],
            &[("A", 10, 1), ("B", 20, 1)],
            &[],
            &["B", "A"],
        );
        check(
            &[("A", 50), ("B", 50)],
            &[("A", 10, 9), ("B", 10, 3)],
            &[],
            &["A", "B"],
        );
        // Equal SPD and LCK: a roll-off, A 20 and B 80.
        check(
            &[("A", 50), ("B", 50)],
            &[("A", 10, 3), ("B", 10, 3)],
            &[20, 80],
            &["B", "A"],
        );
        // The roll-off ties at 40: both roll again, A 90, B 10.
        check(
            &[("A", 50), ("B", 50), ("C", 99)],
            &[("A", 10, 3), ("B", 10, 3), ("C", 1, 1)],
            &[40, 40, 90, 10],
            &["C", "A", "B"],
        );
        // Three tied: C and A tie again at 70 and reroll; B's 30 is settled.
        check(
            &[("A", 5), ("B", 5), ("C", 5)],
            &[("A", 1, 1), ("B", 1, 1), ("C", 1, 1)],
            &[70, 30, 70, 2, 3],
            &["C", "A", "B"],
        );
    }

    #[test]
    fn after_twenty_tied_passes_the_list_order_stands() {
        check(
            &[("B", 5), ("A", 5)],
            &[("A", 1, 1), ("B", 1, 1)],
            &[50; 40],
            &["A", "B"],
        );
    }
}
