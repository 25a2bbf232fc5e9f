//! The checks that apply the notation's bounds ([`limits`](super::limits)) before anything is
//! rolled: sides, counts, the dice total, reroll or explosion conditions that no face escapes, and
//! (for [`check`](super::check) and [`check_str`](super::check_str)) divisors that can be 0, values
//! that can leave `i64`, and the most throws a roll may need. An expression that passes is never refused once its first die is drawn: a refusal
//! after drawing would quote, or reveal by its very existence, dice that were never recorded.
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

use super::limits::{MAX_DICE, MAX_EXPLOSIONS, MAX_NODES, MAX_REROLLS, MAX_SIDES, MAX_THROWS};

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

    pub(crate) fn lo_i64(self) -> i64 {
        clamp_i64(self.lo)
    }

    pub(crate) fn hi_i64(self) -> i64 {
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
        Expr::Neg(inner) => neg_range(range(inner)),
        Expr::Compare { .. } => Range { lo: 0, hi: 1 },
        Expr::Binary { op, lhs, rhs } => binary_range(*op, range(lhs), range(rhs)),
        Expr::Dice(term) => term_range(term, count_range(term), sides_range(&term.sides)),
    }
}

fn neg_range(r: Range) -> Range {
    Range {
        lo: r.hi.saturating_neg(),
        hi: r.lo.saturating_neg(),
    }
}

fn binary_range(op: BinaryOp, a: Range, b: Range) -> Range {
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
    clamp_count(range(&term.count))
}

/// A count's range as dice: a negative count is refused by [`check_term`], so it counts as 0 here.
fn clamp_count(r: Range) -> Range {
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

/// The values of `term` when its count takes values in `count` (at least 0) and its sides in `sides`.
fn term_range(term: &DiceTerm, count: Range, sides: Range) -> Range {
    let (lo, hi) = faces(&term.sides, sides.hi);
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

/// Checks that `expr`, already through [`check_terms`], cannot fail once its first die is drawn, and
/// returns the most throws of a die it may need.
///
/// Walks the tree in evaluation order (operands left to right, a term's count and sides before the
/// term) with the range of every part: a divisor whose range holds 0 is
/// [`ErrorKind::DivisionByZero`]; a part whose range leaves `i64` is [`ErrorKind::Overflow`]; more
/// than [`MAX_THROWS`] throws, each term at its highest count with every reroll and explosion at its
/// cap, is [`ErrorKind::TooManyThrows`]. Since the ranges are safe over-estimates, a refusal may be
/// for a value the dice cannot quite reach (`1d6 / (1d2 * 2 - 3)`: -1 to 1, never 0), never the
/// other way round. The errors quote ranges and the expression only, never a rolled value.
///
/// `positions[i]`, when given, is where the `i`-th node in that order is in the text (an operator, a
/// number, a minus sign, the start of a dice term), as the parser records them.
pub(crate) fn check_rolling(expr: &Expr, positions: &[usize]) -> Result<u64, NotationError> {
    let mut walk = Walk {
        positions,
        next: 0,
        throws: 0,
    };
    walk.node(expr)?;
    Ok(walk.throws)
}

struct Walk<'a> {
    positions: &'a [usize],
    next: usize,
    throws: u64,
}

impl Walk<'_> {
    /// The position of the node whose children were just walked.
    fn take(&mut self) -> Option<usize> {
        let at = self.positions.get(self.next).copied();
        self.next += 1;
        at
    }

    fn node(&mut self, expr: &Expr) -> Result<Range, NotationError> {
        let (value, at) = match expr {
            Expr::Number(n) => {
                self.take();
                return Ok(Range::point(i128::from(*n)));
            }
            Expr::Compare { lhs, rhs, .. } => {
                self.node(lhs)?;
                self.node(rhs)?;
                self.take();
                return Ok(Range { lo: 0, hi: 1 });
            }
            Expr::Neg(inner) => {
                let r = self.node(inner)?;
                (neg_range(r), self.take())
            }
            Expr::Binary { op, lhs, rhs } => {
                let a = self.node(lhs)?;
                let b = self.node(rhs)?;
                let at = self.take();
                if *op == BinaryOp::Div && b.lo <= 0 && 0 <= b.hi {
                    return Err(placed(division_by_zero(rhs, b), at));
                }
                (binary_range(*op, a, b), at)
            }
            Expr::Dice(term) => {
                let count = clamp_count(self.node(&term.count)?);
                let sides = match &term.sides {
                    Sides::Number(sides) => self.node(sides)?,
                    other => sides_range(other),
                };
                let at = self.take();
                let throws = u64::try_from(count.hi)
                    .unwrap_or(u64::MAX)
                    .saturating_mul(throws_per_die(term, sides));
                self.throws = self.throws.saturating_add(throws);
                if self.throws > MAX_THROWS {
                    let kind = ErrorKind::TooManyThrows {
                        throws: self.throws,
                    };
                    return Err(placed(kind, at));
                }
                (term_range(term, count, sides), at)
            }
        };
        if value.lo < i128::from(i64::MIN) || value.hi > i128::from(i64::MAX) {
            return Err(placed(overflow(expr, value), at));
        }
        Ok(value)
    }
}

fn placed(kind: ErrorKind, at: Option<usize>) -> NotationError {
    match at {
        Some(at) => NotationError::at(kind, at),
        None => NotationError::new(kind),
    }
}

/// The most throws one die of `term` may need when its sides take values in `sides`: 101 with `r`
/// (the throw and 100 rerolls), 2 with `ro`, times 101 with `!` or `!!` (the die and 100 explosions);
/// a condition no face can meet adds nothing.
fn throws_per_die(term: &DiceTerm, sides: Range) -> u64 {
    let (lo, hi) = faces(&term.sides, sides.hi);
    let met = |point: ComparePoint| interval(point).is_some_and(|(a, b)| a <= hi && lo <= b);
    let m = &term.modifiers;
    let per_throw = match &m.reroll {
        Some(reroll) if reroll.points.iter().any(|p| met(*p)) => match reroll.mode {
            RerollMode::Repeat => 1 + MAX_REROLLS as u64,
            RerollMode::Once => 2,
        },
        _ => 1,
    };
    let throws = match m.explode {
        Some(explode) if explode.point.is_none_or(met) => 1 + MAX_EXPLOSIONS as u64,
        _ => 1,
    };
    per_throw * throws
}

/// The refusal of a division whose divisor takes values in `r` (which holds 0).
pub(crate) fn division_by_zero(divisor: &Expr, r: Range) -> ErrorKind {
    let shown = match divisor {
        Expr::Number(n) if *n >= 0 => n.to_string(),
        Expr::Dice(term) if term.modifiers.success.is_none() => term.to_string(),
        other => format!("({other})"),
    };
    ErrorKind::DivisionByZero {
        divisor: shown,
        low: r.lo_i64(),
        high: r.hi_i64(),
    }
}

/// The refusal of `expr`, whose values `r` leave `i64`.
pub(crate) fn overflow(expr: &Expr, r: Range) -> ErrorKind {
    ErrorKind::Overflow {
        operation: expr.to_string(),
        low: r.lo,
        high: r.hi,
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
