//! The exact chance of being ahead after an exchange (T2, T3): [`p_ahead`].
//!
//! Pools compare as T3 does ([`crate::compare_pools`]): highest die first, then the next; a pool
//! that runs out of dice first is lower; identical pools are tied, and a tie is not winning.
//!
//! [`p_ahead`] is exact (a [`Fraction`]) and never enumerates dice. Comparing two pools by T3 is
//! comparing how many dice each shows of every value from 20 down: at the first value where the counts
//! differ, the pool with more of it is ahead. So the new dice are placed value by value, 20 down to 1,
//! choosing how many of each participant's unplaced dice show that value (binomial weights `C(r, a)`),
//! and a participant drops out of the walk as soon as the comparison with it is decided. See
//! `docs/twenty.md`, "Odds".
//!
//! Pure: no I/O, no clock, no random numbers.

use crate::error::OddsError;
use crate::limits::{
    MAX_MACHINE_DICE, MAX_NEW_DICE, MAX_OTHERS, MAX_POOL_DICE, MAX_STATES, MAX_WORK, SIDES,
};
use num_bigint::{BigInt, BigUint};
use skald_dice::odds::Fraction;
use skald_dice::odds::weight::{Overflow, Weight};

/// The exact probability that, after I add `my_new_dice` d20s to `mine` and each other participant `i`
/// adds `others[i].1` d20s to `others[i].0`, my pool is strictly ahead of every other pool by T3 (T2:
/// the dice of an exchange join the pools; T3: who is winning). Ties are not ahead. With no others the
/// answer is 1. Dice already in the pools (burden dice too, T6) are fixed values.
///
/// Ranges: every die 1 to 20; at most [`MAX_POOL_DICE`] dice per given pool; new dice 0 to
/// [`MAX_NEW_DICE`] per participant; at most [`MAX_OTHERS`] others. The book's dragon, had it stood in
/// the second exchange: `p_ahead(&[12, 10], 2, &[(vec![14, 6, 5], 0)])` is 231/400 (any of my two new
/// dice at 14 or more).
///
/// The walk holds at most `(my_new_dice + 1) * 2^others` states; one other with 20 new dice each side is
/// instant, and 10 new dice each for me and three others is well within the bounds.
///
/// # Errors
/// [`OddsError::PoolSize`], [`OddsError::Face`], [`OddsError::NewDice`], [`OddsError::Others`] for a
/// value out of range (naming the input, the value and the range); [`OddsError::TooLarge`] when the
/// walk would pass [`MAX_STATES`] or [`MAX_WORK`] (many others, each bringing many dice).
pub fn p_ahead(
    mine: &[u32],
    my_new_dice: u32,
    others: &[(Vec<u32>, u32)],
) -> Result<Fraction, OddsError> {
    check_pool("mine", mine)?;
    check_new("my_new_dice", my_new_dice)?;
    if others.len() > MAX_OTHERS {
        return Err(OddsError::Others {
            field: "others",
            count: others.len(),
            max: MAX_OTHERS,
        });
    }
    for (i, (pool, new)) in others.iter().enumerate() {
        check_pool(&format!("others[{i}].pool"), pool)?;
        check_new(&format!("others[{i}].new_dice"), *new)?;
    }
    let walk = Walk::new(mine, my_new_dice, others);
    let (states, work) = walk.size();
    for (measure, value, limit) in [
        ("states", states, MAX_STATES),
        ("units of work", work, MAX_WORK),
    ] {
        if value > limit {
            return Err(OddsError::TooLarge {
                measure,
                value,
                limit,
            });
        }
    }
    // Every weight counts outcomes of some of the new dice, so it is at most 20^(all new dice): machine
    // integers when that fits u128 (29 dice or fewer), arbitrary precision otherwise (and should the
    // machine run ever overflow). The arbitrary-precision run cannot fail.
    let all_new: u32 = my_new_dice + others.iter().map(|(_, n)| n).sum::<u32>();
    let small = if all_new <= MAX_MACHINE_DICE {
        walk.run::<u128>().ok()
    } else {
        None
    };
    let favourable = match small {
        Some(small) => BigUint::from(small),
        None => walk.run::<BigUint>().unwrap_or_default(),
    };
    let total = BigUint::from(SIDES).pow(all_new);
    Ok(Fraction::new(BigInt::from(favourable), total))
}

/// The work of one [`p_ahead`] walk with `m` new dice of mine and `k` others.
pub(super) fn work(m: u32, k: usize) -> u64 {
    let m = u64::from(m);
    let k = k as u64;
    let per_step = (1u64 << k.min(40)) * (k + 4) / 2;
    u64::from(SIDES)
        .saturating_mul((m + 1) * (m + 2) / 2)
        .saturating_mul(per_step)
}

/// Refuses a pool (`field` names it) of more than [`MAX_POOL_DICE`] dice or with a die that is not
/// 1 to [`SIDES`].
pub(crate) fn check_pool(field: &str, pool: &[u32]) -> Result<(), OddsError> {
    if pool.len() > MAX_POOL_DICE {
        return Err(OddsError::PoolSize {
            field: field.to_owned(),
            dice: pool.len(),
            max: MAX_POOL_DICE,
        });
    }
    if let Some(bad) = pool.iter().find(|d| !(1..=SIDES).contains(*d)) {
        return Err(OddsError::Face {
            field: field.to_owned(),
            value: *bad,
            min: 1,
            max: SIDES,
        });
    }
    Ok(())
}

fn check_new(field: &str, new: u32) -> Result<(), OddsError> {
    if new > MAX_NEW_DICE {
        return Err(OddsError::NewDice {
            field: field.to_owned(),
            value: new,
            min: 0,
            max: MAX_NEW_DICE,
        });
    }
    Ok(())
}

/// The value-by-value walk of [`p_ahead`].
///
/// A state is (my unplaced new dice `r`, the set of others still tied with me on every value so far),
/// stored densely at `r * 2^k + mask`, bit `i` of `mask` set while other `i` is tied. A tied other's
/// unplaced dice need no slot: tied means equal counts above the current value, which fixes how many
/// of its new dice it has placed. Others ahead of me are dropped (those outcomes are not favourable);
/// others behind me leave the mask, their remaining dice counted at once.
struct Walk {
    /// `counts[p][v]`: dice showing `v` already in pool `p` (0 is mine, `i + 1` other `i`'s).
    counts: Vec<[i64; SIDES as usize + 1]>,
    /// My new dice.
    mine: u32,
    /// Each other's new dice.
    new: Vec<u32>,
    /// `binomial[n][k]` = C(n, k) for n, k up to [`MAX_NEW_DICE`].
    binomial: Vec<Vec<u64>>,
}

impl Walk {
    fn new(mine: &[u32], my_new_dice: u32, others: &[(Vec<u32>, u32)]) -> Walk {
        let mut counts = Vec::with_capacity(others.len() + 1);
        for pool in std::iter::once(mine).chain(others.iter().map(|(p, _)| p.as_slice())) {
            let mut c = [0i64; SIDES as usize + 1];
            for &d in pool {
                c[d as usize] += 1;
            }
            counts.push(c);
        }
        let n = MAX_NEW_DICE as usize;
        let mut binomial = vec![vec![0u64; n + 1]; n + 1];
        for row in 0..=n {
            binomial[row][0] = 1;
            for k in 1..=row {
                binomial[row][k] = binomial[row - 1][k - 1] + binomial[row - 1][k];
            }
        }
        Walk {
            counts,
            mine: my_new_dice,
            new: others.iter().map(|(_, n)| *n).collect(),
            binomial,
        }
    }

    /// The states and the work of the walk, known before it starts: `(m + 1) * 2^k` states, and per
    /// value, per `r` and per `a <= r` a pass over `2^k` weights to place my dice, `k` passes over
    /// `2^(k-1)` to place the others' and one over `2^k` to collect: `20 * (m+1)(m+2)/2 * 2^(k-1)(k+4)`.
    fn size(&self) -> (u64, u64) {
        let m = u64::from(self.mine);
        let k = self.new.len() as u64;
        let states = (m + 1) << k;
        let per_step = (1u64 << k) * (k + 4) / 2;
        let work = u64::from(SIDES) * (m + 1) * (m + 2) / 2 * per_step;
        (states, work)
    }

    /// C(n, k) for `n <= 20`; 0 when `k > n`.
    fn choose(&self, n: u32, k: u32) -> u64 {
        if k > n {
            return 0;
        }
        self.binomial[n as usize][k as usize]
    }

    /// The ways `r` dice fall at `v` or below with fewer than `need` of them showing `v`:
    /// the sum over `a < need`, `a <= r` of C(r, a) (v - 1)^(r - a). At most 20^20, which fits u128.
    fn fewer_than(&self, r: u32, need: u32, v: u32) -> u128 {
        (0..need.min(r + 1))
            .map(|a| u128::from(self.choose(r, a)) * u128::from(v - 1).pow(r - a))
            .sum()
    }

    /// The number of ways (out of 20^(all new dice)) for me to end strictly ahead of every other.
    fn run<W: Weight>(&self) -> Result<W, Overflow> {
        let k = self.new.len();
        let size = 1usize << k;
        let m = self.mine as usize;
        let mut weights = vec![W::zero(); (m + 1) * size];
        weights[m * size + (size - 1)] = W::one();
        let mut favourable = W::zero();
        // Dice already in each pool above the current value.
        let mut above = vec![0i64; k + 1];
        for v in (1..=SIDES).rev() {
            let at = v as usize;
            let mut next = vec![W::zero(); (m + 1) * size];
            for r in 0..=m {
                let slice = &weights[r * size..(r + 1) * size];
                if slice.iter().all(W::is_zero) {
                    continue;
                }
                let placed_mine = (m - r) as i64;
                // A tied other's unplaced dice before v: equal counts above v fix how many it placed.
                let unplaced: Vec<Option<u32>> = (0..k)
                    .map(|i| {
                        let placed = above[0] + placed_mine - above[i + 1];
                        u32::try_from(i64::from(self.new[i]) - placed)
                            .ok()
                            .filter(|u| placed >= 0 && *u <= self.new[i])
                    })
                    .collect();
                let r = r as u32;
                for a in 0..=r {
                    // a of my unplaced dice show v.
                    let ways = self.choose(r, a);
                    let mut buf = slice.iter().map(|w| w.mul_small(ways)).collect::<Result<
                        Vec<W>,
                        Overflow,
                    >>(
                    )?;
                    let mine_at_v = self.counts[0][at] + i64::from(a);
                    for (i, left) in unplaced.iter().enumerate() {
                        let (tie, behind) = match *left {
                            None => (0, 0),
                            Some(left) => self.split(left, mine_at_v - self.counts[i + 1][at], v),
                        };
                        let tie = W::from_u128(tie)?;
                        let behind = W::from_u128(behind)?;
                        let bit = 1usize << i;
                        for mask in (0..size).filter(|mask| mask & bit != 0) {
                            if buf[mask].is_zero() {
                                continue;
                            }
                            let w = std::mem::replace(&mut buf[mask], W::zero());
                            if !behind.is_zero() {
                                buf[mask ^ bit] = buf[mask ^ bit].add(&w.mul(&behind)?)?;
                            }
                            if !tie.is_zero() {
                                buf[mask] = w.mul(&tie)?;
                            }
                        }
                    }
                    // Everyone behind me: my remaining dice may show anything below v.
                    let rest = r - a;
                    if !buf[0].is_zero() {
                        let below = W::from_u128(u128::from(v - 1).pow(rest))?;
                        favourable = favourable.add(&buf[0].mul(&below)?)?;
                    }
                    let base = rest as usize * size;
                    for (mask, w) in buf.into_iter().enumerate().skip(1) {
                        if !w.is_zero() {
                            next[base + mask] = next[base + mask].add(&w)?;
                        }
                    }
                }
            }
            for (p, above) in above.iter_mut().enumerate() {
                *above += self.counts[p][at];
            }
            weights = next;
        }
        // States left after the 1s are ties with someone: not ahead.
        Ok(favourable)
    }

    /// For a tied other with `left` unplaced dice that must show `need` dice of value `v` to stay tied
    /// (I show `need` more of `v` than its fixed pool): the ways to stay tied, C(left, need), and the
    /// ways to fall behind me (fewer than `need` showing `v`, the rest below). A negative `need` means it
    /// is ahead of me whatever it rolls: (0, 0).
    fn split(&self, left: u32, need: i64, v: u32) -> (u128, u128) {
        let Ok(need) = u32::try_from(need) else {
            return (0, 0);
        };
        let tie = u128::from(self.choose(left, need));
        let behind = if need >= 1 {
            self.fewer_than(left, need, v)
        } else {
            0
        };
        (tie, behind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ways_to_stay_below() {
        let walk = Walk::new(&[], 0, &[]);
        assert_eq!(walk.size(), (1, 20 * 2));
        // 2 dice, fewer than 1 showing 20: 19^2.
        assert_eq!(walk.fewer_than(2, 1, 20), 361);
        // 2 dice, fewer than 5 showing 20 (need > r): all 20^2 ways.
        assert_eq!(walk.fewer_than(2, 5, 20), 400);
        assert_eq!(walk.fewer_than(20, 21, 20), 20u128.pow(20));
        // Tied with 3 unplaced dice, needing 1 at v = 20: stay tied C(3, 1) = 3, fall behind 19^3.
        assert_eq!(walk.split(3, 1, 20), (3, 6859));
        // Needing none: tied only with no 20s (1 way), never behind; needing -1: ahead of me.
        assert_eq!(walk.split(3, 0, 20), (1, 0));
        assert_eq!(walk.split(3, -1, 20), (0, 0));
        // Machine and arbitrary-precision weights agree (22 new dice: fits u128).
        let walk = Walk::new(
            &[12, 10],
            5,
            &[(vec![15, 9], 5), (vec![18], 5), (vec![], 7)],
        );
        let small = walk.run::<u128>().map(BigUint::from);
        assert_eq!(small, walk.run::<BigUint>());
        // Ten dice for me and for each of three others: 11 * 8 states.
        assert_eq!(
            Walk::new(&[], 10, &vec![(vec![], 10); 3]).size(),
            (88, 20 * 66 * 4 * 7)
        );
    }
}
