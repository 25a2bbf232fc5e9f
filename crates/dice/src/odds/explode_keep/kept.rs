//! Keeping a fixed number `K` of the dice of a `!` pool (`kh`, `kl`): the multiset method from the
//! kept end, over the pool's two kinds of dice, with every pool size at once.
//!
//! Faces are visited from the kept end. A state is how many dice of each kind are placed so far,
//! `(a, b)` with `a + b < K`, all kept, with the distribution of their summed scores. At a face of
//! weight `w`, `h` more dice of its kind show it (a factor `C(a + h, h) w^h`: the pool's own
//! `C(M, a)` waits for the end). While `a + b + h < K` the state grows; otherwise `r = K - a - b` of
//! them are kept and every other die lies on the dropped side, so only their weight matters: with
//! `x`, `y` the weights of each kind's faces beyond this one, summed over every pool size that is
//! [`ChainPool::taylor`]'s `G_ab(x + w, y) - sum_{h<r} C(a + h, h) w^h G_(a+h)b(x, y)` (for an E
//! face; `b` for an F face), a number. So the kept sums never meet the dropped dice, and the pool's
//! size, up to `101 n`, is never enumerated: it is in `G`'s tail sums.
//!
//! Work: `G` at each of the `S + 1` points (`S` faces), about `K^2 (log2 n + 3 min(n, K)) / 2`
//! products of numbers up to the total's size (`101 n` times a throw's total's bits), then per
//! face and state (about `K min(n, K)` states) one product by such a number and up to `K` shifted
//! additions of distributions of at most `K` scores' span ([`super::cost::keeping`]).

use super::super::OddsError;
use super::super::dist::{Dist, add_into};
use super::super::weight::Weight;
use super::binomials::Binomials;
use super::pool::ChainPool;
use super::{Placing, PoolFace, shift};

/// The distribution of the summed scores of the last `keep` dice in `order` (see [`PoolFace`])
/// among a pool of `pool`'s chains. `0 < keep`.
pub fn keep_fixed<W: Weight>(
    order: &[PoolFace<W>],
    pool: &ChainPool<W>,
    n: u64,
    keep: u64,
) -> Result<Dist<W>, OddsError> {
    let len = keep as usize;
    // Visited from the kept end; x[i], y[i]: the weight of each kind at positions i.. of that walk.
    let walk: Vec<&PoolFace<W>> = order.iter().rev().collect();
    let mut x = vec![W::zero(); walk.len() + 1];
    let mut y = vec![W::zero(); walk.len() + 1];
    for i in (0..walk.len()).rev() {
        x[i] = x[i + 1].clone();
        y[i] = y[i + 1].clone();
        let slot = if walk[i].explodes {
            &mut x[i]
        } else {
            &mut y[i]
        };
        *slot = slot.add(&walk[i].weight)?;
    }
    let taylor: Vec<Vec<Vec<W>>> = x
        .iter()
        .zip(&y)
        .map(|(x, y)| pool.taylor(x, y, len))
        .collect::<Result<_, _>>()?;
    let g = |point: usize, a: usize, b: usize| -> W {
        taylor[point]
            .get(b)
            .and_then(|row| row.get(a))
            .cloned()
            .unwrap_or_else(W::zero)
    };
    let kinds = n.min(keep - 1) as usize + 1;
    // states[b][a], a + b < keep.
    let mut states: Vec<Vec<Option<Dist<W>>>> = (0..kinds).map(|b| vec![None; len - b]).collect();
    states[0][0] = Some(Dist::constant(0));
    let mut result: Option<Dist<W>> = None;
    let choose = Binomials::<W>::new(keep, len)?;
    for (i, face) in walk.iter().enumerate() {
        let placing = Placing::new(face, len)?;
        // The states finish here (every die beyond is dropped) ...
        for (b, row) in states.iter().enumerate() {
            for (a, state) in row.iter().enumerate() {
                let Some(sums) = state else { continue };
                let r = len - a - b;
                let mut finish = g(i, a, b);
                for h in 0..r {
                    let ((a2, b2), weight) = placing.place((a, b), h, &choose)?;
                    let term = g(i + 1, a2, b2).mul(&weight)?;
                    finish = finish.sub(&term)?;
                }
                if !finish.is_zero() {
                    add_into(&mut result, sums, &finish, shift(r as u64, face.score)?)?;
                }
            }
        }
        // ... or take h more dice of this face and go on. Updated in place, from the most placed
        // down, so each state gives before it receives.
        for b in (0..kinds).rev() {
            for a in (0..len - b).rev() {
                let Some(sums) = states[b][a].clone() else {
                    continue;
                };
                for h in 1..len - a - b {
                    let ((a2, b2), weight) = placing.place((a, b), h, &choose)?;
                    if b2 >= kinds {
                        break;
                    }
                    let by = shift(h as u64, face.score)?;
                    add_into(&mut states[b2][a2], &sums, &weight, by)?;
                }
            }
        }
    }
    // Fewer than `keep` dice in all: every one is kept, and the pool is exactly (a, b).
    let end = walk.len();
    for (b, row) in states.iter().enumerate() {
        for (a, state) in row.iter().enumerate() {
            let exact = g(end, a, b);
            if let Some(sums) = state
                && !exact.is_zero()
            {
                add_into(&mut result, sums, &exact, 0)?;
            }
        }
    }
    Ok(result.map_or_else(
        || Dist {
            min: 0,
            weights: vec![W::zero()],
        },
        Dist::trimmed,
    ))
}
