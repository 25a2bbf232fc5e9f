//! `skald freelancer check`: a task check before the roll (equalizing step by step, F2; the
//! difference and its band, F3; exact P(success) and P(Botch)) and, given a d100, its outcome and
//! consequence; or a plain percentile check (F1).

use crate::error::Error;
use crate::limits::{MAX_TEAM, MIN_TEAM};
use crate::model::check::{Band, Consequence, Equalized, Outcome};
use crate::model::number::Number;
use crate::odds;
use crate::reports::inputs::{CHANCE, D100, DIFFICULTY, RATING};
use crate::reports::written;
use crate::rules::task_check::{chance_outcome, difference, equalize, explain, outcome};
use serde::Serialize;
use skald_dice::odds::Fraction;
use std::fmt;

/// A task check. Its JSON (`--json`) is these fields, in this order (alphabetical: the order the
/// command line has always printed); chances as exact `"p/q"` strings beside their decimals; the
/// roll's fields only with a roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TaskCheckReport {
    /// The band the difference falls in (F3).
    pub band: Band,
    /// With a roll: what the outcome costs (F3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consequence: Option<Consequence>,
    /// Equalized difficulty - equalized rating: -999 to 999.
    pub difference: i64,
    /// The difficulty, 0 to 10^30.
    pub difficulty: Number,
    /// Both numbers brought to three digits (F2).
    #[serde(serialize_with = "written::equalized")]
    pub equalized: Equalized,
    /// With a roll: how the check came out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// P(Botch).
    #[serde(serialize_with = "written::fraction")]
    pub p_botch: Fraction,
    /// `p_botch` as a decimal.
    pub p_botch_decimal: f64,
    /// P(success), Crits included.
    #[serde(serialize_with = "written::fraction")]
    pub p_success: Fraction,
    /// `p_success` as a decimal.
    pub p_success_decimal: f64,
    /// The rating checked: the sum of `ratings`.
    pub rating: Number,
    /// The ratings given, in order; in JSON only for a team lift (two or more).
    #[serde(skip_serializing_if = "single")]
    pub ratings: Vec<Number>,
    /// The d100 rolled, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<u32>,
    /// Whether the d100 is rolled in this band (not at 0 or less, nor at 151 or more, F3).
    pub rolls: bool,
    /// The band's rule in a few words.
    pub rule: &'static str,
    /// Equalizing and the difference, step by step, for people.
    pub steps: Vec<String>,
    /// With a roll: whether the task succeeded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
}

fn single(ratings: &[Number]) -> bool {
    ratings.len() < 2
}

/// The task check of `ratings` added together (one rating, or a team of 2 to [`MAX_TEAM`]) against
/// `difficulty`; with `roll`, its outcome. At a difference of 151 or more the check fails with no
/// roll and counts as a Botch (RULINGS F3): P(Botch) is 1.
///
/// # Errors
/// [`Error::Missing`] naming `--rating` (none given) or `--difficulty`; [`Error::TeamSize`] for
/// more than [`MAX_TEAM`] ratings; [`Error::OutOfRange`] for a rating or the difficulty beyond
/// 0 to 10^30 or a roll beyond 1-100; [`Error::RollNotNeeded`] for a roll in a band that rolls
/// nothing.
pub fn task_check(
    ratings: &[u128],
    difficulty: Option<u128>,
    roll: Option<u32>,
) -> Result<TaskCheckReport, Error> {
    if ratings.is_empty() {
        return Err(Error::Missing {
            field: RATING.flag.to_owned(),
            why: "a task check sets a rating against a difficulty (F3); or give --chance",
        });
    }
    if ratings.len() > MAX_TEAM {
        return Err(Error::TeamSize {
            field: RATING.flag.to_owned(),
            count: ratings.len(),
            min: MIN_TEAM,
            max: MAX_TEAM,
        });
    }
    let Some(difficulty) = difficulty else {
        return Err(Error::Missing {
            field: DIFFICULTY.flag.to_owned(),
            why: "a task check sets a rating against a difficulty (F3)",
        });
    };
    for &rating in ratings {
        RATING.check(rating)?;
    }
    DIFFICULTY.check(difficulty)?;
    if let Some(roll) = roll {
        D100.check(roll)?;
    }
    // At most 12 ratings of at most 10^30: far inside u128.
    let rating: u128 = ratings.iter().sum();
    let equalized = equalize(rating, difficulty);
    let difference = difference(&equalized);
    let band = Band::of(difference);
    let rolls = band.rolls();
    if let Some(roll) = roll
        && !rolls
    {
        return Err(Error::RollNotNeeded {
            field: D100.flag.to_owned(),
            roll,
            difference,
        });
    }
    let (p_success, p_botch) = odds::task_check(difference)?;
    let outcome = roll.map(|roll| outcome(difference, Some(roll)));
    Ok(TaskCheckReport {
        band,
        consequence: outcome.map(|outcome| Consequence::of(band, outcome)),
        difference,
        difficulty: Number(difficulty),
        steps: explain(rating, difficulty, &equalized),
        equalized,
        outcome,
        p_botch_decimal: p_botch.to_f64(),
        p_botch,
        p_success_decimal: p_success.to_f64(),
        p_success,
        rating: Number(rating),
        ratings: ratings.iter().copied().map(Number).collect(),
        roll,
        rolls,
        rule: band.rule(),
        success: outcome.map(Outcome::succeeded),
    })
}

/// The ratings and the difficulty, the steps, the band, the chances, and the roll's outcome.
impl fmt::Display for TaskCheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ratings: Vec<String> = self.ratings.iter().map(Number::to_string).collect();
        write!(f, "rating {}", ratings.join(" + "))?;
        if self.ratings.len() > 1 {
            write!(f, " = {}", self.rating)?;
        }
        writeln!(f, " against difficulty {}", self.difficulty)?;
        for step in &self.steps {
            writeln!(f, "  {step}")?;
        }
        writeln!(f, "band: {}", self.rule)?;
        if self.band == Band::Hopeless {
            writeln!(f, "no roll: no face of the d100 could change it (F3)")?;
        }
        writeln!(
            f,
            "P(success) = {}",
            skald_core::chance(&self.p_success.to_string(), self.p_success_decimal)
        )?;
        writeln!(
            f,
            "P(Botch)   = {}",
            skald_core::chance(&self.p_botch.to_string(), self.p_botch_decimal)
        )?;
        if let (Some(roll), Some(outcome), Some(consequence)) =
            (self.roll, self.outcome, self.consequence)
        {
            writeln!(f, "d100 {roll}: {}", outcome.words(consequence))?;
        }
        Ok(())
    }
}

/// A plain percentile check (freelancer.txt, Task Checks, the closing note; F1). Its JSON
/// (`--json`) is these fields, in this order (alphabetical); the roll's fields only with a roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChanceReport {
    /// The chance of success the GM gives, 0 to 100 percent.
    pub chance: u32,
    /// With a roll: how the check came out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// P(Botch).
    #[serde(serialize_with = "written::fraction")]
    pub p_botch: Fraction,
    /// `p_botch` as a decimal.
    pub p_botch_decimal: f64,
    /// P(success), Crits included.
    #[serde(serialize_with = "written::fraction")]
    pub p_success: Fraction,
    /// `p_success` as a decimal.
    pub p_success_decimal: f64,
    /// The d100 rolled, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<u32>,
    /// With a roll: whether it succeeded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
}

/// A plain `chance`% check; with `roll`, its outcome.
///
/// # Errors
/// [`Error::OutOfRange`] naming `--chance` (0-100) or `--roll` (1-100).
pub fn chance(chance: u32, roll: Option<u32>) -> Result<ChanceReport, Error> {
    CHANCE.check(chance)?;
    if let Some(roll) = roll {
        D100.check(roll)?;
    }
    let (p_success, p_botch) = odds::plain(chance)?;
    let outcome = roll.map(|roll| chance_outcome(chance, roll));
    Ok(ChanceReport {
        chance,
        outcome,
        p_botch_decimal: p_botch.to_f64(),
        p_botch,
        p_success_decimal: p_success.to_f64(),
        p_success,
        roll,
        success: outcome.map(Outcome::succeeded),
    })
}

/// The rule, the chances, and the roll's outcome.
impl fmt::Display for ChanceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let chance = self.chance;
        writeln!(
            f,
            "a {chance}% chance: d100 at most {chance} succeeds; 1-5 is a Crit and always \
             succeeds, 96-100 a Botch and always fails (F1)"
        )?;
        writeln!(
            f,
            "P(success) = {}",
            skald_core::chance(&self.p_success.to_string(), self.p_success_decimal)
        )?;
        writeln!(
            f,
            "P(Botch)   = {}",
            skald_core::chance(&self.p_botch.to_string(), self.p_botch_decimal)
        )?;
        if let (Some(roll), Some(outcome)) = (self.roll, self.outcome) {
            writeln!(f, "d100 {roll}: {}", outcome.words(Consequence::None))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boulder_is_a_miracle() {
        let report = task_check(&[42], Some(1200), None).unwrap();
        assert_eq!(report.difference, 116);
        assert_eq!(report.band, Band::Miracle);
        assert_eq!(report.p_success.to_string(), "1/20");
        assert_eq!(
            serde_json::to_string(&report.equalized).unwrap(),
            r#"{"rating":4,"difficulty":120,"divisor":10,"digits":4}"#
        );
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(
            json["equalized"],
            serde_json::json!({"difficulty": 120, "digits": 4, "divisor": 10, "rating": 4})
        );
        assert!(json.get("ratings").is_none());
    }

    #[test]
    fn a_team_lift_adds_the_ratings() {
        let report = task_check(&[42, 71, 87], Some(1200), Some(50)).unwrap();
        assert_eq!(report.rating, Number(200));
        assert_eq!(report.consequence, Some(Consequence::Minor));
        assert!(
            report
                .to_string()
                .starts_with("rating 42 + 71 + 87 = 200 against")
        );
    }

    #[test]
    fn a_band_that_rolls_nothing_refuses_a_roll() {
        assert_eq!(
            task_check(&[0], Some(200), Some(3))
                .unwrap_err()
                .to_string(),
            "`--roll` is 3, but at a difference of 200 the check is decided without a roll: it \
             fails and counts as a Botch (F3)"
        );
        assert_eq!(
            task_check(&[1], Some(1), Some(5)).unwrap_err().to_string(),
            "`--roll` is 5, but at a difference of 0 the check is decided without a roll: it \
             succeeds (F3)"
        );
    }

    #[test]
    fn a_hopeless_check_is_a_botch_for_certain() {
        // RULINGS F3: 151 or more fails with no roll and counts as a Botch.
        let report = task_check(&[0], Some(151), None).unwrap();
        assert_eq!(report.band, Band::Hopeless);
        assert!(!report.rolls);
        assert_eq!(
            (report.p_success.to_string(), report.p_botch.to_string()),
            ("0".to_owned(), "1".to_owned())
        );
        assert!(
            report
                .to_string()
                .contains("no roll: no face of the d100 could change it (F3)\n")
        );
    }

    #[test]
    fn inputs_are_checked_in_the_order_the_command_line_did() {
        let refused = |ratings: &[u128], difficulty| {
            task_check(ratings, difficulty, None)
                .unwrap_err()
                .to_string()
        };
        assert!(refused(&[], None).starts_with("`--rating` is missing"));
        assert!(refused(&[1; 13], None).starts_with("`--rating` is given 13 times"));
        assert!(refused(&[1], None).starts_with("`--difficulty` is missing"));
    }

    #[test]
    fn a_plain_chance() {
        let report = chance(75, Some(80)).unwrap();
        assert_eq!(report.p_success.to_string(), "3/4");
        assert_eq!(report.outcome, Some(Outcome::Failure));
        assert!(chance(101, None).is_err());
    }
}
