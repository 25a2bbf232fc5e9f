//! Exact odds of Chi's rolls (ruling C3): P(success) of an action for any number of dice, Difficulty,
//! modifier and tie rule, and of an opposed action. Built on [`skald_dice::odds::pools::sum`]; every
//! probability is an exact [`Fraction`], never floating point.
//!
//! An action succeeds when the player's sum plus the modifier is greater than the GM's sum of
//! Difficulty d6. Under option `tie = "fail"` a tie fails. Under `tie = "reroll"` both roll again
//! until the totals differ, so P(success) = P(greater) / (P(greater) + P(less)): the chance the
//! action succeeds once it is settled. (The rules refuse an action still tied after 100 rerolls and
//! the GM asks again, which settles it the same way; see `docs/chi.md`.) An opposed action is the
//! same comparison with the defender's dice for the Difficulty, the modifiers netted, and ties to
//! the defender.

use crate::error::ChiError;
use crate::limits::{MAX_DIFFICULTY, MAX_POOL};
use crate::options::TieRule;
use crate::round::{check_difficulty, check_modifier};
use num_bigint::{BigInt, BigUint};
use skald_dice::odds::{Distribution, Fraction, pools};

/// The odds of one action or opposed action, exact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionOdds {
    /// P(the action succeeds), after rerolled ties under `tie = "reroll"`.
    pub p_success: Fraction,
    /// P(it fails): `1 - p_success`.
    pub p_failure: Fraction,
    /// P(one roll's totals tie): a failure under `tie = "fail"` and in an opposed action, a reroll
    /// under `tie = "reroll"`.
    pub p_tie: Fraction,
}

/// How two sums compare: weights of "greater", "equal" and "less" over a common total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Comparison {
    pub greater: BigUint,
    pub equal: BigUint,
    pub less: BigUint,
    pub total: BigUint,
}

/// The exact distribution of the sum of `count` d6, `count` 0-100.
///
/// # Errors
/// [`ChiError::Odds`] if the odds engine refuses (it does not for 0-100 d6).
pub fn pool_sum(count: u32) -> Result<Distribution, ChiError> {
    pools::sum(u64::from(count), 6).map_err(|e| ChiError::Odds(e.to_string()))
}

/// The GM's (or the defender's) sums, with the cumulative weights a comparison needs, computed once
/// and compared against as many player pools as asked.
pub(crate) struct Against {
    /// `(sum, weight)`, ascending.
    outcomes: Vec<(i64, BigUint)>,
    /// `below[j]`: the weight of the sums strictly below `outcomes[j]`.
    below: Vec<BigUint>,
    /// Every weight: the distribution's total.
    total: BigUint,
}

impl Against {
    /// Prepares `gm` for comparisons.
    pub(crate) fn new(gm: &Distribution) -> Self {
        let mut below = Vec::with_capacity(gm.outcomes.len());
        let mut running = BigUint::default();
        for (_, w) in &gm.outcomes {
            below.push(running.clone());
            running += w;
        }
        Self {
            outcomes: gm.outcomes.clone(),
            below,
            total: gm.total.clone(),
        }
    }

    /// Compares `player + modifier` with these sums in one pass over the player's sums (not one per
    /// pair of outcomes).
    pub(crate) fn compare(&self, player: &Distribution, modifier: i32) -> Comparison {
        let mut greater = BigUint::default();
        let mut equal = BigUint::default();
        for (s, ws) in &player.outcomes {
            let total = s + i64::from(modifier);
            let at = self.outcomes.partition_point(|(g, _)| *g < total);
            match self.below.get(at) {
                Some(lower) => greater += ws * lower,
                None => greater += ws * &self.total,
            }
            if let Some((g, wg)) = self.outcomes.get(at)
                && *g == total
            {
                equal += ws * wg;
            }
        }
        let total = &player.total * &self.total;
        let less = &total - &greater - &equal;
        Comparison {
            greater,
            equal,
            less,
            total,
        }
    }
}

/// Compares `player + modifier` with `gm` (see [`Against::compare`]).
pub(crate) fn compare(player: &Distribution, modifier: i32, gm: &Distribution) -> Comparison {
    Against::new(gm).compare(player, modifier)
}

fn fraction(numerator: &BigUint, denominator: &BigUint) -> Fraction {
    Fraction::new(BigInt::from(numerator.clone()), denominator.clone())
}

impl Comparison {
    /// P(success) as numerator and denominator, unreduced: greater / total when ties fail, greater
    /// / (greater + less) when they are rerolled.
    pub(crate) fn success(&self, tie: TieRule) -> (BigUint, BigUint) {
        match tie {
            TieRule::Fail => (self.greater.clone(), self.total.clone()),
            TieRule::Reroll => (self.greater.clone(), &self.greater + &self.less),
        }
    }

    fn odds(&self, tie: TieRule) -> ActionOdds {
        let (num, den) = self.success(tie);
        let failure = &den - &num;
        ActionOdds {
            p_success: fraction(&num, &den),
            p_failure: fraction(&failure, &den),
            p_tie: fraction(&self.equal, &self.total),
        }
    }
}

/// The odds of an action: `dice` d6 (1-100) plus `modifier` (-100..=100) against `difficulty`
/// d6 (1-100), ties settled by `tie` (C3).
///
/// # Errors
/// [`ChiError::OutOfRange`] naming `dice`, `difficulty` or `modifier`.
pub fn action(
    dice: u32,
    difficulty: u32,
    modifier: i32,
    tie: TieRule,
) -> Result<ActionOdds, ChiError> {
    ChiError::check_range("dice", dice, 1, MAX_POOL, "d6 put into the action")?;
    check_difficulty("difficulty", difficulty)?;
    check_modifier("modifier", modifier)?;
    let comparison = compare(&pool_sum(dice)?, modifier, &pool_sum(difficulty)?);
    Ok(comparison.odds(tie))
}

/// The odds of an opposed action for the actor: `actor_dice` d6 (1-100) plus `modifier` (the
/// actor's modifier minus the defender's, -200..=200) against the defender's `defender_dice` d6
/// (0-100); a tie goes to the defender (C3).
///
/// # Errors
/// [`ChiError::OutOfRange`] naming `dice`, `defender_dice` or `modifier`.
pub fn opposed(actor_dice: u32, defender_dice: u32, modifier: i32) -> Result<ActionOdds, ChiError> {
    ChiError::check_range("dice", actor_dice, 1, MAX_POOL, "d6 put into the action")?;
    ChiError::check_range(
        "defender_dice",
        defender_dice,
        0,
        MAX_DIFFICULTY,
        "d6 the defender keeps back for the reaction",
    )?;
    ChiError::check_range(
        "modifier",
        modifier,
        -200,
        200,
        "the actor's modifier minus the defender's",
    )?;
    let comparison = compare(&pool_sum(actor_dice)?, modifier, &pool_sum(defender_dice)?);
    Ok(comparison.odds(TieRule::Fail))
}
