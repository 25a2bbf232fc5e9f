//! `skald freelancer opposed`: an opposed check between two characters (F4): both ratings made
//! rollable by either method, exact P(each side wins) per roll and if rerolled until someone wins,
//! the punishing gap; given both d100s, the margins and the winner.

use crate::error::Error;
use crate::model::number::Number;
use crate::model::options::OpposedMethod;
use crate::odds;
use crate::reports::inputs::{D100, SIDE_A, SIDE_B};
use crate::reports::written;
use crate::rules::opposed::{PUNISHING_GAP, Side, gap, margin, reduce, winner, without_roll};
use num_bigint::{BigInt, BigUint};
use serde::Serialize;
use skald_dice::odds::Fraction;
use std::fmt;

/// One side's rating, as given and as rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rated {
    /// The rating given (after the GM's adjustments), 0 to 10^30.
    pub rating: Number,
    /// The rating made rollable by the method.
    pub reduced: Number,
}

/// An opposed check. Its JSON (`--json`) is these fields, in this order (alphabetical: the order
/// the command line has always printed); chances as exact `"p/q"` strings; `margins` and `rolls`
/// only with rolls, `winner` only when there is a verdict.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpposedReport {
    /// Side a.
    pub a: Rated,
    /// Whether the check is decided without a roll (a rating came to 0).
    pub automatic: bool,
    /// Side b.
    pub b: Rated,
    /// The power of ten both were divided by (fractions dropped).
    pub divisor: Number,
    /// The gap between the two ratings once equalized to three digits (F2).
    pub gap: u64,
    /// With rolls: how far under its reduced rating each roll came, `null` for a miss.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margins: Option<[Option<Number>; 2]>,
    /// How the check is rolled.
    pub method: OpposedMethod,
    /// P(a wins this roll).
    #[serde(rename = "p_a_wins", serialize_with = "written::fraction")]
    pub p_a: Fraction,
    /// P(a wins) if rolled again until someone wins; `null` when no one can win.
    #[serde(
        rename = "p_a_wins_eventually",
        serialize_with = "written::maybe_fraction"
    )]
    pub p_a_eventually: Option<Fraction>,
    /// P(b wins this roll).
    #[serde(rename = "p_b_wins", serialize_with = "written::fraction")]
    pub p_b: Fraction,
    /// P(b wins) if rolled again until someone wins; `null` when no one can win.
    #[serde(
        rename = "p_b_wins_eventually",
        serialize_with = "written::maybe_fraction"
    )]
    pub p_b_eventually: Option<Fraction>,
    /// P(no winner this roll): both miss, or equal margins.
    #[serde(rename = "p_no_winner", serialize_with = "written::fraction")]
    pub p_none: Fraction,
    /// Whether the loser deserves a punishing outcome: rolled under with a gap over 150 (F4).
    pub punishing: bool,
    /// The two d100s rolled, a's then b's, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolls: Option<[u32; 2]>,
    /// The verdict, when there is one (decided without a roll, or rolled): the side that wins, or
    /// `None` for no winner.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "written::winner"
    )]
    pub winner: Option<Option<Side>>,
}

fn certain(yes: bool) -> Fraction {
    Fraction::new(BigInt::from(u8::from(yes)), BigUint::from(1u8))
}

/// The opposed check of rating `a` against rating `b` by `method`; with `rolls` (a's d100, then
/// b's), the winner.
///
/// # Errors
/// [`Error::OutOfRange`] naming `--a` or `--b` (0 to 10^30) or `--roll` (1-100);
/// [`Error::RollsNotNeeded`] naming `--rolls` when a rating came to 0.
pub fn opposed(
    a: u128,
    b: u128,
    method: OpposedMethod,
    rolls: Option<[u32; 2]>,
) -> Result<OpposedReport, Error> {
    SIDE_A.check(a)?;
    SIDE_B.check(b)?;
    for roll in rolls.iter().flatten() {
        D100.check(*roll)?;
    }
    let reduced = reduce(a, b, method);
    let gap = gap(a, b);
    let settled = without_roll(&reduced);
    if settled.is_some() && rolls.is_some() {
        return Err(Error::RollsNotNeeded {
            field: "--rolls".to_owned(),
        });
    }
    let (p_a, p_b, p_none, p_a_eventually, p_b_eventually) = match settled {
        Some(result) => (
            certain(result == Some(Side::A)),
            certain(result == Some(Side::B)),
            certain(result.is_none()),
            result.map(|r| certain(r == Side::A)),
            result.map(|r| certain(r == Side::B)),
        ),
        None => {
            let o = odds::opposed(reduced.a, reduced.b)?;
            (o.a, o.b, o.neither, o.a_eventually, o.b_eventually)
        }
    };
    let margins = rolls.map(|[ra, rb]| [margin(reduced.a, ra), margin(reduced.b, rb)]);
    let verdict = match margins {
        Some([ma, mb]) => Some(winner(ma, mb)),
        None => settled,
    };
    Ok(OpposedReport {
        a: Rated {
            rating: Number(a),
            reduced: Number(reduced.a),
        },
        automatic: settled.is_some(),
        b: Rated {
            rating: Number(b),
            reduced: Number(reduced.b),
        },
        divisor: Number(reduced.divisor),
        gap,
        margins: margins.map(|pair| pair.map(|m| m.map(Number))),
        method,
        p_a,
        p_a_eventually,
        p_b,
        p_b_eventually,
        p_none,
        punishing: method == OpposedMethod::RollUnder && gap > PUNISHING_GAP,
        rolls,
        winner: verdict,
    })
}

/// The ratings and how they were reduced, the chances or the verdict without a roll, the punishing
/// gap, and the rolls.
impl fmt::Display for OpposedReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} against {} ({})",
            self.a.rating,
            self.b.rating,
            self.method.name().replace('_', "-")
        )?;
        if self.divisor.get() > 1 {
            writeln!(
                f,
                "  divided by {}, dropping fractions: {} against {}",
                self.divisor, self.a.reduced, self.b.reduced
            )?;
        }
        if self.automatic {
            match self.winner.flatten() {
                Some(side) => writeln!(
                    f,
                    "{} wins without a roll: the other rating came to 0 (F4)",
                    if side == Side::A { "a" } else { "b" }
                )?,
                None => writeln!(f, "no one can roll under 0: no winner (F4)")?,
            }
        } else {
            writeln!(
                f,
                "P(a wins)    = {}\nP(b wins)    = {}\nP(no winner) = {}",
                self.p_a, self.p_b, self.p_none
            )?;
            if let (Some(a), Some(b)) = (&self.p_a_eventually, &self.p_b_eventually) {
                writeln!(f, "rolled again until someone wins: P(a) = {a}, P(b) = {b}")?;
            }
        }
        if self.punishing {
            writeln!(
                f,
                "the ratings are {} apart, over 150: the loser deserves a punishing outcome (F4)",
                self.gap
            )?;
        }
        if let (Some([ra, rb]), Some([ma, mb])) = (self.rolls, self.margins) {
            let show = |roll: u32, m: Option<Number>, r: Number| match m {
                Some(m) => format!("d100 {roll} under {r} by {m}"),
                None => format!("d100 {roll} misses {r}"),
            };
            writeln!(
                f,
                "a: {}; b: {}: {}",
                show(ra, ma, self.a.reduced),
                show(rb, mb, self.b.reduced),
                match self.winner.flatten() {
                    Some(Side::A) => "a wins",
                    Some(Side::B) => "b wins",
                    None => "no winner",
                }
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arm_wrestlers_chaotic() {
        let report = opposed(41, 457, OpposedMethod::Chaotic, Some([2, 97])).unwrap();
        assert_eq!(
            (report.a.reduced, report.b.reduced),
            (Number(4), Number(45))
        );
        assert_eq!(report.p_a.to_string(), "113/5000");
        assert_eq!(report.winner, Some(Some(Side::A)));
        assert!(!report.punishing);
        assert_eq!(
            serde_json::to_value(&report).unwrap()["margins"],
            serde_json::json!([2, null])
        );
    }

    #[test]
    fn a_rating_at_zero_decides_without_a_roll() {
        let report = opposed(5, 1_000_000, OpposedMethod::RollUnder, None).unwrap();
        assert!(report.automatic);
        assert_eq!(report.winner, Some(Some(Side::B)));
        assert_eq!(report.p_b.to_string(), "1");
        assert_eq!(
            opposed(0, 0, OpposedMethod::RollUnder, Some([3, 4]))
                .unwrap_err()
                .to_string(),
            "`--rolls` are given, but a rating came to 0, so the check is decided without a roll (F4)"
        );
    }
}
