//! The walk over an expression tree that builds its exact distribution, generic over the weight type.

use super::OddsError;
use super::blocks::Blocks;
use super::budget::Budget;
use super::chains::{self, Padding};
use super::die::{chain, throw};
use super::dist::Dist;
use super::explode_keep::keep_exploding;
use super::keep::{Face, keep_last};
use super::weight::Weight;
use crate::notation::{
    BinaryOp, CompareOp, ComparePoint, DiceTerm, ExplodeMode, Expr, KeepMode, Sides,
};
use crate::source::Die;

/// One computation: its budget and whether a reroll or explosion cap can be reached.
pub struct Engine {
    /// Work charged so far.
    pub budget: Budget,
    /// Whether some outcome depends on a die reaching its reroll or explosion cap.
    pub capped: bool,
    /// Set when the whole expression is one dice term of one count and size: its sum is the
    /// answer, so the table of its fractions is bounded before the sum is computed, not after.
    pub whole: bool,
}

impl Engine {
    /// The exact distribution of `expr`.
    pub fn eval<W: Weight>(&mut self, expr: &Expr) -> Result<Dist<W>, OddsError> {
        match expr {
            Expr::Number(n) => Ok(Dist::constant(*n)),
            Expr::Neg(inner) => self.eval::<W>(inner)?.negated(),
            Expr::Binary { op, lhs, rhs } => {
                let a = self.eval::<W>(lhs)?;
                let b = self.eval::<W>(rhs)?;
                match op {
                    BinaryOp::Add => a.convolve(&b, &mut self.budget),
                    BinaryOp::Sub => a.convolve(&b.negated()?, &mut self.budget),
                    BinaryOp::Mul => a.combine(&b, &mut self.budget, |x, y| {
                        x.checked_mul(y)
                            .ok_or_else(|| OddsError::OutcomeOverflow(format!("{x} * {y}")))
                    }),
                    BinaryOp::Div => {
                        if b.outcomes().any(|(o, _)| o == 0) {
                            return Err(OddsError::DivisionByZero(rhs.to_string()));
                        }
                        a.combine(&b, &mut self.budget, |x, y| {
                            x.checked_div(y)
                                .ok_or_else(|| OddsError::OutcomeOverflow(format!("{x} / {y}")))
                        })
                    }
                }
            }
            Expr::Compare { op, lhs, rhs } => {
                let a = self.eval::<W>(lhs)?;
                let b = self.eval::<W>(rhs)?;
                let op: CompareOp = *op;
                a.compare(&b, |x, y| op.holds(x, y), &mut self.budget)
            }
            Expr::Dice(term) => self.term(term),
        }
    }

    fn term<W: Weight>(&mut self, term: &DiceTerm) -> Result<Dist<W>, OddsError> {
        // A count or size that is itself rolled is no answer of its own.
        let whole = std::mem::replace(&mut self.whole, false);
        let counts = self.eval::<W>(&term.count)?;
        let dice: Vec<(Die, W)> = match &term.sides {
            Sides::Percent => vec![(Die::Numbered(100), W::one())],
            Sides::Fate => vec![(Die::Fate, W::one())],
            Sides::Number(sides) => {
                self.eval::<W>(sides)?
                    .outcomes()
                    .map(|(s, w)| {
                        let sides = u32::try_from(s).ok().filter(|s| *s >= 1).ok_or(
                            OddsError::Unsupported(format!(
                                "{term} can have {s} sides; sides are 1 to 1000000"
                            )),
                        )?;
                        Ok((Die::Numbered(sides), w.clone()))
                    })
                    .collect::<Result<_, OddsError>>()?
            }
        };
        // A rolled count or size is a mixture of every (count, size) pair: bound the parts' outcomes
        // and the work (their common denominator grows with every distinct total) before building any.
        if counts.outcomes().count() * dice.len() > 1 {
            let mut span: u128 = 0;
            let mut bits: u128 = 0;
            for (n, _) in counts.outcomes() {
                for (die, _) in &dice {
                    let width = (die.highest() - die.lowest()) as u128;
                    span =
                        span.saturating_add(u128::from(n.unsigned_abs()).saturating_mul(width) + 1);
                    let per_die = u128::from(64 - (width as u64 + 1).leading_zeros());
                    bits =
                        bits.saturating_add(u128::from(n.unsigned_abs()).saturating_mul(per_die));
                }
            }
            let limit = self.budget.limits().span;
            if span > limit {
                return Err(OddsError::TooLarge {
                    measure: "outcomes across the parts of a rolled count or size",
                    value: span,
                    limit,
                });
            }
            self.budget.charge_big(span, bits)?;
        }
        let mut parts = Vec::new();
        self.whole = whole && counts.outcomes().count() * dice.len() == 1;
        for (n, wn) in counts.outcomes() {
            let n = u64::try_from(n).map_err(|_| {
                OddsError::Unsupported(format!("{term} can roll {n} dice; counts are 0 or more"))
            })?;
            for (die, wd) in &dice {
                let part = self.fixed_term::<W>(term, n, *die)?;
                parts.push((wn.mul(wd)?, part));
            }
        }
        if parts.len() == 1 {
            return Ok(parts
                .pop()
                .map(|(_, d)| d)
                .unwrap_or_else(|| Dist::constant(0)));
        }
        Dist::mixture(parts, &mut self.budget)
    }

    /// When the answer is the sum of `n` copies of `one` ([`Engine::whole`]): refuses before any
    /// work when the table of its fractions would pass the bound (its outcomes times the digits of
    /// its total, twice, as [`super::Distribution::table_chars`] counts them).
    fn bound_table<W: Weight>(&self, one: &Dist<W>, n: u64) -> Result<(), OddsError> {
        if !self.whole || n < 2 {
            return Ok(());
        }
        let outcomes = (one.weights.len() as u128 - 1) * u128::from(n) + 1;
        if outcomes > self.budget.limits().span {
            // The bound on outcomes refuses it first, by its own measure.
            return Ok(());
        }
        let bits = u128::from(one.total()?.bits()) * u128::from(n);
        let chars = outcomes * 2 * (bits * 30_103 / 100_000 + 1);
        let limit = self.budget.limits().table_chars;
        if chars > limit {
            return Err(OddsError::TooLarge {
                measure: "characters to write every exact fraction",
                value: chars,
                limit,
            });
        }
        Ok(())
    }

    /// `n` dice of one kind with the term's modifiers: rerolls, explosions, keep/drop, success counting.
    fn fixed_term<W: Weight>(
        &mut self,
        term: &DiceTerm,
        n: u64,
        die: Die,
    ) -> Result<Dist<W>, OddsError> {
        let m = &term.modifiers;
        if m.keep.is_none() && m.explode.is_none() && m.success.is_none() {
            // A plain sum spans n times the die: refused by that before a face is built.
            let n = i64::try_from(n).unwrap_or(i64::MAX);
            self.budget.span(
                die.lowest().saturating_mul(n),
                die.highest().saturating_mul(n),
            )?;
        }
        let thrown = throw::<W>(die, m.reroll.as_ref(), &mut self.budget)?;
        self.capped |= thrown.capped;
        let success = m.success;
        let score = move |v: i64| match success {
            Some(point) => i64::from(point.matches(v)),
            None => v,
        };
        let explode_point = |explode: &crate::notation::Explode| {
            explode.point.unwrap_or(ComparePoint {
                op: CompareOp::Eq,
                value: die.highest(),
            })
        };
        // `!`: explosion dice are dice of their own. Without keep/drop, each chain's summed score is
        // independent of the others, so the term is a power of one chain; with keep/drop, the pool
        // holds every explosion die (a die no face of which explodes is kept as a plain one, below).
        if let Some(explode) = m
            .explode
            .as_ref()
            .filter(|e| e.mode == ExplodeMode::Explode)
        {
            let point = explode_point(explode);
            match m.keep {
                None => {
                    let (one_chain, capped) = chain(&thrown, point, score, &mut self.budget)?;
                    self.capped |= capped;
                    let padding = Padding::of(&marked(&thrown.faces, point, score));
                    self.bound_table(&one_chain, n)?;
                    return chains::power(&one_chain, n, padding.as_ref(), &mut self.budget);
                }
                Some(keep) if thrown.faces.iter().any(|(f, _)| point.matches(*f)) => {
                    self.capped = true;
                    return keep_exploding(&thrown, point, score, keep, n, &mut self.budget);
                }
                Some(_) => {}
            }
        }
        // Otherwise each die shows one value: a throw, or a compounded chain of throws.
        let per_die: Vec<(i64, W)> = match m.explode.as_ref() {
            Some(explode) => {
                let (compound, capped) =
                    chain(&thrown, explode_point(explode), |v| v, &mut self.budget)?;
                self.capped |= capped;
                compound.outcomes().map(|(o, w)| (o, w.clone())).collect()
            }
            None => thrown.faces.clone(),
        };
        let Some(keep) = m.keep else {
            let scored = Dist::from_pairs(
                per_die
                    .iter()
                    .map(|(v, w)| (score(*v), w.clone()))
                    .collect(),
                &mut self.budget,
            )?;
            // A compounded die's value is the sum of its throws: a chain, when no success point
            // turns that sum into a count.
            let padding = match (m.explode.as_ref(), success) {
                (Some(explode), None) => {
                    Padding::of(&marked(&thrown.faces, explode_point(explode), |v| v))
                }
                _ => None,
            };
            self.bound_table(&scored, n)?;
            return chains::power(&scored, n, padding.as_ref(), &mut self.budget);
        };
        let k = keep.count.min(n);
        let (ascending, keep_count) = match keep.mode {
            KeepMode::KeepHighest => (true, k),
            KeepMode::DropLowest => (true, n - k),
            KeepMode::KeepLowest => (false, k),
            KeepMode::DropHighest => (false, n - k),
        };
        let mut order: Vec<Face<W>> = per_die
            .into_iter()
            .map(|(v, weight)| Face {
                score: score(v),
                weight,
            })
            .collect();
        if !ascending {
            order.reverse();
        }
        // A compounded sum (no success point) has the blocks' shape when one face explodes.
        let blocks = match (m.explode.as_ref(), success) {
            (Some(explode), None) => {
                let point = explode_point(explode);
                Blocks::of(&thrown.faces, |f| point.matches(f))
            }
            _ => None,
        };
        keep_last(&order, n, keep_count, blocks.as_ref(), &mut self.budget)
    }
}

/// Each face's score and weight, and whether it explodes.
fn marked<W: Weight>(
    faces: &[(i64, W)],
    point: ComparePoint,
    score: impl Fn(i64) -> i64,
) -> Vec<(i64, W, bool)> {
    faces
        .iter()
        .map(|(f, w)| (score(*f), w.clone(), point.matches(*f)))
        .collect()
}
