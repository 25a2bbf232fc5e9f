//! Keep/drop over exploding (`!`) dice, exact, against a brute-force oracle and known answers.
//!
//! The oracle follows the roller's process throw by throw: each chain throws, explodes or stops, up
//! to 100 explosions, every throw weighed by the die's faces (after `ro`) and a chain that stops at
//! throw `t` padded by `T^(101 - t)`, so the total is the capped process's `T^(101 n)`. A pool is
//! kept as the part keep/drop looks at (the kept or dropped dice's faces, sorted) and the sum of all
//! scores when dice are dropped; pools alike in that are merged, so every chain's every length and
//! faces are counted without listing the 2^100 sequences of a d3 exploding on 2 and 3. That the
//! oracle reads a pool as the roller does is checked on scripted rolls through the roller itself.
#![allow(clippy::unwrap_used)]

use num_bigint::BigUint;
use proptest::prelude::*;
use skald_dice::Scripted;
use skald_dice::notation::{
    self, CompareOp, ComparePoint, DiceTerm, Explode, ExplodeMode, Expr, Keep, KeepMode, Modifiers,
    Reroll, RerollMode, Sides,
};
use skald_dice::odds::{Fraction, distribution, distribution_str};
use std::collections::BTreeMap;

/// Most explosions in a chain (the roller's cap).
const CAP: usize = 100;

/// A `!` term with keep/drop: `n` dice of `sides`, rerolled once on `reroll`, exploding on
/// `explode`, keep/drop `mode` `count`, success counting from `success`.
#[derive(Debug, Clone)]
struct Case {
    n: usize,
    sides: i64,
    reroll: Option<i64>,
    explode: ComparePoint,
    mode: KeepMode,
    count: u64,
    success: Option<i64>,
}

impl Case {
    fn expr(&self) -> Expr {
        let point = |op, value| ComparePoint { op, value };
        Expr::Dice(DiceTerm {
            count: Box::new(Expr::Number(self.n as i64)),
            sides: Sides::Number(Box::new(Expr::Number(self.sides))),
            modifiers: Modifiers {
                reroll: self.reroll.map(|r| Reroll {
                    mode: RerollMode::Once,
                    points: vec![point(CompareOp::Eq, r)],
                }),
                explode: Some(Explode {
                    mode: ExplodeMode::Explode,
                    point: Some(self.explode),
                }),
                keep: Some(Keep {
                    mode: self.mode,
                    count: self.count,
                }),
                success: self.success.map(|s| point(CompareOp::Ge, s)),
            },
        })
    }

    fn score(&self, face: i64) -> i64 {
        match self.success {
            Some(s) => i64::from(face >= s),
            None => face,
        }
    }

    /// One throw: each face's weight (after `ro`) and their total.
    fn throw(&self) -> (Vec<(i64, u64)>, u64) {
        let s = self.sides as u64;
        let Some(r) = self.reroll.filter(|r| (1..=self.sides).contains(r)) else {
            return ((1..=self.sides).map(|f| (f, 1)).collect(), s);
        };
        // A first throw of r is thrown again, whatever the second shows: over S^2, S for a face
        // that stays and 1 more for every face after a reroll.
        let faces = (1..=self.sides)
            .map(|f| (f, if f == r { 1 } else { s + 1 }))
            .collect();
        (faces, s * s)
    }

    /// Whether the part of the pool kept for keep/drop is its highest dice (else its lowest).
    fn keeps_high_part(&self) -> bool {
        matches!(self.mode, KeepMode::KeepHighest | KeepMode::DropHighest)
    }

    fn drops(&self) -> bool {
        matches!(self.mode, KeepMode::DropHighest | KeepMode::DropLowest)
    }

    /// The pool's part after one more die showing `face`.
    fn with(&self, part: &[i64], face: i64) -> Vec<i64> {
        let mut part = part.to_vec();
        part.push(face);
        part.sort_unstable();
        if self.keeps_high_part() {
            part.reverse();
        }
        part.truncate(self.count as usize);
        part
    }

    /// The term's value from the pool's part and the sum of all its scores.
    fn value(&self, part: &[i64], all: i64) -> i64 {
        let part_sum: i64 = part.iter().map(|f| self.score(*f)).sum();
        if self.drops() {
            all - part_sum
        } else {
            part_sum
        }
    }
}

/// Pools by their part, each with its weights by the sum of all scores (only 0 when keeping).
type Pools = BTreeMap<Vec<i64>, Vec<BigUint>>;

fn add_shifted(into: &mut Vec<BigUint>, from: &[BigUint], by: usize, times: &BigUint) {
    if into.len() < from.len() + by {
        into.resize(from.len() + by, BigUint::default());
    }
    for (i, w) in from.iter().enumerate() {
        if *w != BigUint::default() {
            into[i + by] += w * times;
        }
    }
}

/// The exact distribution of `case` by the oracle: outcome -> weight, and the total.
fn oracle(case: &Case) -> (BTreeMap<i64, BigUint>, BigUint) {
    let (faces, total) = case.throw();
    let total = BigUint::from(total);
    let explodes = |f: i64| case.explode.matches(f);
    let mut pools: Pools = BTreeMap::from([(Vec::new(), vec![BigUint::from(1u8)])]);
    for _ in 0..case.n {
        let mut live = std::mem::take(&mut pools);
        for throw in 1..=CAP + 1 {
            let mut next: Pools = BTreeMap::new();
            for (part, sums) in &live {
                for &(face, weight) in &faces {
                    let by = if case.drops() {
                        case.score(face) as usize
                    } else {
                        0
                    };
                    let key = case.with(part, face);
                    if explodes(face) && throw <= CAP {
                        let slot = next.entry(key).or_default();
                        add_shifted(slot, sums, by, &BigUint::from(weight));
                    } else {
                        let padding = total.pow((CAP + 1 - throw) as u32) * weight;
                        add_shifted(pools.entry(key).or_default(), sums, by, &padding);
                    }
                }
            }
            live = next;
        }
    }
    let mut out: BTreeMap<i64, BigUint> = BTreeMap::new();
    for (part, sums) in &pools {
        for (all, w) in sums.iter().enumerate() {
            if *w != BigUint::default() {
                *out.entry(case.value(part, all as i64)).or_default() += w;
            }
        }
    }
    (out, total.pow(((CAP + 1) * case.n) as u32))
}

fn compare_with_oracle(case: &Case) -> Result<(), TestCaseError> {
    let expr = case.expr();
    let (want, total) = oracle(case);
    let sum: BigUint = want.values().sum();
    prop_assert_eq!(
        &sum,
        &total,
        "{}: the oracle's weights add up to T^(101 n)",
        expr
    );
    let got = distribution(&expr).map_err(|e| TestCaseError::fail(format!("{expr}: {e}")))?;
    for (outcome, w) in &want {
        let p = got.p_eq(*outcome);
        let q = Fraction::new(w.clone().into(), total.clone());
        prop_assert_eq!(p, q, "{} at {}", expr, outcome);
    }
    prop_assert_eq!(got.outcomes.len(), want.len(), "{}: outcomes", expr);
    // The capped process's total, when a chain can explode (else each die is one throw).
    let (faces, t) = case.throw();
    let total = match faces.iter().any(|(f, _)| case.explode.matches(*f)) {
        true => total,
        false => BigUint::from(t).pow(case.n as u32),
    };
    prop_assert_eq!(&got.total, &total, "{}: the total", expr);
    Ok(())
}

fn ops() -> impl Strategy<Value = CompareOp> {
    prop_oneof![
        Just(CompareOp::Eq),
        Just(CompareOp::Ge),
        Just(CompareOp::Gt),
        Just(CompareOp::Le),
        Just(CompareOp::Lt),
    ]
}

fn modes() -> impl Strategy<Value = KeepMode> {
    prop_oneof![
        Just(KeepMode::KeepHighest),
        Just(KeepMode::KeepLowest),
        Just(KeepMode::DropHighest),
        Just(KeepMode::DropLowest),
    ]
}

/// Cases small enough for the oracle: dropping tracks every sum, so its pools are kept smaller.
fn cases() -> impl Strategy<Value = Case> {
    (
        1usize..=3,
        2i64..=4,
        proptest::option::weighted(0.3, 1i64..=4),
        ops(),
        1i64..=4,
        modes(),
        0u64..=4,
        proptest::option::of(1i64..=4),
    )
        .prop_map(|(n, sides, reroll, op, value, mode, count, success)| Case {
            n,
            sides,
            reroll,
            explode: ComparePoint { op, value },
            mode,
            count,
            success,
        })
        .prop_filter("some face stops a chain", |c| {
            (1..=c.sides).any(|f| !c.explode.matches(f))
        })
        .prop_filter("a pool the oracle lists quickly", |c| {
            let exploding = (1..=c.sides).filter(|f| c.explode.matches(*f)).count();
            let drop = matches!(c.mode, KeepMode::DropHighest | KeepMode::DropLowest);
            !drop || (c.success.is_some() || c.n * exploding <= 3)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn keep_and_drop_over_explosions_match_the_oracle(case in cases()) {
        compare_with_oracle(&case)?;
    }

    /// The oracle reads a pool as the roller does: scripted chains of random lengths (some capped)
    /// rolled through the roller give the value the oracle gives their dice.
    #[test]
    fn the_oracle_reads_pools_as_the_roller_does(
        case in cases(),
        lengths in proptest::collection::vec(prop_oneof![8 => 0usize..4, 1 => Just(CAP)], 3),
        seed in proptest::collection::vec(0usize..64, 3 * (CAP + 1)),
    ) {
        let (faces, _) = case.throw();
        let exploding: Vec<i64> = faces.iter().map(|f| f.0).filter(|f| case.explode.matches(*f)).collect();
        let stopping: Vec<i64> = faces.iter().map(|f| f.0).filter(|f| !case.explode.matches(*f)).collect();
        let pick = |from: &[i64], i: usize| from[seed[i] % from.len()];
        let mut dice = Vec::new();
        for (c, &length) in lengths.iter().take(case.n).enumerate() {
            let length = if exploding.is_empty() { 0 } else { length };
            for j in 0..length {
                dice.push(pick(&exploding, c * (CAP + 1) + j));
            }
            if length < CAP {
                dice.push(pick(&stopping, c * (CAP + 1) + length));
            } else {
                dice.push(pick(&faces.iter().map(|f| f.0).collect::<Vec<_>>(), c * (CAP + 1) + CAP));
            }
        }
        // No face of the script is rerolled, so each die is one throw.
        let mut case = case;
        case.reroll = None;
        let roll = notation::roll(&case.expr(), &mut Scripted::new(dice.clone())).unwrap();
        let part = dice.iter().fold(Vec::new(), |part, f| case.with(&part, *f));
        let all = dice.iter().map(|f| case.score(*f)).sum();
        prop_assert_eq!(roll.total, case.value(&part, all), "{} on {:?}", case.expr(), dice);
    }
}

/// A few the oracle checks at the edges: the default explosion point, a bigger die, counts past
/// the dice.
#[test]
fn chosen_cases_match_the_oracle() {
    let case = |n, sides, explode: i64, op, mode, count, success| Case {
        n,
        sides,
        reroll: None,
        explode: ComparePoint { op, value: explode },
        mode,
        count,
        success,
    };
    for c in [
        case(2, 6, 6, CompareOp::Eq, KeepMode::KeepHighest, 1, None),
        case(3, 6, 6, CompareOp::Eq, KeepMode::KeepHighest, 2, None),
        case(2, 6, 5, CompareOp::Ge, KeepMode::KeepLowest, 1, Some(4)),
        case(2, 4, 4, CompareOp::Eq, KeepMode::DropLowest, 1, None),
        case(2, 4, 1, CompareOp::Eq, KeepMode::DropHighest, 2, None),
        case(1, 3, 2, CompareOp::Eq, KeepMode::KeepHighest, 150, None),
        case(2, 3, 2, CompareOp::Eq, KeepMode::KeepHighest, 120, None),
        case(1, 2, 2, CompareOp::Eq, KeepMode::DropLowest, 101, None),
        case(1, 2, 2, CompareOp::Eq, KeepMode::DropLowest, 100, None),
        // Dropping with one exploding score (its weight 1, then 2), several drops, one die.
        case(3, 8, 8, CompareOp::Eq, KeepMode::DropLowest, 1, None),
        case(3, 4, 3, CompareOp::Ge, KeepMode::DropLowest, 2, Some(3)),
        case(2, 5, 4, CompareOp::Ge, KeepMode::DropHighest, 3, Some(2)),
        case(1, 6, 6, CompareOp::Eq, KeepMode::DropLowest, 1, None),
    ] {
        compare_with_oracle(&c).unwrap();
    }
}

fn p(expr: &str, outcome: i64) -> String {
    distribution_str(expr).unwrap().p_eq(outcome).to_string()
}

/// Worked by hand.
#[test]
fn known_answers() {
    // The highest of two d4 chains is 4 when either explodes: 1 - (3/4)^2; below, as without `!`.
    assert_eq!(p("2d4!kh1", 4), "7/16");
    assert_eq!(p("2d4!kh1", 3), "5/16");
    assert_eq!(p("2d4!kh1", 1), "1/16");
    // A d2 chain holds a 1 unless it is capped (100 explosions) and its last throw is a 2.
    let two = BigUint::from(2u8);
    assert_eq!(p("1d2!kl1", 2), format!("1/{}", two.pow(101)));
    assert_eq!(p("2d2!kl1", 2), format!("1/{}", two.pow(202)));
    // Dropping the lowest of a d2 chain leaves its j 2s (j < 100, chance 2^-(j+1)); a capped
    // chain leaves 100 2s whatever its last throw shows.
    assert_eq!(p("1d2!dl1", 0), "1/2");
    assert_eq!(p("1d2!dl1", 2 * 99), format!("1/{}", two.pow(100)));
    assert_eq!(p("1d2!dl1", 200), format!("1/{}", two.pow(100)));
    assert_eq!(p("1d2!dl1", 199), "0");
    // Dropping the highest of a d6 chain: nothing is left unless it exploded once and stopped on
    // 1 to 5 (1/36 each).
    assert_eq!(p("1d6!dh1", 0), "5/6");
    assert_eq!(p("1d6!dh1", 3), "1/36");
    // The three highest of ten d6 chains are all 6 when the pool holds three 6s or more: every 6
    // is an explosion, and the chains' explosions are negative binomial below the cap, so this is
    // 1 - (5/6)^10 (1 + 10/6 + 55/36).
    assert_eq!(p("10d6!kh3", 18), "702172961/2176782336");
    // 4d6>=5!kh2 counts 5s and 6s among the two highest dice: none only when every die is below
    // 5, so no chain exploded and every first throw was 1 to 4: (4/6)^4.
    assert_eq!(p("4d6>=5!kh2", 0), "16/81");
}

/// The rows the method was designed for give the capped process's total and are exact against
/// the oracle where it is quick; here, that they are answered, with their totals.
#[test]
fn the_design_rows_are_answered() {
    for (expr, n, sides) in [
        ("4d6!kh3", 4u32, 6u32),
        ("5d10!kh2", 5, 10),
        ("3d8!dl1", 3, 8),
        ("4d6!kl2", 4, 6),
        ("6d6!>=5kh3", 6, 6),
        ("4d6>=5!kh2", 4, 6),
        ("2d20!kh1", 2, 20),
        ("10d10!kh5", 10, 10),
        ("20d6!kh10", 20, 6),
    ] {
        let d = distribution_str(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        assert!(d.capped, "{expr}");
        assert_eq!(d.total, BigUint::from(sides).pow(101 * n), "{expr}");
    }
}
