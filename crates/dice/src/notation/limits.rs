//! The notation's bounds (the `MAX_*` constants) and the checks that apply them before anything is
//! rolled: sides, counts, the dice total, and reroll or explosion conditions that no face escapes.
//!
//! Counts and sides may be expressions, even rolled ones (`(1d4)d6`). So that a roll never fails
//! halfway because of a limit, and so that an expression is either always valid or never, the checks
//! use the range an expression *can* take (interval arithmetic): `(1d20-10)d6` is refused
//! because its count can be negative, `(1d6)d6` counts as up to 7 dice, `1d(1d6)!` is refused because
//! a d1 would explode forever. The ranges are safe over-estimates, never under-estimates.

use super::ast::{
    BinaryOp, ComparePoint, DiceTerm, Explode, ExplodeMode, Expr, KeepMode, RerollMode, Sides,
};
use super::error::{ErrorKind, NotationError};

/// The longest expression, in characters.
pub const MAX_LENGTH: usize = 1_000;
/// The deepest nesting of parentheses.
pub const MAX_DEPTH: usize = 64;
/// The most dice one roll may have, summed over its dice terms and counted before rerolls and
/// explosions. A rolled count counts at its highest possible value.
pub const MAX_DICE: u64 = 10_000;
/// The most sides a die may have (the fewest is 1).
pub const MAX_SIDES: i64 = 1_000_000;
/// The most times one die is rerolled; a die that reaches it keeps its last value and is marked
/// capped. Reaching it is not an error.
pub const MAX_REROLLS: usize = 100;
/// The most explosions one die sets off (`!`: dice added after it; `!!`: throws added to it); a die
/// that reaches it is marked capped. Reaching it is not an error.
pub const MAX_EXPLOSIONS: usize = 100;
/// The most throws of a die in one roll, every reroll and explosion included: this bounds the work
/// and memory of a roll whatever its modifiers (10,000 dice each capped at 100 explosions of 100
/// rerolls would be a hundred million). [`ErrorKind::TooManyThrows`] when exceeded.
pub const MAX_THROWS: usize = 1_000_000;
/// The most nodes (numbers, operators, dice terms) an [`Expr`] may have. Text of [`MAX_LENGTH`]
/// characters makes at most about 1,340 (`d6+d6+...`), so only a hand-built tree can exceed it; the
/// bound keeps [`roll`](fn@super::roll)'s recursion shallow.
pub const MAX_NODES: usize = 2_000;

/// An inclusive range of values an expression can take, in `i128` with saturating arithmetic so that
/// estimating never overflows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Range {
    pub lo: i128,
    pub hi: i128,
}

impl Range {
    fn point(value: i128) -> Self {
        Self {
            lo: value,
            hi: value,
        }
    }

    fn from_corners(corners: [i128; 4]) -> Self {
        let lo = corners.iter().copied().min().unwrap_or(0);
        let hi = corners.iter().copied().max().unwrap_or(0);
        Self { lo, hi }
    }

    fn lo_i64(self) -> i64 {
        clamp_i64(self.lo)
    }

    fn hi_i64(self) -> i64 {
        clamp_i64(self.hi)
    }
}

fn clamp_i64(value: i128) -> i64 {
    i64::try_from(value).unwrap_or(if value < 0 { i64::MIN } else { i64::MAX })
}

/// The values `expr` can take, over-estimated where exactness would be costly.
pub(crate) fn range(expr: &Expr) -> Range {
    match expr {
        Expr::Number(n) => Range::point(i128::from(*n)),
        Expr::Neg(inner) => {
            let r = range(inner);
            Range {
                lo: r.hi.saturating_neg(),
                hi: r.lo.saturating_neg(),
            }
        }
        Expr::Compare { .. } => Range { lo: 0, hi: 1 },
        Expr::Binary { op, lhs, rhs } => {
            let (a, b) = (range(lhs), range(rhs));
            match op {
                BinaryOp::Add => Range {
                    lo: a.lo.saturating_add(b.lo),
                    hi: a.hi.saturating_add(b.hi),
                },
                BinaryOp::Sub => Range {
                    lo: a.lo.saturating_sub(b.hi),
                    hi: a.hi.saturating_sub(b.lo),
                },
                BinaryOp::Mul => Range::from_corners([
                    a.lo.saturating_mul(b.lo),
                    a.lo.saturating_mul(b.hi),
                    a.hi.saturating_mul(b.lo),
                    a.hi.saturating_mul(b.hi),
                ]),
                BinaryOp::Div if b.lo <= 0 && 0 <= b.hi => {
                    // |x / y| <= |x| for any non-zero y.
                    let m = a.lo.saturating_abs().max(a.hi.saturating_abs());
                    Range { lo: -m, hi: m }
                }
                // Truncating division is monotone in each operand while the divisor keeps its sign,
                // so the extremes are at the corners.
                BinaryOp::Div => Range::from_corners([
                    div(a.lo, b.lo),
                    div(a.lo, b.hi),
                    div(a.hi, b.lo),
                    div(a.hi, b.hi),
                ]),
            }
        }
        Expr::Dice(term) => term_range(term),
    }
}

/// Saturating division: only `i128::MIN / -1` overflows, and a saturated bound is already a guess.
fn div(a: i128, b: i128) -> i128 {
    a.checked_div(b).unwrap_or(i128::MAX)
}

/// The faces of the term's die when it has `sides` sides (ignored for `%` and `F`).
fn faces(sides: &Sides, numbered: i128) -> (i128, i128) {
    match sides {
        Sides::Number(_) => (1, numbered.max(1)),
        Sides::Percent => (1, 100),
        Sides::Fate => (-1, 1),
    }
}

fn count_range(term: &DiceTerm) -> Range {
    let r = range(&term.count);
    Range {
        lo: r.lo.max(0),
        hi: r.hi.max(0),
    }
}

fn sides_range(sides: &Sides) -> Range {
    match sides {
        Sides::Number(expr) => range(expr),
        Sides::Percent => Range::point(100),
        Sides::Fate => Range::point(3),
    }
}

fn term_range(term: &DiceTerm) -> Range {
    let count = count_range(term);
    let (lo, hi) = faces(&term.sides, sides_range(&term.sides).hi);
    let growth = 1 + MAX_EXPLOSIONS as i128;
    let m = &term.modifiers;
    let (value, pool) = match m.explode {
        Some(Explode {
            mode: ExplodeMode::Compound,
            ..
        }) => (
            Range {
                lo: lo.min(lo.saturating_mul(growth)),
                hi: hi.max(hi.saturating_mul(growth)),
            },
            Range {
                lo: count.lo,
                hi: count.hi,
            },
        ),
        Some(Explode {
            mode: ExplodeMode::Explode,
            ..
        }) => (
            Range { lo, hi },
            Range {
                lo: count.lo,
                hi: count.hi.saturating_mul(growth),
            },
        ),
        None => (Range { lo, hi }, count),
    };
    let kept = match m.keep {
        None => pool,
        Some(keep) => {
            let k = i128::from(keep.count);
            match keep.mode {
                KeepMode::KeepHighest | KeepMode::KeepLowest => Range {
                    lo: pool.lo.min(k),
                    hi: pool.hi.min(k),
                },
                KeepMode::DropHighest | KeepMode::DropLowest => Range {
                    lo: (pool.lo - k).max(0),
                    hi: (pool.hi - k).max(0),
                },
            }
        }
    };
    if m.success.is_some() {
        return Range { lo: 0, hi: kept.hi };
    }
    Range::from_corners([
        kept.lo.saturating_mul(value.lo),
        kept.hi.saturating_mul(value.lo),
        kept.lo.saturating_mul(value.hi),
        kept.hi.saturating_mul(value.hi),
    ])
}

/// The most dice the term itself rolls (not counting dice in its count or sides), before rerolls and
/// explosions, saturating at `u64::MAX`.
pub(crate) fn term_dice(term: &DiceTerm) -> u64 {
    u64::try_from(count_range(term).hi).unwrap_or(u64::MAX)
}

/// Checks one term on its own: its count can't be negative, its sides stay within 1 to [`MAX_SIDES`],
/// and its reroll and explosion conditions leave a face that stops them.
fn check_term(term: &DiceTerm) -> Result<(), ErrorKind> {
    let count = range(&term.count);
    if count.lo < 0 {
        return Err(ErrorKind::NegativeCount {
            low: count.lo_i64(),
            high: count.hi_i64(),
        });
    }
    let sides = sides_range(&term.sides);
    let numbered = matches!(term.sides, Sides::Number(_));
    if numbered && (sides.lo < 1 || sides.hi > i128::from(MAX_SIDES)) {
        return Err(ErrorKind::SidesOutOfRange {
            low: sides.lo_i64(),
            high: sides.hi_i64(),
        });
    }
    check_conditions(term, sides.lo)
}

/// Refuses conditions that every face meets. Each condition is an interval of faces; a die with more
/// sides has more faces, so if some number of sides the term can get makes a condition inescapable,
/// the fewest sides (`fewest`) does.
fn check_conditions(term: &DiceTerm, fewest: i128) -> Result<(), ErrorKind> {
    let (lo, hi) = faces(&term.sides, fewest);
    let die = match term.sides {
        Sides::Fate => "dF".to_string(),
        _ => format!("d{hi}"),
    };
    let m = &term.modifiers;
    let term = || term.to_string();
    let rerolled: Vec<(i128, i128)> = m
        .reroll
        .iter()
        .flat_map(|r| r.points.iter())
        .filter_map(|p| interval(*p))
        .collect();
    if !rerolled.is_empty() && covers(lo, hi, rerolled.clone()) {
        return Err(ErrorKind::RerollsEveryFace {
            term: term(),
            die,
            low: clamp_i64(lo),
            high: clamp_i64(hi),
        });
    }
    if let Some(explode) = m.explode {
        let point = explode.point.map_or(Some((hi, hi)), interval);
        // A die stops exploding only on a face it can keep: `r` removes its faces for good, `ro` not.
        let mut escapes: Vec<(i128, i128)> = match &m.reroll {
            Some(r) if r.mode == RerollMode::Repeat => rerolled,
            _ => Vec::new(),
        };
        escapes.extend(point);
        if covers(lo, hi, escapes) {
            return Err(ErrorKind::ExplodesOnEveryFace {
                term: term(),
                die,
                low: clamp_i64(lo),
                high: clamp_i64(hi),
            });
        }
    }
    Ok(())
}

fn interval(point: ComparePoint) -> Option<(i128, i128)> {
    point
        .interval()
        .map(|(l, h)| (i128::from(l), i128::from(h)))
}

/// Whether the union of `intervals` contains every integer from `lo` to `hi`.
fn covers(lo: i128, hi: i128, mut intervals: Vec<(i128, i128)>) -> bool {
    intervals.sort_unstable();
    let mut next = lo;
    for (a, b) in intervals {
        if a > next {
            break;
        }
        next = next.max(b + 1);
    }
    next > hi
}

/// Checks a whole expression, as [`roll`](fn@super::roll) must for a tree that was built by hand: at most
/// [`MAX_NODES`] nodes, then [`check_terms`].
pub(crate) fn validate(expr: &Expr) -> Result<(), NotationError> {
    // Counted without recursion, so that a pathologically deep tree is refused rather than
    // overflowing the stack.
    let mut nodes = 0usize;
    let mut stack = vec![expr];
    while let Some(e) = stack.pop() {
        nodes += 1;
        if nodes > MAX_NODES {
            return Err(ErrorKind::TooManyNodes { nodes }.into());
        }
        match e {
            Expr::Number(_) => {}
            Expr::Neg(inner) => stack.push(inner),
            Expr::Binary { lhs, rhs, .. } | Expr::Compare { lhs, rhs, .. } => {
                stack.push(lhs);
                stack.push(rhs);
            }
            Expr::Dice(term) => {
                stack.push(&term.count);
                if let Sides::Number(sides) = &term.sides {
                    stack.push(sides);
                }
            }
        }
    }
    check_terms(expr, &[])
}

/// Checks every term ([`check_term`]) and the dice total (at most [`MAX_DICE`]), visiting terms in
/// evaluation order: a term's count and sides before the term. `positions[i]`, when given, is where
/// the `i`-th term visited starts in the text; the parser records them in the same order.
pub(crate) fn check_terms(expr: &Expr, positions: &[usize]) -> Result<(), NotationError> {
    let mut dice = 0u64;
    let mut index = 0usize;
    visit_terms(expr, &mut |term| {
        let place = |kind| match positions.get(index) {
            Some(&at) => NotationError::at(kind, at),
            None => NotationError::new(kind),
        };
        check_term(term).map_err(place)?;
        dice = dice.saturating_add(term_dice(term));
        if dice > MAX_DICE {
            return Err(place(ErrorKind::TooManyDice { dice }));
        }
        index += 1;
        Ok(())
    })
}

fn visit_terms(
    expr: &Expr,
    visit: &mut dyn FnMut(&DiceTerm) -> Result<(), NotationError>,
) -> Result<(), NotationError> {
    match expr {
        Expr::Number(_) => Ok(()),
        Expr::Neg(inner) => visit_terms(inner, visit),
        Expr::Binary { lhs, rhs, .. } | Expr::Compare { lhs, rhs, .. } => {
            visit_terms(lhs, visit)?;
            visit_terms(rhs, visit)
        }
        Expr::Dice(term) => {
            visit_terms(&term.count, visit)?;
            if let Sides::Number(sides) = &term.sides {
                visit_terms(sides, visit)?;
            }
            visit(term)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse;

    fn range_of(input: &str) -> (i128, i128) {
        let r = range(&parse(input).expect("parses"));
        (r.lo, r.hi)
    }

    #[test]
    fn ranges_are_exact_for_simple_terms_and_safe_for_the_rest() {
        assert_eq!(range_of("3d6"), (3, 18));
        assert_eq!(range_of("4dF"), (-4, 4));
        assert_eq!(range_of("4d6kh3"), (3, 18));
        assert_eq!(range_of("4d6dl5"), (0, 0));
        assert_eq!(range_of("6d10>=7"), (0, 6));
        assert_eq!(range_of("1d20 - 10"), (-9, 10));
        assert_eq!(range_of("(1d4)d6"), (1, 24));
        assert_eq!(range_of("10 / (1d3 - 2)"), (-10, 10));
        assert_eq!(range_of("-7 / 2"), (-3, -3));
        assert_eq!(range_of("1d6!!"), (1, 606));
        assert_eq!(range_of("2d6 > 1d6"), (0, 1));
    }

    #[test]
    fn estimating_huge_values_saturates_instead_of_panicking() {
        let huge = "9223372036854775807 * 9223372036854775807 * 9223372036854775807";
        assert_eq!(range_of(&format!("-{huge} / -1")), (i128::MAX, i128::MAX));
        let error = parse(&format!("(-{huge} / -1)d6")).unwrap_err();
        assert!(matches!(
            error.kind(),
            ErrorKind::TooManyDice { dice: u64::MAX }
        ));
        let error = parse(&format!("1d({huge})!!")).unwrap_err();
        assert!(matches!(
            error.kind(),
            ErrorKind::SidesOutOfRange { high: i64::MAX, .. }
        ));
        assert_eq!(range_of("1d6!!").1, 606);
    }

    #[test]
    fn covering_is_about_every_face() {
        assert!(covers(1, 6, vec![(i128::MIN, 6)]));
        assert!(covers(1, 6, vec![(4, 9), (1, 2), (3, 3)]));
        assert!(!covers(1, 6, vec![(1, 2), (4, 6)]));
        assert!(!covers(1, 6, vec![]));
    }
}
