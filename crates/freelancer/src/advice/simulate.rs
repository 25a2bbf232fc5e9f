//! The rest of the event played many times, for a next round too large to follow exactly: each play
//! rolls the check now, the attempts left in the round under way, then the next round's initiative
//! of the attempters (d100 + ALC scaled to SPD, each divided into its most Full Actions, F5; method
//! 2's turns, F6; ties by SPD, LCK, then a fair roll-off) and their attempts in that order, until
//! the first success. Deterministic: a ChaCha generator seeded from the state and the command,
//! never a global generator or the clock.

use crate::advice::next_round::{Placed, most_actions, precedence, turns};
use crate::advice::question::{Class, Question};
use crate::limits::{MIN_SIMULATED_PLAYS, SIMULATED_PLAYS, SIMULATION_WORK};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seed from `parts` (the state and the command as JSON): FNV-1a, 64 bits.
pub fn seed(parts: &[&[u8]]) -> u64 {
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

/// The plays to make: [`SIMULATED_PLAYS`], fewer when a play's work (its attempts and turns at
/// most) would pass [`SIMULATION_WORK`] in all, never fewer than [`MIN_SIMULATED_PLAYS`].
pub fn plays(question: &Question) -> u64 {
    let actions = most_actions(question);
    let this_round: u64 = 1 + question
        .this_round
        .iter()
        .map(|(_, k)| u64::from(*k))
        .sum::<u64>();
    let next: u64 = question
        .rollers
        .iter()
        .enumerate()
        .filter(|(_, r)| r.attempter.is_some())
        .map(|(i, r)| {
            let k = actions.get(i).copied().unwrap_or(1);
            let slots = turns(r, 100, k, question.method);
            // Placing and sorting a turn, and each Full Action's attempt.
            slots.len() as u64 * 8 + slots.iter().map(|(_, k)| u64::from(*k)).sum::<u64>()
        })
        .sum();
    (SIMULATION_WORK / (this_round + next).max(1)).clamp(MIN_SIMULATED_PLAYS, SIMULATED_PLAYS)
}

/// How many of `plays` plays each attempter's success was the first (by the end of the next
/// round), drawn from `seed`.
pub fn firsts(question: &Question, seed: u64, plays: u64) -> Vec<u64> {
    let n = question.attempters.len();
    let actions = most_actions(question);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut hits = vec![0u64; n];
    let mut botched = vec![false; n];
    let mut placed: Vec<(Placed, u64)> = Vec::new();
    for _ in 0..plays {
        botched.iter_mut().for_each(|b| *b = false);
        let mut first = None;
        let attempt = |x: usize, rng: &mut ChaCha8Rng, botched: &mut [bool]| -> bool {
            if botched[x] {
                return false;
            }
            let face = rng.random_range(1..=100u32);
            match question.attempters[x].attempt.class(face) {
                Class::Success => true,
                Class::Failure => false,
                Class::Botch => {
                    botched[x] = true;
                    false
                }
            }
        };
        'play: {
            if attempt(0, &mut rng, &mut botched) {
                first = Some(0);
                break 'play;
            }
            for &(x, k) in &question.this_round {
                for _ in 0..k {
                    if attempt(x, &mut rng, &mut botched) {
                        first = Some(x);
                        break 'play;
                    }
                }
            }
            placed.clear();
            for (i, roller) in question.rollers.iter().enumerate() {
                let Some(attempter) = roller.attempter else {
                    continue;
                };
                let d100 = rng.random_range(1..=100u32);
                let k = actions.get(i).copied().unwrap_or(1);
                for (turn, actions) in turns(roller, d100, k, question.method) {
                    // A fair roll-off: among tied turns, each order equally likely.
                    let roll_off: u64 = rng.random();
                    placed.push((
                        Placed {
                            turn,
                            spd: roller.spd,
                            lck: roller.lck,
                            attempter,
                            actions,
                        },
                        roll_off,
                    ));
                }
            }
            placed.sort_by(|a, b| precedence(&a.0, &b.0).then_with(|| b.1.cmp(&a.1)));
            for (slot, _) in &placed {
                for _ in 0..slot.actions {
                    if attempt(slot.attempter, &mut rng, &mut botched) {
                        first = Some(slot.attempter);
                        break 'play;
                    }
                }
            }
        }
        if let Some(x) = first {
            hits[x] += 1;
        }
    }
    hits
}
