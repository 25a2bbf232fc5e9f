//! Properties of the notation over generated input: the canonical notation reads back as the same
//! tree, a roll's total is what its recorded dice add up to, no string makes the parser panic, and an
//! expression is refused before any die is drawn or rolls to the end.
#![allow(clippy::unwrap_used)] // helpers outside #[test] fns unwrap too

use proptest::prelude::*;
use skald_dice::notation::{
    BinaryOp, CompareOp, ComparePoint, DiceTerm, Explode, ExplodeMode, Expr, Keep, KeepMode,
    Modifiers, Reroll, RerollMode, Roll, Sides, TermRoll, check, parse, roll, roll_str,
};
use skald_dice::{DiceSource, Die, SeededRandom, SourceError};

fn compare_op() -> impl Strategy<Value = CompareOp> {
    prop_oneof![
        Just(CompareOp::Eq),
        Just(CompareOp::Lt),
        Just(CompareOp::Gt),
        Just(CompareOp::Le),
        Just(CompareOp::Ge)
    ]
}

fn point() -> impl Strategy<Value = ComparePoint> {
    (compare_op(), -2i64..=12).prop_map(|(op, value)| ComparePoint { op, value })
}

fn modifiers() -> impl Strategy<Value = Modifiers> {
    let reroll = prop_oneof![Just(RerollMode::Repeat), Just(RerollMode::Once)];
    let reroll = (reroll, prop::collection::vec(point(), 1..3))
        .prop_map(|(mode, points)| Reroll { mode, points });
    let explode = prop_oneof![Just(ExplodeMode::Explode), Just(ExplodeMode::Compound)];
    let explode =
        (explode, prop::option::of(point())).prop_map(|(mode, point)| Explode { mode, point });
    let keep = prop_oneof![
        Just(KeepMode::KeepHighest),
        Just(KeepMode::KeepLowest),
        Just(KeepMode::DropHighest),
        Just(KeepMode::DropLowest)
    ];
    let keep = (keep, 0u64..5).prop_map(|(mode, count)| Keep { mode, count });
    (
        prop::option::weighted(0.3, reroll),
        prop::option::weighted(0.3, explode),
        prop::option::weighted(0.3, keep),
        prop::option::weighted(0.3, point()),
    )
        .prop_map(|(reroll, explode, keep, success)| Modifiers {
            reroll,
            explode,
            keep,
            success,
        })
}

fn binary_op() -> impl Strategy<Value = BinaryOp> {
    prop_oneof![
        Just(BinaryOp::Add),
        Just(BinaryOp::Sub),
        Just(BinaryOp::Mul),
        Just(BinaryOp::Div)
    ]
}

/// Expressions as the parser makes them (non-negative literals), valid or not: small counts and sides
/// mostly, with computed ones, every modifier and operator.
fn expr() -> impl Strategy<Value = Expr> {
    let constant_term = (0i64..5, 1i64..13, modifiers()).prop_map(|(count, sides, modifiers)| {
        Expr::Dice(DiceTerm {
            count: Box::new(Expr::Number(count)),
            sides: Sides::Number(Box::new(Expr::Number(sides))),
            modifiers,
        })
    });
    let special_term = (
        0i64..5,
        prop_oneof![Just(Sides::Percent), Just(Sides::Fate)],
        modifiers(),
    )
        .prop_map(|(count, sides, modifiers)| {
            Expr::Dice(DiceTerm {
                count: Box::new(Expr::Number(count)),
                sides,
                modifiers,
            })
        });
    let leaf =
        prop_oneof![2 => (0i64..30).prop_map(Expr::Number), 2 => constant_term, 1 => special_term];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(|e| Expr::Neg(Box::new(e))),
            (binary_op(), inner.clone(), inner.clone()).prop_map(|(op, lhs, rhs)| Expr::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs)
            }),
            (compare_op(), inner.clone(), inner.clone()).prop_map(|(op, lhs, rhs)| Expr::Compare {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs)
            }),
            (inner.clone(), inner, modifiers()).prop_map(|(count, sides, modifiers)| {
                Expr::Dice(DiceTerm {
                    count: Box::new(count),
                    sides: Sides::Number(Box::new(sides)),
                    modifiers,
                })
            }),
        ]
    })
}

/// [`expr`], plus parts that fail while rolling unless refused before: numbers near `i64::MAX`
/// (overflow), sums and differences as divisors (zero), and about a hundred dice that both reroll and
/// explode (the throw limit).
fn risky_expr() -> impl Strategy<Value = Expr> {
    let big = prop_oneof![
        Just(i64::MAX),
        Just(i64::MAX - 3),
        Just(4_611_686_018_427_387_904),
        1i64..=i64::MAX,
    ]
    .prop_map(Expr::Number);
    let binary = |op, lhs, rhs| Expr::Binary {
        op,
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    };
    let many = (90i64..=110, 2i64..=20).prop_map(|(count, sides)| {
        Expr::Dice(DiceTerm {
            count: Box::new(Expr::Number(count)),
            sides: Sides::Number(Box::new(Expr::Number(sides))),
            modifiers: Modifiers {
                reroll: Some(Reroll {
                    mode: RerollMode::Repeat,
                    points: vec![ComparePoint {
                        op: CompareOp::Eq,
                        value: 1,
                    }],
                }),
                explode: Some(Explode {
                    mode: ExplodeMode::Explode,
                    point: None,
                }),
                ..Modifiers::default()
            },
        })
    });
    prop_oneof![
        3 => expr(),
        1 => (binary_op(), expr(), big.clone()).prop_map(move |(op, a, b)| binary(op, a, b)),
        1 => (binary_op(), big, expr()).prop_map(move |(op, a, b)| binary(op, a, b)),
        1 => (expr(), expr(), expr()).prop_map(move |(a, b, c)| {
            binary(BinaryOp::Div, a, binary(BinaryOp::Sub, b, c))
        }),
        1 => (expr(), many).prop_map(move |(a, b)| binary(BinaryOp::Add, a, b)),
    ]
}

/// A seeded source that counts the dice drawn from it.
struct Counting {
    dice: SeededRandom,
    draws: u64,
}

impl Counting {
    fn new(seed: u64) -> Self {
        Self {
            dice: SeededRandom::from_seed(seed),
            draws: 0,
        }
    }
}

impl DiceSource for Counting {
    fn roll(&mut self, die: Die) -> Result<i64, SourceError> {
        self.draws += 1;
        self.dice.roll(die)
    }
}

/// Rolls with two seeds: both succeed, or both fail with the same text having drawn nothing. Returns
/// the first roll and its draws.
fn refused_before_drawing_or_rolled(
    label: &str,
    mut roll_with: impl FnMut(&mut Counting) -> Result<Roll, String>,
    seeds: (u64, u64),
) -> Result<Option<(Roll, u64)>, TestCaseError> {
    let (mut a, mut b) = (Counting::new(seeds.0), Counting::new(seeds.1));
    match (roll_with(&mut a), roll_with(&mut b)) {
        (Ok(roll), Ok(_)) => Ok(Some((roll, a.draws))),
        (Err(x), Err(y)) => {
            prop_assert_eq!(&x, &y, "{}: two seeds, two refusals", label);
            prop_assert_eq!(
                (a.draws, b.draws),
                (0, 0),
                "{}: refused after drawing: {}",
                label,
                x
            );
            Ok(None)
        }
        (x, y) => Err(TestCaseError::fail(format!(
            "{label}: one seed rolls, the other is refused: {:?} / {:?}",
            x.map(|r| r.total),
            y.map(|r| r.total)
        ))),
    }
}

/// Recomputes the value of `expr` from the recorded terms (taken in evaluation order), and checks each
/// term's total against its dice.
fn recompute(expr: &Expr, terms: &mut std::slice::Iter<'_, TermRoll>) -> i64 {
    match expr {
        Expr::Number(n) => *n,
        Expr::Neg(inner) => recompute(inner, terms).checked_neg().unwrap(),
        Expr::Binary { op, lhs, rhs } => {
            let (a, b) = (recompute(lhs, terms), recompute(rhs, terms));
            match op {
                BinaryOp::Add => a.checked_add(b).unwrap(),
                BinaryOp::Sub => a.checked_sub(b).unwrap(),
                BinaryOp::Mul => a.checked_mul(b).unwrap(),
                BinaryOp::Div => a.checked_div(b).unwrap(),
            }
        }
        Expr::Compare { op, lhs, rhs } => {
            let (a, b) = (recompute(lhs, terms), recompute(rhs, terms));
            i64::from(match op {
                CompareOp::Eq => a == b,
                CompareOp::Lt => a < b,
                CompareOp::Gt => a > b,
                CompareOp::Le => a <= b,
                CompareOp::Ge => a >= b,
            })
        }
        Expr::Dice(term) => {
            let count = recompute(&term.count, terms);
            if let Sides::Number(sides) = &term.sides {
                recompute(sides, terms);
            }
            let rolled = terms.next().unwrap();
            assert_eq!(i64::from(rolled.count), count);
            assert_eq!(rolled.notation, term.to_string());
            let kept: Vec<_> = rolled.dice.iter().filter(|d| d.kept).collect();
            for d in &rolled.dice {
                assert!(
                    rolled.die.has_face(d.value) || !d.compounded.is_empty(),
                    "{rolled}"
                );
                if !d.compounded.is_empty() {
                    assert_eq!(d.compounded.iter().sum::<i64>(), d.value, "{rolled}");
                }
                assert_eq!(
                    d.success.is_some(),
                    d.kept && term.modifiers.success.is_some(),
                    "{rolled}"
                );
            }
            let pool = rolled.dice.len() as u64;
            let expected_kept = match term.modifiers.keep {
                None => pool,
                Some(Keep {
                    mode: KeepMode::KeepHighest | KeepMode::KeepLowest,
                    count,
                }) => count.min(pool),
                Some(Keep { count, .. }) => pool.saturating_sub(count),
            };
            assert_eq!(kept.len() as u64, expected_kept, "{rolled}");
            let total = match term.modifiers.success {
                Some(point) => kept.iter().filter(|d| point.matches(d.value)).count() as i64,
                None => kept.iter().map(|d| d.value).sum(),
            };
            assert_eq!(rolled.total, total, "{rolled}");
            total
        }
    }
}

fn check_roll(expr: &Expr, roll: &Roll) {
    let mut terms = roll.terms.iter();
    assert_eq!(recompute(expr, &mut terms), roll.total, "{expr}\n{roll}");
    assert!(terms.next().is_none(), "terms left over: {roll}");
}

proptest! {
    #[test]
    fn canonical_notation_reads_back_as_the_same_tree(expr in expr()) {
        let text = expr.to_string();
        match parse(&text) {
            Ok(parsed) => prop_assert_eq!(parsed, expr, "{}", text),
            // A tree the checks refuse (a count that can be negative, a condition every face meets...)
            // is refused by `roll` too, with the same kind: the text itself was read.
            Err(error) => {
                let rolled = roll(&expr, &mut SeededRandom::from_seed(0)).unwrap_err();
                prop_assert_eq!(error.kind(), rolled.kind(), "{}", text);
            }
        }
    }

    #[test]
    fn a_rolls_total_is_what_its_dice_add_up_to(expr in expr(), seed in any::<u64>()) {
        // Overflow and division by zero are legitimate refusals; everything else must add up.
        if let Ok(roll) = roll(&expr, &mut SeededRandom::from_seed(seed)) {
            check_roll(&expr, &roll);
        }
    }

    #[test]
    fn parsed_notation_rolls_and_adds_up(text in "[0-9dkhlro!<>=FD%()+*/ -]{1,40}", seed in any::<u64>()) {
        if let Ok(expr) = parse(&text) {
            prop_assert_eq!(parse(&expr.to_string()).unwrap(), expr.clone());
            if let Ok(roll) = roll(&expr, &mut SeededRandom::from_seed(seed)) {
                check_roll(&expr, &roll);
            }
        }
    }

    #[test]
    fn no_string_panics_the_parser(text in prop_oneof![".{0,200}", "[0-9dDfF%kKhHlLrRoO!<>=()+*/ \t−-]{0,200}"]) {
        let length = text.chars().count();
        match parse(&text) {
            Ok(expr) => prop_assert_eq!(parse(&expr.to_string()).unwrap(), expr),
            Err(error) => {
                let position = error.position().unwrap();
                prop_assert!(position <= length);
                let rendered = error.render(&text);
                prop_assert_eq!(rendered.lines().nth(1).unwrap(), format!("{}^", " ".repeat(position)));
            }
        }
    }

    #[test]
    fn an_expression_is_refused_before_any_die_or_rolls_to_the_end(
        expr in risky_expr(),
        seeds in (any::<u64>(), any::<u64>()),
    ) {
        let label = expr.to_string();
        let rolled = refused_before_drawing_or_rolled(
            &label,
            |dice| roll(&expr, dice).map_err(|e| e.to_string()),
            seeds,
        )?;
        // As text, the refusal points at the part: still the same for both seeds.
        refused_before_drawing_or_rolled(
            &label,
            |dice| roll_str(&label, dice).map_err(|e| e.render(&label)),
            seeds,
        )?;
        // The check alone gives the verdict, and bounds the dice a roll draws.
        match (check(expr.clone()), rolled) {
            (Ok(checked), Some((roll, draws))) => {
                prop_assert!(draws <= checked.max_throws(), "{}: {} draws", label, draws);
                check_roll(&expr, &roll);
            }
            (Err(_), None) => {}
            (checked, rolled) => {
                return Err(TestCaseError::fail(format!(
                    "{label}: the check says {:?}, the roll {:?}",
                    checked.map(|c| c.max_throws()),
                    rolled.map(|(r, _)| r.total)
                )));
            }
        }
    }
}
