//! The exact chances of the advice over the event: [`Walk`] follows attempts in a known order, each
//! a d100 whose faces succeed, fail or Botch (F1, F3), keeping for each attempter the chance it is
//! still trying and the chance it has not yet succeeded, so the chance that each attempt is the
//! first success is one product; [`next_round`] follows every next-round initiative roll of the
//! attempters (F5, F6), ties in each order equally likely, within a bound of work.
//!
//! Every number is a whole numerator over a power of 100 (one d100 per attempt), so nothing is
//! rounded; the fractions are reduced only at the end.

use crate::advice::next_round::{Placed, arrange, most_actions, turns};
use crate::advice::question::{Class, Question};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use skald_dice::odds::Fraction;
use std::collections::{BTreeMap, HashMap};

/// The exact work was over its bound: simulate instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverBudget;

/// Attempts followed in order: the chance of each attempter's first success so far, and what each
/// attempter's next attempt would start from.
#[derive(Debug, Clone)]
pub struct Walk {
    /// Faces that succeed and that fail (neither a success nor a Botch), of 100, per attempter.
    rates: Vec<(u32, u32)>,
    /// Attempts each attempter has made.
    made: Vec<u32>,
    /// failures^made: 100^made times the chance it is still trying (no success, no Botch).
    trying: Vec<BigUint>,
    /// 100^made times the chance it has not succeeded yet.
    unsucceeded: Vec<BigUint>,
    /// The product of `unsucceeded`: 100^attempts times the chance no one has succeeded yet.
    nobody: BigUint,
    /// Attempts made in all.
    attempts: u32,
    /// Per attempter, the chance its success is the first so far: a numerator over 100^exponent.
    firsts: Vec<(BigUint, u32)>,
}

impl Walk {
    /// No attempt made yet, by the attempters of `question`.
    pub fn new(question: &Question) -> Walk {
        let rates: Vec<(u32, u32)> = question
            .attempters
            .iter()
            .map(|a| {
                (
                    a.attempt.count(Class::Success),
                    a.attempt.count(Class::Failure),
                )
            })
            .collect();
        let n = rates.len();
        Walk {
            rates,
            made: vec![0; n],
            trying: vec![BigUint::one(); n],
            unsucceeded: vec![BigUint::one(); n],
            nobody: BigUint::one(),
            attempts: 0,
            firsts: vec![(BigUint::zero(), 0); n],
        }
    }

    /// Attempter `x` makes `count` attempts, one after the other.
    pub fn attempts(&mut self, x: usize, count: u32) {
        for _ in 0..count {
            self.attempt(x);
        }
    }

    /// Attempter `x` makes one attempt (nothing when it has Botched: its chance of still trying
    /// is then part of the numbers).
    pub fn attempt(&mut self, x: usize) {
        let Some(&(success, failure)) = self.rates.get(x) else {
            return;
        };
        self.attempts += 1;
        if !self.nobody.is_zero() {
            // No one else has succeeded, and x is still trying, then x succeeds.
            let others = &self.nobody / &self.unsucceeded[x];
            let first = others * &self.trying[x] * success;
            let (sum, exponent) = &mut self.firsts[x];
            *sum = &*sum * BigUint::from(100u8).pow(self.attempts - *exponent) + first;
            *exponent = self.attempts;
        }
        let unsucceeded = &self.unsucceeded[x] * 100u8 - &self.trying[x] * success;
        if !self.nobody.is_zero() {
            self.nobody = &self.nobody / &self.unsucceeded[x] * &unsucceeded;
        } else {
            self.nobody *= 100u8;
        }
        self.unsucceeded[x] = unsucceeded;
        self.trying[x] *= failure;
        self.made[x] += 1;
    }

    /// The chance that someone has succeeded.
    pub fn through(&self) -> Fraction {
        let all = BigUint::from(100u8).pow(self.attempts);
        complement(&self.nobody, all)
    }

    /// The chance that attempter `x`, on its own, has succeeded in its attempts so far.
    pub fn alone(&self, x: usize) -> Fraction {
        let all = BigUint::from(100u8).pow(self.made.get(x).copied().unwrap_or(0));
        complement(self.unsucceeded.get(x).unwrap_or(&all), all.clone())
    }

    /// Attempts made by `x`.
    pub fn made(&self, x: usize) -> u32 {
        self.made.get(x).copied().unwrap_or(0)
    }

    /// Per attempter, the chance its success is the first, as numerators over 100^attempts.
    fn firsts_numerators(&self) -> Vec<BigUint> {
        self.firsts
            .iter()
            .map(|(sum, exponent)| sum * BigUint::from(100u8).pow(self.attempts - exponent))
            .collect()
    }

    /// Per attempter, the chance its success is the first.
    pub fn firsts(&self) -> Vec<Fraction> {
        let all = BigUint::from(100u8).pow(self.attempts);
        self.firsts_numerators()
            .into_iter()
            .map(|n| Fraction::new(BigInt::from(n), all.clone()))
            .collect()
    }
}

/// 1 - part/all.
fn complement(part: &BigUint, all: BigUint) -> Fraction {
    let rest = if *part > all {
        BigUint::zero()
    } else {
        &all - part
    };
    Fraction::new(BigInt::from(rest), all)
}

/// The attempters' turns for each d100 of theirs, turns that stand alike against every turn the
/// others may take counted once with how many faces give them: per rolling attempter, `(its index
/// among the rollers, [(turns, faces)])`. Only how turns compare decides the order, so two rolls
/// whose turns fall in the same gaps between the others' possible turns (or on the same turns)
/// give the same orders: attempters whose turns cannot meet (SPD of other digit counts) have one
/// class each.
type Faces = Vec<(usize, Vec<(Turns, u64)>)>;

/// One roll's turns: each turn number with its Full Actions.
type Turns = Vec<(u128, u32)>;

fn faces(question: &Question, actions: &[u32]) -> Faces {
    let rolls: Vec<(usize, BTreeMap<Turns, u64>)> = question
        .rollers
        .iter()
        .enumerate()
        .filter(|(_, r)| r.attempter.is_some())
        .map(|(i, roller)| {
            let mut seen: BTreeMap<Turns, u64> = BTreeMap::new();
            for d100 in 1..=100 {
                let k = actions.get(i).copied().unwrap_or(1);
                *seen
                    .entry(turns(roller, d100, k, question.method))
                    .or_default() += 1;
            }
            (i, seen)
        })
        .collect();
    // Every turn any attempter may take, with whose it is, sorted: how many of the others' lie
    // below a turn is how many of all lie below it less its owner's own.
    let mut all: Vec<(u128, usize)> = rolls
        .iter()
        .enumerate()
        .flat_map(|(me, (_, seen))| seen.keys().flatten().map(move |(t, _)| (*t, me)))
        .collect();
    all.sort_unstable();
    rolls
        .iter()
        .enumerate()
        .map(|(me, (i, seen))| {
            let mut own: Vec<u128> = seen.keys().flatten().map(|(t, _)| *t).collect();
            own.sort_unstable();
            let mut classes: BTreeMap<Vec<(usize, bool)>, (Turns, u64)> = BTreeMap::new();
            for (turns, count) in seen {
                let signature = turns
                    .iter()
                    .map(|(t, _)| {
                        let below = all.partition_point(|(v, _)| v < t);
                        let mine = own.partition_point(|v| v < t);
                        let equal = all[below..]
                            .iter()
                            .take_while(|(v, _)| v == t)
                            .any(|(_, owner)| *owner != me);
                        (below - mine, equal)
                    })
                    .collect();
                classes
                    .entry(signature)
                    .or_insert_with(|| (turns.clone(), 0))
                    .1 += count;
            }
            (*i, classes.into_values().collect())
        })
        .collect()
}

/// Every order of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for rest in permutations(n - 1) {
        for at in 0..=rest.len() {
            let mut order = rest.clone();
            order.insert(at, n - 1);
            all.push(order);
        }
    }
    all
}

/// n!, saturating.
fn factorial(n: usize) -> u64 {
    (1..=n as u64).fold(1u64, |acc, k| acc.saturating_mul(k))
}

/// The chance that each attempter's success is the first, by the end of the next round, exactly:
/// `walk` is the round under way followed through; every next-round d100 of the attempters who
/// roll is followed (the same turns once, weighted by their faces), each tie's orders equally
/// likely (a fair roll-off, F5). `OverBudget` when the work would pass `budget` units (one unit
/// per turn placed for one combination of d100s and one order of its ties).
///
/// # Errors
/// [`OverBudget`] past the bound.
pub fn next_round(
    question: &Question,
    walk: &Walk,
    budget: u64,
) -> Result<Vec<Fraction>, OverBudget> {
    let actions = most_actions(question);
    let faces = faces(question, &actions);
    let slots: usize = faces
        .iter()
        .map(|(_, options)| options.first().map_or(0, |(t, _)| t.len()))
        .sum();
    // Method 2 gives turns by the roll's size, so the count may vary with the d100: take the most.
    let slots = slots.max(
        faces
            .iter()
            .map(|(_, options)| options.iter().map(|(t, _)| t.len()).max().unwrap_or(0))
            .sum(),
    );
    let combinations = faces
        .iter()
        .try_fold(1u64, |acc, (_, options)| {
            acc.checked_mul(options.len() as u64)
        })
        .ok_or(OverBudget)?;
    let mut work = combinations
        .checked_mul(slots.max(1) as u64)
        .ok_or(OverBudget)?;
    if work > budget {
        return Err(OverBudget);
    }
    // Every weight is a whole number over scale × 100^rollers: scale is a multiple of each
    // combination's ties' orders (most have none), grown when a combination needs it.
    let mut scale = BigUint::one();
    let mut sequences: HashMap<Vec<(usize, u32)>, BigUint> = HashMap::new();
    let mut at = vec![0usize; faces.len()];
    loop {
        let mut placed = Vec::with_capacity(slots);
        let mut count = 1u64;
        for (f, (roller_index, options)) in faces.iter().enumerate() {
            let (turns, weight) = &options[at[f]];
            count *= weight;
            let roller = &question.rollers[*roller_index];
            let attempter = roller.attempter.unwrap_or(0);
            placed.extend(turns.iter().map(|&(turn, actions)| Placed {
                turn,
                spd: roller.spd,
                lck: roller.lck,
                attempter,
                actions,
            }));
        }
        let ties = arrange(&mut placed);
        let orders = ties
            .iter()
            .fold(1u64, |acc, (_, len)| acc.saturating_mul(factorial(*len)));
        if orders > 1 {
            work = work.saturating_add(orders.saturating_mul(placed.len() as u64));
            if work > budget {
                return Err(OverBudget);
            }
        }
        let weight = if orders == 1 {
            &scale * count
        } else {
            let orders = BigUint::from(orders);
            if !(&scale % &orders).is_zero() {
                for weight in sequences.values_mut() {
                    *weight *= &orders;
                }
                scale *= &orders;
            }
            &scale / orders * count
        };
        let per_tie: Vec<Vec<Vec<usize>>> =
            ties.iter().map(|(_, len)| permutations(*len)).collect();
        let mut pick = vec![0usize; ties.len()];
        loop {
            let mut order = placed.clone();
            for (t, &(start, _)) in ties.iter().enumerate() {
                for (i, &from) in per_tie[t][pick[t]].iter().enumerate() {
                    order[start + i] = placed[start + from];
                }
            }
            let key: Vec<(usize, u32)> = order.iter().map(|p| (p.attempter, p.actions)).collect();
            *sequences.entry(key).or_default() += &weight;
            if !advance(&mut pick, |t| per_tie[t].len()) {
                break;
            }
        }
        if !advance(&mut at, |f| faces[f].1.len()) {
            break;
        }
    }
    let top = max_attempts(question, walk, &actions);
    let mut sums = vec![BigUint::zero(); walk.firsts.len()];
    for (sequence, weight) in &sequences {
        let mut follow = walk.clone();
        for &(x, k) in sequence {
            follow.attempts(x, k);
        }
        // Every sequence has the same attempts (the turns' count is fixed by SPD's digits); the
        // power keeps the sum right were it ever to differ.
        let lift = BigUint::from(100u8).pow(top.saturating_sub(follow.attempts));
        for (x, first) in follow.firsts_numerators().into_iter().enumerate() {
            sums[x] += first * weight * &lift;
        }
    }
    let rolled = u32::try_from(faces.len()).unwrap_or(u32::MAX);
    let denominator = scale * BigUint::from(100u8).pow(rolled) * BigUint::from(100u8).pow(top);
    Ok(sums
        .into_iter()
        .map(|s| Fraction::new(BigInt::from(s), denominator.clone()))
        .collect())
}

/// The most attempts a play may reach by the end of the next round: those of `walk` and every
/// attempter's Full Actions of the next round at the most turns (method 2: 16 turns at 31 digits).
fn max_attempts(question: &Question, walk: &Walk, actions: &[u32]) -> u32 {
    let next: u32 = question
        .rollers
        .iter()
        .enumerate()
        .filter(|(_, r)| r.attempter.is_some())
        .map(|(i, roller)| {
            (1..=100)
                .map(|d100| {
                    turns(
                        roller,
                        d100,
                        actions.get(i).copied().unwrap_or(1),
                        question.method,
                    )
                    .iter()
                    .map(|(_, k)| k)
                    .sum::<u32>()
                })
                .max()
                .unwrap_or(0)
        })
        .sum();
    walk.attempts + next
}

/// Moves an odometer `digits` (digit `i` below `size(i)`) one step; false when it wraps to the
/// start.
fn advance(digits: &mut [usize], size: impl Fn(usize) -> usize) -> bool {
    for i in (0..digits.len()).rev() {
        digits[i] += 1;
        if digits[i] < size(i) {
            return true;
        }
        digits[i] = 0;
    }
    false
}
