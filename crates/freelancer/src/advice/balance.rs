//! A fair fight for the GM (issue 32): the GM's number (a task check's difficulty, an opponent's
//! rating) for the chance the GM picks, exact. The model (docs/freelancer.md, "A fair fight"):
//!
//! - *A task check* (F2, F3): a character's rating against the GM's difficulty. [`task_chance`]
//!   is P(success) over the d100 for the equalized difference's band.
//! - *An Encounter Sheet*: the party's members each make a task check with their rating against
//!   the opponent's rating as the difficulty (F3, the book's guard and his WIL); the party's
//!   chance is the mean of theirs.
//! - *An NPC with a full sheet*: each member makes an opposed check (F4) against it by the table's
//!   method; with `both_miss = "reroll"` a member's chance is winning once someone wins, with
//!   `"no_winner"` winning this roll ([`opposed_chance`]). The party's chance is the mean.
//!
//! [`number_for`] finds the GM's number, 0 to 10^30, whose party chance is closest to the target
//! (the smallest such number among equally close). Equalizing (F2) makes the chance fall as the
//! number grows only among numbers of the same digit count (999 against 990 is a difference of 9,
//! 1000 against 990 is 100 against 99, a difference of 1), so the search is a binary search in
//! each of the 31 digit counts, over the three leading digits from 4 digits on (all that F2 keeps):
//! at most about 1,000 chances, each O(1) per member after equalizing. Every
//! chance is an exact fraction of the d100's faces; the search compares in floating point only
//! where the answer is beyond doubt (more than 10^-9 apart) and exactly otherwise. Pure: no I/O.

use crate::limits::MAX_RATING;
use crate::model::check::Band;
use crate::model::options::{BothMiss, OpposedMethod};
use crate::rules::opposed::{Side, reduce, without_roll};
use crate::rules::task_check::{difference, digits, equalize};
use num_bigint::{BigInt, BigUint};
use skald_core::Fight;
use skald_dice::odds::Fraction;
use std::cmp::Ordering;

/// How a member of the party meets the GM's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contest {
    /// A task check (F3): the member's rating against the number as the difficulty (a difficulty
    /// the GM sets, or an Encounter Sheet's rating).
    Task,
    /// An opposed check (F4) against an NPC with a full sheet whose rating is the number.
    Opposed {
        /// The method (the table's `opposed` option).
        method: OpposedMethod,
        /// What a roll without a winner comes to (the table's `both_miss` option).
        both_miss: BothMiss,
    },
}

fn fraction(numerator: u128, denominator: u128) -> Fraction {
    Fraction::new(BigInt::from(numerator), BigUint::from(denominator.max(1)))
}

/// P(success) of a task check of `rating` against `difficulty` (each 0 to 10^30), equalized (F2),
/// by its band (F3): an exact fraction of the d100's 100 faces (1 at a difference of 0 or less, 0 at
/// 151 or more, where nothing is rolled).
pub fn task_chance(rating: u128, difficulty: u128) -> Fraction {
    fraction(u128::from(task_faces(rating, difficulty)), 100)
}

/// The d100 faces (of 100) on which `rating` succeeds against `difficulty` (F3, as
/// [`crate::rules::task_check::outcome`] decides each face): all at 0 or less; all but the Botch's 5 in 1-5; in 6-95 the
/// faces up to 100 - difference, which always hold the Crit's 5 and never the Botch's; the Crit's 5
/// in 96-150; none at 151 or more.
fn task_faces(rating: u128, difficulty: u128) -> u32 {
    let diff = difference(&equalize(rating, difficulty));
    match Band::of(diff) {
        Band::Automatic => 100,
        Band::BotchOnly => 95,
        Band::Normal => u32::try_from((100 - diff).clamp(5, 95)).unwrap_or(0),
        Band::CritOnly | Band::Miracle => 5,
        Band::Hopeless => 0,
    }
}

/// The chance that a side with `rating` wins an opposed check (F4) against `opponent` (each 0 to
/// 10^30) by `method`: with [`BothMiss::Reroll`] once someone wins (0 when no one can), with
/// [`BothMiss::NoWinner`] on this roll. A side reduced to 0 loses without a roll; both at 0 is no
/// winner. Exact: the 10,000 pairs of d100 faces.
pub fn opposed_chance(
    rating: u128,
    opponent: u128,
    method: OpposedMethod,
    both_miss: BothMiss,
) -> Fraction {
    let (n, d) = opposed_parts(rating, opponent, method, both_miss);
    fraction(n, d)
}

/// [`opposed_chance`] as a numerator and a denominator (not reduced).
fn opposed_parts(
    rating: u128,
    opponent: u128,
    method: OpposedMethod,
    both_miss: BothMiss,
) -> (u128, u128) {
    let reduced = reduce(rating, opponent, method);
    if let Some(winner) = without_roll(&reduced) {
        return (u128::from(winner == Some(Side::A)), 1);
    }
    let wins = pair_wins(reduced.a, reduced.b);
    match both_miss {
        BothMiss::NoWinner => (wins, 10_000),
        BothMiss::Reroll => match wins + pair_wins(reduced.b, reduced.a) {
            0 => (0, 1),
            decided => (wins, decided),
        },
    }
}

/// Of the 10,000 pairs of d100 rolls, those in which `a` rolls under its rating by more than `b`
/// does (or `b` misses). `a` hits with margin `a - r` on each face `r` up to `min(a, 100)`, and `b`
/// falls short of that margin on the `100 - clamp(b - a + r, 0, 100)` faces above `b - a + r`; the
/// sum of the clamps is worked out as runs of zeros, of an arithmetic series and of hundreds.
fn pair_wins(a: u128, b: u128) -> u128 {
    let rolls = a.min(100);
    if rolls == 0 {
        return 0;
    }
    // Both are at most 999 once reduced (F2, F4), so the offsets fit an i128.
    let offset = i128::try_from(b).unwrap_or(i128::MAX / 4) - i128::try_from(a).unwrap_or(0);
    let (lo, hi) = (offset + 1, offset + i128::try_from(rolls).unwrap_or(100));
    let (from, to) = (lo.max(1), hi.min(99));
    let series = if from <= to {
        (from + to) * (to - from + 1) / 2
    } else {
        0
    };
    let hundreds = (hi - lo.max(100) + 1).max(0) * 100;
    let clamped = u128::try_from(series + hundreds).unwrap_or(0);
    100 * rolls - clamped
}

/// A member's chance as a numerator and a denominator (not reduced).
fn member_parts(rating: u128, number: u128, contest: Contest) -> (u128, u128) {
    match contest {
        Contest::Task => (u128::from(task_faces(rating, number)), 100),
        Contest::Opposed { method, both_miss } => opposed_parts(rating, number, method, both_miss),
    }
}

/// The party's chance: the mean over `ratings` (each member's, 1 or more) of each meeting `number`
/// by `contest`.
pub fn party_chance(ratings: &[u128], number: u128, contest: Contest) -> Fraction {
    let mut sum = fraction(0, 1);
    for &rating in ratings {
        let (n, d) = member_parts(rating, number, contest);
        sum = Fraction::new(
            sum.numerator * BigInt::from(d)
                + BigInt::from(n) * BigInt::from(sum.denominator.clone()),
            sum.denominator * BigUint::from(d.max(1)),
        );
    }
    Fraction::new(
        sum.numerator,
        sum.denominator * BigUint::from(ratings.len().max(1)),
    )
}

/// [`party_chance`] in floating point, off by at most `ratings.len()` roundings (about 10^-13 for
/// 200 members): the search's quick answer, checked exactly where it is too close to call.
fn approximate(ratings: &[u128], number: u128, contest: Contest) -> f64 {
    let sum: f64 = ratings
        .iter()
        .map(|&rating| {
            let (n, d) = member_parts(rating, number, contest);
            n as f64 / d.max(1) as f64
        })
        .sum();
    sum / ratings.len().max(1) as f64
}

/// Closer than this, a floating-point comparison is settled exactly.
const TOO_CLOSE: f64 = 1e-9;

/// Whether the party's chance at `number` is at most `p`: exact (floating point only where it is
/// far from `p`).
fn at_most(ratings: &[u128], number: u128, contest: Contest, p: &Fraction) -> bool {
    let quick = approximate(ratings, number, contest) - p.to_f64();
    if quick.abs() > TOO_CLOSE {
        return quick < 0.0;
    }
    compare(&party_chance(ratings, number, contest), p) != Ordering::Greater
}

/// `x` against `y`, exactly.
fn compare(x: &Fraction, y: &Fraction) -> Ordering {
    let left = &x.numerator * BigInt::from(y.denominator.clone());
    let right = &y.numerator * BigInt::from(x.denominator.clone());
    left.cmp(&right)
}

/// |p - want|, exactly.
fn distance(p: &Fraction, want: &Fraction) -> Fraction {
    let numerator = &p.numerator * BigInt::from(want.denominator.clone())
        - &want.numerator * BigInt::from(p.denominator.clone());
    Fraction::new(
        BigInt::from(numerator.magnitude().clone()),
        &p.denominator * &want.denominator,
    )
}

/// The fight's chance as a fraction: 3/4, 1/2, 1/4.
pub fn wanted(fight: Fight) -> Fraction {
    fraction(u128::from(fight.percent()), 100)
}

/// The numbers with `n` digits (1 to 31) within 0 to 10^30 as `(lo, hi, scale)`: the numbers
/// `i * scale` for `i` in `lo..=hi` are the smallest of each class of equal chance. To 3 digits every
/// number is its own class (0-9, 10-99, 100-999, scale 1); from 4 digits on, F2 keeps only the
/// three leading digits of the larger number and a member's rating has at most as many, so the
/// chance depends only on them: 100-999 times 10^(n-3) (10^30 alone for 31 digits).
fn block(n: u32) -> (u128, u128, u128) {
    match n {
        1 => (0, 9, 1),
        2 | 3 => (10u128.pow(n - 1), 10u128.pow(n) - 1, 1),
        _ => {
            let scale = 10u128.pow(n - 3);
            (100, 999.min(MAX_RATING / scale), scale)
        }
    }
}

/// The smallest `x` in `lo..=hi` for which `holds` (false, then true, as `x` grows), if any.
fn first(lo: u128, hi: u128, mut holds: impl FnMut(u128) -> bool) -> Option<u128> {
    if !holds(hi) {
        return None;
    }
    let (mut a, mut b) = (lo, hi);
    while a < b {
        let mid = a + (b - a) / 2;
        if holds(mid) {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    Some(a)
}

/// The GM's number, 0 to 10^30, whose party chance ([`party_chance`] over `ratings`, 1 or more,
/// by `contest`) is closest to `fight`'s, with that chance: the smallest such number among equally
/// close. `None` for an empty party.
pub fn number_for(ratings: &[u128], contest: Contest, fight: Fight) -> Option<(u128, Fraction)> {
    if ratings.is_empty() {
        return None;
    }
    let want = wanted(fight);
    let chance = |x: u128| party_chance(ratings, x, contest);
    let at_most = |x: u128, p: &Fraction| at_most(ratings, x, contest, p);
    let mut best: Option<(u128, Fraction, Fraction)> = None;
    for n in 1..=digits(MAX_RATING) {
        let (lo, hi, scale) = block(n);
        let chance_at = |i: u128| chance(i * scale);
        let at_most = |i: u128, p: &Fraction| at_most(i * scale, p);
        // In a block the chance only falls as the number grows (module docs): the first number at
        // or below the target, and the first at the chance just above it.
        let mut candidates = Vec::with_capacity(2);
        match first(lo, hi, |i| at_most(i, &want)) {
            Some(i) => {
                if i > lo {
                    let above = chance_at(i - 1);
                    candidates.extend(first(lo, i - 1, |j| at_most(j, &above)));
                }
                candidates.push(i);
            }
            None => {
                let last = chance_at(hi);
                candidates.extend(first(lo, hi, |j| at_most(j, &last)));
            }
        }
        let candidates = candidates.into_iter().map(|i| i * scale);
        for x in candidates {
            let p = chance(x);
            let d = distance(&p, &want);
            if best
                .as_ref()
                .is_none_or(|(_, _, e)| compare(&d, e) == Ordering::Less)
            {
                best = Some((x, p, d));
            }
        }
    }
    best.map(|(x, p, _)| (x, p))
}
