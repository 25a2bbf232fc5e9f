//! Evaluation: rolls an [`Expr`] with a [`DiceSource`] and records every die ([`Roll`]).
//!
//! One dice term goes through, in order: throwing each die with its rerolls, explosions, keep/drop,
//! success counting. Arithmetic is checked `i64`: overflow and division by zero are errors, never
//! panics. Operands are evaluated left to right, a term's count and sides before its dice, so the
//! order of [`Roll::terms`] (and of the values a [`Scripted`](crate::Scripted) source hands out) is
//! the order in which the terms finish.

use std::fmt;

use serde::Serialize;

use crate::source::{DiceSource, Die};

use super::ast::{
    BinaryOp, CompareOp, ComparePoint, DiceTerm, ExplodeMode, Expr, KeepMode, Reroll, RerollMode,
    Sides,
};
use super::error::{ErrorKind, NotationError};
use super::limits::{self, MAX_DICE, MAX_EXPLOSIONS, MAX_REROLLS, MAX_SIDES, MAX_THROWS};

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

/// Rolls `expr` with `dice`.
///
/// The whole expression is checked first ([`limits`]: nodes, sides, counts, dice total, conditions no
/// face escapes), so a roll that would break a limit fails before any die is thrown.
///
/// # Errors
/// The limit kinds of [`ErrorKind`] (checked before rolling), [`ErrorKind::Overflow`],
/// [`ErrorKind::DivisionByZero`], [`ErrorKind::TooManyThrows`] and [`ErrorKind::Source`] (while
/// rolling). Errors found while rolling carry no position.
pub fn roll(expr: &Expr, dice: &mut dyn DiceSource) -> Result<Roll, NotationError> {
    limits::validate(expr)?;
    roll_validated(expr, dice)
}

/// Rolls an expression already checked by [`limits::validate`] (a Monte Carlo estimate rolls the same
/// tree many times and checks it once).
pub(crate) fn roll_validated(
    expr: &Expr,
    dice: &mut dyn DiceSource,
) -> Result<Roll, NotationError> {
    let mut roller = Roller {
        dice,
        terms: Vec::new(),
        throws: 0,
    };
    let total = roller.eval(expr)?;
    Ok(Roll {
        expression: expr.to_string(),
        terms: roller.terms,
        total,
    })
}

struct Roller<'a> {
    dice: &'a mut dyn DiceSource,
    terms: Vec<TermRoll>,
    throws: usize,
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
                v.checked_neg().ok_or_else(|| ErrorKind::Overflow {
                    operation: format!("-({v})"),
                })
            }
            Expr::Binary { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                arithmetic(*op, a, b)
            }
            Expr::Compare { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                Ok(i64::from(op.holds(a, b)))
            }
            Expr::Dice(term) => self.term(term),
        }
    }

    fn term(&mut self, term: &DiceTerm) -> Result<i64, ErrorKind> {
        let count = self.eval(&term.count)?;
        let die = match &term.sides {
            Sides::Number(sides) => {
                let sides = self.eval(sides)?;
                // Checked before rolling from the sides' range; kept so a broken check can't panic.
                match u32::try_from(sides) {
                    Ok(s) if (1..=MAX_SIDES).contains(&sides) => Die::Numbered(s),
                    _ => {
                        return Err(ErrorKind::SidesOutOfRange {
                            low: sides,
                            high: sides,
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
                    dice: count.unsigned_abs(),
                });
            }
            Err(_) => {
                return Err(ErrorKind::NegativeCount {
                    low: count,
                    high: count,
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
                            pool.push(self.compound(die, reroll, point, term)?)
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
                sum.checked_add(d.value).ok_or_else(|| ErrorKind::Overflow {
                    operation: format!("the sum of {term}"),
                })
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
        term: &DiceTerm,
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
                .ok_or_else(|| ErrorKind::Overflow {
                    operation: format!("a compounding die of {term}"),
                })?;
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
        if self.throws > MAX_THROWS {
            return Err(ErrorKind::TooManyThrows);
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

fn arithmetic(op: BinaryOp, a: i64, b: i64) -> Result<i64, ErrorKind> {
    let result = match op {
        BinaryOp::Add => a.checked_add(b),
        BinaryOp::Sub => a.checked_sub(b),
        BinaryOp::Mul => a.checked_mul(b),
        BinaryOp::Div if b == 0 => return Err(ErrorKind::DivisionByZero { dividend: a }),
        // Rust's `/` on integers truncates toward zero, the documented rounding.
        BinaryOp::Div => a.checked_div(b),
    };
    result.ok_or_else(|| ErrorKind::Overflow {
        operation: format!("{a} {} {b}", op.symbol()),
    })
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
