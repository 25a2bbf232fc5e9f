//! Keep/drop over exploding (`!`) dice, exact: every explosion is a die of the pool that keep/drop
//! applies to, and the pool's size varies, up to 101 dice a chain.
//!
//! **Two kinds of dice.** With the throw's faces split into those that explode (E) and those that
//! stop a chain (F), a chain of throws is some E throws and then an F throw, or (capped) 100 E throws
//! and a last throw of either kind. Which throw of a chain showed what does not matter to keep/drop,
//! only the multiset of the pool: `M` dice showing E faces, each with the E faces' weights, and `m`
//! showing F faces, with the F faces' (`m = n` but for capped chains ending on an E face). The joint
//! weight of `(M, m)`, padded to the capped process's common total `T^(101 n)` as every other answer
//! of the engine is, is the coefficient `P_Mm` of one polynomial, `(y B(x) + x^101)^n` ([`pool`]).
//!
//! **The multiset method over two kinds.** Keep/drop visits the faces in order, as [`super::keep`]
//! does, and chooses how many dice of the face's kind show each face, with binomial weights. The
//! pool's size never has to be enumerated: where the walk stops placing dice one by one, every die
//! left lies beyond, and the sum over every `(M, m)` of what lies beyond is a Taylor coefficient of
//! `P` at the weights (or the score distributions) of the faces not yet visited. That is the
//! grouping of pool sizes: once `M` passes what is placed, all larger pools count together, by the
//! tail sums this coefficient holds.
//! - Keeping `K` (`kh`, `kl`): from the kept end, the kept dice's sums in the states and the
//!   dropped dice beyond as numbers ([`kept`]); small, whatever `n`.
//! - Dropping `D` (`dl`, `dh`): from the dropped end, the dropped dice as numbers and the kept ones
//!   beyond as distributions, each pool size's kept sum as large as the plain `!` sum ([`dropped`]).
//!
//! The work is estimated and charged before it is done; beyond the bounds the answer is
//! [`OddsError::TooLarge`].

mod binomials;
mod cost;
mod dropped;
mod kept;
mod pool;

use super::OddsError;
use super::budget::Budget;
use super::die::{Throw, chain};
use super::dist::Dist;
use super::keep::shift;
use super::weight::Weight;
use crate::notation::{ComparePoint, Keep, KeepMode};
use binomials::Binomials;
use pool::{CAP, ChainPool};

/// One face of the throw in the order keep/drop visits them: from the first dropped to the last kept.
#[derive(Debug, Clone)]
pub struct PoolFace<W> {
    /// What a kept die showing it adds (the face, or 1/0 when counting successes).
    pub score: i64,
    /// Its weight in one throw (after rerolls).
    pub weight: W,
    /// Whether a throw showing it explodes.
    pub explodes: bool,
}

/// Placing `h` more dice on one face, after `a` E dice and `b` F dice: the multiset method's step.
struct Placing<W> {
    explodes: bool,
    /// `w^h` for `h < len`.
    powers: Vec<W>,
}

impl<W: Weight> Placing<W> {
    /// For `face`, with fewer than `len` dice at a time.
    fn new(face: &PoolFace<W>, len: usize) -> Result<Self, OddsError> {
        let mut powers = vec![W::one()];
        for h in 1..len {
            let next = powers[h - 1]
                .mul(&face.weight)
                .map_err(|_| OddsError::WeightOverflow)?;
            powers.push(next);
        }
        Ok(Self {
            explodes: face.explodes,
            powers,
        })
    }

    /// The counts after `h` more dice (`h < len`), and their weight `C(c + h, h) w^h`, `c` the count
    /// of the face's kind so far (the pool's own `C(M, a) C(m, b)` comes with `G`).
    fn place(
        &self,
        (a, b): (usize, usize),
        h: usize,
        choose: &Binomials<W>,
    ) -> Result<((usize, usize), W), OddsError> {
        let (placed, c) = if self.explodes {
            ((a + h, b), a)
        } else {
            ((a, b + h), b)
        };
        let weight = choose
            .get((c + h) as u64, h as u64)
            .mul(&self.powers[h])
            .map_err(|_| OddsError::WeightOverflow)?;
        Ok((placed, weight))
    }
}

/// The distribution of the summed scores of the dice `keep` leaves of `n` chains of `throw`, each
/// exploding on `explode` up to 100 times, a kept die adding `score(face)`. The total weight is the
/// capped process's, `T^(101 n)` for a throw of total `T`, as [`chain`]'s power gives without keep.
///
/// # Errors
/// [`OddsError::TooLarge`] before any work when the estimate or the answer's span passes the budget;
/// [`OddsError::OutcomeOverflow`] for sums beyond `i64`; a `u128` weight overflow (the engine then
/// starts again with big integers).
pub fn keep_exploding<W: Weight>(
    throw: &Throw<W>,
    explode: ComparePoint,
    score: impl Fn(i64) -> i64,
    keep: Keep,
    n: u64,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    if n == 0 {
        return Ok(Dist::constant(0));
    }
    let most_dice = (CAP as u64 + 1).saturating_mul(n);
    let (ascending, keeping) = match keep.mode {
        KeepMode::KeepHighest => (true, true),
        KeepMode::KeepLowest => (false, true),
        KeepMode::DropLowest => (true, false),
        KeepMode::DropHighest => (false, false),
    };
    let count = keep.count;
    if (keeping && count >= most_dice) || (!keeping && count == 0) {
        let (one_chain, _) = chain(throw, explode, score, budget)?;
        return one_chain.power(n, budget);
    }
    // Scores in the order keep/drop visits the faces, each with whether it explodes.
    let mut visits: Vec<(i64, bool)> = throw
        .faces
        .iter()
        .map(|(face, _)| (score(*face), explode.matches(*face)))
        .collect();
    if !ascending {
        visits.reverse();
    }
    // The kept sums' range, before any work: between the fewest dice kept (the pool holds n at
    // least) and the most, at the lowest and highest scores.
    let (fewest, most) = if keeping {
        (count.min(n), count)
    } else {
        (n.saturating_sub(count), most_dice.saturating_sub(count))
    };
    let low = visits.iter().map(|v| v.0).min().unwrap_or(0);
    let high = visits.iter().map(|v| v.0).max().unwrap_or(0);
    let reach = |dice: u64, score: i64| i128::from(dice) * i128::from(score);
    let to_i64 = |v: i128| i64::try_from(v).unwrap_or(if v < 0 { i64::MIN } else { i64::MAX });
    let span = budget.span(
        to_i64(reach(fewest, low).min(reach(most, low))),
        to_i64(reach(fewest, high).max(reach(most, high))),
    )?;
    let total = throw.total()?;
    let sizes = cost::Sizes::new(n, total.bits());
    let estimate = if count >= most_dice {
        cost::nothing_kept(sizes)
    } else if keeping {
        cost::keeping(&visits, n, count, sizes)
    } else {
        cost::dropping(&visits, n, count, sizes) + span as f64
    };
    budget.charge_cells(cost::units(estimate))?;
    let pool = ChainPool::new(n, &total)?;
    if count == 0 || count >= most_dice {
        return Ok(Dist {
            min: 0,
            weights: vec![pool.total()?],
        });
    }
    let mut order: Vec<PoolFace<W>> = throw
        .faces
        .iter()
        .map(|(face, weight)| PoolFace {
            score: score(*face),
            weight: weight.clone(),
            explodes: explode.matches(*face),
        })
        .collect();
    if !ascending {
        order.reverse();
    }
    if keeping {
        kept::keep_fixed(&order, &pool, n, count)
    } else {
        dropped::drop_fixed(&order, &pool, n, count, &mut Budget::unmetered())
    }
}
