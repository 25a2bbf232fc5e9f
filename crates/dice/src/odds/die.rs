//! One die's distributions: a throw after its rerolls, a chain of explosions, a compounded die.
//!
//! The caps are the roller's: a die is rerolled at most [`MAX_REROLLS`] times (`ro`: once), and a chain
//! holds at most [`MAX_EXPLOSIONS`] explosions (101 throws). The exact answers are exact for these capped
//! processes, and [`Throw::capped`] says whether a cap can be reached at all.

use super::OddsError;
use super::budget::Budget;
use super::dist::{Dist, add_into};
use super::weight::Weight;
use crate::notation::limits::{MAX_EXPLOSIONS, MAX_REROLLS};
use crate::notation::{ComparePoint, Reroll, RerollMode};
use crate::source::Die;

/// A single throw's outcomes and weights (ascending), and whether a cap can be reached.
#[derive(Debug, Clone)]
pub struct Throw<W> {
    /// `(face, weight)`, ascending, zero weights left out.
    pub faces: Vec<(i64, W)>,
    /// Whether some sequence of throws reaches the reroll cap.
    pub capped: bool,
}

impl<W: Weight> Throw<W> {
    /// Total weight.
    pub fn total(&self) -> Result<W, OddsError> {
        self.faces
            .iter()
            .try_fold(W::zero(), |t, (_, w)| t.add(w))
            .map_err(OddsError::from)
    }
}

/// The distribution of one throw of `die` after `reroll`.
///
/// With `r` of the `S` faces rerolled: `r` (repeat) gives face `v` the weight
/// `[v not rerolled] * sum_{i<100} r^i S^(100-i) + r^100` over `S^101`; `ro` gives `[v not rerolled] * S + r`
/// over `S^2`.
pub fn throw<W: Weight>(
    die: Die,
    reroll: Option<&Reroll>,
    budget: &mut Budget,
) -> Result<Throw<W>, OddsError> {
    let (low, high) = (die.lowest(), die.highest());
    budget.charge_cells((high - low + 1) as u128)?;
    let faces: Vec<i64> = (low..=high).collect();
    let Some(reroll) = reroll else {
        return Ok(Throw {
            faces: faces.into_iter().map(|f| (f, W::one())).collect(),
            capped: false,
        });
    };
    let rerolled = |f: i64| reroll.points.iter().any(|p| p.matches(f));
    let s = faces.len() as u128;
    let r = faces.iter().filter(|f| rerolled(**f)).count() as u128;
    if r == 0 {
        return Ok(Throw {
            faces: faces.into_iter().map(|f| (f, W::one())).collect(),
            capped: false,
        });
    }
    let s_w = W::from_u128(s)?;
    let r_w = W::from_u128(r)?;
    let (kept_weight, rerolled_weight, capped) = match reroll.mode {
        RerollMode::Once => (s_w.add(&r_w)?, r_w.clone(), false),
        RerollMode::Repeat => {
            // sum_{i<100} r^i s^(100-i) = s (s^100 - r^100) / (s - r), exactly (r < s: some
            // face stays).
            let cap = MAX_REROLLS as u64;
            let last = r_w.pow(cap)?;
            let sum = s_w
                .pow(cap)
                .and_then(|top| top.sub(&last))
                .and_then(|d| d.mul(&s_w))?
                .div_small((s - r) as u64);
            (sum.add(&last)?, last, true)
        }
    };
    let faces = faces
        .into_iter()
        .map(|f| {
            (
                f,
                if rerolled(f) {
                    rerolled_weight.clone()
                } else {
                    kept_weight.clone()
                },
            )
        })
        .collect();
    Ok(Throw { faces, capped })
}

/// The distribution of the summed `score` of a chain of throws: the first throw, and one more each time
/// the last throw meets `explode`, up to [`MAX_EXPLOSIONS`] explosions. `score` maps a face to what it
/// adds (the face for sums and `!!`, 1 or 0 for success counting). Returns the distribution and whether
/// the cap can be reached.
pub fn chain<W: Weight>(
    throw: &Throw<W>,
    explode: ComparePoint,
    score: impl Fn(i64) -> i64,
    budget: &mut Budget,
) -> Result<(Dist<W>, bool), OddsError> {
    let total = throw.total()?;
    let stop: Vec<(i64, W)> = throw
        .faces
        .iter()
        .filter(|(f, _)| !explode.matches(*f))
        .map(|(f, w)| (score(*f), w.clone()))
        .collect();
    let go: Vec<(i64, W)> = throw
        .faces
        .iter()
        .filter(|(f, _)| explode.matches(*f))
        .map(|(f, w)| (score(*f), w.clone()))
        .collect();
    let last: Vec<(i64, W)> = throw
        .faces
        .iter()
        .map(|(f, w)| (score(*f), w.clone()))
        .collect();
    if !go.is_empty() {
        chain_span(&stop, &go, &last, budget)?;
    }
    let tail = Dist::from_pairs(last, budget)?;
    if go.is_empty() {
        return Ok((tail, false));
    }
    let stop = Dist::from_pairs(stop, budget)?;
    // Exploding faces with one score (success counting: every success explodes) are one face.
    let go = merged(go)?;
    if let [(score, weight)] = go.as_slice() {
        return Ok((
            one_exploding_face(&stop, &tail, *score, weight, &total, budget)?,
            true,
        ));
    }
    if go.iter().all(|(s, _)| *s >= 0) {
        return Ok((by_division(&stop, &tail, &go, &total, budget)?, true));
    }
    if go.iter().all(|(s, _)| *s <= 0) {
        let mirrored: Vec<(i64, W)> = go.iter().map(|(s, w)| (-s, w.clone())).collect();
        let chain = by_division(
            &stop.clone().negated()?,
            &tail.clone().negated()?,
            &mirrored,
            &total,
            budget,
        )?;
        return Ok((chain.negated()?, true));
    }
    Ok((by_convolution(&stop, tail, &go, &total, budget)?, true))
}

/// The chain folded from its last throw back: throw `j` (1-based, `j <= 100`) stops with weight
/// `stop * total^(101 - j)` (padding every path to 101 throws' worth of denominator) or explodes
/// into throw `j + 1`. A hundred convolutions: for exploding faces of both signs.
fn by_convolution<W: Weight>(
    stop: &Dist<W>,
    mut tail: Dist<W>,
    go: &[(i64, W)],
    total: &W,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let go = Dist::from_pairs(go.to_vec(), budget)?;
    let mut padding = W::one();
    for _ in 0..MAX_EXPLOSIONS {
        padding = padding.mul(total)?;
        let mut next = Some(go.convolve(&tail, budget)?);
        add_into(&mut next, stop, &padding, 0)?;
        tail = next.map_or(tail, Dist::trimmed);
    }
    Ok(tail)
}

/// The chain when several faces explode, all scoring 0 or more. With `G` the exploding faces, `F`
/// the stopping ones and `L` every face (as polynomials in the score), the chain is
/// `C = sum_{j<100} G^j F T^(100-j) + G^100 L`, so `C (T - G) = T^101 F + (T - L) G^101`, and
/// `C` comes out coefficient by coefficient: `T C_e = T^101 F_e + T G101_e - (L G101)_e + (G C)_e`,
/// where `(G C)_e` only needs coefficients before `e` (a face scoring 0 moves `T` to `T - w_0`).
/// One power and one short convolution instead of a hundred convolutions.
fn by_division<W: Weight>(
    stop: &Dist<W>,
    last: &Dist<W>,
    go: &[(i64, W)],
    total: &W,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let cap = MAX_EXPLOSIONS as u64;
    let g = Dist::from_pairs(go.to_vec(), budget)?;
    let g_last = g.power(cap + 1, budget)?;
    let l_g_last = last.convolve(&g_last, budget)?;
    let padded = total.pow(cap + 1)?;
    let min = stop.min.min(g_last.min).min(l_g_last.min);
    let max = stop.max().max(g_last.max()).max(l_g_last.max());
    let span = budget.span(min, max)?;
    budget.charge_big(
        span as u128 * (go.len() as u128 + 4),
        u128::from(padded.bits()) * 2,
    )?;
    let at = |d: &Dist<W>, e: i64| -> Option<W> {
        let i = e.checked_sub(d.min)?;
        usize::try_from(i)
            .ok()
            .and_then(|i| d.weights.get(i))
            .cloned()
    };
    let still: W = go
        .iter()
        .filter(|(s, _)| *s == 0)
        .try_fold(W::zero(), |acc, (_, w)| acc.add(w))?;
    let divisor = total.sub(&still)?;
    let moving: Vec<(usize, &W)> = go
        .iter()
        .filter(|(s, _)| *s > 0)
        .map(|(s, w)| (*s as usize, w))
        .collect();
    let mut chain: Vec<W> = Vec::with_capacity(span);
    for i in 0..span {
        let e = min + i as i64;
        let mut positive = W::zero();
        if let Some(f) = at(stop, e) {
            positive = positive.add(&f.mul(&padded)?)?;
        }
        if let Some(x) = at(&g_last, e) {
            positive = positive.add(&x.mul(total)?)?;
        }
        for (s, w) in &moving {
            if let Some(before) = i.checked_sub(*s) {
                let term = chain[before].mul(w)?;
                positive = positive.add(&term)?;
            }
        }
        let value = match at(&l_g_last, e) {
            Some(x) => positive.sub(&x)?,
            None => positive,
        };
        chain.push(value.div(&divisor));
    }
    Ok(Dist {
        min,
        weights: chain,
    }
    .trimmed())
}

/// The chain when one face explodes (the default: the highest face), in closed form: stopping after
/// `j < 100` explosions is the stopping faces moved by `j * score` with weight
/// `weight^j * total^(100 - j)`; the capped chain is every face moved by `100 * score` with weight
/// `weight^100`. `101 * faces` products instead of a hundred convolutions.
fn one_exploding_face<W: Weight>(
    stop: &Dist<W>,
    last: &Dist<W>,
    score: i64,
    weight: &W,
    total: &W,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let cap = MAX_EXPLOSIONS;
    budget.charge_big(
        ((cap + 1) * (stop.weights.len() + 2)) as u128,
        u128::from(total.bits()) * (cap as u128 + 1),
    )?;
    // total^(100 - j) for j = 0..=100, from the top.
    let mut padding = vec![W::one(); cap + 1];
    for j in (0..cap).rev() {
        padding[j] = padding[j + 1].mul(total)?;
    }
    let mut chain = None;
    let mut exploded = W::one();
    for (j, pad) in padding.iter().enumerate().take(cap) {
        let coeff = exploded.mul(pad)?;
        add_into(&mut chain, stop, &coeff, moved(score, j)?)?;
        exploded = exploded.mul(weight)?;
    }
    add_into(&mut chain, last, &exploded, moved(score, cap)?)?;
    Ok(chain.map_or_else(|| last.clone(), Dist::trimmed))
}

/// `(score, weight)` pairs with one pair per score (weights of equal scores summed), ascending.
fn merged<W: Weight>(mut pairs: Vec<(i64, W)>) -> Result<Vec<(i64, W)>, OddsError> {
    pairs.sort_by_key(|(s, _)| *s);
    let mut out: Vec<(i64, W)> = Vec::with_capacity(pairs.len());
    for (s, w) in pairs {
        match out.last_mut() {
            Some((last, sum)) if *last == s => *sum = sum.add(&w)?,
            _ => out.push((s, w)),
        }
    }
    Ok(out)
}

/// `count` explosions of a face scoring `score`.
fn moved(score: i64, count: usize) -> Result<i64, OddsError> {
    score
        .checked_mul(count as i64)
        .ok_or_else(|| OddsError::OutcomeOverflow(format!("{count} * {score}")))
}

/// Checks, before any work, that a full chain's outcomes fit one distribution: a chain that stops at
/// throw `j` (`j <= 100`) scores `j - 1` exploding throws and a stopping one, and the capped chain 100
/// exploding throws and any last one; each extreme is at `j = 1`, `j = 100` or the cap. Without this
/// check a die of many faces built distributions of gigabytes before their span was found too wide
/// (the fuzzer's `1d633728r1!`, docs/reliability.md).
fn chain_span<W>(
    stop: &[(i64, W)],
    go: &[(i64, W)],
    last: &[(i64, W)],
    budget: &Budget,
) -> Result<usize, OddsError> {
    let range = |pairs: &[(i64, W)]| {
        let scores = pairs.iter().map(|(s, _)| i128::from(*s));
        scores.clone().min().zip(scores.max())
    };
    let (Some((go_min, go_max)), Some((last_min, last_max))) = (range(go), range(last)) else {
        return Ok(1);
    };
    let cap = MAX_EXPLOSIONS as i128;
    let (mut min, mut max) = (cap * go_min + last_min, cap * go_max + last_max);
    if let Some((stop_min, stop_max)) = range(stop) {
        min = min.min(stop_min).min((cap - 1) * go_min + stop_min);
        max = max.max(stop_max).max((cap - 1) * go_max + stop_max);
    }
    let outcome = |v: i128| {
        i64::try_from(v).map_err(|_| {
            OddsError::OutcomeOverflow(format!(
                "a chain of {} explosions reaching {v}",
                MAX_EXPLOSIONS
            ))
        })
    };
    budget.span(outcome(min)?, outcome(max)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    #[test]
    fn dividing_gives_the_hundred_convolutions() {
        let budget = &mut Budget::unmetered();
        for (faces, exploding) in [
            (
                vec![(1i64, 1u32), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)],
                vec![5i64, 6],
            ),
            (vec![(1, 3), (2, 1), (3, 4), (4, 1)], vec![1, 3, 4]),
            (vec![(0, 2), (1, 1), (2, 5), (3, 1)], vec![0, 3]),
            (
                vec![(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)],
                vec![4, 5, 6],
            ),
        ] {
            let pairs = |keep: &dyn Fn(i64) -> bool| -> Vec<(i64, BigUint)> {
                faces
                    .iter()
                    .filter(|(f, _)| keep(*f))
                    .map(|(f, w)| (*f, BigUint::from(*w)))
                    .collect()
            };
            let stop = Dist::from_pairs(pairs(&|f| !exploding.contains(&f)), budget).unwrap();
            let last = Dist::from_pairs(pairs(&|_| true), budget).unwrap();
            let go = pairs(&|f| exploding.contains(&f));
            let total: BigUint = faces.iter().map(|(_, w)| BigUint::from(*w)).sum();
            assert_eq!(
                by_division(&stop, &last, &go, &total, budget).unwrap(),
                by_convolution(&stop, last.clone(), &go, &total, budget).unwrap(),
                "{faces:?} exploding on {exploding:?}"
            );
        }
    }
}
