//! The d12 resolution between two outcomes (L3), with the optional unlikely-outcomes scheme (L4).
//!
//! Pure arithmetic over two likelihoods and the dice handed in: no state, no randomness of its own.

use crate::model::Side;
use crate::model::{Odds, Problem, Resolution, Roll, Verdict};
use crate::rules::chances;
use crate::rules::chances::{CERTAIN_ADVANTAGE, Chances, odds_for};
use skald_dice::odds::OddsError;
use skald_dice::{DiceSource, Die, SourceError};

/// The die Loqi rolls: one d12 (book: Resolving Problems).
pub const D12: Die = Die::Numbered(12);

impl Problem {
    /// The odds between the two outcomes (L3), once both are proposed.
    pub fn odds(&self) -> Option<Odds> {
        Some(Odds::new(
            self.player.as_ref()?.likelihood(),
            self.gm.as_ref()?.likelihood(),
        ))
    }
}

impl Odds {
    /// The odds for likelihoods `player` and `gm` (any integers; the advantage saturates).
    pub fn new(player: i64, gm: i64) -> Self {
        let advantage = chances::advantage(player, gm);
        let more_likely = match player.cmp(&gm) {
            std::cmp::Ordering::Greater => Some(Side::Player),
            std::cmp::Ordering::Less => Some(Side::Gm),
            std::cmp::Ordering::Equal => None,
        };
        Self {
            player,
            gm,
            advantage,
            odds: odds_for(advantage),
            more_likely,
        }
    }

    /// The side a low roll selects: the more likely outcome, or the player's when both are equally
    /// likely (L3: 1-6 the player's, 7-12 the GM's).
    pub fn favoured(&self) -> Side {
        self.more_likely.unwrap_or(Side::Player)
    }

    /// Whether the favoured outcome wins without a roll: advantage 6 or more, unless the table plays
    /// unlikely outcomes (L3, L4).
    pub fn certain(&self, unlikely_outcomes: bool) -> bool {
        chances::certain(self.advantage, unlikely_outcomes)
    }

    /// Each outcome's exact chance at these odds (L3; L4 with `unlikely_outcomes`).
    ///
    /// # Errors
    /// As [`chances::chances`]: an advantage over 12,000.
    pub fn chances(&self, unlikely_outcomes: bool) -> Result<Chances, OddsError> {
        chances::chances(self.player, self.gm, unlikely_outcomes)
    }
}

/// What a d12 showing `roll` decides at `advantage` (L3; with `unlikely_outcomes`, L4).
pub fn verdict(advantage: i64, roll: i64, unlikely_outcomes: bool) -> Verdict {
    let odds = odds_for(advantage);
    if unlikely_outcomes && odds >= 12 {
        if roll == 12 {
            Verdict::Again
        } else {
            Verdict::MoreLikely
        }
    } else if roll <= odds {
        Verdict::MoreLikely
    } else {
        Verdict::LessLikely
    }
}

/// Resolves between two outcomes with these `odds`, rolling d12s from `dice` (L3; L4 when
/// `unlikely_outcomes`). Rolls nothing when the outcome is certain.
///
/// Under L4 the number of rolls is at most advantage / 6 + 1.
///
/// # Errors
/// [`SourceError`] when a die cannot be rolled (a scripted die missing or not a face of a d12).
pub fn resolve(
    odds: Odds,
    unlikely_outcomes: bool,
    dice: &mut dyn DiceSource,
) -> Result<Resolution, SourceError> {
    let favoured = odds.favoured();
    let certain = odds.certain(unlikely_outcomes);
    let mut rolls = Vec::new();
    let mut advantage = odds.advantage;
    let winner = if certain {
        favoured
    } else {
        loop {
            let value = dice.roll(D12)?;
            let decided = verdict(advantage, value, unlikely_outcomes);
            rolls.push(Roll {
                value,
                advantage,
                odds: odds_for(advantage),
                verdict: decided,
            });
            match decided {
                Verdict::MoreLikely => break favoured,
                Verdict::LessLikely => break favoured.other(),
                Verdict::Again => advantage = advantage.saturating_sub(CERTAIN_ADVANTAGE),
            }
        }
    };
    Ok(Resolution {
        odds,
        certain,
        rolls,
        winner,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_dice::Scripted;

    /// Resolves likelihoods `a` (player) and `b` (GM) with the dice `rolls` and checks the winner and
    /// that every scripted die was used.
    fn check(a: i64, b: i64, rolls: &[i64], unlikely: bool, expected: Side) {
        let mut dice = Scripted::new(rolls.to_vec());
        let got = resolve(Odds::new(a, b), unlikely, &mut dice).unwrap();
        assert_eq!(
            got.winner, expected,
            "likelihoods {a} vs {b}, rolls {rolls:?}, L4 {unlikely}"
        );
        assert_eq!(
            dice.remaining(),
            &[] as &[i64],
            "dice left over: {a} vs {b}, rolls {rolls:?}"
        );
        assert_eq!(got.rolls.iter().map(|r| r.value).collect::<Vec<_>>(), rolls);
    }

    use Side::{Gm, Player};

    #[test]
    fn l3_edges() {
        // Equal likelihoods: 1-6 the player's, 7-12 the GM's (L3).
        check(0, 0, &[1], false, Player);
        check(3, 3, &[6], false, Player);
        check(3, 3, &[7], false, Gm);
        check(-2, -2, &[12], false, Gm);
        // Advantage 1, odds 7: roll = odds selects the more likely, odds + 1 the less likely.
        check(1, 0, &[7], false, Player);
        check(1, 0, &[8], false, Gm);
        check(0, 1, &[7], false, Gm);
        check(0, 1, &[8], false, Player);
        // Advantage 5, odds 11: only a 12 turns it.
        check(4, -1, &[11], false, Player);
        check(4, -1, &[12], false, Gm);
        check(-1, 4, &[12], false, Player);
        // Advantage 6, odds 12: certain, no die rolled (L3).
        check(6, 0, &[], false, Player);
        check(-6, 0, &[], false, Gm);
        check(100, -100, &[], false, Player);
    }

    #[test]
    fn l4_edges() {
        // Below odds 12, L4 changes nothing.
        check(4, -1, &[12], true, Gm);
        check(3, 3, &[7], true, Gm);
        // Advantage 6: anything but a 12 keeps the more likely outcome.
        check(6, 0, &[11], true, Player);
        // A 12 drops the advantage to 0, odds 6: 7+ selects the less likely.
        check(6, 0, &[12, 6], true, Player);
        check(6, 0, &[12, 7], true, Gm);
        // Advantage 13: a 12, then (advantage 7, odds 13) another 12, then advantage 1, odds 7.
        check(0, 13, &[12, 12, 7], true, Gm);
        check(0, 13, &[12, 12, 8], true, Player);
        check(0, 13, &[12, 11], true, Gm);
    }

    #[test]
    fn certain_outcome_reports_no_rolls() {
        let r = resolve(Odds::new(2, -5), false, &mut Scripted::new(vec![])).unwrap();
        assert_eq!(
            r,
            Resolution {
                odds: Odds {
                    player: 2,
                    gm: -5,
                    advantage: 7,
                    odds: 13,
                    more_likely: Some(Player)
                },
                certain: true,
                rolls: vec![],
                winner: Player,
            }
        );
    }

    #[test]
    fn l4_probabilities_match_the_ruling_exactly() {
        // Enumerate every sequence of k = advantage / 6 + 1 d12 faces; the less likely outcome must win
        // in exactly 6 - advantage % 6 of the 12^k, so P = (6 - a % 6) / 12^(a / 6 + 1) (L4).
        for advantage in 0..18_i64 {
            let k = u32::try_from(advantage / 6 + 1).unwrap();
            let mut upsets = 0;
            for n in 0..12_i64.pow(k) {
                let faces: Vec<i64> = (0..k).map(|i| (n / 12_i64.pow(i)) % 12 + 1).collect();
                let r = resolve(Odds::new(advantage, 0), true, &mut Scripted::new(faces)).unwrap();
                if r.winner == Gm {
                    upsets += 1;
                }
            }
            assert_eq!(upsets, 6 - advantage % 6, "advantage {advantage}");
        }
    }

    #[test]
    fn dice_errors_pass_through() {
        let err = resolve(Odds::new(0, 0), false, &mut Scripted::new(vec![13])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "scripted die 1 is 13, but a d12 shows 1 to 12"
        );
    }
}
