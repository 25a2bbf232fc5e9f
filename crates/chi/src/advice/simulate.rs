//! A declared roll played [`crate::limits::SIMULATED_PLAYS`] times, for one too large to work out
//! exactly: each play draws the secret allocations (each as likely), then each side's sum of d6
//! from its exact distribution, and settles the roll as the rules do (C3: a tie fails, is rolled
//! again, or goes to the defender). Deterministic: a ChaCha generator seeded from the state, the
//! command and the roll's place (`seed`), never a global generator or the clock.

use crate::advice::exact::Sums;
use crate::advice::question::{Against, Declared, Dice};
use crate::error::Error;
use crate::limits::MAX_REROLLS;
use crate::model::options::TieRule;
use num_traits::ToPrimitive;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seed from `parts` (the state and the command as JSON, the roll's place): FNV-1a, 64 bits.
pub(crate) fn seed(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in *part {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        hash ^= 0xff;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The sum of `count` d6 as a table to draw from: `(sum, cumulative chance)`, ascending.
struct Table {
    rows: Vec<(i64, f64)>,
}

impl Table {
    fn new(count: u32, sums: &mut Sums) -> Result<Table, Error> {
        let d = sums.get(count)?;
        let total = d.total.to_f64().unwrap_or(f64::INFINITY);
        let mut running = num_bigint::BigUint::default();
        let rows = d
            .outcomes
            .iter()
            .map(|(s, w)| {
                running += w;
                (*s, running.to_f64().unwrap_or(0.0) / total)
            })
            .collect();
        Ok(Table { rows })
    }

    fn draw(&self, rng: &mut ChaCha8Rng) -> i64 {
        let u: f64 = rng.random();
        let at = self.rows.partition_point(|(_, c)| *c <= u);
        self.rows
            .get(at)
            .or(self.rows.last())
            .map_or(0, |(s, _)| *s)
    }
}

fn tables(dice: Dice, sums: &mut Sums) -> Result<Vec<Table>, Error> {
    (0..dice.choices())
        .map(|i| Table::new(dice.nth(i), sums))
        .collect()
}

/// How many of `plays` plays of `roll` succeed, drawn from `seed`.
pub(crate) fn hits(
    roll: &Declared,
    tie: TieRule,
    sums: &mut Sums,
    seed: u64,
    plays: u64,
) -> Result<u64, Error> {
    let (against, rule) = match &roll.against {
        Against::Difficulty(d) => (Dice::Known(*d), tie),
        Against::Defender { dice, .. } => (*dice, TieRule::Fail),
    };
    let mine = tables(roll.dice, sums)?;
    let theirs = tables(against, sums)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut hits = 0;
    for _ in 0..plays {
        let a = &mine[rng.random_range(0..mine.len())];
        let b = &theirs[rng.random_range(0..theirs.len())];
        // A tie rolled again more than the rules allow is called off: not a success.
        for _ in 0..=MAX_REROLLS {
            let total = a.draw(&mut rng) + i64::from(roll.modifier);
            let gm = b.draw(&mut rng);
            if total != gm || rule == TieRule::Fail {
                hits += u64::from(total > gm);
                break;
            }
        }
    }
    Ok(hits)
}
