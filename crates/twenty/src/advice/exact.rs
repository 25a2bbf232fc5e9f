//! The exact mode (see `mod.rs`): every participant plays the choice that maximises its own
//! side's chance of winning, over every outcome of the dice, exactly.
//!
//! A bring-in of `n` d20s is enumerated as the multisets of `n` faces (a pool matters only through
//! its counts per face, T3), each weighted by its multinomial count out of 20^n; positions are
//! memoised. A value is each side's chance of winning, as a numerator over `20^e * L`, `L` the
//! least common multiple of 1 to the number of participants (a final tie's shares, T4).

use super::position::{Act, FACES, Next, Position};
use num_bigint::BigUint;
use std::collections::HashMap;
use std::rc::Rc;

/// A chance as `num / (20^e * L)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Q {
    /// The numerator.
    pub num: BigUint,
    /// The power of 20 in the denominator.
    pub e: u32,
}

impl Q {
    /// The numerator over `20^e`: the same chance with a larger denominator.
    fn at(&self, e: u32) -> BigUint {
        &self.num * BigUint::from(20u32).pow(e - self.e)
    }
}

/// The work ran past its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct OverBudget;

/// The outcomes of n d20s: counts per face, with the ordered rolls showing them.
type Outcomes = Vec<([u8; FACES], u64)>;

/// Each side's chance of winning.
pub(super) type Values = Rc<Vec<Q>>;

/// The exhaustive search, with its memo and its meter.
pub(super) struct Exact {
    memo: HashMap<Position, Values>,
    outcomes: HashMap<u32, Rc<Outcomes>>,
    /// Units of work done: positions valued plus dice outcomes walked.
    pub work: u64,
    budget: u64,
    /// `L`: the least common multiple of 1 to the number of participants.
    pub lcm: u64,
}

impl Exact {
    /// A search for positions of `participants` seats, stopping past `budget` units of work.
    pub fn new(participants: usize, budget: u64) -> Exact {
        let mut lcm: u64 = 1;
        for n in 1..=participants.max(1) as u64 {
            lcm = lcm / gcd(lcm, n) * n;
        }
        Exact {
            memo: HashMap::new(),
            outcomes: HashMap::new(),
            work: 0,
            budget,
            lcm,
        }
    }

    fn charge(&mut self, units: u64) -> Result<(), OverBudget> {
        self.work = self.work.saturating_add(units);
        if self.work > self.budget {
            Err(OverBudget)
        } else {
            Ok(())
        }
    }

    /// Each side's chance of winning from `position` with best play by everyone.
    pub fn value(&mut self, position: &Position) -> Result<Values, OverBudget> {
        let mut p = position.clone();
        let next = p.settle();
        if let Some(v) = self.memo.get(&p) {
            return Ok(Rc::clone(v));
        }
        self.charge(1)?;
        let values = match next {
            Next::Over { shares, of } => Rc::new(
                shares
                    .iter()
                    .map(|s| Q {
                        num: BigUint::from(u64::from(*s) * self.lcm / u64::from(of.max(1))),
                        e: 0,
                    })
                    .collect(),
            ),
            Next::Turn(i) => {
                let side = usize::from(p.seats[i].side);
                let mut best: Option<Values> = None;
                for act in p.acts(i) {
                    let v = self.act(&p, i, act)?;
                    if best.as_ref().is_none_or(|b| greater(&v[side], &b[side])) {
                        best = Some(v);
                    }
                }
                best.unwrap_or_else(|| Rc::new(Vec::new()))
            }
        };
        self.memo.insert(p, Rc::clone(&values));
        Ok(values)
    }

    /// Each side's chance once seat `i` plays `act` at `p`, best play after.
    pub fn act(&mut self, p: &Position, i: usize, act: Act) -> Result<Values, OverBudget> {
        match act {
            Act::Stand => {
                let mut child = p.clone();
                child.stand(i);
                self.value(&child)
            }
            Act::BringIn(n) => self.expect(n, |this, dice| {
                let mut child = p.clone();
                let gm = child.bring_in(i, n, dice);
                if gm == 0 {
                    return this.value(&child);
                }
                this.expect(gm, |this, gm_dice| {
                    let mut after = child.clone();
                    after.gm_rolls(gm_dice);
                    this.value(&after)
                })
            }),
        }
    }

    /// The expectation over every outcome of `n` d20s of `then`'s values.
    pub fn expect(
        &mut self,
        n: u32,
        mut then: impl FnMut(&mut Self, &[u8; FACES]) -> Result<Values, OverBudget>,
    ) -> Result<Values, OverBudget> {
        let count = multisets(n);
        self.charge(count)?;
        let outcomes = match self.outcomes.get(&n) {
            Some(o) => Rc::clone(o),
            None => {
                let o = Rc::new(outcomes(n));
                self.outcomes.insert(n, Rc::clone(&o));
                o
            }
        };
        let mut parts: Vec<(u64, Values)> = Vec::with_capacity(outcomes.len());
        for (dice, weight) in outcomes.iter() {
            parts.push((*weight, then(self, dice)?));
        }
        Ok(Rc::new(mix(&parts, n)))
    }

    /// A mixture of values `parts`, each weighted out of `20^n` in all.
    pub fn mix(parts: &[(u64, Values)], n: u32) -> Vec<Q> {
        mix(parts, n)
    }
}

/// Σ weight · value / 20^n, side by side.
fn mix(parts: &[(u64, Values)], n: u32) -> Vec<Q> {
    let sides = parts.first().map_or(0, |(_, v)| v.len());
    let e = parts
        .iter()
        .flat_map(|(_, v)| v.iter().map(|q| q.e))
        .max()
        .unwrap_or(0);
    (0..sides)
        .map(|s| {
            let mut num = BigUint::default();
            for (w, v) in parts {
                if *w > 0 && v[s].num != BigUint::default() {
                    num += v[s].at(e) * BigUint::from(*w);
                }
            }
            Q { num, e: e + n }
        })
        .collect()
}

/// Whether `a` is strictly greater than `b`.
fn greater(a: &Q, b: &Q) -> bool {
    let e = a.e.max(b.e);
    a.at(e) > b.at(e)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The multisets of `n` d20 faces: C(n + 19, 19).
pub(super) fn multisets(n: u32) -> u64 {
    let mut c: u64 = 1;
    for i in 1..=19u64 {
        c = c * (u64::from(n) + i) / i;
    }
    c
}

/// Every multiset of `n` d20 faces as counts per face, with the number of ordered rolls showing it
/// (n! / the product of the counts' factorials).
fn outcomes(n: u32) -> Vec<([u8; FACES], u64)> {
    let mut out = Vec::new();
    let mut counts = [0u8; FACES];
    let factorial = |k: u32| (1..=u64::from(k)).product::<u64>();
    fn walk(
        v: usize,
        left: u32,
        counts: &mut [u8; FACES],
        out: &mut Vec<([u8; FACES], u64)>,
        total: u64,
        factorial: &dyn Fn(u32) -> u64,
    ) {
        if v == 1 {
            counts[1] = left as u8;
            let denominator: u64 = counts[1..]
                .iter()
                .map(|c| factorial(u32::from(*c)))
                .product();
            out.push((*counts, total / denominator));
            counts[1] = 0;
            return;
        }
        for c in 0..=left {
            counts[v] = c as u8;
            walk(v - 1, left - c, counts, out, total, factorial);
        }
        counts[v] = 0;
    }
    walk(
        FACES - 1,
        n,
        &mut counts,
        &mut out,
        factorial(n),
        &factorial,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outcomes_of_n_dice_weigh_twenty_to_the_n() {
        for n in 0..=3u32 {
            let all = outcomes(n);
            assert_eq!(all.len() as u64, multisets(n), "{n} dice");
            assert_eq!(all.iter().map(|(_, w)| w).sum::<u64>(), 20u64.pow(n));
        }
        assert_eq!(multisets(4), 8855);
        assert_eq!(Exact::new(4, 0).lcm, 12);
    }
}
