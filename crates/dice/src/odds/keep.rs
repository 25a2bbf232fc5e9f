//! Keeping the highest `k` of `n` identical dice, by the multiset method: outcome by outcome, count how
//! many dice show it, with binomial weights; sequences of dice are never enumerated.
//!
//! Outcomes are visited from the dropped end: for keep-highest, lowest first. A state is only the
//! number of dice placed so far, all dropped. When a choice at outcome `o` reaches the dropped count,
//! the dice still unplaced all lie beyond `o` and are all kept: their summed scores are a power of the
//! die cut to the outcomes beyond `o`, precomputed once per outcome. Work: about
//! `outcomes * (n - k) * (k + 1)` shifted additions.

use super::OddsError;
use super::budget::Budget;
use super::dist::{Dist, add_outcome};
use super::weight::{Overflow, Weight};

fn overflow(_: Overflow) -> OddsError {
    OddsError::WeightOverflow
}

/// One outcome of a die for keeping: its weight, and the score a kept die showing it adds.
#[derive(Debug, Clone)]
pub struct Face<W> {
    /// What a kept die with this outcome adds (the outcome itself, or 1/0 when counting successes).
    pub score: i64,
    /// The outcome's weight.
    pub weight: W,
}

/// The distribution of the summed scores of the `keep` dice that come last in `order` among `n`
/// independent dice. `order` lists the die's outcomes from the first dropped to the last kept (for
/// keep-highest: ascending). `0 < keep < n` is the caller's case; the edges are handled too.
pub fn keep_last<W: Weight>(
    order: &[Face<W>],
    n: u64,
    keep: u64,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let full = scored(order, budget)?;
    if keep == 0 {
        let total = full.total()?.pow(n).map_err(overflow)?;
        return Ok(Dist {
            min: 0,
            weights: vec![total],
        });
    }
    if keep >= n {
        return full.power(n, budget);
    }
    let dropped = (n - keep) as usize;
    let m = order.len();
    budget.charge_cells(m as u128 * dropped as u128 * (keep as u128 + 1))?;
    // beyond[j]: the die cut to outcomes after j; powers[j][r] = beyond[j]^r for r = 0..=keep.
    let mut result: Vec<(i64, W)> = Vec::new();
    let mut result_dist: Option<Dist<W>> = None;
    // Binomial rows C(n - d, .) for d = 0..dropped, built on demand.
    let mut states: Vec<W> = vec![W::zero(); dropped];
    states[0] = W::one();
    // The die cut to the outcomes after the current one: the whole die, less each outcome as it passes.
    let mut rest_of_die = full.clone();
    for (j, face) in order.iter().enumerate() {
        let slot = (face.score - rest_of_die.min) as usize;
        rest_of_die.weights[slot] = rest_of_die.weights[slot]
            .sub(&face.weight)
            .map_err(overflow)?;
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
                    binomial = binomial
                        .mul_small(remaining - here + 1)
                        .map_err(overflow)?
                        .div_small(here);
                    face_power = face_power.mul(&face.weight).map_err(overflow)?;
                }
                if face_power.is_zero() {
                    break;
                }
                let coeff = states[d]
                    .mul(&binomial)
                    .and_then(|c| c.mul(&face_power))
                    .map_err(overflow)?;
                let placed = d as u64 + here;
                if placed < dropped as u64 {
                    let slot = &mut next_states[placed as usize];
                    *slot = slot.add(&coeff).map_err(overflow)?;
                    continue;
                }
                let kept_here = placed - dropped as u64;
                let rest = (n - placed) as usize;
                let Some(rest_dist) = powers.get(rest) else {
                    continue;
                };
                let shift = face.score.checked_mul(kept_here as i64).ok_or_else(|| {
                    OddsError::OutcomeOverflow(format!("{kept_here} * {}", face.score))
                })?;
                budget.charge_cells(rest_dist.weights.len() as u128)?;
                for (o, w) in rest_dist.outcomes() {
                    result.push((add_outcome(o, shift)?, w.mul(&coeff).map_err(overflow)?));
                }
                // Fold often so the pair list stays small.
                if result.len() > 4096 {
                    let part = Dist::from_pairs(std::mem::take(&mut result), budget)?;
                    result_dist = Some(match result_dist {
                        Some(acc) => super::die::add(&acc, &part, budget)?,
                        None => part,
                    });
                }
            }
        }
        states = next_states;
    }
    let part = Dist::from_pairs(result, budget)?;
    Ok(match result_dist {
        Some(acc) => super::die::add(&acc, &part, budget)?,
        None => part,
    })
}

/// The scored distribution of one die over `faces`.
fn scored<W: Weight>(faces: &[Face<W>], budget: &mut Budget) -> Result<Dist<W>, OddsError> {
    Dist::from_pairs(
        faces.iter().map(|f| (f.score, f.weight.clone())).collect(),
        budget,
    )
}
