//! A compounded die (`!!`) with one exploding face, seen as its blocks of outcomes.
//!
//! A throw has stopping faces (score `r`, weight `w_r`) and one exploding face (score `s > 0`,
//! weight `E`); `T` is the throw's total weight. A compounded chain that stops after `j < 100`
//! explosions shows `j s + r` with weight `w_r E^j T^(100 - j)` (padded to 101 throws' worth of
//! denominator, as [`super::die::chain`] pads it); the capped chain, after 100 explosions, shows
//! `100 s + f` for every face `f` of its last throw, with weight `w_f E^100`. So the die's outcomes
//! are a hundred blocks of the stopping faces, each the one before moved by `s` with its weight
//! times `E / T`, and a last block of every face. When the blocks do not overlap, ascending order
//! walks the blocks in turn, which [`super::keep_blocks`] sums as geometric series.

use super::residues::Factors;
use super::weight::Weight;
use crate::notation::limits::MAX_EXPLOSIONS;
use num_bigint::BigUint;

/// The blocks of a compounded die (module docs). Scores are integers, weights machine integers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocks {
    /// The exploding face's score, `s > 0`: each block is the one before moved by it.
    pub step: i64,
    /// The exploding face's weight, `E >= 1`.
    pub exploding: u64,
    /// The total weight of one throw, `T > E`, below `2^61`.
    pub total: u64,
    /// The stopping faces, `(score, weight)`, ascending by score, distinct scores.
    pub stop: Vec<(i64, u64)>,
    /// Every face, `(score, weight)`, ascending: the capped chain's last throw.
    pub last: Vec<(i64, u64)>,
}

/// The blocks of stopping faces before the last block: one per number of explosions below the cap.
pub const STOPPING_BLOCKS: u64 = MAX_EXPLOSIONS as u64;

impl Blocks {
    /// The blocks of a die compounded over `faces` (`(face, weight)` of one throw, after rerolls,
    /// ascending, distinct) where `explodes` picks the exploding faces. `None` when the shape does not
    /// hold: not exactly one exploding face, its score not above 0, no stopping face, weights beyond
    /// 64 bits or a total from `2^61`, or blocks that overlap (the stopping faces and the last
    /// throw's faces spanning `s` or more).
    pub fn of<W: Weight>(faces: &[(i64, W)], explodes: impl Fn(i64) -> bool) -> Option<Self> {
        let small = |w: &W| u64::try_from(w.to_big()).ok();
        let mut stop = Vec::new();
        let mut last = Vec::new();
        let mut exploding = None;
        let mut total = 0u64;
        for (face, weight) in faces {
            let weight = small(weight)?;
            if weight == 0 {
                continue;
            }
            total = total.checked_add(weight)?;
            last.push((*face, weight));
            if explodes(*face) {
                if exploding.is_some() {
                    return None;
                }
                exploding = Some((*face, weight));
            } else {
                stop.push((*face, weight));
            }
        }
        let (step, exploding) = exploding?;
        let ascending = |v: &[(i64, u64)]| v.windows(2).all(|p| p[0].0 < p[1].0);
        let (lowest_last, highest_stop) = (last.first()?.0, stop.last()?.0);
        let apart = i128::from(highest_stop) - i128::from(lowest_last) < i128::from(step);
        (step > 0 && total < 1 << 61 && apart && ascending(&stop) && ascending(&last)).then_some(
            Self {
                step,
                exploding,
                total,
                stop,
                last,
            },
        )
    }

    /// The lowest score of the die: block 0's lowest stopping face.
    pub fn lowest(&self) -> i64 {
        self.stop[0].0
    }

    /// The highest score of the die: the last block's highest face.
    pub fn highest(&self) -> i64 {
        self.last_block_score(self.last[self.last.len() - 1].0)
    }

    /// The score of face `face` in the last block, after [`STOPPING_BLOCKS`] explosions.
    pub fn last_block_score(&self, face: i64) -> i64 {
        self.step * STOPPING_BLOCKS as i64 + face
    }

    /// Every outcome of the die with its weight, ascending: the same distribution as
    /// [`super::die::chain`] gives (checked in the tests).
    pub fn outcomes(&self) -> Vec<(i64, BigUint)> {
        let t = BigUint::from(self.total);
        let e = BigUint::from(self.exploding);
        let mut out = Vec::new();
        for j in 0..STOPPING_BLOCKS {
            let pad = e.pow(j as u32) * t.pow((STOPPING_BLOCKS - j) as u32);
            for (r, w) in &self.stop {
                out.push((self.step * j as i64 + r, &pad * w));
            }
        }
        let capped = e.pow(STOPPING_BLOCKS as u32);
        for (f, w) in &self.last {
            out.push((self.last_block_score(*f), &capped * w));
        }
        out
    }

    /// What the padding says of the kept sums of `keep` of `n` such dice: per kept sum
    /// `min + i` (`i < span`), a power of `T` that divides its weight and a bound on the bits of
    /// the rest. `kept_high`: the kept dice are the highest (`kh`, `dl`), whose dropped dice lie in
    /// blocks no later than the lowest kept one's, so theirs are padded too; otherwise only the kept
    /// dice's padding is counted.
    ///
    /// The bound, for a kept sum `e` reached with `J` explosions among the kept dice (`J` in
    /// `[lo, hi]`, each kept score within the faces' span of `J s / keep`): the weight is at most
    /// `C(n, keep)` (which dice are kept) times the ordered kept throws, at most
    /// `faces^keep (hi + 1)^(keep - 1)`, each `w E^j T^(100 - j)`, times each dropped die's weight
    /// below the lowest kept block `m <= hi / keep`, at most `(m + 1) T^(m + 1) T^(100 - m)`.
    pub fn factors(&self, n: u64, keep: u64, kept_high: bool, min: i64, span: usize) -> Factors {
        let log = |x: f64| x.max(1.0).log2();
        let (r_lo, r_hi) = (self.last[0].0, self.last[self.last.len() - 1].0);
        let heaviest = self.last.iter().map(|(_, w)| *w).max().unwrap_or(1);
        let (t, e) = (log(self.total as f64), log(self.exploding as f64));
        let (k, step) = (i128::from(keep), i128::from(self.step));
        let cap = i128::from(STOPPING_BLOCKS) * k;
        let dropped = (n - keep) as f64;
        let mut valuations = Vec::with_capacity(span);
        let mut bits = Vec::with_capacity(span);
        for i in 0..span {
            let sum = i128::from(min) + i as i128;
            let hi = (sum - k * i128::from(r_lo)).div_euclid(step).min(cap);
            let lo = (sum - k * i128::from(r_hi) + step - 1)
                .div_euclid(step)
                .max(0);
            if hi < lo {
                valuations.push([0, 0]);
                bits.push(0);
                continue;
            }
            let (lo_f, hi_f) = (lo as f64, hi as f64);
            let mut v = (cap - hi) as u64;
            let mut b = n as f64
                + keep as f64 * log(self.last.len() as f64)
                + (keep - 1) as f64 * log(hi_f + 1.0)
                + keep as f64 * log(heaviest as f64)
                + hi_f * e
                + (hi_f - lo_f) * t;
            if kept_high {
                let m = (hi / k).min(i128::from(STOPPING_BLOCKS));
                v += (n - keep) * (STOPPING_BLOCKS - m as u64);
                b += dropped * (log(m as f64 + 1.0) + (m as f64 + 1.0) * t);
            } else {
                b += dropped * (STOPPING_BLOCKS as f64 + 1.0) * t;
            }
            valuations.push([v, 0]);
            // Rounding of the logarithms: two bits of room, and one for the bound itself.
            bits.push(b.ceil() as u64 + 3);
        }
        Factors {
            bases: [self.total, 1],
            valuations,
            bits,
        }
    }
}
