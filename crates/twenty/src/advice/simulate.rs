//! The simulation mode (see `mod.rs`): conflicts played from a position under the simple policy
//! ([`super::policy::simple`]) with a deterministic random source seeded from the position, so the
//! same state always gives the same answer.

use super::policy::simple;
use super::position::{Act, FACES, Next, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hash::{Hash, Hasher};

/// The first choice of the advised participant, before the policy takes over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum First {
    /// An act of the exchange (stand, or bring in `n` dice).
    Act(Act),
    /// Surrender (T4).
    Surrender,
    /// Nothing now: the conflict goes on (one who has acted or stands forced, taking no burden).
    Wait,
    /// Take a burden of `boxes` boxes from seat `from` (T5); it disables its bearer with chance
    /// `disabling` in 5 (the stat's d20, T7), and then the bearer, seat `bearer`, surrenders.
    Burden {
        from: usize,
        boxes: u32,
        disabling: u32,
        bearer: Option<usize>,
    },
}

/// A seeded generator for the plays of `first` at `p`: FNV-1a over the position and the choice
/// (a hash of our own, so the seed does not change with the standard library's).
pub(super) fn rng_for(p: &Position, choice: usize) -> ChaCha8Rng {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    p.hash(&mut h);
    choice.hash(&mut h);
    ChaCha8Rng::seed_from_u64(h.finish())
}

struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Plays conflicts from `p` where seat `who` first plays `first`, at most `plays` of them and
/// no more once `work` units are spent (a unit is one choice made or one die rolled: a long
/// conflict of many participants costs more per play), at least one; returns (how many
/// `who`'s side won, how many were played).
pub(super) fn wins(
    p: &Position,
    who: usize,
    first: First,
    plays: u64,
    work: u64,
    rng: &mut ChaCha8Rng,
) -> (u64, u64) {
    let side = usize::from(p.seats[who].side);
    let mut wins = 0;
    let mut played = 0;
    let mut spent = 0;
    let mut scratch = p.clone();
    while played < plays.max(1) && (played == 0 || spent < work) {
        scratch.clone_from(p);
        let (winner, cost) = play(&mut scratch, who, first, rng);
        spent += cost;
        played += 1;
        if winner == side {
            wins += 1;
        }
    }
    (wins, played)
}

/// One conflict played to its end: the winning side, and the units of work it took.
fn play(p: &mut Position, who: usize, first: First, rng: &mut ChaCha8Rng) -> (usize, u64) {
    let mut cost = 1;
    match first {
        First::Act(act) => cost += step(p, who, act, rng),
        First::Surrender => p.surrender(who),
        First::Wait => {}
        First::Burden {
            from,
            boxes,
            disabling,
            bearer,
        } => {
            p.discard(from, boxes);
            if let Some(b) = bearer
                && rng.random_range(0..5) < disabling
            {
                p.surrender(b);
            }
        }
    }
    loop {
        match p.settle() {
            Next::Turn(i) => {
                let act = simple(p, i);
                cost += 1 + step(p, i, act, rng);
            }
            Next::Over { shares, of } => {
                // T4: a roll-off among the tied makes each of them as likely to win.
                let mut pick = rng.random_range(0..of.max(1));
                for (side, share) in shares.iter().enumerate() {
                    if pick < *share {
                        return (side, cost);
                    }
                    pick -= share;
                }
                return (0, cost);
            }
        }
    }
}

/// Seat `i` plays `act`, its dice (and the GM's, T8) rolled; returns the dice rolled.
fn step(p: &mut Position, i: usize, act: Act, rng: &mut ChaCha8Rng) -> u64 {
    match act {
        Act::Stand => {
            p.stand(i);
            0
        }
        Act::BringIn(n) => {
            let dice = roll(n, rng);
            let gm = p.bring_in(i, n, &dice);
            if gm > 0 {
                p.gm_rolls(&roll(gm, rng));
            }
            u64::from(n + gm)
        }
    }
}

/// `n` d20s as counts per face.
fn roll(n: u32, rng: &mut ChaCha8Rng) -> [u8; FACES] {
    let mut dice = [0u8; FACES];
    for _ in 0..n {
        dice[rng.random_range(1..FACES)] += 1;
    }
    dice
}
