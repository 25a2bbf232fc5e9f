//! The arithmetic of the task check, free of state and dice: equalizing two ratings (ruling F2),
//! the band a difference falls in, the outcome of a d100 roll in that band and its consequence (rulings
//! F1, F3).

use crate::model::check::{Band, Consequence, Equalized, Outcome};
use crate::model::number::Number;

/// The number of decimal digits of `n` (0 has 1 digit): `digits(1200) == 4`.
pub fn digits(n: u128) -> u32 {
    n.checked_ilog10().map_or(1, |log| log + 1)
}

/// Keeps the three highest orders of magnitude of the larger number (ruling F2): when the larger of
/// `rating` and `difficulty` has more than 3 digits, both are divided by 10^(digits - 3), dropping
/// fractions. `equalize(42, 1200)` is 4 vs 120 (divisor 10); `equalize(27, 56)` is unchanged.
pub fn equalize(rating: u128, difficulty: u128) -> Equalized {
    let larger = digits(rating.max(difficulty));
    let divisor = 10u128.pow(larger.saturating_sub(3));
    // Both quotients have at most 3 digits.
    let small = |n: u128| u64::try_from(n / divisor).unwrap_or(999);
    Equalized {
        rating: small(rating),
        difficulty: small(difficulty),
        divisor: Number(divisor),
        digits: larger,
    }
}

/// Equalizing (F2) and the difference, step by step, for people: e.g. for 42 against 1200,
/// `["the larger number, 1200, has 4 digits: keep its highest 3 (F2)", "divide both by 10^1 = 10,
/// dropping fractions: rating 42 -> 4, difficulty 1200 -> 120", "difference = 120 - 4 = 116"]`.
pub fn explain(rating: u128, difficulty: u128, equalized: &Equalized) -> Vec<String> {
    let larger = rating.max(difficulty);
    let mut steps = Vec::new();
    if equalized.divisor.get() == 1 {
        steps.push(format!(
            "the larger number, {larger}, has {} digit{}: no equalizing needed (F2)",
            equalized.digits,
            if equalized.digits == 1 { "" } else { "s" }
        ));
    } else {
        steps.push(format!(
            "the larger number, {larger}, has {} digits: keep its highest 3 (F2)",
            equalized.digits
        ));
        steps.push(format!(
            "divide both by 10^{} = {}, dropping fractions: rating {rating} -> {}, difficulty {difficulty} -> {}",
            equalized.digits - 3,
            equalized.divisor,
            equalized.rating,
            equalized.difficulty
        ));
    }
    steps.push(format!(
        "difference = {} - {} = {}",
        equalized.difficulty,
        equalized.rating,
        difference(equalized)
    ));
    steps
}

/// Equalized difficulty minus equalized rating: -999 to 999.
pub fn difference(equalized: &Equalized) -> i64 {
    // Both are at most 999 once equalized.
    let signed = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    signed(equalized.difficulty) - signed(equalized.rating)
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
}

impl Consequence {
    /// The consequence of `outcome` in `band`.
    pub fn of(band: Band, outcome: Outcome) -> Consequence {
        match outcome {
            Outcome::Success | Outcome::Crit => Consequence::None,
            Outcome::Botch => Consequence::Botch,
            Outcome::Failure if band == Band::CritOnly => Consequence::Minor,
            Outcome::Failure => Consequence::Failure,
        }
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
/// Without a roll: [`Band::Automatic`] succeeds, [`Band::Hopeless`] is a Botch (F3: 151 or more
/// fails with no roll and counts as a Botch), and every other band fails (the player backed out).
/// With a roll, [`Band::Hopeless`] is a Botch too: no roll can save it.
pub fn outcome(difference: i64, roll: Option<u32>) -> Outcome {
    let band = Band::of(difference);
    let Some(roll) = roll else {
        return match band {
            Band::Automatic => Outcome::Success,
            Band::Hopeless => Outcome::Botch,
            Band::BotchOnly | Band::Normal | Band::CritOnly | Band::Miracle => Outcome::Failure,
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

/// The outcome of a plain percentile check (freelancer.txt, Task Checks, the closing note): the GM
/// gives a `chance` of 0-100%; a Crit (1-5) always succeeds, a Botch (96-100) always fails (F1), and
/// otherwise the d100 succeeds when it is at most `chance`.
pub fn chance_outcome(chance: u32, roll: u32) -> Outcome {
    if is_crit(roll) {
        Outcome::Crit
    } else if is_botch(roll) {
        Outcome::Botch
    } else if roll <= chance {
        Outcome::Success
    } else {
        Outcome::Failure
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(rating: u128, difficulty: u128, expected: (u64, u64, u128, u32)) {
        let e = equalize(rating, difficulty);
        assert_eq!(
            (e.rating, e.difficulty, e.divisor.get(), e.digits),
            expected,
            "{rating} vs {difficulty}"
        );
    }

    #[test]
    fn digits_count_decimal_places() {
        assert_eq!(
            [0, 9, 10, 999, 1000, u128::from(u64::MAX), u128::MAX].map(digits),
            [1, 1, 2, 3, 4, 20, 39]
        );
    }

    #[test]
    fn equalizing_keeps_three_digits_of_the_larger() {
        check(42, 1200, (4, 120, 10, 4));
        check(200, 1200, (20, 120, 10, 4));
        check(27, 56, (27, 56, 1, 2));
        check(999, 5, (999, 5, 1, 3));
        check(33_550_336, 4_061, (335, 0, 100_000, 8));
        check(0, 0, (0, 0, 1, 1));
        check(
            u128::from(u64::MAX),
            1,
            (184, 0, 100_000_000_000_000_000, 20),
        );
        let max = crate::MAX_RATING;
        check(max, max - 1, (100, 99, 10u128.pow(28), 31));
        check(
            max * 12,
            max,
            (120, 10, 10u128.pow(29), 32), // a team of 12 at the bound
        );
    }

    #[test]
    fn equalizing_is_explained_step_by_step() {
        let e = equalize(42, 1200);
        assert_eq!(
            explain(42, 1200, &e),
            [
                "the larger number, 1200, has 4 digits: keep its highest 3 (F2)",
                "divide both by 10^1 = 10, dropping fractions: rating 42 -> 4, difficulty 1200 -> 120",
                "difference = 120 - 4 = 116",
            ]
        );
        let e = equalize(27, 56);
        assert_eq!(
            explain(27, 56, &e),
            [
                "the larger number, 56, has 2 digits: no equalizing needed (F2)",
                "difference = 56 - 27 = 29",
            ]
        );
    }

    #[test]
    fn consequences_by_band() {
        use Band::*;
        assert_eq!(
            Consequence::of(CritOnly, Outcome::Failure),
            Consequence::Minor
        );
        assert_eq!(
            Consequence::of(Normal, Outcome::Failure),
            Consequence::Failure
        );
        assert_eq!(Consequence::of(Miracle, Outcome::Botch), Consequence::Botch);
        assert_eq!(Consequence::of(Normal, Outcome::Crit), Consequence::None);
        assert_eq!(
            Consequence::of(Hopeless, Outcome::Botch),
            Consequence::Botch
        );
    }

    #[test]
    fn a_hopeless_check_is_a_botch_without_a_roll() {
        // RULINGS F3: 151 or more fails with no roll and counts as a Botch.
        assert_eq!(outcome(151, None), Outcome::Botch);
        assert_eq!(outcome(999, None), Outcome::Botch);
        assert_eq!(outcome(150, None), Outcome::Failure);
        assert_eq!(outcome(0, None), Outcome::Success);
        assert!(!Band::Hopeless.rolls());
        assert!(Band::Miracle.rolls());
    }

    #[test]
    fn plain_chances() {
        assert_eq!(chance_outcome(75, 75), Outcome::Success);
        assert_eq!(chance_outcome(75, 76), Outcome::Failure);
        assert_eq!(chance_outcome(0, 5), Outcome::Crit);
        assert_eq!(chance_outcome(100, 96), Outcome::Botch);
        assert_eq!(chance_outcome(100, 95), Outcome::Success);
    }
}
