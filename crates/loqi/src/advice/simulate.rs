//! The advice played [`crate::limits::SIMULATED_PLAYS`] times, for a question too large to work out
//! exactly: each play draws every holder's amount (0 to its pile, each as likely), moves the
//! likelihood difference by it, and rolls the d12 as the rules do (L3; L4: a 12 at odds 12 or
//! more rolls again at the advantage less 6). Deterministic: a ChaCha generator seeded from the
//! state and the command (`seed`), never a global generator or the clock.

use crate::advice::question::{Holder, Question};
use crate::rules::chances::{CERTAIN_ADVANTAGE, D12_FACES};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seed from `parts` (the state and the command as JSON, the line's name): FNV-1a, 64 bits.
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

/// The plays and how many selected the player's outcome: under the model, and, when the advised
/// one may still spend, with it spending nothing more and all it holds (the others as drawn in
/// the same play).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Counts {
    /// The plays.
    pub plays: u64,
    /// The player's outcome selected, under the model.
    pub model: u64,
    /// The same, the advised one spending nothing more.
    pub none: Option<u64>,
    /// The same, the advised one spending all it holds.
    pub all: Option<u64>,
}

/// `plays` problems played from `question`, drawn from `seed` (at least one play).
pub(crate) fn play(question: &Question, plays: u64, seed: u64) -> Counts {
    let plays = plays.max(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let focus = question.focus_holder();
    let others: Vec<&Holder> = question
        .holders
        .iter()
        .filter(|h| h.who != question.focus)
        .collect();
    let unlikely = question.unlikely_outcomes;
    let d0 = question.difference();
    let (mut model, mut none, mut all) = (0, 0, 0);
    for _ in 0..plays {
        let mut d = d0;
        for h in &others {
            d = d.saturating_add(h.sign().saturating_mul(amount(h, &mut rng)));
        }
        match focus {
            Some(f) => {
                none += u64::from(player_selected(d, unlikely, &mut rng));
                let every = d.saturating_add(f.sign().saturating_mul(f.pool));
                all += u64::from(player_selected(every, unlikely, &mut rng));
                let drawn = d.saturating_add(f.sign().saturating_mul(amount(f, &mut rng)));
                model += u64::from(player_selected(drawn, unlikely, &mut rng));
            }
            None => model += u64::from(player_selected(d, unlikely, &mut rng)),
        }
    }
    Counts {
        plays,
        model,
        none: focus.map(|_| none),
        all: focus.map(|_| all),
    }
}

/// `plays` problems played from `question` under the model (every holder drawn, the advised one
/// like the others), drawn from `seed` (at least one play): how many selected the player's
/// outcome. A fair fight's chance past the exact bound (`balance.rs`).
pub(crate) fn model(question: &Question, plays: u64, seed: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let d0 = question.difference();
    (0..plays.max(1))
        .map(|_| {
            let d = question.holders.iter().fold(d0, |d, h| {
                d.saturating_add(h.sign().saturating_mul(amount(h, &mut rng)))
            });
            u64::from(player_selected(d, question.unlikely_outcomes, &mut rng))
        })
        .sum()
}

/// `plays` resolutions at likelihood difference `difference` (drawn from `seed`, at least one
/// play): how many selected the player's outcome.
pub(crate) fn fixed(difference: i64, unlikely_outcomes: bool, plays: u64, seed: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..plays.max(1))
        .map(|_| u64::from(player_selected(difference, unlikely_outcomes, &mut rng)))
        .sum()
}

/// A holder's amount: 0 to its pile, each as likely.
fn amount(h: &Holder, rng: &mut ChaCha8Rng) -> i64 {
    rng.random_range(0..=h.pool.max(0))
}

/// One resolution rolled (L3, L4): whether the player's outcome is selected at likelihood
/// difference `difference` (the player's minus the GM's).
fn player_selected(difference: i64, unlikely_outcomes: bool, rng: &mut ChaCha8Rng) -> bool {
    // Equal likelihoods: a roll at or under 6 is the player's (L3), as if it were the favourite.
    let favourite_is_player = difference >= 0;
    let mut advantage = difference.saturating_abs();
    loop {
        let odds = advantage.saturating_add(CERTAIN_ADVANTAGE);
        if odds >= D12_FACES {
            if !unlikely_outcomes {
                return favourite_is_player;
            }
            // L4: a 12 first, then the same question at the advantage less 6.
            if rng.random_range(1..=D12_FACES) == D12_FACES {
                advantage -= CERTAIN_ADVANTAGE;
                continue;
            }
            return favourite_is_player;
        }
        return (rng.random_range(1..=D12_FACES) <= odds) == favourite_is_player;
    }
}

/// The simulation's seed: the question's own content (the likelihood difference, the option,
/// whom it advises and every holder's pile and side), so one question always gets one answer.
pub(crate) fn question_seed(q: &Question) -> u64 {
    let mut parts: Vec<Vec<u8>> = vec![
        q.difference().to_le_bytes().to_vec(),
        vec![u8::from(q.unlikely_outcomes)],
        q.focus.as_bytes().to_vec(),
    ];
    for h in &q.holders {
        parts.push(h.who.as_bytes().to_vec());
        parts.push(h.pool.to_le_bytes().to_vec());
        parts.push(h.sign().to_le_bytes().to_vec());
    }
    let parts: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
    seed(&parts)
}
