//! Evaluation: rolls an [`Expr`] with a [`DiceSource`] and records every die ([`Roll`]).
//!
//! An expression is rolled only once it is [`Checked`]: every limit, every divisor that could be 0,
//! every value that could leave `i64` and the most throws it may need are checked before the first
//! die is drawn, so a roll that starts ends, unless the dice source itself fails. A refusal after
//! drawing would quote, or reveal by its very existence, dice nobody recorded (on the online table,
//! the dice of the next roll).
//!
//! One dice term goes through, in order: throwing each die with its rerolls, explosions, keep/drop,
//! success counting. Arithmetic is checked `i64` even so: a broken check gives the same error the
//! check would have given, never a panic and never a rolled value. Operands are evaluated left to
//! right, a term's count and sides before its dice, so the order of [`Roll::terms`] (and of the
//! values a [`Scripted`](crate::Scripted) source hands out) is the order in which the terms finish.

use std::fmt;

use serde::Serialize;

use crate::source::{DiceSource, Die};

use super::ast::{
    BinaryOp, CompareOp, ComparePoint, DiceTerm, ExplodeMode, Expr, KeepMode, Reroll, RerollMode,
    Sides,
};
use super::checks;
use super::error::{ErrorKind, NotationError};
use super::limits::{MAX_DICE, MAX_EXPLOSIONS, MAX_REROLLS, MAX_SIDES, MAX_THROWS};

/// The outcome of rolling an expression: every dice term with every die, and the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Roll {
    /// The expression in canonical notation.
    pub expression: String,
    /// Every dice term in the order it finished (a term's count and sides terms come before it).
    pub terms: Vec<TermRoll>,
    /// The expression's value.
    pub total: i64,
}

/// One rolled dice term.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TermRoll {
    /// The term in canonical notation, e.g. `4d6kh3`.
    pub notation: String,
    /// The die rolled (a computed number of sides, resolved).
    pub die: Die,
    /// How many dice were rolled before explosions (0 to [`MAX_DICE`]).
    pub count: u32,
    /// The pool, in the order rolled; with `!`, each explosion die follows the die that set it off.
    pub dice: Vec<RolledDie>,
    /// The term's value: the sum of the kept dice, or with success counting the number of kept dice
    /// that succeed.
    pub total: i64,
}

/// One die of a term's pool and what happened to it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RolledDie {
    /// What the die counts for: its face, or with `!!` the sum of its throws.
    pub value: i64,
    /// Values thrown and replaced by rerolls, in order (with `!!`, over all the die's throws).
    pub rerolled: Vec<i64>,
    /// `!`: the die met the explosion point and the next die of the pool is its explosion.
    /// `!!`: the die compounded (see `compounded`).
    pub exploded: bool,
    /// `!`: the die was added to the pool by the explosion of the die before it.
    pub explosion: bool,
    /// `!!` when the die compounded: the throws summed into `value`, in order; empty otherwise.
    pub compounded: Vec<i64>,
    /// A reroll or explosion stopped at its cap ([`MAX_REROLLS`], [`MAX_EXPLOSIONS`]): the die still
    /// met the condition.
    pub capped: bool,
    /// Whether the die counts (false: dropped by keep/drop).
    pub kept: bool,
    /// With success counting, whether a kept die succeeded; `None` without success counting and for
    /// dropped dice.
    pub success: Option<bool>,
}

/// An expression checked to roll to the end: made only by [`check`] and
/// [`check_str`](super::check_str), rolled by [`Checked::roll`].
///
/// Holds the expression and the most throws of a die rolling it may need ([`Checked::max_throws`]),
/// so a caller can bound a roll's size (its record, its payload) before any die is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    expr: Expr,
    max_throws: u64,
}

impl Checked {
    /// `expr`, which the caller checked: it passed [`checks::validate`] or the parser, then
    /// [`checks::check_rolling`], which gave `max_throws`.
    pub(crate) fn new(expr: Expr, max_throws: u64) -> Self {
        Self { expr, max_throws }
    }

    /// The expression, as parsed or built.
    pub fn expr(&self) -> &Expr {
        &self.expr
    }

    /// The expression, giving up the check.
    pub fn into_expr(self) -> Expr {
        self.expr
    }

    /// The most dice [`Checked::roll`] may draw from its source: every term at its highest count,
    /// every die rerolled (`r`: 100 times; `ro`: once) and exploded (`!`, `!!`: 100 times) to its
    /// cap wherever a face can set them off. 0 to [`MAX_THROWS`]; a roll usually draws far fewer
    /// (`4d6kh3`: 4; `3d6!`: 303; `(1d4)d6`: 5; `1d20 + 5`: 1).
    pub fn max_throws(&self) -> u64 {
        self.max_throws
    }

    /// Rolls the expression with `dice`, drawing at most [`Checked::max_throws`] values.
    ///
    /// # Errors
    /// Only [`ErrorKind::Source`], when `dice` cannot give a value (a [`Scripted`](crate::Scripted)
    /// source runs out or holds a value that is not a face); [`SeededRandom`](crate::SeededRandom)
    /// never fails here. Every other error was found by the check, before any die.
    pub fn roll(&self, dice: &mut dyn DiceSource) -> Result<Roll, NotationError> {
        let mut roller = Roller {
            dice,
            terms: Vec::new(),
            throws: 0,
            max_throws: self.max_throws,
        };
        let total = roller.eval(&self.expr)?;
        Ok(Roll {
            expression: self.expr.to_string(),
            terms: roller.terms,
            total,
        })
    }
}

/// Checks a tree (parsed or built by hand) completely, so that rolling it cannot fail before its
/// end: at most [`MAX_NODES`](super::limits::MAX_NODES) nodes, the limits and conditions of every term (as
/// [`parse`](super::parse) checks them), then every divisor, every value and the most throws (see
/// [`Checked::max_throws`]), from the range of values each part can take.
///
/// # Errors
/// [`ErrorKind::TooManyNodes`], the limit and impossible-dice kinds, [`ErrorKind::DivisionByZero`]
/// (a divisor whose range holds 0), [`ErrorKind::Overflow`] (a part whose range leaves `i64`),
/// [`ErrorKind::TooManyThrows`]; without a position (the tree keeps none: check text with
/// [`check_str`](super::check_str) to point at the part).
pub fn check(expr: Expr) -> Result<Checked, NotationError> {
    checks::validate(&expr)?;
    let max_throws = checks::check_rolling(&expr, &[])?;
    Ok(Checked::new(expr, max_throws))
}

/// Rolls `expr` with `dice`: [`check`] then [`Checked::roll`], so any refusal comes before the first
/// die is drawn.
///
/// # Errors
/// Those of [`check`] (no die drawn) and of [`Checked::roll`] (only the dice source's).
pub fn roll(expr: &Expr, dice: &mut dyn DiceSource) -> Result<Roll, NotationError> {
    check(expr.clone())?.roll(dice)
}

struct Roller<'a> {
    dice: &'a mut dyn DiceSource,
    terms: Vec<TermRoll>,
    throws: u64,
    /// The check's bound on `throws`.
    max_throws: u64,
}

/// One throw of a die after its rerolls.
struct Throw {
    value: i64,
    rerolled: Vec<i64>,
    capped: bool,
}

impl Roller<'_> {
    fn eval(&mut self, expr: &Expr) -> Result<i64, ErrorKind> {
        match expr {
            Expr::Number(n) => Ok(*n),
            Expr::Neg(inner) => {
                let v = self.eval(inner)?;
                v.checked_neg()
                    .ok_or_else(|| checks::overflow(expr, checks::range(expr)))
            }
            Expr::Binary { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                // The check refused any divisor that can be 0 and any result that can leave
                // `i64`; should it miss one, the error is the check's, without the values.
                match op {
                    BinaryOp::Div if b == 0 => {
                        Err(checks::division_by_zero(rhs, checks::range(rhs)))
                    }
                    _ => arithmetic(*op, a, b)
                        .ok_or_else(|| checks::overflow(expr, checks::range(expr))),
                }
            }
            Expr::Compare { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                Ok(i64::from(op.holds(a, b)))
            }
            Expr::Dice(term) => self.term(term, expr),
        }
    }

    /// Rolls `term`, which is `expr`.
    fn term(&mut self, term: &DiceTerm, expr: &Expr) -> Result<i64, ErrorKind> {
        let count = self.eval(&term.count)?;
        let die = match &term.sides {
            Sides::Number(sides_expr) => {
                let sides = self.eval(sides_expr)?;
                // Checked before rolling from the sides' range; kept so a broken check can't panic,
                // and quoting that range, not the rolled value.
                match u32::try_from(sides) {
                    Ok(s) if (1..=MAX_SIDES).contains(&sides) => Die::Numbered(s),
                    _ => {
                        let r = checks::range(sides_expr);
                        return Err(ErrorKind::SidesOutOfRange {
                            low: r.lo_i64(),
                            high: r.hi_i64(),
                        });
                    }
                }
            }
            Sides::Percent => Die::Numbered(100),
            Sides::Fate => Die::Fate,
        };
        let count = match u32::try_from(count) {
            Ok(c) if u64::from(c) <= MAX_DICE => c,
            Ok(_) => {
                return Err(ErrorKind::TooManyDice {
                    dice: checks::term_dice(term),
                });
            }
            Err(_) => {
                let r = checks::range(&term.count);
                return Err(ErrorKind::NegativeCount {
                    low: r.lo_i64(),
                    high: r.hi_i64(),
                });
            }
        };
        let m = &term.modifiers;
        let reroll = m.reroll.as_ref();
        let mut pool = Vec::with_capacity(count as usize);
        for _ in 0..count {
            match &m.explode {
                None => {
                    let throw = self.throw(die, reroll)?;
                    pool.push(RolledDie::thrown(throw));
                }
                Some(explode) => {
                    let point = explode.point.unwrap_or(ComparePoint {
                        op: CompareOp::Eq,
                        value: die.highest(),
                    });
                    match explode.mode {
                        ExplodeMode::Explode => self.explode(die, reroll, point, &mut pool)?,
                        ExplodeMode::Compound => {
                            pool.push(self.compound(die, reroll, point, expr)?)
                        }
                    }
                }
            }
        }
        if let Some(keep) = m.keep {
            keep_or_drop(&mut pool, keep.mode, keep.count);
        }
        let total = match m.success {
            Some(point) => {
                let mut successes = 0;
                for d in pool.iter_mut().filter(|d| d.kept) {
                    let success = point.matches(d.value);
                    d.success = Some(success);
                    successes += i64::from(success);
                }
                successes
            }
            None => pool.iter().filter(|d| d.kept).try_fold(0i64, |sum, d| {
                sum.checked_add(d.value)
                    .ok_or_else(|| checks::overflow(expr, checks::range(expr)))
            })?,
        };
        self.terms.push(TermRoll {
            notation: term.to_string(),
            die,
            count,
            dice: pool,
            total,
        });
        Ok(total)
    }

    /// `!`: the die, then one more die each time the last one meets `point`, up to the cap.
    fn explode(
        &mut self,
        die: Die,
        reroll: Option<&Reroll>,
        point: ComparePoint,
        pool: &mut Vec<RolledDie>,
    ) -> Result<(), ErrorKind> {
        let mut current = RolledDie::thrown(self.throw(die, reroll)?);
        for _ in 0..MAX_EXPLOSIONS {
            if !point.matches(current.value) {
                pool.push(current);
                return Ok(());
            }
            current.exploded = true;
            pool.push(current);
            current = RolledDie {
                explosion: true,
                ..RolledDie::thrown(self.throw(die, reroll)?)
            };
        }
        current.capped |= point.matches(current.value);
        pool.push(current);
        Ok(())
    }

    /// `!!`: one die whose value grows by a throw each time the last throw meets `point`.
    fn compound(
        &mut self,
        die: Die,
        reroll: Option<&Reroll>,
        point: ComparePoint,
        expr: &Expr,
    ) -> Result<RolledDie, ErrorKind> {
        let first = self.throw(die, reroll)?;
        let mut last = first.value;
        let mut result = RolledDie::thrown(first);
        let mut throws = vec![last];
        while point.matches(last) {
            if throws.len() > MAX_EXPLOSIONS {
                result.capped = true;
                break;
            }
            let next = self.throw(die, reroll)?;
            last = next.value;
            throws.push(last);
            result.value = result
                .value
                .checked_add(last)
                .ok_or_else(|| checks::overflow(expr, checks::range(expr)))?;
            result.rerolled.extend(next.rerolled);
            result.capped |= next.capped;
        }
        if throws.len() > 1 {
            result.exploded = true;
            result.compounded = throws;
        }
        Ok(result)
    }

    /// One throw of `die`, rerolled as `reroll` says.
    fn throw(&mut self, die: Die, reroll: Option<&Reroll>) -> Result<Throw, ErrorKind> {
        let mut value = self.next_value(die)?;
        let mut rerolled = Vec::new();
        let mut capped = false;
        if let Some(reroll) = reroll {
            let limit = match reroll.mode {
                RerollMode::Repeat => MAX_REROLLS,
                RerollMode::Once => 1,
            };
            while reroll.points.iter().any(|p| p.matches(value)) {
                if rerolled.len() == limit {
                    // `ro` stopping after its one reroll is its rule, not a cap.
                    capped = reroll.mode == RerollMode::Repeat;
                    break;
                }
                rerolled.push(value);
                value = self.next_value(die)?;
            }
        }
        Ok(Throw {
            value,
            rerolled,
            capped,
        })
    }

    fn next_value(&mut self, die: Die) -> Result<i64, ErrorKind> {
        self.throws += 1;
        // Unreachable after the check, which bounded the throws by `max_throws`.
        if self.throws > self.max_throws.min(MAX_THROWS) {
            return Err(ErrorKind::TooManyThrows {
                throws: self.max_throws,
            });
        }
        Ok(self.dice.roll(die)?)
    }
}

impl RolledDie {
    fn thrown(throw: Throw) -> Self {
        Self {
            value: throw.value,
            rerolled: throw.rerolled,
            capped: throw.capped,
            kept: true,
            ..Self::default()
        }
    }
}

/// `a op b`, `None` when it overflows or divides by 0.
fn arithmetic(op: BinaryOp, a: i64, b: i64) -> Option<i64> {
    match op {
        BinaryOp::Add => a.checked_add(b),
        BinaryOp::Sub => a.checked_sub(b),
        BinaryOp::Mul => a.checked_mul(b),
        // Rust's `/` on integers truncates toward zero, the documented rounding.
        BinaryOp::Div => a.checked_div(b),
    }
}

/// Marks dice as dropped. Dice are ranked highest first, the earlier die first among equal values, so
/// `kh3` and `dl1` (or `kl1` and `dh3`) keep the same dice of four.
fn keep_or_drop(pool: &mut [RolledDie], mode: KeepMode, count: u64) {
    let mut ranked: Vec<usize> = (0..pool.len()).collect();
    ranked.sort_by(|&a, &b| pool[b].value.cmp(&pool[a].value).then(a.cmp(&b)));
    let n = usize::try_from(count).unwrap_or(usize::MAX).min(pool.len());
    let dropped = match mode {
        KeepMode::KeepHighest => &ranked[n..],
        KeepMode::DropHighest => &ranked[..n],
        KeepMode::KeepLowest => &ranked[..ranked.len() - n],
        KeepMode::DropLowest => &ranked[ranked.len() - n..],
    };
    for &i in dropped {
        pool[i].kept = false;
    }
}

impl fmt::Display for Roll {
    /// One line per dice term (see [`TermRoll`]'s `Display`), then `total: N (expression)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for term in &self.terms {
            writeln!(f, "{term}")?;
        }
        write!(f, "total: {} ({})", self.total, self.expression)
    }
}

impl fmt::Display for TermRoll {
    /// `4d6kh3: [6, 5, 3, ~2~] = 14`; see [`RolledDie`]'s `Display` for the marks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: [", self.notation)?;
        for (i, die) in self.dice.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{die}")?;
        }
        write!(f, "] = {}", self.total)
    }
}

impl fmt::Display for RolledDie {
    /// The die's value with marks: `~2~` dropped, `1→4` rerolled (replaced values first), `6!`
    /// exploded (its explosion is the next die), `14(6!+6!+2)` compounded, `(capped)` stopped at a
    /// cap, `8*` a success.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.kept {
            f.write_str("~")?;
        }
        for replaced in &self.rerolled {
            write!(f, "{replaced}→")?;
        }
        write!(f, "{}", self.value)?;
        if let Some((last, exploding)) = self.compounded.split_last() {
            f.write_str("(")?;
            for throw in exploding {
                write!(f, "{throw}!+")?;
            }
            write!(f, "{last})")?;
        } else if self.exploded {
            f.write_str("!")?;
        }
        if self.capped {
            f.write_str("(capped)")?;
        }
        if self.success == Some(true) {
            f.write_str("*")?;
        }
        if !self.kept {
            f.write_str("~")?;
        }
        Ok(())
    }
}
