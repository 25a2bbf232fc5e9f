//! The exact chance that a side is ahead after an exchange (T2, T3, T13): [`p_side_ahead`].
//!
//! With allies who share a goal (T13), a side is ahead when one of its members' pools is strictly
//! ahead (by T3) of every pool of every other side: then the best pool of the whole conflict is the
//! side's, and no participant of another side ties it. Allies tied with each other at the top do
//! not stop their side being ahead.
//!
//! The walk places the new dice value by value, 20 down to 1, as [`super::p_ahead`] does, but with
//! every participant in it: a state is the set of participants still tied for the best pool
//! (equal counts of every value placed so far) and that common count. At each value each tied
//! participant shows some of its unplaced dice there; those showing fewer than the most fall out
//! (their other dice may show anything below), and the rest stay tied. Once everyone still tied is
//! of my side, the side is ahead whatever follows; once none is, it is not. What is left tied after
//! the 1s is a tie between sides: not ahead.
//!
//! Pure: no I/O, no clock, no random numbers.

use super::ahead::{check_pool, p_ahead};
use crate::error::OddsError;
use crate::limits::{MAX_MACHINE_DICE, MAX_NEW_DICE, MAX_OTHERS, SIDES};
use num_bigint::{BigInt, BigUint};
use skald_dice::odds::Fraction;
use skald_dice::odds::weight::{Overflow, Weight};
use std::collections::BTreeMap;

/// The exact probability that, after each participant `(pool, new)` of `side` (mine first) and of
/// `opponents` adds `new` d20s to `pool`, one of `side`'s pools is strictly ahead of every pool of
/// `opponents` by T3 (T13: the side holding the best pool is winning; a tie between sides is not
/// ahead). With no opponents the answer is 1; with a side of one it is [`p_ahead`]'s.
///
/// Ranges as [`p_ahead`]: every die 1 to 20, at most
/// [`MAX_POOL_DICE`](crate::limits::MAX_POOL_DICE) dice per pool, 0 to [`MAX_NEW_DICE`] new dice
/// each, at most [`MAX_OTHERS`] participants besides the first. `budget` bounds the work (one unit
/// is one weight moved once).
///
/// # Errors
/// [`OddsError::PoolSize`], [`OddsError::Face`], [`OddsError::NewDice`], [`OddsError::Others`]
/// for a value out of range; [`OddsError::TooLarge`] once the walk passes `budget`, or
/// [`p_ahead`]'s bounds for a side of one.
pub fn p_side_ahead(
    side: &[(Vec<u32>, u32)],
    opponents: &[(Vec<u32>, u32)],
    budget: u64,
) -> Result<Fraction, OddsError> {
    if let [(mine, new)] = side {
        return p_ahead(mine, *new, opponents);
    }
    let all: Vec<&(Vec<u32>, u32)> = side.iter().chain(opponents).collect();
    if all.len() > MAX_OTHERS + 1 {
        return Err(OddsError::Others {
            field: "others",
            count: all.len().saturating_sub(1),
            max: MAX_OTHERS,
        });
    }
    for (i, (pool, new)) in all.iter().enumerate() {
        check_pool(&format!("participants[{i}].pool"), pool)?;
        if *new > MAX_NEW_DICE {
            return Err(OddsError::NewDice {
                field: format!("participants[{i}].new_dice"),
                value: *new,
                min: 0,
                max: MAX_NEW_DICE,
            });
        }
    }
    let all_new: u32 = all.iter().map(|(_, n)| n).sum();
    let total = BigUint::from(SIDES).pow(all_new);
    if opponents.is_empty() {
        return Ok(Fraction::new(BigInt::from(total.clone()), total));
    }
    let walk = Walk::new(&all, side.len());
    // Every weight counts outcomes of some of the new dice, so it is at most 20^(all new dice):
    // machine integers when that fits u128, arbitrary precision otherwise (and should the machine
    // run overflow).
    let small = if all_new <= MAX_MACHINE_DICE {
        match walk.run::<u128>(budget) {
            Ok(ways) => Some(BigUint::from(ways)),
            Err(Stop::Budget(error)) => return Err(error),
            Err(Stop::Overflow) => None,
        }
    } else {
        None
    };
    let favourable = match small {
        Some(ways) => ways,
        None => match walk.run::<BigUint>(budget) {
            Ok(ways) => ways,
            Err(Stop::Budget(error)) => return Err(error),
            Err(Stop::Overflow) => BigUint::default(),
        },
    };
    Ok(Fraction::new(BigInt::from(favourable), total))
}

/// Why a walk stopped short.
enum Stop {
    /// It passed its budget.
    Budget(OddsError),
    /// Its weights passed their type (only machine integers can).
    Overflow,
}

impl From<Overflow> for Stop {
    fn from(_: Overflow) -> Self {
        Stop::Overflow
    }
}

/// The walk of [`p_side_ahead`] over `n` participants, the first `mine` of them my side.
struct Walk {
    /// `counts[j][v]`: dice showing `v` already in participant `j`'s pool.
    counts: Vec<[u32; SIDES as usize + 1]>,
    /// Each participant's new dice.
    new: Vec<u32>,
    /// The bits of my side's participants.
    mine: u64,
}

impl Walk {
    fn new(all: &[&(Vec<u32>, u32)], mine: usize) -> Walk {
        let counts = all
            .iter()
            .map(|(pool, _)| {
                let mut c = [0u32; SIDES as usize + 1];
                for &d in pool {
                    c[d as usize] += 1;
                }
                c
            })
            .collect();
        Walk {
            counts,
            new: all.iter().map(|(_, n)| *n).collect(),
            mine: (1u64 << mine) - 1,
        }
    }

    /// The ways (out of 20^(all new dice)) for my side to end strictly ahead of every other.
    fn run<W: Weight>(&self, budget: u64) -> Result<W, Stop> {
        let n = self.new.len();
        let mut work: u64 = 0;
        let mut favourable = W::zero();
        // (participants still tied for the best pool, their common count above the value) -> ways.
        let mut states: BTreeMap<(u64, u32), W> = BTreeMap::new();
        states.insert(((1u64 << n) - 1, 0), W::one());
        // Dice of each fixed pool above the current value.
        let mut above = vec![0u32; n];
        for v in (1..=SIDES).rev() {
            let at = v as usize;
            let below = (0..=MAX_NEW_DICE)
                .map(|k| W::from_u128(u128::from(v - 1).pow(k)))
                .collect::<Result<Vec<W>, Overflow>>()?;
            let mut next: BTreeMap<(u64, u32), W> = BTreeMap::new();
            for ((mask, common), weight) in states {
                // A tied participant's unplaced new dice: equal counts above v fix how many of
                // its new dice show values above v.
                let unplaced = |j: usize| self.new[j] - (common - above[j]);
                // (the most shown at v so far, those showing it) -> ways, participant by
                // participant.
                let mut best: BTreeMap<(u32, u64), W> = BTreeMap::new();
                best.insert((0, 0), weight);
                for j in (0..n).filter(|j| mask & (1 << j) != 0) {
                    let r = unplaced(j);
                    let mut after: BTreeMap<(u32, u64), W> = BTreeMap::new();
                    for ((most, with), ways) in &best {
                        for a in 0..=r {
                            work += 1;
                            if work > budget {
                                return Err(Stop::Budget(OddsError::TooLarge {
                                    measure: "units of work",
                                    value: work,
                                    limit: budget,
                                }));
                            }
                            let level = self.counts[j][at] + a;
                            let chose = ways.mul_small(binomial(r, a))?;
                            let (key, w) = if *with == 0 || level > *most {
                                // Those at the old most fall behind: their dice left show below v.
                                let fallen = self.fall(*with, *most, at, &below, &unplaced)?;
                                ((level, 1u64 << j), chose.mul(&fallen)?)
                            } else if level == *most {
                                ((*most, with | (1u64 << j)), chose)
                            } else {
                                ((*most, *with), chose.mul(&below[(r - a) as usize])?)
                            };
                            let entry = after.entry(key).or_insert_with(W::zero);
                            *entry = entry.add(&w)?;
                        }
                    }
                    best = after;
                }
                for ((most, with), ways) in best {
                    if with & !self.mine == 0 {
                        // Only my side left at the top: ahead, whatever the tied dice left show.
                        let rest = self.fall(with, most, at, &below, &unplaced)?;
                        favourable = favourable.add(&ways.mul(&rest)?)?;
                    } else if with & self.mine != 0 {
                        let entry = next.entry((with, common + most)).or_insert_with(W::zero);
                        *entry = entry.add(&ways)?;
                    }
                }
            }
            for (j, above) in above.iter_mut().enumerate() {
                *above += self.counts[j][at];
            }
            states = next;
        }
        // What is left is tied between sides after the 1s: not ahead.
        Ok(favourable)
    }

    /// The ways the unplaced dice of those in `with`, each showing `most` in all at value `at`,
    /// fall below `at`: the product of (v - 1)^(dice left) over them.
    fn fall<W: Weight>(
        &self,
        with: u64,
        most: u32,
        at: usize,
        below: &[W],
        unplaced: &dyn Fn(usize) -> u32,
    ) -> Result<W, Overflow> {
        let mut ways = W::one();
        for j in (0..self.new.len()).filter(|j| with & (1 << j) != 0) {
            let shown = most - self.counts[j][at];
            ways = ways.mul(&below[(unplaced(j) - shown) as usize])?;
        }
        Ok(ways)
    }
}

/// C(n, k) for n up to [`MAX_NEW_DICE`] (at most C(20, 10) = 184,756).
fn binomial(n: u32, k: u32) -> u64 {
    let mut c: u64 = 1;
    for i in 0..u64::from(k) {
        c = c * (u64::from(n) - i) / (i + 1);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_of_one_walks_to_the_single_pools_answer() {
        // The general walk, asked about a side of one, counts what p_ahead counts.
        type Case<'a> = (&'a [u32], u32, Vec<(Vec<u32>, u32)>);
        let cases: [Case; 3] = [
            (&[12, 10], 2, vec![(vec![14, 6, 5], 2)]),
            (&[], 4, vec![(vec![15, 9], 3), (vec![18], 2)]),
            (&[20, 1], 0, vec![(vec![20, 2], 1), (vec![], 5)]),
        ];
        for (mine, new, others) in cases {
            let me = (mine.to_vec(), new);
            let all: Vec<&(Vec<u32>, u32)> = std::iter::once(&me).chain(&others).collect();
            let Ok(ways) = Walk::new(&all, 1).run::<BigUint>(u64::MAX) else {
                panic!("the walk stopped");
            };
            let all_new: u32 = all.iter().map(|(_, n)| n).sum();
            let walked = Fraction::new(BigInt::from(ways), BigUint::from(SIDES).pow(all_new));
            assert_eq!(
                walked,
                p_ahead(mine, new, &others).unwrap(),
                "{mine:?} + {new}"
            );
        }
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(20, 10), 184_756);
        assert_eq!(binomial(3, 0), 1);
    }
}
