//! Keeping the highest `k` of `n` identical dice, by the multiset method: outcome by outcome, count how
//! many dice show it, with binomial weights; sequences of dice are never enumerated.
//!
//! Outcomes are visited from the dropped end: for keep-highest, lowest first. A state is only the
//! number of dice placed so far, all dropped. When a choice at outcome `o` reaches the dropped count,
//! the dice still unplaced all lie beyond `o` and are all kept: their summed scores are a power of the
//! die cut to the outcomes beyond `o`, precomputed once per outcome. Work: about
//! `outcomes * (n - k) * (k + 1)` shifted additions.

use super::OddsError;
use super::blocks::Blocks;
use super::budget::Budget;
use super::dist::{Dist, add_into};
use super::weight::{Weight, power_bits};
use super::{keep_blocks, keep_residues, residues};

pub use super::face::Face;

/// The distribution of the summed scores of the `keep` dice that come last in `order` among `n`
/// independent dice. `order` lists the die's outcomes from the first dropped to the last kept (for
/// keep-highest: ascending). `0 < keep < n` is the caller's case; the edges are handled too.
/// `blocks`: the die is compounded and `order` lists the outcomes of these blocks, which may then be
/// summed block by block (`keep_blocks.rs`).
///
/// # Errors
/// [`OddsError::TooLarge`] when the cheapest method's work is beyond the budget (charged before
/// any of it); [`OddsError::WeightOverflow`] when a weight does not fit `W`;
/// [`OddsError::OutcomeOverflow`] when a kept sum leaves `i64`.
pub fn keep_last<W: Weight>(
    order: &[Face<W>],
    n: u64,
    keep: u64,
    blocks: Option<&Blocks>,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let full = scored(order, budget)?;
    if keep == 0 {
        let total = full.total()?.pow(n)?;
        return Ok(Dist {
            min: 0,
            weights: vec![total],
        });
    }
    if keep >= n {
        return full.power(n, budget);
    }
    if keep == 1 {
        budget.charge_big(
            order.len() as u128 * 64,
            u128::from(n) * u128::from(full.total()?.bits()),
        )?;
        return keep_one(order, n, budget);
    }
    let dropped = (n - keep) as usize;
    let m = order.len();
    // Both directions give the same answer; take the cheaper, and charge its whole estimate up front so
    // that a question beyond the bound is refused before any of the work.
    let score_span = (full.weights.len() as u128).max(1);
    let kept_span = u128::from(keep) * score_span + 1;
    let (m_, k_, n_) = (m as u128, u128::from(keep), u128::from(n));
    let dropped_first = m_
        .saturating_mul(dropped as u128 * (k_ + 1) * kept_span)
        .saturating_add(m_.saturating_mul(k_ * kept_span * score_span));
    let kept_first = m_
        .saturating_mul(k_ * k_ * kept_span)
        .saturating_add(m_ * k_ * n_);
    let bits = u128::from(power_bits(&full.total()?, n));
    let multiset = dropped_first.min(kept_first).saturating_mul(1 + bits / 64);
    let outcomes = order.iter().filter(|f| !f.weight.is_zero()).count();
    let span = (keep as usize).saturating_mul(full.weights.len() - 1) + 1;
    // A compounded die's padding divides the kept sums' weights: fewer primes rebuild the rest.
    let kept_high = order.first().map(|f| f.score) < order.last().map(|f| f.score);
    let factors = blocks
        .map(|b| keep_blocks::factors(b, n, keep, kept_high))
        .filter(|f| f.primes().is_some());
    let plain_primes = u64::try_from(bits).ok().and_then(residues::primes_for);
    let primes = match (&factors, plain_primes) {
        (Some(f), Some(k)) => f.primes().map(|fk| fk.min(k)),
        (Some(f), None) => f.primes(),
        (None, k) => k,
    };
    if let Some(k) = primes {
        let factored = factors.as_ref().filter(|f| f.primes() == Some(k));
        let transformed = keep_residues::keep_work(outcomes, n, keep, span, k);
        let by_blocks = match (blocks, factored) {
            (Some(b), Some(f)) => keep_blocks::keep_work(b, n, keep, f),
            _ => u128::MAX,
        };
        if transformed.min(by_blocks) < multiset {
            if bits > u128::from(W::MAX_BITS) {
                return Err(OddsError::WeightOverflow);
            }
            if let (Some(b), Some(f), true) = (blocks, factored, by_blocks <= transformed) {
                budget.charge_cells(by_blocks)?;
                return keep_blocks::keep_last(b, n, keep, kept_high, f);
            }
            budget.charge_cells(transformed)?;
            return keep_residues::keep_last(order, n, keep, k, factored);
        }
    }
    budget.charge_cells(multiset)?;
    let budget = &mut Budget::unmetered();
    if kept_first <= dropped_first {
        keep_first(order, n, keep, budget)
    } else {
        drop_first(order, n, keep, budget)
    }
}

/// Visiting outcomes from the dropped end (see the module docs). `0 < keep < n`.
pub(super) fn drop_first<W: Weight>(
    order: &[Face<W>],
    n: u64,
    keep: u64,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let full = scored(order, budget)?;
    let dropped = (n - keep) as usize;
    let m = order.len();
    // beyond[j]: the die cut to outcomes after j; powers[j][r] = beyond[j]^r for r = 0..=keep.
    let mut result: Option<Dist<W>> = None;
    // Binomial rows C(n - d, .) for d = 0..dropped, built on demand.
    let mut states: Vec<W> = vec![W::zero(); dropped];
    states[0] = W::one();
    // The die cut to the outcomes after the current one: the whole die, less each outcome as it passes.
    let mut rest_of_die = full.clone();
    for (j, face) in order.iter().enumerate() {
        let slot = (face.score - rest_of_die.min) as usize;
        rest_of_die.weights[slot] = rest_of_die.weights[slot].sub(&face.weight)?;
        let beyond = if j + 1 < m {
            Some(rest_of_die.clone().trimmed())
        } else {
            None
        };
        // Powers of `beyond` up to `keep`, incrementally.
        let mut powers: Vec<Dist<W>> = vec![Dist::constant(0)];
        for r in 1..=keep as usize {
            let next = match &beyond {
                Some(b) => Some(powers[r - 1].convolve(b, budget)?),
                None => None,
            };
            match next {
                Some(p) => powers.push(p),
                None => break,
            }
        }
        let mut next_states: Vec<W> = vec![W::zero(); dropped];
        for (d, state) in states.iter().enumerate() {
            if state.is_zero() {
                continue;
            }
            let remaining = n - d as u64;
            let mut binomial = W::one(); // C(remaining, m_here)
            let mut face_power = W::one(); // weight^m_here
            for here in 0..=remaining {
                if here > 0 {
                    binomial = binomial.mul_small(remaining - here + 1)?.div_small(here);
                    face_power = face_power.mul(&face.weight)?;
                }
                if face_power.is_zero() {
                    break;
                }
                let coeff = states[d].mul(&binomial).and_then(|c| c.mul(&face_power))?;
                let placed = d as u64 + here;
                if placed < dropped as u64 {
                    let slot = &mut next_states[placed as usize];
                    *slot = slot.add(&coeff)?;
                    continue;
                }
                let kept_here = placed - dropped as u64;
                let rest = (n - placed) as usize;
                let Some(rest_dist) = powers.get(rest) else {
                    continue;
                };
                add_into(
                    &mut result,
                    rest_dist,
                    &coeff,
                    shift(kept_here, face.score)?,
                )?;
            }
        }
        states = next_states;
    }
    Ok(result.map_or_else(
        || Dist {
            min: 0,
            weights: vec![W::zero()],
        },
        Dist::trimmed,
    ))
}

/// The scored distribution of one die over `faces`.
fn scored<W: Weight>(faces: &[Face<W>], budget: &mut Budget) -> Result<Dist<W>, OddsError> {
    Dist::from_pairs(
        faces.iter().map(|f| (f.score, f.weight.clone())).collect(),
        budget,
    )
}

/// The same answer, visiting outcomes from the kept end: a state is how many dice are kept so far (fewer
/// than `keep`) with the distribution of their summed scores. Once `keep` dice are placed, the others all
/// lie beyond (on the dropped side) and only their total weight matters, a number, not a distribution.
/// Work: about `outcomes * keep^2` shifted additions.
pub(super) fn keep_first<W: Weight>(
    order: &[Face<W>],
    n: u64,
    keep: u64,
    _budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let k = keep as usize;
    // beyond[j]: total weight of the outcomes dropped-side of position j in kept-first order.
    let kept_order: Vec<&Face<W>> = order.iter().rev().collect();
    let mut beyond = vec![W::zero(); kept_order.len()];
    let mut acc = W::zero();
    for j in (0..kept_order.len()).rev() {
        beyond[j] = acc.clone();
        acc = acc.add(&kept_order[j].weight)?;
    }
    let mut states: Vec<Option<Dist<W>>> = vec![None; k];
    states[0] = Some(Dist::constant(0));
    let mut result: Option<Dist<W>> = None;
    for (j, face) in kept_order.iter().enumerate() {
        let mut next: Vec<Option<Dist<W>>> = vec![None; k];
        for (c, state) in states.iter().enumerate() {
            let Some(sums) = state else { continue };
            let remaining = n - c as u64;
            let kept_here = keep - c as u64;
            // here < keep - c dice at this outcome: all kept, the state grows. Their coefficients
            // C(remaining, here) * t^here also give the finishing weight below.
            let mut coeffs: Vec<W> = Vec::with_capacity(kept_here as usize);
            let mut binomial = W::one();
            let mut face_power = W::one();
            for here in 0..kept_here {
                if here > 0 {
                    binomial = binomial.mul_small(remaining - here + 1)?.div_small(here);
                    face_power = face_power.mul(&face.weight)?;
                }
                let coeff = binomial.mul(&face_power)?;
                add_into(
                    &mut next[c + here as usize],
                    sums,
                    &coeff,
                    shift(here, face.score)?,
                )?;
                coeffs.push(coeff);
            }
            // here >= keep - c: keep - c of them kept, the rest dropped with everything beyond. By the
            // binomial theorem their weight is (t + b)^remaining less the terms above, each times
            // b^(remaining - here).
            let b = &beyond[j];
            let all = face.weight.add(b).and_then(|tb| tb.pow(remaining))?;
            let mut b_power = b.pow(remaining - kept_here + 1)?;
            let mut partial = W::zero();
            for coeff in coeffs.iter().rev() {
                partial = partial.add(&coeff.mul(&b_power)?)?;
                b_power = b_power.mul(b)?;
            }
            let tail = all.sub(&partial)?;
            if !tail.is_zero() {
                add_into(&mut result, sums, &tail, shift(kept_here, face.score)?)?;
            }
        }
        states = next;
    }
    Ok(result.unwrap_or_else(|| Dist {
        min: 0,
        weights: vec![W::zero()],
    }))
}

/// `count * score`, the amount kept dice move a sum by.
pub(super) fn shift(count: u64, score: i64) -> Result<i64, OddsError> {
    score
        .checked_mul(count as i64)
        .ok_or_else(|| OddsError::OutcomeOverflow(format!("{count} * {score}")))
}

/// Keeping one die of `n`: the kept die is the last in `order` among them, so its outcome is at most
/// the j-th with weight `C_j^n` (`C_j` the weight of the first j outcomes), and exactly the j-th with
/// `C_j^n - C_(j-1)^n`.
fn keep_one<W: Weight>(
    order: &[Face<W>],
    n: u64,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let mut cumulative = W::zero();
    let mut below = W::zero();
    let mut pairs = Vec::with_capacity(order.len());
    for face in order {
        cumulative = cumulative.add(&face.weight)?;
        let at_most = cumulative.pow(n)?;
        pairs.push((face.score, at_most.sub(&below)?));
        below = at_most;
    }
    Dist::from_pairs(pairs, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    #[test]
    fn both_directions_agree() {
        for (n, keep, weights) in [
            (4u64, 3u64, vec![1u128, 1, 1, 1, 1, 1]),
            (5, 2, vec![3, 1, 4, 1, 5]),
            (7, 3, vec![2, 0, 7, 1, 8]),
            (6, 5, vec![1, 2, 3]),
            (3, 1, vec![9, 1]),
        ] {
            let order: Vec<Face<u128>> = weights
                .iter()
                .enumerate()
                .filter(|(_, w)| **w > 0)
                .map(|(i, w)| Face {
                    score: i as i64 + 1,
                    weight: *w,
                })
                .collect();
            let a = keep_first(&order, n, keep, &mut Budget::new()).map(Dist::trimmed);
            let b = drop_first(&order, n, keep, &mut Budget::new()).map(Dist::trimmed);
            assert_eq!(a, b, "{n} dice keep {keep} of {weights:?}");
            let total: u128 = weights.iter().sum::<u128>().pow(n as u32);
            assert_eq!(a.and_then(|d| d.total()), Ok(total));
        }
    }

    #[test]
    fn keeping_by_residues_matches_the_multiset_method() {
        for (n, keep, weights, scores) in [
            (
                4u64,
                3u64,
                vec![1u128, 1, 1, 1, 1, 1],
                vec![1i64, 2, 3, 4, 5, 6],
            ),
            (7, 3, vec![2, 0, 7, 1, 8], vec![-2, -1, 0, 1, 2]),
            (9, 5, vec![u128::MAX, 3, u128::MAX / 7], vec![1, 5, 40]),
            (6, 2, vec![5, 1, 4, 2], vec![0, 0, 1, 1]),
            (30, 12, vec![1; 10], (1..=10).collect()),
        ] {
            let order: Vec<Face<BigUint>> = weights
                .iter()
                .zip(&scores)
                .map(|(w, s)| Face {
                    score: *s,
                    weight: BigUint::from(*w),
                })
                .collect();
            let expected = keep_first(&order, n, keep, &mut Budget::new()).unwrap();
            let total: BigUint = weights.iter().map(|w| BigUint::from(*w)).sum();
            let k = residues::primes_for(total.bits() * n).unwrap();
            let got = keep_residues::keep_last(&order, n, keep, k, None).unwrap();
            assert_eq!(
                got,
                expected.trimmed(),
                "{n} dice keep {keep} of {weights:?}"
            );
        }
    }

    /// The blocks of a die with `weights` on faces 1, 2, ... whose highest face explodes, and its
    /// outcomes in the order of `kept_high`.
    fn compounded(weights: &[u64], kept_high: bool) -> (Blocks, Vec<Face<BigUint>>) {
        let faces: Vec<(i64, BigUint)> = weights
            .iter()
            .enumerate()
            .map(|(i, w)| (i as i64 + 1, BigUint::from(*w)))
            .collect();
        let top = weights.len() as i64;
        let blocks = Blocks::of(&faces, |f| f == top).unwrap();
        let mut order: Vec<Face<BigUint>> = blocks
            .outcomes()
            .into_iter()
            .map(|(score, weight)| Face { score, weight })
            .collect();
        if !kept_high {
            order.reverse();
        }
        (blocks, order)
    }

    const COMPOUNDED: [(&[u64], u64, u64, bool); 8] = [
        (&[1, 1, 1, 1], 3, 2, true),
        (&[1, 1, 1, 1], 3, 2, false),
        (&[1, 1, 1, 1, 1, 1], 4, 3, true),
        (&[1, 1, 1, 1, 1, 1], 4, 3, false),
        (&[2, 1, 3], 4, 1, true),
        (&[2, 1, 3], 4, 3, false),
        (&[1, 1], 5, 2, true),
        (&[3, 1, 1, 2, 5], 3, 2, true),
    ];

    #[test]
    fn keeping_by_blocks_matches_the_multiset_method() {
        for (weights, n, keep, kept_high) in COMPOUNDED {
            let (blocks, order) = compounded(weights, kept_high);
            let expected = keep_first(&order, n, keep, &mut Budget::unmetered())
                .unwrap()
                .trimmed();
            let factors = keep_blocks::factors(&blocks, n, keep, kept_high);
            let got = keep_blocks::keep_last(&blocks, n, keep, kept_high, &factors).unwrap();
            assert_eq!(
                got, expected,
                "{weights:?}: {n} keep {keep}, high {kept_high}"
            );
            let residues = keep_residues::keep_last(
                &order,
                n,
                keep,
                factors.primes().unwrap(),
                Some(&factors),
            )
            .unwrap();
            assert_eq!(
                residues, expected,
                "by outcomes, {weights:?}: {n} keep {keep}"
            );
        }
    }

    /// The padding's bound is a bound: each kept sum's weight is divisible by the power of `T`
    /// the factors name, and the rest has no more bits than they allow (fewer primes than it
    /// needs would rebuild another number).
    #[test]
    fn the_padding_bound_holds_for_every_kept_sum() {
        for (weights, n, keep, kept_high) in COMPOUNDED {
            let (blocks, order) = compounded(weights, kept_high);
            let expected = keep_first(&order, n, keep, &mut Budget::unmetered()).unwrap();
            let factors = keep_blocks::factors(&blocks, n, keep, kept_high);
            let lowest = keep as i64 * blocks.lowest();
            assert!(expected.min >= lowest);
            let total = BigUint::from(blocks.total);
            for (i, weight) in expected.weights.iter().enumerate() {
                let at = (expected.min - lowest) as usize + i;
                assert_eq!(factors.valuations[at][1], 0);
                let power = total.pow(factors.valuations[at][0] as u32);
                assert_eq!(weight % &power, BigUint::ZERO, "{weights:?}: sum {at}");
                let quotient = weight / &power;
                assert!(
                    quotient.bits() <= factors.bits[at],
                    "{weights:?} {n} keep {keep}: sum {at} has {} bits, bound {}",
                    quotient.bits(),
                    factors.bits[at]
                );
            }
        }
    }
}
