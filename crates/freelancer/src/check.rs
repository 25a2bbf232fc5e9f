//! The arithmetic of the task check, free of state and dice: equalizing two ratings (ruling F2),
//! the band a difference falls in and the outcome of a d100 roll in that band (rulings F1, F3).

use serde::{Deserialize, Serialize};

/// The number of decimal digits of `n` (0 has 1 digit): `digits(1200) == 4`.
pub fn digits(n: u64) -> u32 {
    n.checked_ilog10().map_or(1, |log| log + 1)
}

/// Two ratings brought to the same scale (ruling F2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Equalized {
    /// The rating after dividing by `divisor`, fraction dropped.
    pub rating: u64,
    /// The difficulty after dividing by `divisor`, fraction dropped.
    pub difficulty: u64,
    /// 10^(digits of the larger - 3) when the larger has more than 3 digits, else 1.
    pub divisor: u64,
}

/// Keeps the three highest orders of magnitude of the larger number (ruling F2): when the larger of
/// `rating` and `difficulty` has more than 3 digits, both are divided by 10^(digits - 3), dropping
/// fractions. `equalize(42, 1200)` is 4 vs 120 (divisor 10); `equalize(27, 56)` is unchanged.
pub fn equalize(rating: u64, difficulty: u64) -> Equalized {
    let larger = digits(rating.max(difficulty));
    let divisor = 10u64.pow(larger.saturating_sub(3));
    Equalized {
        rating: rating / divisor,
        difficulty: difficulty / divisor,
        divisor,
    }
}

/// Where a task check's difference (difficulty - rating, equalized) falls (ruling F3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    /// 0 or less: success without a roll (a roll would add nothing, not even a Crit's bonus).
    Automatic,
    /// 1-5: rolled; only a Botch fails, and a Crit gives no bonus.
    BotchOnly,
    /// 6-95: rolled; success iff d100 <= 100 - difference; a Crit always succeeds, a Botch always fails.
    Normal,
    /// 96-100: rolled; only a Crit succeeds; a failure has minor consequences, a Botch worse.
    CritOnly,
    /// 101-150: rolled if the player chooses; only a Crit succeeds and every failure is a Botch.
    Miracle,
    /// 151 or more: fails whatever happens; if the player rolls anyway, any roll is a Botch.
    Hopeless,
}

impl Band {
    /// The band of `difference` (ruling F3): `Band::of(29) == Band::Normal`, `Band::of(116) == Band::Miracle`.
    pub fn of(difference: i64) -> Band {
        match difference {
            ..=0 => Band::Automatic,
            1..=5 => Band::BotchOnly,
            6..=95 => Band::Normal,
            96..=100 => Band::CritOnly,
            101..=150 => Band::Miracle,
            _ => Band::Hopeless,
        }
    }

    /// Whether the d100 is rolled in this band: never for [`Band::Automatic`], only when the player
    /// insists (`roll_anyway`) for [`Band::Hopeless`], always otherwise.
    pub fn rolls(self, roll_anyway: bool) -> bool {
        match self {
            Band::Automatic => false,
            Band::Hopeless => roll_anyway,
            Band::BotchOnly | Band::Normal | Band::CritOnly | Band::Miracle => true,
        }
    }

    /// The band's differences and rule in a few words, for the log.
    pub fn rule(self) -> &'static str {
        match self {
            Band::Automatic => "0 or less: success without a roll",
            Band::BotchOnly => "1-5: only a Botch fails",
            Band::Normal => {
                "6-95: d100 at most 100 - difference succeeds; Crit succeeds, Botch fails"
            }
            Band::CritOnly => "96-100: only a Crit succeeds; failure minor, Botch worse",
            Band::Miracle => "101-150: only a Crit succeeds; every failure is a Botch",
            Band::Hopeless => "151 or more: fails; any roll is a Botch",
        }
    }
}

/// How a task check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Succeeded (without a roll, or with a roll that gives no bonus).
    Success,
    /// Succeeded on a Crit (1-5), which may bring bonus results.
    Crit,
    /// Failed (in band 96-100: minor consequences).
    Failure,
    /// Failed on a Botch, or any failure in band 101-150, or any roll in band 151+.
    Botch,
}

impl Outcome {
    /// Whether the task succeeded: [`Outcome::Success`] or [`Outcome::Crit`].
    pub fn succeeded(self) -> bool {
        matches!(self, Outcome::Success | Outcome::Crit)
    }
}

/// A percentile Crit (ruling F1): a d100 roll of 1-5.
pub fn is_crit(roll: u32) -> bool {
    (1..=5).contains(&roll)
}

/// A percentile Botch (ruling F1): a d100 roll of 96-100.
pub fn is_botch(roll: u32) -> bool {
    (96..=100).contains(&roll)
}

/// The outcome of a check with `difference` and d100 `roll` (1-100), or no roll (ruling F3).
///
/// Without a roll: [`Band::Automatic`] succeeds and every other band fails (the player backed out or,
/// in [`Band::Hopeless`], did not insist).
pub fn outcome(difference: i64, roll: Option<u32>) -> Outcome {
    let band = Band::of(difference);
    let Some(roll) = roll else {
        return if band == Band::Automatic {
            Outcome::Success
        } else {
            Outcome::Failure
        };
    };
    match band {
        Band::Automatic => Outcome::Success,
        Band::BotchOnly if is_botch(roll) => Outcome::Botch,
        Band::BotchOnly => Outcome::Success,
        Band::Normal | Band::CritOnly if is_crit(roll) => Outcome::Crit,
        Band::Normal | Band::CritOnly if is_botch(roll) => Outcome::Botch,
        Band::Normal if i64::from(roll) <= 100 - difference => Outcome::Success,
        Band::Normal | Band::CritOnly => Outcome::Failure,
        Band::Miracle if is_crit(roll) => Outcome::Crit,
        Band::Miracle | Band::Hopeless => Outcome::Botch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_count_decimal_places() {
        assert_eq!(
            [0, 9, 10, 999, 1000, u64::MAX].map(digits),
            [1, 1, 2, 3, 4, 20]
        );
    }

    #[test]
    fn equalizing_keeps_three_digits_of_the_larger() {
        assert_eq!(
            equalize(42, 1200),
            Equalized {
                rating: 4,
                difficulty: 120,
                divisor: 10
            }
        );
        assert_eq!(
            equalize(200, 1200),
            Equalized {
                rating: 20,
                difficulty: 120,
                divisor: 10
            }
        );
        assert_eq!(
            equalize(27, 56),
            Equalized {
                rating: 27,
                difficulty: 56,
                divisor: 1
            }
        );
        assert_eq!(
            equalize(999, 5),
            Equalized {
                rating: 999,
                difficulty: 5,
                divisor: 1
            }
        );
        assert_eq!(
            equalize(33_550_336, 4_061),
            Equalized {
                rating: 335,
                difficulty: 0,
                divisor: 100_000
            }
        );
        assert_eq!(
            equalize(0, 0),
            Equalized {
                rating: 0,
                difficulty: 0,
                divisor: 1
            }
        );
        assert_eq!(
            equalize(u64::MAX, 1),
            Equalized {
                rating: 184,
                difficulty: 0,
                divisor: 100_000_000_000_000_000
            }
        );
    }
}
