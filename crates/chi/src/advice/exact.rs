//! The exact chance that a declared roll succeeds (C3), secret dice averaged over every allocation
//! they may be, each as likely (C4): the mean of the exact chances of each pair of allocations,
//! as a reduced fraction. `work` is what that costs, so the caller can keep within
//! [`crate::limits::MAX_EXACT_WORK`] and simulate beyond it.

use crate::advice::question::{Against, Declared, Dice};
use crate::error::Error;
use crate::model::options::TieRule;
use crate::odds::{compare, pool_sum};
use num_bigint::{BigInt, BigUint};
use skald_dice::odds::{Distribution, Fraction};

/// The sums of 0-100 d6, each worked out once when first needed.
#[derive(Default)]
pub struct Sums {
    cache: Vec<Option<Distribution>>,
}

impl Sums {
    /// The distribution of the sum of `count` d6.
    pub fn get(&mut self, count: u32) -> Result<&Distribution, Error> {
        let at = count as usize;
        if self.cache.len() <= at {
            self.cache.resize(at + 1, None);
        }
        if self.cache[at].is_none() {
            self.cache[at] = Some(pool_sum(count)?);
        }
        self.cache[at]
            .as_ref()
            .ok_or_else(|| Error::Odds("a sum of d6 could not be kept".into()))
    }
}

/// The work of [`chance`] on `roll`, in multiplications of big numbers: for each pair of
/// allocations, one per outcome of the acting side's sum (5 × dice + 1).
pub(crate) fn work(roll: &Declared) -> u64 {
    let against = match &roll.against {
        Against::Difficulty(_) => 1,
        Against::Defender { dice, .. } => u64::from(dice.choices()),
    };
    let per_pair = 5 * u64::from(roll.dice.most()) + 1;
    u64::from(roll.dice.choices()) * against * per_pair
}

/// The exact chance that `roll` succeeds: the actor's total above the Difficulty's (ties by
/// `tie`) or above the defender's (a tie goes to the defender), averaged over the secret dice.
pub(crate) fn chance(roll: &Declared, tie: TieRule, sums: &mut Sums) -> Result<Fraction, Error> {
    let (against_dice, rule) = match &roll.against {
        Against::Difficulty(d) => (Dice::Known(*d), tie),
        Against::Defender { dice, .. } => (*dice, TieRule::Fail),
    };
    let mut num = BigUint::default();
    let mut den = BigUint::from(1u8);
    for i in 0..roll.dice.choices() {
        let mine = sums.get(roll.dice.nth(i))?.clone();
        for j in 0..against_dice.choices() {
            let theirs = sums.get(against_dice.nth(j))?;
            let (n, d) = compare(&mine, roll.modifier, theirs).success(rule);
            // num/den + n/d, reduced so the numbers stay as small as the answer.
            let sum = Fraction::new(BigInt::from(&num * &d + &n * &den), &den * &d);
            (num, den) = (
                sum.numerator.to_biguint().unwrap_or_default(),
                sum.denominator,
            );
        }
    }
    let pairs = BigUint::from(roll.dice.choices()) * BigUint::from(against_dice.choices());
    Ok(Fraction::new(BigInt::from(num), den * pairs))
}
