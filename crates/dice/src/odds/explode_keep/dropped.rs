//! Dropping a fixed number `D` of the dice of a `!` pool (`dl`, `dh`): the multiset method from the
//! dropped end, over the pool's two kinds of dice, with every pool size at once.
//!
//! Faces are visited from the dropped end. A state is how many dice of each kind are placed so far,
//! `(a, b)` with `a + b < D`, all dropped, so it is a number, not a distribution. When `h` dice of a
//! face reach the count (`r = D - a - b` of them dropped), the other `h - r` and every die beyond are
//! kept: their summed scores, over every pool size, are `G_ab` of [`super::pool`] at distributions
//! `X`, `Y` (the scores of each kind's faces not yet visited) instead of numbers, less the
//! terms with fewer than `r` dice at the face. Written out by `P`'s coefficients,
//! `G_ab(X, Y) = sum_m C(m, b) Y^(m-b) sum_M P_Mm C(M, a) X^(M-a)`: the F dice, at most `n`, are
//! small powers of `Y`, collected per `(a, m)` and per value of `X` as the walk goes; `X` changes
//! only at E faces (one or two values for the usual explosion points), and each of its values is
//! substituted once at the end, `sum_k X^k H_k` (Horner, or a stretch when `X` is one score). The
//! terms taken away are collected apart and subtracted once, from the whole answer.
//!
//! Work: `P`'s `5,100 n^2` coefficients; per face, state and `m <= n`, up to `D + 1` shifted
//! additions of powers of `Y` (spans up to `n` F scores); per value of `X`, `sum_m (100 m + 1)`
//! shifted additions per collected `(a, m)`, and the substitution: `101 n` steps, each a convolution
//! with `X` (or a shifted addition) ([`super::cost::dropping`]).

use super::super::OddsError;
use super::super::budget::Budget;
use super::super::dist::{Dist, add_into, add_outcome};
use super::super::weight::Weight;
use super::binomials::Binomials;
use super::pool::{CAP, ChainPool};
use super::{Placing, PoolFace, shift};

/// The distribution of the summed scores of the dice left when the first `drop` dice in `order`
/// (see [`PoolFace`]) are dropped from a pool of `pool`'s chains. `0 < drop`.
pub fn drop_fixed<W: Weight>(
    order: &[PoolFace<W>],
    pool: &ChainPool<W>,
    n: u64,
    drop: u64,
    budget: &mut Budget,
) -> Result<Dist<W>, OddsError> {
    let len = drop as usize;
    let kinds = n.min(drop - 1) as usize + 1;
    let counts = pool.counts()?;
    let widest = (CAP as u64 + 1) * n + drop;
    // C(i, k) for k < drop (placing dice, and E dice among a pool's), and C(m, b) for m <= n.
    let choose = Binomials::<W>::new(widest, len)?;
    let choose_f = Binomials::<W>::new(n, n as usize)?;
    let exploding: Vec<&PoolFace<W>> = order.iter().filter(|f| f.explodes).collect();
    let points = exploding.len() + 1;
    // Collected per value of X (how many E faces are visited), a and m.
    let empty = || vec![vec![None; n as usize + 1]; len];
    let mut pos: Vec<Vec<Vec<Option<Dist<W>>>>> = (0..points).map(|_| empty()).collect();
    let mut neg: Vec<Vec<Vec<Option<Dist<W>>>>> = (0..points).map(|_| empty()).collect();
    let mut y = faces_dist(order.iter().filter(|f| !f.explodes), budget)?;
    let mut y_pow = powers(y.as_ref(), n, budget)?;
    // states[b][a], a + b < drop.
    let mut states: Vec<Vec<W>> = (0..kinds).map(|b| vec![W::zero(); len - b]).collect();
    states[0][0] = W::one();
    let mut xi = 0;
    for face in order {
        let placing = Placing::new(face, len)?;
        let y_after = if face.explodes {
            None
        } else {
            let rest = without(y.take(), face)?;
            let rest_pow = powers(rest.as_ref(), n, budget)?;
            Some((rest, rest_pow))
        };
        for (b, row) in states.iter().enumerate() {
            for (a, s) in row.iter().enumerate() {
                if s.is_zero() {
                    continue;
                }
                let r = len - a - b;
                for m in b..=n as usize {
                    let Some(y_here) = &y_pow[m - b] else {
                        continue;
                    };
                    let base = s.mul(&choose_f.get(m as u64, b as u64))?;
                    let first = shift(r as u64, face.score.saturating_neg())?;
                    add_into(&mut pos[xi][a][m], y_here, &base, first)?;
                    // Less the terms with h < r dice here: G_(a+h)b at the next value of X (an E
                    // face), or G_a(b+h) at the F faces beyond (an F face). The latter are terms
                    // of what was just added (Y^(m-b) = sum_h C(m - b, h) w^h Y_rest^(m-b-h)),
                    // so they come off it at once, and the X they go with is this one.
                    for h in 0..r {
                        let ((a2, b2), weight) = placing.place((a, b), h, &choose)?;
                        let at_face = add_outcome(shift(h as u64, face.score)?, first)?;
                        match &y_after {
                            None => {
                                let coeff = base.mul(&weight)?;
                                add_into(&mut neg[xi + 1][a2][m], y_here, &coeff, at_face)?;
                            }
                            Some((_, rest_pow)) => {
                                let Some(y_rest) =
                                    m.checked_sub(b2).and_then(|k| rest_pow[k].as_ref())
                                else {
                                    continue;
                                };
                                let c = choose_f.get(m as u64, b2 as u64);
                                let coeff = s.mul(&weight).and_then(|t| t.mul(&c));
                                take_from(&mut pos[xi][a][m], y_rest, &coeff?, at_face)?;
                            }
                        }
                    }
                }
            }
        }
        // h more dice of this face, all dropped: from the most placed down, so each state gives
        // before it receives.
        for b in (0..kinds).rev() {
            for a in (0..len - b).rev() {
                let s = states[b][a].clone();
                if s.is_zero() {
                    continue;
                }
                for h in 1..len - a - b {
                    let ((a2, b2), weight) = placing.place((a, b), h, &choose)?;
                    if b2 >= kinds {
                        break;
                    }
                    let add = s.mul(&weight).and_then(|t| states[b2][a2].add(&t))?;
                    states[b2][a2] = add;
                }
            }
        }
        match y_after {
            None => xi += 1,
            Some((rest, rest_pow)) => {
                y = rest;
                y_pow = rest_pow;
            }
        }
    }
    // Fewer than `drop` dice in all: every one is dropped, and the pool is exactly (a, b).
    for (b, row) in states.iter().enumerate() {
        for (a, s) in row.iter().enumerate() {
            if !s.is_zero() {
                add_into(&mut pos[xi][a][b], &Dist::constant(0), s, 0)?;
            }
        }
    }
    let mut total_pos = None;
    let mut total_neg = None;
    for (point, (pos, neg)) in pos.iter().zip(&neg).enumerate() {
        let x = faces_dist(exploding[point..].iter().copied(), budget)?;
        substitute(&mut total_pos, pos, x.as_ref(), &counts, &choose, budget)?;
        substitute(&mut total_neg, neg, x.as_ref(), &counts, &choose, budget)?;
    }
    difference(total_pos, total_neg)
}

/// Adds `sum_k X^k H_k` into `total`, where `H_k = sum_(a,m) P_(k+a)m C(k + a, a) collected[a][m]`:
/// `G`'s sums over the pool's E dice, at the value `x` of `X` (`None`: no E face is left, `X = 0`).
fn substitute<W: Weight>(
    total: &mut Option<Dist<W>>,
    collected: &[Vec<Option<Dist<W>>>],
    x: Option<&Dist<W>>,
    counts: &[Dist<W>],
    choose: &Binomials<W>,
    budget: &mut Budget,
) -> Result<(), OddsError> {
    let single = x.and_then(|x| {
        let mut outcomes = x.outcomes();
        match (outcomes.next(), outcomes.next()) {
            (Some((score, weight)), None) => Some((score, weight.clone())),
            _ => None,
        }
    });
    if let Some((score, weight)) = single {
        return stretched(total, collected, score, &weight, counts, choose);
    }
    let highest = counts.iter().map(Dist::max).max().unwrap_or(0).max(0) as usize;
    let mut h: Vec<Option<Dist<W>>> = vec![None; highest + 1];
    for (a, row) in collected.iter().enumerate() {
        for (m, part) in row.iter().enumerate() {
            let Some(part) = part else { continue };
            for (big, weight) in counts[m].outcomes() {
                let Some(k) = (big as usize).checked_sub(a) else {
                    continue;
                };
                if x.is_none() && k > 0 {
                    break;
                }
                let coeff = weight.mul(&choose.get(big as u64, a as u64))?;
                add_into(&mut h[k], part, &coeff, 0)?;
            }
        }
    }
    let Some(x) = x else {
        if let Some(h0) = &h[0] {
            add_into(total, h0, &W::one(), 0)?;
        }
        return Ok(());
    };
    let mut horner: Option<Dist<W>> = None;
    for part in h.iter().rev() {
        if let Some(acc) = horner.take() {
            horner = Some(acc.convolve(x, budget)?);
        }
        if let Some(part) = part {
            add_into(&mut horner, part, &W::one(), 0)?;
        }
    }
    if let Some(sum) = &horner {
        add_into(total, sum, &W::one(), 0)?;
    }
    Ok(())
}

/// [`substitute`] when `X` is one score with one weight: `X^k` is `weight^k` at `k * score`, so
/// each collected part goes into `total` once per coefficient of `P`, its factor
/// `P_(k+a)m C(k + a, a) weight^k` one number, with no `H_k` between (half the products).
fn stretched<W: Weight>(
    total: &mut Option<Dist<W>>,
    collected: &[Vec<Option<Dist<W>>>],
    score: i64,
    weight: &W,
    counts: &[Dist<W>],
    choose: &Binomials<W>,
) -> Result<(), OddsError> {
    let highest = counts.iter().map(Dist::max).max().unwrap_or(0).max(0) as usize;
    let mut powers = vec![W::one()];
    if *weight != W::one() {
        for k in 1..=highest {
            powers.push(powers[k - 1].mul(weight)?);
        }
    }
    for (a, row) in collected.iter().enumerate() {
        for (m, part) in row.iter().enumerate() {
            let Some(part) = part else { continue };
            for (big, w) in counts[m].outcomes() {
                let Some(k) = (big as usize).checked_sub(a) else {
                    continue;
                };
                let mut coeff = w.clone();
                if a > 0 {
                    coeff = coeff.mul(&choose.get(big as u64, a as u64))?;
                }
                if let Some(p) = powers.get(k).filter(|_| powers.len() > 1) {
                    coeff = coeff.mul(p)?;
                }
                add_into(total, part, &coeff, shift(k as u64, score)?)?;
            }
        }
    }
    Ok(())
}

/// The scores of `faces` as one distribution (`None` when there are none).
fn faces_dist<'a, W: Weight + 'a>(
    faces: impl Iterator<Item = &'a PoolFace<W>>,
    budget: &mut Budget,
) -> Result<Option<Dist<W>>, OddsError> {
    let pairs: Vec<(i64, W)> = faces.map(|f| (f.score, f.weight.clone())).collect();
    if pairs.is_empty() {
        return Ok(None);
    }
    Dist::from_pairs(pairs, budget).map(Some)
}

/// `y` less `face` (`None` when nothing is left).
fn without<W: Weight>(
    y: Option<Dist<W>>,
    face: &PoolFace<W>,
) -> Result<Option<Dist<W>>, OddsError> {
    let Some(mut y) = y else { return Ok(None) };
    let slot = usize::try_from(face.score - y.min).map_err(|_| OddsError::WeightOverflow)?;
    let weight = y.weights.get(slot).ok_or(OddsError::WeightOverflow)?;
    y.weights[slot] = weight.sub(&face.weight)?;
    let y = y.trimmed();
    Ok(if y.weights.iter().all(W::is_zero) {
        None
    } else {
        Some(y)
    })
}

/// `y^k` for `k = 0..=n` (`None` for the powers of no faces past `y^0`).
fn powers<W: Weight>(
    y: Option<&Dist<W>>,
    n: u64,
    budget: &mut Budget,
) -> Result<Vec<Option<Dist<W>>>, OddsError> {
    let mut out = vec![Some(Dist::constant(0))];
    for k in 1..=n as usize {
        let next = match (&out[k - 1], y) {
            (Some(p), Some(y)) => Some(p.convolve(y, budget)?),
            _ => None,
        };
        out.push(next);
    }
    Ok(out)
}

/// `target -= coeff * source` moved by `shift`, where that is a part of `target` (an error
/// otherwise: a weight would fall below 0).
fn take_from<W: Weight>(
    target: &mut Option<Dist<W>>,
    source: &Dist<W>,
    coeff: &W,
    shift: i64,
) -> Result<(), OddsError> {
    let target = target.as_mut().ok_or(OddsError::WeightOverflow)?;
    let offset = add_outcome(source.min, shift)? - target.min;
    for (i, w) in source.weights.iter().enumerate() {
        if w.is_zero() {
            continue;
        }
        let slot = usize::try_from(offset + i as i64)
            .ok()
            .and_then(|j| target.weights.get_mut(j))
            .ok_or(OddsError::WeightOverflow)?;
        *slot = w.mul(coeff).and_then(|t| slot.sub(&t))?;
    }
    Ok(())
}

/// `pos - neg`, weight by weight: the answer, every weight of which is at least 0.
fn difference<W: Weight>(pos: Option<Dist<W>>, neg: Option<Dist<W>>) -> Result<Dist<W>, OddsError> {
    let mut pos = pos.unwrap_or_else(|| Dist {
        min: 0,
        weights: vec![W::zero()],
    });
    for (outcome, w) in neg.iter().flat_map(Dist::outcomes) {
        let slot = usize::try_from(outcome - pos.min)
            .ok()
            .and_then(|i| pos.weights.get_mut(i))
            .ok_or(OddsError::WeightOverflow)?;
        *slot = slot.sub(w)?;
    }
    Ok(pos.trimmed())
}
