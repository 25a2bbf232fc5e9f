//! Exact odds before the roll (rulings F1-F4), over the d100's distribution from `skald_dice::odds`:
//! P(success) and P(Botch) of a task check or a plain percentile check, and for an opposed check
//! P(each side wins) and P(no winner), per roll and if rerolled until someone wins.
//!
//! Every chance is a [`Fraction`] (written `p/q`); nothing here is floating point.

pub use crate::model::check::CheckOdds;
use crate::model::check::{Band, Outcome};
use crate::rules::task_check::{chance_outcome, outcome};
use num_bigint::{BigInt, BigUint};
use skald_dice::notation::CompareOp;
use skald_dice::odds::{Distribution, Fraction, OddsError, pools};
use std::collections::BTreeMap;

/// The percentile die's distribution: 1-100, each 1/100 (F1).
///
/// # Errors
/// [`OddsError`] only if the odds engine refuses a single d100, which it never does.
pub fn d100() -> Result<Distribution, OddsError> {
    pools::sum(1, 100)
}

/// P(the roll satisfies `holds`), for one d100.
fn chance(d100: &Distribution, holds: impl Fn(u32) -> bool) -> Fraction {
    let favourable: BigUint = d100
        .outcomes
        .iter()
        .filter(|(roll, _)| u32::try_from(*roll).is_ok_and(&holds))
        .map(|(_, w)| w)
        .sum();
    Fraction::new(BigInt::from(favourable), d100.total.clone())
}

/// P(success) and P(Botch) of a task check with this `difference` (F3), before the roll. A band that
/// rolls nothing is certain: at 0 or less a success (P(success) = 1, P(Botch) = 0); at 151 or more
/// a Botch (P(success) = 0, P(Botch) = 1).
///
/// # Errors
/// As [`d100`].
pub fn task_check(difference: i64) -> Result<(Fraction, Fraction), OddsError> {
    let band = Band::of(difference);
    let certain = |yes: bool| Fraction::new(BigInt::from(u8::from(yes)), BigUint::from(1u8));
    if !band.rolls() {
        return Ok((
            certain(band == Band::Automatic),
            certain(band == Band::Hopeless),
        ));
    }
    let d100 = d100()?;
    let success = chance(&d100, |roll| outcome(difference, Some(roll)).succeeded());
    let botch = chance(&d100, |roll| {
        outcome(difference, Some(roll)) == Outcome::Botch
    });
    Ok((success, botch))
}

/// P(success) and P(Botch) of a plain percentile check with `chance` percent (0-100).
///
/// # Errors
/// As [`d100`].
pub fn plain(chance_percent: u32) -> Result<(Fraction, Fraction), OddsError> {
    let d100 = d100()?;
    let success = chance(&d100, |roll| {
        chance_outcome(chance_percent, roll).succeeded()
    });
    let botch = chance(&d100, |roll| {
        chance_outcome(chance_percent, roll) == Outcome::Botch
    });
    Ok((success, botch))
}

/// The chances of the marks of `count` dice of `sides` sides (F1: on each die the highest face is a
/// Crit, the lowest a Botch), before the roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkOdds {
    /// P(one die is a Crit): 1/sides.
    pub crit: Fraction,
    /// P(one die is a Botch): 1/sides.
    pub botch: Fraction,
    /// P(at least one Crit among the dice): 1 - ((sides - 1)/sides)^count.
    pub any_crit: Fraction,
    /// P(at least one Botch among the dice): the same as `any_crit`.
    pub any_botch: Fraction,
    /// P(no Crit and no Botch): ((sides - 2)/sides)^count.
    pub neither: Fraction,
}

/// The chances of the marks of `count` dice of `sides` sides (F1), exact: `marks(6, 2)` gives 1/6
/// per die and 11/36 for at least one Crit among two. `sides` is at least 2 (the dice of F1 have 4
/// to 20).
pub fn marks(sides: u32, count: u32) -> MarkOdds {
    let all = BigUint::from(sides).pow(count);
    let fraction =
        |ways: BigUint, total: &BigUint| Fraction::new(BigInt::from(ways), total.clone());
    let one = |n: u32| Fraction::new(BigInt::from(n), BigUint::from(sides));
    let without_one = BigUint::from(sides.saturating_sub(1)).pow(count);
    let without_either = BigUint::from(sides.saturating_sub(2)).pow(count);
    let any = fraction(&all - &without_one, &all);
    MarkOdds {
        crit: one(1),
        botch: one(1),
        any_crit: any.clone(),
        any_botch: any,
        neither: fraction(without_either, &all),
    }
}

/// The distribution of the faces of `count` dice of `sides` sides added up (F1's other dice; the
/// book's Dice: they are "often added in as raw values").
///
/// # Errors
/// [`OddsError`] only beyond the engine's bounds, which 20 dice of 20 sides are far inside.
pub fn total(sides: u32, count: u32) -> Result<Distribution, OddsError> {
    pools::sum(u64::from(count), i64::from(sides))
}

/// Both as strings, for an event or JSON.
pub fn written((success, botch): (Fraction, Fraction)) -> CheckOdds {
    CheckOdds {
        p_success: success.to_string(),
        p_botch: botch.to_string(),
    }
}

/// The chances of an opposed roll-under (F4) between ratings `a` and `b` (each 0-999, already
/// equalized or reduced), each side rolling one d100.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpposedOdds {
    /// P(a wins this roll).
    pub a: Fraction,
    /// P(b wins this roll).
    pub b: Fraction,
    /// P(no winner this roll): both miss, or equal margins.
    pub neither: Fraction,
    /// P(a wins) if the roll is repeated until someone wins; `None` when no one can win.
    pub a_eventually: Option<Fraction>,
    /// P(b wins) likewise.
    pub b_eventually: Option<Fraction>,
}

/// The distribution of one side's margin (rating - roll when the roll is at most the rating; a miss is
/// -1, below every hit).
fn margins(d100: &Distribution, rating: u128) -> Distribution {
    let mut weights: BTreeMap<i64, BigUint> = BTreeMap::new();
    for (roll, weight) in &d100.outcomes {
        let roll = u128::try_from(*roll).unwrap_or(u128::MAX);
        let margin = if roll <= rating {
            i64::try_from(rating - roll).unwrap_or(i64::MAX)
        } else {
            -1
        };
        *weights.entry(margin).or_default() += weight;
    }
    Distribution {
        outcomes: weights.into_iter().collect(),
        total: d100.total.clone(),
        capped: false,
        comparison: false,
        work: 0,
    }
}

/// The odds of an opposed roll-under between `a` and `b` (F4).
///
/// # Errors
/// As [`d100`].
pub fn opposed(a: u128, b: u128) -> Result<OpposedOdds, OddsError> {
    let d100 = d100()?;
    let (ma, mb) = (margins(&d100, a), margins(&d100, b));
    let pa = pools::compare(&ma, CompareOp::Gt, &mb);
    let pb = pools::compare(&ma, CompareOp::Lt, &mb);
    let neither = pools::compare(&ma, CompareOp::Eq, &mb);
    let eventually = |p: &Fraction| {
        // p / (pa + pb), over the common denominator: pa, pb share it before reduction.
        let decided = sum(&pa, &pb);
        (decided.numerator != BigInt::default()).then(|| divide(p, &decided))
    };
    Ok(OpposedOdds {
        a_eventually: eventually(&pa),
        b_eventually: eventually(&pb),
        a: pa,
        b: pb,
        neither,
    })
}

fn sum(x: &Fraction, y: &Fraction) -> Fraction {
    let numerator = &x.numerator * BigInt::from(y.denominator.clone())
        + &y.numerator * BigInt::from(x.denominator.clone());
    Fraction::new(numerator, &x.denominator * &y.denominator)
}

fn divide(x: &Fraction, y: &Fraction) -> Fraction {
    // (xn/xd) / (yn/yd) = xn*yd / (xd*yn), with yn > 0 here.
    let numerator = &x.numerator * BigInt::from(y.denominator.clone());
    let denominator = &x.denominator * y.numerator.magnitude();
    Fraction::new(numerator, denominator)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(difference: i64, expected: (&str, &str)) {
        let got = task_check(difference).map(written);
        assert_eq!(
            got.map(|o| (o.p_success, o.p_botch)),
            Ok((expected.0.to_owned(), expected.1.to_owned())),
            "difference {difference}"
        );
    }

    #[test]
    fn task_check_odds_by_band() {
        check(-5, ("1", "0"));
        check(0, ("1", "0"));
        check(1, ("19/20", "1/20"));
        check(5, ("19/20", "1/20"));
        check(6, ("47/50", "1/20")); // 1-94 succeed
        check(29, ("71/100", "1/20"));
        check(90, ("1/10", "1/20")); // 1-10
        check(95, ("1/20", "1/20")); // only 1-5
        check(96, ("1/20", "1/20"));
        check(100, ("1/20", "1/20"));
        check(116, ("1/20", "19/20"));
        check(150, ("1/20", "19/20"));
        // RULINGS F3: 151 or more is a Botch for certain, with no roll.
        check(151, ("0", "1"));
        check(999, ("0", "1"));
    }

    #[test]
    fn marks_of_the_other_dice() {
        // F1: one d20 is a Crit 1 time in 20 and a Botch as often.
        let d20 = marks(20, 1);
        assert_eq!(
            [
                &d20.crit,
                &d20.botch,
                &d20.any_crit,
                &d20.any_botch,
                &d20.neither
            ]
            .map(|f| f.to_string()),
            ["1/20", "1/20", "1/20", "1/20", "9/10"]
        );
        // Two d6: at least one 6 in 11 of the 36 pairs; neither a 6 nor a 1 in 4 x 4 = 16.
        let two = marks(6, 2);
        assert_eq!(
            [&two.crit, &two.any_crit, &two.any_botch, &two.neither].map(|f| f.to_string()),
            ["1/6", "11/36", "11/36", "4/9"]
        );
        // Three d4: 1 - (3/4)^3 = 37/64; (2/4)^3 = 1/8.
        let three = marks(4, 3);
        assert_eq!(
            [three.any_crit.to_string(), three.neither.to_string()],
            ["37/64", "1/8"]
        );
        // The total of 2d6: 7 in 6 ways of 36.
        let sum = total(6, 2).unwrap();
        assert_eq!(sum.p_eq(7).to_string(), "1/6");
        assert_eq!(sum.p_eq(12).to_string(), "1/36");
    }

    #[test]
    fn plain_chance_odds() {
        let got = |c| plain(c).map(written).map(|o| (o.p_success, o.p_botch));
        assert_eq!(got(75), Ok(("3/4".to_owned(), "1/20".to_owned())));
        assert_eq!(got(0), Ok(("1/20".to_owned(), "1/20".to_owned())));
        assert_eq!(got(100), Ok(("19/20".to_owned(), "1/20".to_owned())));
    }

    #[test]
    fn opposed_odds_count_every_pair_of_rolls() {
        // The book's arm wrestling, roll-under: 41 against 457 (every roll hits for 457).
        let odds = opposed(41, 457).ok();
        let text = odds.map(|o| {
            (
                o.a.to_string(),
                o.b.to_string(),
                o.neither.to_string(),
                o.a_eventually.map(|f| f.to_string()),
            )
        });
        assert_eq!(
            text,
            Some(("0".into(), "1".into(), "0".into(), Some("0".into())))
        );
        // The chaotic method: 4 against 45. a wins iff a hits with a larger margin.
        let Some(odds) = opposed(4, 45).ok() else {
            panic!("odds")
        };
        // Brute force over the 10,000 pairs.
        let (mut a, mut b, mut n) = (0u32, 0u32, 0u32);
        for ra in 1..=100i64 {
            for rb in 1..=100i64 {
                let ma = if ra <= 4 { 4 - ra } else { -1 };
                let mb = if rb <= 45 { 45 - rb } else { -1 };
                match ma.cmp(&mb) {
                    std::cmp::Ordering::Greater => a += 1,
                    std::cmp::Ordering::Less => b += 1,
                    std::cmp::Ordering::Equal => n += 1,
                }
            }
        }
        assert_eq!((a, b, n), (226, 4490, 5284));
        assert_eq!(odds.a.to_string(), "113/5000");
        assert_eq!(odds.b.to_string(), "449/1000");
        assert_eq!(odds.neither.to_string(), "1321/2500");
        assert_eq!(
            odds.a_eventually.map(|f| f.to_string()),
            Some("113/2358".into())
        );
        assert_eq!(
            odds.b_eventually.map(|f| f.to_string()),
            Some("2245/2358".into())
        );
        let none = opposed(0, 0).ok().map(|o| o.a_eventually);
        assert_eq!(none, Some(None));
    }
}
