//! Work estimates for keep/drop over `!` dice, in the budget's units (one operation on one 64-bit
//! word of a weight), made before the work from the sizes alone.
//!
//! The weights are of three sizes: the total `T^(101 n)` (`P`'s Taylor coefficients and the answer),
//! one chain's `T^101` (`B`'s coefficients, the powers of `B`), and small ones (a face's weight to a
//! few powers, binomials). A product of numbers of `a` and `b` words costs `a b` word operations
//! below 32 words and Karatsuba's `~4 max min^0.585` beyond (num-bigint's threshold), plus a few
//! units for its allocation ([`ALLOCATION`]). Checked against the measured time (`docs/odds.md`): about one
//! nanosecond per unit on the rows of docs/benchmarks.md, as the rest of the engine.

use super::pool::CAP;

/// Units a product of numbers of `a` and `b` words takes, with its allocation.
fn product(a: f64, b: f64) -> f64 {
    let (small, large) = (a.min(b).max(1.0), a.max(b).max(1.0));
    let words = if small <= 32.0 {
        small * large
    } else {
        4.2 * large * small.powf(0.585)
    };
    words + ALLOCATION
}

/// Units an allocation and a free take, as measured: a product of small numbers costs about 50 ns.
const ALLOCATION: f64 = 40.0;

/// The sizes of the weights, in words, for `n` chains of a throw whose total has `bits` bits.
#[derive(Debug, Clone, Copy)]
pub struct Sizes {
    /// The total's, `101 n bits`.
    total: f64,
    /// One chain's, `101 bits`.
    chain: f64,
    /// A throw's.
    throw: f64,
    /// A throw's total's bits.
    bits: f64,
}

impl Sizes {
    /// Sizes for `n` chains of a throw of `bits` bits.
    pub fn new(n: u64, bits: u64) -> Self {
        let words = |b: f64| 1.0 + b / 64.0;
        let chain_bits = (CAP as f64 + 1.0) * bits as f64;
        Self {
            total: words(chain_bits * n as f64),
            chain: words(chain_bits),
            throw: words(bits as f64),
            bits: bits as f64,
        }
    }

    /// Words of a product of `count` throws' weights.
    fn throws(&self, count: f64) -> f64 {
        1.0 + count * self.bits / 64.0
    }
}

/// The faces as keep/drop visits them, from the first dropped to the last kept: each one's score
/// and whether it explodes.
pub type Visits<'a> = &'a [(i64, bool)];

/// The widest gap between the scores of the faces of one kind (0 with none).
fn width(visits: Visits<'_>, explodes: bool) -> f64 {
    let scores = visits.iter().filter(|v| v.1 == explodes).map(|v| v.0);
    let (min, max) = (scores.clone().min(), scores.max());
    min.zip(max).map_or(0.0, |(min, max)| (max - min) as f64)
}

/// [`super::kept::keep_fixed`] over `visits`, `n` chains, keeping `keep`.
pub fn keeping(visits: Visits<'_>, n: u64, keep: u64, sizes: Sizes) -> f64 {
    let s = visits.len() as f64;
    let e = visits.iter().filter(|v| v.1).count() as f64;
    let (k, n) = (keep as f64, n as f64);
    let b_max = n.min(k - 1.0);
    // G at each point: B(x + s) and (x + s)^101 by Horner, products by the small x; then series of
    // k terms: A's power by squaring (its last squarings dominate), b_max more factors of A, the
    // powers of B and their products with A's powers.
    let horner = 2.0 * (CAP as f64 + 1.0) * k * product(sizes.chain, sizes.throw);
    let pairs = |len: f64| len * (len + 1.0) / 2.0;
    let b_mid = sizes.chain * (b_max / 2.0).max(1.0);
    let squaring = pairs(k) * 3.0 * product(sizes.total / 2.0, sizes.total / 2.0);
    let factors = pairs(k - b_max / 2.0)
        * b_max
        * (product(sizes.total, sizes.chain)
            + product(sizes.total, b_mid)
            + product(b_mid, sizes.chain));
    let taylor = (s + 1.0) * (horner + squaring + factors);
    // The walk: per face, each state finishes (its sums times a number of the total's size) and
    // grows by shifted additions of small weights, up to `keep` at an E face and `n` at an F face.
    let states = (b_max + 1.0) * k - b_max * (b_max + 1.0) / 2.0;
    // A state (a, b) sums a E dice and b <= n F dice: its span, on average.
    let span = (k * width(visits, true) + n.min(k) * width(visits, false)) / 2.0 + 1.0;
    let state_words = sizes.throws(k);
    let finish = s * states * (span * product(sizes.total, state_words) + k * sizes.total);
    let more = e * k / 2.0 + (s - e) * n.min(k) / 2.0;
    let grow = states * more * span * product(state_words, sizes.throw);
    taylor + finish + grow
}

/// [`super::dropped::drop_fixed`] over `visits`, `n` chains, dropping `drop`.
pub fn dropping(visits: Visits<'_>, n: u64, drop: u64, sizes: Sizes) -> f64 {
    let exploding: Vec<i64> = visits.iter().filter(|v| v.1).map(|v| v.0).collect();
    // The values of X with more than one score (every E face from the i-th on); the others are a
    // stretch.
    let general = (0..exploding.len())
        .filter(|i| exploding[*i..].iter().any(|s| *s != exploding[*i]))
        .count() as f64;
    // Faces from the first E face on, where a state may hold E dice: up to `drop` times more.
    let after_e = visits.iter().skip_while(|v| !v.1).count() as f64;
    let (s, e, n, d) = (
        visits.len() as f64,
        exploding.len() as f64,
        n as f64,
        drop as f64,
    );
    let span = width(visits, true).max(width(visits, false)) + 1.0;
    let cap = CAP as f64;
    // P's coefficients in closed form: the powers of T to T^(100 n), and two products for each of
    // the about 50 n^2 coefficients.
    let coefficients = cap * n * (n + 1.0) / 2.0 + n + 1.0;
    let counts = (2.0 * coefficients + cap * n) * product(sizes.total / 2.0, sizes.throw);
    // Powers of Y at each F face, and each state's additions per m and dice at the face.
    let kinds = n.min(d - 1.0) + 1.0;
    let state_faces = (s - after_e) * kinds + after_e * kinds * d;
    let y_span = n * span + 1.0;
    let y_words = sizes.throws(n);
    let powers = (s - e + 1.0) * n * y_span * span * product(y_words, sizes.throw);
    let walk =
        state_faces * (n + 1.0) * (d.min(n) + 1.0) * y_span * product(y_words, sizes.throws(d));
    // Per value of X but the last (0, where one coefficient of P per (a, m) counts), for what was
    // added, and what was taken away at E faces (for the next value of X: what is taken away at an
    // F face comes off what was added at once): every coefficient of P against every collected
    // (a, m), its product by the part into the answer (one score) or into H_k (Horner's
    // convolutions with X after). Before the first E face only a = 0 is collected.
    let per_a = (cap * n * n / 2.0 + n) * (n * span / 2.0 + d * span + 1.0);
    let highest = (cap + 1.0) * n;
    let at_general = 1.0 + (e - 1.0).max(0.0) * d;
    let sides = 2.0 * at_general - 1.0;
    let collect = sides * per_a * product(sizes.total, y_words);
    let factors = 2.0 * sides * (cap * n * n / 2.0 + n) * product(sizes.total, sizes.throw);
    let horner = 2.0
        * general
        * highest
        * (highest * span / 2.0 + y_span)
        * e
        * product(sizes.total, sizes.throw);
    // Binomials by Pascal's rule: C(i, k) for i <= 101 n + D, k < D, and for i, k <= n.
    let rows = (cap + 1.0) * n + d;
    let binomials = (rows * d + n * n) * (rows / 64.0 + 1.0 + ALLOCATION);
    counts + powers + walk + collect + factors + horner + binomials
}

/// The pool's total alone (nothing kept): a power of the total's size.
pub fn nothing_kept(sizes: Sizes) -> f64 {
    2.0 * product(sizes.total, sizes.total)
}

/// An estimate as the budget's whole units (saturating; never below 1).
pub fn units(estimate: f64) -> u128 {
    if estimate.is_finite() && estimate < 1e36 {
        (estimate.max(1.0)) as u128
    } else {
        u128::MAX
    }
}
