//! The exact chances of the advice, as reduced fractions: the spread of what the holders may still
//! spend is the sum of independent uniform amounts, one per holder (0 to its pile, each as likely),
//! each signed by the outcome it backs. It is built one holder at a time by window sums (a running
//! sum over the last pile + 1 weights), in `u128` while the product of the piles + 1 fits and in
//! big integers beyond; then each likelihood difference it can reach is weighed by its chance to
//! select the player's outcome (L3; L4 with its powers of 12, summed by Horner's rule).
//!
//! `work` is what `answer` costs, so the caller stays within
//! [`crate::limits::MAX_EXACT_WORK`] and simulates beyond it.

use crate::advice::question::{Holder, Question};
use crate::limits::MAX_ADVANTAGE;
use crate::rules::chances::{CERTAIN_ADVANTAGE, D12_FACES};
use num_bigint::{BigInt, BigUint};
use skald_dice::odds::Fraction;
use std::ops::{AddAssign, SubAssign};

/// The exact answer: P(the player's outcome is selected) under the model, and, when the advised
/// one may still spend, if it spends nothing more and if it spends all it holds now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Exact {
    /// Everyone who may still spend spends an amount of its pile, each as likely.
    pub model: Fraction,
    /// The advised one spends nothing more; the others as in the model.
    pub none: Option<Fraction>,
    /// The advised one spends all it holds now; the others as in the model.
    pub all: Option<Fraction>,
}

/// The work of [`answer`] on `question`: one unit per weight of the spread built, times its
/// 64-bit words, plus, under L4, the powers of 12 summed (the tail's levels, squared over 16,
/// for each difference weighed). `None` when a difference it can reach is past
/// [`MAX_ADVANTAGE`] under L4 (its fraction would run to thousands of digits).
pub(crate) fn work(question: &Question) -> Option<u64> {
    let (others, focus) = split(question);
    let words = words(&others, focus);
    let mut length: u64 = 1;
    let mut units: u64 = 0;
    for h in others.iter().copied().chain(focus) {
        length = length.saturating_add(pile(h));
        units = units.saturating_add(length.saturating_mul(words));
    }
    if question.unlikely_outcomes {
        let d0 = question.difference();
        let (up, down) = question
            .holders
            .iter()
            .fold((0i64, 0i64), |(u, d), h| match h.sign() {
                1 => (u.saturating_add(h.pool), d),
                _ => (u, d.saturating_add(h.pool)),
            });
        let most = d0
            .saturating_add(up)
            .unsigned_abs()
            .max(d0.saturating_sub(down).unsigned_abs());
        if most > MAX_ADVANTAGE.unsigned_abs() {
            return None;
        }
        let levels = most / CERTAIN_ADVANTAGE.unsigned_abs() + 1;
        let weighed = if focus.is_some() { 3 } else { 1 };
        units = units.saturating_add(weighed * levels.saturating_mul(levels / 16 + 1));
    }
    Some(units)
}

/// The exact answer to `question` (see [`Exact`]). Its cost is [`work`].
pub(crate) fn answer(question: &Question) -> Exact {
    let (others, focus) = split(question);
    if total(&others, focus).bits() <= 128 {
        answer_in::<u128>(question, &others, focus)
    } else {
        answer_in::<BigUint>(question, &others, focus)
    }
}

/// P(the player's outcome is selected) when the likelihood difference is `difference` for sure
/// (L3; L4 with `unlikely_outcomes`); `None` past [`MAX_ADVANTAGE`] under L4.
pub(crate) fn at(difference: i64, unlikely_outcomes: bool) -> Option<Fraction> {
    if unlikely_outcomes && difference.unsigned_abs() > MAX_ADVANTAGE.unsigned_abs() {
        return None;
    }
    let spread = Spread {
        lo: 0,
        weights: vec![1u128],
    };
    Some(chance(
        difference,
        &spread,
        &BigUint::from(1u8),
        unlikely_outcomes,
    ))
}

fn answer_in<T: Weight>(question: &Question, others: &[&Holder], focus: Option<&Holder>) -> Exact {
    let d0 = question.difference();
    let unlikely = question.unlikely_outcomes;
    let mut spread = Spread::<T>::start();
    for h in others {
        spread = spread.widen(h);
    }
    let rest = total(others, None);
    let Some(f) = focus else {
        return Exact {
            model: chance(d0, &spread, &rest, unlikely),
            none: None,
            all: None,
        };
    };
    let none = chance(d0, &spread, &rest, unlikely);
    let all = chance(
        d0.saturating_add(f.sign().saturating_mul(f.pool)),
        &spread,
        &rest,
        unlikely,
    );
    let spread = spread.widen(f);
    Exact {
        model: chance(d0, &spread, &total(others, Some(f)), unlikely),
        none: Some(none),
        all: Some(all),
    }
}

/// The spread of what every holder of a question may still spend, built once to be weighed at
/// many starting differences: a fair fight's search over the GM's impact (`balance.rs`), where
/// only the likelihoods move. Its cost is [`work`]'s spread part; each weighing is one pass
/// over the spread (and, under L4, its tail's powers of 12).
pub(crate) struct Model {
    spread: Built,
    total: BigUint,
    unlikely: bool,
}

/// A spread in `u128` while the number of profiles fits, in big integers beyond.
enum Built {
    Small(Spread<u128>),
    Big(Spread<BigUint>),
}

impl Model {
    /// The spread of every holder of `question` (the advised one drawn like the others).
    pub(crate) fn new(question: &Question) -> Model {
        let all: Vec<&Holder> = question.holders.iter().collect();
        let total = total(&all, None);
        let spread = if total.bits() <= 128 {
            Built::Small(all.iter().fold(Spread::start(), |s, h| s.widen(h)))
        } else {
            Built::Big(all.iter().fold(Spread::start(), |s, h| s.widen(h)))
        };
        Model {
            spread,
            total,
            unlikely: question.unlikely_outcomes,
        }
    }

    /// P(the player's outcome is selected) under the model when the likelihood difference
    /// before anyone spends more is `d0` (L3; L4 with the question's option). Under L4 the
    /// caller keeps every difference reached within [`MAX_ADVANTAGE`] (as [`work`] checks).
    pub(crate) fn chance(&self, d0: i64) -> Fraction {
        match &self.spread {
            Built::Small(s) => chance(d0, s, &self.total, self.unlikely),
            Built::Big(s) => chance(d0, s, &self.total, self.unlikely),
        }
    }
}

/// The holders other than the advised one, and the advised one when it may still spend.
fn split(question: &Question) -> (Vec<&Holder>, Option<&Holder>) {
    let focus = question.focus_holder();
    let others = question
        .holders
        .iter()
        .filter(|h| h.who != question.focus)
        .collect();
    (others, focus)
}

/// A pile as a count: 0 for none (a pile is never negative).
fn pile(h: &Holder) -> u64 {
    h.pool.max(0).unsigned_abs()
}

/// The number of spending profiles: the product of each pile + 1.
fn total(others: &[&Holder], focus: Option<&Holder>) -> BigUint {
    others
        .iter()
        .copied()
        .chain(focus)
        .fold(BigUint::from(1u8), |t, h| t * BigUint::from(pile(h) + 1))
}

/// The 64-bit words of the largest weight (at most [`total`]).
fn words(others: &[&Holder], focus: Option<&Holder>) -> u64 {
    total(others, focus).bits().div_ceil(64).max(1)
}

/// A weight of the spread: `u128` while it fits, a big integer beyond.
trait Weight: Clone + Default + for<'a> AddAssign<&'a Self> + for<'a> SubAssign<&'a Self> {
    fn one() -> Self;
    fn big(&self) -> BigUint;
    fn nothing(&self) -> bool;
}

impl Weight for u128 {
    fn one() -> Self {
        1
    }
    fn big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn nothing(&self) -> bool {
        *self == 0
    }
}

impl Weight for BigUint {
    fn one() -> Self {
        BigUint::from(1u8)
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
    fn nothing(&self) -> bool {
        *self == BigUint::default()
    }
}

/// How many spending profiles move the likelihood difference by `lo + i`, for each `i`.
struct Spread<T> {
    lo: i64,
    weights: Vec<T>,
}

impl<T: Weight> Spread<T> {
    /// Nobody spending: a difference of 0 for sure.
    fn start() -> Spread<T> {
        Spread {
            lo: 0,
            weights: vec![T::one()],
        }
    }

    /// The spread with `h`'s amount added: 0 to its pile, each as likely, signed by its side.
    /// A window sum: weight `i` of the result is the sum of weights `i - pile ..= i` of this one.
    fn widen(self, h: &Holder) -> Spread<T> {
        let a = usize::try_from(pile(h)).unwrap_or(usize::MAX);
        let n = self.weights.len().saturating_add(a);
        let mut out = Vec::with_capacity(n);
        let mut run = T::default();
        for i in 0..n {
            if let Some(w) = self.weights.get(i) {
                run += w;
            }
            if i > a
                && let Some(w) = self.weights.get(i - a - 1)
            {
                run -= w;
            }
            out.push(run.clone());
        }
        let lo = if h.sign() > 0 {
            self.lo
        } else {
            self.lo.saturating_sub(h.pool)
        };
        Spread { lo, weights: out }
    }
}

/// P(the player's outcome is selected) when the likelihood difference is `d0` plus a draw of
/// `spread` (whose weights sum to `total`).
///
/// With `a` the advantage and `D` the difference, the player's outcome's chance is (6 + D) / 12
/// for |D| < 6 (L3; 6/12 when equal, a d12 of 1-6); for D >= 6 it is certain, and for D <= -6
/// impossible, unless under L4 the less likely one keeps (6 - a mod 6) / 12^(a div 6 + 1). Over
/// the common denominator `12^K * total` (K one more than the deepest tail's a div 6) the
/// numerator is `12^K * high + 12^(K-1) * middle + sum of c_k * 12^(K-1-k)`: `high` the weight
/// at D >= 6, `middle` the weights of |D| < 6 times 6 + D, `c_k` each tail level's signed
/// share (added below, taken away above).
fn chance<T: Weight>(d0: i64, spread: &Spread<T>, total: &BigUint, unlikely: bool) -> Fraction {
    let six = CERTAIN_ADVANTAGE;
    let mut high = T::default();
    let mut middle = BigUint::default();
    let mut levels: Vec<BigInt> = Vec::new();
    let mut at = d0.saturating_add(spread.lo);
    for w in &spread.weights {
        let d = at;
        at = at.saturating_add(1);
        if w.nothing() {
            continue;
        }
        if d >= six {
            high += w;
        } else if d > -six {
            middle += w.big() * BigUint::from((six + d).unsigned_abs());
        }
        if unlikely && d.abs() >= six {
            let a = d.unsigned_abs();
            let level = usize::try_from(a / six.unsigned_abs()).unwrap_or(usize::MAX);
            let share = BigInt::from(w.big() * BigUint::from(six.unsigned_abs() - a % 6));
            if levels.len() < level {
                levels.resize(level, BigInt::default());
            }
            if d > 0 {
                levels[level - 1] -= share;
            } else {
                levels[level - 1] += share;
            }
        }
    }
    let twelve = BigUint::from(D12_FACES.unsigned_abs());
    let k = u32::try_from(levels.len())
        .unwrap_or(u32::MAX)
        .saturating_add(1);
    // Horner: after level k, tail = sum over levels j <= k of c_j * 12^(k - j).
    let mut tail = BigInt::default();
    for c in &levels {
        tail = tail * BigInt::from(D12_FACES) + c;
    }
    let numerator = BigInt::from(twelve.pow(k) * high.big() + twelve.pow(k - 1) * middle) + tail;
    Fraction::new(numerator, twelve.pow(k) * total)
}
